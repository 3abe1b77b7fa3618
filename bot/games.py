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
    raw: object = None  # the reader's own result (its looks, for re-reading cells)
    touches: list[str] = field(default_factory=list)  # sides where the image ended at the board


@dataclass
class Step:
    cell: tuple[int, int]
    clicks: int
    before: np.ndarray  # whole board before this step
    after: np.ndarray  # whole board the step should leave


class Game:
    name = ""
    window_title = ""
    values: dict[int, str] = {}  # cell value -> words for messages

    def read(self, img: np.ndarray, hint: Lattice | None = None) -> Reading:
        """The board found afresh in ``img``; raises unless every cell is sure.
        ``hint``: a calibrated lattice, used only where the image cannot
        show the board's extent by itself (and checked against what it shows)."""
        raise NotImplementedError

    def read_cells(self, img: np.ndarray, lattice: Lattice, reading: Reading,
                   only: np.ndarray | None = None) -> np.ndarray:
        """Every cell of a fresh capture, judged by the looks of ``reading``
        (-1 where a cell cannot be told); ``only``: a mask of the cells to
        read, the others come back -1."""
        raise NotImplementedError

    def whole_in(self, img: np.ndarray, lattice: Lattice, reading: Reading):
        """The board's :class:`vision.board_checks.Wholeness` in a larger capture."""
        raise NotImplementedError

    def plan(self, reading: Reading) -> list[Step]:
        raise NotImplementedError

    def value_name(self, v) -> str:
        if v is None or v == -1:
            return "unreadable"
        return self.values.get(int(v), str(v))


# A board found with its extent unknown agrees with a calibrated lattice when
# the pitches differ by at most this share and its cells fall on the
# calibrated cells within this share of a pitch.
HINT_PITCH, HINT_OFFSET = 0.02, 0.1


def _on_lattice(seen: Lattice, hint: Lattice) -> bool:
    """Whether the cells seen lie on the calibrated lattice's cells."""
    for a, b, o in ((seen.px, hint.px, seen.x0 - hint.x0), (seen.py, hint.py, seen.y0 - hint.y0)):
        if abs(a - b) > HINT_PITCH * b:
            return False
        k = o / b
        if abs(k - round(k)) > HINT_OFFSET:
            return False
    return True


class EnlightBot(Game):
    name = "enlight"
    window_title = "Device Emulator - Enlight"
    values = {0: "off", 1: "lit"}

    def read(self, img, hint=None):
        from vision.lights_reader import read_lights

        rd = read_lights(img)
        if rd.extent_unknown and hint is not None and _on_lattice(rd.lattice, hint):
            # unlit cells are invisible: the calibrated lattice gives the extent
            rd = read_lights(img, hint)
        if not rd.sure:
            where = " ".join(f"r{r + 1}c{c + 1}" for r, c in rd.unsure) or rd.polarity
            raise UnreadableBoardError(f"not sure what the board shows ({where}); not clicking", rd.lattice)
        return Reading(rd.board.copy(), rd.lattice, rd, list(rd.touches))

    def read_cells(self, img, lattice, reading, only=None):
        from vision.lights_reader import read_cells

        return read_cells(img, lattice, reading.raw.lit, reading.raw.off, only)

    def whole_in(self, img, lattice, reading):
        from vision.lights_reader import whole_in

        return whole_in(img, lattice, reading.raw)

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


class TangoBot(Game):
    name = "tango"
    window_title = "Tango"
    values = {0: "empty", 1: "a sun", 2: "a moon"}

    def read(self, img, hint=None):
        from solvers.tango.rules import violations
        from vision.tango_reader import read_tango

        rd = read_tango(img)
        if not rd.sure:
            parts = [f"r{r + 1}c{c + 1}" for r, c in rd.unsure_cells]
            parts += [f"the mark between r{a + 1}c{b + 1} and r{c + 1}c{d + 1}" for a, b, c, d in rd.unsure_edges]
            raise UnreadableBoardError(f"not sure what the board shows ({', '.join(parts)}); not clicking", rd.lattice)
        broken = violations(rd.board)
        if broken:
            raise UnsolvableError(f"the board on screen breaks a rule: {broken[0].text}; not clicking")
        state = np.array(rd.board.cells, dtype=np.int64)
        return Reading(state, rd.lattice, rd, list(getattr(rd, "touches", [])))

    def read_cells(self, img, lattice, reading, only=None):
        from vision.tango_reader import read_cells

        return read_cells(img, lattice, reading.raw, only)

    def whole_in(self, img, lattice, reading):
        from vision.tango_reader import whole_in

        return whole_in(img, lattice, reading.raw)

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


GAMES = {"enlight": EnlightBot, "tango": TangoBot}


def get(name: str) -> Game:
    try:
        return GAMES[name]()
    except KeyError:
        raise PuzzlebotError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None
