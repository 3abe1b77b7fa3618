"""LinkedIn Mini Sudoku (6x6, 2x3 boxes; 4x4 and 9x9 too): every row,
column and box holds 1..n once.  The bot selects a cell and types its
digit, checking each digit on screen; wrong entries are cleared and
replaced; givens are never touched."""

from __future__ import annotations

import json

from puzzlebot.bot.actions import Key
from puzzlebot.bot.games.base import (
    Advice, Detection, Game, Generator, Player, Reader, Scorer, Solver, WebStandIn, solve_each, unsure_json
)
from puzzlebot.solvers.errors import InputError, UnsolvableError

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

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect sudoku examples/sudoku.png
  puzzlebot detect sudoku examples/sudoku.png --json
  puzzlebot detect sudoku examples/sudoku.png --debug seen.png   # givens, entries and doubts drawn over it

exit status 4 when the image holds no Mini Sudoku board (or only part of one);
with --strict also when any cell is unsure.
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

        return solve_each(parse_sudoku_many(read_text(args.file), args.file), args, _solve_one)


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


class SudokuReader(Reader):
    description = ("Read a Mini Sudoku board (4x4, 6x6 or 9x9, any look): each digit, whether it is a given "
                   "or entered (told by its look), pencil notes ignored, and how sure each cell is.")
    epilog = DETECT_EXAMPLES
    example_image = "examples/sudoku.png"
    vision_module = "puzzlebot.vision.sudoku_reader"

    def read_board(self, img, lattice=None, hint=None):
        from puzzlebot.vision import sudoku_reader

        return sudoku_reader.read(img, lattice)

    def check(self, reading) -> None:
        from puzzlebot.solvers.sudoku import SudokuPuzzle, violations

        p = reading.board
        broken = violations(SudokuPuzzle(p.n, p.givens), p.givens, whole=False)
        if broken:
            raise UnsolvableError(f"the givens read break a rule ({broken[0]}): misread, or not a Sudoku")

    def read_cells(self, img, lattice, reading, only=None):
        from puzzlebot.vision.sudoku_reader import read_cells

        return read_cells(img, lattice, reading, only)

    def whole_in(self, img, lattice, reading):
        from puzzlebot.vision.sudoku_reader import whole_in

        return whole_in(img, lattice, reading)

    def describe(self, rd) -> Detection:
        from puzzlebot.solvers.sudoku import rows_text
        from puzzlebot.vision.reading import where_name
        from puzzlebot.vision.sudoku_reader import RED

        p, lat, n = rd.board, rd.lattice, rd.board.n
        lines = []
        for r in range(n):
            cells = []
            for c in range(n):
                v = int(rd.state[r, c])
                ch = "?" if v < 0 else "." if v == 0 else str(v % RED)
                mark = " " if v <= 0 or p.givens[r][c] else ("!" if v >= RED else "'")
                cells.append(ch + mark)
            lines.append(" ".join(cells))
        red = [(r, c) for r in range(n) for c in range(n) if rd.state[r, c] >= RED]
        lines.append(f"{n}x{n} board, {sum(map(bool, sum(p.givens, [])))} givens, "
                     f"{sum(map(bool, sum(p.entries, [])))} entered (told by {rd.looks.told_by}); pitch "
                     f"{lat.px:.1f} px at ({lat.x0:.0f}, {lat.y0:.0f}); ' entered, ! drawn red, ? unsure")
        for w, why in rd.unsure.items():
            lines.append(f"unsure: {where_name(w)}: {why}")
        def text(grid):  # unsure cells as '?'
            return ["".join("?" if rd.state[r, c] < 0 else ch for c, ch in enumerate(row))
                    for r, row in enumerate(rows_text(grid))]

        data = {"game": "sudoku", "size": [n, n], "givens": text(p.givens), "rows": text(p.shown()),
                "entries": text(p.entries), "red": [list(rc) for rc in red], "lattice": lat.as_dict(),
                "sure": rd.sure, "told_by": rd.looks.told_by,
                "unsure": unsure_json(rd)}
        unsure = [f"{where_name(w)}: {why}" for w, why in rd.unsure.items()]
        return Detection(rd, "\n".join(lines), data, unsure, lambda image: _debug(image, rd))


def _flags(rule: str, grid, givens, solution) -> list[list[bool]]:
    """Which entered digits a game draws red: those repeating a digit of
    their row, column or box ("conflict"), those the solution contradicts
    ("wrong"), or none."""
    from puzzlebot.solvers.sudoku import BOXES

    n = len(grid)
    br, bc = BOXES[n]
    out = [[False] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if not v or givens[r][c] or rule == "none":
                continue
            if rule == "wrong":
                out[r][c] = v != solution[r][c]
                continue
            r0, c0 = r - r % br, c - c % bc
            peers = {(r, k) for k in range(n)} | {(k, c) for k in range(n)} | \
                {(i, j) for i in range(r0, r0 + br) for j in range(c0, c0 + bc)}
            out[r][c] = any(grid[i][j] == v for i, j in peers - {(r, c)})
    return out


class SudokuPlayer(Player):
    window_title = "Mini Sudoku"
    run_examples = """\
  puzzlebot run sudoku --window "Mini Sudoku"
  puzzlebot run sudoku --dry-run --hint plan.png    # the digits to type drawn on the screenshot, touch nothing
"""

    def plan(self, reading):
        """Wrong entries cleared first (select, Backspace), then each empty
        cell selected and its digit typed; givens never touched.  Each
        action's board after it says which digits the game will draw red,
        by the rule the board read shows (repeats, or digits the solution
        contradicts, or none): a red the rule does not explain stops."""
        import numpy as np

        from puzzlebot.solvers.sudoku import SudokuPuzzle, solve
        from puzzlebot.vision.sudoku_reader import RED

        p, n = reading.board, reading.board.n
        ans = solve(SudokuPuzzle(n, p.givens), limit=1)
        if ans.grid is None:
            raise UnsolvableError("the givens on screen have no solution: not typing")
        full = ans.grid
        shown = p.shown()
        red = [[bool(reading.state[r, c] >= RED) for c in range(n)] for r in range(n)]
        rule = next((k for k in ("conflict", "wrong", "none") if _flags(k, shown, p.givens, full) == red), None)
        if rule is None:
            cells = [f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n) if red[r][c]]
            raise UnsolvableError(f"digits drawn red ({', '.join(cells)}) that are neither the repeats nor the "
                                  "wrong entries: not typing")

        def state_of(grid):
            f = _flags(rule, grid, p.givens, full)
            return np.array([[grid[r][c] + (RED if f[r][c] else 0) for c in range(n)] for r in range(n)], np.int64)

        actions, grid = [], [row[:] for row in shown]
        state = state_of(grid)
        wrong = [(r, c) for r in range(n) for c in range(n) if p.entries[r][c] and p.entries[r][c] != full[r][c]]
        todo = [(r, c) for r in range(n) for c in range(n) if not grid[r][c] or (r, c) in wrong]
        pad = reading.looks.pad
        for r, c in wrong if pad is None else ():  # (a pad's digit takes the wrong one's place)
            grid[r][c] = 0
            after = state_of(grid)
            actions.append(Key((r, c), "backspace", before=state, after=after))
            state = after
        for r, c in todo:
            grid[r][c] = full[r][c]
            after = state_of(grid)
            digit = str(full[r][c])
            actions.append(Key((r, c), digit, None if pad is None else pad[digit], before=state, after=after))
            state = after
        return actions

    def other_way(self, reading, action):
        return isinstance(action, Key) and reading.looks.pad is None

    def instead(self, reading, action, shot):
        """A game that takes no typed digit (a phone-like page) takes them
        from its own number pad: where one shows beside the board, with
        each of 1..n once, the digits go by its keys."""
        import dataclasses

        from puzzlebot.vision.screen_keys import find_pad

        if not self.other_way(reading, action):
            return None
        pad = find_pad(shot, reading.lattice, reading.board.n)
        if pad is None:
            return None
        looks = dataclasses.replace(reading.looks, pad=pad)
        return (dataclasses.replace(reading, looks=looks),
                f"a typed digit went unnoticed: the digits go by the game's own keys 1 to {reading.board.n}")


    def advise(self, reading):
        """An entry the givens rule out, else the solver's next single (the
        cell, the rule and the digit)."""
        from puzzlebot.solvers.sudoku import hint

        h = hint(reading.board)
        if h.solved:
            return Advice.done()
        if h.wrong:
            return Advice.mistake(h.wrong, (h.wrong_cell,))
        levels = tuple(h.level(k) for k in (1, 2, 3))
        if h.step is None:
            return Advice(levels)
        return Advice(levels, (h.step.cell,), answer={h.step.cell: str(h.step.digit)})


class SudokuScorer(Scorer):
    def has_board(self, label):
        return label.get("kind") != "no-board"

    def score(self, data, label):
        """Against our labels: ``size``, ``givens``, ``rows`` (every digit
        shown) and ``red`` where the label has it."""
        if list(data["size"]) != list(label["size"]):
            return [(f"read {data['size'][0]}x{data['size'][1]}, the label says "
                     f"{label['size'][0]}x{label['size'][1]}", None)]
        out = []
        for r, (gr, gl, sr, sl) in enumerate(zip(data["givens"], label["givens"], data["rows"], label["rows"])):
            for c in range(len(gl)):
                if sr[c] != sl[c]:
                    out.append((f"r{r + 1}c{c + 1}: {sr[c]} read, label {sl[c]}", (r, c)))
                elif gr[c] != gl[c]:
                    out.append((f"r{r + 1}c{c + 1}: read as {'a given' if gr[c] != '.' else 'entered'}, "
                                f"the label says {'a given' if gl[c] != '.' else 'entered'}", (r, c)))
        if "red" in label and sorted(map(list, data["red"])) != sorted(map(list, label["red"])):
            out.append((f"red digits read at {data['red']}, the label says {label['red']}", None))
        return out


def _debug(img, rd):
    from puzzlebot.vision.overlay import draw_lattice, label_cells
    from puzzlebot.vision.sudoku_reader import RED

    p, lat, n = rd.board, rd.lattice, rd.board.n
    texts = {}
    for r in range(n):
        for c in range(n):
            v = int(rd.state[r, c])
            if v > 0:
                texts[(r, c)] = ("g" if p.givens[r][c] else "e") + str(v % RED) + ("!" if v >= RED else "")
    return label_cells(draw_lattice(img, lat), lat, texts, set(rd.unsure_cells))


GAME = Game(
    name="sudoku",
    aliases=("mini-sudoku",),
    title="LinkedIn Mini Sudoku",
    summary="LinkedIn Mini Sudoku: 1 to 6 once in every row, column and 2x3 box",
    values={-1: "unreadable", 0: "empty"} | {d: str(d) for d in range(1, 10)} | {10 + d: f"{d} in red" for d in range(1, 10)},
    solver=SudokuSolver(),
    generator=SudokuGenerator(),
    reader=SudokuReader(),
    player=SudokuPlayer(),
    scorer=SudokuScorer(),
    stand_in=WebStandIn("puzzlebot.sim.sudoku.page", "sudoku", "Mini Sudoku 6x6", (380, 20, 640, 720)),
)
