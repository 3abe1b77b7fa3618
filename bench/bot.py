"""Benchmark: the bot end to end on the virtual screen.

Run:  .venv/bin/python -m bench.bot        (starts Xvfb if there is no DISPLAY)

For Tango 6x6 (the page in Chromium) and Enlight 10x10 (the Tk window): the
median wall time from start to the verified last action over several
puzzles, split into capture, read, solve, act (clicks, drags, keys) and
verify, at a 10 ms click interval.  Tango runs twice: as the bot plays
(actions in batches once the page is seen to redraw at once) and, as the
baseline in the same run, one click at a time, each checked before the next
(loop.BATCH = 1).  Then our Queens, Zip, Mini Sudoku and Patches pages as
the demo opens them (a new seed each run), solved when the page's own log
says so.  Each run is calibrated first (as after 'puzzlebot calibrate'), so
the board is read at its known place.

Then games that other people wrote, with the bot's default options (no
calibration, the default click interval, settle times learned as it goes):
GNOME Lights Off 5x5 (Debian's lightsoff; finished when its title moves to
the next puzzle) and the berson 3x3 web game from ../shared/games (finished
when the page's puzzleSolved() says so).  "waiting" is the time from an
action's (or a batch's) last event until the board showed its prediction
and was still (captures and reads included).  Rows whose game is not
installed are left out, with the reason.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from ._util import fmt_time, print_table, progress


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--interval", type=float, default=0.01)
    args = ap.parse_args(argv)
    from puzzlebot.sim import launch

    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb()
    try:
        rows = run_all(args.runs, args.interval)
    finally:
        if xvfb is not None:
            launch.stop(xvfb)
    print_table(f"Bot, start to verified last action (median of {args.runs} puzzles; our stand-ins calibrated at "
                f"{args.interval * 1000:.0f} ms click interval, third-party games with default options)",
                ["game", "total", "capture", "read", "solve", "act", "verify", "waiting", "presses",
                 "read+solve share"], rows)


def run_all(runs: int, interval: float) -> list[list[str]]:
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
    tmp = Path(tempfile.mkdtemp(prefix="puzzlebot-bench-"))
    out = []
    batch = loop.BATCH
    for game_name, label, loop.BATCH in (("tango", "tango 6x6 (ours)", batch),
                                         ("tango", "tango 6x6 (ours), one click at a time", 1),
                                         ("enlight", "enlight 10x10 (ours)", batch)):
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
        if {"tango", "enlight"} & set(game.names):
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
    for name, play in (("GNOME Lights Off 5x5", _lightsoff), ("berson web 3x3", _berson)):
        try:
            results = play(runs, screen, tmp)
        except _Absent as e:
            progress(f"{name}: left out: {e}")
            continue
        out.append(_row(name, results))
    return out


class _Absent(Exception):
    """A third-party game is not installed here."""


def _row(name: str, results: list) -> list[str]:
    med = lambda f: statistics.median(f(t) for t in results)  # noqa: E731
    share = med(lambda t: (t.read + t.solve) / t.total)
    return [name, fmt_time(med(lambda t: t.total)), fmt_time(med(lambda t: t.capture)), fmt_time(med(lambda t: t.read)),
            fmt_time(med(lambda t: t.solve)), fmt_time(med(lambda t: t.click)), fmt_time(med(lambda t: t.verify)),
            fmt_time(med(lambda t: t.waiting)), f"{med(lambda t: t.clicks):.0f}", f"{share:.0%}"]


def _default_run(game_name: str, screen, title: str):
    """One run as ``puzzlebot run GAME --window TITLE`` with default options."""
    from puzzlebot.bot import games
    from puzzlebot.bot.actuate import Mouse
    from puzzlebot.bot.loop import Runner, Target
    from puzzlebot.calibration.windows import find_window

    w = find_window(title)
    return Runner(games.get(game_name), screen, Mouse(0.02), Target(w.region.clip(screen.bounds), w), 1.0,
                  say=progress).run()


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
    import subprocess
    import sys

    from puzzlebot.sim import launch
    from puzzlebot.sim.browser import Browser

    game = Path(__file__).resolve().parents[2] / "shared" / "games" / "lights" / "berson"
    if not game.exists():
        raise _Absent(f"{game} is absent")
    port = launch.free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(game)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = []
    try:
        time.sleep(0.5)
        with Browser(f"http://127.0.0.1:{port}/", 0, 0, 700, 700, debug_port=launch.free_port()) as browser:
            dt = browser.devtools()
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
        server.terminate()
        server.wait(timeout=10)
    return results


if __name__ == "__main__":
    main()
