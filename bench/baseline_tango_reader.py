"""The Tango reader as it was before it learned each game's look (kept as the
benchmark's baseline: `python -m bench.vision` times both in the same run).

Original docstring follows.

Reading a LinkedIn Tango board from a screenshot.

1. Lattice: the generic cell lattice (:mod:`puzzlebot.vision.lattice`) gives pitch and
   phase; the board's extent comes from its grid lines: every cell border,
   the outer frame included, is a thin line, and nothing outside the board
   lines up with them.  The board must be square with an even side.
2. Cells: pixels are sorted into sun (saturated orange), moon (saturated
   blue) and ground; the icon decides the value, the ground's lightness
   decides locked (grey) or not (white; in dark mode the locked ground is
   the lighter one).
3. Edges: the ``=`` / ``x`` marks sit on the middle of shared edges; the
   mark's ink is found by colour (brown on light, grey on dark) and its
   shape decides: a cross has ink at its centre, an equals sign has two bars
   and an empty middle.
4. Anything ambiguous is marked unsure (a cursor over a cell, the win
   animation); an image with no Tango board (another game, a blank page) is
   refused with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.solvers.tango.board import EMPTY, EQUAL, MOON, OPPOSITE, SUN, Edge, TangoBoard
from puzzlebot.vision.errors import NoBoardError
from puzzlebot.vision.lattice import PASSES, Lattice, candidate_lattices, score

MIN_N, MAX_N = 4, 14


@dataclass
class TangoReading:
    board: TangoBoard
    lattice: Lattice
    dark: bool
    cell_conf: np.ndarray  # 0..1 per cell
    edge_conf: dict[tuple[int, int, int, int], float] = field(default_factory=dict)
    unsure_cells: list[tuple[int, int]] = field(default_factory=list)
    unsure_edges: list[tuple[int, int, int, int]] = field(default_factory=list)

    @property
    def sure(self) -> bool:
        return not self.unsure_cells and not self.unsure_edges

    def rows_text(self) -> list[str]:
        """Rows as S/M/. with lower case for unlocked pieces and ? where unsure."""
        out = []
        for r in range(self.board.size):
            row = ""
            for c in range(self.board.size):
                if (r, c) in self.unsure_cells:
                    row += "?"
                    continue
                v = self.board.cells[r][c]
                ch = {EMPTY: ".", SUN: "S", MOON: "M"}[v]
                row += ch if (self.board.locked[r][c] or v == EMPTY) else ch.lower()
            out.append(row)
        return out


def _lab(img: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(img.astype(np.float32) * (1 / 255), cv2.COLOR_BGR2LAB)
    return lab


# --- the board's extent from its grid lines -----------------------------------


def _ridges(L: np.ndarray, positions: np.ndarray, pitch: float, vertical: bool) -> tuple[np.ndarray, np.ndarray]:
    """For lines at ``positions`` (x for vertical lines): per pixel along
    each line, whether a thin line (darker or lighter than both sides) is
    there, and whether the image reaches far enough to tell."""
    A = L if vertical else L.T
    length, width = A.shape
    band = max(1, int(round(pitch * 0.04)))
    side = max(2, int(round(pitch * 0.08)))
    present = np.zeros((len(positions), length), bool)
    known = np.zeros(len(positions), bool)
    for k, pos in enumerate(positions):
        p = int(round(pos))
        if p - band - side < 0 or p + band + side >= width:
            continue
        core = A[:, p - band:p + band + 1]
        left, right = A[:, p - band - side], A[:, p + band + side]
        darker = np.minimum(left, right) - core.min(axis=1)
        lighter = core.max(axis=1) - np.maximum(left, right)
        present[k] = np.maximum(darker, lighter) > 1.5
        known[k] = True
    return present, known


def _segments(present: np.ndarray, known: np.ndarray, cuts: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
    """Per line and per cell-long segment between ``cuts``: whether a line
    runs along most of it, and whether it can be measured at all."""
    c = np.concatenate([np.zeros((present.shape[0], 1)), np.cumsum(present, axis=1)], axis=1)
    lo = np.clip(np.round(cuts[:-1]).astype(int), 0, length)
    hi = np.clip(np.round(cuts[1:]).astype(int), 0, length)
    inside = (cuts[:-1] >= 0) & (cuts[1:] <= length) & (hi - lo >= 4)
    frac = (c[:, hi] - c[:, lo]) / np.maximum(1, hi - lo)
    meas = known[:, None] & inside[None, :]
    return (frac >= 0.6) & meas, meas


def board_extent(L: np.ndarray, lat: Lattice, min_score: float = 0.75) -> tuple[Lattice, float] | None:
    """The board: the largest square of n x n cells (n even) on this
    lattice's pitch whose whole grid is drawn, and its score.

    For every lattice line and every cell-long segment of it we measure
    whether a thin line runs there; a candidate square scores the share of
    its 2(n+1) lines' segments that are present (among those the image lets
    us measure).  A few missing separators (between two grey givens) barely
    lower the score; lines outside the board (a button's outline) never form
    a whole grid.  Both phases are tried on each axis: blobs can sit on
    cells or on the lines between them."""
    p = (lat.px + lat.py) / 2
    H, W = L.shape
    span = MAX_N + 1
    ks = np.arange(-span, max(lat.cols, lat.rows) + span + 1)
    nk = len(ks)
    best = None
    for fx in (0.0, 0.5):
        for fy in (0.0, 0.5):
            xs = lat.x0 + (ks + fx) * p
            ys = lat.y0 + (ks + fy) * p
            pv, kv = _ridges(L, xs, p, vertical=True)
            ph, kh = _ridges(L, ys, p, vertical=False)
            sv, mv = _segments(pv, kv, ys, H)  # [line k, segment i]
            sh, mh = _segments(ph, kh, xs, W)
            cum = {}
            for name, arr in (("sv", sv), ("mv", mv), ("sh", sh), ("mh", mh)):
                c = np.zeros((nk + 1, nk))
                c[1:, 1:] = arr.astype(float).cumsum(0).cumsum(1)
                cum[name] = c
            for n in range(MAX_N, MIN_N - 1, -2):
                if best is not None and n < best[1]:
                    break
                m = nk - n - 1
                if m <= 0:
                    continue
                r0 = np.arange(m)[:, None]
                c0 = np.arange(m)[None, :]

                def box(c, k0, i0):  # lines k0..k0+n over segments i0..i0+n-1
                    return c[k0 + n + 1, i0 + n] - c[k0, i0 + n] - c[k0 + n + 1, i0] + c[k0, i0]

                mvv = box(cum["mv"], c0, r0)
                mhh = box(cum["mh"], r0, c0)
                v = box(cum["sv"], c0, r0) / np.maximum(1, mvv)
                h = box(cum["sh"], r0, c0) / np.maximum(1, mhh)
                sc = np.minimum(v, h)
                ok = (mvv + mhh >= 0.6 * 2 * (n + 1) * n) & (sc >= min_score)
                ok &= (ys[:m, None] >= -0.1 * p) & (ys[n:n + m, None] <= H + 0.1 * p)
                ok &= (xs[None, :m] >= -0.1 * p) & (xs[None, n:n + m] <= W + 0.1 * p)
                if not ok.any():
                    continue
                sc = np.where(ok, sc, -1.0)
                i, j = np.unravel_index(np.argmax(sc), sc.shape)
                if best is None or (n, sc[i, j]) > (best[1], best[0]):
                    best = (float(sc[i, j]), n, Lattice(float(xs[j]), float(ys[i]), p, p, n, n))
    return None if best is None else (best[2], best[0])


def _refine(L: np.ndarray, lat: Lattice) -> Lattice:
    """Snap pitch and phase to the drawn grid lines: a fitted pitch off by a
    pixel drifts by many pixels over a board.  Builds the row and column
    profiles of thin-line pixels around the lattice and picks the pitch
    (within 3%) and offset whose lines collect the most of them."""
    p = (lat.px + lat.py) / 2
    H, W = L.shape
    band = max(1, int(round(p * 0.04)))
    side = max(2, int(round(p * 0.08)))
    x0, x1 = int(max(0, lat.x0 - 2 * p)), int(min(W, lat.x0 + (lat.cols + 2) * p))
    y0, y1 = int(max(0, lat.y0 - 2 * p)), int(min(H, lat.y0 + (lat.rows + 2) * p))
    A = L[y0:y1, x0:x1]
    if A.shape[0] < 3 * (band + side) or A.shape[1] < 3 * (band + side):
        return lat
    d = band + side

    def ridge(B):  # thin lines across axis 1
        mn = np.minimum(B[:, :-2 * d], B[:, 2 * d:])
        mx = np.maximum(B[:, :-2 * d], B[:, 2 * d:])
        c = B[:, d:B.shape[1] - d]
        return ((mn - c) > 1.5) | ((c - mx) > 1.5)

    col = np.zeros(A.shape[1])
    col[d:A.shape[1] - d] = ridge(A).sum(axis=0)
    row = np.zeros(A.shape[0])
    row[d:A.shape[0] - d] = ridge(A.T).sum(axis=0)

    def best_fit(profile, start, count):
        # a line may sit a pixel off the computed position
        wide = np.maximum(profile, np.maximum(np.roll(profile, 1), np.roll(profile, -1)))
        best = (-1.0, p, start)
        offs = np.arange(-0.3 * p, 0.3 * p, 1.0)
        ks = np.arange(count + 1)
        for q in np.linspace(0.97 * p, 1.03 * p, 25):
            pos = np.round(start + offs[:, None] + ks[None, :] * q).astype(int)
            ok = (pos >= 0) & (pos < len(wide))
            vals = np.where(ok, wide[np.clip(pos, 0, len(wide) - 1)], 0.0)
            score = vals.sum(axis=1) / np.maximum(1, ok.sum(axis=1))
            i = int(np.argmax(score))
            if score[i] > best[0]:
                best = (float(score[i]), q, start + offs[i])
        return best[1], best[2]

    qx, sx = best_fit(col, lat.x0 - x0, lat.cols)
    qy, sy = best_fit(row, lat.y0 - y0, lat.rows)
    q = (qx + qy) / 2
    return Lattice(sx + x0, sy + y0, q, q, lat.rows, lat.cols)


def _pitch_variants(lat: Lattice) -> list[Lattice]:
    """Square-cell readings of a fitted lattice: as found, with a doubled
    (tripled, quadrupled) pitch on one axis undone, and with both pitches
    halved (blobs that spanned 2x2 cells)."""
    out = []
    ratio = lat.py / lat.px
    for k in (2, 3, 4):
        if abs(ratio - k) < 0.12 * k:
            out.append(Lattice(lat.x0, lat.y0, lat.px, lat.px, lat.rows * k, lat.cols))
        if abs(1 / ratio - k) < 0.12 * k:
            out.append(Lattice(lat.x0, lat.y0, lat.py, lat.py, lat.rows, lat.cols * k))
    if abs(ratio - 1) < 0.1:
        out.append(lat)
        out.append(Lattice(lat.x0, lat.y0, lat.px / 2, lat.py / 2, lat.rows * 2, lat.cols * 2))
    return out


def _board_from_fit(L: np.ndarray, fit) -> Lattice | None:
    lat = fit.lattice
    n = lat.rows
    square = (lat.rows == lat.cols and n % 2 == 0 and MIN_N <= n <= MAX_N
              and abs(lat.px - lat.py) < 0.04 * lat.px)
    if square and fit.coverage >= 0.9:
        return lat  # a complete square board, every cell seen
    if square and fit.coverage >= 0.5:
        # the cells already form a square board: a fainter grid (a blurry,
        # rescaled crop) is enough to confirm it when it agrees on the size
        agree = board_extent(L, lat, min_score=0.55)
        if agree is not None and agree[0].rows == n:
            return agree[0]
    found = [f for v in _pitch_variants(lat) if v.px >= 16 and (f := board_extent(L, _refine(L, v))) is not None]
    return max(found, key=lambda f: (f[0].rows, f[1]))[0] if found else None


def locate_board(img: np.ndarray, L: np.ndarray) -> Lattice:
    """The Tango board's lattice, or NoBoardError.

    Fast path: the lattice passes run one at a time and stop at a complete
    square board with every cell seen (clean screenshots).  Otherwise every
    candidate from every pass is tried, best first, against the drawn grid."""
    pool = []
    for kind, a, b in PASSES:
        fits = candidate_lattices(img, passes=((kind, a, b),))
        pool.extend(fits)
        for fit in fits[:2]:
            lat = fit.lattice
            if (lat.rows == lat.cols and lat.rows % 2 == 0 and MIN_N <= lat.rows <= MAX_N
                    and fit.coverage >= 0.9 and abs(lat.px - lat.py) < 0.04 * lat.px):
                return lat
    if not pool:
        raise NoBoardError("no Tango board: no grid of cells in the image")
    pool.sort(key=score, reverse=True)
    tried: list = []
    for fit in pool[:8]:
        if any(_same(fit.lattice, t) for t in tried):
            continue
        tried.append(fit.lattice)
        board = _board_from_fit(L, fit)
        if board is not None:
            return board
    lat = pool[0].lattice
    raise NoBoardError(f"no Tango board: no square grid of {MIN_N}x{MIN_N} to {MAX_N}x{MAX_N} cells (even) "
                       f"is drawn where cells were found ({lat.rows}x{lat.cols} cells, pitch {lat.px:.0f} px)")


def _same(a: Lattice, b: Lattice) -> bool:
    return (a.rows, a.cols) == (b.rows, b.cols) and abs(a.x0 - b.x0) < 2 and abs(a.y0 - b.y0) < 2 \
        and abs(a.px - b.px) < 1 and abs(a.py - b.py) < 1


# --- cells ------------------------------------------------------------------------


def _icon_masks(lab: np.ndarray, dark: bool) -> tuple[np.ndarray, np.ndarray]:
    L, a, b = lab[..., 0], lab[..., 1], lab[..., 2]
    chroma = np.hypot(a, b)
    hue = np.degrees(np.arctan2(b, a)) % 360
    sun = (chroma > 35) & (hue > 35) & (hue < 95) & (L > 45)
    moon = (chroma > 25) & (hue > 240) & (hue < 320)
    return sun, moon


@dataclass
class _Cell:
    value: int
    ground: float  # lightness of the cell's ground (icon excluded)
    ground_chroma: float
    conf: float
    sun: float
    moon: float
    foreign: float  # share of strongly coloured or dark ink that is no icon


def _read_cell(lab: np.ndarray, sun: np.ndarray, moon: np.ndarray, lat: Lattice, r: int, c: int,
               dark: bool) -> _Cell:
    x0, y0, x1, y1 = lat.box(r, c, 0.16)
    sl = (slice(max(0, y0), y1), slice(max(0, x0), x1))
    s, m, patch = sun[sl], moon[sl], lab[sl]
    area = max(1, s.size)
    fs, fm = s.sum() / area, m.sum() / area
    icon = s | m
    grown = cv2.dilate(icon.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    ground_px = patch[~grown]
    if ground_px.size == 0:
        ground_px = patch.reshape(-1, 3)
    ground = float(np.median(ground_px[:, 0]))
    ground_chroma = float(np.median(np.hypot(ground_px[:, 1], ground_px[:, 2])))
    chroma = np.hypot(patch[..., 1], patch[..., 2])
    if dark:
        foreign_mask = ((chroma > 25) | (patch[..., 0] > 80)) & ~grown
    else:
        foreign_mask = ((chroma > 25) | (patch[..., 0] < 55)) & ~grown
    foreign = float(foreign_mask.mean())
    covered = (not dark) and float(np.mean((patch[..., 0] < 12) & (chroma < 8))) > 0.005  # a pointer
    if fs > 0.12 and fs > 3 * fm:
        value, conf = SUN, min(1.0, (fs - 0.12) / 0.2 + 0.5)
    elif fm > 0.06 and fm > 3 * fs:
        value, conf = MOON, min(1.0, (fm - 0.06) / 0.1 + 0.5)
    elif fs < 0.02 and fm < 0.02:
        value, conf = EMPTY, 1.0 - 25 * max(fs, fm)
    else:
        value, conf = EMPTY, 0.0
    if covered:
        conf = min(conf, 0.2)
    return _Cell(value, ground, ground_chroma, float(np.clip(conf, 0, 1)), float(fs), float(fm), foreign)


def read_cells(img: np.ndarray, lat: Lattice, reading: "TangoReading") -> np.ndarray:
    """Every cell of a fresh capture: EMPTY, SUN or MOON, or -1 where it
    cannot be told (mid-animation, covered).  What the bot checks before and
    after each move."""
    crop, local, _ = lat.crop(img, 0.1)
    lab = _lab(crop)
    sun, moon = _icon_masks(lab, reading.dark)
    out = np.full((lat.rows, lat.cols), -1, np.int64)
    for r in range(lat.rows):
        for c in range(lat.cols):
            cell = _read_cell(lab, sun, moon, local, r, c, reading.dark)
            if cell.conf >= 0.35:
                out[r, c] = cell.value
    return out


def whole_in(img: np.ndarray, lat: Lattice, reading: "TangoReading"):
    """Whether the board read before is whole in a larger capture of its
    surroundings: the looks of its cells must not continue past it."""
    from .board_checks import wholeness
    from .lights_reader import board_lab, cell_features

    lab, local = board_lab(img, lat)
    feats = cell_features(lab, local).reshape(-1, 3)
    looks = [np.median(feats, axis=0)]
    return wholeness(lab, local, looks, 12.0)


# --- edges --------------------------------------------------------------------------


def _read_mark(lab: np.ndarray, cx: float, cy: float, pitch: float, dark: bool) -> tuple[str | None, float]:
    """('=' | 'x' | None, confidence) for the mark centred near (cx, cy)."""
    half = int(round(0.15 * pitch))
    x, y = int(round(cx)), int(round(cy))
    h, w = lab.shape[:2]
    if x - half < 0 or y - half < 0 or x + half >= w or y + half >= h:
        return None, 0.0
    win = lab[y - half:y + half + 1, x - half:x + half + 1]
    L = win[..., 0]
    chroma = np.hypot(win[..., 1], win[..., 2])
    if not dark and np.mean((L < 12) & (chroma < 8)) > 0.005:
        return None, 0.0  # something near-black (a mouse pointer) covers the mark: cannot tell
    if dark:
        ink = (L > 55) & (chroma < 20)
    else:
        ink = (L < 72) & (chroma < 40)
    # the glyph sits at the centre: drop ink that touches the window's border
    # (a neighbouring icon, the grid line) and judge what is left
    n, lbl, stats, cents = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    size = ink.shape[0]
    parts = []
    for i in range(1, n):
        x, y, w_, h_, area = stats[i]
        if x == 0 or y == 0 or x + w_ >= size or y + h_ >= size or area < 2:
            continue
        parts.append((x, y, w_, h_, area, cents[i]))
    if not parts:
        return None, min(1.0, 1 - float(ink.mean()) / 0.02 + 0.5) if ink.mean() < 0.02 else 0.3
    total = sum(p[4] for p in parts)
    if total < 0.015 * size * size:
        return None, 0.5
    if len(parts) == 2:
        (ax, ay, aw, ah, _, _), (bx, by, bw, bh, _, _) = sorted(parts, key=lambda p: p[1])
        stacked = by >= ay + ah and abs(ax - bx) <= 0.25 * max(aw, bw) + 1
        if stacked and aw >= 2 * ah and bw >= 2 * bh and abs(aw - bw) <= 0.3 * max(aw, bw) + 1:
            return EQUAL, 1.0
    if len(parts) == 1:
        x, y, w_, h_, area, (gx, gy) = parts[0]
        if 0.6 <= w_ / max(1, h_) <= 1.6:
            cx0, cy0 = int(round(gx)), int(round(gy))
            centre = ink[max(0, cy0 - 1):cy0 + 2, max(0, cx0 - 1):cx0 + 2].mean()
            fill = area / float(w_ * h_)
            if centre >= 0.5 and fill < 0.7:
                return OPPOSITE, 1.0
    return None, 0.0


# --- the reader -------------------------------------------------------------------


def _grid_present(L: np.ndarray, lat: Lattice) -> bool:
    """Are the board's 2(n+1) grid lines drawn where ``lat`` says?"""
    n = lat.rows
    xs = lat.x0 + np.arange(n + 1) * lat.px
    ys = lat.y0 + np.arange(n + 1) * lat.py
    pv, kv = _ridges(L, xs, lat.px, vertical=True)
    ph, kh = _ridges(L, ys, lat.py, vertical=False)
    sv, mv = _segments(pv, kv, ys, L.shape[0])
    sh, mh = _segments(ph, kh, xs, L.shape[1])
    meas = mv.sum() + mh.sum()
    return meas >= 0.6 * 2 * (n + 1) * n and (sv.sum() + sh.sum()) / meas >= 0.75


def read_tango(img: np.ndarray, lattice: Lattice | None = None) -> TangoReading:
    """Read the Tango board in ``img`` (BGR).  Raises NoBoardError when the
    image holds no Tango board.

    ``lattice``: where the board was found before (calibration); it is used
    if the grid is still drawn there, else the board is searched afresh."""
    if img is None or img.ndim != 3 or min(img.shape[:2]) < 40:
        raise NoBoardError("no Tango board: the image is empty or too small")
    lat = None
    if lattice is not None and lattice.rows == lattice.cols:
        m = 0.5 * lattice.px
        x0, y0, x1, y1 = lattice.bbox
        cx0, cy0 = int(max(0, x0 - m)), int(max(0, y0 - m))
        crop = np.ascontiguousarray(img[cy0:int(min(img.shape[0], y1 + m)), cx0:int(min(img.shape[1], x1 + m))])
        if crop.size:
            local = Lattice(lattice.x0 - cx0, lattice.y0 - cy0, lattice.px, lattice.py, lattice.rows, lattice.cols)
            lab = _lab(crop)
            if _grid_present(lab[..., 0], local):
                reading = _read_board(crop, lab, local)
                reading.lattice = lattice
                return reading
    lab = _lab(img)
    lat = locate_board(img, lab[..., 0])
    return _read_board(img, lab, lat)


def _read_board(img: np.ndarray, lab: np.ndarray, lat: Lattice) -> TangoReading:
    n = lat.rows
    x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
    inner = lab[max(0, y0):y1, max(0, x0):x1]
    dark = float(np.median(inner[..., 0])) < 50
    sun, moon = _icon_masks(lab, dark)
    cells = [[_read_cell(lab, sun, moon, lat, r, c, dark) for c in range(n)] for r in range(n)]
    flat = [cl for row in cells for cl in row]
    grounds = np.array([cl.ground for cl in flat])
    ground_chroma = [cl.ground_chroma for cl in flat]
    if np.median(ground_chroma) > 12 or np.percentile(ground_chroma, 75) > 20:
        raise NoBoardError("no Tango board: the cells are coloured regions (another game?)")
    foreign = np.array([cl.foreign for cl in flat])
    if np.mean(foreign > 0.08) > 0.1:
        raise NoBoardError("no Tango board: cells hold marks that are neither suns nor moons (another game?)")
    if not dark and np.median(grounds) < 80:
        raise NoBoardError("no Tango board: the cells are not the light (or dark) Tango cells")
    # locked ground: the grey (light mode) or the lighter (dark mode) of two grounds
    locked = np.zeros(n * n, bool)
    lo, hi = float(grounds.min()), float(grounds.max())
    if hi - lo >= 3.0:
        order = np.sort(grounds)
        gaps = np.diff(order)
        k = int(np.argmax(gaps))
        split = (order[k] + order[k + 1]) / 2
        if gaps[k] >= 2.0:
            locked = grounds < split if not dark else grounds > split
    unsure_cells = []
    board = TangoBoard.empty(n)
    conf = np.zeros((n, n), np.float32)
    for i, cl in enumerate(flat):
        r, c = divmod(i, n)
        board.cells[r][c] = cl.value
        board.locked[r][c] = bool(locked[i]) and cl.value != EMPTY
        margin = abs(grounds[i] - ((lo + hi) / 2)) if hi - lo >= 3.0 else 5.0
        conf[r, c] = cl.conf * min(1.0, margin / 1.5)
        if cl.conf < 0.35:
            unsure_cells.append((r, c))
    edges = []
    edge_conf: dict[tuple[int, int, int, int], float] = {}
    unsure_edges = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 >= n or c2 >= n:
                    continue
                cx = lat.x0 + (c + 1) * lat.px if dc else lat.x0 + (c + 0.5) * lat.px
                cy = lat.y0 + (r + 1) * lat.py if dr else lat.y0 + (r + 0.5) * lat.py
                kind, ec = _read_mark(lab, cx, cy, lat.px, dark)
                key = (r, c, r2, c2)
                edge_conf[key] = ec
                if ec < 0.35:
                    unsure_edges.append(key)
                if kind is not None:
                    edges.append(Edge(r, c, r2, c2, kind))
    board.edges = sorted(edges)
    return TangoReading(board, lat, dark, conf, edge_conf, unsure_cells, unsure_edges)
