"""The Patches stand-in page, served on loopback: LinkedIn's daily Patches
(a Shikaku) as its page looks: pale cells between thin lines, each clue a
coloured icon of its shape (a square, a wide or a tall rectangle; "any" a
striped square) with its area in white, each patch drawn in its clue's
colour; light or dark (``?mode=dark``, ``?pitch=PX``).

    python -m puzzlebot.sim.patches.page --port 8769 [--puzzle FILE | --size 6 --seed 1]
                                         [--rects R] [--events FILE] [--refuse K]

Drag from one corner cell of a patch to the opposite one; the new patch
replaces every patch it overlaps.  Pressing and releasing on one cell
draws a one-cell patch there (or takes away the patch the cell is in).
Solved when the patches cover the grid, each holding one clue of its shape
and area.  Every patch, removal, refusal and "solved" is written as JSON
lines (stdout or --events) with the patches after it, and
``window.gameState()`` gives them to DevTools, for tests.  ``--rects``
starts with patches drawn (``r,c,h,w;...``, from 0); ``--refuse K`` (a test
fault) ignores the K-th drag.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzlebot.sim.page_server import serve
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.solvers.patches import generate, make_puzzle, parse_patches
from puzzlebot.solvers.text_files import read_puzzle_file

PAGE = Path(__file__).with_name("page.html")


def load_puzzle(args) -> dict:
    p = parse_patches(read_puzzle_file(args.puzzle), args.puzzle) if args.puzzle else \
        generate(args.size, args.size, args.seed)[0]
    data = p.to_json()
    if args.rects:
        try:
            rects = [[int(v) for v in part.split(",")] for part in args.rects.split(";") if part.strip()]
        except ValueError:
            raise PuzzlebotError(f"--rects wants r,c,h,w;... (from 0), got {args.rects!r}") from None
        data["rects"] = make_puzzle(p.rows, p.cols, data["clues"], rects, "--rects").to_json().get("rects", [])
    data.setdefault("rects", [])
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.patches.page", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8769)
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--puzzle", metavar="FILE", help="a Patches puzzle file (text or JSON)")
    src.add_argument("--size", type=int, default=6, choices=range(4, 13), metavar="N",
                     help="generate a puzzle of this size, 4 to 12 (default 6)")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--rects", metavar="R", help="patches already drawn: r,c,h,w;... (from 0)")
    ap.add_argument("--events", metavar="FILE", help="append JSON-line events here (default stdout)")
    ap.add_argument("--refuse", type=int, action="append", default=[], metavar="K",
                    help="test fault: the page ignores the K-th drag")
    args = ap.parse_args(argv)
    try:
        puzzle = load_puzzle(args)
    except (PuzzlebotError, OSError) as e:
        print(f"puzzlebot.sim.patches.page: {e}", file=sys.stderr)
        return 2
    puzzle["refuse"] = sorted(set(args.refuse))
    return serve("puzzlebot.sim.patches.page", PAGE, puzzle, args.port, args.events)


if __name__ == "__main__":
    sys.exit(main())
