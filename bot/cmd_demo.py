"""``puzzlebot demo``: the whole job on the built-in stand-ins.

Starts a virtual screen when there is none (Xvfb), opens our stand-in of
each game in turn (the Enlight simulator window, the web pages in a headed
Chromium on that screen), runs the bot on it with real captures (mss) and
real clicks (pyautogui), and asks the stand-in itself whether it is solved:
timings printed, before/after screenshots saved.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def register(sub) -> None:
    from puzzlebot.bot import games

    p = sub.add_parser(
        "demo", help="run the bot on the built-in stand-ins of the games",
        description=__doc__.split("\n\n", 1)[1],
        epilog="example:\n  puzzlebot demo --out demo-out   # screenshots land in demo-out/",
    )
    p.add_argument("--out", default="demo-out", help="folder for the before/after screenshots (default demo-out)")
    names = [g.name for g in games.able("demo")]
    p.add_argument("--games", default=",".join(names), metavar="G1,G2",
                   help=f"which stand-ins to play, in order (default {','.join(names)})")
    seen = set()
    for g in games.able("demo"):
        for flag, kwargs in g.stand_in.options:
            if flag not in seen:  # games share an option (--seed, --dark) by its flag
                seen.add(flag)
                p.add_argument(flag, **kwargs)
    p.set_defaults(func=demo_cmd)


def demo_cmd(args) -> int:
    from puzzlebot.bot import games
    from puzzlebot.bot.actuate import Mouse
    from puzzlebot.bot.capture import Screen
    from puzzlebot.bot.loop import Runner, Target
    from puzzlebot.sim import launch
    from puzzlebot.solvers.errors import PuzzlebotError
    from puzzlebot.vision.image_io import write_image

    chosen = [games.get(n.strip(), "demo") for n in args.games.split(",") if n.strip()]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, display = launch.start_xvfb()
        os.environ["DISPLAY"] = display
        print(f"no screen: started a virtual one (Xvfb {display})")
    import shutil
    import tempfile  # here: every command's start-up imports this module

    tmp = Path(tempfile.mkdtemp(prefix="puzzlebot-demo-"))
    try:
        screen = Screen()
        mouse = Mouse()
        for game in chosen:
            stand = game.stand_in.open(tmp, args)
            try:
                window = None
                if stand.window:
                    from puzzlebot.calibration.windows import find_window

                    window = find_window(stand.window)
                write_image(out / f"{stand.slug}_before.png", screen.grab(stand.region))
                res = Runner(game, screen, mouse, Target(stand.region, window)).run()
                if not stand.solved(5):
                    raise PuzzlebotError(f"{stand.label}: the bot finished but the game does not say it is solved")
                time.sleep(0.3)
                write_image(out / f"{stand.slug}_after.png", screen.grab(stand.region))
                print(f"{stand.label}: solved. {res.timings.line()}")
            finally:
                stand.close()
        print(f"before/after screenshots in {out}/")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # the stand-ins' logs: said above where they matter
        if xvfb is not None:
            launch.stop(xvfb)
    return 0
