"""LinkedIn Patches (a Shikaku): divide the grid into rectangles, each
holding one clue and of its shape and area.  The bot drags each patch
corner to corner and checks it on screen; Tatham's Rectangles is the same
game with areas only."""

from __future__ import annotations

import json

from puzzlebot.bot.actions import Click, Drag
from puzzlebot.bot.games.base import (
    Advice, Detection, Game, Generator, Player, Reader, Scorer, Solver, WebStandIn, solve_each, unsure_json
)
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

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect patches examples/patches.png
  puzzlebot detect patches examples/patches.png --json
  puzzlebot detect patches examples/patches.png --debug seen.png   # clues and patches drawn over it

exit status 4 when the image holds no Patches board (or only part of one);
with --strict also when any clue or patch is unsure.
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


class PatchesReader(Reader):
    description = ("Read a Patches board (4x4 to 20x20): each clue's shape (square, wide, tall, any) and area, "
                   "the patches drawn so far, and how sure each cell is.")
    epilog = DETECT_EXAMPLES
    example_image = "examples/patches.png"
    values_in_middles = False  # a patch's edges are read on the cells' sides
    vision_module = "puzzlebot.vision.patches_reader"

    def read_board(self, img, lattice=None, hint=None):
        from puzzlebot.vision import patches_reader

        return patches_reader.read(img, lattice)

    def read_cells(self, img, lattice, reading, only=None):
        from puzzlebot.vision.patches_reader import read_cells

        return read_cells(img, lattice, reading, only)

    def whole_in(self, img, lattice, reading):
        from puzzlebot.vision.patches_reader import whole_in

        return whole_in(img, lattice, reading)

    def check(self, reading) -> None:
        p = reading.board
        total = sum(a for _, a in p.clues.values() if a is not None)
        if total > p.rows * p.cols:
            raise UnsolvableError(f"the clues read ask for {total} cells, the board has {p.rows * p.cols}: misread, "
                                  "or not a Patches board")

    def describe(self, rd) -> Detection:
        from puzzlebot.solvers.patches import render
        from puzzlebot.vision.reading import where_name

        p, lat = rd.board, rd.lattice
        marks = {"square": "S", "wide": "W", "tall": "T", "any": "A"}
        lines = render(p, p.rects).split("\n")
        lines.append("clues: " + ", ".join(f"r{r + 1}c{c + 1} {marks[s]}{a if a is not None else ''}"
                                            for (r, c), (s, a) in sorted(p.clues.items())))
        lines.append(f"{p.rows}x{p.cols} board, {len(p.clues)} clues, {len(p.rects)} patches drawn; pitch "
                     f"{lat.px:.1f} px at ({lat.x0:.0f}, {lat.y0:.0f}); a patch's cells share a letter "
                     "(its clue's in capitals)")
        for w, why in rd.unsure.items():
            lines.append(f"unsure: {where_name(w)}: {why}")
        data = p.to_json()
        data.update({"lattice": lat.as_dict(), "sure": rd.sure, "unsure": unsure_json(rd)})
        unsure = [f"{where_name(w)}: {why}" for w, why in rd.unsure.items()]
        return Detection(rd, "\n".join(lines), data, unsure, lambda image: _debug(image, rd))


class PatchesPlayer(Player):
    window_title = "Patches"
    run_examples = """\
  puzzlebot run patches --window Patches
  puzzlebot run patches --dry-run --hint plan.png   # each patch's drag drawn on the screenshot, touch nothing
"""

    def plan(self, reading):
        """One drag per patch of the answer not drawn yet, from its top-left
        cell to its bottom-right one (a one-cell patch: a click).  The
        player's right patches stay; a drawn patch the answer does not have
        goes when an answer patch is drawn over it (the game replaces what a
        new patch overlaps); a click inside a patch takes it away first where
        a one-cell patch must go there."""
        from puzzlebot.solvers.patches import PatchesPuzzle, cells_of, solve, violations
        from puzzlebot.vision.patches_reader import expected_values

        p = reading.board
        bare = PatchesPuzzle(p.rows, p.cols, p.clues)
        right = [x for x in p.rects if not violations(bare, [x], whole=False)]
        ans = solve(bare, limit=1, keep=right) if right else None
        if ans is None or ans.rects is None:
            ans = solve(bare, limit=1)
        if ans.rects is None:
            raise UnsolvableError("the clues on screen have no solution: not dragging")
        if reading.looks.icons == "printed" and not reading.looks.fills_only:
            return _outline_plan(reading, ans.rects)
        drawn = list(p.rects)
        state = reading.state.copy()
        actions = []
        fills = reading.looks.fills_only

        def overlaps(a, b) -> bool:
            return not (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])

        for rect in sorted(ans.rects):
            if rect in drawn:
                continue
            r0, c0, h, w = rect
            if h * w == 1:
                inside = [x for x in drawn if overlaps(x, rect)]
                if inside:  # a tap inside a bigger patch takes that patch away; a second tap draws the cell's own
                    drawn = [x for x in drawn if x not in inside]
                    after = expected_values(p.rows, p.cols, drawn, fills)
                    actions.append(Click((r0, c0), before=state, after=after))
                    state = after
                drawn.append(rect)
                after = expected_values(p.rows, p.cols, drawn, fills)
                actions.append(Click((r0, c0), before=state, after=after))
            else:
                drawn = [x for x in drawn if not overlaps(x, rect)] + [rect]
                after = expected_values(p.rows, p.cols, drawn, fills)
                actions.append(Drag(((r0, c0), (r0 + h - 1, c0 + w - 1)), before=state, after=after,
                                    over=frozenset(cells_of(rect)), follow=False))
            state = after
        return actions

    def probe(self, reading, plan, asked=False):
        """On a board with no patch drawn yet, how the game draws one (with
        a border, or as a fill with the grid's lines kept across it) is the
        game's to show: the plan's first drag is tried alone first."""
        from puzzlebot.bot.actions import Drag

        if asked or reading.looks.fills_only or reading.board.rects:
            return None
        return plan[0] if plan and isinstance(plan[0], Drag) else None

    def learn(self, reading, probe, seen, shot=None, lat=None):
        """A patch drawn as predicted (a border, or Tatham's outline): so it
        is drawn.  Else the patch's cells, and they alone, filled (the grid's
        lines kept across the fill): the game draws patches as fills, and the
        bot checks from now on which cells a patch covers."""
        import dataclasses

        import numpy as np

        from puzzlebot.bot.actions import cell_name
        from puzzlebot.vision.patches_reader import expected_values, filled_cells

        on = cell_name(probe.cell)
        (r0, c0), (r1, c1) = probe.path[0], probe.path[-1]
        board = dataclasses.replace(reading.board, rects=[(r0, c0, r1 - r0 + 1, c1 - c0 + 1)])  # none before
        want = expected_values(board.rows, board.cols, board.rects, fills_only=True)
        filled = shot is not None and np.array_equal(filled_cells(shot, lat, reading), want > 0)
        printed = reading.looks.icons == "printed"
        if np.array_equal(seen, probe.after) and not (printed and filled):
            # (a fill's edge against the page can pass for a printed outline)
            return dataclasses.replace(reading, board=board, state=seen.copy()), \
                f"a drag from {on} draws a patch with its {'outline' if printed else 'border'}"
        if not filled:
            return None, f"a drag from {on} drew something other than the patch it was to draw"
        looks = dataclasses.replace(reading.looks, fills_only=True)
        return dataclasses.replace(reading, board=board, looks=looks, state=want), \
            f"a drag from {on} fills a patch and leaves the grid's lines across it: patches are told by their fill"

    def advise(self, reading):
        """A drawn patch the answer has not, else the solver's next forced
        patch (the clue, the rule, the rectangle and why)."""
        from puzzlebot.solvers.patches import cells_of, hint

        h = hint(reading.board)
        if h.solved:
            return Advice.done()
        if h.wrong is not None:
            return Advice.mistake(h.level(3), tuple(cells_of(h.wrong)))
        levels = tuple(h.level(k) for k in (1, 2, 3))
        if h.rect is None:
            return Advice(levels)
        r, c, height, width = h.rect
        return Advice(levels, tuple(cells_of(h.rect)), answer={(r, c): f"{height}x{width}"})


def _outline_plan(reading, answer) -> list:
    """Tatham's Rectangles: a drag draws a rectangle's edges and removes
    any inside it; each answer rectangle not outlined exactly yet is dragged
    (a one-cell one cannot be drawn by a drag: refused)."""
    from puzzlebot.solvers.patches import rect_name
    from puzzlebot.vision.patches_reader import bits_of, edges_of

    h, v = edges_of(reading.state)
    state, actions = reading.state.copy(), []
    for rect in sorted(answer):
        r0, c0, rh, rw = rect
        inner_h, inner_v = h[r0 + 1:r0 + rh, c0:c0 + rw], v[r0:r0 + rh, c0 + 1:c0 + rw]
        if h[r0, c0:c0 + rw].all() and h[r0 + rh, c0:c0 + rw].all() and v[r0:r0 + rh, c0].all() \
                and v[r0:r0 + rh, c0 + rw].all() and not inner_h.any() and not inner_v.any():
            continue
        if rh * rw == 1:
            raise UnsolvableError(f"the answer has a one-cell rectangle at {rect_name(rect)}: this game draws "
                                  "rectangles by dragging, which a single cell cannot be; not playing")
        h, v = h.copy(), v.copy()
        h[r0, c0:c0 + rw] = h[r0 + rh, c0:c0 + rw] = True
        v[r0:r0 + rh, c0] = v[r0:r0 + rh, c0 + rw] = True
        h[r0 + 1:r0 + rh, c0:c0 + rw] = False
        v[r0:r0 + rh, c0 + 1:c0 + rw] = False
        after = bits_of(h, v)
        actions.append(Drag(((r0, c0), (r0 + rh - 1, c0 + rw - 1)), before=state, after=after,
                            over=frozenset((r, c) for r in range(r0, r0 + rh) for c in range(c0, c0 + rw)),
                            follow=False))
        state = after
    return actions


class PatchesScorer(Scorer):
    def has_board(self, label):
        return label.get("kind") != "no-board"

    def score(self, data, label):
        """Against our Patches labels: ``size``, ``clues`` (shape and area)
        and ``rects`` (the patches drawn)."""
        if list(data["size"]) != list(label["size"]):
            return [(f"read {data['size'][0]}x{data['size'][1]}, the label says "
                     f"{label['size'][0]}x{label['size'][1]}", None)]
        out = []
        got = {(r, c): (s, a) for r, c, s, a in data["clues"]}
        want = {(r, c): (s, a) for r, c, s, a in label["clues"]}
        name = lambda v: "no clue" if v is None else f"{v[0]} {v[1] if v[1] is not None else '(no area)'}"  # noqa: E731
        for cell in sorted(set(got) | set(want)):
            if got.get(cell) != want.get(cell):
                out.append((f"r{cell[0] + 1}c{cell[1] + 1}: {name(got.get(cell))} read, label {name(want.get(cell))}",
                            cell))
        gr, wr = {tuple(x) for x in data.get("rects", [])}, {tuple(x) for x in label.get("rects", [])}
        out += [(f"patch {list(x)} read, not in the label", tuple(x[:2])) for x in sorted(gr - wr)]
        out += [(f"patch {list(x)} missed", tuple(x[:2])) for x in sorted(wr - gr)]
        return out


def _debug(img, rd):
    import cv2

    from puzzlebot.vision.overlay import ORANGE, draw_lattice, label_cells

    p, lat = rd.board, rd.lattice
    out = draw_lattice(img, lat)
    for r0, c0, h, w in p.rects:
        x0, y0 = lat.x0 + c0 * lat.px, lat.y0 + r0 * lat.py
        cv2.rectangle(out, (int(x0 + 3), int(y0 + 3)), (int(x0 + w * lat.px - 3), int(y0 + h * lat.py - 3)), ORANGE, 2)
    marks = {"square": "S", "wide": "W", "tall": "T", "any": "A"}
    texts = {cell: marks[s] + (str(a) if a is not None else "") for cell, (s, a) in p.clues.items()}
    return label_cells(out, lat, texts, {w for w in rd.unsure if isinstance(w, tuple) and len(w) == 2})


GAME = Game(
    name="patches",
    aliases=("shikaku", "rect"),
    title="LinkedIn Patches",
    summary="LinkedIn Patches (Shikaku): rectangles of each clue's shape and area",
    values={-1: "unreadable", 0: "no patch"} | {v: "in a patch" for v in range(1, 32)},
    solver=PatchesSolver(),
    generator=PatchesGenerator(),
    reader=PatchesReader(),
    player=PatchesPlayer(),
    scorer=PatchesScorer(),
    stand_in=WebStandIn("puzzlebot.sim.patches.page", "patches", "Patches 6x6", (380, 20, 640, 700), "--size", "6"),
)
