"""Lights Out (Enlight): a press toggles the cell and its neighbours; turn
every light off.  The bot presses each cell of the fewest-presses answer
once."""

from __future__ import annotations

import json

from puzzlebot.bot.actions import Click
from puzzlebot.bot.games.base import (
    Detection, Game, OpenStandIn, Player, Reader, Scorer, Solver, StandIn, cells_text, logged_solved, unsure_json
)
from puzzlebot.solvers.errors import InputError

EXAMPLES = """\
file format: one line per row, '#' lit and '.' off; or JSON
  {"game": "lights", "rows": ["#..#", ...], "torus": false,
   "neighbourhood": "plus", "states": 2}

examples:
  puzzlebot solve lights examples/lights.txt            # cells to press, fewest presses
  puzzlebot solve lights examples/lights.txt --hint     # the board with those cells marked
  puzzlebot solve lights examples/lights.txt --explain  # is it unique? why do some boards fail?
  puzzlebot solve lights examples/lights3.txt --states 3 --torus   # digits 0-2: three states
"""

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect lights examples/enlight.png
  puzzlebot detect lights examples/enlight.png --json
  puzzlebot detect lights examples/enlight.png --debug seen.png   # reads drawn over it
  puzzlebot detect lights examples/enlight.png --strict   # exit status 4 when anything is unsure (0 here)

exit status 4 when the image holds no board (or one that cannot be read);
with --strict also when any cell (or mark) is unsure.
"""


class LightsSolver(Solver):
    description = ("Find the fewest presses that turn every light off. A press toggles the cell "
                   "and its four neighbours (Enlight's rule); options change the wrap, the "
                   "neighbourhood and the number of states.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
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

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.lights.board import parse_lights
        from puzzlebot.solvers.lights.explain import explain
        from puzzlebot.solvers.lights.solve import parse_neighbourhood, solve

        lf = parse_lights(read_text(args.file), args.file, args.states)
        if args.torus:
            lf.torus = True
        if args.states is not None:
            lf.states = args.states
            if lf.board.max() >= args.states:
                raise InputError(f"the board holds a light value {lf.board.max()}, too big for {args.states} states",
                                 args.file)
        if args.neighbourhood:
            lf.neighbourhood = parse_neighbourhood(args.neighbourhood)
        rules = lf.rules()
        if args.explain:
            print(explain(rules, lf.board))
            return 0
        answer = solve(lf.board, rules)
        print(json.dumps(answer.to_json()) if args.json else answer.to_text(hint=args.hint))
        return 0


class LightsReader(Reader):
    description = "Read a Lights Out board (any style, 3x3 to 20x20) from an image."
    epilog = DETECT_EXAMPLES
    example_image = "examples/enlight.png"
    vision_module = "puzzlebot.vision.lights_reader"

    def read_board(self, img, lattice=None, hint=None):
        from puzzlebot.vision import lights_reader

        return lights_reader.read(img, lattice, hint)

    def read_cells(self, img, lattice, reading, only=None):
        from puzzlebot.vision.lights_reader import read_cells

        return read_cells(img, lattice, reading, only)

    def open_sides(self, reading):
        """Unlit cells drawn as the page and no frame: the sides the board
        may go on past, when the reading is sure but for that."""
        looks = reading.looks
        return looks.open_sides if looks.sure_within else ()

    def probe_tells(self, reading) -> set:
        from puzzlebot.vision.reading import BOARD

        return {BOARD} if self.open_sides(reading) else set()

    def cell_beyond(self, before, after, lattice, cell, reading):
        from puzzlebot.vision.lights_reader import cell_beyond

        return cell_beyond(before, after, lattice, cell, reading)

    def whole_in(self, img, lattice, reading):
        from puzzlebot.vision.lights_reader import whole_in

        return whole_in(img, lattice, reading)

    def describe(self, rd) -> Detection:
        from puzzlebot.vision.lights_reader import rows_text
        from puzzlebot.vision.overlay import draw_lattice, label_cells

        lat, looks = rd.lattice, rd.looks
        lines = rows_text(rd)
        lines.append(f"{lat.rows}x{lat.cols} board, cell pitch {lat.px:.1f}x{lat.py:.1f} px at "
                     f"({lat.x0:.0f}, {lat.y0:.0f}); {looks.polarity}")
        if rd.unsure_cells:
            lines.append("unsure (?): " + cells_text(rd.unsure_cells))
        data = {"game": "lights", "rows": rows_text(rd), "size": [lat.rows, lat.cols],
                "lattice": lat.as_dict(), "unsure": unsure_json(rd), "sure": rd.sure,
                "polarity": looks.polarity,
                "confidence": [[round(float(v), 2) for v in row] for row in looks.confidence]}

        def debug(image):
            unsure = set(rd.unsure_cells)
            texts = {(r, c): ("ON" if rd.board[r, c] else "off") for r in range(lat.rows) for c in range(lat.cols)
                     if (r, c) not in unsure}
            return label_cells(draw_lattice(image, lat), lat, texts, unsure)

        return Detection(rd, "\n".join(lines), data, [cells_text(rd.unsure_cells) or looks.polarity], debug)


class LightsPlayer(Player):
    rule = "pressing each cell of the answer once, in any order, solves the board (a second press undoes one)"
    window_title = "Device Emulator - Enlight"
    # the Windows Mobile device emulator's usual titles, and our stand-in's
    default_window = r"Device Emulator|Emulator.*(Enlight|Windows Mobile|Pocket PC|Smartphone)|^Enlight"
    run_examples = """\
  puzzlebot calibrate enlight --window "Device Emulator - Enlight"
  puzzlebot run enlight --dry-run     # no --window: the emulator's window, by its usual title
  puzzlebot run enlight --window "Device Emulator - Enlight"
"""

    options = (("--goal", {"choices": ("off", "lit"), "metavar": "off|lit",
                           "help": "the look every light must end in: off (Lights Out, Enlight, GNOME Lights "
                                   "Off; the default) or lit (Tatham's Flip: light every square)"}),)
    goal = "off"

    def configure(self, args) -> None:
        self.goal = getattr(args, "goal", None) or "off"

    def plan(self, reading):
        import numpy as np

        from puzzlebot.solvers.lights.solve import LightsRules, apply_presses, solve

        rules = LightsRules(*reading.board.shape)
        # to light every cell, put out every light of the board's complement: the same presses
        answer = solve(reading.board if self.goal == "off" else 1 - reading.board, rules)  # NoSolution: why
        steps, board = [], reading.board.copy()
        for r, c in answer.cells():
            one = np.zeros_like(board)
            one[r, c] = 1
            after = apply_presses(board, one, rules)
            steps.append(Click((r, c), before=board, after=after))
            board = after
        return steps

    RULE = "a press changes"
    PLUS = "the cell and its side neighbours"

    def probe(self, reading, plan, asked=False):
        """Asked ('calibrate --probe'): one press, to see it change the cell
        and its side neighbours and nothing else (Lights Out's rule, which
        the bot assumes); on the first cell of the plan, or the middle one."""
        if not asked:
            return None
        import numpy as np

        from puzzlebot.solvers.lights.solve import LightsRules, apply_presses

        board = reading.board
        cell = plan[0].cell if plan else (board.shape[0] // 2, board.shape[1] // 2)
        one = np.zeros_like(board)
        one[cell] = 1
        return Click(cell, before=reading.state, after=apply_presses(board, one, LightsRules(*board.shape)))

    def reveal(self, reading, sides):
        """A press on the board's outer cell at ``sides`` (a corner where
        two meet): it toggles the cell past each side, where there is one."""
        import numpy as np

        from puzzlebot.solvers.lights.solve import LightsRules, apply_presses

        rows, cols = reading.state.shape
        r = 0 if "top" in sides else rows - 1 if "bottom" in sides else rows // 2
        c = 0 if "left" in sides else cols - 1 if "right" in sides else cols // 2
        past = {"top": (r - 1, c), "bottom": (r + 1, c), "left": (r, c - 1), "right": (r, c + 1)}
        told = {s: past[s] for s in sides if not (0 <= past[s][0] < rows and 0 <= past[s][1] < cols)}
        one = np.zeros_like(reading.state)
        one[r, c] = 1
        after = apply_presses(reading.state, one, LightsRules(rows, cols))
        return Click((r, c), before=reading.state, after=after), told

    def learn(self, reading, probe, seen, shot=None, lat=None):
        import dataclasses

        import numpy as np

        from puzzlebot.bot.actions import cell_name

        if np.array_equal(seen, probe.after):
            return dataclasses.replace(reading, board=seen.copy(), state=seen.copy()), \
                f"a press on {cell_name(probe.cell)} changes {self.PLUS}, as Lights Out's rule says"
        changed = [cell_name((int(r), int(c))) for r, c in np.argwhere(seen != probe.before)]
        ruled = [cell_name((int(r), int(c))) for r, c in np.argwhere(probe.after != probe.before)]
        return None, (f"a press on {cell_name(probe.cell)} changed {', '.join(changed) or 'nothing'}; Lights Out's "
                      f"rule changes {', '.join(ruled)}: another game's rule, not played")

    def put_back(self, reading, probe):
        return Click(probe.cell, before=reading.state, after=probe.before)  # a second press undoes the first

    def facts(self, reading):
        return {self.RULE: self.PLUS}


class LightsScorer(Scorer):
    def score(self, data, label):
        """Against ../shared/data's Lights Out labels: ``rows`` ('#' lit, '.' off)."""
        want, got = label["rows"], data["rows"]
        if (len(got), len(got[0]) if got else 0) != (len(want), len(want[0])):
            return [(f"read {len(got)}x{len(got[0]) if got else 0}, the label says {len(want)}x{len(want[0])}", None)]
        word = {"#": "lit", ".": "off"}
        return [(f"r{r + 1}c{c + 1}: {word.get(got[r][c], 'unsure')} read, label {word[want[r][c]]}", (r, c))
                for r in range(len(want)) for c in range(len(want[0])) if got[r][c] != want[r][c]]


class EnlightStandIn(StandIn):
    options = (("--level", {"type": int, "default": 3, "help": "Enlight level to play (default 3)"}),)

    def open(self, workdir, options) -> OpenStandIn:
        import time

        from puzzlebot.calibration.windows import find_window
        from puzzlebot.sim import launch

        ev = workdir / "enlight.jsonl"
        level = getattr(options, "level", 3)
        size, puzzle = getattr(options, "size", None), getattr(options, "puzzle", None)
        seed = getattr(options, "seed", None)
        args = ["--board", str(puzzle)] if puzzle else ["--size", str(size), "--random"] if size else \
            ["--level", str(level)]
        if seed is not None and size and not puzzle:  # the seed of random boards; the levels are fixed
            args += ["--seed", str(seed)]
        if getattr(options, "dark", False):
            args += ["--theme", "night"]
        label = f"Enlight ({puzzle})" if puzzle else f"Enlight {size}x{size}" if size else f"Enlight level {level}"
        proc = launch.start_enlight(ev, *args, "--position", "40,60")
        try:
            launch.wait_for(ev, "start", 30, proc)
            time.sleep(0.5)
            win = find_window(LightsPlayer.window_title)
        except BaseException:
            launch.stop(proc)
            raise
        return OpenStandIn(label, "enlight", win.region, lambda t: logged_solved(ev, t),
                           lambda: launch.stop(proc), LightsPlayer.window_title)


GAME = Game(
    name="lights",
    aliases=("enlight",),
    title="Lights Out / Enlight",
    summary="Lights Out / Enlight: which cells to press to turn every light off",
    values={0: "off", 1: "lit"},
    solver=LightsSolver(),
    reader=LightsReader(),
    player=LightsPlayer(),
    scorer=LightsScorer(),
    stand_in=EnlightStandIn(),
)
