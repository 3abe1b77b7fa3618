"""LinkedIn Zip: one path from 1 through every cell, meeting the numbers in
order, never crossing a wall.  The bot draws it by dragging, one segment
from number to number, and checks the trail the game drew after each."""

from __future__ import annotations

import json
import sys

from puzzlebot.bot.games.base import Game, Generator, Solver
from puzzlebot.solvers.errors import InputError, PuzzlebotError

EXAMPLES = """\
file format: one line per row, a token per cell ('.' or the cell's number),
then optionally 'walls:' and one wall per line, the two cells it separates
('r2c3 r2c4', rows and columns from 1); or JSON (rows and columns from 0)
  {"game": "zip", "size": [6, 6], "numbers": [[0, 0, 1], ...],
   "walls": [[1, 2, 1, 3], ...], "path": [[0, 0], [0, 1]]}
where "path" (optional) is the path drawn so far from 1 (--hint goes on from it).

examples:
  puzzlebot solve zip examples/zip.txt             # the path drawn on the grid, and whether it is the only one
  puzzlebot solve zip examples/zip.txt --json      # {"path": [[r, c], ...], "solutions": 1}
  puzzlebot solve zip examples/zip.txt --hint 3    # the next step: 1 where, 2 rule, 3 cell and why
"""

GENERATE_EXAMPLES = """\
examples:
  puzzlebot generate zip --size 7 --seed 4
  puzzlebot generate zip --size 6 --count 3 --no-walls --format json > zips.jsonl
  puzzlebot solve zip zips.jsonl           # solves each puzzle in the file
"""

# --count beyond this is refused at once.
MAX_COUNT = 10_000


class ZipSolver(Solver):
    description = ("Solve a Zip puzzle: the path from 1 through every cell that meets the numbers in order and "
                   "crosses no wall; says whether it is the only one.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--hint", type=int, nargs="?", const=1, choices=(1, 2, 3), metavar="LEVEL",
                       help="print only the next step of the path drawn so far (the file's \"path\", else from "
                            "1): 1 where to look, 2 which rule, 3 which cell and why")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.zip.board import parse_zip_many

        puzzles = parse_zip_many(read_text(args.file), args.file)
        if len(puzzles) == 1:
            return _solve_one(puzzles[0][1], args)
        worst = 0
        for i, (where, p) in enumerate(puzzles, 1):
            if not args.json:
                print(f"{chr(10) if i > 1 else ''}# puzzle {i}")
            try:
                _solve_one(p, args)
            except PuzzlebotError as e:  # one bad puzzle does not stop the others
                print(f"puzzlebot: {where}: {e}", file=sys.stderr)
                if args.json:
                    print(json.dumps({"puzzle": i, "error": str(e)}))
                worst = max(worst, e.exit_code)
            sys.stdout.flush()
        return worst


def _solve_one(p, args) -> int:
    from puzzlebot.solvers.errors import UnsolvableError
    from puzzlebot.solvers.zip.board import path_violations
    from puzzlebot.solvers.zip.hints import hint
    from puzzlebot.solvers.zip.solve import no_solution, solve

    if args.hint is not None:
        print(hint(p).level(args.hint))
        return 0
    ans = solve(p)
    if ans.path is None:
        raise no_solution(p)
    broken = path_violations(p, ans.path)
    if broken:  # the checker disagrees with the solver: never print a wrong answer as solved
        raise UnsolvableError(f"internal error: the solver's path breaks a rule ({broken[0]}); please report it")
    print(json.dumps(ans.to_json()) if args.json else ans.to_text())
    return 0


class ZipGenerator(Generator):
    description = "Zip puzzles with exactly one answer, reproducible with --seed."
    epilog = GENERATE_EXAMPLES

    def arguments(self, p) -> None:
        from puzzlebot.solvers.zip.generate import MAX_SIZE, MIN_SIZE

        p.add_argument("--size", type=int, default=7, help=f"board side, {MIN_SIZE} to {MAX_SIZE} (default 7)")
        p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
        p.add_argument("--seed", type=int, help="random seed, for reproducible output")
        p.add_argument("--no-walls", dest="walls", action="store_false", help="numbers only, no walls")
        p.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (our grid format, puzzles separated by a blank line) or json (one per line)")

    def generate(self, args) -> int:
        import random

        from puzzlebot.bot.options import progress
        from puzzlebot.solvers.zip.generate import MAX_SIZE, MIN_SIZE, generate

        if not 1 <= args.count <= MAX_COUNT:
            raise InputError(f"--count must be 1 to {MAX_COUNT}, got {args.count}")
        if not MIN_SIZE <= args.size <= MAX_SIZE:
            raise InputError(f"--size must be {MIN_SIZE} to {MAX_SIZE}, got {args.size}")
        rng = random.Random(args.seed)
        show = progress("generated")
        for i in range(args.count):
            p, _ = generate(args.size, args.size, rng.randrange(2**32), walls=args.walls)
            if args.format == "json":
                print(json.dumps(p.to_json()), flush=True)
            else:
                print(("\n" if i else "") + f"# puzzle {i + 1}: {args.size}x{args.size}, {p.last} numbers, "
                      f"{len(p.walls)} walls")
                print(p.to_text(), end="", flush=True)
            show(i + 1, args.count)
        return 0


GAME = Game(
    name="zip",
    title="LinkedIn Zip",
    summary="LinkedIn Zip: one path through every cell, numbers in order",
    values={},
    solver=ZipSolver(),
    generator=ZipGenerator(),
)
