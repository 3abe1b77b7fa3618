"""Finding a board's cell lattice from the image's own structure.

A board is a grid of similar cells at a regular pitch.  We find *blobs*
(regions bounded by colour or brightness edges, of a cell-like shape), link
each blob to its nearest similar-sized neighbour to the right and below,
take the dominant spacing as the pitch, give linked blobs integer (row, col)
coordinates, and fit the lattice origin and pitch by least squares.  Blobs of
different sizes that sit on the same lattice (lit and unlit cells often
differ) are merged.  Nothing depends on fixed colours, positions or sizes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.vision.colour_math import exact_lab, median, to_lab8
from puzzlebot.vision.masks import grown

# A cell's mean colour is taken over its box shrunk by this share of the pitch
# on every side: borders and the neighbours' glow stay out.
MEANS_INSET = 0.15

# --- blobs: cell-like regions bounded by edges ------------------------------------

# A pixel is on an edge where colour or brightness changes by more than this
# (Lab units, about the step's size): above anti-aliasing and JPEG noise.
EDGE_STEP = 10.0
# A blob is at least MIN_BLOB_SIDE pixels a side, at most MAX_BLOB_SHARE of the
# image's longer side, its width BLOB_NARROW to BLOB_WIDE times its height,
# and fills BLOB_FILL of its box (a cell, not a line or a letter).
MIN_BLOB_SIDE, MAX_BLOB_SHARE, BLOB_NARROW, BLOB_WIDE, BLOB_FILL = 7, 0.6, 0.4, 2.5, 0.5
# Blobs are one size when their sides differ by at most this share.
SAME_SIZE = 0.35

# --- the pitch ------------------------------------------------------------------

# Candidate pitches come from the shorter half of the spacings (at least
# PITCH_CANDIDATES_MIN of them, at most PITCH_CANDIDATES tried), split up to
# PITCH_SPLITS ways; a pitch explains a spacing that lies within PITCH_FIT of
# a whole multiple, over spacings up to PITCH_REACH pitches (a small pitch
# error adds up over many cells), and must explain PITCH_SHARE of them.
PITCH_CANDIDATES_MIN, PITCH_CANDIDATES, PITCH_SPLITS = 3, 80, 3
PITCH_FIT, PITCH_REACH, PITCH_SHARE = 0.12, 5.5, 0.85
# Two blobs are in one row (column) when their centres are within SAME_LINE
# of a blob's height (width); a pitch is at least MIN_PITCH of a blob's side.
SAME_LINE, MIN_PITCH = 0.3, 0.85
# A blob is on the lattice's phase within PHASE_FIT of a pitch, half a pitch
# off (a checkerboard, or a second lattice) within the same.
PHASE_FIT = 0.22
# Halve the pitch when at least HALVE_SHARE of the blobs (and HALVE_MIN) sit
# half a pitch out of phase in one axis, at most HALVE_ROUNDS times.
HALVE_SHARE, HALVE_MIN, HALVE_ROUNDS = 0.25, 2, 3
# A least-squares pitch under FIT_PITCH_FLOOR of the first estimate is
# a fit to too few cells: the estimate is kept.
FIT_PITCH_FLOOR = 0.5
# Occupied cells are one cluster when at most CLUSTER_GAP cells apart (one
# missing cell between them allowed).
CLUSTER_GAP = 2

# --- choosing among lattices ---------------------------------------------------------

# A lattice is scored by its cells, how many of them blobs back (squared), how
# much of a cell its blobs fill (up to FILL_FULL: dots and glyphs much less)
# and how far they sit from its centres (RESIDUAL_WEIGHT per pitch).
FILL_FULL, RESIDUAL_WEIGHT = 0.2, 4.0
# The search stops early at a clean fit: blobs back CLEAN_COVERAGE of the
# cells, sit within CLEAN_RESIDUAL of a pitch from their centres and fill
# at least FILL_FULL of them.
CLEAN_COVERAGE, CLEAN_RESIDUAL = 0.999, 0.08


@dataclass(frozen=True)
class Lattice:
    """Cell (r, c) spans x0 + c*px .. x0 + (c+1)*px (likewise y)."""

    x0: float
    y0: float
    px: float
    py: float
    rows: int
    cols: int

    def center(self, r: int, c: int) -> tuple[float, float]:
        return self.x0 + (c + 0.5) * self.px, self.y0 + (r + 0.5) * self.py

    def box(self, r: int, c: int, inset: float = 0.0) -> tuple[int, int, int, int]:
        """Cell box (x0, y0, x1, y1), shrunk by ``inset`` (fraction of the pitch) per side."""
        x = self.x0 + c * self.px
        y = self.y0 + r * self.py
        return (int(round(x + inset * self.px)), int(round(y + inset * self.py)),
                int(round(x + (1 - inset) * self.px)), int(round(y + (1 - inset) * self.py)))

    def cell_means(self, img: np.ndarray, inset: float = MEANS_INSET) -> np.ndarray:
        """Mean colour of each cell's middle, shape (rows, cols, channels),
        from an integral image: one pass over the pixels, not one per cell
        (the run loop's cheap test of whether the board has changed)."""
        h, w = img.shape[:2]
        ii = cv2.integral(img).astype(np.float64)  # (h+1, w+1, channels)
        boxes = np.array([self.box(r, c, inset) for r in range(self.rows) for c in range(self.cols)], np.int64)
        x0, y0 = np.clip(boxes[:, 0], 0, w), np.clip(boxes[:, 1], 0, h)
        x1, y1 = np.clip(boxes[:, 2], x0, w), np.clip(boxes[:, 3], y0, h)
        sums = ii[y1, x1] - ii[y0, x1] - ii[y1, x0] + ii[y0, x0]
        area = np.maximum((x1 - x0) * (y1 - y0), 1)[:, None]
        return (sums / area).reshape(self.rows, self.cols, -1).astype(np.float32)

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        return self.x0, self.y0, self.x0 + self.cols * self.px, self.y0 + self.rows * self.py

    def as_dict(self, digits: int | None = 2) -> dict:
        """The one serialised form (``detect --json``, saved profiles, our
        data's labels): top-left grid corner, pitch, size."""
        def r(v: float) -> float:
            return float(v) if digits is None else round(float(v), digits)

        return {"x0": r(self.x0), "y0": r(self.y0), "pitch_x": r(self.px), "pitch_y": r(self.py),
                "rows": self.rows, "cols": self.cols}

    def shifted(self, dx: float, dy: float) -> "Lattice":
        """The same lattice in an image whose origin is at (dx, dy) of this
        one's (a crop starting there): positions move by (-dx, -dy)."""
        return Lattice(self.x0 - dx, self.y0 - dy, self.px, self.py, self.rows, self.cols)

    def scaled(self, k: float) -> "Lattice":
        """The same lattice in the image resized by ``k``."""
        return Lattice(self.x0 * k, self.y0 * k, self.px * k, self.py * k, self.rows, self.cols)

    def sub(self, r0: int, c0: int, rows: int, cols: int) -> "Lattice":
        """The cells r0..r0+rows-1, c0..c0+cols-1 as a lattice of their own
        (negative r0/c0 grow the lattice outward)."""
        return Lattice(self.x0 + c0 * self.px, self.y0 + r0 * self.py, self.px, self.py, rows, cols)

    def crop_box(self, margin: float, width: int, height: int) -> tuple[int, int, int, int]:
        """Pixel box (x0, y0, x1, y1) around the board with ``margin``
        pitches on every side, clipped to a width x height image."""
        x0, y0, x1, y1 = self.bbox
        return (int(max(0, np.floor(x0 - margin * self.px))), int(max(0, np.floor(y0 - margin * self.py))),
                int(min(width, np.ceil(x1 + margin * self.px))), int(min(height, np.ceil(y1 + margin * self.py))))

    def crop(self, img: np.ndarray, margin: float) -> tuple[np.ndarray, "Lattice", tuple[int, int]]:
        """The board's neighbourhood of ``img``, this lattice in the crop's
        coordinates, and the crop's origin in ``img``."""
        x0, y0, x1, y1 = self.crop_box(margin, img.shape[1], img.shape[0])
        return np.ascontiguousarray(img[y0:y1, x0:x1]), self.shifted(x0, y0), (x0, y0)

    def on_grid_of(self, other: "Lattice", pitch_tol: float, phase_tol: float, per_cell: float = 0.0) -> bool:
        """Whether this lattice's cells fall on ``other``'s grid: pitches
        within ``pitch_tol`` (a share of ``other``'s), and origins a whole
        number k of cells apart, off by at most ``phase_tol + per_cell * k``
        pitches (a small pitch error adds up over k cells).  The one way
        lattices are compared: each caller names its tolerances."""
        for a, b, off in ((self.px, other.px, self.x0 - other.x0), (self.py, other.py, self.y0 - other.y0)):
            if abs(a - b) > pitch_tol * b:
                return False
            p = (a + b) / 2
            k = round(off / p)
            if abs(off - k * p) > (phase_tol + per_cell * abs(k)) * p:
                return False
        return True

    def drift(self, other: "Lattice") -> float:
        """How far (pixels) any grid line of ``other`` lies from this one's,
        for lattices of the same size: the origins' offset, or the pitch
        difference added up over the board."""
        return max(abs(self.x0 - other.x0), abs(self.y0 - other.y0),
                   abs(self.px - other.px) * self.cols, abs(self.py - other.py) * self.rows)

    def valid(self) -> bool:
        """Finite numbers, a positive pitch and at least one cell."""
        vals = (self.x0, self.y0, self.px, self.py)
        return all(np.isfinite(v) for v in vals) and self.px > 0 and self.py > 0 and self.rows > 0 and self.cols > 0


@dataclass
class Blob:
    """A connected shape in a mask: its centre, size and area in pixels."""
    cx: float
    cy: float
    w: int
    h: int
    area: int
    x: int = 0
    y: int = 0


@dataclass
class LatticeFit:
    """A lattice fitted to shapes, the shapes on it, and how far off they sit."""
    lattice: Lattice
    members: list[tuple[int, int, Blob]] = field(repr=False)  # (row, col, blob)
    residual: float = 0.0  # mean distance of member centres from the lattice, in pitches

    @property
    def coverage(self) -> float:
        cells = {(r, c) for r, c, _ in self.members}
        return len(cells) / (self.lattice.rows * self.lattice.cols)


def gradient(img: np.ndarray, lab: np.ndarray | None = None) -> np.ndarray:
    """Per-pixel colour/brightness change: the Sobel gradient magnitude in
    Lab space (L on 0-100, all three channels together); a sharp step of
    size s gives about s.  ``lab``: the image's :func:`exact_lab`, when the
    caller has it already."""
    lab = exact_lab(img) if lab is None else lab
    gx = cv2.Sobel(lab, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(lab, cv2.CV_32F, 0, 1, ksize=3)
    gx *= gx
    gy *= gy
    gx += gy
    sq = cv2.transform(gx, np.ones((1, 3), np.float32))
    np.sqrt(sq, out=sq)
    sq *= np.float32(0.25)  # a 3x3 Sobel weighs a step by 4
    return sq


def edge_map(img: np.ndarray, threshold: float = EDGE_STEP, grad: np.ndarray | None = None) -> np.ndarray:
    """Pixels where colour or brightness changes by more than ``threshold``."""
    return (gradient(img) if grad is None else grad) > threshold


def find_blobs(img: np.ndarray, min_side: int = MIN_BLOB_SIDE, threshold: float = EDGE_STEP,
               grad: np.ndarray | None = None) -> list[Blob]:
    """Cell-like regions bounded by edges above ``threshold``."""
    return _regions(~edge_map(img, threshold, grad), min_side)


def canny_edges(img: np.ndarray, low: float, high: float) -> np.ndarray:
    """Canny (with hysteresis) on each Lab channel, joined and thickened by a
    pixel: a faint cell side is kept when it continues a strong one, which
    closes low-contrast tiles that a plain threshold leaves open."""
    lab = to_lab8(img)
    e = np.zeros(img.shape[:2], np.uint8)
    for ch in range(3):
        e |= cv2.Canny(np.ascontiguousarray(lab[:, :, ch]), low, high, L2gradient=True)
    return grown(e)


def find_blobs_canny(img: np.ndarray, low: float, high: float, min_side: int = MIN_BLOB_SIDE) -> list[Blob]:
    return _regions(~canny_edges(img, low, high), min_side, grow=1)


def _regions(inside: np.ndarray, min_side: int, grow: int = 0) -> list[Blob]:
    """Connected regions of ``inside`` with a cell-like shape: not tiny, not
    huge, roughly square, and filling most of their box.  ``grow`` adds back
    what thickened edges took from each side."""
    h, w = inside.shape
    n, labels, stats, cents = cv2.connectedComponentsWithStats(inside.astype(np.uint8), connectivity=4)
    keep = np.ones(n, bool)
    keep[0] = False
    bw, bh, area = stats[:, 2] + 2 * grow, stats[:, 3] + 2 * grow, stats[:, 4]
    max_side = MAX_BLOB_SHARE * max(h, w)
    keep &= (bw >= min_side) & (bh >= min_side) & (bw <= max_side) & (bh <= max_side)
    keep &= (bw >= BLOB_NARROW * bh) & (bw <= BLOB_WIDE * bh) & (area >= BLOB_FILL * (bw - 2 * grow) * (bh - 2 * grow))
    return [Blob(float(cents[i][0]), float(cents[i][1]), int(bw[i]), int(bh[i]), int(area[i]),
                 int(stats[i, 0]), int(stats[i, 1])) for i in np.flatnonzero(keep)]


def _similar(a: Blob, b: Blob, tol: float = SAME_SIZE) -> bool:
    return abs(a.w - b.w) <= tol * max(a.w, b.w) and abs(a.h - b.h) <= tol * max(a.h, b.h)


def _size_groups(blobs: list[Blob]) -> list[list[Blob]]:
    """Blobs of similar size, greedily grouped (largest groups first)."""
    groups: list[list[Blob]] = []
    for b in sorted(blobs, key=lambda b: b.w * b.h):
        for g in groups:
            if _similar(g[len(g) // 2], b):
                g.append(b)
                break
        else:
            groups.append([b])
    return sorted(groups, key=len, reverse=True)


def estimate_pitch(diffs: np.ndarray, min_pitch: float) -> float | None:
    """The largest spacing of which (nearly) all near ``diffs`` are whole
    multiples (:func:`_fit_group` halves it for sparse checkerboards).
    Candidates come from the shorter half of the spacings, so a few stray
    close pairs (small icons near the board) cannot hide the pitch."""
    diffs = np.sort(diffs[diffs >= min_pitch])
    if diffs.size == 0:
        return None
    short = diffs[: max(PITCH_CANDIDATES_MIN, diffs.size // 2)]
    best = None
    halves = np.round(short * 2) / 2  # sorted, as short is: its distinct values are where it steps
    for base in halves[np.r_[True, halves[1:] != halves[:-1]]][:PITCH_CANDIDATES]:
        for k in range(1, PITCH_SPLITS + 1):
            p = base / k
            if p < min_pitch:
                break
            near = diffs[diffs <= PITCH_REACH * p]
            q = near / p
            if np.mean(np.abs(q - np.round(q)) < PITCH_FIT) >= PITCH_SHARE and (best is None or p > best):
                best = p
    if best is None:
        return None
    near = diffs[diffs <= PITCH_REACH * best]
    q = np.round(near / best)
    ok = np.abs(near / best - q) < PITCH_FIT
    return float(np.sum(near[ok] * q[ok]) / np.sum(q[ok] ** 2))


def _fit_group(group: list[Blob], min_cells: int) -> list["LatticeFit"]:
    xs = np.array([b.cx for b in group])
    ys = np.array([b.cy for b in group])
    w = float(median([b.w for b in group]))
    h = float(median([b.h for b in group]))
    dx = xs[None, :] - xs[:, None]
    dy = ys[None, :] - ys[:, None]
    row_pairs = (np.abs(dy) < SAME_LINE * h) & (dx > 0)
    col_pairs = (np.abs(dx) < SAME_LINE * w) & (dy > 0)
    px = estimate_pitch(dx[row_pairs], MIN_PITCH * w)
    py = estimate_pitch(dy[col_pairs], MIN_PITCH * h)
    if px is None and py is None:
        return []
    px = px or py * w / h
    py = py or px * h / w

    def phases(px: float, py: float):
        phx = np.angle(np.mean(np.exp(2j * np.pi * xs / px))) / (2 * np.pi) * px
        phy = np.angle(np.mean(np.exp(2j * np.pi * ys / py))) / (2 * np.pi) * py
        fx = ((xs - phx) / px) % 1.0
        fy = ((ys - phy) / py) % 1.0
        cx = np.where(np.minimum(fx, 1 - fx) < PHASE_FIT, 0, np.where(np.abs(fx - 0.5) < PHASE_FIT, 1, -1))
        cy = np.where(np.minimum(fy, 1 - fy) < PHASE_FIT, 0, np.where(np.abs(fy - 0.5) < PHASE_FIT, 1, -1))
        return phx, phy, cx, cy

    # Blobs half a pitch out of phase in ONE axis: lit cells two apart in
    # every row (a checkerboard), so the true pitch is half.  Out of phase in
    # BOTH axes at once: a second lattice (e.g. the gaps where four tiles
    # meet), fitted on its own below.
    phx, phy, cx, cy = phases(px, py)
    enough = max(HALVE_MIN, HALVE_SHARE * len(group))  # a checkerboard puts about half out of phase
    for _ in range(HALVE_ROUNDS):
        halve_x = np.sum((cx == 1) & (cy == 0)) >= enough and px / 2 >= MIN_PITCH * w
        halve_y = np.sum((cx == 0) & (cy == 1)) >= enough and py / 2 >= MIN_PITCH * h
        if not (halve_x or halve_y):
            break
        px, py = (px / 2 if halve_x else px), (py / 2 if halve_y else py)
        phx, phy, cx, cy = phases(px, py)
    fits = []
    for sx, sy in ((0, 0), (1, 1)):
        sel = (cx == sx) & (cy == sy)
        if sel.sum() >= min_cells:
            fits.extend(_cluster_fits([g for g, k in zip(group, sel) if k], xs[sel], ys[sel],
                                      phx + sx * px / 2, phy + sy * py / 2, px, py, min_cells))
    return fits


def _cluster_fits(group: list[Blob], xs: np.ndarray, ys: np.ndarray, phx: float, phy: float,
                  px: float, py: float, min_cells: int) -> list["LatticeFit"]:
    """Lattices from blobs on one phase: each contiguous cluster of occupied
    cells (gaps of one missing cell allowed), fitted by least squares."""
    cells: dict[tuple[int, int], Blob] = {}
    for b, c, r in zip(group, np.round((xs - phx) / px).astype(int), np.round((ys - phy) / py).astype(int)):
        cells.setdefault((int(r), int(c)), b)
    fits = []
    seen: set[tuple[int, int]] = set()
    for start in cells:
        if start in seen:
            continue
        comp = [start]
        seen.add(start)
        todo = deque([start])
        while todo:
            r, c = todo.popleft()
            for dr in range(-CLUSTER_GAP, CLUSTER_GAP + 1):
                for dc in range(-CLUSTER_GAP, CLUSTER_GAP + 1):
                    nb = (r + dr, c + dc)
                    if nb in cells and nb not in seen:
                        seen.add(nb)
                        comp.append(nb)
                        todo.append(nb)
        if len(comp) < min_cells:
            continue
        rr = np.array([r for r, _ in comp])
        cc = np.array([c for _, c in comp])
        if np.ptp(rr) == 0 or np.ptp(cc) == 0:
            continue  # a lattice needs support in both directions (not a line of letters)
        bx = np.array([cells[k].cx for k in comp])
        by = np.array([cells[k].cy for k in comp])
        x_a, fpx = _fit_axis(cc, bx)
        y_a, fpy = _fit_axis(rr, by)
        fpx = fpx if fpx > FIT_PITCH_FLOOR * px else px
        fpy = fpy if fpy > FIT_PITCH_FLOOR * py else py
        if np.ptp(cc) == 0:
            x_a = float(np.mean(bx - cc * fpx))
        if np.ptp(rr) == 0:
            y_a = float(np.mean(by - rr * fpy))
        r0, c0 = int(rr.min()), int(cc.min())
        lat = Lattice(x_a + (c0 - 0.5) * fpx, y_a + (r0 - 0.5) * fpy, fpx, fpy,
                      int(rr.max() - r0 + 1), int(cc.max() - c0 + 1))
        members = [(r - r0, c - c0, cells[(r, c)]) for r, c in comp]
        res = float(np.mean([np.hypot((b.cx - lat.center(r, c)[0]) / fpx, (b.cy - lat.center(r, c)[1]) / fpy)
                             for r, c, b in members]))
        fits.append(LatticeFit(lat, members, res))
    return fits


def _fit_axis(idx: np.ndarray, pos: np.ndarray) -> tuple[float, float]:
    """Least squares pos = a + idx * p; returns (a, p)."""
    if np.ptp(idx) == 0:
        return float(np.mean(pos)), 0.0
    A = np.stack([np.ones_like(idx, dtype=np.float64), idx.astype(np.float64)], axis=1)
    (a, p), *_ = np.linalg.lstsq(A, pos.astype(np.float64), rcond=None)
    return float(a), float(p)


def fit_lattices(blobs: list[Blob], min_cells: int = 4) -> list[LatticeFit]:
    """Every lattice the blobs support, best first (most member cells)."""
    fits = []
    for group in _size_groups(blobs):
        if len(group) >= min_cells:
            fits.extend(_fit_group(group, min_cells))
    return merge_fits(fits)


# Two partial fits are parts of one lattice when their pitches differ by at
# most MERGE_PITCH (a share) and their origins lie a whole number k of cells
# apart within MERGE_PHASE + MERGE_PER_CELL * k pitches (a 2% pitch error adds
# up over the distance between them).
MERGE_PITCH, MERGE_PHASE, MERGE_PER_CELL = 0.06, 0.2, 0.02


def _compatible(a: Lattice, b: Lattice) -> bool:
    return b.on_grid_of(a, MERGE_PITCH, MERGE_PHASE, MERGE_PER_CELL)


# Parts of one lattice whose blobs lie this far apart from one another
# (share of the pitch) beyond their cells' spacing are offset from the
# cells' centres differently (a lamp's glint, a whole cell): each keeps its
# own origin; nearer, they are one measure of the cells' centres, pooled.
PART_APART = 0.05


def _fit_parts(idx: np.ndarray, pos: np.ndarray, part: np.ndarray, origin: int, pitch: float) -> tuple[float, float]:
    """Least squares pos = a[part] + idx * p, one pitch for all parts and an
    origin each; returns (part ``origin``'s a, p), or, where the origins
    lie within PART_APART of a pitch of one another, the fit of one origin
    for all.  Where no part's own indices differ (nothing measures the
    pitch) or the fit is not positive: ``pitch``."""
    k = int(part.max()) + 1
    p = 0.0
    if any(np.ptp(idx[part == j]) > 0 for j in range(k) if (part == j).any()):
        A = np.zeros((len(idx), k + 1))
        A[np.arange(len(idx)), part] = 1.0
        A[:, k] = idx
        sol, *_ = np.linalg.lstsq(A, pos.astype(np.float64), rcond=None)
        p = float(sol[k])
        present = [j for j in range(k) if (part == j).any()]
        if p > 0 and max(abs(sol[j] - sol[origin]) for j in present) <= PART_APART * p:
            a, pooled = _fit_axis(idx, pos)
            if pooled > 0:
                return a, pooled
    p = p if p > 0 else pitch
    mine = part == origin
    return float(np.mean(pos[mine] - idx[mine] * p)), p


def merge_fits(fits: list[LatticeFit]) -> list[LatticeFit]:
    """Join fits that are parts of one lattice (e.g. lit and unlit blobs).
    The parts share one pitch; where their origins lie apart (PART_APART:
    the glint of a lit lamp's picture lies left of and above its middle, a
    whole cell's blob does not) the lattice's origin is that of the part
    whose blobs are largest (the most of their cells: the likeliest
    centred), else all are pooled (see :func:`_fit_parts`)."""
    fits = sorted(fits, key=lambda f: -len(f.members))
    merged: list[LatticeFit] = []
    parts: dict[int, list[int]] = {}  # per merged fit: the part each of its members came from
    for f in fits:
        for m in merged:
            if _compatible(m.lattice, f.lattice):
                base = m.lattice
                dr = int(round((f.lattice.y0 - base.y0) / base.py))
                dc = int(round((f.lattice.x0 - base.x0) / base.px))
                members = m.members + [(r + dr, c + dc, b) for r, c, b in f.members]
                part = np.array(parts[id(m)] + [max(parts[id(m)]) + 1] * len(f.members))
                r0 = min(r for r, _, _ in members)
                c0 = min(c for _, c, _ in members)
                members = [(r - r0, c - c0, b) for r, c, b in members]
                rows = max(r for r, _, _ in members) + 1
                cols = max(c for _, c, _ in members) + 1
                cc = np.array([c for _, c, _ in members])
                rr = np.array([r for r, _, _ in members])
                area = np.array([b.w * b.h for _, _, b in members], float)
                origin = max(set(part.tolist()), key=lambda j: float(median(area[part == j])))
                x_a, px = _fit_parts(cc, np.array([b.cx for _, _, b in members]), part, origin, base.px)
                y_a, py = _fit_parts(rr, np.array([b.cy for _, _, b in members]), part, origin, base.py)
                m.lattice = Lattice(x_a - 0.5 * px, y_a - 0.5 * py, px, py, rows, cols)
                m.members = members
                parts[id(m)] = part.tolist()
                break
        else:
            merged.append(f)
            parts[id(f)] = [0] * len(f.members)
    return sorted(merged, key=lambda f: (-len({(r, c) for r, c, _ in f.members}), f.residual))


def fill(fit: LatticeFit) -> float:
    """How much of a cell its blobs cover (cells ~0.5-0.9; dots, glyphs and
    the gaps between tiles much less)."""
    lat = fit.lattice
    return float(median([b.w * b.h for _, _, b in fit.members])) / (lat.px * lat.py)


def score(fit: LatticeFit) -> float:
    """Prefer lattices with many cells, mostly backed by blobs that fill
    their cells."""
    cells = len({(r, c) for r, c, _ in fit.members})
    return cells * fit.coverage**2 * min(1.0, fill(fit) / FILL_FULL) ** 0.5 / (1 + RESIDUAL_WEIGHT * fit.residual)


# Edge passes tried in turn: ("grad", threshold, smallest blob side) or
# ("canny", low, high).  Low-contrast cells need a low threshold, glossy or
# textured ones a high one; the small-side pass finds marks (dots, glyphs)
# centred in cells that merge into each other; Canny's hysteresis closes
# tiles whose sides fade.
PASSES = (("grad", 10.0, 7), ("grad", 5.0, 7), ("grad", 16.0, 7), ("canny", 20, 60), ("canny", 40, 100),
          ("grad", 10.0, 4))


def find_lattice(img: np.ndarray, min_cells: int = 4, passes=PASSES) -> LatticeFit | None:
    """The best lattice over the passes; None if there is none.  Stops early
    at a clean fit (every cell backed by a blob)."""
    fits = candidate_lattices(img, min_cells, passes, stop_early=True)
    return fits[0] if fits else None


def candidate_lattices(img: np.ndarray, min_cells: int = 4, passes=PASSES,
                       stop_early: bool = False) -> list[LatticeFit]:
    """Every lattice the passes find, best first (for readers that can check
    a candidate against what their game must look like)."""
    found: list[LatticeFit] = []
    grad = gradient(img)
    for kind, a, b in passes:
        blobs = find_blobs(img, b, a, grad) if kind == "grad" else find_blobs_canny(img, a, b)
        found.extend(f for f in fit_lattices(blobs, min_cells) if f.lattice.rows >= 2 and f.lattice.cols >= 2)
        best = max(found, key=score, default=None)
        if stop_early and best is not None and best.coverage >= CLEAN_COVERAGE and best.residual < CLEAN_RESIDUAL \
                and fill(best) >= FILL_FULL:
            break
    return sorted(found, key=score, reverse=True)
