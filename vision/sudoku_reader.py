"""Reading a Mini Sudoku board (LinkedIn's or any look) from a screenshot.

1. The cell lattice from the image's cell-like blobs
   (:func:`puzzlebot.vision.lined_grid.split_candidates`: in a small image
   the blobs may be whole boxes, the thin lines faded).
2. The board's extent from its lines: across each line position a pitch
   apart, the line's weight (how many pixels of full contrast it is, against
   the cells either side).  A Sudoku board is n+1 lines each way (n = 4, 6
   or 9), the lines between its boxes heavier than every other line inside
   it, on both axes alike, its grid not going on past its sides (a 4x4 of
   lines fits inside a 6x6 board cut through) and its cells' looks not
   continuing there (:func:`puzzlebot.vision.board_checks.wholeness`).
   Anything else (a Zip or Tango grid, a board cut or covered across its
   boxes) is no Sudoku board.
3. Each cell: its ground (the median colour of its middle), ink far from
   it, and the ink's pieces.  No ink, or only ink as small as pencil notes:
   empty.  A digit: pieces at least DIGIT_TALL of a pitch high, read by
   :mod:`puzzlebot.vision.digits`.  Between the two sizes, ink that runs to
   the cell's sides (a window, a toast, a pointer over it), or a grid line
   missing along a side: unsure.
4. Given or entered, by look, learnt from the board itself: red ink marks a
   digit the game flags; the other digits split in two styles by ink colour,
   else by their cells' ground, else by stroke weight.  Givens are the
   plainer ink (less coloured), the tinted ground, or the bolder strokes;
   one style only: all givens (a fresh board).

A cell's value: its digit (0 empty), plus RED for a digit drawn red.

Units: pixels of the image for positions, shares of the pitch for sizes,
Lab units for colours, grey levels for line contrast.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.solvers.sudoku import BOXES, SudokuPuzzle, solve
from puzzlebot.vision.board_checks import Wholeness, wholeness
from puzzlebot.vision.colour_math import COLOURLESS_C, colourless, distance, median, to_lab
from puzzlebot.vision.digits import read_number
from puzzlebot.vision.errors import NoBoardError, PartialBoardError
from puzzlebot.vision.image_io import check_shape
from puzzlebot.vision.lattice import PASSES, Lattice
from puzzlebot.vision.masks import grown
from puzzlebot.vision.lined_grid import (GROUND_PX, LINE_REACH, WEIGHT_CAP, line_weights, median_rows, split_candidates,
                                         step_weights, upscaled)
from puzzlebot.vision.reading import Reading

GAME = "Mini Sudoku"
MAX_SIDE = max(BOXES)
# A digit drawn red is worth its digit plus this (the game flags it).
RED = 10

# A board's grid goes on past a side when a line lies a pitch beyond it,
# GO_ON_SHARE of the board's lines across run on into that strip and
# FLAT_SHARE of the cells between them are flat there.
GO_ON_SHARE, FLAT_SHARE = 0.75, 0.5
# A ground is one of the board's looks when this many cells show it.
LOOK_CELLS = 3
# The lattice searches: the quick one (blobs at 640 px), then, when it
# finds no grid at all, every pass of the finder at up to SLOW_SIDE px (dark
# boards whose lines are faint: 13 grey levels from a given's cell on our
# dark page).
SLOW_SIDE = 1280
SEARCHES = ((None, 640), (PASSES, SLOW_SIDE))
# (A line's weight: :func:`puzzlebot.vision.lined_grid.line_weights`.)
# A line is there at LINE_MIN (LinkedIn's 1 px light grey line weighs ~0.7,
# our dark page's 1 px line beside a given's cell 0.22; a cell's flat
# middle 0, JPEG noise under 0.1).
LINE_MIN = 0.15
# A lattice of the quick search (at 640 px) whose cells are this much wider
# than tall (or taller), whose lines make a board's one way only, is the
# board's a little off (a 6x6 page of 58 px cells, 1 px light lines: its
# columns read 5% too wide); the slow search looks again.  Other games'
# grids found so are mostly square (of the 157 other games' screenshots
# whose lines one way look like a board's, 2 are off by 2% or more).
OFF_SQUARE = 0.02
# Lines between boxes outweigh every thin line inside the board by HEAVY
# (measured: 3.0 vs 0.72 on our stand-in, 5 vs 2 and 3.1 vs 0.67 on a
# third-party game light and dark).
HEAVY = 1.4
# A side of a cell is hidden (something flat covers it) when its segment of
# line weighs under SIDE_SHARE of the line's median and under SIDE_FLOOR (a
# faint line between two givens' cells on a dark page scaled to 60% weighs
# 0.1; a flat cover 0, its JPEG noise a few hundredths).
SIDE_SHARE, SIDE_FLOOR = 0.3, 0.06
# Each side is weighed about these points along it (shares of the pitch),
# the weakest counting: a window's corner over a quarter of a cell hides
# half a side; a toast over a row's middle, all but its ends.
SIDE_AT = (0.3, 0.5, 0.7)
# A side where the two cells' grounds differ by this much (grey levels),
# the change right at the side, shows it as a line does (a selected cell
# drawn in the lines' colour: the line is lost in it).
SIDE_STEP = 8.0
# A side's line is looked for in the colour axes too (Lab's a and b are in
# L's units, CHROMA_GREY grey levels each): a grey line beside a selected
# cell of its lightness but another colour (light blue) is there.
CHROMA_GREY = 2.55

# A cover's edge through the outer row (column) of cells, this far past the
# board's side (pitches; negative: inside), running on past its corners
# (board_checks.wholeness): the cells there show a part of a digit (half a
# digit reads as a pencil note).  Only inside: a frame line ends at the
# corners, and the card a board sits on, a third of a pitch out, runs on
# past them like a cover.
CUT_EDGE = (-0.6, -0.15)
# A cell's middle: the cell less CELL_INSET of a pitch each side (the grid
# lines; a selection ring, 4 px in from a 56 px cell's side on a
# third-party game, and an even lattice a few pixels off a board whose box
# lines are thicker).
CELL_INSET = 0.16
# Ink: this far (Lab) from the cell's ground.  Thin grey notes and the
# lightest digits are 40 or more away, JPEG noise under 10.
INK = 25.0
# Pieces smaller than SPECK (share of a pitch squared) are noise.
SPECK = 0.002
# A digit's ink is at least DIGIT_TALL of a pitch high; pencil notes at most
# NOTE_TALL (ours 0.14, LinkedIn's ~0.15); between: unsure.
DIGIT_TALL, NOTE_TALL = 0.28, 0.22
# A cell with no digit at INK holds no piece a digit's height (clear of the
# cell's sides) at FAINT_INK either, else it is unsure: a digit too faint to
# read (a washed-out screen or capture).
FAINT_INK = INK / 2
# Red: hue within RED_HUE degrees and chroma at least RED_CHROMA (our reds
# 20-35 degrees, chroma 50-80, down to 28 in a thin digit on a page scaled
# to 60%; blue and indigo inks are -60 to -100 degrees).
RED_HUE, RED_CHROMA = (-25.0, 50.0), 20.0
# Ink of a red hue at FAINT_RED chroma or more, but under RED_CHROMA, is
# unsure: a red that JPEG at quality 35 or a washed-out screen paled (13.6
# to 19.1 in our fixtures so changed; every other ink of a red hue is 5 at
# most: black, grey and white type).
FAINT_RED = 8.0
# A Sudoku board shows its givens: fewer than MIN_DIGITS (share of the
# side; LinkedIn's 6x6 boards give 8 to 14) cells holding a digit, or
# FOREIGN_SHAPES cells holding shapes that are no digits (suns, crowns,
# lamps), and the grid is another game's.
MIN_DIGITS, FOREIGN_SHAPES = 0.5, 2
# Two styles of ink are told apart when their colours differ by STYLE_SEP
# (black and blue ~60, white and light blue ~35); a digit whose ink is not
# within STYLE_NEAR of its own style's distance to the other style's is
# unsure; grounds are told apart by GROUND_SEP; strokes when the bolder is
# BOLD_RATIO as thick (700 vs 400 weight ~1.5).
STYLE_SEP, STYLE_NEAR, GROUND_SEP, BOLD_RATIO = 18.0, 0.6, 8.0, 1.25
# Two weights are apart when the lightest bold glyph's stroke is WEIGHT_GAP
# times the boldest regular one's: a stroke's share of the glyph's height
# varies with the digit (a regular 1 in a serif face is as bold as a bold
# 7, 0.12 and 0.13), and a split between such is a guess (0.17-0.20 bold
# against 0.13-0.16 regular in the sans faces we draw with, 1.2 to 1.5 apart).
WEIGHT_GAP = 1.1
# Within one ink (the styles told by colour) two weights are the givens' and
# the entries' only when INK_WEIGHT_GAP apart: one serif face's digits, all
# of one weight, split up to 1.25 apart (random looks); a bold sans against
# its regular weight in one ink, 1.34.
INK_WEIGHT_GAP = 1.3
# A Sudoku with one solution gives at least this many digits (4x4: 4, 6x6
# with 2x3 boxes: 8, 9x9: 17): fewer digits in the givens' style than that
# and the style is not the givens' (two glyphs a pixel bolder on a scaled
# screen, taken for a bold weight).
FEWEST_GIVENS = {4: 4, 6: 8, 9: 17}
# The givens' or the entries' digits falling in two inks THIRD_INK apart
# are three inks (a screen's colours swapped: blue entries orange, the red
# wrong one blue, 33 and 46 apart): the fewer are unsure.  One ink measured
# on small anti-aliased digits (a page at 82%) varies by up to 22.
THIRD_INK = 27.0


@dataclass
class CellInk:
    """What one cell holds."""

    digit: int | None = None  # None: empty (or unsure, when why)
    why: str = ""  # why unsure
    colour: np.ndarray | None = None  # the digit's ink (Lab)
    stroke: float = 0.0  # stroke width / glyph height
    ground: np.ndarray | None = None  # the cell's ground (Lab)

    def _red_chroma(self) -> float:
        """The ink's chroma where its hue is red, else 0."""
        if self.colour is None:
            return 0.0
        _, a, b = (float(v) for v in self.colour)
        return float(np.hypot(a, b)) if RED_HUE[0] <= np.degrees(np.arctan2(b, a)) <= RED_HUE[1] else 0.0

    @property
    def red(self) -> bool:
        return self._red_chroma() >= RED_CHROMA

    @property
    def faintly_red(self) -> bool:
        """Red in hue, too pale to be sure it is the game's red (FAINT_RED)."""
        return FAINT_RED <= self._red_chroma() < RED_CHROMA


@dataclass
class SudokuLooks:
    """What the reader learnt of this board's look."""

    ground: np.ndarray  # the empty cells' ground (Lab)
    given: np.ndarray | None = None  # the givens' ink
    entry: np.ndarray | None = None  # the entries' ink
    told_by: str = ""  # how givens and entries were told apart
    grounds: list = field(default_factory=list)  # the cells' grounds seen (Lab), each once, for whole_in
    # the game's own number pad (label -> vision.screen_keys.ScreenKey), once
    # the game took no notice of a typed digit; None: digits are typed
    pad: dict | None = None


def _fits(w: np.ndarray, n: int, box: int) -> list[int]:
    """The first lines ``a`` (indexes into ``w``) where n+1 lines a..a+n are
    there and the lines between boxes outweigh the rest by HEAVY (what lies
    beyond, a number pad or a page, is judged by the board's wholeness)."""
    out = []
    for a in range(len(w) - n):
        seg = w[a:a + n + 1]
        if np.isnan(seg).any() or (seg < LINE_MIN).any():
            continue
        inner = seg[1:n]
        heavy = inner[[j - 1 for j in range(1, n) if j % box == 0]]
        thin = inner[[j - 1 for j in range(1, n) if j % box]]
        if len(thin) and heavy.min() < HEAVY * thin.max():
            continue
        out.append(a)
    return out


def _refine(gray: np.ndarray, at: float, along: tuple[float, float], pitch: float, vertical: bool) -> float:
    """The position of the line near ``at``: the middle of its contrast
    across the window, over the span ``along``."""
    h, w = gray.shape
    reach = max(GROUND_PX + 1, int(round(LINE_REACH * pitch)))
    a = int(round(at))
    lo, hi = int(max(0, along[0])), int(min(h if vertical else w, along[1]))
    if a - reach < 0 or a + reach >= (w if vertical else h) or hi <= lo:
        return at
    win = gray[lo:hi, a - reach:a + reach + 1] if vertical else gray[a - reach:a + reach + 1, lo:hi].T
    prof = median(win, axis=0)
    m = len(prof) // 2
    ref = np.where(np.arange(len(prof)) < m, median(prof[:GROUND_PX]), median(prof[-GROUND_PX:]))
    d = np.minimum(np.abs(prof - ref), WEIGHT_CAP)
    if d.sum() <= 0:
        return at
    return float(a - reach + (d * np.arange(len(d))).sum() / d.sum() + 0.5)


def _board(img: np.ndarray, gray: np.ndarray) -> Lattice:
    """The whole board's lattice, from its lines (see the module's notes):
    the first board the lines make whose cells do not go on past its sides
    (a 4x4 of lines fits inside a 6x6 board cut through)."""
    why, partial, seen, half = f"no {GAME} board: no grid of square cells in the image", None, [], False
    for passes, side in SEARCHES:
        # the slow search is for faint boards the quick one missed altogether,
        # and for a lattice it found a little off (see OFF_SQUARE)
        if seen and not half:
            break
        for lat in split_candidates(img, passes, side):
            if any(lat.on_grid_of(o, 0.05, 0.2) for o in seen):
                continue
            seen.append(lat)
            fits, why_not, one_way = _extents(gray, lat)
            why = why_not or why
            half = half or (one_way and not fits and abs(lat.px - lat.py) > OFF_SQUARE * min(lat.px, lat.py))
            for board in fits:
                crop, local, _ = board.crop(img, 1.0)
                lab = to_lab(crop)
                whole = wholeness(lab, local, _looks(lab, local), GROUND_SEP * 2)
                if whole.whole:
                    return board
                partial = partial or f"only part of a {GAME} board: {whole.reason()}"
    if partial:
        raise PartialBoardError(partial)
    raise NoBoardError(why)


def _looks(lab: np.ndarray, lat: Lattice) -> list[np.ndarray]:
    """The grounds the board's cells show (plain, a givens' tint), each
    once: the median of each cell's middle, grouped within GROUND_SEP,
    groups of at least LOOK_CELLS cells (a selected cell, or a toast over a
    cell or two, is no look of the board's)."""
    grounds = []
    for r in range(lat.rows):
        for c in range(lat.cols):
            x0, y0, x1, y1 = lat.box(r, c, CELL_INSET)
            win = lab[max(0, y0):max(1, y1), max(0, x0):max(1, x1)].reshape(-1, 3)
            if len(win):
                grounds.append(median(win, axis=0))
    return [median(np.array(grounds)[grp], axis=0) for grp in _grouped(grounds, GROUND_SEP) if len(grp) >= LOOK_CELLS]


def _grouped(values, sep: float) -> list[list[int]]:
    """Indexes of ``values`` (colours) in groups, in order: each value joins
    the first group whose first member is within ``sep`` of it."""
    groups: list[list[int]] = []
    for i, v in enumerate(values):
        home = next((g for g in groups if np.linalg.norm(v - values[g[0]]) < sep), None)
        if home is None:
            groups.append([i])
        else:
            home.append(i)
    return groups


def _goes_on(gray: np.ndarray, board: Lattice, left: float, right: float, top: float, bottom: float) -> bool:
    """Whether the grid goes on past a side of ``board`` (a board found
    inside a bigger one cut through): a line a pitch beyond the side, the
    board's lines across continuing into that strip (GO_ON_SHARE of them)
    and flat cells between them (FLAT_SHARE of them: some hold digits), as
    a number pad or a page under a board do not."""
    n, p = board.rows, (board.px + board.py) / 2
    xs = board.x0 + np.arange(n + 1) * board.px
    ys = board.y0 + np.arange(n + 1) * board.py
    for beyond, vertical, mid in ((left, False, board.x0 - board.px / 2), (right, False, board.x0 + (n + 0.5) * board.px),
                                  (top, True, board.y0 - board.py / 2), (bottom, True, board.y0 + (n + 0.5) * board.py)):
        if not beyond >= LINE_MIN:
            continue
        at = xs if vertical else ys
        across = line_weights(gray, at, np.array([mid]), p, vertical)[:, 0]
        between = line_weights(gray, (at[:-1] + at[1:]) / 2, np.array([mid]), p, vertical)[:, 0]
        # NaN (off the image) counts as no line, and as no flat middle
        if np.mean(across >= LINE_MIN) >= GO_ON_SHARE and np.mean(between < LINE_MIN) >= FLAT_SHARE:
            return True
    return False


def _extents(gray: np.ndarray, lat: Lattice) -> tuple[list[Lattice], str, bool]:
    """The boards the lines around ``lat`` make (largest first, nearest the
    lattice first), or why there is none, and whether the lines one way
    (rows or columns) make a board's: n + 1 lines, the boxes' heavier."""
    p = (lat.px + lat.py) / 2
    ks = np.arange(-MAX_SIDE, max(lat.rows, lat.cols) + MAX_SIDE + 1)
    xs, ys = lat.x0 + ks * lat.px, lat.y0 + ks * lat.py
    mid_y = lat.y0 + (np.arange(lat.rows) + 0.5) * lat.py
    mid_x = lat.x0 + (np.arange(lat.cols) + 0.5) * lat.px
    wx = median_rows(line_weights(gray, xs, mid_y, p, True))
    wy = median_rows(line_weights(gray, ys, mid_x, p, False))
    out, one_way = [], False
    for n in sorted(BOXES, reverse=True):
        br, bc = BOXES[n]
        one_way = one_way or bool(_fits(wx, n, bc)) or bool(_fits(wy, n, br))
        for a in sorted(_fits(wx, n, bc), key=lambda i: abs(ks[i])):
            for b in sorted(_fits(wy, n, br), key=lambda i: abs(ks[i])):
                x0 = _refine(gray, xs[a], (ys[b], ys[b + n]), p, True)
                x1 = _refine(gray, xs[a + n], (ys[b], ys[b + n]), p, True)
                y0 = _refine(gray, ys[b], (xs[a], xs[a + n]), p, False)
                y1 = _refine(gray, ys[b + n], (xs[a], xs[a + n]), p, False)
                board = Lattice(x0, y0, (x1 - x0) / n, (y1 - y0) / n, n, n)
                if abs(board.px - board.py) <= 0.1 * p and not _goes_on(gray, board, wx[a - 1] if a else np.nan,
                                                                        wx[a + n + 1] if a + n + 1 < len(wx) else np.nan,
                                                                        wy[b - 1] if b else np.nan,
                                                                        wy[b + n + 1] if b + n + 1 < len(wy) else np.nan):
                    out.append(board)
    if out:
        return out, "", one_way
    present = int(np.sum(wx >= LINE_MIN)), int(np.sum(wy >= LINE_MIN))
    return [], (f"no {GAME} board: {present[0]} and {present[1]} grid lines, but no 4x4, 6x6 or 9x9 board whose "
                f"box lines are heavier than the rest (another game, or a board covered or cut)"), one_way


def _stroke(mask: np.ndarray) -> float:
    """A glyph's stroke width over its height: twice its area over its outline."""
    cnts, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    perim = sum(cv2.arcLength(c, True) for c in cnts)
    ys = np.flatnonzero(mask.any(axis=1))
    if perim <= 0 or not len(ys):
        return 0.0
    return float(2 * mask.sum() / perim / (ys[-1] - ys[0] + 1))


def _empty(far: np.ndarray, ground: np.ndarray, p: float) -> CellInk:
    """A cell with no digit at full contrast (``far``: its pixels' distance
    from its ground): empty, or unsure when faint ink a digit's height is
    there."""
    k, _, stats, _ = cv2.connectedComponentsWithStats((far > FAINT_INK).astype(np.uint8), connectivity=8)
    hh, ww = far.shape
    for x, y, w, h, _ in stats[1:]:
        if h >= DIGIT_TALL * p and x > 0 and y > 0 and x + w < ww and y + h < hh:
            return CellInk(why="faint ink a digit's height: a digit too faint to read?", ground=ground)
    return CellInk(ground=ground)


def _cell(lab: np.ndarray, lat: Lattice, r: int, c: int, n: int) -> CellInk:
    x0, y0, x1, y1 = lat.box(r, c, CELL_INSET)
    h, w = lab.shape[:2]
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h or x1 - x0 < 4 or y1 - y0 < 4:
        return CellInk(why="the cell runs off the image")
    win = lab[y0:y1, x0:x1]
    ground = median(win.reshape(-1, 3), axis=0)
    far = distance(win, ground)
    ink = far > INK
    p = lat.px
    if not ink.any():
        return _empty(far, ground, p)
    k, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    keep = [i for i in range(1, k) if stats[i, 4] >= SPECK * p * p]
    if not keep:
        return _empty(far, ground, p)
    hh, ww = ink.shape
    edge = [i for i in keep if stats[i, 0] == 0 or stats[i, 1] == 0 or stats[i, 0] + stats[i, 2] >= ww
            or stats[i, 1] + stats[i, 3] >= hh]
    if any(max(stats[i, 2], stats[i, 3]) > NOTE_TALL * p for i in edge):
        return CellInk(why="ink runs to the cell's sides (something covers it?)", ground=ground)
    keep = [i for i in keep if i not in edge]  # notes reaching the middle's sides
    if not keep:
        return _empty(far, ground, p)
    tall = max(stats[i, 3] for i in keep) / p
    if tall <= NOTE_TALL:
        return _empty(far, ground, p)  # pencil notes (or a speck): no digit
    if tall < DIGIT_TALL:
        return CellInk(why=f"ink {tall:.2f} of a cell high: too big for a note, too small for a digit",
                       ground=ground)
    big_parts = [i for i in keep if stats[i, 3] >= 0.5 * tall * p]
    mask = np.isin(labels, big_parts)
    core = distance(win, ground) > 0.6 * float(distance(win, ground)[mask].max())
    colour = median(win[mask & core], axis=0)
    big, _ = upscaled(win, p)
    keep_big = cv2.resize(mask.astype(np.uint8), big.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    keep_big = grown(keep_big)
    glyph = keep_big & (distance(big, ground) > INK)
    read = read_number(glyph)
    stroke = _stroke(glyph)
    if not read.sure:
        return CellInk(why=f"the digit: {read.why}", colour=colour, stroke=stroke, ground=ground)
    if not 1 <= read.value <= n:
        return CellInk(why=f"reads as {read.value}, not a digit 1 to {n}", colour=colour, stroke=stroke,
                       ground=ground)
    return CellInk(read.value, "", colour, stroke, ground)


Ink = np.ndarray | None  # a style's ink (Lab), if any


def _two(values: np.ndarray, sep: float) -> np.ndarray | None:
    """Labels 0/1 splitting ``values`` (rows) into two groups whose middles
    are at least ``sep`` apart, each value nearer its own (2-means from the
    farthest pair), or None when they are one group."""
    if len(values) < 2:
        return None
    d = np.linalg.norm(values[:, None] - values[None], axis=-1)
    i, j = np.unravel_index(np.argmax(d), d.shape)
    if d[i, j] < sep:
        return None
    centres = values[[i, j]].astype(np.float64)
    for _ in range(8):
        lab = np.argmin(np.linalg.norm(values[:, None] - centres[None], axis=-1), axis=1)
        if lab.min() == lab.max():
            return None
        centres = np.array([median(values[lab == k], axis=0) for k in (0, 1)])
    if np.linalg.norm(centres[0] - centres[1]) < sep:
        return None
    return lab


def _peers_of_one(cells, n: int) -> bool:
    """Whether ``cells`` all lie in one cell's row, column and box (the
    cells a selection highlights)."""
    br, bc = BOXES[n]
    return any(all(r == r0 or c == c0 or (r // br, c // bc) == (r0 // br, c0 // bc) for r, c in cells)
               for r0 in range(n) for c0 in range(n))


def _tinted(cells: list, grounds: np.ndarray, empty: dict, ground: np.ndarray,
            n: int) -> tuple[np.ndarray | None, dict[int, str]]:
    """Givens told by a tint of their cells' ground: for the digit ``cells``
    on ``grounds``, 1 for a given and 0 for an entry, and doubts (by index);
    no labels when no tint tells them.  A ground an ``empty`` cell shows
    (cell -> ground; the board's ``ground`` when none is empty) is no
    givens' tint: the plain ground (the one most cells show), or a highlight
    (a selected cell's row, column and box).  The tint is the largest group
    of at least two digit cells on a ground no empty cell shows; a digit on
    the plain ground is an entry, one on a highlight or on another ground
    of its own (a selected cell) unsure.  With no tint (a Sudoku gives more
    than one digit: a lone digit on a ground of its own is a selected cell,
    judged by its ink as the others are), digits on a ground that
    empty cells show besides the plain one, over more than one cell's row,
    column and box (a tint like a highlight?), are all unsure."""
    shown = np.array(list(empty.values())).reshape(-1, 3) if empty else ground[None]
    every = np.concatenate([grounds, shown])
    plain = max((median(shown[g], axis=0) for g in _grouped(shown, GROUND_SEP)),
                key=lambda m: int(np.sum(np.linalg.norm(every - m, axis=1) < GROUND_SEP)))
    on_shown = np.linalg.norm(grounds[:, None] - shown[None], axis=-1).min(axis=1) < GROUND_SEP
    lit = on_shown & (np.linalg.norm(grounds - plain, axis=1) >= GROUND_SEP)  # digits on a highlight
    off = np.flatnonzero(~on_shown)
    groups = [[int(off[i]) for i in g] for g in _grouped(grounds[off], GROUND_SEP)]
    if not groups or max(map(len, groups)) < 2:  # no tint (a lone digit on a ground of its own is selected)
        doubt = {}
        lit_cells = [rc for rc, g in empty.items() if np.linalg.norm(g - plain) >= GROUND_SEP]
        if lit.any() and not _peers_of_one(lit_cells + [cells[i] for i in np.flatnonzero(lit)], n):
            doubt.update({i: "digits stand on the plain ground and on another that empty cells show too, beyond one "
                             "cell's row, column and box: a givens' tint or a highlight?" for i in range(len(cells))})
        return None, doubt
    tint = max(groups, key=len)
    doubt = {i: "its ground is neither the givens' tint nor an empty cell's (a selected cell?)"
             for g in groups if g is not tint for i in g}
    doubt.update({int(i): "on a highlight (a ground empty cells show, not the plain one: a selected cell's row, "
                          "column or box): a given or an entry?" for i in np.flatnonzero(lit)})
    split = np.zeros(len(grounds), np.int64)
    split[tint] = 1
    return split, doubt


def _smeared(split: np.ndarray, colours: np.ndarray, grounds: np.ndarray, ground: np.ndarray,
             digits: list[int]) -> tuple[list[int], str]:
    """The digits (indexes) of one side of an ink ``split`` whose ink may be
    the other side's, changed, and why: all on grounds other than the plain
    ``ground`` and under STYLE_SEP from the other's in lightness (JPEG
    smears a coloured selection's chroma into a thin dark stroke), or all
    one digit (the 1s, the 4s) of the other's colour (chroma within
    STYLE_SEP / 2) but nearer the ground (a glyph's thin strokes at a small
    size never show the ink whole).  None when no side is so."""
    sides = []
    for k in (0, 1):
        mine, other = np.flatnonzero(split == k), np.flatnonzero(split != k)
        ink, theirs = median(colours[mine], axis=0), median(colours[other], axis=0)
        if (np.linalg.norm(grounds[mine] - ground, axis=1) >= GROUND_SEP).all() and abs(ink[0] - theirs[0]) < STYLE_SEP:
            sides.append(([int(i) for i in mine], "its ink differs from the others' only in colour, and it stands on "
                                                 "a ground of its own: the ground's colour bled into it (JPEG, a "
                                                 "blend), or another ink?"))
        elif len({digits[i] for i in mine}) == 1 and np.linalg.norm(ink[1:] - theirs[1:]) < STYLE_SEP / 2 \
                and abs(ink[0] - ground[0]) < abs(theirs[0] - ground[0]):
            sides.append(([int(i) for i in mine], f"the {digits[mine[0]]}s' ink is the others' but paler: a glyph's "
                                                 "thin strokes that never show their ink whole, or another ink?"))
    return min(sides, key=lambda sd: len(sd[0])) if sides else ([], "")


def _weight_split(bold: np.ndarray, n: int) -> tuple[np.ndarray | None, str]:
    """Strokes ``bold`` in two weights apart: 1 bold, 0 regular; None and
    no doubt for one weight; None and why when they spread but split in no
    two weights apart (a screen scaled without smoothing thickens some by a
    pixel; a bold weight a little bolder than the regular one, in JPEG) or
    too few are bold for a puzzle's givens."""
    if len(bold) < 2 or bold.max() < BOLD_RATIO * max(bold.min(), 1e-6):
        return None, ""
    split, few = _two(bold[:, None], (bold.max() - bold.min()) / 2), False
    if split is not None:
        if median(bold[split == 0]) > median(bold[split == 1]):
            split = 1 - split  # 1: the bolder
        weights = median(bold[split == 1]), median(bold[split == 0])
        few = int(np.sum(split)) < FEWEST_GIVENS.get(n, 0)
        if not few and weights[0] >= BOLD_RATIO * weights[1] and \
                bold[split == 1].min() >= WEIGHT_GAP * bold[split == 0].max():
            return split, ""
    return None, (f"the digits' strokes vary ({bold.min():.2f} to {bold.max():.2f} of their height) but "
                  + ("too few are bold for a Sudoku's givens" if few else "fall in no two weights apart")
                  + ": givens and entries cannot be told apart")


def _apart_in_one_ink(bold: np.ndarray, split: np.ndarray) -> bool:
    """Whether strokes ``bold`` split (1 bold) into weights INK_WEIGHT_GAP
    apart: bold and regular type in one ink, not one face's digits varying."""
    if split.min() == split.max():
        return False
    return bool(bold[split == 1].min() >= INK_WEIGHT_GAP * bold[split == 0].max())


def _by_weight(bold: np.ndarray, digits: list[int], n: int) -> tuple[np.ndarray | None, dict[int, str]]:
    """Givens told by their strokes' weight: 1 for a given (bold), 0 for an
    entry, and doubts (by index); None and no doubt when all are of one
    weight (all givens).  The 1s are left out of the split (a 1 is all
    stem: a regular 1 in a serif face is as bold as the other digits' bold
    weight) and split among themselves; 1s of one weight among digits of
    two are unsure."""
    ones = np.array([d == 1 for d in digits])
    rest = np.flatnonzero(~ones)
    split, why = _weight_split(bold[rest], n)
    if why:
        return None, {i: why for i in range(len(bold))}
    one_split, one_why = _weight_split(bold[ones], 0)
    out = np.ones(len(bold), np.int64)
    if split is None:  # the other digits in one weight: the 1s too, or which the givens' is is a guess
        if one_split is None and not one_why:
            return None, {}
        return None, {i: "the 1s' strokes fall in two weights, the other digits' in one: which is the givens'?"
                      for i in range(len(bold))}
    out[rest] = split
    if one_split is not None:
        out[np.flatnonzero(ones)] = one_split
        return out, {}
    return out, {int(i): "a 1 is all stem: its stroke says nothing of its weight, and the other 1s are of one weight"
                 for i in np.flatnonzero(ones)}


def _styles(inks: dict, ground: np.ndarray, empty: dict, n: int) -> tuple[set, set, dict, str, Ink, Ink]:
    """(givens, entries, unsure cells, how told, given ink, entry ink) among
    the digit cells that are not red, on an n x n board whose ``empty``
    cells show their grounds (cell -> ground; the plain one ``ground``)."""
    cells = sorted(inks)
    if not cells:
        return set(), set(), {}, "no digits", None, None
    colours = np.array([inks[rc].colour for rc in cells], np.float64)
    grounds = np.array([inks[rc].ground for rc in cells], np.float64)
    strokes = np.array([[inks[rc].stroke] for rc in cells], np.float64)
    unsure = {}
    split = _two(colours, STYLE_SEP)
    how = "ink colour"
    smeared, why = _smeared(split, colours, grounds, ground, [inks[rc].digit for rc in cells]) \
        if split is not None else ([], "")
    if smeared:  # judge the others without them
        givens, entries, unsure, how, g_ink, e_ink = _styles({rc: inks[rc] for i, rc in enumerate(cells)
                                                              if i not in smeared}, ground, empty, n)
        unsure.update({cells[i]: why for i in smeared})
        return givens, entries, unsure, how, g_ink, e_ink
    if split is not None:
        chroma = [median(np.hypot(colours[split == k, 1], colours[split == k, 2])) for k in (0, 1)]
        # how far each ink stands off the ground in lightness (not in Lab: a saturated blue
        # is further from white in Lab than black type is)
        contrast = [median(np.abs(colours[split == k, 0] - ground[0])) for k in (0, 1)]
        given = int(np.argmax(contrast))
        if abs(chroma[0] - chroma[1]) > STYLE_SEP / 2 and int(np.argmin(chroma)) != given:
            # givens are the plainer ink and the one standing further off the ground, in every
            # look seen; a tint (a night light) makes white type yellow, plainer entries
            for rc in cells:
                unsure[rc] = ("the plainer ink is the fainter: which are the givens? (a tinted screen, or "
                              "a game that colours its givens)")
        centres = [median(colours[split == k], axis=0) for k in (0, 1)]
        for i, rc in enumerate(cells):
            own, other = (np.linalg.norm(colours[i] - centres[k]) for k in (split[i], 1 - split[i]))
            if own > STYLE_NEAR * other and rc not in unsure:
                unsure[rc] = "its ink is like neither the givens' nor the entries'"
        for k in (0, 1):  # a third ink (two among the givens or the entries): which is which is a guess
            mine = np.flatnonzero(split == k)
            sub = _two(colours[mine], THIRD_INK)
            if sub is not None:
                fewer = int(np.sum(sub == 1) < np.sum(sub == 0))
                for i in mine[sub == fewer]:
                    unsure.setdefault(cells[i], "its ink is a third one, like neither the givens' nor the entries'")
            # two weights apart in one ink: the game may draw its entries in the givens' ink (or the
            # reverse), told by weight alone; the digits of the other style's weight are a guess
            digits = np.array([inks[cells[i]].digit for i in mine])
            weights, _ = _by_weight(strokes[mine, 0], list(digits), 0)
            if weights is not None and _apart_in_one_ink(strokes[mine, 0][digits != 1], weights[digits != 1]):
                for i in mine[weights == int(k != given)]:
                    unsure.setdefault(cells[i], "in the " + ("givens'" if k == given else "entries'") + " ink but "
                                      + ("lighter" if k == given else "bolder") + " than the rest of it: a given "
                                      "or an entry?")
    else:
        split, doubt = _tinted(cells, grounds, empty, ground, n)
        how, given = "cell ground", 1
        unsure.update({cells[i]: why for i, why in doubt.items()})
        if split is None:
            how = "stroke weight"
            split, doubt = _by_weight(strokes[:, 0], [inks[rc].digit for rc in cells], n)
            if split is None and not doubt:
                ink = median(colours, axis=0)
                return set(cells), set(), unsure, "one style (all givens)", ink, None
            unsure.update({cells[i]: why for i, why in doubt.items()})
            if split is None:
                split = np.ones(len(cells), np.int64)
    givens = {rc for i, rc in enumerate(cells) if split[i] == given}
    entries = set(cells) - givens
    g_ink = median(colours[split == given], axis=0)
    e_ink = median(colours[split != given], axis=0) if entries else None
    return givens, entries, unsure, how, g_ink, e_ink


def _doubtful_reds(digits: dict, red: set, givens: set, n: int) -> dict:
    """The ``red`` digits (of the ``digits``, cell -> CellInk) that may not
    be the game's mark of a wrong entry, each with why: one that is right
    (repeated nowhere in its row, column or box, and the givens' one answer
    there), whose red is the game's ink for entries (or givens) as likely as
    a mark; and the fewer of two reds THIRD_INK apart (a magenta entry
    beside the game's red)."""
    if not red:
        return {}
    out = {}
    reds = sorted(red)
    two = _two(np.array([digits[rc].colour for rc in reds], np.float64), THIRD_INK)
    if two is not None:
        fewer = int(np.sum(two == 1) < np.sum(two == 0))
        out.update({rc: "drawn in a second red: the game's mark of a wrong entry, or an entry's ink?"
                    for rc, k in zip(reds, two) if k == fewer})
    shown = {rc: ci.digit for rc, ci in digits.items()}
    br, bc = BOXES[n]
    answer = solve(SudokuPuzzle(n, [[shown[(r, c)] if (r, c) in givens else 0 for c in range(n)] for r in range(n)],
                                [[0] * n for _ in range(n)]))
    for r, c in red:
        d = shown[(r, c)]
        repeated = any(v == d and (rr == r or cc == c or (rr // br, cc // bc) == (r // br, c // bc))
                       for (rr, cc), v in shown.items() if (rr, cc) != (r, c))
        if not repeated and (answer.count != 1 or answer.grid[r][c] == d):
            out.setdefault((r, c), "drawn red, yet its digit repeats nowhere and is the answer's: the game's ink, "
                                   "or a wrong entry's red?")
    return out


def _sides_seen(gray: np.ndarray, lab: np.ndarray, lat: Lattice) -> dict:
    """Cells a side of which shows no grid line (covered): cell -> why.  A
    side hidden in grey is looked at again in grey and each of Lab's colour
    axes (a grey line beside a selected cell of its lightness is there)."""
    hidden = _hidden_sides([gray], lat)
    if hidden:
        again = _hidden_sides([gray] + [np.ascontiguousarray(lab[..., k]) * CHROMA_GREY for k in (1, 2)], lat)
        hidden = {rc: why for rc, why in hidden.items() if rc in again}
    return hidden


def _hidden_sides(chans: list, lat: Lattice) -> dict:
    """Cells a side of which shows no grid line in any of ``chans`` (images
    in grey levels): cell -> why."""
    p = (lat.px + lat.py) / 2
    xs = lat.x0 + np.arange(lat.cols + 1) * lat.px
    ys = lat.y0 + np.arange(lat.rows + 1) * lat.py

    def weakest(at: np.ndarray, start: float, step: float, count: int, vertical: bool) -> np.ndarray:
        """The weakest part of each side (fmin over SIDE_AT), each part's weight its strongest channel's
        (a step between two grounds right at the side, as a selected cell drawn in the lines' colour
        meets its neighbours, weighs as a line just seen: SIDE_FLOOR)."""
        def part(ch, a):
            where = start + (np.arange(count) + a) * step
            weights = line_weights(ch, at, where, p, vertical)
            stepped = step_weights(ch, at, where, p, vertical) >= SIDE_STEP
            return np.where(stepped, np.fmax(weights, SIDE_FLOOR), weights)
        return np.fmin.reduce([np.fmax.reduce([part(ch, a) for ch in chans]) for a in SIDE_AT])
    vx = weakest(xs, lat.y0, lat.py, lat.rows, True)  # (cols+1, rows)
    hy = weakest(ys, lat.x0, lat.px, lat.cols, False)  # (rows+1, cols)
    out = {}
    for k in range(lat.cols + 1):
        med = np.nan_to_num(median_rows(vx[k:k + 1])[0])
        for r in range(lat.rows):
            if not (vx[k, r] >= SIDE_SHARE * med or vx[k, r] >= SIDE_FLOOR):
                for c in (k - 1, k):
                    if 0 <= c < lat.cols:
                        out[(r, c)] = "a grid line along its side is hidden (something covers it?)"
    for k in range(lat.rows + 1):
        med = np.nan_to_num(median_rows(hy[k:k + 1])[0])
        for c in range(lat.cols):
            if not (hy[k, c] >= SIDE_SHARE * med or hy[k, c] >= SIDE_FLOOR):
                for r in (k - 1, k):
                    if 0 <= r < lat.rows:
                        out[(r, c)] = "a grid line along its side is hidden (something covers it?)"
    return out


def read(img: np.ndarray, lattice: Lattice | None = None) -> Reading:
    """The Mini Sudoku board in ``img`` (the lattice searched unless given).
    NoBoardError when there is none (or another game's grid); the reading
    says which cells are unsure and why."""
    check_shape(img, GAME)
    if lattice is None:
        gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
        lattice = _board(img, gray)
    if lattice.rows != lattice.cols or lattice.rows not in BOXES:
        raise NoBoardError(f"no {GAME} board: {lattice.rows}x{lattice.cols} cells")
    crop, lat, (ox, oy) = lattice.crop(img, 1.0)
    lab = to_lab(crop)
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    n = lat.rows
    cells = {(r, c): _cell(lab, lat, r, c, n) for r in range(n) for c in range(n)}
    unsure: dict = {rc: ci.why for rc, ci in cells.items() if ci.why}
    unsure.update({rc: why for rc, why in _sides_seen(gray, lab, lat).items() if rc not in unsure})
    empty = {rc: ci.ground for rc, ci in cells.items() if ci.digit is None and not ci.why}
    all_grounds = [ci.ground for ci in cells.values() if ci.ground is not None]
    if not all_grounds:
        raise NoBoardError(f"no {GAME} board: no cell can be seen")
    ground = median(np.array(list(empty.values()) or all_grounds), axis=0)
    for rc, ci in cells.items():
        if ci.digit is not None and ci.faintly_red and rc not in unsure:
            unsure[rc] = "its digit is faintly red: drawn red (a wrong entry) and paled by compression or the screen?"
    digits = {rc: ci for rc, ci in cells.items() if ci.digit is not None and rc not in unsure}
    shapes = [rc for rc, ci in cells.items() if "like no digit" in ci.why or "not a digit" in ci.why]
    if len(shapes) >= FOREIGN_SHAPES:
        raise NoBoardError(f"no {GAME} board: {len(shapes)} cells hold shapes that are not digits (another game?)")
    if len(digits) < MIN_DIGITS * n:
        raise NoBoardError(f"no {GAME} board: {len(digits)} cells hold a digit that can be read (a Sudoku "
                           f"shows its givens)")
    red = {rc for rc, ci in digits.items() if ci.red}
    plain = {rc: ci for rc, ci in digits.items() if rc not in red}
    givens, entries, doubt, how, g_ink, e_ink = _styles(plain, ground, empty, n)
    unsure.update(doubt)
    for rc, why in _doubtful_reds(digits, red, givens, n).items():
        unsure.setdefault(rc, why)
    if entries and not red and e_ink is not None and float(np.hypot(e_ink[1], e_ink[2])) < COLOURLESS_C \
            and colourless(lab):  # entries in grey, no colour anywhere: a wrong entry's red may be lost with it
        unsure.update({rc: "the image has no colour: whether this entry is drawn red (a wrong one) cannot be seen"
                       for rc in entries if rc not in unsure})
    entries |= red
    looks_seen = _looks(lab, lat)
    whole = wholeness(lab, lat, looks_seen, GROUND_SEP * 2, cover_edges=True, cover_within=CUT_EDGE)
    if not whole.whole:
        raise PartialBoardError(f"only part of a {GAME} board: {whole.reason()}")
    g = [[0] * n for _ in range(n)]
    e = [[0] * n for _ in range(n)]
    state = np.zeros((n, n), np.int64)
    for (r, c), ci in cells.items():
        if (r, c) in unsure:
            state[r, c] = -1
            continue
        if ci.digit is None:
            continue
        (g if (r, c) in givens else e)[r][c] = ci.digit
        state[r, c] = ci.digit + (RED if (r, c) in red else 0)
    looks = SudokuLooks(ground, g_ink, e_ink, how, grounds=looks_seen)
    unsure = dict(sorted(unsure.items(), key=lambda kv: str(kv[0])))
    return Reading(SudokuPuzzle(n, g, e), state, lat.shifted(-ox, -oy), unsure, tuple(whole.touches), looks)


def read_cells(img: np.ndarray, lat: Lattice, reading: Reading, only: np.ndarray | None = None) -> np.ndarray:
    """Each cell's digit (plus RED when drawn red) in a fresh capture; -1
    where unsure."""
    crop, local, _ = lat.crop(img, 0.5)
    lab = to_lab(crop)
    n = lat.rows
    state = np.full((n, n), -1, np.int64)
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    covered = _sides_seen(gray, lab, local)
    for r in range(n):
        for c in range(n):
            if only is not None and not only[r, c]:
                continue
            if (r, c) in covered:
                continue
            ci = _cell(lab, local, r, c, n)
            if ci.why or ci.faintly_red:
                continue
            state[r, c] = 0 if ci.digit is None else ci.digit + (RED if ci.red else 0)
    return state


def whole_in(img: np.ndarray, lat: Lattice, reading: Reading) -> Wholeness:
    """Whether the board read before is whole in a larger capture."""
    crop, local, _ = lat.crop(img, 1.0)
    return wholeness(to_lab(crop), local, reading.looks.grounds, GROUND_SEP * 2)
