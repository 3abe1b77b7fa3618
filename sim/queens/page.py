"""The Queens stand-in page, served on loopback: LinkedIn's daily Queens as
its page looks (coloured regions, thin lines between cells, thick borders
between regions), light or dark (``?mode=dark``).

    python -m puzzlebot.sim.queens.page --port 8766 [--puzzle FILE | --size 8 --seed 1] [--events FILE]

A click cycles a cell empty -> x -> queen -> empty; the board is solved when
its queens obey the rules (marks do not matter).  Every click, the board
after it and "solved" are written as JSON lines (stdout or --events), and
``window.gameState()`` gives the board to DevTools, for tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzlebot.sim.page_server import serve
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.solvers.queens import MIN_SIZE, generate, parse_queens
from puzzlebot.solvers.text_files import read_puzzle_file

PAGE = Path(__file__).with_name("page.html")
# The page's palette has this many colours (LinkedIn's boards go to 11x11).
MAX_PAGE_SIZE = 12


def load_puzzle(args) -> dict:
    if args.puzzle:
        p = parse_queens(read_puzzle_file(args.puzzle), args.puzzle)
    else:
        p = generate(args.size, args.seed)
    if p.n > MAX_PAGE_SIZE:
        raise PuzzlebotError(f"the page draws boards up to {MAX_PAGE_SIZE}x{MAX_PAGE_SIZE}, this one is {p.n}x{p.n}")
    return p.to_json()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.queens.page", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8766)
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--puzzle", metavar="FILE", help="a Queens puzzle file (text or JSON)")
    src.add_argument("--size", type=int, default=8, choices=range(MIN_SIZE, MAX_PAGE_SIZE + 1), metavar="N",
                     help=f"generate a puzzle of this size, {MIN_SIZE} to {MAX_PAGE_SIZE} (default 8)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--events", metavar="FILE", help="append JSON-line events here (default stdout)")
    args = ap.parse_args(argv)
    try:
        puzzle = load_puzzle(args)
    except (PuzzlebotError, OSError) as e:
        print(f"puzzlebot.sim.queens.page: {e}", file=sys.stderr)
        return 2
    return serve("puzzlebot.sim.queens.page", PAGE, puzzle, args.port, args.events)


if __name__ == "__main__":
    sys.exit(main())
