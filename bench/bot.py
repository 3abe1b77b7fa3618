"""Benchmark: the bot end to end on the virtual screen.

Run:  .venv/bin/python -m bench.bot        (starts Xvfb if there is no DISPLAY)

For Tango 6x6 (the page in Chromium) and Enlight 10x10 (the Tk window): the
median wall time from start to the verified last action over several
puzzles, split into capture, read, solve, act (clicks, drags, keys) and
verify, at the default click interval (none).  Tango runs twice: as the bot plays
(actions in batches once the page is seen to redraw at once) and, as the
baseline in the same run, one click at a time, each checked before the next
(loop.BATCH = 1).  Then our Queens, Zip, Mini Sudoku and Patches pages as
the demo opens them (a new seed each run), solved when the page's own log
says so.  Each run is calibrated first (as after 'puzzlebot calibrate'), so
the board is read at its known place.

Then games that other people wrote, with the bot's default options (no
calibration, the default click interval, settle times learned as it goes):
GNOME Lights Off 5x5 (Debian's lightsoff; finished when its title moves to
the next puzzle), the berson 3x3 web game from ../shared/games (finished
when the page's puzzleSolved() says so), and the Queens (checker-dark 8x8),
Tango (emoji 6x6), Mini Sudoku (minisudoku6; once more with typed keys
stopped before the game sees them, so that the bot learns to play by the
game's number pad) and Zip (canvas-dots 6x6) web games there, in a 900x790
window played as ``run GAME --region`` (each
finished when the page's own state says so); last, our Lights Out page of
lit cells only (tests/pages/open_lights, boards 5x5 to 7x7), whose extent
the bot finds by pressing cells before it plays.  "waiting" is the time from an
action's (or a batch's) last event until the board showed its prediction
and was still (captures and reads included); "of act: drawing" is the part
of acting spent looking at a cell until the game drew an event's effect
there (a cell's selection before its key, a drag's trail in each cell it
enters): the two together are the time spent waiting for the game.  Rows
whose game is not installed are left out, with the reason.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from puzzlebot.bot.options import CLICK_INTERVAL

from ._util import fmt_time, print_table, progress


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--interval", type=float, default=CLICK_INTERVAL,
                    help="pause after each click, s (default: the bot's, %(default)g)")
    ap.add_argument("--only", metavar="TEXT", default="",
                    help="only the rows whose game's name holds TEXT (e.g. sudoku, zip, ours, GNOME)")
    args = ap.parse_args(argv)
    from puzzlebot.sim import launch

    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb()
    try:
        with tempfile.TemporaryDirectory(prefix="puzzlebot-bench-", ignore_cleanup_errors=True) as tmp:
            rows = run_all(args.runs, args.interval, Path(tmp), args.only)
    finally:
        if xvfb is not None:
            launch.stop(xvfb)
    print_table(f"Bot, start to verified last action (median of {args.runs} puzzles; our stand-ins calibrated at "
                f"{args.interval * 1000:.0f} ms click interval, third-party games with default options)",
                ["game", "total", "capture", "read", "solve", "act", "of act: drawing", "verify", "waiting",
                 "presses", "read+solve share"], rows)


def run_all(runs: int, interval: float, tmp: Path, only: str = "") -> list[list[str]]:
    from puzzlebot.bot import games
    from puzzlebot.bot.actuate import Mouse
    from puzzlebot.bot.capture import Screen
    from puzzlebot.bot.loop import Runner, Target
    from puzzlebot.calibration.mapping import Region
    from puzzlebot.calibration.windows import find_window
    from puzzlebot.sim import launch
    from puzzlebot.sim.browser import Browser

    from puzzlebot.bot import loop

    screen, mouse = Screen(), Mouse(interval)
    out = []
    batch = loop.BATCH
    for game_name, label, loop.BATCH in (("tango", "tango 6x6 (ours)", batch),
                                         ("tango", "tango 6x6 (ours), one click at a time", 1),
                                         ("enlight", "enlight 10x10 (ours)", batch)):
        if not _wanted(only, label):
            continue
        results = []
        for k in range(runs):
            procs, browser = [], None
            try:
                ev = tmp / f"{game_name}{k}.jsonl"
                game = games.get(game_name)
                if game_name == "tango":
                    port = launch.free_port()
                    procs.append(launch.start_tango_server(ev, port, "--seed", str(20 + k)))
                    time.sleep(0.5)
                    browser = Browser(f"http://127.0.0.1:{port}/", 300, 20, 820, 760)
                    launch.wait_for(ev, "ready", 90)
                    time.sleep(1.0)
                    target = Target(Region(300, 20, 820, 760))
                else:
                    procs.append(launch.start_enlight(ev, "--level", str(k + 1), "--position", "400,120"))
                    launch.wait_for(ev, "start")
                    time.sleep(0.4)
                    w = find_window("Device Emulator - Enlight")
                    target = Target(w.region, w)
                lattice = game.reader.read(screen.grab(target.region)).lattice  # calibration
                res = Runner(game, screen, mouse, target, 1.0, lattice).run()
                launch.wait_for(ev, "solved", 5)
                results.append(res.timings)
                progress(f"{label} run {k + 1}: {res.timings.total:.2f} s")
            finally:
                if browser is not None:
                    browser.close()
                launch.stop(*procs)
        out.append(_row(label, results))
    loop.BATCH = batch
    for game in games.able("demo"):  # the other stand-ins, each as the demo opens it
        if {"tango", "enlight"} & set(game.names) or not _wanted(only, game.title + " (ours)", *game.names):
            continue
        results = []
        for k in range(runs):
            stand = game.stand_in.open(tmp, SimpleNamespace(seed=20 + k, dark=False))
            try:
                target = Target(stand.region)
                time.sleep(0.5)
                lattice = game.reader.read(screen.grab(target.region)).lattice  # calibration
                res = Runner(game, screen, mouse, target, 1.0, lattice).run()
                if not stand.solved(5):
                    raise RuntimeError(f"{stand.label}: the bot finished but the page does not say solved")
                results.append(res.timings)
                progress(f"{stand.label}: {res.timings.total:.2f} s")
            finally:
                stand.close()
        out.append(_row(f"{stand.label.split(' (')[0].lower()} (ours)", results))
    for name, play in (("GNOME Lights Off 5x5", _lightsoff), ("berson web 3x3", _berson),
                       ("Queens checker-dark 8x8", _checker_dark), ("Tango emoji 6x6", _emoji),
                       ("Mini Sudoku minisudoku6", _minisudoku6),
                       ("Mini Sudoku minisudoku6, keys ignored: by its pad", _minisudoku6_pad),
                       ("Zip canvas-dots 6x6", _canvas_dots),
                       ("Lights Out lit cells only 5-7 (ours)", _open_lights)):
        if not _wanted(only, name):
            continue
        try:
            results = play(runs, screen, tmp)
        except _Absent as e:
            progress(f"{name}: left out: {e}")
            continue
        out.append(_row(name, results))
    return out


def _wanted(only: str, *names: str) -> bool:
    """Whether a row named ``names`` is asked for by ``--only``."""
    return any(only.lower() in n.lower() for n in names)


class _Absent(Exception):
    """A third-party game is not installed here."""


def _row(name: str, results: list) -> list[str]:
    med = lambda f: statistics.median(f(t) for t in results)  # noqa: E731
    share = med(lambda t: (t.read + t.solve) / t.total)
    return [name, fmt_time(med(lambda t: t.total)), fmt_time(med(lambda t: t.capture)), fmt_time(med(lambda t: t.read)),
            fmt_time(med(lambda t: t.solve)), fmt_time(med(lambda t: t.click)), fmt_time(med(lambda t: t.drawing)),
            fmt_time(med(lambda t: t.verify)),
            fmt_time(med(lambda t: t.waiting)), f"{med(lambda t: t.clicks):.0f}", f"{share:.0%}"]


def _default_run(game_name: str, screen, title: str | None = None, region: tuple[int, int, int, int] | None = None):
    """One run as ``puzzlebot run GAME --window TITLE`` (or ``--region
    X,Y,W,H``) with default options."""
    from puzzlebot.bot import games
    from puzzlebot.bot.actuate import Mouse
    from puzzlebot.bot.loop import Runner, Target
    from puzzlebot.calibration.mapping import Region
    from puzzlebot.calibration.windows import find_window

    if title is not None:
        w = find_window(title)
        target = Target(w.region.clip(screen.bounds), w)
    else:
        target = Target(Region(*region))
    return Runner(games.get(game_name), screen, Mouse(), target, 1.0, say=progress).run()


def _lightsoff(runs: int, screen, tmp: Path) -> list:
    import re
    import shutil
    import signal
    import subprocess

    exe = shutil.which("lightsoff") or shutil.which("/usr/games/lightsoff")
    if exe is None:
        raise _Absent("GNOME Lights Off is not installed (apt-get install lightsoff)")
    env = dict(os.environ, GTK_THEME="Adwaita", HOME=str(tmp), GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1")
    cmd = (["dbus-run-session", "--"] if shutil.which("dbus-run-session") else []) + [exe]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)

    def title() -> str | None:
        from puzzlebot.calibration.windows import all_windows

        return next((w.title for w in all_windows() if re.fullmatch(r"Puzzle \d+", w.title)), None)

    results = []
    try:
        end = time.monotonic() + 30
        while title() is None:
            if time.monotonic() > end:
                raise RuntimeError("GNOME Lights Off did not open its window within 30 s")
            time.sleep(0.2)
        for k in range(runs):
            time.sleep(1.0)  # the board animates in
            now = title()
            res = _default_run("enlight", screen, now)
            n = int(now.split()[1])
            end = time.monotonic() + 15
            while title() != f"Puzzle {n + 1}":
                if time.monotonic() > end:
                    raise RuntimeError(f"GNOME Lights Off did not move on from puzzle {n}")
                time.sleep(0.05)
            results.append(res.timings)
            progress(f"GNOME Lights Off puzzle {n}: {res.timings.total:.2f} s")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    return results


def _berson(runs: int, screen, tmp: Path) -> list:
    page = _WebGame("lights", "berson", w=700, h=700)
    dt = page.dt
    results = []
    try:
        dt.wait_for("typeof board !== 'undefined' && document.body.classList.contains('visible')", timeout=60)
        time.sleep(2.5)  # the page fades in over 2 s
        for k in range(runs):
            time.sleep(0.8)
            res = _default_run("enlight", screen, "Lights Out")
            if dt.evaluate("JSON.stringify(puzzleSolved())") != "true":
                raise RuntimeError("the berson game is not solved after the bot's run")
            results.append(res.timings)
            progress(f"berson board {k + 1}: {res.timings.total:.2f} s")
            # the end screen, then a click on the board (page-level mousedown) starts the next one
            dt.wait_for("[...document.querySelectorAll('.cell')].every(c => c.classList.contains('instant'))",
                        timeout=10)
            dt.evaluate("document.querySelector('.board').dispatchEvent(new MouseEvent('mousedown')), 1")
            dt.wait_for("!puzzleSolved()", timeout=10)
    finally:
        page.close()
    return results


class _WebGame:
    """A game folder of ../shared/games served on loopback, in a Chromium
    window at the screen's top left with a DevTools port."""

    def __init__(self, *parts: str, w: int = 900, h: int = 790, folder: Path | None = None):
        import subprocess
        import sys

        from puzzlebot.sim import launch
        from puzzlebot.sim.browser import Browser

        folder = folder or Path(__file__).resolve().parents[2].joinpath("shared", "games", *parts)
        if not folder.exists():
            raise _Absent(f"{folder} is absent")
        port = launch.free_port()
        self.server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                                        str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.browser = None
        try:
            time.sleep(0.5)
            self.browser = Browser(f"http://127.0.0.1:{port}/", 0, 0, w, h, debug_port=launch.free_port())
            self.dt = self.browser.devtools()
            self.dt.wait_for("location.href.startsWith('http') && document.readyState == 'complete'", timeout=60)
        except BaseException:
            self.close()
            raise

    def state(self, expression: str):
        import json

        return json.loads(self.dt.evaluate(expression))

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
        self.server.terminate()
        self.server.wait(timeout=10)


def _web_runs(label: str, game_name: str, page: _WebGame, runs: int, screen, deal, solved: str) -> list:
    """``runs`` boards: ``deal(k)`` puts a new one on the page, the bot plays
    it, the page's ``solved`` expression must then say so."""
    results = []
    try:
        for k in range(runs):
            deal(k)
            res = _default_run(game_name, screen, region=(0, 0, 900, 790))
            end = time.monotonic() + 5
            while not page.state(f"JSON.stringify({solved})"):
                if time.monotonic() > end:
                    raise RuntimeError(f"{label}: the bot finished but the game does not say solved")
                time.sleep(0.1)
            results.append(res.timings)
            progress(f"{label} board {k + 1}: {res.timings.total:.2f} s")
    finally:
        page.close()
    return results


def _open_lights(runs: int, screen, tmp: Path) -> list:
    """tests/pages/open_lights: unlit cells drawn as the page, no frame; the
    bot presses cells to find each board's extent first."""
    page = _WebGame(folder=Path(__file__).resolve().parents[1] / "tests" / "pages" / "open_lights")

    def deal(k: int) -> None:
        page.dt.evaluate(f"location.search = '?p={k % 3}'; 1")
        time.sleep(0.3)
        page.dt.wait_for(f"document.readyState == 'complete' && location.search == '?p={k % 3}' && "
                         "document.querySelectorAll('#g .c').length > 0", 30)
        time.sleep(0.5)

    return _web_runs("open_lights", "lights", page, runs, screen, deal, "window.solved")


def _checker_dark(runs: int, screen, tmp: Path) -> list:
    page = _WebGame("queens", "checker-dark")

    def deal(k: int) -> None:
        page.dt.evaluate("localStorage.removeItem('gameState'); localStorage.setItem('fieldSize', '8'); "
                         "location.reload(); 1")
        time.sleep(0.3)
        page.dt.wait_for("document.readyState == 'complete' && !!localStorage.getItem('gameState') && "
                         "document.querySelectorAll('button.cell').length == 64 && "
                         "document.querySelector('button.cell').offsetWidth > 0", 30)
        time.sleep(1.0)

    return _web_runs("checker-dark", "queens", page, runs, screen, deal,
                     "document.getElementById('GameField-win-screen-container').style.opacity === '1'")


def _emoji(runs: int, screen, tmp: Path) -> list:
    from puzzlebot.bot import games
    from puzzlebot.calibration.mapping import Region
    from puzzlebot.solvers.errors import PuzzlebotError
    from puzzlebot.solvers.tango.search import count_solutions

    page = _WebGame("tango", "emoji")

    def playable() -> bool:  # givens of both kinds (its sun and moon are both yellow), and one answer
        if not page.state(f"JSON.stringify({both})"):
            return False
        try:
            reading = games.get("tango").reader.read(screen.grab(Region(0, 0, 900, 790)))
        except PuzzlebotError:
            return False
        return reading.sure and count_solutions(reading.board, limit=2).count == 1
    button = "[...document.querySelectorAll('button')].find(b => b.textContent.includes('%s')).click()"
    both = ("(t => t.includes('\\u{1F31E}') && t.includes('\\u{1F31B}'))([...document.querySelectorAll("
            "'div.rounded-lg.border-2')].filter(e => e.className.includes('select-none') && "
            "e.className.includes('border-indigo-400')).map(e => e.textContent.trim()))")

    def deal(k: int) -> None:
        page.dt.wait_for("document.querySelectorAll('div.select-none').length >= 16", timeout=30)
        page.dt.evaluate(button % "6x6")
        page.dt.wait_for("document.querySelectorAll('div.select-none').length >= 36", timeout=10)
        time.sleep(0.5)
        for _ in range(30):
            if not k and playable():
                break
            page.dt.evaluate(button % "New")
            k = 0
            time.sleep(0.5)
        else:
            raise RuntimeError("emoji: the game dealt no board with givens of both kinds and one answer in 30 tries")
        time.sleep(0.5)

    return _web_runs("emoji", "tango", page, runs, screen, deal, "document.body.innerText.includes('Complete!')")


def _minisudoku6(runs: int, screen, tmp: Path, keys: bool = True) -> list:
    """minisudoku6 as dealt; without ``keys``, every typed key stopped
    before the game sees it: the first digit goes unnoticed, then the bot
    plays by the game's own pad."""
    page = _WebGame("sudoku", "minisudoku6")

    def deal(k: int) -> None:
        if k:
            page.dt.evaluate("location.reload(); 1")
            time.sleep(0.3)
        page.dt.wait_for("document.querySelectorAll('[data-row]').length >= 36", timeout=60)
        if not keys:
            page.dt.evaluate("window.addEventListener('keydown', e => { e.stopImmediatePropagation(); "
                             "e.preventDefault(); }, true)")
        time.sleep(1.0)

    return _web_runs("minisudoku6" if keys else "minisudoku6 by its pad", "sudoku", page, runs, screen, deal,
                     "!document.getElementById('victory-modal').classList.contains('hidden')")


def _minisudoku6_pad(runs: int, screen, tmp: Path) -> list:
    return _minisudoku6(runs, screen, tmp, keys=False)


def _canvas_dots(runs: int, screen, tmp: Path) -> list:
    page = _WebGame("zip", "canvas-dots")
    start = "[...document.querySelectorAll('button')].find(b => /Start Playing/.test(b.textContent))"
    page.dt.wait_for(f"!!{start}", timeout=30)
    page.dt.evaluate(f"{start}.click()")

    def deal(k: int) -> None:
        page.dt.evaluate("(() => { const s = document.querySelector('select'); "
                         "const v = [...s.options].find(o => o.textContent.startsWith('6')).value; "
                         "Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(s, v); "
                         "s.dispatchEvent(new Event('change', {bubbles: true})); })()")
        time.sleep(0.3)
        page.dt.evaluate("[...document.querySelectorAll('button')].find(b => /New Puzzle/.test(b.textContent))"
                         ".click()")
        page.dt.wait_for("!document.querySelector('.loading-overlay') && "
                         "!document.querySelector('.completion-message') && !!document.querySelector('canvas') && "
                         "!document.querySelector('.new-puzzle-btn').disabled", timeout=60)
        time.sleep(0.5)

    return _web_runs("canvas-dots", "zip", page, runs, screen, deal,
                     "[...document.querySelectorAll('h2')].some(h => h.textContent.includes('Puzzle Complete'))")


if __name__ == "__main__":
    main()
