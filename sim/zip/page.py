"""The Zip stand-in page, served on loopback: LinkedIn's daily Zip as its
page looks (pale cells, thin grid lines, thick walls on cell sides, numbers
in dark discs, a thick coloured trail), light or dark (``?mode=dark``).

    python -m puzzlebot.sim.zip.page --port 8767 [--puzzle FILE | --size 7 --seed 1 [--no-walls]]
                                     [--path CELLS] [--events FILE] [--refuse K]

The path is drawn as LinkedIn's is: press on 1 (or on the path's end, or on
any cell of the path to take it back to there) and drag through
neighbouring cells; dragging back over the path's last step takes it back;
pressing on a cell next to the path's end extends it by that cell.  A step
over a wall, onto a cell already on the path (other than the last step's)
or onto a number out of order is refused.  The board is solved when the
path covers every cell and ends on the last number.  Every step, take-back
and refusal, the path after it, and "solved" are written as JSON lines
(stdout or --events), and ``window.gameState()`` gives the path to
DevTools, for tests.  ``--path`` starts with a path drawn (cells as
``r,c;r,c;...`` from 0); ``--refuse K`` (a test fault) ignores the K-th step
and every later try of that cell until the button is released.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzlebot.sim.page_server import serve
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.solvers.text_files import read_puzzle_file
from puzzlebot.solvers.zip.board import make_puzzle, parse_zip
from puzzlebot.solvers.zip.generate import MAX_SIZE, MIN_SIZE, generate

PAGE = Path(__file__).with_name("page.html")


def load_puzzle(args) -> dict:
    if args.puzzle:
        p = parse_zip(read_puzzle_file(args.puzzle), args.puzzle)
    else:
        p, _ = generate(args.size, args.size, args.seed, walls=args.walls)
    data = p.to_json()
    if args.path:
        try:
            cells = [[int(v) for v in cell.split(",")] for cell in args.path.split(";") if cell.strip()]
        except ValueError:
            raise PuzzlebotError(f"--path wants r,c;r,c;... (from 0), got {args.path!r}") from None
        data["path"] = make_puzzle(p.rows, p.cols, data["numbers"], data["walls"], cells, "--path").to_json()["path"]
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.zip.page", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8767)
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--puzzle", metavar="FILE", help="a Zip puzzle file (text or JSON)")
    src.add_argument("--size", type=int, default=7, choices=range(MIN_SIZE, MAX_SIZE + 1), metavar="N",
                     help=f"generate a puzzle of this size, {MIN_SIZE} to {MAX_SIZE} (default 7)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--no-walls", dest="walls", action="store_false", help="generate a puzzle without walls")
    ap.add_argument("--path", metavar="CELLS", help="a path already drawn from 1: r,c;r,c;... (from 0)")
    ap.add_argument("--events", metavar="FILE", help="append JSON-line events here (default stdout)")
    ap.add_argument("--refuse", type=int, action="append", default=[], metavar="K",
                    help="test fault: the page ignores the K-th step of the path (until the button is released)")
    args = ap.parse_args(argv)
    try:
        puzzle = load_puzzle(args)
    except (PuzzlebotError, OSError) as e:
        print(f"puzzlebot.sim.zip.page: {e}", file=sys.stderr)
        return 2
    puzzle["refuse"] = sorted(set(args.refuse))
    return serve("puzzlebot.sim.zip.page", PAGE, puzzle, args.port, args.events)


if __name__ == "__main__":
    sys.exit(main())
