"""Finding a Tango board: its lattice and its extent, in any game's look.

A Tango board is n x n square cells (n even, 4 to 14).  What bounds a cell
differs between games: thin grid lines (LinkedIn, most clones), or separate
boxes with gaps between them (cells drawn as rounded tiles).  Both show as
colour changes at fixed places of every cell: on the lattice's lines, or a
box border a fixed distance inside them.

1. The image is searched at a working size (at most WORK_SIDE pixels a side;
   a phone screenshot is searched at a quarter of its size) for cell-like
   blobs, which give candidate lattices (:mod:`puzzlebot.vision.lattice`).
2. For each candidate, every cell position around it is scored by how many
   of its four sides show a border; the board is the largest n x n block
   (n even) whose cells are bounded, and its extent is part of the reading:
   cells of the same kind continuing past the block, or an image edge
   cutting it, mean the image shows part of a board (refused).
3. The lattice is snapped to the borders at full resolution (a pitch off by
   a fraction of a pixel at the working size drifts by many pixels over a
   board).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from puzzlebot.solvers.tango.board import MAX_BOARD
from puzzlebot.vision.board_checks import TURN_LIMIT, gray_gradient, turned_degrees
from puzzlebot.vision.colour_math import exact_lab, median
from puzzlebot.vision.errors import NoBoardError, PartialBoardError
from puzzlebot.vision.lattice import Lattice, LatticeFit, find_blobs, fit_lattices, gradient

# Board sides read: every even size from LinkedIn's 4x4 game to the largest
# the solver takes (Tatham's Unruly deals 16x16 and more).
MIN_N, MAX_N = 4, MAX_BOARD
# The search runs on the image shrunk to at most this many pixels a side: a
# LinkedIn board then has cells of 30-50 px, plenty to find its lattice.
WORK_SIDE = 640
# Cells smaller than this at the working size are searched for again at full
# resolution (a small board in a large screenshot).
MIN_WORK_PITCH = 14
# Edge thresholds (Lab gradient) for the blob passes, strongest first: grid
# lines of LinkedIn's light theme differ from the cells by only ~5.
BLOB_PASSES = (10.0, 5.0, 18.0)
# Blobs smaller than this share of the pitch may be the pieces on tiles: the
# tiles' own size is then measured from where the borders are.
PIECE_BLOBS = 0.62
# ... the outermost peak of the folded colour change at least this share of
# the strongest one.
TILE_PEAK = 0.5
# A reading as separate tiles is preferred over one as a grid of lines
# when at least this share of the tiles is bounded by their borders.
TILES_FIRST = 0.75
# Tiles and grid lines that bound the cells alike are grid lines, unless the
# lines fit at a pitch more than this share off the tiles' (bordered boxes
# with narrow gaps: one border of each gap taken for a line, 1.5% off).
LINES_PITCH = 0.005
# Lattices tried per blob pass (largest first), and the share of bounded
# cells at which a board is taken without trying the other passes.
MAX_CANDIDATES, CLEAN_SCORE = 6, 0.97
# An edge profile is periodic when its autocorrelation at the period is at
# least this share of its energy.
PERIOD_STRENGTH = 0.3
# Cells are square: a lattice whose pitches differ by more is not a board.
SQUARE_TOLERANCE = 0.08
# A side of a cell "shows a border" when the colour change along it is at
# least SIDE_MIN and SIDE_RATIO times the change just inside the cell.
SIDE_MIN, SIDE_RATIO = 1.5, 2.0
# ... measured over the middle of the side (corners belong to neighbours too)
SIDE_SPAN = (0.2, 0.8)
# ... against a band this far inside the cell (fraction of the pitch): clear
# of the border's own blur, and of symbols (which stay 0.2 pitch inside)
INSIDE = 0.1
# ... and at most this share of a small box's half-width inside it
INSIDE_OF_BOX = 0.25
# Thin lines: pixels at least RIDGE_CONTRAST (L, 0-100) darker or lighter
# than both pixels RIDGE_REACH away across the line.
RIDGE_CONTRAST, RIDGE_REACH = 4.0, 2
# A straight thin line through a cell's middle (CROSS_SPAN of the pitch
# clear of its box's sides) along CROSS_LINE of its length means the lattice
# cuts through tiles: the cell does not count.
CROSS_SPAN, CROSS_LINE = 0.12, 0.8
# ... along this span of the cell's side too: the inner square a given's bevel
# draws (Unruly's, from 0.25 to 0.75 of the side) is no line through the cell.
CROSS_WHOLE = (0.06, 0.94)
# A cell belongs to a board when at least this many of its sides show a
# border (three: a marker box or a locked cell may hide one side).
SIDES_NEEDED = 3
# The board's cells: at least this share must be bounded cells.
BOARD_SHARE = 0.8
# Tiles against lines is judged again on the board at up to this pitch.
FULL_CHECK_PITCH = 48
# The second, larger look at a board found with faint borders is first taken
# within this many pitches around it (a 6x6 LinkedIn board in a 720p frame:
# two fifths of the frame's pixels).
NEAR_MARGIN = 2.0
# A larger block is taken instead when the best block's cells go on past it
# and this share of the larger block's cells are bounded.
RELAXED_SHARE = 0.6
# ... unless one of its outer rows or columns shows fewer than this many
# sides a cell on average: the page beside a grid of another size shows only
# the side it shares with the grid (1: Zip's 7x7 taken as 8x8); a board's
# own cells, however faint their borders (a JPEG at quality 35), show more.
OUTER_SIDES = 1.25
# Less room than this (pitches) between a grid and the image's edge: the
# image may have cut the grid there.
EDGE_ROOM = 0.25
# A row or column of cells past the board is "the board continuing" when
# this share of its cells are bounded like the board's (and look like them):
# bounded boxes past a Tango board are rarer than look-alike colours past a
# Lights Out board (board_checks.CONTINUE_SHARE), so fewer are enough.
BOUNDED_BEYOND = 0.5
# Where the refined lattice's lines one cell past the board lie more than
# BEYOND_DRIFT working-size pixels off the search's (whose side evidence
# takes the strongest of three pixel lines), the cells there are judged
# again, within BEYOND_MARGIN pitches of the board: showing BEYOND_SIDES of
# their sides on average they are more of the board (a window over a 6x6
# board's last rows left the column past the 4x4 read 3.0, with a mark and
# the window's edge; a web game's size buttons above its 4x4 board, 2.0).
BEYOND_DRIFT, BEYOND_MARGIN, BEYOND_SIDES = 1.0, 1.2, 2.5
# The lattice found at the working size is refined at full resolution within
# this share of the pitch (or two working pixels) and of the pitch itself:
# further out, symbols' outlines pull the borders off the lines.
REFINE_SHIFT, REFINE_PITCH = 0.06, 0.015
# ... and a tile's share of the pitch up to this much either way (blobs
# measured inside a tile's outline come out up to 0.1 short).
REFINE_BOX = 0.12
# A board's cell pattern goes on past a side when the strip PATTERN_STRIP
# pitches past it (clear of the border line or frame; past the gap for
# tiles) repeats the lines (tile sides) that cross the strip one pitch in,
# where the lattice puts them: at least PATTERN_REPEATS of them, of at least
# PATTERN_MIN_LINES seen (PATTERN_STEP gray levels off a running median over
# PATTERN_WINDOW pitches: a line, not a cell's ground; LinkedIn's lines on a
# given's fill: 6).
PATTERN_STRIP, PATTERN_WINDOW, PATTERN_STEP, PATTERN_REPEATS, PATTERN_MIN_LINES = (0.07, 0.2), 0.25, 4.0, 0.6, 2
# A line is looked for this far (pitches, at least 2 px) either way of where
# the lattice puts it (lines drawn several pixels thick).
PATTERN_NEAR = 0.025
# Boxes narrower than this share of the pitch are separate tiles with gaps;
# wider ones are cells that touch, separated by lines.
BOX_GAP = 0.85


@dataclass
class BoardFit:
    """Where the board is: its lattice, what bounds its cells, and how well it fits."""
    lattice: Lattice  # full resolution
    box: float  # share of the pitch a cell's box spans (1.0: cells touch, lines between them)
    how: str  # what bounds the cells: "grid lines" or "cell boxes"
    score: float  # share of the board's cells found bounded
    touches: list[str]  # sides where the image ends at the board


def column_sums(a: np.ndarray) -> np.ndarray:
    """Running sums down the columns, float32, with a row of zeros on top:
    row by row (numpy's cumsum along axis 0 of a large image is ten times
    slower, striding across memory)."""
    out = np.empty((a.shape[0] + 1, a.shape[1]), np.float32)
    out[0] = 0
    for y in range(a.shape[0]):
        np.add(out[y], a[y], out=out[y + 1])
    return out


class SideEvidence:
    """Colour change along the sides of every cell of a lattice, from
    running sums of a gradient image (one pass per image, not per side).
    Both sums run down the columns of a contiguous array (the sums along
    the rows are those of the transposed image): one way of indexing, and
    numpy's row-by-row additions instead of a cumulative sum along rows."""

    def __init__(self, G: np.ndarray, lab: np.ndarray | None = None):
        h, w = G.shape
        self.h, self.w = h, w
        self.down = column_sums(G)  # (h + 1, w): column sums from the top
        self.across = column_sums(np.ascontiguousarray(G.T))  # (w + 1, h): row sums from the left
        self.ridge_down = self.ridge_across = None
        if lab is not None:  # the image's exact_lab
            # thin straight lines: pixels darker or lighter than both
            # neighbours two pixels away across the line
            L = np.ascontiguousarray(lab[..., 0])
            for axis in (1, 0):
                a, b = np.roll(L, RIDGE_REACH, axis=axis), np.roll(L, -RIDGE_REACH, axis=axis)
                ridge = ((np.minimum(a, b) - L > RIDGE_CONTRAST) | (L - np.maximum(a, b) > RIDGE_CONTRAST))
                if axis == 1:  # vertical lines: summed down the columns
                    self.ridge_down = column_sums(ridge)
                else:  # horizontal lines: summed along the rows
                    self.ridge_across = column_sums(np.ascontiguousarray(ridge.T))

    @staticmethod
    def _segments(sums: np.ndarray, pos: np.ndarray, a: np.ndarray, b: np.ndarray,
                  strongest: bool = True) -> np.ndarray:
        """Mean change along segments a..b (one per row of the result) at
        line positions ``pos`` (one per column), over the three pixel lines
        around each position: the strongest one (a border may sit a pixel
        off), or their mean; NaN off the image.  ``sums``: running sums
        along the segments' direction (axis 0) of each line (axis 1)."""
        length, limit = sums.shape[0] - 1, sums.shape[1]
        ai = np.clip(np.round(a).astype(int), 0, length)
        bi = np.clip(np.round(b).astype(int), 0, length)
        pi = np.round(pos).astype(int)
        out = np.full((len(a), len(pos)), -np.inf if strongest else 0.0)
        for d in (-1, 0, 1):
            q = np.clip(pi + d, 0, limit - 1)
            tot = sums[bi[:, None], q] - sums[ai[:, None], q]
            mean = tot / np.maximum(1, (bi - ai))[:, None]
            out = np.maximum(out, mean) if strongest else out + mean / 3
        bad = ((a < 0) | (b > length) | (bi - ai < 2))[:, None] | ((pi < 1) | (pi >= limit - 1))[None, :]
        out[bad] = np.nan
        return out

    def cells(self, lat: Lattice, box: float, r0: int, c0: int, rows: int, cols: int,
              span: tuple[float, float] = SIDE_SPAN, each: bool = False, plain: bool = False) -> np.ndarray:
        """For cells (r0..r0+rows, c0..c0+cols) of ``lat``: how many of their
        four sides show a border along ``span`` of the side (NaN where too
        little of the cell is on the image to tell).  With ``each``: whether
        each side does, (left, right, top, bottom) x rows x cols (NaN where
        that side cannot be told).  With ``plain``, a border is any change
        of SIDE_MIN, whatever lies inside (a fill's own bevel there)."""
        p = (lat.px + lat.py) / 2
        d = (1 - box) / 2 * p  # from the lattice line in to the box's border
        inside = min(INSIDE, INSIDE_OF_BOX * box / 2) * p  # small boxes: stay clear of their pieces
        sa, sb = span
        rs = np.arange(r0, r0 + rows)
        cs = np.arange(c0, c0 + cols)
        ya, yb = lat.y0 + (rs + sa) * lat.py, lat.y0 + (rs + sb) * lat.py
        xa, xb = lat.x0 + (cs + sa) * lat.px, lat.x0 + (cs + sb) * lat.px
        left = lat.x0 + cs * lat.px + d
        right = lat.x0 + (cs + 1) * lat.px - d
        top = lat.y0 + rs * lat.py + d
        bottom = lat.y0 + (rs + 1) * lat.py - d

        # both sides of every cell in one call per axis: (2, rows, cols)
        both_x, inner_x = np.concatenate([left, right]), np.concatenate([left + inside, right - inside])
        both_y, inner_y = np.concatenate([top, bottom]), np.concatenate([top + inside, bottom - inside])
        e_v = self._segments(self.down, both_x, ya, yb).reshape(rows, 2, cols).transpose(1, 0, 2)
        i_v = self._segments(self.down, inner_x, ya, yb, False).reshape(rows, 2, cols).transpose(1, 0, 2)
        e_h = self._segments(self.across, both_y, xa, xb).T.reshape(2, rows, cols)
        i_h = self._segments(self.across, inner_y, xa, xb, False).T.reshape(2, rows, cols)

        count = np.zeros((rows, cols))
        known = np.zeros((rows, cols))
        shown = []
        for e, i in ((e_v[0], i_v[0]), (e_v[1], i_v[1]), (e_h[0], i_h[0]), (e_h[1], i_h[1])):
            ok = ~(np.isnan(e) | np.isnan(i))
            known += ok
            border = ok & (e >= (SIDE_MIN if plain else np.maximum(SIDE_MIN, SIDE_RATIO * np.nan_to_num(i))))
            count += border
            shown.append(np.where(ok, border, np.nan))
        if each:
            return np.stack(shown)
        if self.ridge_down is not None:
            # a straight line right through a cell's middle (a tile's border
            # the lattice cuts through) means these are not the cells; a
            # piece's outline crosses such a line at a few pixels only
            lo, hi = 0.5 - box / 2 + CROSS_SPAN, 0.5 + box / 2 - CROSS_SPAN
            ts = np.linspace(lo, hi, 9)
            xs = (lat.x0 + (cs[None, :] + ts[:, None]) * lat.px).ravel()  # (9 * cols): every t's columns
            ys = (lat.y0 + (rs[None, :] + ts[:, None]) * lat.py).ravel()
            def lines(lo_: float, hi_: float) -> tuple[np.ndarray, np.ndarray]:
                """How much of each line position's span lo_..hi_ (of the pitch) a line runs along."""
                down = self._segments(self.ridge_down, xs, lat.y0 + (rs + lo_) * lat.py, lat.y0 + (rs + hi_) * lat.py)
                across = self._segments(self.ridge_across, ys, lat.x0 + (cs + lo_) * lat.px,
                                        lat.x0 + (cs + hi_) * lat.px)
                return np.nan_to_num(down).reshape(rows, len(ts), cols), \
                    np.nan_to_num(across).T.reshape(len(ts), rows, cols)

            # a line through the cell runs along the middle of its side and along nearly all of it
            (d1, a1), (d2, a2) = lines(*SIDE_SPAN), lines(*CROSS_WHOLE)
            straight = np.maximum(np.maximum(np.minimum(d1, d2).max(axis=1), np.minimum(a1, a2).max(axis=0)), 0.0)
            count = np.where(straight >= CROSS_LINE, 0, count)
        return np.where(known >= 3, count * 4 / np.maximum(known, 1), np.nan)


def side_evidence(img: np.ndarray) -> SideEvidence:
    """:class:`SideEvidence` of an image, its gradient and its thin lines
    from one Lab conversion."""
    lab = exact_lab(img)
    return SideEvidence(gradient(img, lab), lab)


def _square_variants(fit: LatticeFit) -> list[tuple[Lattice, bool]]:
    """Square-cell readings of a fitted lattice, each with whether its cells
    are the blobs themselves: as found, a doubled (tripled) pitch on one axis
    undone, and both pitches halved (blobs that spanned 2x2 cells, or
    symbols found only in every other cell)."""
    lat = fit.lattice
    out = []
    ratio = lat.py / lat.px
    if abs(ratio - 1) < SQUARE_TOLERANCE:
        p = (lat.px + lat.py) / 2
        out.append((Lattice(lat.x0, lat.y0, p, p, lat.rows, lat.cols), True))
        out.append((Lattice(lat.x0, lat.y0, p / 2, p / 2, lat.rows * 2, lat.cols * 2), False))
    for k in (2, 3):
        if abs(ratio - k) < SQUARE_TOLERANCE * k:
            out.append((Lattice(lat.x0, lat.y0, lat.px, lat.px, lat.rows * k, lat.cols), False))
        if abs(1 / ratio - k) < SQUARE_TOLERANCE * k:
            out.append((Lattice(lat.x0, lat.y0, lat.py, lat.py, lat.rows, lat.cols * k), False))
    return out


def _box_share(fit: LatticeFit, lat: Lattice) -> float:
    """How much of the pitch the cells' blobs span (boxes with gaps < 1)."""
    w = float(median([b.w for _, _, b in fit.members]))
    h = float(median([b.h for _, _, b in fit.members]))
    share = (w / lat.px + h / lat.py) / 2
    return 1.0 if share >= BOX_GAP else float(share)


@dataclass
class _Block:
    """A square block of bounded cells found at working scale."""
    lattice: Lattice  # the n x n board, working scale
    score: float
    continues: list[str]  # sides where bounded cells go on past the block
    box: float
    grid: tuple[int, int]  # rows x cols of the whole grid of bounded cells around the block
    at_image_edge: list[str]  # sides where that grid runs into the image's edge
    from_blobs: bool = False  # the tiles' size is the blobs' own (not estimated)


def _component(good: np.ndarray, i: int, j: int, n: int) -> tuple[int, int, int, int]:
    """Bounding box (r0, c0, r1, c1) of the bounded cells connected to the block."""
    rows, cols = good.shape
    seen = np.zeros_like(good)
    todo = [(r, c) for r in range(i, i + n) for c in range(j, j + n) if good[r, c]]
    for rc in todo:
        seen[rc] = True
    while todo:
        r, c = todo.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < rows and 0 <= cc < cols and good[rr, cc] and not seen[rr, cc]:
                seen[rr, cc] = True
                todo.append((rr, cc))
    rr, cc = np.nonzero(seen)
    return int(rr.min()), int(cc.min()), int(rr.max()) + 1, int(cc.max()) + 1


def _outer_bounded(ev: np.ndarray) -> bool:
    """Whether each outer row and column of a block (its cells' side counts)
    shows at least OUTER_SIDES sides a cell on average."""
    return min(ev[0].mean(), ev[-1].mean(), ev[:, 0].mean(), ev[:, -1].mean()) >= OUTER_SIDES


def _best_block(sides: SideEvidence, lat: Lattice, box: float) -> _Block | None:
    """The largest n x n block of bounded cells on this lattice's grid (a
    larger one with fewer bounded cells when the best block's cells go on)."""
    h, w = sides.h, sides.w
    # every cell position of the lattice's grid that lies (mostly) on the image
    cmin = int(np.ceil((-lat.x0) / lat.px - 0.3))
    rmin = int(np.ceil((-lat.y0) / lat.py - 0.3))
    cmax = int(np.floor((w - lat.x0) / lat.px + 0.3))
    rmax = int(np.floor((h - lat.y0) / lat.py + 0.3))
    cmin, rmin = max(cmin, -MAX_N - 1), max(rmin, -MAX_N - 1)
    cmax, rmax = min(cmax, lat.cols + MAX_N + 1), min(rmax, lat.rows + MAX_N + 1)
    rows, cols = rmax - rmin, cmax - cmin
    if rows < MIN_N or cols < MIN_N:
        return None
    ev = sides.cells(lat, box, rmin, cmin, rows, cols)
    good = np.nan_to_num(ev, nan=0.0) >= SIDES_NEEDED
    cum = np.zeros((rows + 1, cols + 1))
    cum[1:, 1:] = good.astype(float).cumsum(0).cumsum(1)
    shares = {}
    for n in range(MIN_N, min(MAX_N, rows, cols) + 1, 2):
        s = (cum[n:, n:] - cum[:-n, n:] - cum[n:, :-n] + cum[:-n, :-n]) / (n * n)
        i, j = np.unravel_index(int(np.argmax(s)), s.shape)
        shares[n] = (float(s[i, j]), int(i), int(j))

    def continues(n, i, j):
        out = []
        for side, strip in (("top", good[i - 1, j:j + n] if i > 0 else None),
                            ("bottom", good[i + n, j:j + n] if i + n < rows else None),
                            ("left", good[i:i + n, j - 1] if j > 0 else None),
                            ("right", good[i:i + n, j + n] if j + n < cols else None)):
            if strip is not None and strip.mean() >= BOUNDED_BEYOND:
                out.append(side)
        return out

    sure = [n for n, (sh, _, _) in shares.items() if sh >= BOARD_SHARE]
    if not sure:
        return None
    n = max(sure)
    score, i, j = shares[n]
    more = continues(n, i, j)
    if more:  # a larger board with a few cells hidden (marker boxes, locked cells) may be the one
        for m in sorted(shares, reverse=True):
            sh, a, b = shares[m]
            if m > n and sh >= RELAXED_SHARE and a <= i and b <= j and a + m >= i + n and b + m >= j + n \
                    and _outer_bounded(np.nan_to_num(ev[a:a + m, b:b + m], nan=0.0)):
                n, score, i, j = m, sh, a, b
                more = continues(n, i, j)
                break
    r0, c0, r1, c1 = _component(good, i, j, n)
    # the grid runs into the image's edge where less than EDGE_ROOM of a cell
    # shows past its last bounded cell: the image may have cut it there
    edge = [s for s, hit in (("top", lat.y0 + (rmin + r0) * lat.py < EDGE_ROOM * lat.py),
                             ("left", lat.x0 + (cmin + c0) * lat.px < EDGE_ROOM * lat.px),
                             ("bottom", h - (lat.y0 + (rmin + r1) * lat.py) < EDGE_ROOM * lat.py),
                             ("right", w - (lat.x0 + (cmin + c1) * lat.px) < EDGE_ROOM * lat.px)) if hit]
    return _Block(lat.sub(rmin + i, cmin + j, n, n), score, more, box, (r1 - r0, c1 - c0), edge)


def _period(profile: np.ndarray, lo: float, hi: float) -> tuple[float, float] | None:
    """The dominant period of a 1-D edge profile within [lo, hi] pixels (by
    autocorrelation) and the phase of its peaks; None if there is none."""
    x = profile - cv2.blur(profile.reshape(1, -1).astype(np.float32), (int(hi) | 1, 1)).ravel()
    n = len(x)
    if n < 3 * lo:
        return None
    ac = np.correlate(x, x, mode="full")[n - 1:]
    lags = np.arange(int(lo), int(min(hi, n / 3)) + 1)
    if lags.size == 0 or ac[0] <= 0:
        return None
    k = int(lags[np.argmax(ac[lags])])
    if ac[k] < PERIOD_STRENGTH * ac[0]:
        return None
    if 0 < k < len(ac) - 1:  # sub-pixel peak
        a, b, c = ac[k - 1], ac[k], ac[k + 1]
        k = k + 0.5 * (a - c) / (a - 2 * b + c) if (a - 2 * b + c) != 0 else k
    if not np.isfinite(k) or k < 1:  # a flat or odd autocorrelation: no period
        return None
    phases = np.arange(0, k, 0.5)
    teeth = np.arange(0, n, k)
    sums = [x[np.clip(np.round(ph + teeth).astype(int), 0, n - 1)].sum() for ph in phases]
    return float(k), float(phases[int(np.argmax(sums))])


def _periodic_lattices(small: np.ndarray) -> list[Lattice]:
    """Lattices from the image's regular edges alone (a blurry or rescaled
    crop where cells do not come out as clean blobs)."""
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    gx = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)).sum(axis=0)
    gy = np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)).sum(axis=1)
    lo, hi = 12, max(small.shape[:2]) / MIN_N
    px, py = _period(gx, lo, hi), _period(gy, lo, hi)
    if px is None or py is None or abs(px[0] - py[0]) > SQUARE_TOLERANCE * px[0]:
        return []
    p = (px[0] + py[0]) / 2
    return [Lattice(px[1], py[1], p, p, int(small.shape[0] // p), int(small.shape[1] // p))]


def _tile_share(G: np.ndarray, lat: Lattice) -> float:
    """Where the cells' borders are, as the share of the pitch a tile spans:
    the colour change folded onto one cell (every cell's columns and rows
    added up by their offset in the cell), its outermost clear peak."""
    h, w = G.shape
    p = (lat.px + lat.py) / 2
    x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 2 * p or y1 - y0 < 2 * p:
        return 1.0
    bins = max(8, int(round(p)))
    prof = np.zeros(bins)
    cols = G[y0:y1, x0:x1].mean(axis=0)
    rows = G[y0:y1, x0:x1].mean(axis=1)
    for vals, start, base in ((cols, x0, lat.x0), (rows, y0, lat.y0)):
        idx = (((np.arange(len(vals)) + start - base) / p % 1.0) * bins).astype(int) % bins
        np.add.at(prof, idx, vals)
    prof = np.maximum(prof, prof[::-1])  # a tile's two sides
    half = prof[: bins // 2]
    peak = float(half.max())
    if peak <= 0:
        return 1.0
    first = int(np.flatnonzero(half >= TILE_PEAK * peak)[0])  # the outermost clear peak
    return float(np.clip(1 - 2 * first / bins, 0.3, 1.0))


def _rank(block: _Block) -> tuple:
    """Larger boards first; then those whose bounded cells stop at their
    sides (of two tile sizes on one lattice, the one that does not take the
    buttons beside a board for more cells); then tiles with gaps, when their
    borders bound the cells (a grid laid over tiles finds borders too, a
    gap's width off); then the share of bounded cells."""
    return (block.lattice.rows, not block.continues,
            block.box < 1.0 and block.score >= TILES_FIRST and block.from_blobs, block.score)


def _search(small: np.ndarray) -> _Block | None:
    """The best board over the blob passes, stopping at a clean one."""
    lab = exact_lab(small)
    G = gradient(small, lab)
    sides = SideEvidence(G, lab)
    best: _Block | None = None
    tried: list[tuple[Lattice, float]] = []
    for thr in BLOB_PASSES:
        fits = [f for f in fit_lattices(find_blobs(small, 5, thr, G)) if f.lattice.rows >= 2 and f.lattice.cols >= 2]
        for fit in sorted(fits, key=lambda f: -len(f.members))[:MAX_CANDIDATES]:
            box = _box_share(fit, fit.lattice)
            for lat, own in _square_variants(fit):
                if lat.px < 6:
                    continue
                # blobs smaller than a cell are tiles with gaps, or the pieces in
                # cells (touching cells, or tiles whose size is to be found)
                shares = {1.0, box}
                if own and box < PIECE_BLOBS:
                    # the tiles' size from their borders; blobs inside a tile's
                    # outline come out short by its width, the borders' outermost
                    # peak may be a shadow's: between the two too
                    tile = _tile_share(G, lat)
                    shares |= {tile, (tile + box) / 2}
                for b in (sorted(shares, reverse=True) if own else [1.0]):
                    if any(_same(lat, t) and abs(b - tb) < 0.05 for t, tb in tried):
                        continue
                    tried.append((lat, b))
                    block = _best_block(sides, lat, b)
                    if block is None:
                        continue
                    block.from_blobs = b == box
                    if best is None or _rank(block) > _rank(best):
                        best = block
        if best is not None and best.score >= CLEAN_SCORE and not best.continues:
            break
    if best is None:
        for lat in _periodic_lattices(small):
            block = _best_block(sides, lat, 1.0)
            if block is not None and (best is None or block.lattice.rows > best.lattice.rows):
                best = block
    return best


def _search_near(img: np.ndarray, lat: Lattice) -> _Block | None:
    """:func:`_search` over the neighbourhood of a board found before
    (``lat``, in ``img``'s pixels): a clean board there, or None when the
    neighbourhood does not settle it (no clean board, its cells go on, or
    they reach the neighbourhood's edge where the image goes on: a larger
    board, to be looked for in the whole image)."""
    crop, _, (ox, oy) = lat.crop(img, NEAR_MARGIN)
    if min(crop.shape[:2]) < MIN_N * MIN_WORK_PITCH:
        return None
    block = _search(crop)
    if block is None or block.score < CLEAN_SCORE or block.continues:
        return None
    h, w = img.shape[:2]
    inside = {"top": oy > 0, "left": ox > 0, "bottom": oy + crop.shape[0] < h, "right": ox + crop.shape[1] < w}
    if any(inside[side] for side in block.at_image_edge):
        return None
    block.lattice = block.lattice.shifted(-ox, -oy)
    return block


# Two lattices found in two looks are one when their pitches differ by under
# SAME_PITCH (a share) and their cells' edges by under SAME_PHASE of a pitch.
SAME_PITCH, SAME_PHASE = 0.02, 0.1


def _same(a: Lattice, b: Lattice) -> bool:
    return b.on_grid_of(a, SAME_PITCH, SAME_PHASE)


def refine(img: np.ndarray, lat: Lattice, box: float, scale: float = 1.0) -> tuple[Lattice, float]:
    """Snap pitch and origin (and a tile's share of the pitch) to the cells'
    borders at full resolution: the pitch, offset and tile share, near the
    ones found at the working ``scale``, whose border positions collect the
    most colour change along both axes.  Returns the lattice and the share."""
    p = (lat.px + lat.py) / 2
    crop, local, (ox, oy) = lat.crop(img, 0.5)
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return lat, box
    gx, gy = gray_gradient(crop)
    n = lat.rows
    # a tile's share measured on blobs at the working size is a few pixels
    # off (an outline's inside or outside): try shares around it
    shares = [1.0] if box >= 1.0 else list(np.clip(box + np.arange(-REFINE_BOX, REFINE_BOX + 1e-9, 0.01), 0.2, 0.95))

    def fit(profile: np.ndarray, start: float) -> tuple[float, float, float, float]:
        wide = np.maximum(profile, np.maximum(np.roll(profile, 1), np.roll(profile, -1)))
        ks = np.arange(n + 1)
        reach = max(REFINE_SHIFT * p, 2.0 / scale)
        offs = np.arange(-reach, reach + 0.25, 0.5)
        best = (-1.0, p, start, box)
        for b in shares:
            d = (1 - b) / 2
            for q in np.linspace((1 - REFINE_PITCH) * p, (1 + REFINE_PITCH) * p, 25):
                marks = ks[None, :] * q
                if d > 0:  # two borders per gap: the boxes' sides
                    marks = np.concatenate([marks[:, :-1] + d * q, marks[:, 1:] - d * q], axis=1)
                pos = np.round(start + offs[:, None] + marks).astype(int)
                ok = (pos >= 0) & (pos < len(wide))
                vals = np.where(ok, wide[np.clip(pos, 0, len(wide) - 1)], 0.0)
                score = vals.sum(axis=1) / np.maximum(1, ok.sum(axis=1))
                i = int(np.argmax(score))
                if score[i] > best[0]:
                    best = (float(score[i]), float(q), float(start + offs[i]), float(b))
        return best[1], best[2], best[3], best[0]

    ys = slice(int(max(0, local.y0)), int(min(crop.shape[0], local.y0 + n * p)))
    xs = slice(int(max(0, local.x0)), int(min(crop.shape[1], local.x0 + n * p)))
    qx, sx, bx, _ = fit(gx[ys, :].mean(axis=0), local.x0)
    qy, sy, by, _ = fit(gy[:, xs].mean(axis=1), local.y0)
    q = (qx + qy) / 2
    return Lattice(sx + ox, sy + oy, q, q, n, n), (bx + by) / 2


def _full_score(img: np.ndarray, lat: Lattice, box: float) -> float:
    """Share of the board's cells bounded on at least SIDES_NEEDED sides, at
    full resolution (in the board's neighbourhood, shrunk to cells of at
    most FULL_CHECK_PITCH pixels)."""
    crop, local, _ = lat.crop(img, 0.3)
    f = min(1.0, FULL_CHECK_PITCH / lat.px)
    if f < 1:
        crop = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        local = Lattice(local.x0 * f, local.y0 * f, local.px * f, local.py * f, local.rows, local.cols)
    ev = side_evidence(crop).cells(local, box, 0, 0, lat.rows, lat.cols)
    return float(np.mean(np.nan_to_num(ev, nan=0.0) >= SIDES_NEEDED))


def _pattern_goes_on(inside: np.ndarray, outside: np.ndarray, p: float, marks: np.ndarray) -> bool:
    """Whether the strip just past a board's side (``outside``, gray, its
    length along the side on axis 1) repeats the lines or tile sides that
    cross the strip one pitch further in (``inside``) at ``marks`` (where
    the lattice puts them along the side): narrow features of the strips'
    profiles, their plain grounds (empty or given cells, a page) left out."""
    k = max(3, int(round(PATTERN_WINDOW * p)) | 1)
    prof_in, prof_out = inside.mean(axis=0), outside.mean(axis=0)
    hp_in = prof_in - median_filter1d(prof_in, k)
    hp_out = prof_out - median_filter1d(prof_out, k)
    seen = repeated = 0
    r = max(2, int(round(PATTERN_NEAR * p)))
    for m in np.round(marks).astype(int):
        lo, hi = max(0, m - r), min(len(hp_in), m + r + 1)
        if hi <= lo:
            continue
        i = lo + int(np.argmax(np.abs(hp_in[lo:hi])))
        if abs(hp_in[i]) <= PATTERN_STEP:
            continue
        seen += 1
        j = lo + int(np.argmax(np.abs(hp_out[lo:hi])))
        repeated += bool(np.sign(hp_out[j]) == np.sign(hp_in[i]) and abs(hp_out[j]) >= 0.5 * abs(hp_in[i]))
    return seen >= PATTERN_MIN_LINES and repeated >= PATTERN_REPEATS * seen


def median_filter1d(x: np.ndarray, k: int) -> np.ndarray:
    """Running median of a 1-D profile over k samples (k odd; edges padded):
    each window's middle value once sorted, what ``np.median`` returns
    without its check for masked arrays (which imports ``numpy.ma``)."""
    pad = np.pad(x, k // 2, mode="edge")
    return np.sort(np.lib.stride_tricks.sliding_window_view(pad, k), axis=1)[:, k // 2]


def continues_past(img: np.ndarray, lat: Lattice, box: float = 1.0) -> list[str]:
    """Sides past which the board's cell pattern goes on (its grid lines,
    its tiles' sides): the image shows part of a larger grid there.
    Compared are the strip just past each side and the strip one pitch
    further in, clear of the border line itself (a frame there is the
    board's end) and, for tiles, across the next tile's start."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    h, w = gray.shape
    x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
    p = int(round((lat.px + lat.py) / 2))
    gap = (1 - box) / 2 if box < 1 else 0.0
    a, b = int(round((gap + PATTERN_STRIP[0]) * p)), int(round((gap + PATTERN_STRIP[1]) * p))
    if b - a < 2 or x1 - x0 < 2 * p or y1 - y0 < 2 * p:
        return []
    ys, xs = slice(max(0, y0), min(h, y1)), slice(max(0, x0), min(w, x1))
    strips = {  # (room for the outer strip, (inner, outer) with the side's length on axis 1)
        "right": (x1 + b <= w, lambda: (gray[ys, x1 - p + a:x1 - p + b].T, gray[ys, x1 + a:x1 + b].T)),
        "left": (x0 - b >= 0, lambda: (gray[ys, x0 + p - b:x0 + p - a].T, gray[ys, x0 - b:x0 - a].T)),
        "bottom": (y1 + b <= h, lambda: (gray[y1 - p + a:y1 - p + b, xs], gray[y1 + a:y1 + b, xs])),
        "top": (y0 - b >= 0, lambda: (gray[y0 + p - b:y0 + p - a, xs], gray[y0 - b:y0 - a, xs])),
    }
    n = lat.rows
    if box < 1:  # both sides of every tile
        centres = (np.arange(n) + 0.5) * p
        marks = np.concatenate([centres - box * p / 2, centres + box * p / 2])
    else:  # the lines between cells
        marks = np.arange(1, n) * p
    out = []
    for side, (room, cut) in strips.items():
        if room:
            inside, outside = cut()
            start = x0 if side in ("top", "bottom") else y0
            along = marks + (start - (max(0, x0) if side in ("top", "bottom") else max(0, y0)))
            if inside.shape == outside.shape and _pattern_goes_on(inside, outside, p, along):
                out.append(side)
    return out


def _grown(lat: Lattice) -> Lattice:
    """The lattice with one more cell on every side."""
    return lat.sub(-1, -1, lat.rows + 2, lat.cols + 2)


def bounded_past(img: np.ndarray, lat: Lattice, box: float, f: float) -> list[str]:
    """Sides past which the row (column) of would-be cells is bounded as
    the board's cells are (BEYOND_SIDES sides a cell), judged on the refined
    lattice ``lat`` at the working size ``f``: the search's lattice,
    fitted to a board's few uncovered rows, can drift off the columns past
    them (a window over a 6x6 board's last rows and a half left a sure 4x4
    of it)."""
    crop, local, _ = lat.crop(img, BEYOND_MARGIN)
    if f < 1:
        crop, local = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA), local.scaled(f)
    lab = exact_lab(crop)
    n, m = lat.rows, lat.cols
    ev = SideEvidence(gradient(crop, lab), lab).cells(local, box, -1, -1, n + 2, m + 2)
    sides = np.nan_to_num(ev, nan=0.0)
    strips = {"top": sides[0, 1:m + 1], "bottom": sides[n + 1, 1:m + 1], "left": sides[1:n + 1, 0],
              "right": sides[1:n + 1, m + 1]}
    return [side for side, strip in strips.items() if strip.mean() >= BEYOND_SIDES]


def locate(img: np.ndarray) -> BoardFit:
    """The Tango board in ``img`` (BGR): NoBoardError when there is none,
    PartialBoardError when the image shows only part of one."""
    h, w = img.shape[:2]
    f = min(1.0, WORK_SIDE / max(h, w))
    small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else img
    block = _search(small)
    if f < 1 and (block is None or block.lattice.px < MIN_WORK_PITCH or block.score < CLEAN_SCORE):
        # a small board in a large image, or borders too faint at the working
        # size: look again at twice the size (or the full one), first around
        # the board found (faint borders), then, unless that settles it,
        # over the whole image
        f2 = min(1.0, 2 * f)
        larger = cv2.resize(img, None, fx=f2, fy=f2, interpolation=cv2.INTER_AREA) if f2 < 1 else img
        again = None
        if block is not None and block.lattice.px >= MIN_WORK_PITCH:
            again = _search_near(larger, block.lattice.scaled(f2 / f))
        if again is None:
            again = _search(larger)
        if again is not None and (block is None or _rank(again) > _rank(block)):
            block, f = again, f2
    if block is None:
        raise NoBoardError(f"no Tango board: no square grid of {MIN_N}x{MIN_N} to {MAX_N}x{MAX_N} bounded "
                           "cells (n even) in the image")
    lat = block.lattice
    full_lat = Lattice(lat.x0 / f, lat.y0 / f, lat.px / f, lat.py / f, lat.rows, lat.cols)
    if block.continues:
        cut = [s for s in block.continues if s in block.at_image_edge]
        if cut:
            raise PartialBoardError(f"only part of a Tango board is in the image: the image edge cuts it on the "
                                    f"{' and '.join(cut)}")
        r, c = block.grid
        raise NoBoardError(f"no Tango board: the grid of cells is {r}x{c} (Tango boards are n x n, n even, "
                           f"{MIN_N} to {MAX_N}) and its cells go on past every square of them")
    box = block.box
    found = full_lat
    full_lat, box = refine(img, full_lat, box, f)
    if box < 1.0 and f < 1.0:
        # tiles or lines?  At the working size a thin line's blur makes the
        # cells look like tiles: judge both at full resolution
        as_grid, _ = refine(img, Lattice(lat.x0 / f, lat.y0 / f, lat.px / f, lat.py / f, lat.rows, lat.cols), 1.0, f)
        as_grid_score, tiles_score = _full_score(img, as_grid, 1.0), _full_score(img, full_lat, box)
        # (alike: the lines, unless they fit only at a pitch of their own,
        # the tiles' borders taken for lines)
        if as_grid_score > tiles_score or (as_grid_score == tiles_score and
                                           abs(as_grid.px - full_lat.px) <= LINES_PITCH * full_lat.px):
            full_lat, box = as_grid, 1.0
    x0, y0, x1, y1 = full_lat.bbox
    p = full_lat.px
    touches = [s for s, room in (("left", x0), ("top", y0), ("right", w - x1), ("bottom", h - y1))
               if room < 0.2 * p]
    cut = [s for s, room in (("left", x0), ("top", y0), ("right", w - x1), ("bottom", h - y1)) if room < -0.12 * p]
    if cut:
        raise PartialBoardError(f"only part of a Tango board is in the image: the image edge cuts it on the "
                                f"{' and '.join(cut)}")
    turn = turned_degrees(img, full_lat)
    if turn > TURN_LIMIT:
        raise NoBoardError(f"no level Tango board: the picture is turned {turn:.1f} degrees, and a level grid "
                           "fits only part of a turned board (a photo or video of a tilted screen?)")
    more = continues_past(img, full_lat, box)
    if not more and _grown(full_lat).drift(_grown(found)) * f > BEYOND_DRIFT:
        more = bounded_past(img, full_lat, box, f)
    if more:
        raise PartialBoardError(f"only part of a board: its grid goes on past the {' and '.join(more)} of the "
                                f"{full_lat.rows}x{full_lat.cols} cells found")
    return BoardFit(full_lat, box, "cell boxes" if box < 1 else "grid lines", block.score, touches)
