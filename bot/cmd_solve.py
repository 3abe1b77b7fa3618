"""``puzzlebot solve GAME FILE``: solve a puzzle file and print the answer."""

from __future__ import annotations

import json
import sys

from solvers.errors import InputError, PuzzlebotError

from .cli import game_choices, number_in, read_text


COORDINATES = """\
coordinates: text output counts rows and columns from 1 (r1c2 or (1,2): the
first row, second column); --json output gives [row, col] from 0, as array
indices; the constraint lines of the Tango text format count from 0 too."""


def register(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="solve a puzzle file and print the answer",
        description="Solve a puzzle given as a file ('-' reads standard input).",
        epilog=COORDINATES,
    )
    games = game_choices(p)
    _register_lights(games)
    _register_switches(games)
    _register_tango(games)
    _register_ripple(games)


# --- lights -----------------------------------------------------------------

LIGHTS_EXAMPLES = """\
file format: one line per row, '#' lit and '.' off; or JSON
  {"game": "lights", "rows": ["#..#", ...], "torus": false,
   "neighbourhood": "plus", "states": 2}

examples:
  puzzlebot solve lights examples/lights.txt            # cells to press, fewest presses
  puzzlebot solve lights examples/lights.txt --hint     # the board with those cells marked
  puzzlebot solve lights examples/lights.txt --explain  # is it unique? why do some boards fail?
  puzzlebot solve lights examples/lights3.txt --states 3 --torus   # digits 0-2: three states
"""


def _register_lights(games) -> None:
    p = games.add_parser(
        "lights",
        help="Lights Out / Enlight: which cells to press to turn every light off",
        description=(
            "Find the fewest presses that turn every light off. A press toggles the cell "
            "and its four neighbours (Enlight's rule); options change the wrap, the "
            "neighbourhood and the number of states."
        ),
        epilog=LIGHTS_EXAMPLES + "\n" + COORDINATES,
    )
    p.add_argument("file", help="board file ('-' for standard input)")
    p.add_argument("--hint", action="store_true", help="print the board with the cells to press in [brackets]")
    p.add_argument("--explain", action="store_true",
                   help="answer the seed's questions for this size: uniqueness, quiet patterns, "
                        "single-light boards, solving the solution")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.add_argument("--torus", action="store_true", default=None, help="edges wrap around")
    p.add_argument("--states", type=int, metavar="K", help="states per light, a prime from 2 to 251 (default 2)")
    p.add_argument("--neighbourhood", metavar="N",
                   help="plus (default), x, king, or offsets 'dr,dc;dr,dc;...'")
    p.set_defaults(func=solve_lights_cmd)


def solve_lights_cmd(args) -> int:
    from solvers.lights_explain import explain
    from solvers.lights_format import format_board, format_hint, parse_lights
    from solvers.lightsout import parse_neighbourhood, solve

    lf = parse_lights(read_text(args.file), args.file, args.states)
    if args.torus:
        lf.torus = True
    if args.states is not None:
        lf.states = args.states
        if lf.board.max() >= args.states:
            raise InputError(f"the board holds a light value {lf.board.max()}, too big for {args.states} states", args.file)
    if args.neighbourhood:
        lf.neighbourhood = parse_neighbourhood(args.neighbourhood)
    rules = lf.rules()
    if args.explain:
        print(explain(rules, lf.board))
        return 0
    answer = solve(lf.board, rules)
    if args.json:
        print(json.dumps({
            "presses": [[r, c] for r, c in answer.cells()],
            "total": answer.total,
            "solutions": answer.solutions,
            "minimal": answer.minimal,
            "method": answer.method,
        }))
        return 0
    if args.hint:
        print(format_hint(lf.board, answer.presses, rules.states))
    else:
        marks = answer.presses if rules.states > 2 else (answer.presses > 0)
        print(format_board(marks, max(rules.states, 2)).replace("#", "X"))
    cells = " ".join(f"({r + 1},{c + 1})" for r, c in answer.cells())
    print(f"{answer.total} presses (row,col from 1): {cells}" if answer.total else "already solved: no presses")
    sols = answer.solutions
    print(f"{sols} solution{'s' if sols != 1 else ''}; {answer.method}")
    return 0


# --- switches ---------------------------------------------------------------

SWITCHES_EXAMPLES = """\
file format (seed 001):
  line 1   every node name (any non-space tokens)
  line 2   the nodes whose light must flip (may be blank)
  then     one edge 'a b' per line

output: the names to press, sorted, space separated, or 'No solution' (exit 3,
with the reason on stderr). Of several answers the one with the fewest presses
is printed, ties broken by sorted order.

example:
  puzzlebot solve switches fixtures/switches/seed001.txt
  a b e f g i j k
"""


def _register_switches(games) -> None:
    p = games.add_parser(
        "switches",
        help="lights on a graph: which switches to flip",
        description="Solve the switches puzzle of seed 001 on any graph.",
        epilog=SWITCHES_EXAMPLES + "\n" + COORDINATES,
    )
    p.add_argument("file", help="puzzle file ('-' for standard input)")
    p.add_argument("--count", action="store_true", help="also print how many answers exist")
    p.set_defaults(func=solve_switches_cmd)


def solve_switches_cmd(args) -> int:
    from solvers.switches import NoSwitchSolution, parse_switches, solve_switches

    puzzle = parse_switches(read_text(args.file), args.file)
    try:
        answer = solve_switches(puzzle)
    except NoSwitchSolution as e:
        print("No solution")
        print(f"puzzlebot: {e}", file=sys.stderr)
        return e.exit_code
    print(answer.line())
    if args.count:
        print(f"solutions: {answer.solutions}" + (f" (2^{answer.nullity})" if answer.nullity > 1 else ""))
    if not answer.minimal:
        print(f"puzzlebot: note: {answer.method}", file=sys.stderr)
    return 0


# --- tango ------------------------------------------------------------------

TANGO_EXAMPLES = """\
file format: rows of S (sun), M (moon), . (empty), lower-case s/m for pieces
you placed (not locked), then one constraint per line 'r1 c1 r2 c2 =' or
'r1 c1 r2 c2 x' (0-based); or JSON
  {"game": "tango", "rows": ["S....S", ...], "edges": [[0, 2, 0, 3, "x"]]}

examples:
  puzzlebot solve tango examples/tango.txt             # the solution and how many exist
  puzzlebot solve tango examples/tango.txt --explain   # every deduction, in order
  puzzlebot solve tango examples/tango.txt --hint 2    # the next step: 1 where, 2 rule, 3 cell
"""


def _register_tango(games) -> None:
    p = games.add_parser(
        "tango",
        help="LinkedIn Tango: suns and moons",
        description=(
            "Solve a Tango board by deduction (as a person would), searching only when "
            "deduction stalls. Reports whether the solution is unique and a difficulty score."
        ),
        epilog=TANGO_EXAMPLES + "\n" + COORDINATES,
    )
    p.add_argument("file", help="puzzle file ('-' for standard input)")
    p.add_argument("--explain", action="store_true", help="print every deduction step in order")
    p.add_argument("--hint", type=int, nargs="?", const=1, choices=(1, 2, 3), metavar="LEVEL",
                   help="print only the next step: 1 where to look, 2 which rule, 3 which cell")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.set_defaults(func=solve_tango_cmd)


def solve_tango_cmd(args) -> int:
    from solvers.tango.board import parse_tango_many

    puzzles = parse_tango_many(read_text(args.file), args.file)
    if len(puzzles) == 1:
        return _solve_tango_one(puzzles[0][1], args)
    worst = 0
    for i, (where, board) in enumerate(puzzles, 1):
        if not args.json:
            print(f"{chr(10) if i > 1 else ''}# puzzle {i}")
        try:
            _solve_tango_one(board, args)
        except PuzzlebotError as e:  # one bad puzzle does not stop the others
            msg = str(e) if str(e).startswith(where) else f"{where}: {e}"
            print(f"puzzlebot: {msg}", file=sys.stderr)
            if args.json:
                print(json.dumps({"puzzle": i, "error": str(e)}))
            worst = max(worst, e.exit_code)
        sys.stdout.flush()
    return worst


def _solve_tango_one(board, args) -> int:
    from solvers.tango.board import SYMBOL
    from solvers.tango.engine import RULES
    from solvers.tango.solve import hint, solve

    if args.hint is not None:
        print(hint(board).level(args.hint))
        return 0
    answer = solve(board, explain=args.explain or args.json)
    sol = answer.solution
    many = answer.solutions > 1
    if args.json:
        print(json.dumps({
            "solution": ["".join(SYMBOL[v] for v in row) for row in sol.cells],
            "solutions": "more than one" if many else 1,
            "deduced": answer.deduced,
            "difficulty": answer.score,
            "steps": [{"cell": list(st.cell), "value": SYMBOL[st.value], "rule": st.rule,
                       "because": st.because} for st in answer.steps],
        }))
        return 0
    if args.explain:
        for i, st in enumerate(answer.steps, 1):
            print(f"{i:3d}. [{st.rule}] {st.text()}")
        print()
    print(sol.render())
    how = "by deduction alone" if answer.deduced else f"deduction stalls; search needed ({answer.branches} branch points)"
    count = "more than one solution (this is one of them)" if many else "exactly one solution"
    score = f", difficulty {answer.score}" if answer.score is not None else ""
    print(f"{count}; solved {how}{score}")
    if args.explain:
        used = sorted({st.rule for st in answer.steps}, key=lambda r: RULES[r].tier)
        print("rules used: " + ", ".join(used))
    return 0


# --- ripple -----------------------------------------------------------------

RIPPLE_EXAMPLES = """\
file format (JSON): {"game": "ripple", "rooms": [[0, 0, 1], ...], "givens": [[0, 2, 0], ...]}
(room id per cell; 0 = empty cell)

examples:
  puzzlebot solve ripple examples/ripple.json                 # solved grid with room borders
  puzzlebot solve ripple examples/ripple.json --count         # 0, 1 or more than one solution
  puzzlebot solve ripple examples/ripple.json --animate --speed 200
  puzzlebot solve ripple examples/ripple.json --steps search.gif
"""


def _register_ripple(games) -> None:
    p = games.add_parser(
        "ripple",
        help="Ripple Effect: numbered rooms, as exact cover with Dancing Links",
        description=(
            "Solve a Ripple Effect puzzle (rooms of n cells hold 1..n; two equal numbers N in "
            "a row or column need N cells between them) with Dancing Links."
        ),
        epilog=RIPPLE_EXAMPLES + "\n" + COORDINATES,
    )
    p.add_argument("file", help="puzzle file ('-' for standard input)")
    p.add_argument("--count", action="store_true", help="say whether there are 0, 1 or more solutions")
    p.add_argument("--animate", action="store_true", help="draw the search live in the terminal (Ctrl-C stops)")
    p.add_argument("--speed", type=number_in("--speed", 0.1, 1000, "steps per second", zero_too=True), default=20,
                   metavar="STEPS",
                   help="animation speed in steps per second, 0.1 to 1000 (0: as fast as possible; default 20)")
    p.add_argument("--steps", metavar="OUT", help="save the search as pictures: OUT.gif (animation) or OUT.png (contact sheet)")
    p.add_argument("--timeout", type=number_in("--timeout", 0.001, 86400), metavar="S", help="give up after S seconds")
    p.set_defaults(func=solve_ripple_cmd)


def solve_ripple_cmd(args) -> int:
    import signal

    from solvers.dlx import CancelToken
    from solvers.ripple import no_solution, parse_ripple, solve, violations

    from .ripple_view import animate, render, save_steps

    p = parse_ripple(read_text(args.file), args.file)
    token = CancelToken(args.timeout)
    previous = signal.signal(signal.SIGINT, lambda *_: token.cancel())  # stop cleanly, links restored
    try:
        if args.steps:
            frames, steps = save_steps(p, args.steps, cancel=token)
            print(f"saved {frames} frames of {steps} search steps to {args.steps}", file=sys.stderr)
        if args.animate:
            first, count, _ = animate(p, args.speed, cancel=token)
        else:
            ans = solve(p, limit=2, cancel=token)
            first, count = ans.solution, ans.count
    finally:
        signal.signal(signal.SIGINT, previous)
    if first is None:
        if args.count:
            print("no solution")
            return 0
        raise no_solution(p)
    broken = violations(p, first)
    if broken:  # the checker disagrees with the solver: report it, never print a wrong grid as solved
        raise PuzzlebotError(f"internal error: the solver's answer breaks a rule ({broken[0]}); please report it")
    print(render(p, first))
    text = "exactly one solution" if count == 1 else "more than one solution (this is one)"
    if args.count or count > 1:
        print(text)
    return 0
