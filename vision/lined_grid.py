"""A board of square cells between thin lines (Zip, Mini Sudoku, ...): its
lattice found from the image's cell-like blobs and moved onto the lines,
each cell's ground from its corners, and cells scaled up for reading
digits.  Shared by the readers of games drawn that way.

Units: pixels of the image for positions, shares of the pitch for sizes.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzlebot.vision.errors import NoBoardError
from puzzlebot.vision.lattice import PASSES, Lattice, LatticeFit, candidate_lattices
from puzzlebot.vision.colour_math import median

# Lattices tried, best first, for a square one; pitches within this share of
# a whole multiple of each other count as square at the smaller.
MAX_CANDIDATES, SQUARE_TOLERANCE = 6, 0.08
# The lattice finder's passes used (lattice.PASSES' edge thresholds 10, 5 and
# 16): cells drawn as pale squares between thin lines; Canny's passes, for
# tiles whose sides fade, only cost time here.
BLOB_PASSES = tuple(p for p in PASSES if p[0] == "grad" and p[2] == 7)
# Where no lattice is found, the search is repeated with local contrast
# raised: CLAHE, its histogram clipped at CLAHE_CLIP (4: a faint line grows
# about fourfold without noise growing into edges) on CLAHE_TILES x
# CLAHE_TILES tiles (a board spans a few).
CLAHE_CLIP, CLAHE_TILES = 4.0, 8
# A lattice needs this many cell-like blobs (a 3x3 board with numbered discs
# in four cells leaves five).
MIN_BLOBS = 3
# The grid is twice as fine as the lattice found when at least HALF_MIN of
# the half-pitch positions hold lines, a new one between every two of the
# lattice's own; a position holds a line at LINE_PRESENT of the strongest
# line's strength (a card's edge may be twice a grid line's).
HALF_MIN, LINE_PRESENT = 3, 0.25
# The lattice is refitted to the middles of the lines within LINE_NEAR
# pixels of its lines, when that changes its pitch by at most PITCH_REFIT
# (the blobs' pitch, from a scaled-down copy, is off by under 1%) and
# leaves no line more than LINE_OFF pixels off (a line there is no grid's).
LINE_NEAR, PITCH_REFIT, LINE_OFF = 2, 0.03, 1.5
# A lattice whose blobs are whole cells (WHOLE_CELL of its pitch each way,
# by their median) stays where they put it, along an axis where thin lines
# would move it by more than ON_LINES_MOVE of a pitch: the blobs' middles
# are the cells' middles, off by a pixel or two, and what is thin there is
# no grid line (lines too wide to be thin, gaps between rounded tiles,
# digits' strokes).  Blobs cut by a trail's band are no cells' middles:
# the lines may move those far.
WHOLE_CELL, ON_LINES_MOVE = 0.75, 0.06
# A pixel counts at most this much (grey levels) towards a line's strength.
LINE_CAP = 30.0
# Screenshots larger than this (pixels on the long side) are searched for
# the lattice at this size (a 1080p page's 10x10 board keeps 15 px cells,
# twice the smallest blob the lattice finder takes; the search costs a
# ninth of the full-size one).
SEARCH_SIDE = 640

# The ground is sampled in the cells' corners: squares from CORNER_FROM to
# CORNER_TO of the pitch in from each corner (inside the grid lines, outside
# the trail's band and the numbers' discs).
CORNER_FROM, CORNER_TO = 0.1, 0.2

# A line's weight: across the line, each pixel's grey-level difference from
# the ground on its side, capped at WEIGHT_CAP and divided by it (a line of
# full contrast weighs its width in pixels).  Measured within +-LINE_REACH
# pitches of where the lattice puts the line (thick lines shift the cells a
# pixel or two from an even lattice) and over +-LINE_BAND pitches about the
# middle of each cell along it; the ground of each side is the median of
# the outer GROUND_PX pixels of the window.
WEIGHT_CAP, LINE_REACH, LINE_BAND, GROUND_PX = 60.0, 0.18, 0.2, 3

# Numbers are cut out of cells scaled up to at least GLYPH_PITCH pixels a
# pitch (smooth interpolation): small type keeps its shape.
GLYPH_PITCH = 90


def find_square_lattice(img: np.ndarray, max_side: int, game: str, passes=None,
                        search_side: int = SEARCH_SIDE) -> Lattice:
    """The board's lattice, maybe a few rows or columns short or long (the
    reader fits it to the board): the best square lattice the image's
    cell-like blobs support, at most ``max_side`` a side, by the lattice
    finder's ``passes`` (BLOB_PASSES unless given) on the image scaled down
    to ``search_side`` pixels on its long side.  A lattice whose pitch is a whole multiple of its pitch
    the other way (numbered discs in every other column leave only some
    cells as clean blobs) is taken as square at the smaller pitch.  The
    plain look's lattice of blobs that are no whole cells gives way to the
    raised contrast's (:func:`local_contrast`) first, when its blobs are."""
    h, w = img.shape[:2]
    s = min(1.0, search_side / max(h, w))
    small = cv2.resize(img, (int(round(w * s)), int(round(h * s))), interpolation=cv2.INTER_AREA) if s < 1 else img
    first = None  # the plain look's lattice, when its blobs are no whole cells
    for look in (small, None):
        if look is None:
            # lines too faint to bound blobs (drawn between two pixels), or bounding
            # only a few (numbered discs in most cells): again with local contrast raised
            look = local_contrast(small)
        for fit in candidate_lattices(look, min_cells=MIN_BLOBS, passes=passes or BLOB_PASSES,
                                      stop_early=True)[:MAX_CANDIDATES]:
            whole = _whole_cells(fit)
            lat = _square(img, fit.lattice, s, whole)
            if lat is None or lat.rows > max_side or lat.cols > max_side:
                continue
            # (a few rows short or long is fine: the reader fits it to the board)
            if first is None and not whole and look is small:
                # a few blobs that are no cells (numbered discs on a dark board
                # whose faint lines bound nothing): whole cells in the raised
                # contrast are the board's, when they are there
                first = lat
                break
            return lat if whole or first is None else first
    if first is not None:
        return first
    raise NoBoardError(f"no {game} board: no grid of square cells in the image")


def _whole_cells(fit: LatticeFit) -> bool:
    """Whether the fit's blobs are whole cells (WHOLE_CELL of its pitches)."""
    lat = fit.lattice
    return bool(fit.members) and median([b.w for _, _, b in fit.members]) >= WHOLE_CELL * lat.px \
        and median([b.h for _, _, b in fit.members]) >= WHOLE_CELL * lat.py


def _square(img: np.ndarray, lat: Lattice, s: float, stay: bool = False) -> Lattice | None:
    """A lattice found on the image scaled by ``s``, square and on the full
    image's lines, or None when its pitches are no whole multiple of each
    other.  A pitch k times the other's is taken at whichever of the two
    puts more of its lines on the image's lines: the smaller (blobs k cells
    long where lines fade) or the larger (blobs cut in k by a trail's band,
    whose edges are no lines)."""
    k = max(lat.px, lat.py) / min(lat.px, lat.py)
    if abs(k - round(k)) > SQUARE_TOLERANCE * round(k) or round(k) > 4:
        return None
    k = round(k)
    if k == 1:
        return on_lines(img, lat.scaled(1 / s), stay=stay)
    if lat.px > lat.py:
        cuts = (Lattice(lat.x0, lat.y0, lat.px / k, lat.py, lat.rows, lat.cols * k),
                Lattice(lat.x0, lat.y0, lat.px, lat.py * k, -(-lat.rows // k), lat.cols))
    else:
        cuts = (Lattice(lat.x0, lat.y0, lat.px, lat.py / k, lat.rows * k, lat.cols),
                Lattice(lat.x0, lat.y0, lat.px * k, lat.py, lat.rows, -(-lat.cols // k)))
    cuts = [on_lines(img, cut.scaled(1 / s), stay=stay) for cut in cuts]
    return max(cuts, key=lambda cut: line_support(img, cut))  # the first (smaller) on a tie


def local_contrast(img: np.ndarray) -> np.ndarray:
    """The image in grey with its local contrast raised (CLAHE): a grid
    line 12 grey levels off white, anti-aliased over two pixels, becomes an
    edge the lattice finder sees."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    clahe = cv2.createCLAHE(clipLimit=CLAHE_CLIP, tileGridSize=(CLAHE_TILES, CLAHE_TILES))
    return cv2.cvtColor(clahe.apply(gray), cv2.COLOR_GRAY2BGR)


def line_profile(gray: np.ndarray, axis: int) -> np.ndarray:
    """How strongly each column (axis 1) or row (axis 0) of the image is a
    thin line: darker (or lighter) than the pixels 2 either side -- a step
    between two colours, even anti-aliased, is not -- summed along it, each
    pixel's part capped at LINE_CAP (a disc's rim must not outweigh a faint
    grid)."""
    g = gray.astype(np.float32)
    if axis == 0:
        g = g.T
    a, b = g[:, 2:-2] - g[:, :-4], g[:, 2:-2] - g[:, 4:]
    line = np.where(a * b > 0, np.minimum(np.abs(a), np.abs(b)), 0.0)
    return np.pad(np.minimum(line, LINE_CAP).sum(axis=0), 2)


def lines_present(img: np.ndarray, box: tuple[int, int, int, int]) -> dict[int, np.ndarray]:
    """Per axis of the image's ``box`` (x0, y0, x1, y1), the columns (axis
    1) and rows (axis 0) that hold a line: a line strength at least
    LINE_PRESENT of the strongest's."""
    gray = cv2.cvtColor(img[box[1]:box[3], box[0]:box[2]], cv2.COLOR_BGR2GRAY)
    out = {}
    for axis in (1, 0):
        prof = line_profile(gray, axis)
        out[axis] = prof >= LINE_PRESENT * prof.max() if prof.max() > 0 else np.zeros(len(prof), bool)
    return out


def line_support(img: np.ndarray, lat: Lattice) -> float:
    """The share of the lattice's lines (both ways, the outer ones too) that
    lie on a thin line of the image (within a pixel; a line as on_lines
    finds them)."""
    box = lat.crop_box(0.2, img.shape[1], img.shape[0])
    present_of = lines_present(img, box)
    hits = []
    for axis, start, pitch, count, origin in ((1, lat.x0, lat.px, lat.cols, box[0]), (0, lat.y0, lat.py, lat.rows, box[1])):
        present = present_of[axis]
        at = np.round(start - origin + np.arange(count + 1) * pitch).astype(int)
        hits += [bool(present[max(0, i - 1):i + 2].any()) if 0 <= i < len(present) else False for i in at]
    return float(np.mean(hits))


def on_lines(img: np.ndarray, lat: Lattice, cache: dict | None = None, stay: bool = False) -> Lattice:
    """The lattice moved onto the grid's thin lines, and halved when lines
    run half-way between its lines too (the blobs were every other cell:
    numbered discs in most cells).  Along each axis, a position holds a line
    when its line strength is at least LINE_PRESENT of the strongest; the
    pitch (the lattice's, or half of it) and the phase are those that put
    the most lattice lines on lines over the lattice's span and a cell
    either side, then refitted through the middles of the lines hit
    (:func:`_through_middles`).  ``cache``: where the lines found around a crop are kept
    for other lattices of the same box (the splits of one candidate).
    ``stay``: keep the lattice where the lines would move it far
    (ON_LINES_MOVE: its blobs were whole cells)."""
    box = lat.crop_box(1.0, img.shape[1], img.shape[0])
    if cache is not None and box in cache:
        present_of = cache[box]
    else:
        present_of = {axis: (present, present | np.roll(present, 1) | np.roll(present, -1))  # a pixel either way
                      for axis, present in lines_present(img, box).items()}
        if cache is not None:
            cache[box] = present_of
    ox, oy = box[0], box[1]
    local = lat.shifted(ox, oy)
    found = {}
    for axis, start, pitch, count in ((1, local.x0, local.px, local.cols), (0, local.y0, local.py, local.rows)):
        exact, present = present_of[axis]
        lo, hi = start - pitch, start + (count + 1) * pitch
        best = {}
        for step in (pitch, pitch / 2):
            phases = np.arange(lo, lo + step, 1.0)
            # every phase at once: lines at first + i*step up to hi, on the image (as np.arange would give them)
            i = np.arange(int(np.ceil((hi + 0.5 - lo) / step)) + 1)
            raw = phases[:, None] + i[None, :] * step
            at = np.round(raw).astype(int)
            valid = (raw < hi + 0.5) & (at >= max(0, lo - 1)) & (at < len(present))
            hits = (present[np.clip(at, 0, len(present) - 1)] & valid).sum(axis=1)
            j = int(np.argmax(hits))
            best[step] = (float(phases[j]), int(hits[j]))
        full_first, full_hits = best[pitch]
        half_first, half_hits = best[pitch / 2]
        halve = half_hits >= HALF_MIN and half_hits >= 2 * full_hits - 1  # a new line between every two
        step = pitch / 2 if halve else pitch
        first, step = _through_middles(exact, half_first if halve else full_first, step, lo, hi)
        k = np.floor((start - first) / step + 0.5)  # the line nearest the old origin
        if stay and abs(first + k * step - start) > ON_LINES_MOVE * pitch:
            found[axis] = (start, pitch, False)  # the thin lines there are no grid's
            continue
        found[axis] = (float(first + k * step), step, halve)
    (x0, px, hx), (y0, py, hy) = found[1], found[0]
    if hx and hy:
        return Lattice(x0 + ox, y0 + oy, px, py, 2 * lat.rows, 2 * lat.cols)
    return Lattice(x0 + ox, y0 + oy, px * (2 if hx else 1), py * (2 if hy else 1), lat.rows, lat.cols)


def _through_middles(exact: np.ndarray, first: float, step: float, lo: float, hi: float) -> tuple[float, float]:
    """(first, step) of a run of lines refitted, by least squares, to the
    middles of the image's lines they fall on (``exact``: where lines are,
    along the axis), when at least three lie on lines: the phase search
    keeps the first of the phases that hit most (a pixel or two before the
    lines' middles) and the blobs' pitch, off by up to a pixel over a
    board; unchanged when the refit would move the pitch more than
    PITCH_REFIT of it or leave a line LINE_OFF pixels off."""
    n = len(exact)
    near, middles = [], []  # the lattice lines' numbers that fall on a line, and those lines' middles
    for i in range(int(np.floor((lo - first) / step)), int(np.ceil((hi - first) / step)) + 1):
        at = int(round(first + i * step))
        if not 0 <= at < n:
            continue
        on = np.flatnonzero(exact[max(0, at - LINE_NEAR):at + LINE_NEAR + 1]) + max(0, at - LINE_NEAR)
        if len(on):
            near.append(i)
            middles.append(float(on.mean()))
    if len(near) < 3:
        return first, step
    k, m = np.array(near, float), np.array(middles)
    dk = k - k.mean()
    b = float(dk @ (m - m.mean()) / (dk @ dk))  # the least-squares line through (number, middle)
    a = float(m.mean() - b * k.mean())
    if abs(b - step) > PITCH_REFIT * step or np.max(np.abs(a + b * k - m)) > LINE_OFF:
        return first, step
    return a, b


def corners(lab: np.ndarray, lat: Lattice, span: tuple[float, float] = (CORNER_FROM, CORNER_TO)) -> np.ndarray:
    """Each cell's ground: the median of its four corner squares, from
    ``span`` (shares of the pitch) in from each corner (NaN for a cell
    wholly off the image)."""
    out = np.zeros((lat.rows, lat.cols, 3), np.float32)
    a, b = span
    for r in range(lat.rows):
        for c in range(lat.cols):
            x, y = lat.x0 + c * lat.px, lat.y0 + r * lat.py
            parts = []
            for fx in ((a, b), (1 - b, 1 - a)):
                for fy in ((a, b), (1 - b, 1 - a)):
                    x0, x1 = int(round(x + fx[0] * lat.px)), int(round(x + fx[1] * lat.px))
                    y0, y1 = int(round(y + fy[0] * lat.py)), int(round(y + fy[1] * lat.py))
                    parts.append(lab[max(0, y0):max(1, y1), max(0, x0):max(1, x1)].reshape(-1, 3))
            pix = np.concatenate(parts)
            out[r, c] = median(pix, axis=0) if len(pix) else np.nan  # a cell off the image: no ground
    return out


def corner_square(lat: Lattice, span: tuple[float, float] = (CORNER_FROM, CORNER_TO)) -> tuple[int, int]:
    """(rows, columns) of every corner square :func:`corner_colours` takes:
    the smallest size the rounding of ``span`` gives, at least a pixel."""
    a, b = span
    return max(1, int((b - a) * lat.py)), max(1, int((b - a) * lat.px))


def corner_colours(lab: np.ndarray, lat: Lattice, span: tuple[float, float] = (CORNER_FROM, CORNER_TO)
                   ) -> np.ndarray:
    """The median colour of each cell's four corner squares (those
    :func:`corners` pools), rows x cols x 4 x 3: top left, bottom left, top
    right, bottom right; NaN for a square not wholly on the image.  All
    squares are taken at one size (the smallest the rounding gives), in one
    numpy call."""
    a, b = span
    h, w = lab.shape[:2]
    hs, ws = corner_square(lat, span)
    rs, cs = np.arange(lat.rows), np.arange(lat.cols)
    xs = np.stack([np.round(lat.x0 + (cs + f) * lat.px).astype(int) for f in (a, a, 1 - b, 1 - b)], axis=1)
    ys = np.stack([np.round(lat.y0 + (rs + f) * lat.py).astype(int) for f in (a, 1 - b, a, 1 - b)], axis=1)
    yy = ys[:, None, :, None, None] + np.arange(hs)[None, None, None, :, None]  # rows, 1, 4, hs, 1
    xx = xs[None, :, :, None, None] + np.arange(ws)[None, None, None, None, :]  # 1, cols, 4, 1, ws
    on = (yy.min(axis=3) >= 0) & (yy.max(axis=3) < h) & (xx.min(axis=4) >= 0) & (xx.max(axis=4) < w)
    pix = lab[np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)]  # rows, cols, 4, hs, ws, 3
    out = median(pix.reshape(lat.rows, lat.cols, 4, hs * ws, 3), axis=3)
    out[~on[..., 0]] = np.nan
    return out


def upscaled(win: np.ndarray, pitch: float) -> tuple[np.ndarray, float]:
    """The window scaled up to GLYPH_PITCH pixels a pitch (if smaller), and the factor."""
    k = max(1.0, GLYPH_PITCH / pitch)
    if k == 1.0:
        return win, 1.0
    return cv2.resize(win, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC), k


def split_candidates(img: np.ndarray, passes=None, search_side: int = SEARCH_SIDE, splits: int = 3):
    """Square lattices from the image's cell-like blobs, best first, on the
    grid's lines: each candidate lattice whose cells, cut kx by ky (1 to
    ``splits`` each way), are square within SQUARE_TOLERANCE (blobs may be
    whole boxes of cells where thin lines fade in a small image)."""
    h, w = img.shape[:2]
    s = min(1.0, search_side / max(h, w))
    small = cv2.resize(img, (int(round(w * s)), int(round(h * s))), interpolation=cv2.INTER_AREA) if s < 1 else img
    cache: dict = {}
    for fit in candidate_lattices(small, min_cells=MIN_BLOBS, passes=passes or BLOB_PASSES,
                                  stop_early=True)[:MAX_CANDIDATES]:
        lat = fit.lattice
        for kx in range(1, splits + 1):
            for ky in range(1, splits + 1):
                px, py = lat.px / kx, lat.py / ky
                if abs(px - py) <= SQUARE_TOLERANCE * min(px, py):
                    cut = Lattice(lat.x0, lat.y0, px, py, lat.rows * ky, lat.cols * kx)
                    yield on_lines(img, cut.scaled(1 / s), cache)


def line_weights(gray: np.ndarray, at: np.ndarray, along: np.ndarray, pitch: float, vertical: bool) -> np.ndarray:
    """The weight of the line at each position ``at`` (x for vertical lines)
    over the band about each position ``along`` it: shape (len(at),
    len(along)); NaN where the window leaves the image."""
    g = gray if vertical else gray.T  # rows: along the lines; columns: across them
    h, w = g.shape
    reach, band = max(GROUND_PX + 1, int(round(LINE_REACH * pitch))), max(1, int(round(LINE_BAND * pitch)))
    out = np.full((len(at), len(along)), np.nan, np.float32)
    pos = np.round(np.asarray(at, np.float64)).astype(int)
    ok = (pos - reach >= 0) & (pos + reach < w)
    if not ok.any():
        return out
    offs = np.arange(-reach, reach + 1)
    idx = pos[ok][:, None] + offs[None]
    before = offs[None] < 0
    for j, b in enumerate(along):
        b = int(round(b))
        lo, hi = max(0, b - band), min(h, b + band + 1)
        if hi - lo < 1:
            continue
        win = g[lo:hi].mean(axis=0)[idx]  # each line's profile across it, averaged along the band
        ref = np.where(before, median(win[:, :GROUND_PX], axis=1)[:, None],
                       median(win[:, -GROUND_PX:], axis=1)[:, None])
        out[ok, j] = np.minimum(np.abs(win - ref), WEIGHT_CAP).sum(axis=1) / WEIGHT_CAP
    return out


# A step between two grounds is at a line when the change lies within this
# many pixels of it, each side within STEP_FLAT of the step of its own ground.
STEP_AT, STEP_FLAT = 2, 0.25


def step_weights(gray: np.ndarray, at: np.ndarray, along: np.ndarray, pitch: float, vertical: bool) -> np.ndarray:
    """The contrast (grey levels) between the grounds either side of each
    position ``at`` where the ground changes right there, over the band
    about each position ``along`` (as :func:`line_weights`): a cell drawn
    in its lines' colour (a selected cell) meets its neighbours in a step,
    not a line.  0 where there is no step, or it lies elsewhere in the window
    (a cover's edge, a digit); NaN where the window leaves the image."""
    g = gray if vertical else gray.T
    h, w = g.shape
    reach, band = max(GROUND_PX + 1, int(round(LINE_REACH * pitch))), max(1, int(round(LINE_BAND * pitch)))
    out = np.full((len(at), len(along)), np.nan, np.float32)
    pos = np.round(np.asarray(at, np.float64)).astype(int)
    ok = (pos - reach >= 0) & (pos + reach < w)
    if not ok.any() or reach <= STEP_AT:
        return out
    idx = pos[ok][:, None] + np.arange(-reach, reach + 1)[None]
    for j, b in enumerate(along):
        b = int(round(b))
        lo, hi = max(0, b - band), min(h, b + band + 1)
        if hi - lo < 1:
            continue
        win = g[lo:hi].mean(axis=0)[idx]
        a, z = median(win[:, :GROUND_PX], axis=1), median(win[:, -GROUND_PX:], axis=1)
        flat = STEP_FLAT * np.abs(z - a)[:, None]
        left = (np.abs(win[:, :reach - STEP_AT] - a[:, None]) <= flat).all(axis=1)
        right = (np.abs(win[:, reach + STEP_AT + 1:] - z[:, None]) <= flat).all(axis=1)
        out[ok, j] = np.where(left & right, np.abs(z - a), 0.0)
    return out


def median_rows(m: np.ndarray) -> np.ndarray:
    """Each row's median, ignoring NaN (NaN for a row of only NaN)."""
    return quantile_rows(m, 0.5)


def quantile_rows(m: np.ndarray, q: float) -> np.ndarray:
    """Each row's ``q`` quantile (linear, as numpy's), ignoring NaN (NaN for
    a row of only NaN): sorted once, NaN last (numpy's nan-quantiles loop
    over the rows in Python)."""
    out = np.full(len(m), np.nan, np.float32)
    if not m.size:
        return out
    srt = np.sort(m, axis=1)
    n = (~np.isnan(m)).sum(axis=1)
    some = n > 0
    pos = q * (np.maximum(n, 1) - 1)
    lo = np.floor(pos).astype(int)
    hi = np.minimum(lo + 1, np.maximum(n - 1, 0))
    rows = np.arange(len(m))
    frac = pos - lo
    val = srt[rows, lo] * (1 - frac) + srt[rows, hi] * frac
    out[some] = val[some]
    return out
