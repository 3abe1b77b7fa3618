"""LinkedIn Mini Sudoku (6x6, 2x3 boxes; 4x4 and 9x9 too): every row,
column and box holds 1..n once.  The bot selects a cell and types its
digit, checking each digit on screen; wrong entries are cleared and
replaced; givens are never touched."""

from __future__ import annotations

import json
import sys

from puzzlebot.bot.games.base import Game, Generator, Solver
from puzzlebot.solvers.errors import InputError, PuzzlebotError, UnsolvableError

EXAMPLES = """\
file format: n lines of digits and '.' (the givens; n = 4, 6 or 9), then
optionally a blank line and n lines of the digits a player entered; or JSON
  {"game": "sudoku", "size": [6, 6], "givens": ["1..2..", ...], "entries": ["......", ...]}

examples:
  puzzlebot solve sudoku examples/sudoku.txt             # the grid and whether it is the only one
  puzzlebot solve sudoku examples/sudoku.txt --json      # {"grid": ["123456", ...], "solutions": 1}
  puzzlebot solve sudoku examples/sudoku.txt --explain   # every single, in order
  puzzlebot solve sudoku examples/sudoku.txt --hint 2    # the next step: 1 where, 2 rule, 3 cell
"""

GENERATE_EXAMPLES = """\
difficulty: easy (cells with one digit left suffice), medium (a digit with
one place left in a row, column or box is needed), hard (those stall), or
any.

examples:
  puzzlebot generate sudoku --seed 3
  puzzlebot generate sudoku --count 3 --difficulty medium --format json > sudokus.jsonl
  puzzlebot solve sudoku sudokus.jsonl           # solves each puzzle in the file
"""

# --count beyond this is refused at once.
MAX_COUNT = 10_000


class SudokuSolver(Solver):
    description = ("Solve a Mini Sudoku (6x6 with 2x3 boxes; 4x4 and 9x9 too) by the singles a person uses, "
                   "guessing only when they stall; says whether the solution is the only one.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--explain", action="store_true", help="print every single in order")
        p.add_argument("--hint", type=int, nargs="?", const=1, choices=(1, 2, 3), metavar="LEVEL",
                       help="print only the next step from the digits on the board: 1 where to look, "
                            "2 which rule, 3 which cell")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.sudoku import parse_sudoku_many

        puzzles = parse_sudoku_many(read_text(args.file), args.file)
        if len(puzzles) == 1:
            return _solve_one(puzzles[0][1], args)
        worst = 0
        for i, (where, p) in enumerate(puzzles, 1):
            if not args.json:
                print(f"{chr(10) if i > 1 else ''}# puzzle {i}")
            try:
                _solve_one(p, args)
            except PuzzlebotError as e:
                print(f"puzzlebot: {where}: {e}", file=sys.stderr)
                if args.json:
                    print(json.dumps({"puzzle": i, "error": str(e)}))
                worst = max(worst, e.exit_code)
            sys.stdout.flush()
        return worst


def _solve_one(p, args) -> int:
    from puzzlebot.solvers.sudoku import explain, hint, no_solution, solve, violations

    if args.hint is not None:
        print(hint(p).level(args.hint))
        return 0
    ans = solve(p)
    if ans.grid is None:
        raise no_solution(p)
    broken = violations(p, ans.grid)
    if broken:  # the checker disagrees with the solver: never print a wrong answer as solved
        raise UnsolvableError(f"internal error: the solver's grid breaks a rule ({broken[0]}); please report it")
    if args.json:
        print(json.dumps(ans.to_json()))
        return 0
    if args.explain:
        ex = explain(p)
        for i, s in enumerate(ex.steps, 1):
            print(f"{i:3d}. [{s.rule}] {s.text()}")
        print("the singles fill the grid" if ex.deduced else "the singles stall; a guess finishes it")
        print()
    print(ans.to_text())
    return 0


class SudokuGenerator(Generator):
    description = "Mini Sudoku puzzles with exactly one solution, graded, reproducible with --seed."
    epilog = GENERATE_EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("--size", type=int, default=6, choices=(4, 6, 9), help="4, 6 (default) or 9")
        p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
        p.add_argument("--difficulty", default="any", choices=("any", "easy", "medium", "hard"),
                       help="the deductions needed (default any)")
        p.add_argument("--seed", type=int, help="random seed, for reproducible output")
        p.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (rows of digits, each puzzle after a '# puzzle' line) or json (one per line)")

    def generate(self, args) -> int:
        import random

        from puzzlebot.bot.options import progress
        from puzzlebot.solvers.sudoku import generate, grade

        if not 1 <= args.count <= MAX_COUNT:
            raise InputError(f"--count must be 1 to {MAX_COUNT}, got {args.count}")
        rng = random.Random(args.seed)
        show = progress("generated")
        for i in range(args.count):
            p = generate(args.size, rng.randrange(2**32), None if args.difficulty == "any" else args.difficulty)
            if args.format == "json":
                print(json.dumps(p.to_json()), flush=True)
            else:
                print(("\n" if i else "") + f"# puzzle {i + 1}: {args.size}x{args.size}, {grade(p)}")
                print(p.to_text(), end="", flush=True)
            show(i + 1, args.count)
        return 0


GAME = Game(
    name="sudoku",
    aliases=("mini-sudoku",),
    title="LinkedIn Mini Sudoku",
    summary="LinkedIn Mini Sudoku: 1 to 6 once in every row, column and 2x3 box",
    values={0: "empty"} | {d: str(d) for d in range(1, 10)},
    solver=SudokuSolver(),
    generator=SudokuGenerator(),
)
