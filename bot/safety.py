"""Where the bot may put the pointer: every click point is proven to be on
the board before the click, and no point the bot moves to is near a screen
corner (pyautogui's fail-safe corners are the user's way out, never ours).

A point is checked in both spaces: in the captured image it must lie inside
the target cell (away from its border) and inside the board; as a screen
point it must lie inside the region the bot was given, inside the game's
window as it is now, and on a screen, away from the corners.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.vision.lattice import Lattice

# A click lands this far (fraction of the pitch) inside the cell's border at
# least: a scale or offset error of up to a third of a cell stays in the cell.
CELL_INSET = 0.2
# Points closer than this (logical pixels) to a screen corner are never used:
# pyautogui's fail-safe fires in the corner itself; keep well clear of it.
CORNER_CLEARANCE = 24


class UnsafePoint(PuzzlebotError):
    """A click or move point failed a check: nothing was clicked."""

    exit_code = 5


@dataclass(frozen=True)
class Bounds:
    """Everything a point must lie in: the region (physical pixels) the bot
    looks at, the screens (logical points), and the game window (physical
    pixels, re-read before each move) when there is one."""

    region: Region
    screens: list[Region]
    window: Region | None = None


def _on_screens(x: float, y: float, screens: list[Region]) -> bool:
    return any(s.contains(x, y) for s in screens)


def near_corner(x: float, y: float, screens: list[Region]) -> bool:
    """Within CORNER_CLEARANCE of any screen's corner (where the fail-safe is)."""
    for s in screens:
        for cx in (s.left, s.left + s.width - 1):
            for cy in (s.top, s.top + s.height - 1):
                if abs(x - cx) < CORNER_CLEARANCE and abs(y - cy) < CORNER_CLEARANCE:
                    return True
    return False


def check_move(sx: float, sy: float, bounds: Bounds, scale: float, what: str) -> tuple[int, int]:
    """A screen point the pointer may go to (not a click): finite, on a
    screen, inside the region, away from the corners."""
    if not (math.isfinite(sx) and math.isfinite(sy)):
        raise UnsafePoint(f"{what}: the point ({sx}, {sy}) is not a number; not moving")
    px, py = round(sx), round(sy)
    if not _on_screens(px, py, bounds.screens):
        raise UnsafePoint(f"{what}: ({px}, {py}) is off every screen; not moving")
    if near_corner(px, py, bounds.screens):
        raise UnsafePoint(f"{what}: ({px}, {py}) is next to a screen corner (the fail-safe); not moving")
    if not bounds.region.contains(px * scale, py * scale):
        raise UnsafePoint(f"{what}: ({px}, {py}) is outside the region {bounds.region.as_tuple()}; not moving")
    if bounds.window is not None and not bounds.window.contains(px * scale, py * scale):
        raise UnsafePoint(f"{what}: ({px}, {py}) is outside the game window {bounds.window.as_tuple()}; not moving")
    return px, py


def click_point(lat: Lattice, r: int, c: int, smap: ScreenMap, bounds: Bounds) -> tuple[int, int]:
    """The screen point to click for cell (r, c), proven to be on it: the
    rounded point, mapped back into the image, must fall inside the cell
    (CELL_INSET from its border) and the board, and pass :func:`check_move`."""
    cell = f"r{r + 1}c{c + 1}"
    if not (0 <= r < lat.rows and 0 <= c < lat.cols) or not lat.valid():
        raise UnsafePoint(f"refusing to click {cell}: not a cell of the {lat.rows}x{lat.cols} board")
    if not (math.isfinite(smap.scale) and smap.scale > 0):
        raise UnsafePoint(f"refusing to click {cell}: the screen scale {smap.scale} is not a positive number")
    ix, iy = lat.center(r, c)
    sx, sy = smap.to_screen(ix, iy)
    px, py = check_move(sx, sy, bounds, smap.scale, f"refusing to click {cell}")
    bx, by = smap.to_image(px, py)  # where the click lands, in the image
    x0, y0, x1, y1 = lat.bbox
    cx0 = lat.x0 + (c + CELL_INSET) * lat.px
    cx1 = lat.x0 + (c + 1 - CELL_INSET) * lat.px
    cy0 = lat.y0 + (r + CELL_INSET) * lat.py
    cy1 = lat.y0 + (r + 1 - CELL_INSET) * lat.py
    if not (cx0 <= bx <= cx1 and cy0 <= by <= cy1 and x0 <= bx < x1 and y0 <= by < y1):
        raise UnsafePoint(f"refusing to click {cell}: the screen point ({px}, {py}) lands at image "
                          f"({bx:.0f}, {by:.0f}), not inside the cell")
    return px, py
