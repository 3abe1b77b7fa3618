"""LinkedIn Queens: one queen in every row, column and coloured region, no
two touching.  A click cycles a cell empty -> x -> queen -> empty (the
game's own cycle, as Tango's empty -> sun -> moon; another game's click may
put a queen at once, or the game mark x's itself where a queen rules cells
out: learnt from its answers to the first clicks); the bot places the
queens and takes away wrong ones, and leaves the player's x marks."""

from __future__ import annotations

import json
import sys

from puzzlebot.bot.actions import cell_name
from puzzlebot.bot.games.base import (
    Advice, Detection, Game, Generator, Player, Reader, Scorer, Solver, WebStandIn, cells_text, click_plan,
    cycle_clicks, solve_each, unsure_json
)
from puzzlebot.solvers.errors import InputError, UnsolvableError

EXAMPLES = """\
file format: one row of region letters per line (any letter or symbol names a
region: n regions on an n x n board), optionally a blank line and n rows of
the board (Q queen, x mark, . empty); or JSON
  {"game": "queens", "regions": ["AABB...", ...], "queens": [[0, 3]], "marks": []}

examples:
  puzzlebot solve queens examples/queens.txt             # the queens and whether they are the only answer
  puzzlebot solve queens examples/queens.txt --explain   # every deduction, in order
  puzzlebot solve queens examples/queens.txt --hint 3    # the next step: 1 where, 2 rule, 3 cell
  puzzlebot solve queens examples/queens.txt --json
"""

GENERATE_EXAMPLES = """\
examples:
  puzzlebot generate queens --size 9 --seed 4
  puzzlebot generate queens --size 8 --count 3 --format json > queens.jsonl
  puzzlebot solve queens queens.jsonl       # solves each puzzle in the file
"""

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect queens examples/queens.png
  puzzlebot detect queens examples/queens.png --json
  puzzlebot detect queens examples/queens.png --debug seen.png   # regions and pieces drawn over it

exit status 4 when the image holds no Queens board (or only part of one);
with --strict also when any cell or region is unsure.
"""

# --count beyond this is refused at once.
MAX_COUNT = 10_000


class QueensSolver(Solver):
    description = ("Solve a Queens board by deduction (as a person would) and by a search that "
                   "propagates; says whether the answer is the only one.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--explain", action="store_true", help="print every deduction step in order")
        p.add_argument("--hint", type=int, nargs="?", const=1, choices=(1, 2, 3), metavar="LEVEL",
                       help="print only the next step from the queens on the board: 1 where to look, "
                            "2 which rule, 3 which cell")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.queens import parse_queens_many

        return solve_each(parse_queens_many(read_text(args.file), args.file), args, _solve_one)


def _solve_one(p, args) -> int:
    from puzzlebot.solvers.queens import explain, hint, no_solution, solve, violations

    if args.hint is not None:
        print(hint(p).level(args.hint))
        return 0
    ans = solve(p)
    if ans.solution is None:
        raise no_solution(p)
    broken = violations(p, ans.solution)
    if broken:  # the checker disagrees with the solver: never print a wrong answer as solved
        raise UnsolvableError(f"internal error: the solver's answer breaks a rule ({broken[0]}); please report it")
    if args.explain or args.json:
        ans.explanation = explain(p)
    print(json.dumps(ans.to_json()) if args.json else ans.to_text())
    return 0


class QueensGenerator(Generator):
    description = "Queens puzzles with exactly one solution, reproducible with --seed."
    epilog = GENERATE_EXAMPLES

    def arguments(self, p) -> None:
        from puzzlebot.solvers.queens import GENERATE_MAX, MIN_SIZE

        p.add_argument("--size", type=int, default=8, help=f"board side, {MIN_SIZE} to {GENERATE_MAX} (default 8)")
        p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
        p.add_argument("--seed", type=int, help="random seed, for reproducible output")
        p.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (rows of region letters, puzzles separated by a blank line) or json (one per line)")

    def generate(self, args) -> int:
        import random

        from puzzlebot.bot.options import progress
        from puzzlebot.solvers.queens import GENERATE_MAX, MIN_SIZE, generate

        if not 1 <= args.count <= MAX_COUNT:
            raise InputError(f"--count must be 1 to {MAX_COUNT}, got {args.count}")
        if not MIN_SIZE <= args.size <= GENERATE_MAX:
            raise InputError(f"--size must be {MIN_SIZE} to {GENERATE_MAX}, got {args.size}")
        rng = random.Random(args.seed)
        show = progress("generated")
        for i in range(args.count):
            p = generate(args.size, rng.randrange(2**32))
            if args.format == "json":
                print(json.dumps(p.to_json()), flush=True)
            else:
                print(("\n" if i else "") + f"# puzzle {i + 1}: {args.size}x{args.size}")
                print(p.to_text(), end="", flush=True)
            show(i + 1, args.count)
        return 0


class QueensReader(Reader):
    description = ("Read a Queens board (any palette, 4x4 to 26x26): the colour regions, queens "
                   "and x marks, and say how sure each is.")
    epilog = DETECT_EXAMPLES
    example_image = "examples/queens.png"
    vision_module = "puzzlebot.vision.queens_reader"

    def read_board(self, img, lattice=None, hint=None):
        from puzzlebot.vision import queens_reader

        return queens_reader.read(img, lattice)

    def read_cells(self, img, lattice, reading, only=None):
        from puzzlebot.vision.queens_reader import read_cells

        return read_cells(img, lattice, reading, only)

    def whole_in(self, img, lattice, reading):
        from puzzlebot.vision.queens_reader import whole_in

        return whole_in(img, lattice, reading)

    def describe(self, rd) -> Detection:
        import numpy as np

        from puzzlebot.vision.queens_reader import region_letters

        lat, looks = rd.lattice, rd.looks
        n = lat.rows
        letters = region_letters(looks.regions)
        unsure = set(rd.unsure_cells)
        lines = []
        for r in range(n):
            lines.append(" ".join("?" if (r, c) in unsure else
                                  {2: "Q", 1: "x"}.get(int(rd.state[r, c]), letters[r][c].lower())
                                  for c in range(n)))
        lines.append(f"{n}x{n} board, {int(looks.regions.max()) + 1} regions "
                     f"({'thick borders agree' if looks.thick else 'fill colours only: no thick borders seen'}"
                     f"{', checkerboard shading undone' if looks.shaded else ''}), "
                     f"pitch {lat.px:.1f} px at ({lat.x0:.0f}, {lat.y0:.0f}); letters = regions, Q queen, "
                     "x mark, ? unsure")
        for w in looks.why:
            lines.append("unsure: " + w)
        queens = [[int(r), int(c)] for r, c in np.argwhere(rd.state == 2)]
        marks = [[int(r), int(c)] for r, c in np.argwhere(rd.state == 1)]
        data = {"game": "queens", "regions": letters, "queens": queens, "marks": marks, "size": [n, n],
                "lattice": lat.as_dict(), "sure": rd.sure, "unsure": unsure_json(rd),
                "thick_borders": looks.thick, "checkerboard_shading": looks.shaded}
        return Detection(rd, "\n".join(lines), data, [cells_text(rd.unsure_cells)] + looks.why,
                         lambda image: _debug(image, rd))


class QueensPlayer(Player):
    window_title = "Queens"
    run_examples = """\
  puzzlebot calibrate queens --window Queens
  puzzlebot run queens --dry-run
  puzzlebot run queens --window Queens
  puzzlebot coach queens --window Queens --level 3 --no-window --timeout 3   # exit 1: not solved within 3 s
"""
    labels = {0: "-", 2: "Q"}

    def plan(self, reading):
        import numpy as np

        from puzzlebot.solvers.queens import QUEEN, solve

        ans = reading.looks.answer or solve(reading.board)  # the reader solved it while reading
        if ans.solution is None:
            raise UnsolvableError("the puzzle on screen has no solution: not clicking")
        if ans.count > 1:
            # the regions read are as many as the rows (else the reading is
            # unsure): a second answer is the puzzle's, not a misread, and a
            # game judges a placement by the rules (clones deal such levels)
            print("the puzzle on screen has more than one solution: playing one of them", file=sys.stderr)
        # queens where the answer has them; a queen anywhere else is taken
        # away (LinkedIn: one click, queen -> empty); the player's x marks stay
        target = np.where(reading.state == QUEEN, 0, reading.state)
        for r, c in ans.solution:
            target[r, c] = QUEEN
        target[reading.state == -1] = -1  # (a cell not read is not clicked: the reading is in doubt, or a probe's)
        looks = reading.looks
        for r, c in np.argwhere(target != reading.state):
            if reading.state[r, c] not in looks.cycle:
                raise UnsolvableError(f"{cell_name((int(r), int(c)))} shows {GAME.values[int(reading.state[r, c])]}, "
                                      "which this game's click never puts (it puts a queen at once): the answer "
                                      "needs a queen there; not clicking")
        steps = click_plan(reading.state, target, looks.cycle)
        return _auto_marked(steps, reading) if looks.auto_marks else steps


    def probe(self, reading, plan, asked=False):
        """A board with no queen on it yet shows nothing of how this game
        draws one, nor what a click puts first (LinkedIn: an x, then a
        queen; elsewhere a queen at once): the plan's first click that puts
        a queen on an empty cell is tried once alone (an x foreseen), then,
        where it did not put a queen, once more (a queen foreseen; where
        that took the cell back, a click puts a queen at once: once more);
        the queen's look is learnt where the game put one (a queen near its
        region's colour shows only faintly, and is read by what was learnt)."""
        from puzzlebot.bot.actions import Click
        from puzzlebot.solvers.queens import EMPTY, MARK, QUEEN

        looks = reading.looks
        if asked or looks.queen_span is not None or (reading.state == QUEEN).any():
            return None
        if looks.probed is not None:
            cell, want = looks.probed, QUEEN
        elif looks.cycle_seen:  # (the plan clicks by the cycle learnt)
            return next((a for a in plan if a.after[a.cell] == QUEEN and a.before[a.cell] in (EMPTY, MARK)), None)
        else:
            cell = next((a.cell for a in plan if a.after[a.cell] == QUEEN and reading.state[a.cell] == EMPTY), None)
            want = MARK
        if cell is None:
            return None
        after = reading.state.copy()
        after[cell] = want
        return Click(cell, before=reading.state, after=after)  # on the board as it is now

    def answered(self, reading, probe, seen):
        """A first click's answer that is no queen needs no look learnt:
        the next click tells what it was."""
        from puzzlebot.solvers.queens import QUEEN

        return not reading.looks.cycle_seen and seen[probe.cell] != QUEEN

    def learn(self, reading, probe, seen, shot=None, lat=None):
        import dataclasses

        import numpy as np

        from puzzlebot.bot.actions import cell_name
        from puzzlebot.solvers.queens import EMPTY, MARK, QUEEN
        from puzzlebot.vision.queens_reader import queen_look, queen_template, template_span

        on = cell_name(probe.cell)
        looks = reading.looks
        first = not looks.cycle_seen
        got = int(seen[probe.cell])
        look = queen_look(shot, lat, reading, probe.cell) if shot is not None and got in (QUEEN, -1) else None
        # a game that marks x's itself: the other cells changed are all
        # empty cells a queen on the probed cell rules out, now x's
        marks = _auto_marks(reading, probe.cell)
        others = seen != probe.before
        others[probe.cell] = False
        ruled_out = bool(others.any()) and all(
            (int(r), int(c)) in marks and probe.before[r, c] == EMPTY and seen[r, c] == MARK
            for r, c in np.argwhere(others))
        template = queen_template(shot, lat, reading, probe.cell) if got == QUEEN else None
        if look is None and shot is not None and got in (-1, EMPTY) and (probe.after[probe.cell] == QUEEN
                                                                          or ruled_out):
            # a queen too near its region's colour to read (or read as
            # nothing) where a queen was foreseen or the game marked the
            # cells it rules out: its shape is what changed in the cell (a
            # queen's share, span and place), and cells are compared with it
            template = queen_template(shot, lat, reading, probe.cell, faint=True)
            if template is not None:
                look, got = (template_span(template, lat), None), QUEEN
        auto = ruled_out and look is not None
        back = looks.probed is not None and got == EMPTY  # a second click took the cell back
        if first and got != QUEEN and not auto or back:
            elsewhere = self.changed_elsewhere(probe, seen, f"{'clicks' if back else 'a click'} on {on}")
            if elsewhere:
                return None, elsewhere
            state = reading.state.copy()
            state[probe.cell] = got
            if back:  # a click puts a queen at once (what the first one showed), and takes it away
                looks = dataclasses.replace(looks, cycle=(EMPTY, QUEEN), probed=None)
                why = f"a click puts a queen at once, a second takes it away ({on})"
            else:  # an x (LinkedIn's cycle), or a look no cell showed (an x, or a queen): the next click tells
                looks = dataclasses.replace(looks, cycle_seen=True, probed=None if got == MARK else probe.cell)
                why = (f"a click puts an x first ({on}), as LinkedIn's" if got == MARK else
                       f"a click on {on} put something no cell showed before: the next click there tells what")
            return dataclasses.replace(reading, looks=looks, state=state), why
        if not auto:
            elsewhere = self.changed_elsewhere(probe, seen, f"clicks on {on}")
            if elsewhere:
                return None, elsewhere
        if look is None:
            return None, f"clicks on {on} put no queen there"
        board = dataclasses.replace(reading.board, queens=set(reading.board.queens) | {probe.cell})
        # (the colour only of a queen the old looks could not read: a faint
        # one, of one colour; a crown of many colours read as a queen has none)
        # (and the queen as drawn: where a region's colour is near the
        # queen's, a cell is compared with it laid there)
        looks = dataclasses.replace(looks, queen_span=look[0], queen_colour=look[1] if got == -1 else None,
                                    queen_template=template, cycle_seen=True, probed=None, auto_marks=auto,
                                    cycle=(EMPTY, QUEEN) if first else looks.cycle)
        state = np.where(others, seen, reading.state) if auto else reading.state.copy()
        state[probe.cell] = QUEEN
        why = (f"a click puts a queen at once ({on}); its look learnt there" if first else
               f"a queen's look learnt from {on}, where the game put one")
        if auto:
            why += f"; the game marks x's itself on the cells a queen rules out ({int(others.sum())} here)"
        return dataclasses.replace(reading, board=board, looks=looks, state=state), why

    def advise(self, reading):
        """Queens that break a rule or that the only answer has not, an x
        on a queen's cell of the answer; else the solver's next deduction
        (a queen placed or a cell ruled out, and why)."""
        import numpy as np

        from puzzlebot.solvers.queens import MARK, QUEEN, QueensPuzzle, hint, solve

        p = reading.board
        bare = QueensPuzzle(p.regions, p.names)
        queens = sorted((int(r), int(c)) for r, c in np.argwhere(reading.state == QUEEN))
        for i, (r1, c1) in enumerate(queens):
            for r2, c2 in queens[i + 1:]:
                why = ("share a row" if r1 == r2 else "share a column" if c1 == c2 else
                       "share a region" if p.regions[r1][c1] == p.regions[r2][c2] else
                       "touch" if abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1 else "")
                if why:
                    return Advice.mistake(f"the queens at {cell_name((r1, c1))} and {cell_name((r2, c2))} {why}: "
                                          "one of them must go", ((r1, c1), (r2, c2)))
        ans = reading.looks.answer or solve(bare)
        if ans.solution is not None and ans.count == 1:
            right = set(ans.solution)
            for q in queens:
                if q not in right:
                    there = next(x for x in right if p.regions[x[0]][x[1]] == p.regions[q[0]][q[1]])
                    return Advice.mistake(f"{cell_name(q)} holds a queen the only answer has not: its region's "
                                          f"queen is elsewhere ({cell_name(there)})", (q,))
            for r, c in np.argwhere(reading.state == MARK):
                if (int(r), int(c)) in right:
                    return Advice.mistake(f"{cell_name((int(r), int(c)))} is marked x, but the only answer has its "
                                          "queen there", ((int(r), int(c)),))
            if right == set(queens):
                return Advice.done()
        marks = {(int(r), int(c)) for r, c in np.argwhere(reading.state == MARK)}
        # the marks are right (checked above) where the answer is known: they count as cells ruled out
        h = hint(QueensPuzzle(p.regions, p.names, set(queens), marks), marks_known=ans.count == 1)
        if h.solved:
            return Advice.done()
        if h.step is None:
            return Advice(tuple(h.level(k) for k in (1, 2, 3)))
        cell = h.step.cell
        return Advice(tuple(h.level(k) for k in (1, 2, 3)), (cell,), answer={cell: "Q" if h.step.queen else "x"})


class QueensScorer(Scorer):
    def score(self, data, label):
        """Against our Queens labels (../shared/data's and our fixtures'):
        the ``regions`` (as a partition: the letters are names), and the
        queens: ``queens`` where labelled, else the ``solution`` on a solved
        board and none on a fresh one."""
        n = label["size"]
        if data["size"] != [n, n]:
            return [(f"read {data['size'][0]}x{data['size'][1]}, the label says {n}x{n}", None)]
        got, want = data["regions"], label["regions"]
        out = []
        for r in range(n):
            for c in range(n):
                for r2, c2 in ((r, c + 1), (r + 1, c)):
                    if r2 < n and c2 < n and (got[r][c] == got[r2][c2]) != (want[r][c] == want[r2][c2]):
                        out.append((f"r{r + 1}c{c + 1} and r{r2 + 1}c{c2 + 1}: "
                                    f"{'one region' if got[r][c] == got[r2][c2] else 'two regions'} read", (r, c)))
        if "queens" in label:
            queens = label["queens"]
        else:
            queens = label.get("solution", []) if label.get("kind") == "solved" else []
        wq, gq = {tuple(x) for x in queens}, {tuple(x) for x in data["queens"]}
        out += [(f"r{r + 1}c{c + 1}: queen read, none in the label", (r, c)) for r, c in sorted(gq - wq)]
        out += [(f"r{r + 1}c{c + 1}: no queen read, the label has one", (r, c)) for r, c in sorted(wq - gq)]
        if "marks" in label:
            wm, gm = {tuple(x) for x in label["marks"]}, {tuple(x) for x in data["marks"]}
            out += [(f"r{r + 1}c{c + 1}: x {'read' if (r, c) in gm else 'missed'}", (r, c))
                    for r, c in sorted(wm ^ gm)]
        return out


def _auto_marks(reading, q) -> set[tuple[int, int]]:
    """The cells a queen on ``q`` rules out (its row, column, region and
    neighbours): where a game that marks x's itself puts them."""
    regions = reading.looks.regions
    n = regions.shape[0]
    return {(r, c) for r in range(n) for c in range(n) if (r, c) != q and
            (r == q[0] or c == q[1] or max(abs(r - q[0]), abs(c - q[1])) == 1 or regions[r, c] == regions[q])}


def _auto_marked(steps, reading):
    """The plan's clicks in a game that marks x's itself: each queen put
    leaves an x on every empty cell it rules out, in the boards foreseen
    (and a later click counted from what the cell shows then)."""
    from puzzlebot.bot.actions import Click
    from puzzlebot.solvers.queens import EMPTY, MARK, QUEEN

    cycle = reading.looks.cycle
    out, cur = [], reading.state.copy()
    for a in steps:
        want = int(a.after[a.cell])
        if cur[a.cell] == want:
            continue
        if cur[a.cell] not in cycle:
            raise UnsolvableError(f"{cell_name(a.cell)} shows {GAME.values[int(cur[a.cell])]} (the game's own mark) "
                                  "where the answer needs a queen: not clicking")
        times = cycle_clicks(cycle, int(cur[a.cell]), want)
        after = cur.copy()
        after[a.cell] = want
        if want == QUEEN:
            for x in _auto_marks(reading, a.cell):
                if after[x] == EMPTY:
                    after[x] = MARK
        out.append(Click(a.cell, times, before=cur, after=after))
        cur = after
    return out


def _debug(img, rd):
    from puzzlebot.vision.overlay import draw_lattice, label_cells
    from puzzlebot.vision.queens_reader import region_letters

    letters = region_letters(rd.looks.regions)
    n, unsure = rd.lattice.rows, set(rd.unsure_cells)
    texts = {(r, c): {2: "Q", 1: "x"}.get(int(rd.state[r, c]), letters[r][c])
             for r in range(n) for c in range(n) if (r, c) not in unsure}
    return label_cells(draw_lattice(img, rd.lattice), rd.lattice, texts, unsure)


GAME = Game(
    name="queens",
    title="LinkedIn Queens",
    summary="LinkedIn Queens: one queen per row, column and colour region",
    values={0: "empty", 1: "an x", 2: "a queen"},
    solver=QueensSolver(),
    generator=QueensGenerator(),
    reader=QueensReader(),
    player=QueensPlayer(),
    scorer=QueensScorer(),
    stand_in=WebStandIn("puzzlebot.sim.queens.page", "queens", "Queens 8x8", (380, 20, 640, 700), "--size", "8"),
)
