"""Where the bot may put the pointer: every point of every action is
proven to be on the board before the action, and no point the bot moves to
is near a screen corner (pyautogui's fail-safe corners are the user's way
out, never ours).

:func:`prove` turns an action (:mod:`puzzlebot.bot.actions`) into a
:class:`Gesture`: the exact pointer and key events to send, at screen points
each of which passed the checks.  A point is checked in both spaces: in the
captured image a click or a drag's waypoint must lie inside its cell (away
from its border) and inside the board; every point a drag passes on the way
must keep clear of every cell the drag may not touch; as a screen point it
must lie inside the region the bot was given, inside the game's window as it
is now, and on a screen, away from the corners.  Keys are typed only from a
short list (digits, letters, erasing): never a key that submits, closes or
switches anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from puzzlebot.bot.actions import Action, Cell, Click, Drag, Key, cell_name
from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.vision.lattice import Lattice

# A click lands this far (fraction of the pitch) inside the cell's border at
# least: a scale or offset error of up to a third of a cell stays in the cell.
CELL_INSET = 0.2
# Points closer than this (logical pixels) to a screen corner are never used:
# pyautogui's fail-safe fires in the corner itself; keep well clear of it.
CORNER_CLEARANCE = 24
# A drag moves the pointer in steps of at most this share of the pitch (each
# step a proven point): games that follow the pointer see it enter every cell
# on the way, never jump over one.
DRAG_STEP = 0.25
# A drag whose game takes only its two ends (Drag.follow False) steps this
# share of the pitch: still a drag's motion to the game, in a quarter of
# the steps, each paced (actuate.DRAG_PAUSE).
ENDS_STEP = 1.0
# While the button is down, the pointer keeps this far (share of the pitch)
# from every cell the drag may not touch: a scale or offset error of that much
# still marks no other cell.
DRAG_CLEARANCE = 0.2
# A cell clicked more than once gets every other click this many screen
# points to the side (where that stays inside the cell): two clicks at one
# point within the double-click time are a double-click, and a web page then
# selects the cell's text (a clone's crown emoji drawn on the selection's
# blue, read as "a solid block over the cell"); 3 points apart Chromium on
# X11 counted two single clicks, Windows' double-click box is 4 wide.
REPEAT_SHIFT = 6
# A key the game draws on screen (a number pad) is clicked only this far
# (share of the pitch) off the board at least: a scale or offset error of
# that much clicks no cell.
KEY_OFF_BOARD = 0.1
# The keys an action may type: digits and letters (a value), and erasing.
SAFE_KEYS = frozenset("0123456789abcdefghijklmnopqrstuvwxyz") | {"backspace", "delete"}


class UnsafePoint(PuzzlebotError):
    """A point (or key) of an action failed a check: nothing of the action was done."""

    exit_code = 5


@dataclass(frozen=True)
class Gesture:
    """An action as the events to send, every point proven: ``("move", x, y)``
    (the pointer goes there), ``("click", x, y)`` (press and release where the
    pointer is, with no movement between them), ``("repeat", x, y, (r, c))``
    (another click there once the game has drawn the click before it in that
    cell: a cell clicked through its values), ``("down", x, y)`` /
    ``("up", x, y)`` (the button pressed / released where the pointer is),
    ``("key", name)``, ``("press", x, y, (r, c))`` (a click on a key the game
draws, whose value goes to that cell).  Points are screen points (logical pixels).  An event
    may name a cell last, ``("move", x, y, (r, c))``: the game draws
    something in that cell once it has taken the event (a drag's press or
    arrival, a cell selected for a key, the key's value), or, for a release,
    before it (the shape dragged so far reaching its far corner), so the
    mouse may wait for that instead of a fixed time."""

    events: tuple[tuple, ...]
    what: str  # the action in words

    @property
    def points(self) -> list[tuple[int, int]]:
        return [(e[1], e[2]) for e in self.events if e[0] != "key"]


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


def _repeat_point(lat: Lattice, cell: tuple[int, int], smap: ScreenMap, bounds: Bounds, x: int,
                  y: int) -> tuple[int, int]:
    """Where every other click on ``cell`` goes (clicked at (x, y) first):
    REPEAT_SHIFT points to one side, proven inside the cell as a click
    point is, or (x, y) itself where neither side is."""
    for sx in (x + REPEAT_SHIFT, x - REPEAT_SHIFT):
        try:
            px, py = check_move(sx, y, bounds, smap.scale, "")
        except UnsafePoint:
            continue
        if _inside_cell(lat, cell, *smap.to_image(px, py)):
            return px, py
    return x, y


def _inside_cell(lat: Lattice, cell: tuple[int, int], bx: float, by: float) -> bool:
    r, c = cell
    x0, y0, x1, y1 = lat.bbox
    cx0, cx1 = lat.x0 + (c + CELL_INSET) * lat.px, lat.x0 + (c + 1 - CELL_INSET) * lat.px
    cy0, cy1 = lat.y0 + (r + CELL_INSET) * lat.py, lat.y0 + (r + 1 - CELL_INSET) * lat.py
    return cx0 <= bx <= cx1 and cy0 <= by <= cy1 and x0 <= bx < x1 and y0 <= by < y1


def key_point(key, lat: Lattice, smap: ScreenMap, bounds: Bounds, what: str) -> tuple[int, int]:
    """The screen point to click for a key the game draws on screen (a
    :class:`puzzlebot.vision.screen_keys.ScreenKey`), proven: inside the
    region, window and screen as any point (:func:`check_move`), and off
    the board by KEY_OFF_BOARD of a pitch (a press there is no cell's)."""
    ix, iy = key.point
    px, py = check_move(*smap.to_screen(ix, iy), bounds, smap.scale, f"refusing {what}")
    bx, by = smap.to_image(px, py)
    x0, y0, x1, y1 = lat.bbox
    mx, my = KEY_OFF_BOARD * lat.px, KEY_OFF_BOARD * lat.py
    if x0 - mx < bx < x1 + mx and y0 - my < by < y1 + my:
        raise UnsafePoint(f"refusing {what}: its key at ({px}, {py}) lies on the board")
    return px, py


def cells_near(lat: Lattice, bx: float, by: float, clearance: float) -> set[tuple[int, int]] | None:
    """The board cells within ``clearance`` (share of the pitch) of the image
    point; None when the point is not that far inside the board."""
    u, v = (bx - lat.x0) / lat.px, (by - lat.y0) / lat.py
    if not (clearance <= u <= lat.cols - clearance and clearance <= v <= lat.rows - clearance):
        return None
    cols = range(max(0, math.floor(u - clearance)), min(lat.cols, math.floor(u + clearance) + 1))
    rows = range(max(0, math.floor(v - clearance)), min(lat.rows, math.floor(v + clearance) + 1))
    return {(r, c) for r in rows for c in cols}


def drag_points(action: Drag, lat: Lattice, smap: ScreenMap, bounds: Bounds) -> list[tuple[int, int, Cell | None]]:
    """Every screen point of a drag: each waypoint proven inside its cell
    (:func:`click_point`), and the steps between waypoints (at most
    DRAG_STEP of a pitch apart, ENDS_STEP where the game takes only the
    ends), each proven on the board, away from every
    cell the drag may not touch and inside the region, window and screen.
    A waypoint comes with its cell, a step between with None."""
    what = f"refusing to drag from {cell_name(action.path[0])}"
    allowed = action.allowed
    for cell in action.path:
        if not (0 <= cell[0] < lat.rows and 0 <= cell[1] < lat.cols):
            raise UnsafePoint(f"{what}: {cell_name(cell)} is not a cell of the {lat.rows}x{lat.cols} board")
    ways = [click_point(lat, r, c, smap, bounds) for r, c in action.path]
    step = (DRAG_STEP if action.follow else ENDS_STEP) * min(lat.px, lat.py) / smap.scale  # in screen points
    points: list[tuple[int, int, Cell | None]] = [(*ways[0], action.path[0])]
    for (ax, ay), (bx, by), cell in zip(ways, ways[1:], action.path[1:]):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        for k in range(1, n + 1):
            sx, sy = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
            px, py = check_move(sx, sy, bounds, smap.scale, what)
            ix, iy = smap.to_image(px, py)
            near = cells_near(lat, ix, iy, DRAG_CLEARANCE)
            if near is None:
                raise UnsafePoint(f"{what}: the way to {cell_name(cell)} passes ({px}, {py}), off the board")
            stray = sorted(near - allowed)
            if stray:
                raise UnsafePoint(f"{what}: the way to {cell_name(cell)} passes over {cell_name(stray[0])}, "
                                  "which the drag must not touch")
            if (px, py) != points[-1][:2]:
                points.append((px, py, None))
        if points[-1][:2] == (bx, by):
            points[-1] = (bx, by, cell)
        else:
            points.append((bx, by, cell))
    return points


def prove(action: Action, lat: Lattice, smap: ScreenMap, bounds: Bounds,
          clicked: tuple[int, int] | None = None) -> Gesture:
    """The events that perform ``action`` on the board at ``lat``, every
    point proven (UnsafePoint names the first that fails; then nothing of
    the action may be done).  ``clicked``: where the last click went, when
    it was within the double-click time (a click there now starts aside,
    as a repeat does: a probe's second click on its cell, a cell put back)."""
    what = action.describe()
    if isinstance(action, Click):
        x, y = click_point(lat, *action.cell, smap, bounds)
        aside = _repeat_point(lat, action.cell, smap, bounds, x, y)
        if clicked is not None and (x, y) == tuple(clicked):
            x, y, aside = *aside, (x, y)
        return Gesture((("move", x, y), ("click", x, y)) + tuple(
            ("repeat", *(aside if k % 2 == 0 else (x, y)), action.cell) for k in range(action.times - 1)), what)
    if isinstance(action, Key):
        if action.key.lower() not in SAFE_KEYS:
            raise UnsafePoint(f"refusing to type {action.key!r} on {cell_name(action.cell)}: only digits, letters "
                              "and erasing keys are typed")
        x, y = click_point(lat, *action.cell, smap, bounds)
        if action.via is not None:
            px, py = key_point(action.via, lat, smap, bounds, what)
            return Gesture((("move", x, y), ("click", x, y, action.cell), ("move", px, py),
                            ("press", px, py, action.cell)), what)
        return Gesture((("move", x, y), ("click", x, y, action.cell), ("key", action.key.lower(), action.cell)), what)
    if isinstance(action, Drag):
        pts = drag_points(action, lat, smap, bounds)
        x0, y0, _ = pts[0]
        x1, y1, _ = pts[-1]
        # the game shows a followed drag's arrival in each cell: the mouse may watch for it
        steps = [("move", x, y, cell) if cell is not None and action.follow else ("move", x, y)
                 for x, y, cell in pts[1:]]
        # a drag taken by its ends: the game may draw the shape so far (its
        # far corner reached), watched before the release
        up = ("up", x1, y1) if action.follow else ("up", x1, y1, action.path[-1])
        events = [("move", x0, y0), ("down", x0, y0, action.path[0])] + steps + [up]
        return Gesture(tuple(events), what)
    raise UnsafePoint(f"refusing an action of an unknown kind: {what}")
