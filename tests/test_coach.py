"""The coach (``puzzlebot coach``) beside our stand-in pages, played by a
scripted player through the page itself (its own ``press(r, c)``, never
our mouse): every step it advises agrees with the puzzle's only answer, a
wrong move is flagged at once, the game says it is solved, the solve time
is kept, and the coach's window stands beside the game showing the board.
Also the times database and ``puzzlebot stats`` on their own."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from puzzlebot.bot import stats
from puzzlebot.solvers.errors import PuzzlebotError

from .helpers import ROOT
from .test_schemas import check

CLI = [sys.executable, "-m", "puzzlebot.bot.cli"]


def cli(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


# --- the times database ---------------------------------------------------------------------

def test_times_are_kept_and_reported_best_and_recent(tmp_path):
    db = tmp_path / "deep" / "times.sqlite3"
    for s in (95.0, 61.5, 130.25):
        stats.record(db, stats.Solve("tango", "2026-11-20", f"2026-11-20T10:{int(s) % 60:02d}:00", s, "6x6", 30, 1))
    stats.record(db, stats.Solve("queens", "2026-11-21", "2026-11-21T09:00:00", 42.0, "8x8", 12, 0))
    got = stats.load(db, "tango")
    assert sorted(s.seconds for s in got) == [61.5, 95.0, 130.25]
    text = stats.report(stats.load(db))
    assert "tango: 3 solved, best 1:01.5" in text and "median 1:35.0" in text
    assert "queens: 1 solved, best 42.0 s (2026-11-21, 8x8)" in text
    assert sum("best" in line for line in text.splitlines() if line.startswith("  ")) == 2  # one bar per game marked
    r = cli("stats", "tango", "--json", "--times", str(db))
    assert r.returncode == 0 and [d["seconds"] for d in json.loads(r.stdout)] == [s.seconds for s in got]
    check("coach", "times", json.loads(r.stdout))


def test_stats_without_times_and_a_file_that_is_no_database(tmp_path):
    r = cli("stats", "--times", str(tmp_path / "none.sqlite3"))
    assert r.returncode == 0 and "no times kept yet" in r.stdout
    assert not (tmp_path / "none.sqlite3").exists()  # reading never creates the file
    junk = tmp_path / "notes.txt"
    junk.write_bytes(b"my notes, not a database\n" * 100)
    r = cli("stats", "--times", str(junk))
    assert r.returncode == 2 and "not a puzzlebot times database" in r.stderr and "Traceback" not in r.stderr
    with pytest.raises(stats.StatsError):
        stats.record(junk, stats.Solve("tango", "2026-11-20", "2026-11-20T10:00:00", 1.0, "6x6"))
    assert junk.read_bytes() == b"my notes, not a database\n" * 100  # left as it was
    r = cli("stats", "--times", str(tmp_path))
    assert r.returncode == 2 and "not a regular file" in r.stderr
    other = tmp_path / "someone_elses.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE notes (t TEXT)")
    con.commit()
    con.close()
    before = other.read_bytes()
    with pytest.raises(stats.StatsError, match="another program's SQLite database"):
        stats.record(other, stats.Solve("tango", "2026-11-20", "2026-11-20T10:00:00", 1.0, "6x6"))
    assert other.read_bytes() == before  # no table of ours added to it
    blocked = tmp_path / "a_file"
    blocked.write_text("x")
    with pytest.raises(stats.StatsError, match="cannot make a folder"):
        stats.record(blocked / "times.sqlite3", stats.Solve("tango", "2026-11-20", "2026-11-20T10:00:00", 1.0, "6x6"))


def test_the_default_database_lives_in_the_users_data_directory(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    code = "from puzzlebot.bot.stats import default_path; print(default_path())"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip() == str(tmp_path / "data" / "puzzlebot" / "times.sqlite3")


# --- the coach's loop on a recorded screen ---------------------------------------------------

class RecordedScreen:
    """Captures played back in order (the last one repeats), on a clock
    that moves only when the coach sleeps."""

    def __init__(self, frames):
        self.frames, self.i, self.now = list(frames), 0, 0.0
        from puzzlebot.calibration.mapping import Region

        h, w = self.frames[0].shape[:2]
        self.bounds = Region(0, 0, w, h)

    def grab(self, region):
        img = self.frames[min(self.i, len(self.frames) - 1)]
        self.i += 1
        return img.copy()

    def sleep(self, s):
        self.now += max(s, 0.12)


def test_the_coach_advises_settled_sure_boards_only_and_times_the_solve():
    """A board advised on once two captures agree; a move half drawn (one
    capture) is not; a covered board gets no advice and is said once,
    after a second; the time runs from the first changed capture to the
    first solved one."""
    import copy
    import random

    from puzzlebot.bot import games
    from puzzlebot.bot.coach import Coach
    from puzzlebot.bot.loop import Target
    from puzzlebot.sim.tango.render import draw_page
    from puzzlebot.solvers.tango.generate import generate_one

    g = generate_one(6, random.Random(5))
    start = g.puzzle
    empty = [(r, c) for r in range(6) for c in range(6) if not start.locked[r][c]]
    one = copy.deepcopy(start)
    r0, c0 = empty[0]
    one.cells[r0][c0] = g.solution[r0][c0]
    done = copy.deepcopy(start)
    for r, c in empty:
        done.cells[r][c] = g.solution[r][c]
    half = copy.deepcopy(one)
    r1, c1 = empty[1]
    half.cells[r1][c1] = 3 - g.solution[r1][c1]  # a wrong piece, shown for one capture only
    page = {name: draw_page(b).image for name, b in (("start", start), ("one", one), ("half", half), ("done", done))}
    covered = page["one"].copy()
    covered[300:720, 500:1280] = (40, 40, 40)  # a window over the board's lower right
    frames = [page["start"]] * 3 + [page["one"]] * 3 + [page["half"]] + [page["one"]] * 2 + [covered] * 12 + \
        [page["done"]] * 3
    screen = RecordedScreen(frames)
    said = []
    coach = Coach(games.get("tango"), screen, Target(screen.bounds), 3, said.append, clock=lambda: screen.now,
                  sleep=screen.sleep)
    result = coach.watch(timeout=60)
    assert [s.advice.solved for s in result.steps] == [False, False, True]
    assert not any(s.advice.wrong for s in result.steps)  # the half-drawn wrong piece was never advised on
    assert result.steps[1].state[r0][c0] == g.solution[r0][c0]
    told = [m for m in said if m.startswith(("not sure", "no LinkedIn Tango board"))]
    assert len(told) == 1, said
    assert result.seconds == pytest.approx((len(frames) - 3 - 3) * 0.12, abs=1e-6)


def test_a_board_one_move_from_solved_that_gives_way_to_an_end_screen_counts_as_solved():
    """LinkedIn's games replace the board by a screen of their own at the
    last move: the coach takes that as the solve (and says so); a board
    covered or cut, or gone while more moves were left, is not."""
    import copy
    import random

    from puzzlebot.bot import games
    from puzzlebot.bot.coach import Coach, NotSolved
    from puzzlebot.bot.loop import Target
    from puzzlebot.sim.tango.render import draw_page
    from puzzlebot.solvers.tango.generate import generate_one

    g = generate_one(6, random.Random(6))
    empty = [(r, c) for r in range(6) for c in range(6) if not g.puzzle.locked[r][c]]
    last = copy.deepcopy(g.puzzle)
    for r, c in empty[1:]:
        last.cells[r][c] = g.solution[r][c]
    start, end_screen = draw_page(g.puzzle).image, draw_page(g.puzzle).image
    end_screen[60:, :] = (245, 243, 242)  # "You win!": no board at all
    for frames, solved in (([start] * 3 + [draw_page(last).image] * 3 + [end_screen] * 12, True),
                           ([start] * 3 + [end_screen] * 12, False)):
        screen = RecordedScreen(frames)
        said = []
        coach = Coach(games.get("tango"), screen, Target(screen.bounds), 2, said.append, clock=lambda: screen.now,
                      sleep=screen.sleep)
        if solved:
            result = coach.watch(timeout=60)
            assert result.solved and result.ended_by_screen and any("end screen" in m for m in said), said
            assert result.seconds == pytest.approx(3 * 0.12, abs=1e-6)  # from the first change to the board's going
        else:
            with pytest.raises(NotSolved):
                coach.watch(timeout=3)


# --- coaching a person on our stand-in pages -------------------------------------------------

def _coach_window():
    """(x, y, w, h) of the top-level window titled "puzzlebot coach", or None."""
    from Xlib import display as xdisplay
    from Xlib.error import XError

    d = xdisplay.Display()
    try:
        root = d.screen().root
        todo = list(root.query_tree().children)
        while todo:
            w = todo.pop()
            try:
                name = w.get_wm_name()
                attrs = w.get_attributes()
            except XError:  # a window gone while we looked
                continue
            if name == "puzzlebot coach" and attrs.map_state:
                g = w.get_geometry()
                at = w.translate_coords(root, 0, 0)
                return -at.x, -at.y, g.width, g.height
            todo.extend(w.query_tree().children)
    finally:
        d.close()
    return None


def _shows_board(window: tuple, board_img: np.ndarray) -> float:
    """How well the coach's window shows the game's board: the best
    normalised correlation of the board, scaled down to the window's
    picture, over a capture of the window."""
    import cv2

    from puzzlebot.bot.capture import Screen
    from puzzlebot.bot.coach_window import PICTURE
    from puzzlebot.calibration.mapping import Region

    screen = Screen()
    try:
        shot = screen.grab(Region(*window))
    finally:
        screen.close()
    h, w = board_img.shape[:2]
    shot = cv2.GaussianBlur(shot, (5, 5), 1.5)  # thin grid lines, resampled twice, would not line up pixel for pixel
    best = 0.0
    for scale in np.linspace(PICTURE / max(h, w) * 0.8, PICTURE / max(h, w), 9):  # the picture holds a margin too
        t = cv2.GaussianBlur(cv2.resize(board_img, (int(w * scale), int(h * scale)), interpolation=cv2.INTER_AREA),
                             (5, 5), 1.5)
        if t.shape[0] < shot.shape[0] and t.shape[1] < shot.shape[1]:
            best = max(best, float(cv2.matchTemplate(shot, t, cv2.TM_CCOEFF_NORMED).max()))
    return best


class Scripted:
    """A person playing one of our pages through its own JavaScript (the
    page's handlers, never our mouse): ``do`` what an advice's answer says,
    make one ``wrong`` move (None when this answer offers none), ``undo`` it."""

    def __init__(self, dt, puzzle: dict):
        self.dt, self.puzzle = dt, puzzle

    def js(self, expression: str):
        return json.loads(self.dt.evaluate(f"JSON.stringify({expression})"))

    def right(self, r: int, c: int, label: str) -> bool:
        """Whether the answer agrees with the puzzle's only solution (solved
        here by the solver and checked by the rules checker)."""
        raise NotImplementedError


class Cycle(Scripted):
    """Tango and Queens: a press moves a cell on around its cycle."""
    values: dict[str, int] = {}
    other: dict[str, str] = {}

    def put(self, r, c, v):
        for _ in range(3):
            if self.js(f"cells[{r}][{c}]") == v:
                return
            self.dt.evaluate(f"press({r}, {c})")
        assert self.js(f"cells[{r}][{c}]") == v

    def do(self, r, c, label):
        self.put(r, c, self.values[label])

    def wrong(self, r, c, label):
        self.put(r, c, self.values[self.other[label]])
        return (r, c)

    def undo(self, cell):
        self.put(*cell, 0)


class TangoPlayer(Cycle):
    values, other = {"S": 1, "M": 2}, {"S": "M", "M": "S"}

    def right(self, r, c, label):
        from puzzlebot.solvers.tango.board import parse_tango
        from puzzlebot.solvers.tango.rules import violations
        from puzzlebot.solvers.tango.solve import solve

        if not hasattr(self, "truth"):
            board = parse_tango(json.dumps({"game": "tango", "rows": self.puzzle["rows"],
                                            "edges": self.puzzle["edges"]}))
            ans = solve(board)
            assert ans.solutions == 1 and not violations(ans.solution)
            self.truth = ans.solution.cells
        return self.truth[r][c] == self.values[label]


class QueensPlayer(Cycle):
    values, other = {"Q": 2, "x": 1}, {"Q": "x", "x": "Q"}

    def right(self, r, c, label):
        from puzzlebot.solvers.queens import parse_queens, solve, violations

        if not hasattr(self, "truth"):
            p = parse_queens("\n".join("".join(row) for row in self.puzzle["regions"]))
            ans = solve(p)
            assert ans.count == 1 and not violations(p, ans.solution)
            self.truth = set(ans.solution)
        return ((r, c) in self.truth) == (label == "Q")


class SudokuPlayer(Scripted):
    def do(self, r, c, label):
        self.dt.evaluate(f"select({r}, {c}); enter({int(label)})")

    def wrong(self, r, c, label):
        n = len(self.puzzle["givens"])
        self.dt.evaluate(f"select({r}, {c}); enter({int(label) % n + 1})")
        return (r, c)

    def undo(self, cell):
        self.dt.evaluate(f"select({cell[0]}, {cell[1]}); enter(0)")

    def right(self, r, c, label):
        from puzzlebot.solvers.sudoku import parse_sudoku, solve, violations

        if not hasattr(self, "truth"):
            p = parse_sudoku(json.dumps({k: self.puzzle[k] for k in ("game", "size", "givens")}))
            ans = solve(p, limit=2)
            assert ans.count == 1 and not violations(p, ans.grid)
            self.truth = ans.grid
        return self.truth[r][c] == int(label)


class ZipPlayer(Scripted):
    def begin(self) -> None:
        """A path starts with a press on 1 (what the page's handler does then)."""
        if not self.js("path.length"):
            self.dt.evaluate("(() => { const k = +Object.keys(numbers).find(k => numbers[k] === 1); "
                             "path = [[Math.floor(k / 1000), k % 1000]]; draw(); log('start', {cell: path[0]}); })()")

    def do(self, r, c, label):
        self.begin()
        assert self.js(f"step([{r}, {c}])"), f"the page refused r{r + 1}c{c + 1}"

    def wrong(self, r, c, label):
        self.begin()
        hr, hc = self.js("path[path.length - 1]")
        for a, b in ((hr - 1, hc), (hr + 1, hc), (hr, hc - 1), (hr, hc + 1)):
            if (a, b) != (r, c) and 0 <= a and 0 <= b and self.js(f"step([{a}, {b}])"):
                return (a, b)
        return None

    def undo(self, cell):
        self.dt.evaluate("back()")

    def right(self, r, c, label):
        from puzzlebot.solvers.zip.board import parse_zip, path_violations
        from puzzlebot.solvers.zip.solve import solve

        if not hasattr(self, "truth"):
            p = parse_zip(json.dumps({k: v for k, v in self.puzzle.items() if k != "path"}))
            ans = solve(p, limit=2)
            assert ans.count == 1 and not path_violations(p, ans.path)
            self.truth = ans.path
        drawn = self.js("path") or [list(self.truth[0])]
        return [list(x) for x in self.truth[:len(drawn) + 1]] == drawn + [[r, c]]


class PatchesPlayer(Scripted):
    def do(self, r, c, label):
        h, w = (int(v) for v in label.split("x"))
        self.dt.evaluate(f"place([{r}, {c}, {h}, {w}])")

    def wrong(self, r, c, label):
        if label == "1x1":
            return None
        self.dt.evaluate(f"place([{r}, {c}, 1, 1])")  # a one-cell patch where a bigger one goes
        return (r, c)

    def undo(self, cell):
        self.dt.evaluate(f"place([{cell[0]}, {cell[1]}, 1, 1])")  # the same tap again takes it away

    def right(self, r, c, label):
        from puzzlebot.solvers.patches import parse_patches, solve, violations

        if not hasattr(self, "truth"):
            p = parse_patches(json.dumps({k: v for k, v in self.puzzle.items() if k != "rects"}))
            ans = solve(p)
            assert ans.count == 1 and not violations(p, ans.rects)
            self.truth = set(ans.rects)
        h, w = (int(v) for v in label.split("x"))
        return (r, c, h, w) in self.truth


PLAYERS = {"tango": TangoPlayer, "queens": QueensPlayer, "sudoku": SudokuPlayer, "zip": ZipPlayer,
           "patches": PatchesPlayer}


@pytest.mark.display
@pytest.mark.browser
@pytest.mark.parametrize("game, extra", [(g, ()) for g in sorted(PLAYERS)] + [("tango", ("--win-screen",))])
def test_the_coach_advises_a_scripted_player_to_the_end(game, extra, xvfb, tmp_path):
    """The player makes one wrong move (instead of what the coach says)
    and takes it back when the coach points it out, then follows the
    coach's every answer to the end (with --win-screen the board gives way
    to a win screen at the last move, as LinkedIn's do)."""
    from puzzlebot.bot import games
    from puzzlebot.bot.capture import Screen
    from puzzlebot.calibration.mapping import Region
    from puzzlebot.sim import launch
    from puzzlebot.sim.browser import Browser

    from .web_games import need_chromium

    need_chromium()
    kind = PLAYERS[game]
    stand_in = games.get(game).stand_in  # the page and its window as the demo opens them
    region = stand_in.box
    ev = tmp_path / "events.jsonl"
    port = launch.free_port()
    page = launch.start_page(stand_in.module, ev, port, *stand_in.page_args, "--seed", "11", *extra)
    browser = coach = None
    try:
        time.sleep(0.5)
        browser = Browser(f"http://127.0.0.1:{port}/", *region, debug_port=launch.free_port())
        dt = browser.devtools()
        launch.wait_for(ev, "ready", 90, page)
        time.sleep(1.0)
        player = kind(dt, json.loads(dt.evaluate("JSON.stringify(puzzle)")))
        db = tmp_path / "times.sqlite3"
        coach = subprocess.Popen([*CLI, "coach", game, "--region", ",".join(map(str, region)), "--level", "3",
                                  "--json", "--times", str(db), "--timeout", "150"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        errors: list[str] = []
        threading.Thread(target=lambda: errors.extend(coach.stderr), daemon=True).start()
        advice, made, first_move, window, end = [], None, None, None, None
        for line in coach.stdout:
            d = json.loads(line)
            check("coach", d["event"], d)
            if d["event"] != "advice":
                end = d
                break
            advice.append(d)
            if d["solved"]:
                continue
            if window is None:  # the first advice: the window is up beside the game, showing the board
                time.sleep(0.5)
                window = _coach_window()
                assert window is not None, "no window titled 'puzzlebot coach' on the screen"
                assert Region(*window).clip(Region(*region)) is None, (window, region)
                screen = Screen()
                try:
                    img = screen.grab(Region(*region))
                finally:
                    screen.close()
                x0, y0, x1, y1 = (int(v) for v in games.get(game).reader.read_board(img).lattice.bbox)
                shown = _shows_board(window, img[y0:y1, x0:x1])
                assert shown > 0.75, f"the coach's window does not show the board (match {shown:.2f})"
            if d["wrong"]:
                assert made not in (None, "undone"), f"a wrong move flagged that was not made: {d}"
                assert list(made) in d["cells"], (made, d)
                player.undo(made)
                made = "undone"
                continue
            assert len(d["answer"]) == 1, d
            r, c, label = d["answer"][0]
            assert player.right(r, c, label), f"the coach's step disagrees with the only answer: {d['text']}"
            if made is None:
                first_move = first_move or time.monotonic()
                made = player.wrong(r, c, label)
                if made is not None:
                    continue
            first_move = first_move or time.monotonic()
            player.do(r, c, label)
        coach.wait(timeout=30)
        assert coach.returncode == 0, "".join(errors)
        assert '"solved"' in ev.read_text(), f"the game did not say it is solved; the coach said:\n{''.join(errors)}"
        assert end is not None and end["end_screen"] == bool(extra), end
        assert advice[-1]["solved"] != bool(extra) and sum(a["wrong"] for a in advice) == 1, [a["text"] for a in advice]
        # flagged at once: the board after the wrong move is the next one advised on
        flagged = next(i for i, a in enumerate(advice) if a["wrong"])
        assert not any(a["wrong"] for a in advice[flagged + 1:]) and advice[flagged - 1]["answer"], advice[:flagged]
        # the coach never clicked: the game saw no click but the player's own
        events = [json.loads(x) for x in ev.read_text().splitlines()]
        assert not [e for e in events if e["event"] in ("click-outside", "pointer")], events[-3:]
        # the time kept: from the first move to the solved board, within the test's own clock
        kept = json.loads(cli("stats", game, "--json", "--times", str(db)).stdout)
        check("coach", "times", kept)
        assert len(kept) == 1 and kept[0]["wrong"] == 1 and kept[0]["game"] == game
        wall = time.monotonic() - first_move
        assert 0 < kept[0]["seconds"] <= wall + 0.5, (kept, wall)
    finally:
        if coach is not None and coach.poll() is None:
            coach.kill()
        if browser is not None:
            browser.close()
        launch.stop(page)


def test_every_game_the_bot_plays_can_be_coached():
    from puzzlebot.bot import games

    assert [g.name for g in games.able("coach")] == [g.name for g in games.able("run")]
    r = cli("coach", "--help")
    assert r.returncode == 0 and "never touches the mouse" in r.stdout


# --- advice on every labelled screenshot of every game ---------------------------------------

def _screens(game: str) -> list:
    from .helpers import EXAMPLES

    return sorted(p for p in (ROOT / "fixtures" / game).glob("*") if p.suffix in (".png", ".jpg")) + \
        sorted(p for p in EXAMPLES.glob(f"{game}*.png"))


@pytest.mark.parametrize("game", ["lights", "tango", "queens", "zip", "sudoku", "patches"])
def test_advice_agrees_with_the_answer_the_bot_plays_on_every_labelled_board(game):
    """On each screenshot read as sure: a solved board is said solved, a
    board with a wrong move (the fixtures named so) gets that move pointed
    out on cells the answer changes, and a next step names a cell the
    answer changes, to the value the answer gives it (the plan's boards,
    which the run tests play to a solve the games confirm)."""
    from puzzlebot.bot import games
    from puzzlebot.bot.coach import Coach
    from puzzlebot.vision.image_io import load_image

    g = games.get(game)
    coach = Coach(g, None, None)
    values = {label: v for v, label in g.player.labels.items()}
    seen = 0
    for path in _screens(game):
        try:
            reading = g.reader.read_board(load_image(path))
        except PuzzlebotError:  # a negative, or a board left unread on purpose: not this test's matter
            continue
        if not reading.sure:
            continue
        seen += 1
        advice = coach.advise(reading)
        state = reading.state
        try:
            plan = g.player.plan(reading)
        except PuzzlebotError as e:  # no single answer: a wrong move pointed out, or the reason; never a step
            assert not advice.answer and not advice.solved, f"{path.name}: no plan ({e}) but {advice.level(3)!r}"
            continue
        final = plan[-1].after if plan else state
        name = path.stem
        if "_solved" in name:
            assert advice.solved and not plan, f"{path.name}: {advice.level(3)}"
        elif "_wrong" in name:
            assert advice.wrong, f"{path.name}: no wrong move pointed out: {advice.level(3)}"
        elif "_start" in name or "_none" in name:
            assert not advice.wrong and not advice.solved, f"{path.name}: {advice.level(3)}"
        assert advice.solved == (not plan), f"{path.name}: {advice.level(3)} with {len(plan)} moves left"
        if advice.wrong:
            assert any(final[c] != state[c] for c in advice.cells), f"{path.name}: {advice.level(3)}"
        elif not advice.solved:
            assert advice.levels[0] and advice.levels[1] and advice.levels[2]
            for cell, label in advice.answer.items():
                if label == "x":  # Queens: no queen here
                    assert final[cell] != values["Q"], f"{path.name}: {advice.level(3)}"
                    continue
                assert final[cell] != state[cell], f"{path.name}: {advice.level(3)} but the answer keeps {cell}"
                if label in values:
                    assert final[cell] == values[label], f"{path.name}: {advice.level(3)}"
    assert seen >= 3, f"only {seen} {game} screenshots read as sure"


def test_the_coach_window_goes_beside_the_game_and_never_over_it():
    from puzzlebot.bot.coach_window import GAP, HEIGHT, WIDTH, spot_beside
    from puzzlebot.calibration.mapping import Region

    screen = Region(0, 0, 1280, 800)
    game = Region(100, 50, 600, 600)
    assert spot_beside([game], screen) == (700 + GAP, 50)  # to its right
    wide = Region(380, 20, 640, 700)
    assert spot_beside([wide], screen) == (380 - GAP - WIDTH, 20)  # no room right: to its left
    board = Region(450, 100, 400, 400)
    full = Region(0, 0, 1280, 800)  # the game's window fills the screen: beside its board, inside the window
    x, y = spot_beside([full, board], screen)
    assert Region(x, y, WIDTH, HEIGHT).clip(board) is None and Region(x, y, WIDTH, HEIGHT).clip(screen) == \
        Region(x, y, WIDTH, HEIGHT)
    huge = Region(0, 0, 1280, 800)
    assert spot_beside([huge, huge], screen) is None  # no room anywhere: no window (the advice stays in the terminal)
