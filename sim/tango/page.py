"""The Tango stand-in page, served on loopback.

    python -m puzzlebot.sim.tango.page --port 8765 [--puzzle FILE | --size 6 --seed 1]
                             [--placed ROWS] [--events FILE] [--ignore-click K]
                             [--fade MS] [--win-screen] [--plain-givens] [--moon-first]

Open http://127.0.0.1:8765/ (``?mode=dark`` for dark mode).  The page plays
Tango as LinkedIn's does: a click cycles empty -> sun -> moon -> empty,
locked givens do not change, a full and valid board shows the win state.
Every click, the board after it, clicks off the cells and "solved" are
written as JSON lines (stdout or --events), for tests.  Like other
people's games it can animate: ``--fade MS`` fades each new piece in, and
``--win-screen`` replaces the solved board with a "You win!" screen.
``--plain-givens`` draws givens like the player's pieces (no grey), as some
clones do: only clicking one tells whether it is locked.  ``--moon-first``
runs a click's cycle empty -> moon -> sun -> empty, as a clone may.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzlebot.sim.page_server import serve
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.solvers.tango.board import parse_tango
from puzzlebot.solvers.tango.generate import generate
from puzzlebot.solvers.text_files import read_puzzle_file

PAGE = Path(__file__).with_name("page.html")


def load_puzzle(args) -> dict:
    if args.puzzle:
        board = parse_tango(read_puzzle_file(args.puzzle), args.puzzle)
        data = board.givens().to_json()
    else:
        g = generate(args.size, 1, seed=args.seed)[0]
        data = g.puzzle.to_json()
    if args.placed:
        data["placed"] = args.placed.split(",")
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.tango.page", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8765)
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--puzzle", metavar="FILE", help="a Tango puzzle file (text or JSON)")
    src.add_argument("--size", type=int, default=6, help="generate a puzzle of this size (default 6)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--placed", metavar="ROWS", help="pieces already placed, rows joined by commas (e.g. 'S.....,......')")
    ap.add_argument("--events", metavar="FILE", help="append JSON-line events here (default stdout)")
    ap.add_argument("--ignore-click", type=int, action="append", default=[], metavar="K",
                    help="test fault: the page ignores the K-th click on an unlocked cell")
    ap.add_argument("--fade", type=int, default=0, choices=range(0, 501), metavar="MS",
                    help="each new piece fades in over MS milliseconds, 0 to 500 (default 0: instant)")
    ap.add_argument("--win-screen", action="store_true", help="a solved board gives way to a 'You win!' screen")
    ap.add_argument("--plain-givens", action="store_true",
                    help="givens drawn like the player's pieces (no locked-cell colour)")
    ap.add_argument("--moon-first", action="store_true", help="a click puts a moon first (cycle: empty, moon, sun)")
    ap.add_argument("--rayed-sun", action="store_true",
                    help="suns drawn small with rays (their shape says disc no more than crescent)")
    args = ap.parse_args(argv)
    try:
        puzzle = load_puzzle(args)
    except (PuzzlebotError, OSError) as e:
        print(f"puzzlebot.sim.tango.page: {e}", file=sys.stderr)
        return 2
    puzzle["ignore"] = sorted(set(args.ignore_click))  # the page drops these clicks itself
    puzzle["fade"], puzzle["win_screen"], puzzle["plain_givens"] = args.fade, args.win_screen, args.plain_givens
    puzzle["moon_first"], puzzle["rayed_sun"] = args.moon_first, args.rayed_sun
    return serve("puzzlebot.sim.tango.page", PAGE, puzzle, args.port, args.events)


if __name__ == "__main__":
    sys.exit(main())
