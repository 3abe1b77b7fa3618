"""Benchmark: the bot end to end on the virtual screen.

Run:  .venv/bin/python -m bench.bot        (starts Xvfb if there is no DISPLAY)

For Tango 6x6 (the page in Chromium) and Enlight 10x10 (the Tk window): the
median wall time from start to the verified last click over several
puzzles, split into capture, read, solve, click and verify, at a 10 ms click
interval.  Each run is calibrated first (as after 'puzzlebot calibrate'), so
the board is read at its known place.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from ._util import fmt_time, print_table, progress


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--interval", type=float, default=0.01)
    args = ap.parse_args(argv)
    from sim import launch

    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb()
    try:
        rows = run_all(args.runs, args.interval)
    finally:
        if xvfb is not None:
            launch.stop(xvfb)
    print_table(f"Bot, start to verified last click (median of {args.runs} puzzles, {args.interval * 1000:.0f} ms click interval)",
                ["game", "total", "capture", "read", "solve", "click", "verify", "clicks", "read+solve share"], rows)


def run_all(runs: int, interval: float) -> list[list[str]]:
    from bot import games
    from bot.actuate import Mouse
    from bot.capture import Screen
    from bot.loop import Runner, Target
    from calibration.mapping import Region
    from calibration.windows import find_window
    from sim import launch
    from sim.browser import Browser

    screen, mouse = Screen(), Mouse(interval)
    tmp = Path(tempfile.mkdtemp(prefix="puzzlebot-bench-"))
    out = []
    for game_name in ("tango", "enlight"):
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
                lattice = game.read(screen.grab(target.region)).lattice  # calibration
                res = Runner(game, screen, mouse, target, 1.0, lattice).run()
                launch.wait_for(ev, "solved", 5)
                results.append(res.timings)
                progress(f"{game_name} run {k + 1}: {res.timings.total:.2f} s")
            finally:
                if browser is not None:
                    browser.close()
                launch.stop(*procs)
        med = lambda f: statistics.median(f(t) for t in results)  # noqa: E731
        total = med(lambda t: t.total)
        share = med(lambda t: (t.read + t.solve) / t.total)
        out.append([f"{game_name} {'6x6' if game_name == 'tango' else '10x10'}", fmt_time(total),
                    fmt_time(med(lambda t: t.capture)), fmt_time(med(lambda t: t.read)),
                    fmt_time(med(lambda t: t.solve)), fmt_time(med(lambda t: t.click)),
                    fmt_time(med(lambda t: t.verify)), f"{med(lambda t: t.clicks):.0f}", f"{share:.0%}"])
    return out


if __name__ == "__main__":
    main()
