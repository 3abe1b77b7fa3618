"""The switches puzzle of seed 001: lights on a graph, a switch flips its
node and the nodes joined to it.  Files only (no screen game)."""

from __future__ import annotations

import json
import sys

from puzzlebot.bot.games.base import Game, Solver

EXAMPLES = """\
file format (seed 001):
  line 1   every node name (any non-space tokens)
  line 2   the nodes whose light must flip (may be blank)
  then     one edge 'a b' per line

output: the names to press, sorted, space separated, or 'No solution' (exit 3,
with the reason on stderr). Of several answers the one with the fewest presses
is printed, ties broken by sorted order.

examples:
  puzzlebot solve switches examples/switches.txt
  a b e f g i j k
  puzzlebot solve switches examples/switches.txt --json
"""


class SwitchesSolver(Solver):
    description = "Solve the switches puzzle of seed 001 on any graph."
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--count", action="store_true", help="also print how many answers exist")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.switches import NoSwitchSolution, parse_switches, solve_switches

        puzzle = parse_switches(read_text(args.file), args.file)
        try:
            answer = solve_switches(puzzle)
        except NoSwitchSolution as e:
            if not args.json:
                print("No solution")
            print(f"puzzlebot: {e}", file=sys.stderr)
            return e.exit_code
        print(json.dumps(answer.to_json()) if args.json else answer.to_text(count=args.count))
        if not answer.minimal:
            print(f"puzzlebot: note: {answer.method}", file=sys.stderr)
        return 0


GAME = Game(name="switches", title="the switches graph puzzle", summary="lights on a graph: which switches to flip",
            solver=SwitchesSolver())
