"""Reading a Patches board (LinkedIn's Shikaku) from a screenshot.

1. The board: square lattices from the image's cell-like blobs (whole
   patches may be one blob: cut up to SPLITS ways), each tried for a run of
   grid lines a pitch apart through its cells, present across (nearly) the
   whole board; the run's ends placed on the frame (found from outside: a
   patch's border may lie just inside it), and rows or columns outside the
   frame dropped (unless they hold a clue).  A side with no frame, or past
   which the grid lines run
   on (a board cut through a row, a window over it), leaves the reading
   unsure.
2. Each cell's ground: the median colour of its corners (icons sit in the
   cells' middles).  The free cells' ground is the neutral look whose cells
   hold no border where they meet other looks (else the one such look in
   colour, where the other looks show borders); other grounds are patches'
   tints.
3. Clues: a solid piece of colour in a cell's middle (an icon), outlined at
   half its contrast; its breadth and length across its middle give the
   shape (wider than tall by ICON_ASPECT "wide", taller "tall", else
   "square"), or "any" when its lightness is striped diagonally.  The
   area is the white number inside it (:mod:`puzzlebot.vision.digits`), or
   none.  A printed number with no icon (Tatham's Rectangles) is an "any"
   clue of that area.
4. Patches drawn: tinted cells of one tint joined across the sides no
   border runs along (a patch's 3 px border lies inside its own cells; a
   border outweighs the board's plain grid lines, PLAIN_TIMES);
   each must be a rectangle whose border runs along its edge alone, else
   its cells are unsure.

A cell's value (:func:`cell_values`): 0 when no patch covers it, else 1 plus
twice the bits of the sides its patch's border runs along, so that the bot
checks each patch's extent after each drag, not only its cells' colour.

Units: pixels of the image for positions, shares of the pitch for sizes,
Lab units for colours.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.solvers.patches import MAX_SIDE, PatchesPuzzle
from puzzlebot.vision.board_checks import Wholeness, wholeness
from puzzlebot.vision.colour_math import distance, median, to_lab
from puzzlebot.vision.digits import read_number
from puzzlebot.vision.errors import NoBoardError, PartialBoardError
from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.lined_grid import (GROUND_PX, LINE_BAND, LINE_REACH, SEARCH_SIDE, corners, line_weights, median_rows,
                                         quantile_rows, split_candidates, upscaled)
from puzzlebot.vision.masks import filled, grown
from puzzlebot.vision.reading import BOARD, Reading

GAME = "Patches"
# Boards have 4 cells a side at least (LinkedIn's are 6 to 8, Tatham's
# Rectangles go to 20 and more), as many as the solver takes at most.
MIN_CELLS, MAX_CELLS = 4, MAX_SIDE
# Blobs may be whole patches: lattices are tried with their cells cut in up
# to SPLITS each way.
SPLITS = 6
# The cells between the frames found are square within FRAMED_SQUARE (ours
# within 0.5%; a window's edge 18 px past a 7-cell board of 24 px, 3%).
FRAMED_SQUARE = 0.015
# At most MAX_TRIES square lattices are tried (ours, 25 renders, all by the first).
MAX_TRIES = 4
# Cells are square: a lattice whose pitches differ by SQUARE of a pitch is
# another grid (ours differ by under 1%; a lattice one line off in 8 by 12%).
SQUARE = 0.03
# A line's weight is sampled at ALONG_MAX cells along it at most.
ALONG_MAX = 12
# A line must be there across all but LINE_GAPS of the cells it passes.
LINE_GAPS = 0.1
# A grid line is there at LINE_MIN (see lined_grid.line_weights: a 1 px
# light grey line on white weighs ~0.6).
LINE_MIN = 0.15
# Ground is sampled in each cell's corners, from CORNER_FROM to CORNER_TO
# of the pitch in from each corner: clear of a patch's 3 px border and of
# the icons (a wide icon starts 0.27 of a pitch from the top).
CORNER_FROM, CORNER_TO = 0.12, 0.24
# Grounds within SAME_GROUND (Lab) are one; a patch's tint over the plain
# ground is 20-60 away.
SAME_GROUND = 10.0
# A ground is one of the board's looks when LOOK_CELLS cells show it.
LOOK_CELLS = 3
# The free cells' ground is a neutral look (chroma
# under NEUTRAL: white or grey cells); patches tint their cells in colour.
NEUTRAL = 10.0
# ... and its cells hold no border where they meet cells of another look:
# the median weight of their sides there, measured inside them (see
# BORDER_WEIGHT), at most FREE_BORDER (ours 0; a patch's sides 7 up).
FREE_BORDER = 4.0
# A patch's border: a band along a cell's side differing from the cell's
# ground by more than LINE_DIFF (a 1 px grid line differs by ~10) over at
# least BORDER_WEIGHT (Lab units times pixels: our 3 px borders weigh 50 to
# 300, scaled to 60% as JPEG 17 up; a side inside a patch 0), looked for
# from BORDER_OUT of a pitch outside the side's line to BORDER_BAND inside
# it, over the middle BORDER_ALONG of it (clear of a patch's rounded corners).
LINE_DIFF, BORDER_WEIGHT, BORDER_BAND, BORDER_OUT, BORDER_ALONG = 12.0, 10.0, 0.09, 0.04, 0.6
# Where the board's plain lines weigh more (dark or thick grid lines), a
# border weighs PLAIN_TIMES their median at least (a JPEG grey line inside
# a patch weighed 4 to 12 and was read as a border at 11, splitting the
# patch in two, sure; that board's borders weigh 150 up).
PLAIN_TIMES = 3.0
SIDE_BITS = {"top": 1, "right": 2, "bottom": 4, "left": 8}
# On a printed board (Tatham's), a line is thick where it weighs THICK_SHARE
# of the frame (Tatham's: thick 3 px black ~1, a thin grid line ~0.15).
THICK_SHARE = 0.5
# Ink: this far (Lab) from the cell's ground.
INK = 30.0
# An icon stands ICON_INK (Lab) off its cell's ground: an icon in its own
# patch is the patch's tint at full strength (~28 from it for a pale cyan).
ICON_INK = 15.0
# An icon's outline is where it stands ICON_HALF of its contrast off the
# ground (JPEG rings a halo of ~15 about a dark-mode icon).
ICON_HALF = 0.5
# The middle of a cell searched for a clue: the cell less CELL_INSET of a
# pitch each side (a patch's 3 px border and the grid line stay outside
# down to 34 px cells; our widest icons reach 0.13 of a pitch from the sides).
CELL_INSET = 0.12
# An icon: one piece of ink at least ICON_AREA of a pitch squared, filling
# ICON_SOLID of its box (ours, rounded rectangles: 0.86 up over 392 icons,
# small ones as JPEG the least; other games' discs and pieces 0.84 at most).
ICON_AREA, ICON_SOLID = 0.1, 0.85
# ... of a colour at least ICON_CHROMA (Lab chroma) strong: ours 22 (brown)
# up; grey, black or white shapes (digits, discs, crowns) are no clues.
ICON_CHROMA = 15.0
# A board where clues (or cells unsure) are more than CLUE_SHARE of the
# cells is no Patches board (each clue's patch has cells of its own: ours
# average 3 cells or more); nor one with more than EMPTY_PATCHES drawn
# patches that hold no clue (another game's coloured regions).
CLUE_SHARE, EMPTY_PATCHES = 0.5, 3
# An icon keeps clear of its cell's sides: ground, a grid line or a patch's
# border lies between it and the next cell.  Where its outline meets the
# searched middle's edge and more than RUN_OUT_SHARE of its rows there run on
# in its own colour, unbroken, across the cell's side and RUN_OUT of a pitch
# into the next cell, it is a shape over the board (a sticker, a window's
# corner), not an icon.
RUN_OUT, RUN_OUT_SHARE = 0.04, 0.5
# Ink is closed over ICON_CLOSE of a pitch before looking for an icon: a
# striped icon's light stripes may match a tinted cell's ground.
ICON_CLOSE = 0.08
# Wider (taller) than tall (wide) by ICON_ASPECT: a wide (tall) icon; ours
# are 1.6 to 1, measured 1.37 up at small sizes; at most SQUARE_ASPECT: a
# square one (ours measured 1.16 at most, striped).  Between: unsure (icons
# drawn 1.35 to 1 in another look measured 1.22 at 43 px cells and were
# read square, sure).
ICON_ASPECT, SQUARE_ASPECT = 1.3, 1.2
# An icon's own colour: the median of its most coloured pixels (the top
# 100 - ICON_COLOUR_TOP percent by chroma: its stripes and number are paler),
# ICON_EDGE of a pitch in from its outline (off its rounded, blended rim).
ICON_COLOUR_TOP, ICON_EDGE = 60.0, 0.05
# The number: pixels GLYPH_INK (Lab) from the icon's colour and lighter by
# GLYPH_LIGHTER (white type on colour; a pale stripe is ~25 away), in pieces
# DIGIT_MARGIN of the icon's box clear of its sides (stripes run to them)
# and at least DIGIT_TALL of a pitch high (our type is 0.3 of a pitch);
# lighter too by GLYPH_WHITE of the way to the icon's lightest pixel (white
# type; a pale stripe beside it is 0.45 of the way).
GLYPH_WHITE = 0.6
GLYPH_INK, GLYPH_LIGHTER, DIGIT_MARGIN, DIGIT_TALL = 25.0, 15.0, 0.12, 0.1
# ... or by LIGHT_ROOM of the room above the icon's lightness, where that
# is less: white type on a pale lime icon (L 91) is 9 lighter at most.
LIGHT_ROOM = 0.5
# An icon with no number found is unsure when, inside those margins, more
# than FAINT_NUMBER of a pitch squared is half that far from its colour and
# half that lighter: a number too faint to read (ours with no number 0, over
# 351 icons also dimmed, flattened, JPEG 35 and rescaled; numbers missed so
# 0.018 up; numbers read 0.015 up).
FAINT_NUMBER = 0.006
# A number whose ink is under DIGIT_PX pixels tall in the image is unsure:
# ours are 6.8 px up (35 px cells), where every number reads right; our
# boards scaled to 60% (21-25 px cells, digits 3 to 6 px) read 19 of 257
# numbers as other digits.
DIGIT_PX = 6.5
# The number's box, grown by DIGIT_PAD of a pitch: where it is read.
DIGIT_PAD = 0.04
# The number is read again with its paler edges, at SOFTER of the ink's
# thresholds: another sure value is unsure (a JPEG 3 in white on a pale
# icon kept only its spine at full contrast and read as a sure 1).
SOFTER = 0.5
# Light ink beside the number, within its rows (grown by DIGIT_PAD), at
# least SIDE_DIGIT of its height and left out for reaching into the icon's
# margin (DIGIT_MARGIN), not at its very edge (a light rim JPEG leaves), is
# a digit of it: the 1 of a 12 filling a narrow tall icon was left out and
# the 12 read as 2, sure (13 of 560 boards in other looks).  Stripes run
# past the number's rows; a stripe's corner piece is shorter.  Such ink at
# the very edge makes the number unsure (a serif 1 whose foot meets the
# icon's edge: a 12 read as a sure 2 at 35 px cells).
SIDE_DIGIT = 0.6
# ... when EDGE_DIGIT_PX wide at least (the 1's foot: 6 px; a light line
# JPEG leaves along a dark icon's side: 1 px).
EDGE_DIGIT_PX = 2
# "any" icons are striped at 45 degrees.  The icon's lightness less its
# number, averaged along each diagonal, ripples from one diagonal to the next
# in one direction only (across the stripes); its ripple is what is left of
# that profile less its moving average over STRIPE_SMOOTH of its length (a
# shading gradient, JPEG noise and scaling's blur leave little).  Striped when
# the two directions' ripples differ by STRIPE_WAVE (Lab L) or more, plain at
# PLAIN_WAVE or less, unsure between: over our 24 boards under 15 screen
# changes (tints, light, JPEG 35, zooms 60% to 150%), striped icons 1.40 and
# up (1% under 2.26; 843), plain ones 1.19 at most (4,693).  (The 1-pixel
# diagonal steps used before let 5% of striped icons under 1.84 and plain
# ones up to 1.46: zooms blur one-pixel steps.)
STRIPE_WAVE, PLAIN_WAVE = 1.6, 1.3
# An icon plain by its lightness whose colour (the distance from the icon's
# own) ripples so by PLAIN_HUE_WAVE or more is unsure: white stripes on a
# lime icon (L 91) rippled 0.8 in lightness, 14 in colour, and read plain,
# sure.  Plain icons over our boards, their screen changes and 240 renders
# ripple 0.65 at the 99th percentile (a few up to 8: unsure, not wrong).
PLAIN_HUE_WAVE = 2.0
STRIPE_SMOOTH = 0.25
# Pixels a diagonal needs to count in the profile, and diagonals a profile
# needs: fewer tell no stripe from noise (unsure).
DIAGONAL_PX, DIAGONALS = 3, 6
# The frame's position: the percentile FRAME_ROWS of the rows (columns)
# along it, so that a patch's border beside it on under three quarters of them
# does not move it.
FRAME_ROWS = 25
# The board's frame: its outermost lines stray from the cells' ground (Lab
# L, the most within FRAME_REACH of a pitch, the median along the line) by
# FRAME_RATIO times a plain inner line, the PLAIN_LINES percentile of them
# (patches' borders make some strong) and at least FRAME_MIN (ours: a 2 px
# frame 25 to 37, a grid line 7 to 14).
FRAME_REACH, FRAME_RATIO, FRAME_MIN, PLAIN_LINES = 0.05, 1.6, 4.0, 25
# Past a side, BEYOND_FROM to BEYOND_TO of a pitch out, the grid lines end:
# where BEYOND_SHARE of them run on there, the board goes on (cut through a
# row).  Measured over a band BEYOND_BAND as narrow as line_weights' own.
BEYOND_FROM, BEYOND_TO, BEYOND_SHARE, BEYOND_BAND = 0.1, 0.35, 0.5, 0.5
# ... in their own shade: within LINE_SHADE grey levels of the line's shade
# half a pitch inside the side.
LINE_SHADE = 30.0
# A board with no frame is whole where a margin of one colour (MARGIN_SHARE
# of its pixels within MARGIN_TOL: a flat page, JPEG's noise on it 1 to 3)
# runs round all four sides, from MARGIN_AT[0] to MARGIN_AT[1] of a pitch
# past them, twice MARGIN_TOL from every look of the cells (dark tiles on
# a dark page: 8.7): a board cut through a row shows that row's cells there,
# a window's edge or a decoder's grey fill runs along one side only.
MARGIN_AT, MARGIN_SHARE, MARGIN_TOL = (0.1, 0.4), 0.97, 4.0
# Printed numbers (Tatham's Rectangles): no inner line crossing the whole
# board may weigh HEAVY_LINE times the median inner line (a Sudoku's box
# lines weigh 2 to 3 times its others).
HEAVY_LINE = 1.6
# A printed number (no icon): ink at least NUMBER_TALL of a pitch high.
NUMBER_TALL = 0.25


@dataclass
class PatchesLooks:
    """What the reader learnt of this board's look."""

    ground: np.ndarray | None  # the free cells' ground (Lab); None when a patch covers every cell
    grounds: list = field(default_factory=list)  # every ground of several cells, for whole_in
    icons: str = ""  # how clues are drawn: "icons", "printed"
    border: float = BORDER_WEIGHT  # the weight a patch's border has at least here (_border_least)
    # patches drawn as a fill only, the grid's lines kept across them (learnt
    # from the game's answer to a first drag): a cell's value is whether a
    # patch covers it, which is all that shows
    fills_only: bool = False


def _runs(w: np.ndarray, lo: int, hi: int) -> tuple[int, int] | None:
    """The longest run of present lines (indexes) that holds the lattice's
    own lines lo..hi, grown outwards while lines are there."""
    if not (0 <= lo < hi < len(w)):
        return None
    present = w >= LINE_MIN
    mid = (lo + hi) // 2
    if not present[mid]:
        return None
    a = b = mid
    while a > 0 and present[a - 1]:
        a -= 1
    while b < len(w) - 1 and present[b + 1]:
        b += 1
    return a, b


def _low_rows(m: np.ndarray) -> np.ndarray:
    """Each line's weight where it is weakest but for LINE_GAPS of the
    cells it passes (NaN ignored): a grid line runs the board's whole
    width (or height); a title's words over some columns do not."""
    return quantile_rows(m, LINE_GAPS)


def _spread(cells: np.ndarray) -> np.ndarray:
    """At most ALONG_MAX of ``cells``, evenly spread: where a line's weight
    is sampled along it."""
    if len(cells) <= ALONG_MAX:
        return cells
    return cells[np.round(np.linspace(0, len(cells) - 1, ALONG_MAX)).astype(int)]


def _trim(w: np.ndarray, run: tuple[int, int]) -> tuple[int, int]:
    """The run of lines less any at its ends that are not there (at LINE_MIN)."""
    a, b = run
    while a < b and w[a] < LINE_MIN:
        a += 1
    while b > a and w[b] < LINE_MIN:
        b -= 1
    return a, b


def _crossed(gray: np.ndarray, xs: np.ndarray, ys: np.ndarray, rx: tuple[int, int], ry: tuple[int, int],
             p: float) -> tuple[tuple[int, int], tuple[int, int]]:
    """The runs of lines less end rows (columns) that the other way's lines
    do not cross: a line a pitch past the board (a window's title bar, a
    toolbar) grows the run by a row of no cells, whose sides show no line."""
    while True:
        ends = []
        for (a, b), (c, d), at, other, vertical in ((ry, rx, ys, xs, True), (rx, ry, xs, ys, False)):
            if b - a < 2:
                continue
            mids = (at[[a, b - 1]] + at[[a + 1, b]]) / 2  # the first and last rows' (columns') middles
            w = np.nan_to_num(line_weights(gray, other[c:d + 1], mids, p, vertical))
            crossed = np.median(w, axis=0) >= LINE_MIN
            ends.append((vertical, crossed))
        cut = False
        for vertical, (first, last) in ends:
            a, b = ry if vertical else rx
            if not first:
                a, cut = a + 1, True
            elif not last:
                b, cut = b - 1, True
            if vertical:
                ry = (a, b)
            else:
                rx = (a, b)
        if not cut:
            return rx, ry


def _frame_line(gray: np.ndarray, at: float, along: tuple[float, float], pitch: float, vertical: bool,
                outward: int) -> float:
    """The middle of the board's frame near ``at``: found from outside the
    board (``outward`` -1: at lower coordinates), the first run of pixels
    that stray from the ground beyond it by half the most any does, taken
    where most of the side shows it (a patch's border beside the frame on
    some rows does not draw it inwards); ``at`` when none is seen."""
    h, w = gray.shape
    reach = max(GROUND_PX + 2, int(round(LINE_REACH * pitch)))
    a = int(round(at))
    lo, hi = int(max(0, along[0])), int(min(h if vertical else w, along[1]))
    if a - reach < 0 or a + reach >= (w if vertical else h) or hi <= lo:
        return at
    win = gray[lo:hi, a - reach:a + reach + 1] if vertical else gray[a - reach:a + reach + 1, lo:hi].T
    if outward > 0:
        win = win[:, ::-1]  # scan from outside, inwards
    dev = np.abs(win - median(win[:, :GROUND_PX], axis=1, keepdims=True))
    prof = np.percentile(dev, FRAME_ROWS, axis=0)
    if prof.max() <= 0:
        return at
    on = prof >= prof.max() / 2
    start = int(np.argmax(on))
    run = int(np.argmin(on[start:])) if not on[start:].all() else len(on) - start
    mid = start + run / 2  # in the window, from outside
    return float(a - reach + mid) if outward < 0 else float(a + reach + 1 - mid)


def _framed(gray: np.ndarray, xs: np.ndarray, ys: np.ndarray, rx: tuple[int, int], ry: tuple[int, int],
            p: float) -> Lattice | None:
    """The lattice between the frames found at the runs' end lines, with
    cells square within FRAMED_SQUARE; else the same less one end line (a
    window's edge a part of a pitch past the board's frame taken for one
    more line) that makes them square; None when none does."""
    cache: dict = {}

    def frame(k: int, vertical: bool, out: int) -> float:
        if (k, vertical, out) not in cache:
            at, along = (xs, (ys[ry[0]], ys[ry[1]])) if vertical else (ys, (xs[rx[0]], xs[rx[1]]))
            cache[(k, vertical, out)] = _frame_line(gray, at[k], along, p, vertical, out)
        return cache[(k, vertical, out)]

    def lattice(cx: tuple[int, int], cy: tuple[int, int]) -> tuple[float, Lattice]:
        x0, x1 = frame(cx[0], True, -1), frame(cx[1], True, 1)
        y0, y1 = frame(cy[0], False, -1), frame(cy[1], False, 1)
        cols, rows = cx[1] - cx[0], cy[1] - cy[0]
        lat = Lattice(x0, y0, (x1 - x0) / cols, (y1 - y0) / rows, rows, cols)
        return abs(lat.px - lat.py) / max(lat.px, lat.py), lat

    options = [(rx, ry), ((rx[0] + 1, rx[1]), ry), ((rx[0], rx[1] - 1), ry), (rx, (ry[0] + 1, ry[1])),
               (rx, (ry[0], ry[1] - 1))]
    for cx, cy in options:
        if min(cx[1] - cx[0], cy[1] - cy[0]) < MIN_CELLS:
            continue
        off, lat = lattice(cx, cy)
        if off <= FRAMED_SQUARE:
            return lat
    return None


def _board(img: np.ndarray) -> Lattice:
    """The board's lattice: the first square lattice of the image's cell-like
    blobs (:func:`puzzlebot.vision.lined_grid.split_candidates`: blobs may
    be whole patches of cells) through which a run of lines a pitch apart,
    MIN_CELLS to MAX_CELLS cells long each way, holds the lattice's cells."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    why = f"no {GAME} board: no grid of square cells in the image"
    tries = 0
    for lat in split_candidates(img, None, SEARCH_SIDE, SPLITS):
        p = (lat.px + lat.py) / 2
        if abs(lat.px - lat.py) > SQUARE * p:
            continue
        tries += 1
        if tries > MAX_TRIES:
            break
        ks = np.arange(-MAX_CELLS, max(lat.rows, lat.cols) + MAX_CELLS + 1)
        xs, ys = lat.x0 + ks * lat.px, lat.y0 + ks * lat.py
        zero = int(np.flatnonzero(ks == 0)[0])
        rx, ry = (zero, zero + lat.cols), (zero, zero + lat.rows)
        for weigh in (median_rows, _low_rows):  # the run through the lattice's cells, then through the run's own
            ay = lat.y0 + (_spread(np.arange(ry[0], ry[1])) - zero + 0.5) * lat.py
            ax = lat.x0 + (_spread(np.arange(rx[0], rx[1])) - zero + 0.5) * lat.px
            wx = np.nan_to_num(weigh(line_weights(gray, xs, ay, p, True)))
            wy = np.nan_to_num(weigh(line_weights(gray, ys, ax, p, False)))
            rx, ry = _runs(wx, *rx), _runs(wy, *ry)
            if rx is None or ry is None:
                break
            if weigh is _low_rows:  # the run's own lines, end to end, where its cells are
                rx, ry = _trim(wx, rx), _trim(wy, ry)
                rx, ry = _crossed(gray, xs, ys, rx, ry, p)
        if rx is None or ry is None:
            why = f"no {GAME} board: no grid of lines through the cells found"
            continue
        cols, rows = rx[1] - rx[0], ry[1] - ry[0]
        if not (MIN_CELLS <= rows <= MAX_CELLS and MIN_CELLS <= cols <= MAX_CELLS):
            why = (f"no {GAME} board: the grid of lines is {rows}x{cols} cells ({GAME} boards are "
                   f"{MIN_CELLS} to {MAX_CELLS} a side)")
            continue
        board = _framed(gray, xs, ys, rx, ry, p)
        if board is None:
            why = f"no {GAME} board: the frame found does not hold square cells"
            continue
        return board
    raise NoBoardError(why)


def _grounds(lab: np.ndarray, lat: Lattice) -> np.ndarray:
    """Each cell's ground: its corners, CORNER_FROM to CORNER_TO in."""
    return corners(lab, lat, (CORNER_FROM, CORNER_TO))


def _looks(grounds: np.ndarray) -> list[np.ndarray]:
    groups: list[list[np.ndarray]] = []
    for g in grounds.reshape(-1, 3):
        home = next((grp for grp in groups if np.linalg.norm(g - grp[0]) < SAME_GROUND), None)
        if home is None:
            groups.append([g])
        else:
            home.append(g)
    return [median(np.array(grp), axis=0) for grp in sorted(groups, key=len, reverse=True) if len(grp) >= LOOK_CELLS]


def _edge_weight(lab: np.ndarray, lat: Lattice, grounds: np.ndarray, look: np.ndarray) -> float:
    """The median weight of a border inside the cells of ``look`` where they
    meet cells of another look (0 where they meet none)."""
    mine = distance(grounds, look) < SAME_GROUND
    weights = []
    for r in range(lat.rows):
        for c in range(lat.cols):
            if not mine[r, c]:
                continue
            for side, (dr, dc) in (("top", (-1, 0)), ("right", (0, 1)), ("bottom", (1, 0)), ("left", (0, -1))):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < lat.rows and 0 <= c2 < lat.cols and not mine[r2, c2]:
                    weights.append(_border_weight(lab, lat, grounds, r, c, side, inside=True))
    return float(median(weights)) if weights else 0.0


def _free_ground(lab: np.ndarray, lat: Lattice, grounds: np.ndarray, looks: list
                 ) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The ground of the cells no patch covers: the neutral look (chroma
    under NEUTRAL) whose cells hold no border where they meet cells of
    another look (a patch's border is inside its own cells: a pale patch
    can be as grey as the free cells, its border tells it); None when every
    look holds borders there (every cell is in a patch).  Second, when no
    neutral look qualifies, the one look in colour that does: the free
    cells of a game whose ground is in colour (cream, lilac), or of any
    under a tint (a night light), when it is the board's only look or the
    other looks carry borders (patches drawn) and its cells are no one
    rectangle (a patch whose border is not seen would be); else the second
    value is that look: a patch with no border seen, or free cells, cannot
    be told."""
    weights = [_edge_weight(lab, lat, grounds, g) for g in looks]
    neutral = [(w, k) for k, (g, w) in enumerate(zip(looks, weights)) if float(np.hypot(g[1], g[2])) < NEUTRAL]
    if neutral and min(neutral)[0] <= FREE_BORDER:
        return looks[min(neutral)[1]], None
    tinted = [k for k, (g, w) in enumerate(zip(looks, weights))
              if float(np.hypot(g[1], g[2])) >= NEUTRAL and w <= FREE_BORDER]
    if not tinted:
        return None, None
    k = tinted[0]
    mine = np.argwhere(distance(grounds, looks[k]) < SAME_GROUND)
    box = (np.ptp(mine[:, 0]) + 1) * (np.ptp(mine[:, 1]) + 1)
    bordered = all(w > FREE_BORDER for j, w in enumerate(weights) if j != k)
    if len(tinted) == 1 and (len(looks) == 1 or (bordered and box != len(mine))):
        return looks[k], None
    return None, looks[k]


def _ripple(light: np.ndarray, mask: np.ndarray, coord) -> float | None:
    """The ripple of ``light`` averaged along the lines where ``coord(x, y)``
    is constant, inside ``mask`` (see STRIPE_WAVE); None: too few lines."""
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return None
    k = coord(xs, ys)
    k = k - k.min()
    count = np.bincount(k)
    total = np.bincount(k, weights=light[ys, xs])
    ok = count >= DIAGONAL_PX
    if np.count_nonzero(ok) < DIAGONALS:
        return None
    profile = total[ok] / count[ok]
    w = max(3, int(round(STRIPE_SMOOTH * len(profile))) | 1)
    trend = np.convolve(np.pad(profile, w // 2, mode="edge"), np.ones(w) / w, mode="valid")
    return float((profile - trend).std())


def _stripe_wave(light: np.ndarray, core: np.ndarray, digits: np.ndarray) -> float | None:
    """How much more the icon's lightness (less ``digits``) ripples across
    one diagonal than across the other (STRIPE_WAVE); None: too small to tell."""
    mask = core & ~digits
    down = _ripple(light, mask, lambda x, y: x + y)
    up = _ripple(light, mask, lambda x, y: x - y)
    return None if down is None or up is None else abs(down - up)


def _icon(icon: np.ndarray, filled: np.ndarray, p: float) -> tuple[tuple | None, str, str]:
    """A clue's icon (``icon`` its box, ``filled`` its pixels): its shape
    from its box, "any" when stripes of another shade run through it, and
    the number printed in it (lighter than the icon), if any."""
    bh, bw = filled.shape
    e = max(1, int(round(ICON_EDGE * p)))
    core = cv2.erode(filled.astype(np.uint8), np.ones((2 * e + 1, 2 * e + 1), np.uint8)) > 0
    if not core.any():
        return None, "icon", "an icon too small to read"
    px = icon[core]
    chroma = np.hypot(px[:, 1], px[:, 2])
    colour = median(px[chroma >= np.percentile(chroma, ICON_COLOUR_TOP)], axis=0)  # stripes and digits are paler
    if float(np.hypot(colour[1], colour[2])) < ICON_CHROMA:
        return None, "icon", "a shape in the cell that is not a solid icon (grey, not a clue's colour)"
    far = distance(icon, colour)
    least = min(GLYPH_LIGHTER, LIGHT_ROOM * (100.0 - float(colour[0])))
    lighter = max(least, GLYPH_WHITE * (float(icon[..., 0][core].max()) - colour[0]))
    light = core & (far > GLYPH_INK) & (icon[..., 0] > colour[0] + lighter)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(light.astype(np.uint8), connectivity=8)
    mx, my = int(DIGIT_MARGIN * bw), int(DIGIT_MARGIN * bh)
    digits = [i for i in range(1, n) if stats[i, 0] >= mx and stats[i, 1] >= my and stats[i, 0] + stats[i, 2] <= bw - mx
              and stats[i, 1] + stats[i, 3] <= bh - my and stats[i, 3] >= DIGIT_TALL * p]
    box = np.zeros(filled.shape, bool)
    if digits:
        y0 = min(stats[i, 1] for i in digits)
        y1 = max(stats[i, 1] + stats[i, 3] for i in digits)
        pad = max(1, int(round(DIGIT_PAD * p)))
        digits += [i for i in range(1, n) if i not in digits and 0 < stats[i, 0] and stats[i, 0] + stats[i, 2] < bw
                   and (stats[i, 0] < mx or stats[i, 0] + stats[i, 2] > bw - mx)
                   and stats[i, 1] >= y0 - pad and stats[i, 1] + stats[i, 3] <= y1 + pad
                   and stats[i, 3] >= SIDE_DIGIT * (y1 - y0)]  # a digit of the number at the icon's side
        x0 = min(stats[i, 0] for i in digits)
        x1 = max(stats[i, 0] + stats[i, 2] for i in digits)
        box[max(0, y0 - pad):y1 + pad, max(0, x0 - pad):x1 + pad] = True
        edge = [i for i in range(1, n) if i not in digits and (stats[i, 0] == 0 or stats[i, 0] + stats[i, 2] == bw)
                and stats[i, 1] >= y0 - pad and stats[i, 1] + stats[i, 3] <= y1 + pad
                and stats[i, 3] >= SIDE_DIGIT * (y1 - y0) and stats[i, 2] >= EDGE_DIGIT_PX]
        if edge:  # (a rim JPEG leaves is a pixel wide, and runs past the number's rows)
            return None, "icon", "light ink beside the number runs to the icon's edge: a digit of it (a 1's foot)?"
    # its breadth and length across its middle half, not its box: a stray
    # pixel of a rounded corner's blended rim widens a box, not a middle row
    wide = float(median(filled[bh // 4:bh - bh // 4].sum(axis=1))) / max(
        1.0, float(median(filled[:, bw // 4:bw - bw // 4].sum(axis=0))))
    shape = "wide" if wide >= ICON_ASPECT else "tall" if 1 / wide >= ICON_ASPECT else "square"
    if shape == "square" and max(wide, 1 / wide) > SQUARE_ASPECT:
        return None, "icon", f"an icon {max(wide, 1 / wide):.2f} times as long as it is broad: square, or not?"
    wave = _stripe_wave(icon[..., 0], core, box)
    if wave is None:
        return None, "icon", "an icon too small to tell plain from striped (\"any\")"
    if wave >= STRIPE_WAVE:
        if shape != "square":
            return None, "icon", "a striped icon that is not square"
        shape = "any"
    elif wave > PLAIN_WAVE:
        return None, "icon", f"an icon faintly striped (ripple {wave:.1f}): plain or \"any\"?"
    elif (hued := _stripe_wave(far, core, box)) is not None and hued > PLAIN_HUE_WAVE:
        return None, "icon", (f"an icon striped in colour (ripple {hued:.1f}) but hardly in lightness: a light icon's "
                              "pale stripes? plain or \"any\"?")
    if not digits:
        inner = np.zeros_like(core)
        inner[my:bh - my, mx:bw - mx] = True
        faint = core & inner & (far > GLYPH_INK / 2) & (icon[..., 0] > colour[0] + least / 2)
        if np.count_nonzero(faint) > FAINT_NUMBER * p * p:
            return None, "icon", "a faint mark inside the icon: a number too faint to read?"
        return (shape, None), "icon", ""
    big, kf = upscaled(icon, p)
    keep = cv2.resize(np.isin(labels, digits).astype(np.uint8), big.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    inside = grown(keep)  # the digits' own pieces: not a stripe beside them
    glyph = inside & (distance(big, colour) > GLYPH_INK) & (big[..., 0] > colour[0] + lighter)
    read = read_number(glyph)
    if not read.sure:
        return None, "icon", f"the number in the icon: {read.why}"
    soft = core & (far > GLYPH_INK * SOFTER) & (icon[..., 0] > colour[0] + lighter * SOFTER)
    _, pieces = cv2.connectedComponents(soft.astype(np.uint8), connectivity=8)
    ids = np.unique(pieces[np.isin(labels, digits)])
    keep = cv2.resize(np.isin(pieces, ids[ids > 0]).astype(np.uint8), big.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    again = read_number(grown(keep) & (distance(big, colour) > GLYPH_INK * SOFTER)
                        & (big[..., 0] > colour[0] + lighter * SOFTER))
    if again.sure and again.value != read.value:
        return None, "icon", (f"the number in the icon reads {read.value}, and {again.value} with its paler edges: "
                              "strokes lost to blur or compression?")
    if _ink_height(glyph) < DIGIT_PX * kf:
        return None, "icon", f"the number in the icon is under {DIGIT_PX:g} px tall: too small to read"
    return (shape, read.value), "icon", ""


def _runs_out(lab: np.ndarray, ground: np.ndarray, win: tuple[int, int, int, int], box: tuple[int, int, int, int],
              colour: np.ndarray, p: float) -> bool:
    """Whether the shape with ``box`` (in the searched middle ``win`` of a
    cell, image coordinates x0, y0, x1, y1) and ``colour`` goes on, unbroken
    in its colour, from where it meets that middle's edge across the cell's
    side into the next cell (see RUN_OUT)."""
    x0, y0, x1, y1 = win
    bx, by, bw, bh = box
    reach = int(np.ceil((CELL_INSET + RUN_OUT) * p))  # the middle's edge to past the cell's side
    near = max(ICON_INK, 0.5 * float(np.linalg.norm(colour - ground)))  # as far from the ground as its outline
    h, w = lab.shape[:2]
    runs = []
    if bx == 0 and x0 - reach >= 0:
        runs.append(lab[y0 + by:y0 + by + bh, x0 - reach:x0][:, ::-1])
    if bx + bw == x1 - x0 and x1 + reach <= w:
        runs.append(lab[y0 + by:y0 + by + bh, x1:x1 + reach])
    if by == 0 and y0 - reach >= 0:
        runs.append(lab[y0 - reach:y0, x0 + bx:x0 + bx + bw][::-1].transpose(1, 0, 2))
    if by + bh == y1 - y0 and y1 + reach <= h:
        runs.append(lab[y1:y1 + reach, x0 + bx:x0 + bx + bw].transpose(1, 0, 2))
    for strip in runs:  # rows running outward from the middle's edge
        unbroken = (distance(strip, ground) > near).all(axis=1)
        if strip.size and float(np.mean(unbroken)) > RUN_OUT_SHARE:
            return True
    return False


def _clue(lab: np.ndarray, lat: Lattice, r: int, c: int, ground: np.ndarray) -> tuple[tuple | None, str, str]:
    """((shape, area) or None, "icon"/"printed"/"", why unsure)."""
    x0, y0, x1, y1 = lat.box(r, c, CELL_INSET)
    h, w = lab.shape[:2]
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return None, "", "the cell runs off the image"
    win = lab[y0:y1, x0:x1]
    far = distance(win, ground)
    marks, ink = far > ICON_INK, far > INK
    if not marks.any():
        return None, "", ""
    p = lat.px
    size = max(3, int(round(ICON_CLOSE * p)) | 1)
    padded = cv2.copyMakeBorder(marks.astype(np.uint8), size, size, size, size, cv2.BORDER_CONSTANT, value=0)
    closed = cv2.morphologyEx(padded, cv2.MORPH_CLOSE, np.ones((size, size), np.uint8))[size:-size, size:-size].copy()
    n, labels, stats, _ = cv2.connectedComponentsWithStats(closed, connectivity=8)
    k = 1 + int(np.argmax(stats[1:, 4]))
    level = ICON_HALF * float(np.percentile(far[labels == k], 75))
    if level > ICON_INK:  # the icon's outline at half its contrast: not the JPEG halo about it
        strong = cv2.copyMakeBorder(((far > level) & (labels == k)).astype(np.uint8), size, size, size, size,
                                    cv2.BORDER_CONSTANT, value=0)
        strong = cv2.morphologyEx(strong, cv2.MORPH_CLOSE, np.ones((size, size), np.uint8))[size:-size, size:-size].copy()
        n, labels, stats, _ = cv2.connectedComponentsWithStats(strong, connectivity=8)
        if n < 2:
            return None, "icon", "an icon too faint to outline"
        k = 1 + int(np.argmax(stats[1:, 4]))
    bx, by, bw, bh, area = stats[k]
    if area >= ICON_AREA * p * p and area >= ICON_SOLID * bw * bh * 0.8:
        piece = win[by:by + bh, bx:bx + bw][labels[by:by + bh, bx:bx + bw] == k]
        if _runs_out(lab, ground, (x0, y0, x1, y1), (bx, by, bw, bh), median(piece, axis=0), p):
            return None, "icon", "a shape running on out of the cell (something over it?)"
        mask = labels[by:by + bh, bx:bx + bw] == k
        solid = filled(mask)
        # a grey piece that is no clue's icon may be a printed number: two
        # digits in a small cell close into one piece; one in colour (a
        # striped icon at 80%: its stripes read as a sure "11") stays unsure
        grey = float(np.hypot(*median(piece, axis=0)[1:])) < ICON_CHROMA
        if float(np.mean(solid)) < ICON_SOLID:
            if not grey:
                return None, "icon", "a shape in the cell that is not a solid icon"
            odd = "a shape in the cell that is not a solid icon"
        else:
            icon = _icon(win[by:by + bh, bx:bx + bw], solid, p)
            if icon[0] is not None or not icon[2] or not grey:
                return icon
            odd = icon[2]
    else:
        # a piece an icon's size that is no solid icon: an icon run into a patch's
        # border (a page zoomed out), or a shape over the cell; unsure, not empty
        odd = "" if area < ICON_AREA * p * p else \
            "a shape in the cell that is not a solid icon (an icon run into a border?)"
    # no icon: a printed number (Tatham's Rectangles), or nothing of ours
    if not ink.any():
        return None, "icon" if odd else "", odd
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    hh, ww = ink.shape
    inner = [i for i in range(1, n) if stats[i, 0] > 0 and stats[i, 1] > 0 and stats[i, 0] + stats[i, 2] < ww
             and stats[i, 1] + stats[i, 3] < hh]  # pieces at the sides: a patch's border, a line
    tall = max((stats[i, 3] for i in inner), default=0) / p
    if tall < NUMBER_TALL:
        return None, "icon" if odd else "", odd
    keep = [i for i in inner if stats[i, 3] >= 0.5 * tall * p]
    big, kf = upscaled(win, p)
    mask = cv2.resize(np.isin(labels, keep).astype(np.uint8), big.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    glyph = grown(mask) & (distance(big, ground) > INK)
    read = read_number(glyph)
    if not read.sure:
        return (None, "icon", odd) if odd else (None, "printed", f"the number: {read.why}")
    if _ink_height(glyph) < DIGIT_PX * kf:
        return None, "printed", f"the number is under {DIGIT_PX:g} px tall: too small to read"
    return ("any", read.value), "printed", ""


def _ink_height(mask: np.ndarray) -> int:
    rows = np.flatnonzero(mask.any(axis=1))
    return int(rows[-1] - rows[0] + 1) if rows.size else 0


def _border_weight(lab: np.ndarray, lat: Lattice, grounds: np.ndarray, r: int, c: int, side: str,
                   inside: bool = False) -> float:
    """How strongly a band of another colour runs along ``side`` of cell
    (r, c): over the middle BORDER_ALONG of the side, the colour distance
    from the cell's ground beyond LINE_DIFF (a grid line), summed from
    BORDER_OUT of a pitch outside the side's line (the lattice may be a
    pixel or two off) to BORDER_BAND inside it.  A neighbour's border
    counted here does no harm: a cell beside another patch is at its own
    patch's edge too.  ``inside``: from a pixel inside the line only (to
    tell which of two cells holds a border)."""
    x, y = lat.x0 + c * lat.px, lat.y0 + r * lat.py
    h, w = lab.shape[:2]
    band = max(2, int(np.ceil(BORDER_BAND * lat.px)))
    out = -1 if inside else max(1, int(round(BORDER_OUT * lat.px)))
    steps = np.arange(-out, band)
    lo, hi = (1 - BORDER_ALONG) / 2, (1 + BORDER_ALONG) / 2
    if side in ("left", "right"):
        along = np.arange(int(y + lo * lat.py), int(y + hi * lat.py))
        edge = int(round(x if side == "left" else x + lat.px - 1))
        idx = np.clip(edge + (1 if side == "left" else -1) * steps, 0, w - 1)
        prof = lab[np.clip(along, 0, h - 1)][:, idx].mean(axis=0)
    else:
        along = np.arange(int(x + lo * lat.px), int(x + hi * lat.px))
        edge = int(round(y if side == "top" else y + lat.py - 1))
        idx = np.clip(edge + (1 if side == "top" else -1) * steps, 0, h - 1)
        prof = lab[idx][:, np.clip(along, 0, w - 1)].mean(axis=1)
    return float(np.maximum(distance(prof, grounds[r, c]) - LINE_DIFF, 0).sum())


def _side_weights(lab: np.ndarray, lat: Lattice, grounds: np.ndarray) -> np.ndarray:
    """Each cell's sides' border weights (:func:`_border_weight`), in the
    order of SIDE_BITS: rows x cols x 4."""
    return np.array([[[_border_weight(lab, lat, grounds, r, c, side) for side in SIDE_BITS]
                      for c in range(lat.cols)] for r in range(lat.rows)])


def _border_least(weights: np.ndarray, grounds: np.ndarray) -> float:
    """The weight a patch's border has at least on this board: BORDER_WEIGHT,
    or PLAIN_TIMES the median weight of the sides between two cells of one
    ground (the board's plain grid lines: free cells', and inside patches,
    tinted), where its lines are stronger than a light grey one."""
    same = [weights[r, c, k] for r in range(grounds.shape[0]) for c in range(grounds.shape[1])
            for k, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1)))
            if 0 <= r + dr < grounds.shape[0] and 0 <= c + dc < grounds.shape[1]
            and np.linalg.norm(grounds[r + dr, c + dc] - grounds[r, c]) < SAME_GROUND]
    return max(BORDER_WEIGHT, PLAIN_TIMES * float(median(np.array(same)))) if same else BORDER_WEIGHT


def _sides(weights: np.ndarray, least: float) -> np.ndarray:
    """Which of each cell's sides a patch's border runs along, inside the
    cell (its weight ``least`` or more): bits SIDE_BITS (top 1, right 2,
    bottom 4, left 8), per cell."""
    return ((weights >= least) * np.array(list(SIDE_BITS.values()))).sum(axis=2).astype(np.int64)


def cell_values(tint: np.ndarray, sides: np.ndarray) -> np.ndarray:
    """A cell's value: 0 when no patch covers it, else 1 plus twice the
    bits of the sides its patch's border runs along (1 to 31)."""
    return np.where(tint, 1 + 2 * sides, 0).astype(np.int64)


def expected_values(rows: int, cols: int, rects, fills_only: bool = False) -> np.ndarray:
    """The values :func:`read_cells` gives for the patches ``rects`` drawn
    (``fills_only``: on a board whose patches show no border)."""
    out = np.zeros((rows, cols), np.int64)
    for r0, c0, h, w in rects:
        for r in range(r0, r0 + h):
            for c in range(c0, c0 + w):
                bits = (r == r0) * 1 | (c == c0 + w - 1) * 2 | (r == r0 + h - 1) * 4 | (c == c0) * 8
                out[r, c] = 1 if fills_only else 1 + 2 * bits
    return out


def _thick_sides(lab: np.ndarray, lat: Lattice, grounds: np.ndarray) -> np.ndarray:
    """Printed boards (Tatham's Rectangles draw a rectangle as thick lines
    along its edges, the grid staying thin): the bits (SIDE_BITS) of each
    cell's sides along which a line as heavy as the frame runs, at least
    THICK_SHARE of the frame's median weight."""
    weights = np.zeros((lat.rows, lat.cols, 4), np.float32)
    for r in range(lat.rows):
        for c in range(lat.cols):
            for i, side in enumerate(SIDE_BITS):
                weights[r, c, i] = _border_weight(lab, lat, grounds, r, c, side)
    frame = np.concatenate([weights[0, :, 0], weights[:, -1, 1], weights[-1, :, 2], weights[:, 0, 3]])
    heavy = weights >= THICK_SHARE * float(median(frame))
    return (heavy * np.array(list(SIDE_BITS.values()))).sum(axis=2).astype(np.int64)


def _frame_hidden(bits: np.ndarray) -> dict[tuple[int, int], str]:
    """The cells along the board's edge whose side on it shows no thick
    line (side bits, as :func:`_thick_sides` gives them): a printed board's
    frame runs all round it, so something covers them."""
    rows, cols = bits.shape
    gone: dict[tuple[int, int], list[str]] = {}
    for side, cells in (("top", [(0, c) for c in range(cols)]), ("bottom", [(rows - 1, c) for c in range(cols)]),
                        ("left", [(r, 0) for r in range(rows)]), ("right", [(r, cols - 1) for r in range(rows)])):
        for rc in cells:
            if not bits[rc] & SIDE_BITS[side]:
                gone.setdefault(rc, []).append(side)
    return {rc: f"the board's frame is not seen along its {' and '.join(sides)} side{'s' * (len(sides) > 1)} here: "
                "something may cover it" for rc, sides in gone.items()}


def edges_of(bits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(H, V): whether a thick line runs along each horizontal edge (rows+1
    by cols: H[r, c] above cell (r, c)) and each vertical one (rows by
    cols+1), from cells' side bits (either cell's word suffices)."""
    rows, cols = bits.shape
    h = np.zeros((rows + 1, cols), bool)
    v = np.zeros((rows, cols + 1), bool)
    h[:-1] |= (bits & SIDE_BITS["top"]) > 0
    h[1:] |= (bits & SIDE_BITS["bottom"]) > 0
    v[:, :-1] |= (bits & SIDE_BITS["left"]) > 0
    v[:, 1:] |= (bits & SIDE_BITS["right"]) > 0
    return h, v


def bits_of(h: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Each cell's side bits (what :func:`read_cells` gives on a printed
    board) from the thick edges H and V (see :func:`edges_of`)."""
    return (h[:-1] * SIDE_BITS["top"] + v[:, 1:] * SIDE_BITS["right"] + h[1:] * SIDE_BITS["bottom"]
            + v[:, :-1] * SIDE_BITS["left"]).astype(np.int64)


def _areas(rows: int, cols: int, member, joined) -> list[tuple[list, tuple]]:
    """The areas of cells for which ``member(cell)`` holds, neighbours
    joined where ``joined(cell, neighbour)``: each area's cells and its
    bounding box (top, left, height, width)."""
    seen = np.zeros((rows, cols), bool)
    out = []
    for r in range(rows):
        for c in range(cols):
            if seen[r, c] or not member((r, c)):
                continue
            todo, comp = [(r, c)], []
            seen[r, c] = True
            while todo:
                a, b = todo.pop()
                comp.append((a, b))
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < rows and 0 <= y < cols and not seen[x, y] and member((x, y)) \
                            and joined((a, b), (x, y)):
                        seen[x, y] = True
                        todo.append((x, y))
            rs, cs = [a for a, _ in comp], [b for _, b in comp]
            out.append((comp, (min(rs), min(cs), max(rs) - min(rs) + 1, max(cs) - min(cs) + 1)))
    return out


def _outlined(bits: np.ndarray) -> list:
    """The rectangles thick lines enclose (cells joined across thin sides),
    but for the whole board: a printed board's patches."""
    h, v = edges_of(bits)
    rows, cols = bits.shape

    def thin(a, b) -> bool:
        return not (v[a[0], max(a[1], b[1])] if a[0] == b[0] else h[max(a[0], b[0]), a[1]])

    return [box for comp, box in _areas(rows, cols, lambda cell: True, thin)
            if len(comp) == box[2] * box[3] < rows * cols]


def _patches(tint: np.ndarray, grounds: np.ndarray, sides: np.ndarray) -> tuple[list, dict]:
    """The drawn patches: tinted cells of one tint joined across sides no
    border runs along, on either side of the line (a player's wrong patch
    may hold no clue or two); cells of a patch that is not a rectangle, or
    whose border does not run along its edge alone, are unsure."""
    rows, cols = tint.shape
    right = ((sides[:, :-1] & SIDE_BITS["right"]) | (sides[:, 1:] & SIDE_BITS["left"])) > 0
    down = ((sides[:-1] & SIDE_BITS["bottom"]) | (sides[1:] & SIDE_BITS["top"])) > 0
    rects, unsure = [], {}

    def joined(a, b) -> bool:
        wall = right[a[0], min(a[1], b[1])] if a[0] == b[0] else down[min(a[0], b[0]), a[1]]
        return not wall and np.linalg.norm(grounds[b] - grounds[a]) < SAME_GROUND

    for comp, rect in _areas(rows, cols, lambda cell: bool(tint[cell]), joined):
        if len(comp) != rect[2] * rect[3]:
            for cell in comp:
                unsure[cell] = "a drawn patch that is not a rectangle"
            continue
        want = expected_values(rows, cols, [rect])
        off = [cell for cell in comp if 1 + 2 * sides[cell] != want[cell]]
        for cell in off:
            unsure[cell] = "a patch's border runs where its colour does not end (or not where it does)"
        if not off:
            rects.append(rect)
    return rects, unsure


def _line_strength(lab: np.ndarray, lat: Lattice, grounds: np.ndarray, k: int, vertical: bool) -> float:
    """How far line ``k`` (0 to cols for vertical lines, 0 to rows for
    horizontal ones) strays from its cells' ground: the lightness most unlike
    it within FRAME_REACH of a pitch of the line (clipped to the image), the
    median along the line."""
    h, w = lab.shape[:2]
    reach = max(2, int(round(FRAME_REACH * lat.px)))
    n = lat.rows if vertical else lat.cols
    pos = int(round((lat.x0 + k * lat.px) if vertical else (lat.y0 + k * lat.py)))
    lo, hi = max(0, pos - reach), min(w if vertical else h, pos + reach + 1)
    if hi <= lo:
        return 0.0
    strays = []
    for j in range(n):
        cell = (j, min(k, lat.cols - 1)) if vertical else (min(k, lat.rows - 1), j)
        a = lat.y0 + (j + 0.2) * lat.py if vertical else lat.x0 + (j + 0.2) * lat.px
        b = lat.y0 + (j + 0.8) * lat.py if vertical else lat.x0 + (j + 0.8) * lat.px
        a, b = max(0, int(a)), min(h if vertical else w, int(b))
        if b > a:
            band = lab[a:b, lo:hi, 0] if vertical else lab[lo:hi, a:b, 0].T
            strays.append(np.abs(band - grounds[cell][0]).max(axis=1))
    return float(median(np.concatenate(strays))) if strays else 0.0


def _unframed(lab: np.ndarray, lat: Lattice, grounds: np.ndarray) -> list[str]:
    """The board's sides where no frame runs: the outermost line no
    stronger than FRAME_RATIO times a plain inner line (where a board is cut
    through a row, or a cover ends it, its edge is a mere grid line)."""
    inner = [_line_strength(lab, lat, grounds, k, True) for k in range(1, lat.cols)] + \
            [_line_strength(lab, lat, grounds, k, False) for k in range(1, lat.rows)]
    base = max(float(np.percentile(inner, PLAIN_LINES)), FRAME_MIN) if inner else FRAME_MIN
    sides = {"left": (0, True), "right": (lat.cols, True), "top": (0, False), "bottom": (lat.rows, False)}
    return [side for side, (k, vertical) in sides.items()
            if _line_strength(lab, lat, grounds, k, vertical) < FRAME_RATIO * base]


def _margin_round(lab: np.ndarray, lat: Lattice, looks: list) -> bool:
    """Whether a margin of one colour runs round the whole board, MARGIN_AT
    pitches past each side (in the image), unlike every look of its cells:
    a board with no frame ends there (a cut or a cover ends it on one side
    in something else: the next row's cells, a window, a decoder's fill)."""
    h, w = lab.shape[:2]
    a, b = MARGIN_AT
    x0, y0, x1, y1 = lat.bbox
    bands = [((x0, y0 - b * lat.py), (x1, y0 - a * lat.py)), ((x0, y1 + a * lat.py), (x1, y1 + b * lat.py)),
             ((x0 - b * lat.px, y0), (x0 - a * lat.px, y1)), ((x1 + a * lat.px, y0), (x1 + b * lat.px, y1))]
    pixels = []
    for (xa, ya), (xb, yb) in bands:
        xa, ya, xb, yb = int(round(xa)), int(round(ya)), int(round(xb)), int(round(yb))
        if xa < 0 or ya < 0 or xb > w or yb > h or xb - xa < 1 or yb - ya < 1:
            return False  # the image ends first
        pixels.append(lab[ya:yb, xa:xb].reshape(-1, 3))
    page = median(np.concatenate(pixels), axis=0)
    return all(float(np.mean(distance(px, page) < MARGIN_TOL)) >= MARGIN_SHARE for px in pixels) and \
        all(float(distance(page, g)) >= 2 * MARGIN_TOL for g in looks)


def _lines_go_on(gray: np.ndarray, lat: Lattice) -> list[str]:
    """The board's sides past which its grid lines run on (across a band
    BEYOND_FROM to BEYOND_TO of a pitch outside the side): a frame ends
    them; a board cut through a row, or a window's edge, does not."""
    h, w = gray.shape
    p = (lat.px + lat.py) / 2
    xs = lat.x0 + np.arange(1, lat.cols) * lat.px
    ys = lat.y0 + np.arange(1, lat.rows) * lat.py
    out = []
    for side, (at, edge, sign, vertical) in {"top": (xs, lat.y0, -1, True), "bottom": (xs, lat.y0 + lat.rows * lat.py, 1, True),
                                             "left": (ys, lat.x0, -1, False),
                                             "right": (ys, lat.x0 + lat.cols * lat.px, 1, False)}.items():
        mid = edge + sign * (BEYOND_FROM + BEYOND_TO) / 2 * p
        if not (0 <= mid < (h if vertical else w)) or abs(mid - edge) < 2:
            continue
        weights = line_weights(gray, at, np.array([mid]), p * BEYOND_BAND, vertical)[:, 0]
        # a line goes on in its own shade (text under a board crosses the
        # lines' places with strokes of its own: a line's weight, not its shade)
        inside = _line_shades(gray, at, edge - sign * 0.5 * p, p * BEYOND_BAND, vertical)
        beyond = _line_shades(gray, at, mid, p * BEYOND_BAND, vertical)
        on = (weights >= LINE_MIN) & (np.abs(beyond - inside) <= LINE_SHADE)
        seen = ~np.isnan(weights)
        if seen.any() and float(np.mean(on[seen])) >= BEYOND_SHARE:
            out.append(side)
    return out


def _line_shades(gray: np.ndarray, at: np.ndarray, along: float, pitch: float, vertical: bool) -> np.ndarray:
    """The grey level of each line at ``at`` about ``along`` (the median,
    along a band as :func:`line_weights` takes, of the pixel across the
    line most unlike the window's ends); NaN off the image."""
    g = gray if vertical else gray.T
    h, w = g.shape
    reach, band = max(3, int(round(LINE_REACH * pitch))), max(1, int(round(LINE_BAND * pitch)))
    b = int(round(along))
    out = np.full(len(at), np.nan, np.float32)
    lo, hi = max(0, b - band), min(h, b + band + 1)
    for i, x in enumerate(np.round(np.asarray(at)).astype(int)):
        if hi - lo < 1 or x - reach < 0 or x + reach >= w:
            continue
        win = g[lo:hi, x - reach:x + reach + 1]
        ends = np.concatenate([win[:, :2], win[:, -2:]], axis=1).mean(axis=1, keepdims=True)
        far = np.take_along_axis(win, np.abs(win - ends).argmax(axis=1)[:, None], axis=1)[:, 0]
        out[i] = float(np.median(far))
    return out


def _to_frame(img: np.ndarray, lat: Lattice) -> Lattice:
    """The lattice less any outer rows and columns that lie outside the
    board's frame: where a side shows no frame but the line one pitch in
    does (a window's edge or a title's underline taken for a line), and the
    row or column left out holds no clue's icon (on a board of tiles with no
    frame, the borders of two patches one row in look like one)."""
    for _ in range(2 * MAX_CELLS):
        crop, local, (ox, oy) = lat.crop(img, 1.0)
        lab = to_lab(crop)
        grounds = _grounds(lab, local)
        weak = _unframed(lab, local, grounds)
        moved = False
        for side in weak:
            r0, c0, rows, cols = {"top": (1, 0, local.rows - 1, local.cols),
                                  "bottom": (0, 0, local.rows - 1, local.cols),
                                  "left": (0, 1, local.rows, local.cols - 1),
                                  "right": (0, 0, local.rows, local.cols - 1)}[side]
            if min(rows, cols) < MIN_CELLS:
                continue
            inner = local.sub(r0, c0, rows, cols)
            left_out = [(r, c) for r in range(local.rows) for c in range(local.cols)
                        if not (r0 <= r < r0 + rows and c0 <= c < c0 + cols)]
            if any(_clue(lab, local, r, c, grounds[r, c])[1] == "icon" for r, c in left_out):
                continue
            if side not in _unframed(lab, inner, _grounds(lab, inner)):
                lat, moved = inner.shifted(-ox, -oy), True
                break
        if not moved:
            return lat
    return lat


def _check_printed(img: np.ndarray, lat: Lattice, clues: dict) -> None:
    """Refuse a board of printed numbers that is no Rectangles board: its
    numbers must add up to its cells, and no line heavier than the rest
    may cross it whole (a Sudoku's boxes)."""
    total = sum(a for _, a in clues.values())
    if total != lat.rows * lat.cols:
        raise NoBoardError(f"no {GAME} board: its numbers add up to {total}, not to its {lat.rows * lat.cols} cells "
                           "as a Rectangles board's do (a Sudoku or another game?)")
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    p = (lat.px + lat.py) / 2
    for vertical, n, m in ((True, lat.cols, lat.rows), (False, lat.rows, lat.cols)):
        at = (lat.x0 + np.arange(1, n) * lat.px) if vertical else (lat.y0 + np.arange(1, n) * lat.py)
        along = (lat.y0 + (np.arange(m) + 0.5) * lat.py) if vertical else (lat.x0 + (np.arange(m) + 0.5) * lat.px)
        w = np.nan_to_num(_low_rows(line_weights(gray, at, along, p, vertical)))
        if len(w) >= 2 and w.max() > HEAVY_LINE * max(median(w), LINE_MIN):
            raise NoBoardError(f"no {GAME} board: lines heavier than the rest cross it whole (a Sudoku's boxes?)")


def read(img: np.ndarray, lattice: Lattice | None = None) -> Reading:
    """The Patches board in ``img`` (the lattice searched unless given).
    NoBoardError when there is none; the reading says which cells are
    unsure and why."""
    if img is None or img.ndim != 3 or min(img.shape[:2]) < 40:
        raise NoBoardError(f"no {GAME} board: the image is empty or too small")
    crop, lat, (ox, oy) = (lattice or _to_frame(img, _board(img))).crop(img, 1.0)
    lab = to_lab(crop)
    grounds = _grounds(lab, lat)
    looks = _looks(grounds)
    if not looks:
        raise NoBoardError(f"no {GAME} board: its cells share no ground")
    ground, tinted = _free_ground(lab, lat, grounds, looks)  # None: every cell is in a patch
    whole = wholeness(lab, lat, looks, SAME_GROUND * 2, cover_edges=True)
    if not whole.whole:
        raise PartialBoardError(f"only part of a {GAME} board: {whole.reason()}")
    unframed = _unframed(lab, lat, grounds)
    if unframed and _margin_round(lab, lat, looks):
        unframed = []
    unframed += [s_ for s_ in _lines_go_on(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32), lat)
                 if s_ not in unframed]
    clues, unsure, how = {}, {}, set()
    for r in range(lat.rows):
        for c in range(lat.cols):
            clue, style, why = _clue(lab, lat, r, c, grounds[r, c])
            if clue is not None and clue[1] == 0:  # a 10 that lost its 1, an 8 faded: no patch's area
                clue, why = None, "the number reads 0, no patch's area"
            if style:
                how.add(style)
            if why:
                unsure[(r, c)] = why
            elif clue is not None:
                clues[(r, c)] = clue
    if len(how) > 1:
        raise NoBoardError(f"no {GAME} board: clues drawn both as icons and printed (another game?)")
    if how == {"printed"}:
        _check_printed(crop, lat, clues)
    foreign = [rc for rc, why in unsure.items() if "like no digit" in why or "not a solid icon" in why]
    if len(foreign) >= 2:
        raise NoBoardError(f"no {GAME} board: {len(foreign)} cells hold shapes that are not clues (another game?)")
    if len(clues) + len(unsure) < 2:
        raise NoBoardError(f"no {GAME} board: fewer than two clues on the grid")
    if len(clues) + len(unsure) > CLUE_SHARE * lat.rows * lat.cols:
        raise NoBoardError(f"no {GAME} board: {len(clues) + len(unsure)} of its {lat.rows * lat.cols} cells hold "
                           "shapes (too many for clues: another game?)")
    least = BORDER_WEIGHT
    if how == {"printed"}:  # Tatham's Rectangles: patches drawn as thick lines
        state = _thick_sides(lab, lat, grounds)
        rects, doubt = _outlined(state), _frame_hidden(state)
        empty = []
    else:
        tint = distance(grounds, ground) >= SAME_GROUND if ground is not None else np.ones(grounds.shape[:2], bool)
        weights = _side_weights(lab, lat, grounds)
        least = _border_least(weights, grounds)
        sides = _sides(weights, least)
        state = cell_values(tint, sides)
        rects, doubt = _patches(tint, grounds, sides)
        held = list(clues) + [rc for rc in unsure if isinstance(rc, tuple)]  # a clue read unsure is a clue
        empty = [x for x in rects if not any(x[0] <= r < x[0] + x[2] and x[1] <= c < x[1] + x[3] for r, c in held)]
    if len(empty) > EMPTY_PATCHES:
        raise NoBoardError(f"no {GAME} board: {len(empty)} coloured areas hold no clue (another game's regions?)")
    unsure.update({rc: why for rc, why in doubt.items() if rc not in unsure})
    total = sum(a for _, a in clues.values() if a is not None)
    if all(a is not None for _, a in clues.values()) and not unsure and total != lat.rows * lat.cols:
        unsure[BOARD] = f"the clues' areas add up to {total}, the board has {lat.rows * lat.cols} cells"
    if unframed:
        unsure[BOARD] = (f"no frame on the board's {', '.join(unframed)} (cut or covered there? the board may go on)")
    if tinted is not None:  # read as patches over every cell, they would be one another's tint
        unsure[BOARD] = (f"no cells in white or grey, and cells in colour (chroma {np.hypot(tinted[1], tinted[2]):.0f}) "
                         "show no patch's border: a tinted screen (night light)? or a patch whose border is not seen")
    for rc in unsure:
        if isinstance(rc, tuple):
            state[rc] = -1
    puzzle = PatchesPuzzle(lat.rows, lat.cols, clues, sorted(rects))
    unsure = dict(sorted(unsure.items(), key=lambda kv: str(kv[0])))
    return Reading(puzzle, state, lat.shifted(-ox, -oy), unsure, tuple(whole.touches),
                   PatchesLooks(ground, looks, " and ".join(sorted(how)), least))


def read_cells(img: np.ndarray, lat: Lattice, reading: Reading, only: np.ndarray | None = None) -> np.ndarray:
    """Each cell of a fresh capture (:func:`cell_values`), its tint judged
    against the free cells' ground read before; on a printed board, the
    bits of its sides thick lines run along (:func:`bits_of`)."""
    if reading.looks.fills_only:
        state = filled_cells(img, lat, reading).astype(np.int64)
        if only is not None:
            state[~only] = -1
        return state
    crop, local, _ = lat.crop(img, 0.1)
    lab = to_lab(crop)
    grounds = _grounds(lab, local)
    if reading.looks.icons == "printed":
        state = _thick_sides(lab, local, grounds)
    else:
        state = cell_values(_tinted(grounds, reading.looks.ground), _sides(_side_weights(lab, local, grounds), reading.looks.border))
    if only is not None:
        state[~only] = -1
    return state


def filled_cells(img: np.ndarray, lat: Lattice, reading: Reading) -> np.ndarray:
    """Which cells of a fresh capture show a ground unlike the free cells'
    read before: in a patch, on a board whose patches are fills."""
    crop, local, _ = lat.crop(img, 0.1)
    return _tinted(_grounds(to_lab(crop), local), reading.looks.ground)


def _tinted(grounds: np.ndarray, ground: np.ndarray | None) -> np.ndarray:
    """Which cells' grounds are unlike the free cells' ``ground`` (None:
    every cell is in a patch)."""
    return np.ones(grounds.shape[:2], bool) if ground is None else distance(grounds, ground) >= SAME_GROUND


def whole_in(img: np.ndarray, lat: Lattice, reading: Reading) -> Wholeness:
    crop, local, _ = lat.crop(img, 1.0)
    return wholeness(to_lab(crop), local, reading.looks.grounds, SAME_GROUND * 2, cover_edges=True)
