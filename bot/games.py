"""The games the bot plays: each names its reader, its solver, and how a
move becomes clicks.  Adding a game means adding one such object.

Enlight (Lights Out): one click per cell to press; a click toggles the cell
and its neighbours.  LinkedIn Tango: a click cycles empty -> sun -> moon ->
empty, so a cell needs (target - current) mod 3 clicks; locked givens are
never clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from solvers.errors import PuzzlebotError, UnsolvableError
from vision.errors import UnreadableBoardError
from vision.lattice import Lattice


@dataclass
class Reading:
    state: np.ndarray  # per cell: lights 0/1; tango 0 empty, 1 sun, 2 moon
    lattice: Lattice
    unsure: list[tuple[int, int]] = field(default_factory=list)
    raw: object = None  # the reader's own result


@dataclass
class Step:
    cell: tuple[int, int]
    clicks: int
    before: np.ndarray  # whole board before this step
    after: np.ndarray  # whole board the step should leave


class Game:
    name = ""
    window_title = ""

    def read(self, img: np.ndarray, lattice: Lattice | None = None) -> Reading:
        raise NotImplementedError

    def plan(self, reading: Reading) -> list[Step]:
        raise NotImplementedError

    def cell_value(self, img: np.ndarray, lattice: Lattice, r: int, c: int, reading: Reading) -> int | None:
        """The value of one cell in a fresh capture (None: cannot tell)."""
        raise NotImplementedError

    def done(self, reading: Reading) -> bool:
        raise NotImplementedError


class EnlightBot(Game):
    name = "enlight"
    window_title = "Device Emulator - Enlight"

    def read(self, img, lattice=None):
        from vision.lights_reader import read_lights

        rd = read_lights(img, lattice)
        if not rd.sure:
            where = " ".join(f"r{r + 1}c{c + 1}" for r, c in rd.unsure) or rd.polarity
            raise UnreadableBoardError(f"not sure what the board shows ({where}); not clicking")
        return Reading(rd.board.copy(), rd.lattice, [], rd)

    def plan(self, reading):
        from solvers.lightsout import LightsRules, apply_presses, solve

        rules = LightsRules(*reading.state.shape)
        answer = solve(reading.state, rules)  # raises NoSolution (why) before any click
        steps, board = [], reading.state.copy()
        for r, c in answer.cells():
            one = np.zeros_like(board)
            one[r, c] = 1
            after = apply_presses(board, one, rules)
            steps.append(Step((r, c), 1, board, after))
            board = after
        return steps

    def cell_value(self, img, lattice, r, c, reading):
        from vision.lights_reader import cell_state

        rd = reading.raw
        if rd.lit is None or rd.off is None:
            return None
        return cell_state(img, lattice, r, c, rd.lit, rd.off)

    def done(self, reading):
        return not reading.state.any()


class TangoBot(Game):
    name = "tango"
    window_title = "Tango"

    def read(self, img, lattice=None):
        from solvers.tango.rules import violations
        from vision.tango_reader import read_tango

        rd = read_tango(img, lattice)
        if not rd.sure:
            parts = [f"r{r + 1}c{c + 1}" for r, c in rd.unsure_cells]
            parts += [f"the mark between r{a + 1}c{b + 1} and r{c + 1}c{d + 1}" for a, b, c, d in rd.unsure_edges]
            raise UnreadableBoardError(f"not sure what the board shows ({', '.join(parts)}); not clicking")
        broken = violations(rd.board)
        if broken:
            raise UnsolvableError(f"the board on screen breaks a rule: {broken[0].text}; not clicking")
        state = np.array(rd.board.cells, dtype=np.int64)
        return Reading(state, rd.lattice, [], rd)

    def plan(self, reading):
        from solvers.tango.solve import NoTangoSolution, solve

        board = reading.raw.board
        try:
            answer = solve(board.givens())
        except NoTangoSolution as e:
            raise UnsolvableError(f"the puzzle on screen has {e}") from None
        if answer.solutions > 1:
            raise UnsolvableError("the puzzle on screen has more than one solution: refusing to guess")
        target = np.array(answer.solution.cells, dtype=np.int64)
        steps, cur = [], reading.state.copy()
        for r in range(cur.shape[0]):
            for c in range(cur.shape[1]):
                if board.locked[r][c]:
                    continue
                k = int((target[r, c] - cur[r, c]) % 3)
                if k:
                    after = cur.copy()
                    after[r, c] = target[r, c]
                    steps.append(Step((r, c), k, cur, after))
                    cur = after
        return steps

    def cell_value(self, img, lattice, r, c, reading):
        from vision.tango_reader import cell_value

        return cell_value(img, lattice, r, c, reading.raw.dark)

    def done(self, reading):
        from solvers.tango.rules import check_solution

        return not check_solution(reading.raw.board)


GAMES = {"enlight": EnlightBot, "tango": TangoBot}


def get(name: str) -> Game:
    try:
        return GAMES[name]()
    except KeyError:
        raise PuzzlebotError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None
