"""A board of coloured regions with no line between one region's cells (a
Queens clone drawn flat, or with borders only where regions meet): its
lattice from where the colour changes.

The lattice finder (:mod:`puzzlebot.vision.lattice`) needs cells bounded on
their four sides; here most cells are not, but every region boundary runs
along the cells' sides, whole sides long.  So:

1. Straight edges: runs of colour change along a column (row) of pixels.
2. The board: a square whose four sides are such runs, about as long as it.
3. Its size: the fewest cells a side (the largest pitch) that put every run
   inside the square at least a cell side long onto the lattice's lines,
   with runs on many of its lines (the frame alone fits any size); the
   lattice then fitted to the runs on its inner lines (the square may be a
   frame's outer edge).
4. Its surroundings: plain all round, the page or a frame.  Part of a
   board (a square of regions whose sides happen to be boundaries, the rest
   covered or cut off) has other regions' colours beyond some side.  The
   readers also ask this of a board found otherwise (:func:`unplain_side`),
   and whether its frame runs on unbroken (:func:`broken_frame`: a window
   over a corner, as plain as the cell it hides, cuts it).

Units: pixels of the image given; sizes of runs and tolerances as shares of
the pitch tried or of the square's side.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzlebot.vision.colour_math import distance, exact_lab, median, to_lab
from puzzlebot.vision.lattice import EDGE_STEP, MIN_BLOB_SIDE, Lattice

# A Sobel step on Lab counts four times the step (see lattice.gradient).
SOBEL_GAIN = 4.0
# A run is at least MIN_RUN pixels of edge in one column (row).
MIN_RUN = 6
# The board's sides: runs at least SIDE_SHARE of the square's side long
# (rounded board corners take a little of each), meeting in a square whose
# sides differ by at most SQUARE_TOLERANCE; a side's runs lie within
# LINE_NEAR pixels of its line.
SIDE_SHARE, SQUARE_TOLERANCE, LINE_NEAR = 0.8, 0.06, 2.0
# The largest MAX_SQUARES squares are tried (a lined board bounds hundreds,
# one per block of its cells; the board itself is among the first).
MAX_SQUARES = 40
# A size fits when runs at least RUN_SHARE of its pitch long (region
# boundaries are whole sides; crowns and marks are under half a pitch) lie
# within LINE_FIT of a pitch of its lines (a line's two edges lie half its
# width either side; a square on a frame's outer edge is off by the frame's
# width: 5 px at a 33 px pitch, 0.16 of it), ON_LINES of their length at
# least, and they are found on LINES_SHOWN of its inner lines (a Queens
# board's regions meet across most of them).
RUN_SHARE, LINE_FIT, ON_LINES, LINES_SHOWN = 0.7, 0.2, 0.97, 0.6
# Beyond each side, from AROUND[0] to AROUND[1] pitches out, the colour
# across the strip (its median) stays within PLAIN_STEP Lab units of a
# straight-line fit along the side (a page shaded from one colour to
# another), along PLAIN_SHARE of the side (a frame, then the page; a word of
# a header close by may spoil a little of it).
AROUND, PLAIN_STEP, PLAIN_SHARE = (0.1, 0.35), 10.0, 0.9
# A board's edge, FRAME_BAND of a pitch right outside its cells (its frame,
# or the page), runs on unbroken: within FRAME_STEP Lab units of a straight
# line fit along each side, but for stretches shorter than FRAME_RUN of a
# pitch, CORNER_ROUND of a pitch from each end left out (rounded corners).
FRAME_BAND, FRAME_STEP, FRAME_RUN, CORNER_ROUND = 0.1, 25.0, 0.2, 0.35
# The band starts EDGE_SKIP of a pitch (two pixels at least) out: a lattice
# a pixel or two off leaves the cells' own edge there.
EDGE_SKIP = 0.04

# The surroundings are sampled ALONG_SAMPLES times a pitch (a phone's
# screenshot has 130 px cells).
ALONG_SAMPLES = 32

# Runs are rows of an array: across (x of a vertical run), from, to (along).
AT, LO, HI = 0, 1, 2


def _runs(mask: np.ndarray, vertical: bool) -> np.ndarray:
    """The runs of ``mask`` at least MIN_RUN long, each in one column
    (``vertical``) or row of pixels: an edge two or three pixels wide gives
    two or three side by side, a thin line's two edges never join."""
    m = (mask.T if vertical else mask).astype(np.int8)  # one row per column (row) of the image
    step = np.diff(np.pad(m, ((0, 0), (1, 1))), axis=1)
    at, lo = np.nonzero(step == 1)
    hi = np.nonzero(step == -1)[1]  # the same order: by line, then along it
    keep = hi - lo >= MIN_RUN
    return np.stack([at[keep], lo[keep], hi[keep]], axis=1).astype(np.float64)


def straight_edges(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The image's vertical and horizontal runs of colour change."""
    lab = exact_lab(img)
    gx = cv2.Sobel(lab, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(lab, cv2.CV_32F, 0, 1, ksize=3)
    ax = np.sqrt((gx * gx).sum(axis=2)) / SOBEL_GAIN
    ay = np.sqrt((gy * gy).sum(axis=2)) / SOBEL_GAIN
    return _runs((ax > EDGE_STEP) & (ax >= ay), True), _runs((ay > EDGE_STEP) & (ay > ax), False)


def _lines(runs: np.ndarray, least: float) -> np.ndarray:
    """Where runs, joined along one line (a side broken where borders meet
    it), add up to SIDE_SHARE of ``least`` pixels: candidate sides."""
    if not len(runs):
        return np.zeros(0)
    at, length = runs[:, AT], runs[:, HI] - runs[:, LO]
    total = np.bincount(np.round(at).astype(int), weights=length)
    near = np.convolve(total, np.ones(3), "same")  # a side's runs within a pixel of each other
    peak = (near >= SIDE_SHARE * least) & (near >= np.roll(near, 1)) & (near > np.roll(near, -1))
    return np.array([np.average(at[np.abs(at - x) <= 1.5], weights=length[np.abs(at - x) <= 1.5])
                     for x in np.flatnonzero(peak)])


def _coverage(runs: np.ndarray, lines: np.ndarray, size: int) -> np.ndarray:
    """For each of ``lines``, how many of the pixels before each point along
    it the runs within LINE_NEAR of it cover (cumulative: a stretch's cover
    is a difference)."""
    cover = np.zeros((len(lines), size + 1), np.int32)
    for i, at in enumerate(lines):
        on = np.zeros(size, bool)
        for _, lo, hi in runs[np.abs(runs[:, AT] - at) <= LINE_NEAR]:
            on[int(lo):int(hi)] = True
        cover[i, 1:] = np.cumsum(on)
    return cover


def _covered(cover: np.ndarray, i, lo: float, hi: float):
    """Whether line(s) ``i`` of ``cover`` are covered along SIDE_SHARE of lo..hi."""
    a, b = int(round(lo)), int(round(hi))
    return cover[i, b] - cover[i, a] >= SIDE_SHARE * (b - a)


def squares(vs: np.ndarray, hs: np.ndarray, least: int, shape: tuple[int, int]
            ) -> list[tuple[float, float, float, float]]:
    """Squares (x0, y0, x1, y1) at least ``least`` a side bounded by runs on
    all four sides, largest first; ``shape``: the image's (height, width)."""
    xs, ys = _lines(vs, least), _lines(hs, least)
    if not len(xs) or not len(ys):
        return []
    cover_v, cover_h = _coverage(vs, xs, shape[0]), _coverage(hs, ys, shape[1])
    out = []
    for i, left in enumerate(xs):
        for j in range(i + 1, len(xs)):
            right = xs[j]
            side = right - left
            if side < least:
                continue
            ends = np.flatnonzero(_covered(cover_h, slice(None), left, right))  # tops and bottoms
            for t in ends:
                for b in ends[np.abs(ys[ends] - ys[t] - side) <= SQUARE_TOLERANCE * side]:
                    if _covered(cover_v, i, ys[t], ys[b]) and _covered(cover_v, j, ys[t], ys[b]):
                        out.append((float(left), float(ys[t]), float(right), float(ys[b])))
    return sorted(out, key=lambda b: -(b[2] - b[0]) * (b[3] - b[1]))


def _fits(runs: np.ndarray, start: float, side: float, ns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each count ``ns`` of cells over ``start``..``start + side``: the
    share of the long runs' length on the lattice's lines, and the share of
    its inner lines they show."""
    length = runs[:, HI] - runs[:, LO]
    pitch = side / ns[:, None]
    u = (runs[None, :, AT] - start) / pitch
    long = (length[None, :] >= RUN_SHARE * pitch) & (u >= -LINE_FIT) & (u <= ns[:, None] + LINE_FIT)
    k = np.round(u).astype(np.int64)
    on = long & (np.abs(u - k) <= LINE_FIT)
    weight = (long * length).sum(axis=1)
    share = np.where(weight > 0, (on * length).sum(axis=1) / np.maximum(weight, 1), 0.0)
    rows, cols = np.nonzero(on & (k > 0) & (k < ns[:, None]))
    shown = np.zeros((len(ns), int(ns.max()) + 1), bool)
    shown[rows, k[rows, cols]] = True
    return share, shown.sum(axis=1) / np.maximum(ns - 1, 1)


def _inside(runs: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """The runs that lie within lo..hi along their line (a pixel or two spare)."""
    return runs[(runs[:, LO] >= lo - 2) & (runs[:, HI] <= hi + 2)]


def size_in(vs: np.ndarray, hs: np.ndarray, box: tuple[float, float, float, float], sizes: range) -> int | None:
    """The fewest cells a side (of ``sizes``) whose lattice over ``box``
    carries the runs inside it, or None."""
    x0, y0, x1, y1 = box
    ns = np.arange(sizes.start, sizes.stop)
    on_x, shown_x = _fits(_inside(vs, y0, y1), x0, x1 - x0, ns)
    on_y, shown_y = _fits(_inside(hs, x0, x1), y0, y1 - y0, ns)
    fit = np.flatnonzero((np.minimum(on_x, on_y) >= ON_LINES) & ((shown_x + shown_y) / 2 >= LINES_SHOWN))
    return int(ns[fit[0]]) if len(fit) else None


def _refit(runs: np.ndarray, start: float, side: float, n: int) -> tuple[float, float]:
    """(first line, pitch) of ``n`` cells over ``start``..``start + side``
    fitted to the long runs on its inner lines (least squares, by length):
    the square's sides may be a frame's edges, a pixel or three off the
    cells' own."""
    pitch = side / n
    length = runs[:, HI] - runs[:, LO]
    u = (runs[:, AT] - start) / pitch
    k = np.round(u)
    on = (length >= RUN_SHARE * pitch) & (np.abs(u - k) <= LINE_FIT) & (k > 0) & (k < n)
    if len(np.unique(k[on])) < 2:
        return start, pitch
    w = np.sqrt(length[on])
    (step, first), *_ = np.linalg.lstsq(np.stack([k[on], np.ones(int(on.sum()))], axis=1) * w[:, None],
                                        runs[on, AT] * w, rcond=None)
    return float(first), float(step)


def _stride(lat: Lattice) -> int:
    """Every how many pixels the surroundings are sampled: ALONG_SAMPLES a pitch."""
    return max(1, int(lat.px // ALONG_SAMPLES))


def _uneven(colours: np.ndarray) -> np.ndarray:
    """How far (Lab) each of ``colours`` (positions along a side first, then
    any others, Lab last) lies from a straight-line fit along the side: a
    page evenly shaded from one colour to another lies on it."""
    flat = colours.reshape(len(colours), -1)
    along = np.stack([np.ones(len(flat)), np.linspace(0.0, 1.0, len(flat))], axis=1)
    fit = along @ np.linalg.lstsq(along, flat, rcond=None)[0]
    return distance(colours, fit.astype(np.float32).reshape(colours.shape))


def unplain_side(lab: np.ndarray, lat: Lattice) -> str | None:
    """The first side of the board on ``lat`` past which the image is not
    plain (see AROUND), as far as it goes; None when it is plain all round."""
    x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
    near, far = int(round(AROUND[0] * lat.px)), int(round(AROUND[1] * lat.px))
    k = _stride(lat)
    strips = {"top": lab[max(0, y0 - far):max(0, y0 - near):k, x0:x1:k].transpose(1, 0, 2),
              "bottom": lab[y1 + near:y1 + far:k, x0:x1:k].transpose(1, 0, 2),
              "left": lab[y0:y1:k, max(0, x0 - far):max(0, x0 - near):k],
              "right": lab[y0:y1:k, x1 + near:x1 + far:k]}  # each along the side, then across it
    for side, strip in strips.items():
        if strip.shape[0] == 0 or strip.shape[1] == 0:
            continue  # the image ends at the board: the reader's wholeness check says so
        if float(np.mean(_uneven(median(strip, axis=1)) <= PLAIN_STEP)) < PLAIN_SHARE:
            return side
    return None


def broken_frame(lab: np.ndarray, lat: Lattice) -> str | None:
    """The first side of the board on ``lat`` whose edge (its frame, or the
    page right past it) is broken: along the side, past the rounded corners
    (CORNER_ROUND of a pitch at each end), some pixel row of the band
    FRAME_BAND wide outside the cells (from EDGE_SKIP out) leaves a
    straight-line fit by FRAME_STEP for FRAME_RUN of a pitch together (a
    window over a corner of the board, as plain as the cells it hides, cuts
    the frame); None when none is."""
    h, w = lab.shape[:2]
    x0, y0, x1, y1 = lat.bbox
    depth = max(2, int(round(FRAME_BAND * lat.px)))
    cut = int(round(CORNER_ROUND * lat.px))
    skip = max(2, int(round(EDGE_SKIP * lat.px)))
    top, bottom = int(np.ceil(y0)) - skip, int(np.floor(y1)) + skip  # the pixel rows (columns) outward from there
    left, right = int(np.ceil(x0)) - skip, int(np.floor(x1)) + skip
    k = _stride(lat)
    xs, ys = slice(int(x0) + cut, int(x1) - cut, k), slice(int(y0) + cut, int(y1) - cut, k)
    bands = {"top": lab[max(0, top - depth + 1):top + 1, xs].transpose(1, 0, 2),
             "bottom": lab[bottom:min(h, bottom + depth), xs].transpose(1, 0, 2),
             "left": lab[ys, max(0, left - depth + 1):left + 1], "right": lab[ys, right:min(w, right + depth)]}
    for side, band in bands.items():  # each along the side, then across it
        if band.shape[0] < 2 or band.shape[1] == 0:
            continue  # the image ends at the board: the reader's wholeness check says so
        off = _uneven(band).max(axis=1) > FRAME_STEP
        edges = np.flatnonzero(np.diff(np.concatenate([[0], off.astype(np.int8), [0]])))
        if len(edges) and k * int(np.max(edges[1::2] - edges[::2])) >= FRAME_RUN * lat.px:
            return side
    return None


def region_lattice(img: np.ndarray, sizes: range) -> Lattice | None:
    """The lattice of a square board of flat regions in ``img``, with
    ``sizes`` cells a side allowed; None when there is none."""
    vs, hs = straight_edges(img)
    lab = None
    for box in squares(vs, hs, MIN_BLOB_SIDE * sizes.start, img.shape[:2])[:MAX_SQUARES]:
        n = size_in(vs, hs, box, sizes)
        if n is None:
            continue
        x0, y0, x1, y1 = box
        (x0, px), (y0, py) = (_refit(_inside(vs, y0, y1), x0, x1 - x0, n),
                              _refit(_inside(hs, x0, x1), y0, y1 - y0, n))
        lat = Lattice(x0, y0, px, py, n, n)
        lab = to_lab(img) if lab is None else lab
        if unplain_side(lab, lat) is None:
            return lat
    return None
