"""LinkedIn Zip: one path from 1 through every cell, meeting the numbers in
order, never crossing a wall.  The bot draws it by dragging, one segment
from number to number, and checks the trail the game drew after each."""

from __future__ import annotations

import json

from puzzlebot.bot.actions import Drag, cell_name
from puzzlebot.bot.games.base import (
    Advice, Detection, Game, Generator, Player, Reader, Scorer, Solver, WebStandIn, solve_each, unsure_json
)
from puzzlebot.solvers.errors import InputError, UnsolvableError

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

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect zip examples/zip.png
  puzzlebot detect zip examples/zip.png --json
  puzzlebot detect zip examples/zip.png --debug seen.png   # numbers, walls and the trail drawn over it

exit status 4 when the image holds no Zip board (or only part of one);
with --strict also when any number, wall or the trail is unsure.
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

        return solve_each(parse_zip_many(read_text(args.file), args.file), args, _solve_one)


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


class ZipReader(Reader):
    description = ("Read a Zip board (4x4 to 12x12, any look): its numbers (in discs or printed), the walls "
                   "between cells and the trail drawn so far, and say how sure each is.")
    epilog = DETECT_EXAMPLES
    example_image = "examples/zip.png"
    values_in_middles = False  # the trail's steps are read where it crosses the cells' sides
    vision_module = "puzzlebot.vision.zip_reader"

    def read_board(self, img, lattice=None, hint=None):
        from puzzlebot.vision import zip_reader

        return zip_reader.read(img, lattice)

    def check(self, reading) -> None:
        from puzzlebot.solvers.zip.board import path_violations

        p = reading.board
        broken = path_violations(p, p.path, whole=False) if p.path else []
        if broken:  # the trail read breaks a rule: the plan takes it back, nothing to refuse
            return

    def read_cells(self, img, lattice, reading, only=None):
        from puzzlebot.vision.zip_reader import read_cells

        return read_cells(img, lattice, reading, only)

    def whole_in(self, img, lattice, reading):
        from puzzlebot.vision.zip_reader import whole_in

        return whole_in(img, lattice, reading)

    def describe(self, rd) -> Detection:
        from puzzlebot.vision.reading import where_name

        p, lat = rd.board, rd.lattice
        lines = p.render().split("\n")
        lines.append(f"{p.rows}x{p.cols} board, numbers 1 to {len(p.numbers)} ({rd.looks.how}), {len(p.walls)} "
                     f"walls, {max(0, len(p.path) - 1)} steps of trail drawn; pitch {lat.px:.1f} px at "
                     f"({lat.x0:.0f}, {lat.y0:.0f}); o = cell on the trail, - and | its steps, # a wall")
        for w, why in rd.unsure.items():
            lines.append(f"unsure: {where_name(w)}: {why}")
        data = p.to_json()
        data.update({"lattice": lat.as_dict(), "sure": rd.sure,
                     "unsure": unsure_json(rd), "numbers_in": rd.looks.how})
        unsure = [f"{where_name(w)}: {why}" for w, why in rd.unsure.items()]
        return Detection(rd, "\n".join(lines), data, unsure, lambda image: _debug(image, rd))


def _answer(reading):
    """(the puzzle with nothing drawn, its answer, how many of its first
    cells the trail drawn shares: at least 1, the 1 itself)."""
    from puzzlebot.solvers.zip.board import ZipPuzzle, path_violations
    from puzzlebot.solvers.zip.solve import solve

    p = reading.board
    bare = ZipPuzzle(p.rows, p.cols, p.numbers, p.walls)
    drawn = p.path or [p.cell_of(1)]
    ans = None
    if not path_violations(p, drawn, whole=False):
        ans = solve(bare, limit=1, start=drawn)
    if ans is None or ans.path is None:
        ans = solve(bare, limit=1)
    if ans.path is None:
        raise UnsolvableError("the puzzle on screen has no solution: not dragging")
    answer = ans.path
    keep = 0
    while keep < len(drawn) and keep < len(answer) and drawn[keep] == answer[keep]:
        keep += 1
    return bare, answer, max(keep, 1)  # 1 itself is always right


class ZipPlayer(Player):
    window_title = "Zip"
    run_examples = """\
  puzzlebot run zip --window Zip
  puzzlebot run zip --dry-run --hint plan.png     # the path drawn on the screenshot, touch nothing
"""

    def plan(self, reading):
        """One drag from the end of the trail drawn (or from 1) through the
        rest of the answer: one press and one release for the whole path (a
        drag waits after its press and before its release, see
        :mod:`puzzlebot.bot.actuate`; a drag from number to number waited
        once a number).  A trail that leaves the answer is taken back first:
        the drag starts on the last of its cells the answer shares (pressing
        on a cell of the trail takes it back to there, as in LinkedIn's
        game).  In a game that takes no drag but clicks (learnt: see
        :meth:`instead`), a click a cell from there on (from 1 where
        nothing is drawn)."""
        from puzzlebot.bot.actions import Click
        from puzzlebot.vision.zip_reader import expected_state

        bare, answer, keep = _answer(reading)
        if keep == len(answer):
            return []
        fill = reading.looks.trail == "fill"
        if reading.looks.gesture == "clicks":
            steps, before = [], reading.state.copy()
            drawn = reading.board.path
            # from 1 where nothing is drawn; from the trail's end where it is
            # the answer's start, else from the last cell they share (a click
            # there takes the trail back to it)
            start = 0 if not drawn else keep if len(drawn) == keep else keep - 1
            for i in range(start, len(answer)):
                after = expected_state(bare, answer[:i + 1], fill)
                steps.append(Click(answer[i], before=before, after=after))
                before = after
            return steps
        return [Drag(tuple(answer[keep - 1:]), before=reading.state.copy(), after=expected_state(bare, answer, fill))]

    def other_way(self, reading, action):
        return reading.looks.trail != "fill" or isinstance(action, Drag) and reading.looks.gesture != "clicks"

    def instead(self, reading, action, shot):
        """LinkedIn's Zip takes a drag and clicks alike; another game only
        clicks, one cell each: where the first drag drew nothing at all,
        the path goes in clicks.  A game may also show its trail by filling
        the cells on it, with no line to see: where the first action filled
        the cells it passed (the answer's first cells, each in a colour
        unlike the ground, and no other), the trail is read by its fills
        from there on."""
        import dataclasses

        from puzzlebot.vision.zip_reader import expected_state, filled_cells

        if not self.other_way(reading, action):
            return None
        filled = filled_cells(shot, reading.lattice, reading) - set(reading.board.path or ())
        if filled and reading.looks.trail != "fill":
            bare, answer, keep = _answer(reading)
            upto = next((m for m in range(len(answer), keep - 1, -1)
                         if filled | set(answer[:keep]) == set(answer[:m])), None)
            if upto is None:
                return None  # other cells changed colour: not a trail
            board = dataclasses.replace(reading.board, path=list(answer[:upto]))
            looks = dataclasses.replace(reading.looks, trail="fill")
            why = f"the game shows the trail by filling its cells ({upto} of {len(answer)} filled)"
            if upto == keep and isinstance(action, Drag):  # the press filled its cell, the moves nothing
                looks = dataclasses.replace(looks, gesture="clicks")
                why += "; the drag's moves drew nothing: the path goes in one click a cell"
            return (dataclasses.replace(reading, board=board, looks=looks,
                                        state=expected_state(bare, answer[:upto], fill=True)), why)
        if filled or not isinstance(action, Drag) or reading.looks.gesture == "clicks":
            return None
        looks = dataclasses.replace(reading.looks, gesture="clicks")
        return dataclasses.replace(reading, looks=looks), "a drag drew nothing: the path goes in one click a cell"

    def advise(self, reading):
        """A drawn path that breaks a rule, else the next cell the path must
        take and why."""
        from puzzlebot.solvers.zip.board import ZipPuzzle
        from puzzlebot.solvers.zip.hints import hint
        from puzzlebot.solvers.zip.solve import solve

        p = reading.board
        h = hint(p)
        if h.solved:
            return Advice.done()
        if h.wrong:
            return Advice.mistake(h.because, (h.head,))
        # a path the rules still allow may already have left the only answer (the hint's checks are local)
        ans = solve(ZipPuzzle(p.rows, p.cols, p.numbers, p.walls), limit=2)
        drawn = p.path or []
        if ans.count == 1 and drawn:
            off = next((i for i, cell in enumerate(drawn) if i >= len(ans.path) or ans.path[i] != cell), None)
            if off is not None:
                return Advice.mistake(f"the path leaves the only answer at {cell_name(drawn[off])}: take it back to "
                                      f"{cell_name(drawn[max(off - 1, 0)])}", tuple(drawn[off:]))
        levels = tuple(h.level(k) for k in (1, 2, 3))
        if h.cell is None:
            return Advice(levels)
        return Advice(levels, (h.head, h.cell), answer={h.cell: "next"})


class ZipScorer(Scorer):
    def has_board(self, label):
        return label.get("kind") != "no-board"

    def score(self, data, label):
        """Against our Zip labels: ``size``, ``numbers`` and ``walls`` (either
        way round), and ``path`` where the label has one."""
        out = []
        if list(data["size"]) != list(label["size"]):
            return [(f"read {data['size'][0]}x{data['size'][1]}, the label says "
                     f"{label['size'][0]}x{label['size'][1]}", None)]
        got = {(r, c): k for r, c, k in data["numbers"]}
        want = {(r, c): k for r, c, k in label["numbers"]}
        for cell in sorted(set(got) | set(want)):
            if got.get(cell) != want.get(cell):
                out.append((f"r{cell[0] + 1}c{cell[1] + 1}: {got.get(cell, 'no number')} read, label "
                            f"{want.get(cell, 'no number')}", cell))
        norm = lambda ws: {tuple(sorted([tuple(w[:2]), tuple(w[2:])])) for w in ws}  # noqa: E731
        gw, ww = norm(data["walls"]), norm(label.get("walls", []))
        out += [(f"wall between r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} read, none in the label", a)
                for a, b in sorted(gw - ww)]
        out += [(f"wall between r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} missed", a) for a, b in sorted(ww - gw)]
        if "path" in label and [list(c) for c in data.get("path", [])] != [list(c) for c in label["path"]]:
            out.append(("the trail read differs from the label's", None))
        return out


def _debug(img, rd):
    import cv2

    from puzzlebot.vision.overlay import ORANGE, RED, draw_lattice, label_cells, paths

    p, lat = rd.board, rd.lattice
    out = draw_lattice(img, lat)
    if len(p.path) > 1:
        out = paths(out, lat, [p.path])
    out = label_cells(out, lat, {cell: str(k) for cell, k in p.numbers.items()},
                      {w for w in rd.unsure if isinstance(w, tuple) and len(w) == 2})
    for a, b in p.walls:
        x0 = lat.x0 + max(a[1], b[1]) * lat.px if a[0] == b[0] else lat.x0 + a[1] * lat.px
        y0 = lat.y0 + a[0] * lat.py if a[0] == b[0] else lat.y0 + max(a[0], b[0]) * lat.py
        x1, y1 = (x0, y0 + lat.py) if a[0] == b[0] else (x0 + lat.px, y0)
        cv2.line(out, (int(x0), int(y0)), (int(x1), int(y1)), RED, max(2, int(lat.px * 0.06)))
    for w in rd.unsure:
        if isinstance(w, tuple) and len(w) == 4:
            cx = lat.x0 + ((w[1] + w[3]) / 2 + 0.5) * lat.px
            cy = lat.y0 + ((w[0] + w[2]) / 2 + 0.5) * lat.py
            cv2.circle(out, (int(cx), int(cy)), max(4, int(lat.px * 0.12)), ORANGE, 2)
    return out


GAME = Game(
    name="zip",
    title="LinkedIn Zip",
    summary="LinkedIn Zip: one path through every cell, numbers in order",
    values={0: "no trail"},
    solver=ZipSolver(),
    generator=ZipGenerator(),
    reader=ZipReader(),
    player=ZipPlayer(),
    scorer=ZipScorer(),
    stand_in=WebStandIn("puzzlebot.sim.zip.page", "zip", "Zip 7x7", (380, 20, 760, 760), "--size", "7"),
)
