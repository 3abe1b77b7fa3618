"""``puzzlebot demo``: the whole job on the built-in stand-ins.

Starts a virtual screen when there is none (Xvfb), opens the Enlight
simulator window and the Tango page (Chromium, headed on that screen), runs
the bot on each with real captures (mss) and real clicks (pyautogui), and
ends with both solved: timings printed, before/after screenshots saved.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser(
        "demo", help="run the bot on the built-in Enlight and Tango stand-ins",
        description=__doc__.split("\n\n", 1)[1],
        epilog="example:\n  puzzlebot demo --out demo-out   # screenshots land in demo-out/",
    )
    p.add_argument("--out", default="demo-out", help="folder for the before/after screenshots (default demo-out)")
    p.add_argument("--level", type=int, default=3, help="Enlight level to play (default 3)")
    p.add_argument("--seed", type=int, default=7, help="Tango puzzle seed (default 7)")
    p.add_argument("--dark", action="store_true", help="Tango in dark mode")
    p.set_defaults(func=demo_cmd)


def demo_cmd(args) -> int:
    import cv2

    from calibration.mapping import Region
    from sim import launch
    from sim.browser import Browser

    from . import games
    from .actuate import Mouse
    from .capture import Screen
    from .loop import Runner, Target
    from calibration.windows import find_window

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, display = launch.start_xvfb()
        os.environ["DISPLAY"] = display
        print(f"no screen: started a virtual one (Xvfb {display})")
    tmp = Path(tempfile.mkdtemp(prefix="puzzlebot-demo-"))
    procs, browser = [], None
    try:
        screen = Screen()
        mouse = Mouse(interval=0.01)
        # --- Enlight ---------------------------------------------------------
        ev = tmp / "enlight.jsonl"
        procs.append(launch.start_enlight(ev, "--level", str(args.level), "--position", "40,60"))
        launch.wait_for(ev, "start")
        time.sleep(0.5)
        win = find_window("Device Emulator - Enlight")
        cv2.imwrite(str(out / "enlight_before.png"), screen.grab(win.region))
        res = Runner(games.get("enlight"), screen, mouse, Target(win.region, win)).run()
        launch.wait_for(ev, "solved", 5)
        cv2.imwrite(str(out / "enlight_after.png"), screen.grab(win.region))
        print(f"Enlight level {args.level}: solved. {res.timings.line()}")
        # --- Tango -----------------------------------------------------------
        tev = tmp / "tango.jsonl"
        port = launch.free_port()
        procs.append(launch.start_tango_server(tev, port, "--seed", str(args.seed)))
        time.sleep(0.5)
        url = f"http://127.0.0.1:{port}/" + ("?mode=dark" if args.dark else "")
        browser = Browser(url, 400, 20, 820, 760)
        launch.wait_for(tev, "ready", 60)
        time.sleep(1.0)
        region = Region(400, 20, 820, 760)
        cv2.imwrite(str(out / "tango_before.png"), screen.grab(region))
        res = Runner(games.get("tango"), screen, mouse, Target(region)).run()
        launch.wait_for(tev, "solved", 5)
        time.sleep(0.3)
        cv2.imwrite(str(out / "tango_after.png"), screen.grab(region))
        print(f"Tango 6x6 (seed {args.seed}): solved. {res.timings.line()}")
        print(f"before/after screenshots in {out}/")
    finally:
        if browser is not None:
            browser.close()
        launch.stop(*procs)
        if xvfb is not None:
            launch.stop(xvfb)
    return 0
