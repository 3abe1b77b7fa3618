"""LinkedIn Patches (a Shikaku): divide the grid into rectangles, each
holding one clue and of its shape and area.  The bot drags each patch
corner to corner and checks it on screen; Tatham's Rectangles is the same
game with areas only."""

from __future__ import annotations

import json

from puzzlebot.bot.games.base import Game, Generator, Solver, solve_each
from puzzlebot.solvers.errors import InputError, UnsolvableError

EXAMPLES = """\
file format: one line per row, a token per cell: '.' or a clue, its shape
(S square, W wide, T tall, A any) then its area when shown (S4, W6, T3, A5,
or just T); then optionally 'patches:' and a patch per line drawn so far
('r2c3 2x3': top-left cell from 1, height x width); or JSON (from 0)
  {"game": "patches", "size": [6, 6], "clues": [[0, 2, "wide", 6], [3, 3, "any", null], ...],
   "rects": [[0, 0, 2, 3], ...]}

examples:
  puzzlebot solve patches examples/patches.txt            # the patches drawn as letters, and how many solutions
  puzzlebot solve patches examples/patches.txt --json     # {"rects": [[r, c, h, w], ...], "solutions": 1}
  puzzlebot solve patches examples/patches.txt --hint 3   # the next step: 1 where, 2 rule, 3 the patch and why
"""

GENERATE_EXAMPLES = """\
examples:
  puzzlebot generate patches --size 7 --seed 4
  puzzlebot generate patches --size 6 --count 3 --format json > patches.jsonl
  puzzlebot solve patches patches.jsonl           # solves each puzzle in the file
"""

# --count beyond this is refused at once.
MAX_COUNT = 10_000


class PatchesSolver(Solver):
    description = ("Solve a LinkedIn Patches puzzle (a Shikaku; Tatham's Rectangles too): the grid divided into "
                   "rectangles, each holding one clue, of its shape and area; says whether the answer is the only one.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--hint", type=int, nargs="?", const=1, choices=(1, 2, 3), metavar="LEVEL",
                       help="print only the next step from the patches drawn: 1 where to look, 2 which rule, "
                            "3 which patch")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.patches import parse_patches_many

        return solve_each(parse_patches_many(read_text(args.file), args.file), args, _solve_one)


def _solve_one(p, args) -> int:
    from puzzlebot.solvers.patches import hint, no_solution, render, solve, violations

    if args.hint is not None:
        print(hint(p).level(args.hint))
        return 0
    ans = solve(p)
    if ans.rects is None:
        raise no_solution(p)
    broken = violations(p, ans.rects)
    if broken:  # the checker disagrees with the solver: never print a wrong answer as solved
        raise UnsolvableError(f"internal error: the solver's patches break a rule ({broken[0]}); please report it")
    if args.json:
        print(json.dumps(ans.to_json()))
        return 0
    count = {1: "exactly one solution", 0: "no solution"}.get(ans.count, "more than one solution (this is one of them)")
    print(render(p, ans.rects) + "\n" + count)
    return 0


class PatchesGenerator(Generator):
    description = "Patches puzzles with exactly one solution, reproducible with --seed."
    epilog = GENERATE_EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("--size", type=int, default=7, help="board side, 4 to 12 (default 7)")
        p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
        p.add_argument("--seed", type=int, help="random seed, for reproducible output")
        p.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (each puzzle after a '# puzzle' line) or json (one per line)")

    def generate(self, args) -> int:
        import random

        from puzzlebot.bot.options import progress
        from puzzlebot.solvers.patches import generate

        if not 1 <= args.count <= MAX_COUNT:
            raise InputError(f"--count must be 1 to {MAX_COUNT}, got {args.count}")
        if not 4 <= args.size <= 12:
            raise InputError(f"--size must be 4 to 12, got {args.size}")
        rng = random.Random(args.seed)
        show = progress("generated")
        for i in range(args.count):
            p, _ = generate(args.size, args.size, rng.randrange(2**32))
            if args.format == "json":
                print(json.dumps(p.to_json()), flush=True)
            else:
                print(("\n" if i else "") + f"# puzzle {i + 1}: {args.size}x{args.size}, {len(p.clues)} clues")
                print(p.to_text(), end="", flush=True)
            show(i + 1, args.count)
        return 0


GAME = Game(
    name="patches",
    aliases=("shikaku", "rect"),
    title="LinkedIn Patches",
    summary="LinkedIn Patches (Shikaku): rectangles of each clue's shape and area",
    values={0: "no patch"},
    solver=PatchesSolver(),
    generator=PatchesGenerator(),
)
