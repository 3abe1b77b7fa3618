"""Ripple Effect: rooms of n cells hold 1..n; two equal numbers N in a row
or column need N cells between them.  Solved as exact cover with Dancing
Links; files only (no screen game)."""

from __future__ import annotations

import json
import sys

from puzzlebot.bot.games.base import Game, Solver
from puzzlebot.solvers.errors import InputError, PuzzlebotError

EXAMPLES = """\
file format (JSON): {"game": "ripple", "rooms": [[0, 0, 1], ...], "givens": [[0, 2, 0], ...]}
(room id per cell; 0 = empty cell)

examples:
  puzzlebot solve ripple examples/ripple.json                 # solved grid with room borders
  puzzlebot solve ripple examples/ripple.json --count         # 0 (exit 3), 1 or more than one solution
  puzzlebot solve ripple examples/ripple.json --json          # {"game": "ripple", "grid": [[...], ...], ...}
  puzzlebot solve ripple examples/ripple.json --animate --speed 200
  puzzlebot solve ripple examples/ripple.json --steps search.gif
"""


class RippleSolver(Solver):
    description = ("Solve a Ripple Effect puzzle (rooms of n cells hold 1..n; two equal numbers N in "
                   "a row or column need N cells between them) with Dancing Links.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        from puzzlebot.bot.options import number_in

        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--count", action="store_true", help="say whether there are 0, 1 or more solutions")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")
        p.add_argument("--animate", action="store_true", help="draw the search live in the terminal (Ctrl-C stops)")
        p.add_argument("--speed", type=number_in("--speed", 0.1, 1000, "steps per second", zero_too=True),
                       default=20, metavar="STEPS",
                       help="animation speed in steps per second, 0.1 to 1000 (0: as fast as possible; default 20)")
        p.add_argument("--steps", metavar="OUT",
                       help="save the search as pictures: OUT.gif (animation) or OUT.png (contact sheet)")
        p.add_argument("--timeout", type=number_in("--timeout", 0.001, 86400), metavar="S",
                       help="give up after S seconds")

    def solve(self, args) -> int:
        import signal

        from puzzlebot.bot.options import read_text
        from puzzlebot.bot.ripple_view import animate, save_steps
        from puzzlebot.solvers.dlx import CancelToken
        from puzzlebot.solvers.ripple import RippleAnswer, no_solution, parse_ripple, solve, violations

        p = parse_ripple(read_text(args.file), args.file)
        if args.steps and args.file != "-":
            from puzzlebot.vision.image_io import same_file

            if same_file(args.steps, args.file):
                raise InputError(f"--steps {args.steps} is the puzzle file itself: name another file for the pictures")
        token = CancelToken(args.timeout)
        previous = signal.signal(signal.SIGINT, lambda *_: token.cancel())  # stop cleanly, links restored
        try:
            if args.steps:
                frames, steps = save_steps(p, args.steps, cancel=token)
                print(f"saved {frames} frames of {steps} search steps to {args.steps}", file=sys.stderr)
            if args.animate:
                first, count, _ = animate(p, args.speed, cancel=token)
                ans = RippleAnswer(first, count, 2, 0, p)
            else:
                ans = solve(p, limit=2, cancel=token)
        finally:
            signal.signal(signal.SIGINT, previous)
        if ans.solution is None:
            if args.count:
                print("no solution")
            raise no_solution(p)  # exit 3, as for every game
        broken = violations(p, ans.solution)
        if broken:  # the checker disagrees with the solver: report it, never print a wrong grid as solved
            raise PuzzlebotError(f"internal error: the solver's answer breaks a rule ({broken[0]}); please report it")
        print(json.dumps(ans.to_json()) if args.json else ans.to_text(count=args.count))
        return 0


GAME = Game(name="ripple", title="Ripple Effect",
            summary="Ripple Effect: numbered rooms, as exact cover with Dancing Links", solver=RippleSolver())
