"""``puzzlebot sim GAME``: one of our stand-ins open on the screen, to play
by hand or to point the bot at (the games of the registry that have one)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from puzzlebot.bot.games.base import Capability
from puzzlebot.bot.options import game_parsers

EXAMPLES = """\
examples:
  puzzlebot sim tango                      # our Tango page, 6x6, in a browser window
  puzzlebot sim queens --size 9 --dark     # a 9x9 Queens puzzle in dark mode
  puzzlebot sim lights --size 5 --seed 2   # a random 5x5 Lights Out board in the Enlight window
  puzzlebot sim zip --puzzle examples/zip.txt
It prints where the game is and the 'puzzlebot run' command that plays it;
Ctrl-C closes it."""


def register(sub) -> None:
    p = sub.add_parser(
        "sim", help="open one of our stand-in games on the screen, to play or to run the bot on",
        description="Open our stand-in of a game (a page in Chromium, or the Enlight window) on this screen.",
        epilog=EXAMPLES,
    )
    game_parsers(p, Capability.DEMO, lambda g: (f"Open our stand-in of {g.title}.", EXAMPLES), _arguments,
                 lambda g: lambda args: sim_cmd(g, args))


def _arguments(game, p) -> None:
    p.add_argument("--size", type=int, help="a new puzzle of this size (the game's own default otherwise)")
    p.add_argument("--seed", type=int, default=7, help="puzzle seed (default 7)")
    p.add_argument("--dark", action="store_true", help="dark mode (Enlight: its night theme)")
    p.add_argument("--puzzle", metavar="FILE", help="this puzzle file instead of a generated one")


def sim_cmd(game, args) -> int:
    from puzzlebot.solvers.errors import InputError, PuzzlebotError

    if args.puzzle:
        from puzzlebot.bot.options import example_or

        path = Path(example_or(args.puzzle))
        if not path.is_file():
            raise InputError("is a folder, expected a puzzle file" if path.is_dir() else "no such file", args.puzzle)
        args.puzzle = path.resolve()
    if args.size is not None and not 2 <= args.size <= 30:
        raise InputError(f"--size must be 2 to 30, got {args.size}")
    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        raise PuzzlebotError("no screen (DISPLAY is not set): 'sim' opens a window to play in; run it on a desktop "
                             "('puzzlebot demo' makes a virtual screen of its own)")
    import shutil
    import tempfile  # here: every command's start-up imports this module

    work = Path(tempfile.mkdtemp(prefix=f"puzzlebot-sim-{game.name}-"))
    try:
        return _show(game, game.stand_in.open(work, args))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _show(game, stand) -> int:
    """Keep ``stand`` open, saying when the game says it is solved, until Ctrl-C."""
    try:
        r = stand.region
        print(f"{stand.label}: open at {r.left},{r.top} ({r.width}x{r.height})")
        print(f"to let the bot play it: puzzlebot run {game.name} --region {r.left},{r.top},{r.width},{r.height}")
        print("Ctrl-C closes it", flush=True)
        said = False
        while True:
            if not said and stand.solved(0.5):
                print(f"{stand.label}: solved (the game says so)", flush=True)
                said = True
            time.sleep(0.5)
    except KeyboardInterrupt:
        print(f"closed {stand.label}")
        return 0
    finally:
        stand.close()

