"""Looking at single cells of the board while the mouse acts: the game's own
sign that it has taken an event (a drag's trail drawn into the cell it
entered, a cell's selection shown before a key is typed into it), so that
:meth:`puzzlebot.bot.actuate.Mouse.perform` waits for the game, not for a
guessed worst case."""

from __future__ import annotations

from typing import Callable

import numpy as np

from puzzlebot.calibration.mapping import Region
from puzzlebot.vision.lattice import Lattice

# A cell crossed by a drag is looked at without this share of the pitch on
# each side: its border, which a trail drawn into the cell next door may
# reach over.  A cell clicked for a key is looked at whole: a selection may
# show only as a ring along its edge (a third-party Mini Sudoku game).
DRAG_INSET = 0.05
# A pixel changed when a channel moved by more than this (8-bit levels): a
# live capture has no noise; a pale selection tint moves 15 and more (blue-50
# on white: 16), a hover tint less (gray-50 on white: 6), and a hover must
# not pass for a click the game has taken.
PIXEL_CHANGE = 12
# A cell changed when this share of its pixels did: a selection or a trail
# across an empty cell covers far more, but a trail that runs under a number's
# disc shows only at the cell's edge (1.6% of a third-party Zip game's cell).
CHANGED_SHARE = 0.005


class CellWatch:
    """Cells of the board at ``lat`` in the capture of ``region`` (screen
    pixels), each looked at alone (a cell's capture costs well under a
    millisecond), ``inset`` (share of the pitch) inside its border."""

    def __init__(self, grab: Callable[[Region], np.ndarray], region: Region, lat: Lattice, inset: float = DRAG_INSET):
        self._grab, self._region, self._lat, self._inset = grab, region, lat, inset

    def _box(self, cell: tuple[int, int]) -> Region:
        x0, y0, x1, y1 = self._lat.box(cell[0], cell[1], self._inset)
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self._region.width, max(x1, x0 + 1)), min(self._region.height, max(y1, y0 + 1))
        return Region(self._region.left + x0, self._region.top + y0, max(1, x1 - x0), max(1, y1 - y0))

    def look(self, cell: tuple[int, int]) -> np.ndarray:
        return self._grab(self._box(cell))

    def changed(self, cell: tuple[int, int], before: np.ndarray) -> bool:
        now = self.look(cell)
        if now.shape != before.shape:
            return True
        moved = np.abs(now.astype(np.int16) - before.astype(np.int16)).max(axis=2) > PIXEL_CHANGE
        return float(moved.mean()) >= CHANGED_SHARE
