"""Reading a Queens board (LinkedIn's or any look) from a screenshot.

1. The cell lattice from the image's own structure (:mod:`puzzlebot.vision.lattice`),
   on a scaled-down copy when the screenshot is large (a phone's 1284x2778);
   where no line parts one region's cells (a clone drawn flat, or bordered
   only where regions meet), from the regions' straight edges
   (:mod:`puzzlebot.vision.region_grid`).
2. Each cell's fill: the median colour of its four corners, where neither a
   queen nor a mark reaches.
3. Regions: neighbouring cells of one fill are one region; the palette is
   learnt from the image, never assumed.  The borders cross-check it: where
   the board draws thick borders between regions (LinkedIn does; learnt from
   the pairs whose fills clearly match or differ), an edge between cells of
   one fill must be thin and one between two fills thick, else both cells
   are unsure; where two fills are too close to call, a clear border
   decides, and without one the cells are unsure.  The regions read must
   leave the puzzle an answer.
4. What each cell holds: the ink in its middle that differs from its fill;
   a queen (a crown) is large, a mark (x) small, an empty cell has none.

A board must be square, have as many regions as rows, and be whole (no
cells of its fills past it, the page plain all round it, its frame
unbroken); a grid of one or two fills is another game (Tango, Lights Out)
and is refused, unless its lines fall in two weights and the heavier make
its n regions (a board drawn in one colour, its regions by their borders
alone): then anything unclear, or queens that break the rules, is another
game's grid (a Sudoku's boxes and digits), refused too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.solvers.queens import (EMPTY, MARK, MAX_SIZE, MIN_SIZE, QUEEN, QueensAnswer, QueensPuzzle, solve,
                                      violations)
from puzzlebot.vision.board_checks import Wholeness, wholeness
from puzzlebot.vision.cells import cell_patch
from puzzlebot.vision.colour_math import median, to_lab
from puzzlebot.vision.errors import NoBoardError, PartialBoardError
from puzzlebot.vision.groups import group_labels
from puzzlebot.vision.image_io import check_shape
from puzzlebot.vision.lattice import Lattice, candidate_lattices
from puzzlebot.vision.lined_grid import corner_colours, corner_square, corners
from puzzlebot.vision.masks import grown
from puzzlebot.vision.reading import BOARD, Reading
from puzzlebot.vision.region_grid import broken_frame, region_lattice, unplain_side

# Screenshots larger than this (pixels on the long side) are searched for the
# lattice at this size: a phone's 11x11 board keeps 40 px cells, and the
# search costs a ninth.
SEARCH_SIDE = 1000
# Queens boards: LinkedIn deals 7x7 to 11x11; clones go from the rules'
# smallest to two dozen a side (n regions on n x n: the solver's sizes).
MIN_SIDE, MAX_SIDE = MIN_SIZE, MAX_SIZE
# Checkerboard shading (see _unshaded): learnt from SHADE_PAIRS side-by-side
# pairs at least; kinds of pair are colours rounded to SHADE_KIND (BGR levels),
# the SHADE_SEEDS most frequent give maps two by two; a pair agrees with a map
# within SHADE_FIT levels.  Taken when its scale lies within SHADE_SCALE (two
# opacities, 0.8 and 0.6, give 1.33) and SHADE_INLIERS of all pairs match once
# it is undone (an 8x8 board of 8 regions: about 0.7 lie inside one).
SHADE_PAIRS, SHADE_KIND, SHADE_SEEDS, SHADE_FIT = 12, 4.0, 24, 6.0
SHADE_SCALE, SHADE_INLIERS = (0.5, 2.0), 0.5
# The lattice finder's best CANDIDATES fits are tried for a square board.
CANDIDATES = 4
# A lattice longer one way than the other loses an end row (column) of which
# PAGE_ROW of the cells show the page seen in a strip PAGE_STRIP pitches wide
# just outside it (a header lined up with the board), at most TRIM_MAX of them.
PAGE_ROW, PAGE_STRIP, TRIM_MAX = 0.75, 0.15, 2
# The fill is sampled in the cell's corners: squares from CORNER_FROM to
# CORNER_TO of the pitch in from each corner (inside lines and borders, outside
# the middle where crowns and marks sit).
CORNER_FROM, CORNER_TO = 0.1, 0.24
# Two fills are one region's when their Lab distance is below SAME_FILL
# (JPEG noise and anti-aliasing stay under 4) and two regions' when above
# OTHER_FILL (LinkedIn's closest pair, grey and taupe, are ~14 apart); in
# between, the cells are unsure.
SAME_FILL, OTHER_FILL = 6.0, 9.0
# A grid with fewer than this share of its side in distinct fills is another
# game (Tango's and Lights Out's cells show one or two), not a Queens board
# misread.
MIN_REGION_SHARE = 0.5
# ... unless its regions are drawn by their borders alone, in one colour:
# lines of two weights, each at least LINED_EDGES of the side's count (n
# regions have n - 1 borders between them at the least), with no line
# within the middle LINED_GAP of the way between the two weights' medians
# (thick borders 3 px, thin lines 1 px: far apart; a Sudoku's box lines
# make regions too, and its digits leave its cells unsure).
LINED_EDGES, LINED_GAP = 1.0, 0.5
# Borders: the darkness across an edge is summed over a band of +-BAND
# pitches, along the middle ALONG share of the edge.  Thick and thin borders
# are told apart when their darkness differs by at least THICK_RATIO (LinkedIn:
# ~3.5x); then every edge must be clearly one or the other: farther from the
# split (half-way, in log terms) than MARGIN of the distance between the two
# (thin lines drawn 2 or 3 px wide differ by 1.5x).
BAND, ALONG, THICK_RATIO, MARGIN = 0.12, 0.5, 2.0, 0.1
# The middle of a cell (inset INK_INSET of the pitch) holds what is placed on
# it; a pixel is ink when it differs from the cell's fill by INK_DIFF Lab units.
INK_INSET, INK_DIFF = 0.18, 25.0
# Ink covering less than EMPTY_SHARE of the middle is nothing (JPEG ringing);
# a mark (x) spans less than MARK_SPAN of the pitch, a queen more than
# QUEEN_SPAN (LinkedIn: x ~0.13, crown ~0.4); between them, unsure.
EMPTY_SHARE, MARK_SPAN, QUEEN_SPAN = 0.004, 0.24, 0.3
# A cell with too little ink is empty unless, at FAINT_DIFF, EMPTY_SHARE of
# its middle is ink spanning under QUEEN_SPAN: an x too faint to read (x marks
# on a grey region dimmed, washed out, JPEG 35 or at 60%: 26 of 26 so; over
# 7210 empty cells also so changed, none; JPEG's blocks spread half a pitch;
# a clone's black x 0.26 wide on a dark region is faint too),
# or QUEEN_SHARE of it is, whatever its span: a queen too faint to read (a
# thin white crown on a near-white region, 16 Lab units from it: 14%).
FAINT_DIFF = INK_DIFF / 2
# What is neither ink nor faint ink is the cell's ground, its fill: at least
# PLAIN_GROUND of the middle of an empty or marked cell (in our data and its
# tinted, dimmed and JPEG variants 0.92 at least) and PIECE_GROUND of a queen's
# (0.28 at least).  Less is a cover of a colour near the fill's (a light window
# over a taupe cell, 23 Lab units from it, hid the cell's x: read empty, sure).
PLAIN_GROUND, PIECE_GROUND = 0.75, 0.15
# A queen's crown covers at least this share of the middle (an x's strokes ~3%),
# and at most QUEEN_MAX_SHARE: a piece has ground around it (crowns in our data
# cover 26-61%; a disc just filling the middle, 79%), a solid block over the cell
# (a window's corner, a sticker) covers it all.
QUEEN_SHARE, QUEEN_MAX_SHARE = 0.08, 0.8
# Nor is a piece a block: a piece of ink filling BLOCK_FILL of its own bounding
# box is a shape laid over the cell (crowns in our data fill 44-77% of theirs).
BLOCK_FILL = 0.9
# An x is its own turn by a quarter and its own mirror image top to bottom:
# ink whose box, so turned or mirrored, lies within a pixel of itself
# (MARK_SYMMETRY of its pixels, both ways) and fills less than QUEEN_SOLID of
# its box is an x whatever its size (a clone's x 0.3 of a 50-62 px cell, 2-5
# px strokes, covers a queen's share of the middle: read as a queen, sure,
# before; such x's 1.0 and 0.34-0.59 of their box; crowns in our data 0.85
# at most, a disc 0.79 of its box).  Its faint ink too (a faint crown shows
# bits of its outline as ink proper).
MARK_SYMMETRY, QUEEN_SOLID = 0.95, 0.7
# A queen sits in the middle of its cell: its ink's centre within QUEEN_OFF of
# a pitch of the cell's (crowns in our data: 0.12 at most); ink massed off to
# one side (a shape reaching in over the cell's side) is no queen.
QUEEN_OFF = 0.2
# Marks drawn larger than MARK_SPAN (a clone's x a quarter of its cell) are
# unsure unless the board's queens show what a queen is there: ink under
# QUEEN_SHARE up to QUEEN_SPAN wide is a mark when every queen on the board
# spans at least 1 / LEARNT_MARK of the widest such ink (crowns ~0.4 of the
# cell, such x's 0.25-0.26).
LEARNT_MARK = 0.75
# Faint ink (FAINT_DIFF) spanning within QUEEN_LIKE of the span a queen's has
# on this board (learnt from its queens, or from the game's answer to a
# probe) is a queen, where its ink proper is an x's size: a queen drawn near
# its region's colour (a gold crown on a yellow region) shows little else.
QUEEN_LIKE = 0.2
# Where a probe showed the game's queen plainly, a cell with little ink is
# also compared with that queen laid on its own fill: it is the queen when
# the queen explains its middle QUEEN_MATCH times better (mean squared Lab
# difference) than its fill alone and by MATCH_MIN at least (a star emoji on
# a yellow region about 6 Lab units from its body, which covers 45% of the
# middle: 0.0 against 42; an empty cell there 39 against 0.0); the other way
# round, empty; between, unsure where the cell shows no ink proper (an x's
# strokes are read as ever).  The queen is tried up to MATCH_SHIFT pixels
# off the middle each way.
QUEEN_MATCH, MATCH_MIN, MATCH_SHIFT = 3.0, 4.0, 2
# Where the probe's queen shows too faintly for its look to be read (its
# region's colour near its own), its pixels are those this far (Lab) from
# the cell's fill: the same screen a moment apart differs by a unit or two.
TEMPLATE_FAINT = 3.0
# A game may print the same kind of thing at the same place in every cell
# (the region's letter in a corner): where DECOR_SHARE of the cells show
# ink (INK_DIFF: JPEG's ringing round the lines' joins is fainter) at one
# place, grown by DECOR_GROW of a pitch (so a letter's strokes meet another
# letter's), that place is the cells' own look, not a mark, and is read as
# the cell's fill.  It must be small (under DECOR_MAX of a pitch each way: a
# grid line or border runs the cell's length) and keep clear of the middle's
# DECOR_CLEAR either side of the centre, where marks and queens are drawn
# (x's span 0.13-0.26, and a queen's centre lies within QUEEN_OFF of it).
DECOR_SHARE, DECOR_GROW, DECOR_MAX, DECOR_CLEAR = 0.75, 0.04, 0.35, 0.15
# Rows (columns) of a cell inked alike in DECOR_SHARE of the cells along
# this share of it are the lines round the cells (gaps, borders), not
# something printed in them.
DECOR_LINE = 0.6
FAINT_QUEEN = "ink an x's size in faint ink a queen's size: a queen near its region's colour?"
FAINT_QUEEN_ALONE = "a queen too faint to read?"
# Where the colour of the game's queens (learnt) lies within 2 * FAINT_DIFF of
# a region's, a queen there shows only in pixels nearer its colour than the
# region's; under QUEEN_GAP Lab units apart it cannot be told at all (unsure).
QUEEN_GAP = 5.0
# A cell's fill is the median of its four corner squares; each of them lies
# within CORNER_UNLIKE Lab units of it (in our data and the real boards, under
# every screen change, 6.7 at most: JPEG 35).  A corner farther off is under
# something (a window's corner, 23 from a taupe fill at least), unless it is
# the board's outer corner and alike at all four (a rounded board's frame),
# or each of its pixels lies within CORNER_UNLIKE of a blend of the cell's
# fill and the colour just beyond the corner (a rounded corner cutting the
# square: its anti-aliased edge is such a blend, whatever the fill).
CORNER_UNLIKE = 12.0
# A rounded corner leaves the cell's fill within this share of a pitch of the
# board's corner along the diagonal: an arc of radius R crosses it 0.29 R in,
# and checker-dark rounds by about 0.64 of a pitch at 24x24 (the fill from
# 0.19 in, so a corner square's inner pixel, 0.24 in, is on the arc's
# anti-aliased edge or not by a sub-pixel shift of the grid).  A cover
# reaching farther in is no rounding...
ROUNDING_REACH = 0.35
# ... nor is one that reaches as far in along the edges as along the
# diagonal (a window's corner is square): where the fill begins on the
# diagonal, D pixels in, a rounding still cuts away the pixel ROUNDING_PAST
# beyond D at half D's depth (its arc is 0.48 R in there: a margin of
# 0.19 R - 2 px, kept by a radius of 11 px and more; a smaller one is left
# unsure), a square corner does not.  Cut away: nearer the colour beyond
# than the fill.
ROUNDING_PAST = 1


@dataclass
class QueensLooks:
    """What the reader learnt of this board: each cell's fill, the regions
    they make, whether thick borders cross-checked them, the reasons for any
    doubt in words, and the answer the regions leave (solved once, while
    reading: the plan uses it)."""

    fills: np.ndarray = field(repr=False)  # Lab fill per cell (rows x cols x 3)
    regions: np.ndarray = field(repr=False)  # region index per cell (0..k-1)
    thick: bool = False  # the board draws thick borders between regions (cross-checked)
    shaded: bool = False  # each region's cells are shaded as a two-tone checkerboard (undone)
    why: list[str] = field(default_factory=list)  # reasons for doubt, in words
    answer: QueensAnswer | None = field(default=None, repr=False)
    mark_span: float = MARK_SPAN  # marks span less than this (learnt where they are larger than LinkedIn's)
    queen_span: float | None = None  # the span of a queen's faint ink here (learnt), see QUEEN_LIKE
    queen_colour: np.ndarray | None = field(default=None, repr=False)  # its ink's Lab (learnt by a probe)
    # a queen as the game drew it where a probe put one (the cell's middle,
    # Lab, and which of its pixels are the queen's), see QUEEN_MATCH
    queen_template: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)
    # what every cell prints at one place (see DECOR_SHARE): boxes (x0, y0,
    # x1, y1) in shares of the pitch from the cell's corner, read as its fill
    decor: tuple[tuple[float, float, float, float], ...] = ()
    # what no look tells, learnt from the game's answer to a first click (the
    # player's probe): the values a click moves a cell through, in order
    # (LinkedIn's empty -> x -> queen, or a queen at once), whether the game
    # has shown it, and whether the game marks x's itself where a queen
    # rules cells out
    cycle: tuple[int, ...] = (EMPTY, MARK, QUEEN)
    cycle_seen: bool = False
    auto_marks: bool = False
    probed: tuple[int, int] | None = None  # a first click's cell, where it showed a look no cell showed before


def region_letters(regions: np.ndarray) -> list[str]:
    """Rows of letters A, B, ... in the order regions first appear."""
    order: dict[int, str] = {}
    for k in regions.ravel():
        order.setdefault(int(k), chr(ord("A") + len(order)))
    return ["".join(order[int(k)] for k in row) for row in regions]


def _find(img: np.ndarray) -> Lattice:
    h, w = img.shape[:2]
    s = min(1.0, SEARCH_SIDE / max(h, w))
    small = cv2.resize(img, (int(round(w * s)), int(round(h * s))), interpolation=cv2.INTER_AREA) if s < 1 else img
    lat = None
    # the best fits of the search that ends at a clean fit; when none is a
    # square board, those of every pass (a clean fit over part of a board
    # whose cells are all blobs ends the search early)
    for early in (True, False):
        for fit in candidate_lattices(small, stop_early=early)[:CANDIDATES]:
            f = fit.lattice
            found = Lattice(f.x0 / s, f.y0 / s, f.px / s, f.py / s, f.rows, f.cols)
            if found.rows != found.cols:
                found = _trim_page(img, found)
            lat = lat or found  # the best one names the grid when none will do
            if found.rows == found.cols and MIN_SIDE <= found.rows <= MAX_SIDE:
                return found
    # no cell bounded on four sides: regions drawn flat, or bordered only where they meet
    flat = region_lattice(small, range(MIN_SIDE, MAX_SIDE + 1))
    if flat is not None:
        return flat.scaled(1 / s)
    if lat is None:
        raise NoBoardError("no Queens board found: no grid of cells in the image")
    raise NoBoardError(f"no Queens board found: the grid found is {lat.rows}x{lat.cols} cells "
                       f"(Queens boards are square, {MIN_SIDE} to {MAX_SIDE} a side)")


def _trim_page(img: np.ndarray, lat: Lattice) -> Lattice:
    """A lattice longer one way than the other without its end rows (or
    columns) that are the page: cells whose fills, PAGE_ROW of them at
    least, match the page just outside that end (a header's buttons lined up
    with the board's columns).  Only while it is not square."""
    for _ in range(TRIM_MAX):
        if lat.rows == lat.cols:
            break
        crop, local, _ = lat.crop(img, 1.0)
        lab = to_lab(crop)
        fills = _fills(lab, local)
        x0, y0, x1, y1 = (int(round(v)) for v in local.bbox)
        d = max(2, int(round(PAGE_STRIP * min(local.px, local.py))))
        rows = lat.rows > lat.cols
        ends = ((fills[0], lab[max(0, y0 - d):y0, x0:x1]), (fills[-1], lab[y1:y1 + d, x0:x1])) if rows else \
               ((fills[:, 0], lab[y0:y1, max(0, x0 - d):x0]), (fills[:, -1], lab[y0:y1, x1:x1 + d]))
        share = [float(np.mean(np.linalg.norm(f - median(out.reshape(-1, 3), axis=0), axis=1) < SAME_FILL))
                 if out.size else 0.0 for f, out in ends]
        if max(share) < PAGE_ROW:
            break
        first = share[0] >= share[1]
        lat = (lat.sub(int(first), 0, lat.rows - 1, lat.cols) if rows else lat.sub(0, int(first), lat.rows, lat.cols - 1))
    return lat


def _fills(lab: np.ndarray, lat: Lattice) -> np.ndarray:
    return corners(lab, lat, (CORNER_FROM, CORNER_TO))


def _odd_cells(rows: int, cols: int) -> np.ndarray:
    """The cells of a checkerboard's other colour: row + column odd."""
    return np.add.outer(np.arange(rows), np.arange(cols)) % 2 == 1


def _unshaded(crop: np.ndarray, lat: Lattice, fills: np.ndarray) -> np.ndarray | None:
    """The cells' fills (Lab) with a two-tone checkerboard shading taken
    out, or None when the board has none.  Some games shade every region's
    cells in a checkerboard of two opacities over one ground: side-by-side
    cells of one region then differ by the same map everywhere, odd = k *
    even + c (colours; k the opacities' ratio, c per channel).  The map is
    learnt from the board's side-by-side pairs, most of which lie inside a
    region: each two kinds of pair that recur give a map, and the map most
    pairs agree with is taken.  The board is shaded when most pairs differ as
    they are (a flat board's match) and SHADE_INLIERS of them match once the
    map is undone."""
    n, m = lat.rows, lat.cols
    pairs = list(_edges(lat))
    raw = np.array([np.linalg.norm(fills[a] - fills[b]) for a, b in pairs])
    if len(pairs) < SHADE_PAIRS or median(raw) < SAME_FILL:
        return None
    bgr = corners(crop.astype(np.float32), lat, (CORNER_FROM, CORNER_TO))
    even = np.array([bgr[a] if sum(a) % 2 == 0 else bgr[b] for a, b in pairs])
    odd = np.array([bgr[b] if sum(a) % 2 == 0 else bgr[a] for a, b in pairs])
    _, first, count = np.unique(np.round(np.hstack([even, odd]) / SHADE_KIND), axis=0, return_index=True,
                                return_counts=True)
    seeds = first[np.argsort(-count)][:SHADE_SEEDS]
    i, j = np.triu_indices(len(seeds), 1)
    if not len(i):
        return None
    de, do = even[seeds[j]] - even[seeds[i]], odd[seeds[j]] - odd[seeds[i]]
    k = (de * do).sum(axis=1) / np.maximum((de * de).sum(axis=1), 1e-6)
    c = odd[seeds[i]] - k[:, None] * even[seeds[i]]
    res = np.linalg.norm(odd[None] - (k[:, None, None] * even[None] + c[:, None]), axis=2)
    fits = res < SHADE_FIT
    best = fits[int(np.argmax(fits.sum(axis=1)))]
    if best.sum() < 2:
        return None
    # the map again, by least squares over the pairs that agree with it
    design = np.zeros((3 * best.sum(), 4))  # columns: k, then c per channel
    design[:, 0] = even[best].ravel()
    design[np.arange(len(design)), 1 + np.arange(len(design)) % 3] = 1.0
    (k1, *c1), *_ = np.linalg.lstsq(design, odd[best].ravel(), rcond=None)
    if not SHADE_SCALE[0] <= abs(k1) <= SHADE_SCALE[1]:
        return None
    back = bgr.copy()
    odd_cells = _odd_cells(n, m)
    back[odd_cells] = (bgr[odd_cells] - np.array(c1)) / k1
    out = to_lab(np.clip(np.round(back), 0, 255).astype(np.uint8))
    same = np.array([np.linalg.norm(out[a] - out[b]) for a, b in pairs]) < SAME_FILL / 2
    return out if same.mean() >= SHADE_INLIERS else None


def _edges(lat: Lattice):
    """Each pair of side-by-side cells once: ((r, c), (r2, c2))."""
    for r in range(lat.rows):
        for c in range(lat.cols):
            if c + 1 < lat.cols:
                yield (r, c), (r, c + 1)
            if r + 1 < lat.rows:
                yield (r, c), (r + 1, c)


def _darkness(L: np.ndarray, lat: Lattice, a: tuple[int, int], b: tuple[int, int], ref: float) -> float:
    """How thick the dark line between a and b is, in pitches: its darkness
    below the cells' lightness summed across it, over that lightness."""
    (r, c), (r2, c2) = a, b
    half = (1 - ALONG) / 2
    if r == r2:  # vertical line at x between columns c and c2
        x = lat.x0 + c2 * lat.px
        y0, y1 = lat.y0 + (r + half) * lat.py, lat.y0 + (r + 1 - half) * lat.py
        band = L[int(y0):int(y1), int(x - BAND * lat.px):int(np.ceil(x + BAND * lat.px))]
        prof = band.mean(axis=0) if band.size else np.zeros(1)
        pitch = lat.px
    else:
        y = lat.y0 + r2 * lat.py
        x0, x1 = lat.x0 + (c + half) * lat.px, lat.x0 + (c + 1 - half) * lat.px
        band = L[int(y - BAND * lat.py):int(np.ceil(y + BAND * lat.py)), int(x0):int(x1)]
        prof = band.mean(axis=1) if band.size else np.zeros(1)
        pitch = lat.py
    return float(np.clip(ref - prof, 0, None).sum()) / max(ref, 1.0) / pitch


def _two_weights(dark: np.ndarray, n: int) -> tuple[float, float] | None:
    """Where every cell shows one colour, whether the lines between cells
    fall in two weights (log darkness, :func:`_darkness`): thin within a
    region, thick between regions, each at least LINED_EDGES of the
    board's side of them, their medians THICK_RATIO apart and no line in
    the middle LINED_GAP of the way between them.  The split and its
    margin (see MARGIN), or None."""
    v = np.sort(dark)
    gaps = np.diff(v)
    if not len(gaps):
        return None
    k = int(np.argmax(gaps))
    thin, heavy = v[:k + 1], v[k + 1:]
    if min(len(thin), len(heavy)) < LINED_EDGES * n:
        return None
    lo, hi = float(median(thin)), float(median(heavy))
    if hi - lo <= np.log(THICK_RATIO) or gaps[k] < LINED_GAP * (hi - lo):
        return None
    return (v[k] + v[k + 1]) / 2, MARGIN * (hi - lo)


def _colour_count(fills: np.ndarray) -> int:
    """How many distinct fills the cells show (greedy clusters of SAME_FILL)."""
    centres: list[np.ndarray] = []
    for f in fills.reshape(-1, 3):
        if not any(np.linalg.norm(f - c) < SAME_FILL for c in centres):
            centres.append(f)
    return len(centres)


def _components(same: dict, rows: int, cols: int) -> np.ndarray:
    pairs = ((a[0] * cols + a[1], b[0] * cols + b[1]) for (a, b), joined in same.items() if joined)
    return np.array(group_labels(rows * cols, pairs), np.int64).reshape(rows, cols)


def _block(ink: np.ndarray, least: float) -> bool:
    """Whether a piece of ``ink`` at least ``least`` px across both ways fills
    BLOCK_FILL of its bounding box (a block laid over the cell, maybe beside
    the cell's own x; a crown's band is a bar, not a block)."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    return any(min(w, h) >= least and area >= BLOCK_FILL * w * h for _, _, w, h, area in stats[1:])


def _outer_corners(rows: int, cols: int) -> list[tuple[int, int, int]]:
    """The board's four outer corner squares, as (row, column, square) in
    :func:`corner_colours`' order: top left, bottom left, top right, bottom
    right."""
    return [(0, 0, 0), (rows - 1, 0, 1), (0, cols - 1, 2), (rows - 1, cols - 1, 3)]


def _board_shaped_corners(seen: np.ndarray, fills: np.ndarray) -> np.ndarray:
    """Of ``seen`` (each cell's corner colours: see :func:`corner_colours`),
    the board's outer corner squares that lie within CORNER_UNLIKE of the
    median of the others unlike their cells' fills, when two or three are:
    a rounded board shows its frame or page there alike at all four; a
    window over one of them does not (nor is it alike to two cells' own
    fills that happen to be its colour).  A mask rows x cols x 4."""
    where = _outer_corners(*seen.shape[:2])
    outer = np.array([seen[key] for key in where])
    own = np.zeros(seen.shape[:3], bool)
    if np.isnan(outer).any():
        return own
    unlike = np.linalg.norm(outer - np.array([fills[key[:2]] for key in where]), axis=1) > CORNER_UNLIKE
    for i, key in enumerate(where):
        shaped = [j for j in range(4) if j != i and unlike[j]]
        own[key] = len(shaped) >= 2 and float(np.linalg.norm(outer[i] - median(outer[shaped], axis=0))) <= CORNER_UNLIKE
    return own


def _on_blend(pix: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each of ``pix`` (N x 3, Lab), the nearest blend of colours ``a``
    and ``b``: (its share of ``b``, 0 to 1; its distance from it)."""
    step = b - a
    share = np.clip((pix - a) @ step / max(float(step @ step), 1e-6), 0.0, 1.0)
    return share, np.linalg.norm(pix - a - share[:, None] * step, axis=1)


def _rounded_corners(lab: np.ndarray, lat: Lattice, fills: np.ndarray, own: np.ndarray) -> np.ndarray:
    """``own`` (see :func:`_board_shaped_corners`) with, besides, each of the
    board's outer corner squares whose every pixel lies within CORNER_UNLIKE
    of a blend of its cell's fill and the colour just beyond the board's
    corner (the square mirrored out; a corner of the image there: no
    blend): a rounded corner cutting into the square, its edge anti-aliased.
    The four may differ (a dark cell's corner blends into a dark page, a
    light one's does not).  Going on in along the diagonal, still on the
    blend, the fill must show within ROUNDING_REACH, and the corner cut
    away must be round (ROUNDING_PAST): a cover reaching farther, or with
    a square corner (a window over the corner, the colour beyond being its
    own), does not pass."""
    h, w = lab.shape[:2]
    a, b = CORNER_FROM, CORNER_TO
    hs, ws = corner_square(lat, (a, b))
    out = own.copy()
    n = int(ROUNDING_REACH * min(lat.px, lat.py)) + ROUNDING_PAST + 1
    for r, c, k in _outer_corners(lat.rows, lat.cols):
        right, low = k >= 2, k % 2 == 1
        x, y = lat.x0 + (c + right) * lat.px, lat.y0 + (r + low) * lat.py  # the board's corner
        # each axis's two squares' first pixels: a to b in from the corner, and b to a out
        starts = [(int(round(v + a * p)), int(round(v - b * p))) for v, p in ((x, lat.px), (y, lat.py))]
        inside = [s[far] for s, far in zip(starts, (right, low))]
        beyond = [s[not far] for s, far in zip(starts, (right, low))]
        # the corner's n x n pixels inside the board, turned so that it lies at [0, 0]
        xs = np.floor(x + (-1 if right else 1) * (np.arange(n) + 0.5)).astype(int)
        ys = np.floor(y + (-1 if low else 1) * (np.arange(n) + 0.5)).astype(int)
        if out[r, c, k] or min(inside + beyond) < 0 or max(inside[0], beyond[0]) + ws > w \
                or max(inside[1], beyond[1]) + hs > h or min(xs.min(), ys.min()) < 0 or xs.max() >= w \
                or ys.max() >= h:
            continue
        patch = lab[ys[:, None], xs[None, :]]
        pix = lab[inside[1]:inside[1] + hs, inside[0]:inside[0] + ws].reshape(-1, 3)
        page = median(lab[beyond[1]:beyond[1] + hs, beyond[0]:beyond[0] + ws].reshape(-1, 3), axis=0)
        f = fills[r, c]
        steps = np.arange(int(a * min(lat.px, lat.py)), n - ROUNDING_PAST)
        diagonal = patch[steps, steps]
        fill_at = np.flatnonzero(np.linalg.norm(diagonal - f, axis=1) <= CORNER_UNLIKE)
        if not fill_at.size:
            continue
        d = int(steps[fill_at[0]])
        on = np.concatenate([pix, diagonal[:fill_at[0]]])
        _, off = _on_blend(on, f, page)
        cut, _ = _on_blend(np.array([patch[d // 2, d + ROUNDING_PAST], patch[d + ROUNDING_PAST, d // 2]]), f, page)
        out[r, c, k] = float(off.max()) <= CORNER_UNLIKE and bool((cut >= 0.5).all())
    return out


def decorations(lab: np.ndarray, lat: Lattice, fills: np.ndarray) -> tuple[tuple[float, float, float, float], ...]:
    """The places where (nearly) every cell prints something of its own
    (see DECOR_SHARE), as boxes in shares of the pitch from the cell's
    top-left corner; () where there are none."""
    h, w = lab.shape[:2]
    ph, pw = int(lat.py), int(lat.px)
    grow = max(1, int(round(DECOR_GROW * min(lat.px, lat.py))))
    kernel = np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)
    seen, grown, count = np.zeros((ph, pw), np.float32), np.zeros((ph, pw), np.float32), 0
    for r in range(lat.rows):
        for c in range(lat.cols):
            x0, y0, _, _ = lat.box(r, c)
            if x0 < 0 or y0 < 0 or x0 + pw > w or y0 + ph > h:
                return ()  # a cell off the image: not every cell is seen
            odd = (np.linalg.norm(lab[y0:y0 + ph, x0:x0 + pw] - fills[r, c], axis=2) > INK_DIFF).astype(np.uint8)
            seen += odd
            grown += cv2.dilate(odd, kernel)
            count += 1
    # the lines round the cells (gaps, borders: along most of a row or
    # column, pixel for pixel the same in every cell) and what joins them
    # (rounded corners, borders' joins) are the lattice's, not printed
    same = (seen >= DECOR_SHARE * count).astype(np.uint8)
    lines = np.zeros_like(same)
    lines[same.mean(axis=1) >= DECOR_LINE] = 1
    lines[:, same.mean(axis=0) >= DECOR_LINE] = 1
    lines[[0, -1]] = lines[:, [0, -1]] = 1
    _, lbl = cv2.connectedComponents(same | lines, connectivity=8)
    lattice_own = np.isin(lbl, np.unique(lbl[lines > 0]))
    often = ((grown >= DECOR_SHARE * count) & ~(cv2.dilate(lattice_own.astype(np.uint8), kernel) > 0)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(often, connectivity=8)
    out = []
    for x, y, bw, bh, _ in stats[1:n]:
        box = (max(0.0, (x - grow) / lat.px), max(0.0, (y - grow) / lat.py),
               min(1.0, (x + bw + grow) / lat.px), min(1.0, (y + bh + grow) / lat.py))
        small = box[2] - box[0] <= DECOR_MAX and box[3] - box[1] <= DECOR_MAX
        clear = box[2] <= 0.5 - DECOR_CLEAR or box[0] >= 0.5 + DECOR_CLEAR or \
            box[3] <= 0.5 - DECOR_CLEAR or box[1] >= 0.5 + DECOR_CLEAR
        if small and clear:
            out.append(tuple(float(v) for v in box))
    return tuple(out)


def undecorated(lab: np.ndarray, lat: Lattice, fills: np.ndarray,
                decor: tuple[tuple[float, float, float, float], ...]) -> np.ndarray:
    """``lab`` with each cell's ``decor`` boxes painted in the cell's fill
    (the same array where there are none)."""
    if not decor:
        return lab
    out = lab.copy()
    h, w = lab.shape[:2]
    for r in range(lat.rows):
        for c in range(lat.cols):
            x, y = lat.x0 + c * lat.px, lat.y0 + r * lat.py
            for bx0, by0, bx1, by1 in decor:
                x0, y0 = max(0, int(np.floor(x + bx0 * lat.px))), max(0, int(np.floor(y + by0 * lat.py)))
                x1, y1 = min(w, int(np.ceil(x + bx1 * lat.px))), min(h, int(np.ceil(y + by1 * lat.py)))
                if x1 > x0 and y1 > y0:
                    out[y0:y1, x0:x1] = fills[r, c]
    return out


def classify_cells(lab: np.ndarray, lat: Lattice, fills: np.ndarray, only: np.ndarray | None = None,
                   mark_span: float = MARK_SPAN, spans: dict | None = None, queen_span: float | None = None,
                   faint_spans: dict | None = None, queen_colour: np.ndarray | None = None,
                   template: tuple[np.ndarray, np.ndarray] | None = None,
                   decor: tuple[tuple[float, float, float, float], ...] = ()
                   ) -> tuple[np.ndarray, dict[tuple[int, int], str]]:
    """EMPTY / MARK / QUEEN per cell from the ink in its middle (-1 where it
    cannot be told, with the reason; -1 also outside ``only``); a mark spans
    less than ``mark_span``, a queen's faint ink about ``queen_span`` (see
    QUEEN_LIKE), a queen as the game drew one is ``template`` (see
    QUEEN_MATCH).  ``spans``, when given, gets the (span, share, whether
    shaped as an x) of each cell read as a queen or left unsure for its
    ink's size or shape; ``faint_spans`` the
    span of each queen's faint ink.  What every cell prints (``decor``, see
    :func:`decorations`) is read as its fill."""
    lab = undecorated(lab, lat, fills, decor)
    state = np.full((lat.rows, lat.cols), -1, np.int64)
    why = {}
    seen = corner_colours(lab, lat, (CORNER_FROM, CORNER_TO))
    apart = np.linalg.norm(seen - fills[:, :, None, :], axis=3)  # each corner square from the cell's fill
    own = _rounded_corners(lab, lat, fills, _board_shaped_corners(seen, fills))
    odd = np.nan_to_num(np.where(own, 0.0, apart), nan=0.0).max(axis=2)
    for r in range(lat.rows):
        for c in range(lat.cols):
            if only is not None and not only[r, c]:
                continue
            mid = cell_patch(lab, lat, r, c, INK_INSET)
            if mid.size == 0:
                why[(r, c)] = "outside the image"
                continue
            if odd[r, c] > CORNER_UNLIKE:
                why[(r, c)] = f"a corner of the cell is not its fill ({odd[r, c]:.0f} from it): covered?"
                continue
            far = np.linalg.norm(mid - fills[r, c], axis=2)
            ink = far > INK_DIFF
            share = float(ink.mean())
            faint = far > FAINT_DIFF
            ground = 1.0 - float(faint.mean())
            if ground < PIECE_GROUND or (share < QUEEN_SHARE and ground < PLAIN_GROUND):
                why[(r, c)] = f"{1 - ground:.0%} of the cell's middle is not its fill: covered?"
                continue
            if template is not None and share < QUEEN_SHARE:
                laid = _laid_queen(mid, fills[r, c], template)
                if laid == QUEEN:
                    state[r, c] = QUEEN
                    continue
                if laid is None and share < EMPTY_SHARE:  # (ink proper, an x's strokes, is read as before)
                    why[(r, c)] = "as like this game's queen laid on its region as like the region alone"
                    continue
            if share < EMPTY_SHARE:
                if _learnt_queen(faint, lat, queen_span):
                    state[r, c] = QUEEN  # a queen as faint as the game showed its queens to be
                    continue
                gap = float(np.linalg.norm(queen_colour - fills[r, c])) if queen_colour is not None else np.inf
                if gap < 2 * FAINT_DIFF:  # this game's queen would show faintly at best on this region
                    near = (np.linalg.norm(mid - queen_colour, axis=2) < gap / 2) & (far > gap / 2)
                    if gap >= QUEEN_GAP and _learnt_queen(near, lat, queen_span):
                        state[r, c] = QUEEN
                        continue
                    if gap < QUEEN_GAP or float(near.mean()) >= EMPTY_SHARE:
                        why[(r, c)] = f"this game's queen would barely show on this region ({gap:.0f} from it)"
                        continue
                if float(faint.mean()) >= QUEEN_SHARE:
                    why[(r, c)] = f"faint ink over {float(faint.mean()):.0%} of the middle: {FAINT_QUEEN_ALONE}"
                    continue
                if float(faint.mean()) >= EMPTY_SHARE:
                    if _span(faint) < QUEEN_SPAN * min(lat.px, lat.py):
                        why[(r, c)] = "faint ink an x's size: a mark too faint to read?"
                        continue
                state[r, c] = EMPTY
                continue
            span = _span(ink) / min(lat.px, lat.py)
            crossed = _x_like(ink) and _x_like(faint)
            if _block(ink, MARK_SPAN * min(lat.px, lat.py)):
                why[(r, c)] = f"a solid block {span:.2f} pitches wide over the cell: not a piece"
            elif span < mark_span and share < QUEEN_SHARE and _queen_faintly(faint, lat):
                # a queen drawn near its region's colour shows only a little
                # of its outline as ink: an x's size, but not an x's ground
                if _learnt_queen(faint, lat, queen_span):
                    state[r, c] = QUEEN
                else:
                    why[(r, c)] = FAINT_QUEEN
            elif span < mark_span and (share < QUEEN_SHARE or crossed):
                state[r, c] = MARK
            elif ink[0].any() and ink[-1].any() and ink[:, 0].any() and ink[:, -1].any():
                # a piece has ground around it; ink to all four sides of the middle is a pattern
                # over the whole cell (a game's hatching of cells that break a rule) or a cover
                why[(r, c)] = "ink runs across the cell's middle to all four sides (a highlight, a cover?)"
            elif span > QUEEN_SPAN and QUEEN_SHARE <= share <= QUEEN_MAX_SHARE and _centred(ink, lat) \
                    and not crossed:
                state[r, c] = QUEEN
                if faint_spans is not None:
                    faint_spans[(r, c)] = _span(faint) / min(lat.px, lat.py)
            elif crossed:
                why[(r, c)] = f"an x's shape {span:.2f} pitches wide, a queen's size: a large x?"
            else:
                why[(r, c)] = f"something {span:.2f} pitches wide covering {share:.0%} of the cell"
            if spans is not None and (state[r, c] == QUEEN or (r, c) in why):
                spans[(r, c)] = (float(span), share, crossed)
    return state, why


def _laid_queen(mid: np.ndarray, fill: np.ndarray, template: tuple[np.ndarray, np.ndarray]) -> int | None:
    """QUEEN when a cell's middle (Lab) is the learnt queen (``template``:
    a middle and the queen's pixels in it) laid on the cell's ``fill``,
    EMPTY when it is the fill alone, None when neither explains it
    QUEEN_MATCH times better (see there).  A pixel's width along the
    queen's outline is left out: it blends the queen with the fill it was
    drawn on."""
    patch, mask = template
    h, w = min(mid.shape[0], patch.shape[0]), min(mid.shape[1], patch.shape[1])
    k = MATCH_SHIFT
    if h <= 2 * k or w <= 2 * k:
        return None
    y0, x0 = (mid.shape[0] - h) // 2, (mid.shape[1] - w) // 2
    here = mid[y0 + k:y0 + h - k, x0 + k:x0 + w - k]
    off = np.sum((here - fill) ** 2, axis=2)
    ty, tx = (patch.shape[0] - h) // 2, (patch.shape[1] - w) // 2
    cross = np.ones((3, 3), np.uint8)
    m8 = mask.astype(np.uint8)
    sure = cv2.erode(m8, cross).astype(bool) | ~cv2.dilate(m8, cross).astype(bool)  # not on the outline
    laid = np.where(mask[..., None], patch, fill)
    best, empty = np.inf, 0.0
    for dy in range(-k, k + 1):
        for dx in range(-k, k + 1):
            at = (slice(ty + k + dy, ty + h - k + dy), slice(tx + k + dx, tx + w - k + dx))
            use = sure[at]
            if not use.any():
                continue
            err = float(np.mean(np.sum((here - laid[at]) ** 2, axis=2)[use]))
            if err < best:
                best, empty = err, float(np.mean(off[use]))
    if not np.isfinite(best):
        return None
    if empty >= QUEEN_MATCH * best and empty - best >= MATCH_MIN:
        return QUEEN
    if best >= QUEEN_MATCH * empty and best - empty >= MATCH_MIN:
        return EMPTY
    return None


def queen_template(img: np.ndarray, lat: Lattice, reading: Reading, cell: tuple[int, int], faint: bool = False
                   ) -> tuple[np.ndarray, np.ndarray] | None:
    """The queen the game put on ``cell`` of a fresh capture, as
    :func:`_laid_queen` compares cells with it: the cell's middle (Lab) and
    its pixels INK_DIFF from the cell's fill (with ``faint``: TEMPLATE_FAINT,
    a queen near its region's colour, which must then have a queen's share,
    span and place); None where it shows no such ink."""
    crop, local, _ = lat.crop(img, CORNER_TO + 0.05)
    mid = cell_patch(undecorated(to_lab(crop), local, reading.looks.fills, reading.looks.decor), local, *cell, INK_INSET)
    if mid.size == 0:
        return None
    mask = np.linalg.norm(mid - reading.looks.fills[cell], axis=2) > (TEMPLATE_FAINT if faint else INK_DIFF)
    if not mask.any() or faint and not (_queen_faintly(mask, local) and float(mask.mean()) <= QUEEN_MAX_SHARE
                                         and _centred(mask, local)):
        return None
    return mid.copy(), mask


def template_span(template: tuple[np.ndarray, np.ndarray], lat: Lattice) -> float:
    """The span (of the pitch) of a learnt queen (:func:`queen_template`)."""
    return _span(template[1]) / min(lat.px, lat.py)


def _queen_faintly(faint: np.ndarray, lat: Lattice) -> bool:
    """Whether faint ink in a cell's middle is a queen's: QUEEN_SHARE of it
    at least, spanning more than QUEEN_SPAN of the pitch."""
    return float(faint.mean()) >= QUEEN_SHARE and _span(faint) > QUEEN_SPAN * min(lat.px, lat.py)


def _learnt_queen(faint: np.ndarray, lat: Lattice, queen_span: float | None) -> bool:
    """Whether faint ink is a queen as this game draws them (``queen_span``,
    learnt: None, not known): a queen's share of the middle, centred in it,
    spanning within QUEEN_LIKE of the queens' span."""
    if queen_span is None or not _queen_faintly(faint, lat) or float(faint.mean()) > QUEEN_MAX_SHARE:
        return False
    return _centred(faint, lat) and abs(_span(faint) / min(lat.px, lat.py) / queen_span - 1) <= QUEEN_LIKE


def _centred(mask: np.ndarray, lat: Lattice) -> bool:
    """Whether what is set in a cell's middle (``mask``) has its centre
    within QUEEN_OFF of a pitch of the middle's."""
    ys, xs = np.nonzero(mask)
    return bool(np.hypot(xs.mean() - (mask.shape[1] - 1) / 2, ys.mean() - (mask.shape[0] - 1) / 2)
                <= QUEEN_OFF * min(lat.px, lat.py))


def _x_like(ink: np.ndarray) -> bool:
    """Whether ``ink`` is shaped as an x (see MARK_SYMMETRY)."""
    ys, xs = np.nonzero(ink)
    if not len(xs):
        return False
    box = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    if box.mean() >= QUEEN_SOLID:
        return False
    h, w = box.shape
    sq = np.zeros((max(h, w),) * 2, bool)
    sq[(len(sq) - h) // 2:(len(sq) - h) // 2 + h, (len(sq) - w) // 2:(len(sq) - w) // 2 + w] = box

    def near(a: np.ndarray, b: np.ndarray) -> float:  # the share of a's pixels within a pixel of b's
        return float((a & grown(b)).sum() / a.sum())

    # (both ways: two strokes drawn a pixel apart in width are still an x)
    return all(min(near(t, sq), near(sq, t)) >= MARK_SYMMETRY for t in (np.rot90(sq), sq[::-1]))


def _span(mask: np.ndarray) -> int:
    """The larger side (pixels) of what is set in ``mask``."""
    ys, xs = np.nonzero(mask)
    return int(max(np.ptp(xs) + 1, np.ptp(ys) + 1)) if len(xs) else 0


def queen_look(img: np.ndarray, lat: Lattice, reading: Reading, cell: tuple[int, int]
               ) -> tuple[float, np.ndarray] | None:
    """The span (of the pitch) and the colour (Lab) of the faint ink in
    ``cell`` of a fresh capture when it is a queen's size (see
    :func:`_queen_faintly`), else None: what a queen looks like here, from a
    cell the game put one on."""
    crop, local, _ = lat.crop(img, CORNER_TO + 0.05)
    mid = cell_patch(undecorated(to_lab(crop), local, reading.looks.fills, reading.looks.decor), local, *cell, INK_INSET)
    if mid.size == 0:
        return None
    far = np.linalg.norm(mid - reading.looks.fills[cell], axis=2)
    faint = far > FAINT_DIFF
    if not _queen_faintly(faint, local):
        return None
    return _span(faint) / min(local.px, local.py), median(mid[far >= np.percentile(far[faint], 50)], axis=0)


def learnt_mark_span(state: np.ndarray, spans: dict) -> float | None:
    """The size marks have on this board when they are a little larger than
    MARK_SPAN (see LEARNT_MARK): the largest span of the cells left unsure
    for ink under QUEEN_SHARE up to QUEEN_SPAN or shaped as an x
    (MARK_SYMMETRY), when the board's queens span
    at least 1 / LEARNT_MARK of it; None when there are none or no queens."""
    queens = [span for rc, (span, _, _) in spans.items() if state[rc] == QUEEN]
    between = [span for rc, (span, share, crossed) in spans.items()
               if state[rc] == -1 and MARK_SPAN <= span and (share < QUEEN_SHARE and span <= QUEEN_SPAN or crossed)]
    if not queens or not between or max(between) > LEARNT_MARK * min(queens):
        return None
    return max(between) + 1e-6


def read(img: np.ndarray, lattice: Lattice | None = None) -> Reading:
    """The Queens board in ``img`` (the lattice searched unless given).
    NoBoardError when there is none (or another game's grid); the reading
    says which cells are unsure and why."""
    check_shape(img, "Queens")
    crop, lat, (x0, y0) = (lattice or _find(img)).crop(img, 1.0)
    lab = to_lab(crop)
    n = lat.rows
    fills = _fills(lab, lat)
    unshaded = _unshaded(crop, lat, fills)
    tones = fills if unshaded is None else unshaded  # what tells regions apart
    unsure: dict = {}
    why: list[str] = []
    dist = {e: float(np.linalg.norm(tones[e[0]] - tones[e[1]])) for e in _edges(lat)}
    dark = {e: np.log(_darkness(lab[:, :, 0], lat, *e, float(min(fills[e[0]][0], fills[e[1]][0]))) + 1e-3)
            for e in dist}
    # the borders' weights, learnt from the pairs whose fills are clearly alike or not
    joined = [dark[e] for e, d in dist.items() if d < SAME_FILL]
    split = [dark[e] for e, d in dist.items() if d > OTHER_FILL]
    thick = bool(joined and split and median(split) - median(joined) > np.log(THICK_RATIO))
    cut = margin = 0.0
    if thick:
        cut = (median(split) + median(joined)) / 2
        margin = MARGIN * (median(split) - median(joined))
    colours = _colour_count(fills)
    lined = None  # the regions drawn by their borders alone (every cell one colour): (cut, margin)
    if colours < MIN_REGION_SHARE * n:
        # one colour only: the regions may be drawn by their borders alone
        # (a few colours are a shaded board's muted hues run together, or
        # another game's cells: its lines say nothing of regions)
        lined = _two_weights(np.array(list(dark.values())), n) if colours == 1 and unshaded is None else None
        if lined is None:
            raise NoBoardError(f"no Queens board found: the {n}x{n} grid shows {colours} fill colour"
                               f"{'s' if colours > 1 else ''}, a Queens board one per region ({n})"
                               + (", and its lines are not of two weights (regions drawn by their borders)"
                                  if colours == 1 else ""))
        thick, (cut, margin) = True, lined
    same: dict = {}
    for e, d in dist.items():
        a, b = e
        pair = f"r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1}"
        border = None if not thick else ("thin" if dark[e] < cut - margin else
                                         "thick" if dark[e] > cut + margin else "unclear")
        if lined is None and (d < SAME_FILL or d > OTHER_FILL):
            same[e] = d < SAME_FILL
            if border is not None and border != ("thin" if same[e] else "thick"):
                why.append(f"the border between {pair} is {border} but the fills say "
                           f"{'one region' if same[e] else 'two regions'}")
                unsure.update({rc: why[-1] for rc in e})
        elif border in ("thin", "thick"):  # fills too close to call: the border decides
            same[e] = border == "thin"
        else:
            same[e] = False
            why.append(f"cannot tell whether {pair} are one region (fills {d:.0f} apart, no clear border)")
            unsure.update({rc: why[-1] for rc in e})
    regions = _components(same, n, n)
    k = int(regions.max()) + 1
    letters = region_letters(regions)
    names = sorted(set("".join(letters)))
    puzzle = QueensPuzzle([[names.index(ch) for ch in row] for row in letters], names)
    answer = None
    if lined is not None and (k != n or why):
        # borders alone must make the board's regions, clearly: else it is
        # another game's grid (a Tango's lines and marks, a Sudoku's boxes)
        raise NoBoardError(f"no Queens board found: the {n}x{n} grid shows one fill colour and its heavier lines "
                           f"make {k} region{'s' if k != 1 else ''}" + (f", {why[0]}" if why and k == n else "")
                           + f", not the {n} regions of a Queens board")
    if k != n:
        why.append(f"{k} regions on a {n}x{n} board (expected {n})")
        unsure[BOARD] = why[-1]
    else:
        answer = solve(puzzle)  # once: whether there is an answer here, and the plan's answer
        if answer.count == 0 and lined is not None:
            raise NoBoardError(f"no Queens board found: the {n}x{n} grid shows one fill colour and the regions "
                               "its heavier lines make leave no way to place the queens")
        if answer.count == 0:
            # a board of another game (Tango's givens as one-cell "regions"), or a misread
            why.append("the regions read leave no way to place the queens: not a Queens board, or misread")
            unsure[BOARD] = why[-1]
    spans: dict = {}
    faint_spans: dict = {}
    decor = decorations(lab, lat, fills)
    state, ink_why = classify_cells(lab, lat, fills, spans=spans, faint_spans=faint_spans, decor=decor)
    mark_span = learnt_mark_span(state, spans)
    queen_span = float(median(np.array(list(faint_spans.values())))) if faint_spans else None
    faintly = any(w == FAINT_QUEEN or w.endswith(FAINT_QUEEN_ALONE) for w in ink_why.values())
    if mark_span is not None or (queen_span is not None and faintly):
        # this game's marks are larger than LinkedIn's, or some queens show
        # only faintly: read again knowing what its marks and queens are
        state, ink_why = classify_cells(lab, lat, fills, mark_span=mark_span or MARK_SPAN, queen_span=queen_span,
                                        decor=decor)
    if lined is not None:
        queens = {(int(r), int(c)) for r, c in np.argwhere(state == QUEEN)}
        # (the first words, "k queens on the board", when fewer than n: a board part played)
        clash = violations(puzzle, queens)[int(len(queens) != n):]
        if clash:  # (a board of borders alone is taken on its queens' word: a Sudoku's digits are no queens)
            raise NoBoardError(f"no Queens board found: the {n}x{n} grid shows one fill colour, and what its cells "
                               f"hold breaks the rules as queens ({clash[0]}): another game's pieces or digits?")
    for rc, w in ink_why.items():
        unsure.setdefault(rc, w)
    whole = whole_board(lab, lat, region_fills(fills, regions))
    if not whole.whole:
        raise PartialBoardError(f"only part of a Queens board: {whole.reason()}")
    side = unplain_side(lab, lat)
    if side is not None:  # other regions' colours, not the page (their own colours, so not the looks above)
        raise PartialBoardError(f"only part of a Queens board: cells of other colours go on past its {side} side")
    side = broken_frame(lab, lat)
    if side is not None:
        raise PartialBoardError(f"the Queens board's {side} edge is broken: something covers part of the board")
    puzzle.queens = {(int(r), int(c)) for r, c in np.argwhere(state == QUEEN)}
    puzzle.marks = {(int(r), int(c)) for r, c in np.argwhere(state == MARK)}
    looks = QueensLooks(fills, regions, thick, unshaded is not None,
                        why[:5] + [f"r{r + 1}c{c + 1}: {w}" for (r, c), w in sorted(ink_why.items())][:5], answer,
                        MARK_SPAN if mark_span is None else mark_span, queen_span, decor=decor)
    unsure = dict(sorted(unsure.items(), key=lambda kv: str(kv[0])))
    return Reading(puzzle, state, lat.shifted(-x0, -y0), unsure, tuple(whole.touches), looks)


def region_fills(fills: np.ndarray, regions: np.ndarray) -> list[np.ndarray]:
    """Each region's fills: the median of its cells' on each colour of a
    checkerboard (two tones where the game shades it so, else one twice)."""
    odd = _odd_cells(*regions.shape)
    return [median(fills[(regions == k) & (odd == p)], axis=0) for k in range(int(regions.max()) + 1)
            for p in (False, True) if ((regions == k) & (odd == p)).any()]


def whole_board(lab: np.ndarray, lat: Lattice, looks: list[np.ndarray]) -> Wholeness:
    """Whether the board goes on past the lattice: cells of the regions'
    fills beyond it (see :func:`puzzlebot.vision.board_checks.wholeness`)."""
    return wholeness(lab, lat, looks, OTHER_FILL)


def whole_in(img: np.ndarray, lat: Lattice, reading: Reading) -> Wholeness:
    """Whether the board read before is whole in a larger capture."""
    crop, local, _ = lat.crop(img, 1.0)
    return whole_board(to_lab(crop), local, region_fills(reading.looks.fills, reading.looks.regions))


def read_cells(img: np.ndarray, lat: Lattice, reading: Reading, only: np.ndarray | None = None) -> np.ndarray:
    """What every cell (or those in ``only``) of a fresh capture holds,
    judged against the fills read before (-1 where unsure).  The crop takes
    in the page beyond the board's corners (see :func:`_rounded_corners`)."""
    crop, local, _ = lat.crop(img, CORNER_TO + 0.05)
    state, _ = classify_cells(to_lab(crop), local, reading.looks.fills, only, reading.looks.mark_span,
                              queen_span=reading.looks.queen_span, queen_colour=reading.looks.queen_colour,
                              template=reading.looks.queen_template, decor=reading.looks.decor)
    return state
