"""Which part of a cell the mouse watches for the game's sign that it took an
event: a rectangle drawn corner to corner, shown as an outline along the
cells' edges, is seen when it reaches the far corner and not before."""

from __future__ import annotations

import numpy as np

from puzzlebot.bot.actions import Drag, Key
from puzzlebot.bot.cell_watch import CellWatch
from puzzlebot.calibration.mapping import Region
from puzzlebot.vision.lattice import Lattice

PITCH, N = 50, 6
LAT = Lattice(0.0, 0.0, float(PITCH), float(PITCH), N, N)
REGION = Region(0, 0, N * PITCH, N * PITCH)
STATE = np.zeros((N, N), np.int64)  # the boards around an action (unused by the watch)


def board(rect: tuple[int, int, int, int] | None = None, line: int = 3) -> np.ndarray:
    """A white board with grey grid lines and, with ``rect`` (r0, c0, r1, c1
    inclusive), the outline of a rectangle drawn ``line`` px wide along its
    cells' edges (on the grid lines, into the cells on both sides), as a game
    previews a rectangle being dragged."""
    img = np.full((N * PITCH, N * PITCH, 3), 255, np.uint8)
    img[::PITCH, :] = img[:, ::PITCH] = 200
    if rect is not None:
        r0, c0, r1, c1 = rect
        y0, x0, y1, x1 = r0 * PITCH, c0 * PITCH, (r1 + 1) * PITCH, (c1 + 1) * PITCH
        a, b = line // 2, line - line // 2
        for y in (y0, y1):
            img[max(0, y - a):y + b, max(0, x0 - a):x1 + b] = 40
        for x in (x0, x1):
            img[max(0, y0 - a):y1 + b, max(0, x - a):x + b] = 40
    return img


class Screen:
    """A screen showing ``frame``: what the watch grabs."""

    def __init__(self):
        self.frame = board()

    def grab(self, region: Region) -> np.ndarray:
        return self.frame[region.top:region.top + region.height, region.left:region.left + region.width].copy()


def test_a_rectangle_shown_as_an_outline_is_seen_at_its_far_corner_only_when_it_reaches_it():
    for start, far in (((1, 1), (1, 4)), ((4, 4), (1, 4)), ((1, 1), (4, 3)), ((5, 5), (2, 0))):
        screen = Screen()
        drag = Drag((start, far), follow=False, before=STATE, after=STATE)
        watch = CellWatch.for_action(screen.grab, REGION, LAT, drag)
        first, last = watch.look(start), watch.look(far)
        (r0, c0), (r1, c1) = start, far
        screen.frame = board((r0, c0, r0, c0))
        assert watch.changed(start, first), (start, far)  # the press: the start cell's own outline
        dr, dc = int(np.sign(r1 - r0)), int(np.sign(c1 - c0))
        # every shape on the way that stops short of the far corner, by a row or a column
        for short in {(r1 - dr, c1), (r1, c1 - dc), (r1 - dr, c1 - dc)} - {far}:
            screen.frame = board((min(r0, short[0]), min(c0, short[1]), max(r0, short[0]), max(c0, short[1])))
            assert not watch.changed(far, last), (start, far, short)
        screen.frame = board((min(r0, r1), min(c0, c1), max(r0, r1), max(c0, c1)))
        assert watch.changed(far, last), (start, far)


def test_a_key_cell_is_watched_whole_and_a_followed_drag_inside_its_border():
    screen = Screen()
    whole = CellWatch.for_action(screen.grab, REGION, LAT, Key((2, 2), "3", before=STATE, after=STATE))
    inside = CellWatch.for_action(screen.grab, REGION, LAT, Drag(((2, 2), (2, 3)), before=STATE, after=STATE))
    assert whole.look((2, 2)).shape[:2] == (PITCH, PITCH)
    assert inside.look((2, 2)).shape[:2] == (PITCH - 2 * round(0.05 * PITCH),) * 2
