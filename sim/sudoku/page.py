"""The Mini Sudoku stand-in page, served on loopback: LinkedIn's daily Mini
Sudoku as its page looks (white cells, thin light lines, thick dark lines
between the 2x3 boxes, givens bold on grey, entries blue), light or dark
(``?mode=dark``); ``?font=NAME``, ``?pitch=PX`` and ``?weight=W`` (the
givens' font weight) vary the look for the reader's tests.

    python -m puzzlebot.sim.sudoku.page --port 8768 [--puzzle FILE | --size 6 --seed 1]
                                        [--entries CELLS] [--notes CELLS] [--events FILE] [--refuse K]
                                        [--pad-only]

Play as on LinkedIn: click a cell to select it, then type a digit (or
click the number pad under the board); Backspace, Delete or 0 clears it;
the eraser clears, undo takes the last change back.  Givens cannot be
changed.  A digit that repeats one in its row, column or box is drawn red.
The board is solved when every cell holds a digit and nothing repeats.
Every selection, entry, clearing, refusal and "solved" is written as JSON
lines (stdout or --events), with the digits shown after it, and
``window.gameState()`` gives them to DevTools, for tests.  ``--entries``
starts with digits entered (``r,c,d;...``, from 0; wrong ones allowed),
``--notes`` with pencil notes (``r,c,digits;...``); ``--refuse K`` (a test
fault) ignores the K-th digit typed; ``--pad-only`` ignores typed keys (a
phone-like game: digits only from the pad).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzlebot.sim.page_server import serve
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.solvers.sudoku import BOXES, generate, parse_sudoku
from puzzlebot.solvers.text_files import read_puzzle_file

PAGE = Path(__file__).with_name("page.html")


def _cells(text: str | None, what: str, n: int, given) -> list[list]:
    out = []
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        try:
            r, c, v = part.split(",")
            r, c = int(r), int(c)
            digits = [int(ch) for ch in v.strip()]
        except ValueError:
            raise PuzzlebotError(f"{what} wants r,c,digits;... (from 0), got {part!r}") from None
        if not (0 <= r < n and 0 <= c < n) or not digits or not all(1 <= d <= n for d in digits):
            raise PuzzlebotError(f"{what}: {part!r} is off the {n}x{n} board or not 1 to {n}")
        if given[r][c]:
            raise PuzzlebotError(f"{what}: r{r + 1}c{c + 1} holds a given")
        out.append([r, c, digits])
    return out


def load_puzzle(args) -> dict:
    p = parse_sudoku(read_puzzle_file(args.puzzle), args.puzzle) if args.puzzle else generate(args.size, args.seed)
    data = p.to_json()
    entries = [[r, c, p.entries[r][c]] for r in range(p.n) for c in range(p.n) if p.entries[r][c]]
    entries += [[r, c, ds[0]] for r, c, ds in _cells(args.entries, "--entries", p.n, p.givens)]
    data["entered"] = entries
    data["notes"] = _cells(args.notes, "--notes", p.n, p.givens)
    data["box"] = list(BOXES[p.n])
    data.pop("entries", None)
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.sudoku.page", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, default=8768)
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--puzzle", metavar="FILE", help="a Sudoku puzzle file (text or JSON)")
    src.add_argument("--size", type=int, default=6, choices=sorted(BOXES), help="generate a puzzle of this size")
    ap.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    ap.add_argument("--entries", metavar="CELLS", help="digits already entered: r,c,d;... (from 0)")
    ap.add_argument("--notes", metavar="CELLS", help="pencil notes: r,c,digits;... (from 0)")
    ap.add_argument("--events", metavar="FILE", help="append JSON-line events here (default stdout)")
    ap.add_argument("--refuse", type=int, action="append", default=[], metavar="K",
                    help="test fault: the page ignores the K-th digit typed")
    ap.add_argument("--pad-only", action="store_true",
                    help="take digits only from the number pad (as a phone-like game): typed keys are ignored")
    args = ap.parse_args(argv)
    try:
        puzzle = load_puzzle(args)
    except (PuzzlebotError, OSError) as e:
        print(f"puzzlebot.sim.sudoku.page: {e}", file=sys.stderr)
        return 2
    puzzle["refuse"] = sorted(set(args.refuse))
    puzzle["padOnly"] = args.pad_only
    return serve("puzzlebot.sim.sudoku.page", PAGE, puzzle, args.port, args.events)


if __name__ == "__main__":
    sys.exit(main())
