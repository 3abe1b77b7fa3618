"""Looking at single cells of the board while the mouse acts: the game's own
sign that it has taken an event (a drag's trail drawn into the cell it
entered, a cell's selection shown before a key is typed into it), so that
:meth:`puzzlebot.bot.actuate.Mouse.perform` waits for the game, not for a
guessed worst case."""

from __future__ import annotations

from typing import Callable

import numpy as np

from puzzlebot.bot.actions import Action, Drag, Key
from puzzlebot.calibration.mapping import Region
from puzzlebot.vision.lattice import Lattice

# A cell crossed by a drag is looked at without this share of the pitch on
# each side: its border, which a trail drawn into the cell next door may
# reach over.  A cell clicked for a key is looked at whole: a selection may
# show only as a ring along its edge (a third-party Mini Sudoku game).
DRAG_INSET = 0.05
# A drag taken by its ends (a rectangle) is looked at whole but for this
# share of the pitch along each cell's sides that face back to where the
# drag began: a game may draw the shape so far as an outline along the
# cells' edges (ours, Tatham's Rectangles: 2 px), and the outline of the
# shape one step short runs along those sides of the far corner's cell.
BACK_SIDE = 0.12
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

    def __init__(self, grab: Callable[[Region], np.ndarray], region: Region, lat: Lattice, inset: float = DRAG_INSET,
                 back: tuple[int, int] = (0, 0)):
        self._grab, self._region, self._lat, self._inset = grab, region, lat, inset
        self._back = back  # (rows, cols) direction of the drag: BACK_SIDE left out on the sides facing against it

    @classmethod
    def for_action(cls, grab: Callable[[Region], np.ndarray], region: Region, lat: Lattice,
                   action: Action) -> "CellWatch":
        """The watch for ``action``: a key's cell whole, a drag that follows
        the pointer inside DRAG_INSET, a drag taken by its ends whole but for
        its cells' sides facing back (BACK_SIDE)."""
        if isinstance(action, Key):
            return cls(grab, region, lat, 0.0)
        if isinstance(action, Drag) and not action.follow:
            (r0, c0), (r1, c1) = action.path[0], action.path[-1]
            return cls(grab, region, lat, 0.0, (int(np.sign(r1 - r0)), int(np.sign(c1 - c0))))
        return cls(grab, region, lat, DRAG_INSET)

    def _box(self, cell: tuple[int, int]) -> Region:
        x0, y0, x1, y1 = self._lat.box(cell[0], cell[1], self._inset)
        dr, dc = self._back
        bx, by = BACK_SIDE * self._lat.px, BACK_SIDE * self._lat.py
        x0, x1 = (x0 + bx if dc > 0 else x0), (x1 - bx if dc < 0 else x1)
        y0, y1 = (y0 + by if dr > 0 else y0), (y1 - by if dr < 0 else y1)
        x0, y0, x1, y1 = (int(round(v)) for v in (x0, y0, x1, y1))
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
