"""Reading a Zip board (LinkedIn's or any look) from a screenshot.

1. The cell lattice from the image's own structure
   (:mod:`puzzlebot.vision.lattice`), on a scaled-down copy when the
   screenshot is large.
2. The cells' ground: the median colour of each cell's corners (where no
   number, wall or trail reaches); most cells share one ground, learnt from
   the image (the start cell may be tinted).  Cells of many grounds are
   another game.
3. Numbers: a cell whose middle holds a disc (a ring around the middle all
   of one colour, far from the ground) has its number in the disc: the
   pixels inside unlike the disc.  Without a disc, ink in the cell's middle
   that stays clear of the cell's sides is the number.  Either way the
   glyphs are read by :mod:`puzzlebot.vision.digits`.  The numbers must be
   1..k, each once.
4. Walls: on each side between two cells, a bar far from the ground and at
   least WALL_THICK of a pitch thick, measured across the side at points
   away from its middle (where a trail would cross); a thin grid line is
   not a wall.
5. The trail drawn so far: a side is crossed when the middle of the side is
   covered (ink far from the ground) and is not a wall.  Each cell's value
   is ON_PATH plus a bit for each side the trail leaves it by, as
   :func:`puzzlebot.solvers.zip.board.links` gives it for a path; the
   trail must be one path from 1.

Units: pixels of the image for positions, shares of the pitch for sizes,
Lab units for colours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from puzzlebot.solvers.zip.board import (DOWN, LEFT, MAX_SIDE, MIN_SIDE, ON_PATH, RIGHT, UP, ZipPuzzle, links,
                                         unjoinable)
from puzzlebot.vision.board_checks import Wholeness, wholeness
from puzzlebot.vision.colour_math import distance, median, to_lab
from puzzlebot.vision.digits import read_number
from puzzlebot.vision.errors import NoBoardError, PartialBoardError
from puzzlebot.vision.image_io import check_shape
from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.lined_grid import corners, find_square_lattice, upscaled
from puzzlebot.vision.masks import filled, grown
from puzzlebot.vision.reading import BOARD, Reading

# Grounds within SAME_GROUND (Lab) are one; at least GROUND_SHARE of the
# cells without a number share the main one (a Zip board is one colour;
# Tango's givens, Queens' regions and lit lights are not).
SAME_GROUND, GROUND_SHARE = 10.0, 0.8
# A row or column at the lattice's edge with more than this share of cells
# unlike the ground lies off the board (the page or card around it).
EDGE_OFF = 0.5
# The board goes on past the lattice when GROW_GROUND of the next row's
# cells show the ground in their corners and a line (a colour change of
# LINE_STEP across it) runs along GROW_LINE of the far side of that row.
GROW_GROUND, LINE_STEP, GROW_LINE = 0.8, 3.0, 0.6
# ... and GROW_LINE of the sides between that row's cells show a line along
# INNER_LINE of their length at least (a trail across one hides 0.45 of it).
INNER_LINE = 0.3
# ... the colours compared lie this many pixels either side of the line,
# which lies up to LINE_SHIFT of a pitch inside the lattice's side.
LINE_REACH, LINE_SHIFT = 3, 0.06
# A pixel is ink when this far (Lab) from the ground: grid lines (~10-20)
# are not, numbers, discs, walls and trails (over 40) are.
INK = 30.0
# A cell with no number and off the trail shows the ground in its middle
# (OFF_TRAIL_MIDDLE pitches each side of its centre); ink over OVERLAID of
# it is something laid over the board (a toast, a window): the cell is
# unsure.  Clean boards' such cells: no ink at all (206 sure reads of the
# labelled screenshots, as saved and under 11 screen changes); toasts: 0.6 to 1.
OFF_TRAIL_MIDDLE, OVERLAID = 0.2, 0.5
# A disc: the ring of radii DISC_RING (pitches) around the cell's middle is
# ink in DISC_FULL of its pixels, within DISC_SAME of one colour (a two-digit
# number's ends reach into the ring); on circles of DISC_RAYS points going
# out, the colour covers half of each up to the disc's edge (before
# DISC_MAX), and under DISC_GONE of the circle DISC_EDGE further out.  A trail through the cell
# fills the inner ring too when it is wider, but runs on to the cell's side.
DISC_RING, DISC_FULL, DISC_SAME = (0.17, 0.21), 0.7, 25.0
# ... or, where a number wider than that ring crosses it, a ring further
# out: DISC_RING_MIDDLE (a disc 0.27 pitch in radius around a bold 10) or
# DISC_RING_OUTER (a disc over 0.3 pitch in radius).
DISC_RING_MIDDLE, DISC_RING_OUTER = (0.21, 0.25), (0.26, 0.3)
DISC_RINGS = (DISC_RING, DISC_RING_MIDDLE, DISC_RING_OUTER)
DISC_RAYS, DISC_MAX, DISC_EDGE, DISC_GONE = 48, 0.44, 0.05, 0.15
# A badge that is no disc (a rounded square): the largest patch of the
# ring's colour, inside BADGE_MAX of a pitch each way, its box's centre
# within BADGE_OFF of a pitch of the cell's middle; its number lies inside
# it, BADGE_RIM of a pitch in from its edge (clear of the anti-aliased rim).
BADGE_MAX, BADGE_OFF, BADGE_RIM = 0.85, 0.08, 0.03
# Inside a disc, a number's pixels lie within GLYPH_SHARE of its radius of
# the middle and differ from the disc's colour by GLYPH_INK.
GLYPH_SHARE, GLYPH_INK = 0.8, 40.0
# Without a disc, a number is ink within the middle NUMBER_BOX (share of the
# pitch, centred) that keeps NUMBER_CLEAR of a pitch from the box's sides
# and is at least NUMBER_TALL high.
NUMBER_BOX, NUMBER_CLEAR, NUMBER_TALL = 0.6, 0.02, 0.15
# ... and when ink runs to that box's sides but stays inside the middle
# WIDE_NUMBER_BOX (clear of walls up to 0.1 pitch into the cell), the number
# is that ink: a two-digit number printed wider than the box (a trail
# through the cell runs on to the cell's side).
WIDE_NUMBER_BOX = 0.78
# Walls: the ink across a side, measured at WALL_AT along it (away from
# the middle a trail crosses), over +-WALL_REACH pitches; a wall when the
# run through the side is at least WALL_THICK thicker than the grid's own
# line (the median side's run: 0 where lines are fainter than ink) at most
# of them, none when under LINE_THIN thicker (a grid line), unsure between.
WALL_AT, WALL_REACH = (0.12, 0.2, 0.8, 0.88), 0.15
# ... from the ink nearest the side within WALL_SNAP of a pitch.
WALL_SNAP = 0.06
WALL_THICK, LINE_THIN = 0.05, 0.03
# ... and none when at most LINE_PX pixels, whatever the pitch: a 1 px grid
# line drawn across two pixels (a page zoomed to 80%: 2 px of a 62 px pitch,
# 0.032; LinkedIn's walls 0.18).  Where the grid's lines are ink, LINE_PX
# more than them is unsure already (their width is measured, not guessed).
LINE_PX = 2
# A side where the grid's line (over LINE_PX thick and STARK times INK from
# the ground: thinner or fainter ones flicker across the ink threshold) is
# under GRID_GONE of its thickness at every WALL_AT point is unsure:
# something not ink laid over it (a light wall in a dark gap, a window).
GRID_GONE, STARK = 0.5, 2.0
# This many cells holding shapes that are no digits (a disc with nothing in
# it, a sun, a moon, a crown) make the grid another game's; one is unsure.
FOREIGN_SHAPES = 2
# The trail crosses a side when LINK_SHARE of a window of +-LINK_HALF
# pitches at the side's middle is ink (a trail is ~0.3-0.45 pitch wide).
LINK_HALF, LINK_SHARE = 0.06, 0.6
# ... or THIN_TRAIL pixel lines side by side across the window, each of them
# ink over THIN_ACROSS of it, run the way the trail would (an SVG line 3 or
# 4 px wide at a 68 px pitch covers under half the window; a tinted cell
# beside a plain one inks half of each line).
THIN_TRAIL, THIN_ACROSS = 2, 0.9
# ... and the ink runs on at each of LINK_ON of the way from the side to
# each cell's middle (0.3 pitch in: past a shape half a cell wide laid over
# the side; 0.1 pitch in: a trail is ink all the way, while a line along the
# side between a highlighted cell and a disc in its neighbour is ink at the
# side and at the disc only).
LINK_ON = (0.2, 0.6)


@dataclass
class ZipLooks:
    """What the reader learnt of this board's look."""

    ground: np.ndarray  # the cells' ground (Lab)
    walls: dict[tuple[int, int, int, int], float] = field(default_factory=dict)  # side -> thickness (pitches)
    how: str = ""  # how numbers were told ("in discs", "printed")
    line: float = 0.0  # the grid's lines' thickness (pitches) where they are ink, else 0
    # how the game takes a path: "" (a drag, as far as known), or "clicks"
    # (one cell a click: learnt where the first drag drew nothing)
    gesture: str = ""
    # how it shows the trail: "" (a line through the cells, whose steps are
    # read), or "fill" (each cell on it filled, no steps to see: learnt where
    # the first drag filled exactly the cells it passed)
    trail: str = ""
    # the numbers in rings round a plain middle, under which a trail does not
    # show: cell -> the ring's radius (pitches)
    hollow: dict[tuple[int, int], float] = field(default_factory=dict)


def _sized(lat: Lattice) -> Lattice:
    if not (MIN_SIDE <= lat.rows <= MAX_SIDE and MIN_SIDE <= lat.cols <= MAX_SIDE):
        raise NoBoardError(f"no Zip board: the grid found is {lat.rows}x{lat.cols} cells "
                           f"(Zip boards are {MIN_SIDE} to {MAX_SIDE} a side)")
    return lat


@lru_cache(maxsize=64)
def _ring(pitch: float, lo: float, hi: float, size: int) -> np.ndarray:
    """The pixels of a size x size window between radii lo and hi (pitches) of its middle."""
    yy, xx = np.mgrid[0:size, 0:size]
    d = np.hypot(yy - (size - 1) / 2, xx - (size - 1) / 2) / pitch
    return (d >= lo) & (d <= hi)


def _disc_radius(win: np.ndarray, colour: np.ndarray, pitch: float, start: float = DISC_RING[0]) -> float | None:
    """The radius (pitches) of a round patch of ``colour`` at the middle of
    ``win``: the first circle, going out from ``start``, on which less than
    half the points have the colour (the digits inside a disc leave most of
    each circle to it); None unless the colour has all but gone DISC_EDGE
    further out (a trail runs on there, a disc does not) before DISC_MAX."""
    size = win.shape[0]
    mid = (size - 1) / 2
    radii = np.arange(start, DISC_MAX + DISC_EDGE + 0.005, 0.01)
    angles = np.linspace(0, 2 * np.pi, DISC_RAYS, endpoint=False)
    xs = np.clip(np.round(mid + np.outer(radii, np.cos(angles)) * pitch).astype(int), 0, size - 1)
    ys = np.clip(np.round(mid + np.outer(radii, np.sin(angles)) * pitch).astype(int), 0, size - 1)
    share = np.mean(distance(win[ys, xs], colour) <= DISC_SAME, axis=1)  # per circle
    out = np.flatnonzero(share < 0.5)
    if not len(out) or radii[out[0]] > DISC_MAX:
        return None
    i = out[0]
    j = np.searchsorted(radii, radii[i] + DISC_EDGE - 1e-9)
    if j >= len(radii) or share[j] > DISC_GONE:
        return None
    return float(radii[i])


def _badge(win: np.ndarray, colour: np.ndarray, pitch: float) -> np.ndarray | None:
    """The inside of a badge of ``colour`` at the middle of the cell's window
    (a rounded square, any shape a number is set in that is no disc): the
    largest patch of the colour, its holes filled, shrunk by BADGE_RIM; None
    unless it lies about the middle (its box's centre within BADGE_OFF of a
    pitch) and inside BADGE_MAX of a pitch each way (a trail runs on to the
    cell's sides)."""
    mask = (distance(win, colour) < DISC_SAME).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n < 2:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = stats[i, :4]
    mid = (win.shape[0] - 1) / 2
    if max(w, h) > BADGE_MAX * pitch or max(abs(x + (w - 1) / 2 - mid), abs(y + (h - 1) / 2 - mid)) > BADGE_OFF * pitch:
        return None
    rim = max(1, int(round(BADGE_RIM * pitch)))
    return cv2.erode(filled(labels == i).astype(np.uint8), np.ones((2 * rim + 1, 2 * rim + 1), np.uint8)) > 0


def _number(lab: np.ndarray, lat: Lattice, r: int, c: int, ground: np.ndarray, discs: dict | None = None,
            rings: dict | None = None, hollow: dict | None = None) -> tuple[int | None, str, str]:
    """(number or None, how it is drawn: "disc", "printed" or "", why unsure).
    ``discs``/``rings``: where to note the colour of a disc found, and of a
    middle filled in one colour where no disc's edge was found; ``hollow``:
    the radius (pitches) of a ring round a plain middle the number is in."""
    cx, cy = lat.center(r, c)
    p = lat.px
    half = int(np.ceil(max(NUMBER_BOX / 2, DISC_MAX + DISC_EDGE + 0.01) * p))
    x0, y0 = int(round(cx)) - half, int(round(cy)) - half
    if x0 < 0 or y0 < 0 or y0 + 2 * half + 1 > lab.shape[0] or x0 + 2 * half + 1 > lab.shape[1]:
        return None, "", "the cell runs off the image"
    win = lab[y0:y0 + 2 * half + 1, x0:x0 + 2 * half + 1]
    ink = distance(win, ground) > INK
    if not ink.any():
        return None, "", ""
    size = win.shape[0]
    for radii in DISC_RINGS:
        ring = _ring(p, *radii, size)
        ring_px = win[ring]
        med = median(ring_px, axis=0)
        full = float(np.mean(ink[ring] & (distance(ring_px, med) < DISC_SAME)))
        if full >= DISC_FULL:
            break
    radius = _disc_radius(win, med, p, radii[0]) if full >= DISC_FULL else None
    badge = _badge(win, med, p) if full >= DISC_FULL and radius is None else None
    if radius is not None or badge is not None:
        big, k = upscaled(win, p)
        if radius is not None:
            inside = _ring(round(p * k, 1), 0.0, GLYPH_SHARE * radius, big.shape[0])
        else:
            inside = cv2.resize(badge.astype(np.uint8), big.shape[1::-1], interpolation=cv2.INTER_NEAREST) > 0
        back = med
        if radius is None and inside.any():
            # a ring round a plain middle (the page's colour): the number is
            # what differs from the middle, not from the ring
            middle = median(big[inside], axis=0)
            same = (distance(big, middle) <= DISC_SAME).astype(np.uint8)
            if float(distance(middle, med)) > DISC_SAME and (inside & (same > 0)).any():
                # the middle's own colour, with its holes (the number), so
                # that the ring's blended inner edge stays out
                _, lbl = cv2.connectedComponents(same, connectivity=8)
                ids, counts = np.unique(lbl[inside & (same > 0)], return_counts=True)
                inside = filled(lbl == ids[np.argmax(counts)])
                back = middle
                if hollow is not None:
                    ys, xs = np.nonzero(badge)
                    mid = (badge.shape[0] - 1) / 2
                    hollow[(r, c)] = float(np.hypot(ys - mid, xs - mid).max() + BADGE_RIM * p + 1) / p
        glyph = inside & (distance(big, back) > GLYPH_INK)
        if discs is not None:
            discs[(r, c)] = med
        if not glyph.any():
            return None, "disc", "a disc with nothing in it (not a number)"
        read = read_number(glyph)
        return (read.value, "disc", "" if read.sure else f"the number in the disc: {read.why}")
    if full >= DISC_FULL and rings is not None:
        rings[(r, c)] = med  # filled in the middle, but no disc's edge: a trail, or a disc run into something
    for box in (NUMBER_BOX, WIDE_NUMBER_BOX):
        printed = _printed(win, ink, ground, p, box)
        if printed is not None:
            return printed
    return None, "", ""


def _printed(win: np.ndarray, ink: np.ndarray, ground: np.ndarray, p: float, box: float
             ) -> tuple[int | None, str, str] | None:
    """The number printed in the middle ``box`` (share of the pitch) of the
    cell's window (``ink``: its pixels INK from the ground); None when ink
    runs to the box's sides (a trail, or a number wider than the box)."""
    size = win.shape[0]
    cut = (size - 1) // 2 - int(np.ceil(box / 2 * p))
    ink = ink[cut:size - cut, cut:size - cut]
    size = ink.shape[0]
    if not ink.any():
        return None, "", ""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    clear = max(1, int(round(NUMBER_CLEAR * p)))
    inner = [i for i in range(1, n) if stats[i, 0] >= clear and stats[i, 1] >= clear
             and stats[i, 0] + stats[i, 2] <= size - clear and stats[i, 1] + stats[i, 3] <= size - clear]
    touching = [i for i in range(1, n) if i not in inner and stats[i, 4] > 2]
    if touching:  # ink that runs to the box's sides: a trail through the cell (or a picture)
        return None
    if not inner or max(stats[i, 3] for i in inner) < NUMBER_TALL * p:
        return None, "", ""
    box_px = win[cut:win.shape[0] - cut, cut:win.shape[0] - cut]
    big, k = upscaled(box_px, p)
    keep = cv2.resize(np.isin(labels, inner).astype(np.uint8), big.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    keep = grown(keep)
    read = read_number(keep & (distance(big, ground) > INK))
    return read.value, "printed", "" if read.sure else f"the number: {read.why}"


def _runs_across(lab: np.ndarray, lat: Lattice, grounds: np.ndarray, side_list: list
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The run of ink (pixels) across each side at each WALL_AT point, one
    row a side, and the colour of the run's middle pixel (Lab; NaN where no
    run): measured vertically through a horizontal side and horizontally through
    a vertical one, against each cell's own ground on its side (a tinted
    cell is no wall); a point off the side's ink takes the ink nearest it
    within WALL_SNAP of a pitch (a lattice a few pixels off)."""
    reach = max(1, int(np.ceil(WALL_REACH * lat.px)))
    h, w = lab.shape[:2]
    offsets = np.arange(-reach, reach + 1)
    pts = [_side_point(lat, side, t) for side in side_list for t in WALL_AT]
    x = np.array([int(round(p[0])) for p in pts])
    y = np.array([int(round(p[1])) for p in pts])
    horizontal = np.array([p[2] for p in pts])[:, None]
    ys = np.where(horizontal, y[:, None] + offsets, y[:, None])
    xs = np.where(horizontal, x[:, None], x[:, None] + offsets)
    inside = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
    px = lab[np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)]
    near = np.array([grounds[s[0], s[1]] for s in side_list]).repeat(len(WALL_AT), axis=0)
    far = np.array([grounds[s[2], s[3]] for s in side_list]).repeat(len(WALL_AT), axis=0)
    ref = np.where((offsets > 0)[None, :, None], far[:, None, :], near[:, None, :])
    ink = (distance(px, ref) > INK) & inside
    snap = max(1, int(round(WALL_SNAP * lat.px)))
    off = np.where(ink & (np.abs(offsets) <= snap)[None, :], np.abs(offsets)[None, :], reach + 1)
    mid = np.where(off.min(axis=1) <= snap, np.argmin(off, axis=1), -1)  # the ink nearest the side
    idx = np.arange(len(offsets))[None, :]
    m = mid[:, None]
    left = np.where(~ink & (idx < m), idx, -1).max(axis=1)
    right = np.where(~ink & (idx > m), idx, len(offsets)).min(axis=1)
    runs = np.where(mid >= 0, right - left - 1, 0).astype(float)
    middle = np.clip((left + right) // 2, 0, len(offsets) - 1)  # the run's middle pixel: its colour, clear of its rims
    colours = np.where((mid >= 0)[:, None], px[np.arange(len(pts)), middle], np.nan)
    shape = (len(side_list), len(WALL_AT))
    return runs.reshape(shape), colours.reshape(shape + (3,))


def sides(lat: Lattice):
    """Every side between two cells: (r1, c1, r2, c2), right and down."""
    for r in range(lat.rows):
        for c in range(lat.cols):
            if c + 1 < lat.cols:
                yield r, c, r, c + 1
            if r + 1 < lat.rows:
                yield r, c, r + 1, c


def _side_point(lat: Lattice, side, t: float) -> tuple[float, float, bool]:
    """The point ``t`` of the way along a side, and whether the side is horizontal."""
    r1, c1, r2, c2 = side
    if r1 == r2:  # a vertical side between left and right cells
        return lat.x0 + c2 * lat.px, lat.y0 + (r1 + t) * lat.py, False
    return lat.x0 + (c1 + t) * lat.px, lat.y0 + r2 * lat.py, True


def _walls(lab: np.ndarray, lat: Lattice, grounds: np.ndarray) -> tuple[dict, dict, float]:
    """{side: thickness in pitches} of the walls, {side: why} of those
    unsure, and the grid's own line's thickness (pitches; 0 where lines are
    fainter than ink or at most LINE_PX thick).  Judged against the grid's
    own sides (most sides are no walls): a wall is thicker than the grid's
    line by WALL_THICK (each point against the grid's run at that point), or
    as thick as a wall and of another colour than the grid's lines at half
    its points or more (a bar laid in a gap)."""
    walls, unsure = {}, {}
    side_list = list(sides(lat))
    runs, colours = _runs_across(lab, lat, grounds, side_list)
    which = np.argsort(runs, axis=1, kind="stable")[:, len(WALL_AT) // 2]  # the upper middle of the four
    every = np.arange(len(side_list))
    run, colour, most = runs[every, which], colours[every, which], runs.max(axis=1)
    grid = float(np.median(run))  # the grid's own line (pixels; 0 where lines are fainter than ink)
    grid_colour = median(colour[run > 0], axis=0) if grid > 0 else None
    # points whose run is of another colour than the grid's lines (most of a side's: a bar laid in a gap)
    unlike_at = np.zeros(runs.shape, bool) if grid_colour is None else \
        (runs > 0) & (np.nan_to_num(distance(colours, grid_colour), nan=0.0) > INK)
    # a line far from ink (no flicker across the threshold) that is gone is something laid over it
    stark = grid > LINE_PX and float(distance(grid_colour, median(grounds.reshape(-1, 3), axis=0))) > STARK * INK
    # each point's run past the grid's own there (rounded tiles' gaps widen near the corners)
    excess = np.sort(runs - np.median(runs, axis=0), axis=1)[:, len(WALL_AT) // 2]
    for side, px, ex, widest, unlike_points in zip(side_list, run, excess, most, unlike_at.sum(axis=1)):
        thick, over = px / lat.px, ex / lat.px
        unlike = unlike_points >= len(WALL_AT) / 2
        if over >= WALL_THICK or (unlike and thick >= WALL_THICK):
            walls[side] = thick
        elif (over > LINE_THIN and (ex > LINE_PX or (grid > 0 and ex >= LINE_PX))) \
                or (unlike and thick > LINE_THIN and px > LINE_PX):
            unsure[side] = "a line thicker than the grid's, thinner than a wall"
        elif stark and widest <= GRID_GONE * grid:
            unsure[side] = "the grid's line is gone here (a bar in another colour, or something laid over it?)"
    return walls, unsure, grid / lat.px if grid > LINE_PX else 0.0


def _links(lab: np.ndarray, lat: Lattice, ground: np.ndarray, walls, line: float = 0.0,
           hollow: dict | None = None) -> tuple[list, list]:
    """The sides the trail crosses, and those it may: ink across the side's
    middle that does not run on along the line between the two cells'
    middles, at each of LINK_ON of the way from the side to each (a shape
    laid over the side, not a trail), but inside a number's ring round a
    plain middle (``hollow``: cell -> its radius), which hides the trail.
    Where the grid's lines are ink (``line``: their thickness, pitches), the
    ink across the side is looked for just past the line on both sides."""
    hollow = hollow or {}
    crossed, doubtful = [], []
    a = max(1, int(round(LINK_HALF * lat.px)))
    h, w = lab.shape[:2]
    past = (line * lat.px / 2 + a + 1) / (lat.px / 2) if line > 0 else 0.0  # of the way to the middles

    def inked(x: float, y: float, along_x: bool) -> bool:
        xi, yi = int(round(x)), int(round(y))
        win = lab[max(0, yi - a):min(h, yi + a + 1), max(0, xi - a):min(w, xi + a + 1)]
        if not win.size:
            return False
        ink = np.linalg.norm(win - ground, axis=2) > INK
        if float(ink.mean()) >= LINK_SHARE:
            return True
        # a trail thinner than the window: THIN_TRAIL lines of it inked across, side by side
        lines = (ink.mean(axis=1) if along_x else ink.mean(axis=0)) >= THIN_ACROSS
        return bool(np.convolve(lines, np.ones(THIN_TRAIL), "valid").max(initial=0) >= THIN_TRAIL)

    for side in sides(lat):
        if side in walls:
            continue
        x, y, _ = _side_point(lat, side, 0.5)
        along_x = side[0] == side[2]  # the trail runs from the left cell to the right one
        ends = [lat.center(side[0], side[1]), lat.center(side[2], side[3])]
        if not all(inked(x + past * (cx - x), y + past * (cy - y), along_x) for cx, cy in ends):
            continue
        cells = [side[:2], side[2:]]
        on = all(inked(x + t * (cx - x), y + t * (cy - y), along_x) for (cx, cy), rc in zip(ends, cells)
                 for t in LINK_ON if (1 - t) * np.hypot(cx - x, cy - y) > hollow.get(rc, 0.0) * lat.px)
        (crossed if on else doubtful).append(side)
    return crossed, doubtful


def _state(lat: Lattice, crossed, start: tuple[int, int] | None) -> np.ndarray:
    state = np.zeros((lat.rows, lat.cols), np.int64)
    for r1, c1, r2, c2 in crossed:
        if r1 == r2:
            state[r1, c1] |= ON_PATH | RIGHT
            state[r2, c2] |= ON_PATH | LEFT
        else:
            state[r1, c1] |= ON_PATH | DOWN
            state[r2, c2] |= ON_PATH | UP
    if start is not None:
        state[start] |= ON_PATH
    return state


def _overlaid(lab: np.ndarray, lat: Lattice, ground: np.ndarray, state: np.ndarray, skip) -> list[tuple[int, int]]:
    """Cells off the trail, not in ``skip`` (numbers, cells unsure already),
    whose middle is ink in more than OVERLAID of its pixels."""
    out = []
    for r, c in np.ndindex(lat.rows, lat.cols):
        if (r, c) in skip or state[r, c]:
            continue
        cx, cy = lat.center(r, c)
        hx, hy = OFF_TRAIL_MIDDLE * lat.px, OFF_TRAIL_MIDDLE * lat.py
        win = lab[max(0, int(round(cy - hy))):int(round(cy + hy)), max(0, int(round(cx - hx))):int(round(cx + hx))]
        if win.size and float(np.mean(distance(win, ground) > INK)) > OVERLAID:
            out.append((r, c))
    return out


def _path(state: np.ndarray, start: tuple[int, int]) -> list[tuple[int, int]] | None:
    """The path the links make from ``start``, or None unless they make one
    path from there (no branch, no loop, no piece apart)."""
    rows, cols = state.shape
    path, prev = [start], None
    steps = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}
    while True:
        r, c = path[-1]
        nxt = [(r + dr, c + dc) for bit, (dr, dc) in steps.items() if state[r, c] & bit]
        nxt = [n for n in nxt if n != prev]
        if len(nxt) > 1 or (len(path) == 1 and len(nxt) > 1):
            return None
        if not nxt:
            break
        if nxt[0] in path:
            return None
        prev = path[-1]
        path.append(nxt[0])
    linked = {(r, c) for r in range(rows) for c in range(cols) if state[r, c] & ~ON_PATH}
    if not linked <= set(path):
        return None
    return path


def _line_along(lab: np.ndarray, lat: Lattice, side: str) -> float:
    """The share of the lattice's ``side`` along which a line runs, at the
    place up to LINE_SHIFT of a pitch inside the side where most of it does
    (tiles with gaps between them end half a gap inside the lattice; never
    outside it, where a turned board's next column would do): within
    a pixel of the place, a colour LINE_STEP unlike the colours LINE_REACH
    pixels either side (a thin line), or those two unlike each other (an
    edge)."""
    x0, y0, x1, y1 = lat.bbox
    h, w = lab.shape[:2]
    d = LINE_REACH
    horizontal = side in ("top", "bottom")
    side_at = int(round({"top": y0, "bottom": y1, "left": x0, "right": x1}[side]))
    span = slice(max(0, int(x0)), min(w, int(x1))) if horizontal else slice(max(0, int(y0)), min(h, int(y1)))
    shift = int(round(LINE_SHIFT * (lat.py if horizontal else lat.px)))
    inward = (0, shift) if side in ("top", "left") else (-shift, 0)
    lo, hi = max(side_at + inward[0], d), min(side_at + inward[1], (h if horizontal else w) - d - 1)
    if lo > hi:
        return 0.0
    band = lab[lo - d:hi + d + 1, span] if horizontal else lab[span, lo - d:hi + d + 1].transpose(1, 0, 2)
    if not band.shape[1]:
        return 0.0
    n = hi - lo + 1  # the places tried; band row i + d is place i
    a, b = band[:n], band[2 * d:2 * d + n]
    thin = np.max([np.minimum(distance(band[d + k:d + k + n], a), distance(band[d + k:d + k + n], b))
                   for k in (-1, 0, 1)], axis=0)
    return float(np.max(np.mean((thin > LINE_STEP) | (distance(a, b) > LINE_STEP), axis=1)))


def _bounded(lab: np.ndarray, lat: Lattice, side: str) -> bool:
    """Whether a line (the board's frame) bounds the lattice's ``side``."""
    return _line_along(lab, lat, side) >= GROW_LINE


def _goes_on(lab: np.ndarray, lat: Lattice, ground: np.ndarray, side: str) -> bool:
    """Whether the board has another row (column) of cells past ``side``:
    their corners show the ground, and a line bounds them a pitch further
    out (the board's frame or grid), as the board's own cells are bounded."""
    r0, c0, rows, cols = {"top": (-1, 0, 1, lat.cols), "bottom": (lat.rows, 0, 1, lat.cols),
                          "left": (0, -1, lat.rows, 1), "right": (0, lat.cols, lat.rows, 1)}[side]
    beyond = lat.sub(r0, c0, rows, cols)
    x0, y0, x1, y1 = beyond.bbox
    h, w = lab.shape[:2]
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return False
    if float(np.mean(distance(corners(lab, beyond), ground) < SAME_GROUND)) < GROW_GROUND:
        return False
    # the lines between its cells: a page's blank band past the board (its
    # heading's row) shows none
    along = rows == 1
    n = cols if along else rows
    inner = [_line_along(lab, beyond.sub(0, k, 1, 1) if along else beyond.sub(k, 0, 1, 1),
                         "right" if along else "bottom") >= INNER_LINE for k in range(n - 1)]
    if inner and float(np.mean(inner)) < GROW_LINE:
        return False
    return _bounded(lab, beyond, side)


def _fit_extent(img: np.ndarray, lat: Lattice) -> Lattice:
    """The lattice found, trimmed of edge rows and columns whose cells are not
    the board's ground (a card or page the lattice ran onto) and grown by
    rows and columns the board's cells continue into (a lattice that missed
    a row its trail crossed): at most MAX_SIDE a side."""
    for _ in range(2 * MAX_SIDE):
        crop, local, _ = lat.crop(img, 1.5)
        lab = to_lab(crop)
        grounds = corners(lab, local)
        ground = median(grounds.reshape(-1, 3), axis=0)
        off = distance(grounds, ground) >= SAME_GROUND
        r0, r1, c0, c1 = 0, lat.rows, 0, lat.cols
        if off[0].mean() > EDGE_OFF or not _bounded(lab, local, "top"):
            r0 += 1
        elif off[-1].mean() > EDGE_OFF or not _bounded(lab, local, "bottom"):
            r1 -= 1
        elif off[:, 0].mean() > EDGE_OFF or not _bounded(lab, local, "left"):
            c0 += 1
        elif off[:, -1].mean() > EDGE_OFF or not _bounded(lab, local, "right"):
            c1 -= 1
        if (r0, r1, c0, c1) != (0, lat.rows, 0, lat.cols):
            if r1 - r0 < 2 or c1 - c0 < 2:
                raise NoBoardError("no Zip board: the grid's cells are not of one colour")
            lat = lat.sub(r0, c0, r1 - r0, c1 - c0)
            continue
        grow = {s: _goes_on(lab, local, ground, s) for s in ("top", "bottom", "left", "right")}
        if not any(grow.values()) or lat.rows + grow["top"] + grow["bottom"] > MAX_SIDE \
                or lat.cols + grow["left"] + grow["right"] > MAX_SIDE:
            return lat
        lat = lat.sub(-grow["top"], -grow["left"], lat.rows + grow["top"] + grow["bottom"],
                      lat.cols + grow["left"] + grow["right"])
    return lat


def read(img: np.ndarray, lattice: Lattice | None = None) -> Reading:
    """The Zip board in ``img`` (the lattice searched unless given).
    NoBoardError when there is none (or another game's grid); the reading
    says which cells or sides are unsure and why."""
    check_shape(img, "Zip")
    crop, lat, (ox, oy) = (lattice or _sized(_fit_extent(img, find_square_lattice(img, MAX_SIDE, "Zip")))).crop(img, 1.0)
    lab = to_lab(crop)
    grounds = corners(lab, lat)
    flat = grounds.reshape(-1, 3)
    ground = median(flat, axis=0)
    unsure: dict = {}
    numbers, how, why, discs, rings, hollow = {}, set(), {}, {}, {}, {}
    for r in range(lat.rows):
        for c in range(lat.cols):
            k, style, doubt = _number(lab, lat, r, c, ground, discs, rings, hollow)
            if style:
                how.add(style)
            if doubt:
                why[(r, c)] = doubt
            elif k is not None:
                numbers[(r, c)] = k
    # a cell shows the ground, or a disc: past a side, either is more board
    looks = [ground]
    if discs:  # a middle in the discs' colour with no disc's edge: a disc run into a shape of its colour
        colour = median(np.array(list(discs.values())), axis=0)
        looks.append(colour)
        for rc, med in rings.items():
            if rc not in why and float(distance(med, colour)) < DISC_SAME:
                why[rc] = "a disc that runs into a shape of its colour (covered?)"
    plain = [rc for rc in np.ndindex(lat.rows, lat.cols) if rc not in numbers and rc not in why]
    like = [np.linalg.norm(grounds[rc] - ground) < SAME_GROUND for rc in plain]
    if plain and np.mean(like) < GROUND_SHARE:
        raise NoBoardError(f"no Zip board: its cells are of several colours ({sum(not x for x in like)} of "
                           f"{len(plain)} unlike the rest: another game?)")
    shapes = [rc for rc, w in why.items() if "nothing in it" in w or "like no digit" in w]
    if len(shapes) >= FOREIGN_SHAPES:
        raise NoBoardError(f"no Zip board: {len(shapes)} cells hold shapes that are not numbers (another game?)")
    values = sorted(numbers.values())
    if not values:
        raise NoBoardError("no Zip board: no cell holds a number that can be read")
    if len(values) != len(set(values)):
        raise NoBoardError("no Zip board: numbers repeat (" + ", ".join(str(v) for v in values[:12]) + ")")
    unsure.update(why)
    k = len(values) + len(why)
    if (not why and values != list(range(1, k + 1))) or (values and values[-1] > k):
        whole = wholeness(lab, lat, looks, SAME_GROUND, slivers=True, cover_edges=True, toasts=True)
        if not whole.whole:  # the missing numbers may lie on the part not seen
            raise PartialBoardError(f"only part of a Zip board, or none (the numbers read are {values[:12]}, "
                                    f"not 1 to {k}): {whole.reason()}")
        raise NoBoardError(f"no Zip board: the numbers read are {values[:12]}, not 1 to {k}")
    if k < 2:
        raise NoBoardError("no Zip board: fewer than two numbers on the grid")
    walls, wall_doubts, line = _walls(lab, lat, grounds)
    unsure.update(wall_doubts)
    whole = wholeness(lab, lat, looks, SAME_GROUND, slivers=True, cover_edges=True, toasts=True)
    if not whole.whole:
        raise PartialBoardError(f"only part of a Zip board: {whole.reason()}")
    if not why:
        short = unjoinable(numbers, lat.rows * lat.cols)
        if short:
            raise NoBoardError(f"no Zip board: {short} (number tiles of another game?)")
    start = next((rc for rc, v in numbers.items() if v == 1), None)
    hollow = {rc: v for rc, v in hollow.items() if rc in numbers}
    crossed, doubtful = _links(lab, lat, ground, walls, line, hollow)
    for side in doubtful:
        unsure[side] = "ink across this side that does not run on into both cells (something laid over it?)"
    state = _state(lat, crossed, start)
    for rc in _overlaid(lab, lat, ground, state, numbers.keys() | why.keys()):
        unsure[rc] = "ink over its middle that is neither a number nor the trail (something laid over it?)"
    path = _path(state, start) if start is not None else None
    if start is not None and path is None:
        unsure[BOARD] = "the trail drawn is not one path from 1"
    puzzle = ZipPuzzle(lat.rows, lat.cols, numbers, {((a, b), (c, d)) for a, b, c, d in walls})
    if path and len(path) > 1:
        puzzle.path = path
    looks = ZipLooks(ground, walls, " and ".join(sorted(how)) or "none", line, hollow=hollow)
    unsure = dict(sorted(unsure.items(), key=lambda kv: str(kv[0])))
    return Reading(puzzle, state, lat.shifted(-ox, -oy), unsure, tuple(whole.touches), looks)


def read_cells(img: np.ndarray, lat: Lattice, reading: Reading, only: np.ndarray | None = None) -> np.ndarray:
    """Each cell's trail (ON_PATH and its links) in a fresh capture, judged
    against the ground read before (walls as read before: they do not move)."""
    crop, local, _ = lat.crop(img, 0.1)
    lab = to_lab(crop)
    walls = reading.looks.walls
    p: ZipPuzzle = reading.board
    start = p.cell_of(1)
    crossed, doubtful = _links(lab, local, reading.looks.ground, walls, reading.looks.line, reading.looks.hollow)
    state = _state(local, crossed, start)
    for r1, c1, r2, c2 in doubtful:
        state[r1, c1] = state[r2, c2] = -1
    if reading.looks.trail == "fill":  # on the trail by a fill or a step seen; which steps, not told
        on = (state > 0) | _filled(lab, local, reading.looks.ground)
        state = np.where(state < 0, -1, np.where(on, ON_PATH, 0)).astype(np.int64)
    if only is not None:
        state[~only] = -1
    return state


def _filled(lab: np.ndarray, lat: Lattice, ground: np.ndarray) -> np.ndarray:
    """Which cells are filled with a colour unlike the ground (their corners,
    where a trail drawn as a line never reaches)."""
    return np.nan_to_num(distance(corners(lab, lat), ground), nan=0.0) >= SAME_GROUND


def filled_cells(img: np.ndarray, lat: Lattice, reading: Reading) -> set[tuple[int, int]]:
    """The cells of a fresh capture filled with a colour unlike the ground
    read before: a trail drawn as filled cells."""
    crop, local, _ = lat.crop(img, 0.1)
    return {(int(r), int(c)) for r, c in np.argwhere(_filled(to_lab(crop), local, reading.looks.ground))}


def whole_in(img: np.ndarray, lat: Lattice, reading: Reading) -> Wholeness:
    """Whether the board read before is whole in a larger capture."""
    crop, local, _ = lat.crop(img, 1.0)
    return wholeness(to_lab(crop), local, [reading.looks.ground], SAME_GROUND, slivers=True, cover_edges=True,
                     toasts=True)


def expected_state(p: ZipPuzzle, path, fill: bool = False) -> np.ndarray:
    """The values :func:`read_cells` gives for ``path`` drawn on ``p`` (with
    ``fill``: in a game that fills the trail's cells, ON_PATH alone)."""
    state = np.array(links(p, path), np.int64)
    if fill:
        state = np.where(state != 0, ON_PATH, 0).astype(np.int64)
    state[p.cell_of(1)] |= ON_PATH
    return state
