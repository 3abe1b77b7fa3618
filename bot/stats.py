"""Solve times kept by the coach: one row per puzzle a person solved while
``puzzlebot coach`` watched, in a local SQLite database (the user's data
directory, by platformdirs), and what ``puzzlebot stats`` prints of them:
best and recent times per game and a small chart in the terminal.

Each write is its own transaction, so a coach stopped half-way leaves the
database whole; a file that is not such a database is refused, never
overwritten.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import statistics
from dataclasses import dataclass
from pathlib import Path

from puzzlebot.solvers.errors import InputError

FILE_NAME = "times.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS solves (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,         -- the registry's name: tango, queens, ...
    day TEXT NOT NULL,          -- the local date the puzzle was solved, YYYY-MM-DD
    finished TEXT NOT NULL,     -- local time of the solved board, ISO 8601
    seconds REAL NOT NULL,      -- from the first change seen to the solved board
    size TEXT NOT NULL,         -- "6x6"
    moves INTEGER NOT NULL,     -- board changes seen
    wrong INTEGER NOT NULL      -- wrong moves pointed out
)"""
# The terminal chart's longest bar, in characters.
BAR_WIDTH = 40


class StatsError(InputError):
    """A times database that cannot be read or written."""


@dataclass(frozen=True)
class Solve:
    game: str
    day: str
    finished: str
    seconds: float
    size: str
    moves: int = 0
    wrong: int = 0


def default_path() -> Path:
    """Where the times live: the user's data directory for puzzlebot."""
    import platformdirs

    return Path(platformdirs.user_data_dir("puzzlebot", appauthor=False)) / FILE_NAME


def _connect(path: Path, create: bool) -> sqlite3.Connection | None:
    """The database, its table made where it is new; None when there is
    none and ``create`` is not asked.  A file that is not ours (not SQLite,
    or another program's tables) is refused and left as it is."""
    fresh = not path.exists()
    if fresh and path.is_symlink():
        raise StatsError(f"{path} is a symbolic link to nothing (or to itself): no times kept there")
    if fresh:
        if not create:
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StatsError(f"cannot make a folder for the times at {path.parent}: {e.strerror}") from None
    elif not path.is_file():
        raise StatsError(f"{path} is not a regular file: no times kept there")
    try:
        con = sqlite3.connect(path)
        tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "solves" not in tables:
            con.close()
            raise StatsError(f"{path} is another program's SQLite database (tables {', '.join(sorted(tables)[:3])}),"
                             " not puzzlebot's times; it is left as it is")
        con.execute(SCHEMA)
        con.commit()
    except sqlite3.DatabaseError as e:
        raise StatsError(f"{path} is not a puzzlebot times database ({e}); it is left as it is") from None
    return con


def ready(path: Path) -> None:
    """Make sure times can be kept at ``path`` (made if new), before a
    coach watches for minutes: a file that is not ours is refused now."""
    _connect(path, create=True).close()


def record(path: Path, solve: Solve) -> None:
    con = _connect(path, create=True)
    try:
        with con:
            con.execute("INSERT INTO solves (game, day, finished, seconds, size, moves, wrong) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (solve.game, solve.day, solve.finished, solve.seconds, solve.size, solve.moves, solve.wrong))
    except sqlite3.DatabaseError as e:
        raise StatsError(f"cannot keep the time in {path}: {e}") from None
    finally:
        con.close()


def now_solve(game: str, seconds: float, size: str, moves: int, wrong: int) -> Solve:
    t = dt.datetime.now().astimezone()
    return Solve(game, t.date().isoformat(), t.isoformat(timespec="seconds"), round(seconds, 3), size, moves, wrong)


def load(path: Path, game: str | None = None) -> list[Solve]:
    """Every solve kept (of ``game``), oldest first; none when there is no database yet."""
    con = _connect(path, create=False)
    if con is None:
        return []
    try:
        rows = con.execute("SELECT game, day, finished, seconds, size, moves, wrong FROM solves "
                           + ("WHERE game = ? " if game else "") + "ORDER BY finished, id",
                           (game,) if game else ()).fetchall()
    except sqlite3.DatabaseError as e:
        raise StatsError(f"cannot read the times in {path}: {e}") from None
    finally:
        con.close()
    return [Solve(*row) for row in rows]


def fmt_seconds(s: float) -> str:
    m, sec = divmod(s, 60)
    return f"{int(m)}:{sec:04.1f}" if m else f"{sec:.1f} s"


def report(solves: list[Solve], recent: int = 7) -> str:
    """Per game: how many solves, the best (and its day), the median, and
    the last ``recent`` as bars (the best one marked)."""
    if not solves:
        return "no times kept yet: 'puzzlebot coach GAME' keeps one for each puzzle solved while it watches"
    out = []
    for game in sorted({s.game for s in solves}):
        mine = [s for s in solves if s.game == game]
        best = min(mine, key=lambda s: s.seconds)
        median = statistics.median(s.seconds for s in mine)
        out.append(f"{game}: {len(mine)} solved, best {fmt_seconds(best.seconds)} ({best.day}, {best.size}), "
                   f"median {fmt_seconds(median)}")
        last = mine[-recent:]
        longest = max(s.seconds for s in last) or 1.0
        for s in last:
            bar = "#" * max(1, round(BAR_WIDTH * s.seconds / longest))
            mark = "  best" if s is best else ""
            out.append(f"  {s.day} {s.size:>5} {fmt_seconds(s.seconds):>8} {bar}{mark}")
    return "\n".join(out)
