"""Reading the = and x marks on the edges between Tango cells, in any look.

A mark sits centred on the middle of the edge two cells share.  Around each
edge's middle a window is compared with the median of all edge windows of
the same orientation (what an edge looks like without a mark: the grid line,
the gap between boxes): the mark's ink is what differs from that and from
the two cells' grounds (a box that hides the grid line under the mark is
ground-coloured and drops out).  If the ink is a filled badge (a circle or a
box of its own colour) the glyph is what differs inside the badge.  The
glyph's shape decides: two parallel bars are "=", two crossing strokes "x";
any colour, any font.  Ink that is neither leaves the edge unsure.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzlebot.solvers.tango.board import EQUAL, OPPOSITE
from puzzlebot.vision.cells import cell_patch
from puzzlebot.vision.colour_math import distance, median, median_first, squared_distance
from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.masks import filled, grown

# Half the window around an edge's middle (fraction of the pitch): marks are
# 0.12-0.3 pitch wide; symbols in the cells keep 0.2 pitch from the edge.
HALF = 0.17
# The same line is also looked at this far (pitches) along it, either way:
# clear of the mark (at most 0.15 pitch from the middle), short of the corner.
ALONG = 0.32
# The line counts as erased under a mark when, further than ERASE_SEEN
# pitches from the middle (past the glyph), the line's rows (columns) show
# the cells' ground on at least this share of their pixels (a game may
# clear little more than the glyph: the bananas clone 0.13 pitch of 0.17).
ERASED, ERASE_SEEN = 0.35, 0.08
# ... and none of those rows shows the line on this share of its pixels.
LINE_DRAWN = 0.85
# Ink running along this share of the window's length in the line's
# direction is the grid line itself (drawn thicker on some edges), not a mark;
# a vertical line's columns can use a lower share (marks' bars lie across it).
LINE_RUN, LINE_RUN_ACROSS = 0.85, 0.6
# ... unless those rows (columns) make a band thicker than this share of the
# window: a filled badge (0.29 pitch of the window's 0.34; 0.14 pitch, in the
# boxes' borders' colour, filling the gap between two boxes), not a line
# (grid lines drawn thicker: a tenth of a pitch at most, 0.29 of the window).
LINE_THICK = 0.35
# ... counting as one band two runs at most this share of the window apart
# (the line itself, 0.1 pitch at most, between a badge's halves).
BAND_GAP = 0.15
# A pixel is ink when it differs by more than this (Lab) from the no-mark
# edge (at the best one-pixel shift) and from both cells' grounds.
INK = 20.0
# Where no mark is seen, NO_MARK of the window in ink at half that contrast,
# at the edge's middle, reaching FAINT_ACROSS of a pitch across the line
# (marks are 0.12 to 0.3 wide), leaves the edge unsure: pale marks under
# JPEG 35 were read as none, sure (JPEG's strips along box borders: 0.08).
FAINT_ACROSS = 0.12
# A mark is centred: its ink comes within this share of the pitch of the
# edge's middle (ink touching only the window's rim is a neighbour's symbol).
CENTRED = 0.1
# ... and the middle of its ink's box lies within this share of the pitch of
# the edge's middle.
MARK_CENTRE = 0.07
# Less ink than this share of the window is no mark ...
NO_MARK = 0.012
# ... unless this share of the window or more of it lies at the edge's
# middle (within CENTRED): a glyph too small or faint to read (a 5 px x on a
# badge as light as the page: 12 pixels of ink), not nothing.
SPECK = 0.004
# A gap in an edge's grid line: drawn at GAP_ALONG of the positions in the
# windows further along the edge and at no more than GAP_HERE of this
# window's (a mark's glyph on the line counts as drawn; the gap around it not).
GAP_ALONG, GAP_HERE = 0.8, 0.7
# Near-black, colourless ink (a mouse pointer's body) next to an edge's
# middle leaves "no mark" unsure: the pointer may hide one.
POINTER_L, POINTER_CHROMA = 25.0, 12.0
# Near-black ink that runs into an edge's window from the side of a piece
# with none of its own (no near-black pixel in the cell less PIECE_INSET of
# a pitch on each side) is a pointer, not the piece's edge; where it, or ink
# joined to it (a mark it is drawn over), comes within CENTRED of a pitch of
# the edge's line, it may hide a mark there.
PIECE_INSET = 0.3
# A pointer's arrow is a solid shape: its pixels fill this share of its
# convex hull at least (a cross's strokes fill about half).
POINTER_SOLIDITY = 0.75
# A badge (circle or box behind a glyph) fills at least this share of its
# bounding box (a circle 0.79; a thick cross about 0.6) ...
BADGE_FILL = 0.72
# ... and most of its pixels (this share) are that colour, the glyph a few.
BADGE_PLAIN = 0.6
# ... and glyph ink lying wholly within this many pixels of the badge's
# inner edge is the edge blended with the page (a badge scaled up), not glyph.
BADGE_RIM = 2
# Ink parts smaller than this share of the largest are specks beside the
# glyph (the ends of a grid line erased under a text mark, 2 px against
# bars of 30), not part of it: an "x" is one part, an "="'s bars alike.
SPECK_PART = 0.1
# A badge found by its own colour (a ring round a middle of the page's
# colour, beside cells' borders as dark as the ring): its pixels are within
# RING_TOL (Lab) of the colour at the window's middle.
RING_TOL = INK / 2
# A glyph spans at most this share of the window (0.34 pitch): anything
# longer is lines (a grid line out of place, a pattern), not a mark.
GLYPH_MAX = 0.8
# Glyph shapes, as ink shares of the glyph's box (measured on 1,480 real
# LinkedIn marks: "=" middles are empty, their bars >= 0.81 full; "x" middles
# >= 0.15, centres >= 0.33).  "=": the middle rows at most BAR_GAP inked,
# each outer third has a row at least BAR_FULL inked.
BAR_GAP, BAR_FULL = 0.05, 0.7
# ... and each bar is at least BAR_FLAT times wider than it is thick.
BAR_FLAT = 2.0
# "x": a box of aspect within CROSS_ASPECT, its middle at least CROSS_CENTRE
# inked, every middle row and column at least CROSS_MID (a stroke crossing
# an erased grid line keeps a thin waist), the outer thirds'
# fullest rows and columns at least CROSS_ENDS, every corner CROSS_CORNER.
CROSS_ASPECT, CROSS_CENTRE, CROSS_MID, CROSS_ENDS, CROSS_CORNER = (0.55, 1.8), 0.5, 0.08, 0.35, 0.1
# ... unless its outer thirds hold full-width bars (ends_rows >= CROSS_BARS):
# then its middle rows at least CROSS_MID_BARS (real crosses with such rows:
# 0.5 and up; an "=" whose bars blur together: about 0.13).
CROSS_BARS, CROSS_MID_BARS = 0.95, 0.3
# ... and the middles of its sides, between the arms, at most CROSS_SIDE_MIDS
# inked (real crosses: <= 0.66; a blot filling its box: 1).
CROSS_SIDE_MIDS = 0.8
# ... and ink (within a pixel) along this share of both diagonals at least
# (real crosses: all of them; an "=" with a grid line's rest through its
# middle, which otherwise has a cross's shares: about half).
CROSS_DIAGONALS = 0.9
# A glyph fewer pixels across than this (in the window read, a pitch of
# 96) has corners of its 2x2 pixels: a quarter of a 5 px "x" may hold none
# of its stroke's pixels (a 10 px font's x in a ringed circle).
SMALL_GLYPH = 8
# A glyph spanning fewer screenshot pixels than this is not told (real marks:
# 4.7 px and more; "=" and "x" of three pixels blur into the same blot).
MIN_GLYPH_PIXELS = 4.0
# A pointer's arrow is not a bar: its box is less than this much longer than wide.
BAR_RATIO = 1.8

# Why an edge is unsure, where no glyph's size or shape says it.
GAP_WHY = "the grid line is broken here, as under a mark, but no = or x is seen"
POINTER_WHY = "near-black ink (a mouse pointer?) here may hide a mark"
SPECK_WHY = "a little ink at the edge's middle: a mark too small or faint to read?"
FAINT_WHY = "faint ink across the edge's middle (at half a mark's contrast): a mark washed out?"


def _window(lab: np.ndarray, cx: float, cy: float, a: int) -> np.ndarray | None:
    x, y = int(round(cx)), int(round(cy))
    h, w = lab.shape[:2]
    if x - a - 1 < 0 or y - a - 1 < 0 or x + a + 2 > w or y + a + 2 > h:
        return None
    return lab[y - a - 1:y + a + 2, x - a - 1:x + a + 2]


def _near_middle(shape: tuple[int, int], radius: float) -> np.ndarray:
    yy, xx = np.mgrid[0:shape[0], 0:shape[1]]
    c = (shape[0] - 1) / 2
    return np.hypot(yy - c, xx - c) <= radius


def _components(mask: np.ndarray, centre_r: float) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """Connected ink parts that come near the window's middle: (mask, box)."""
    n, lbl, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    size = mask.shape[0]
    c = (size - 1) / 2
    out = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if area < 2:
            continue
        part = lbl == i
        ys, xs = np.nonzero(part)
        if np.min(np.hypot(xs - c, ys - c)) > centre_r:
            continue
        out.append((part, (int(x), int(y), int(w), int(h))))
    return out


def _glyph(parts, line: np.ndarray | None = None) -> np.ndarray | None:
    """The centred ink cut to its bounding box; without the rows or columns
    where the grid line runs (``line``: its pixels in the window), where a
    stroke crossing the line cannot be told from the line."""
    if not parts:
        return None
    ink = np.logical_or.reduce([p[0] for p in parts])
    ys, xs = np.nonzero(ink)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    g = ink[y0:y1, x0:x1]
    if line is not None and line.any():
        box = line[y0:y1, x0:x1]
        # only gaps: line columns (rows) in the glyph's middle third that the
        # glyph's ink leaves (nearly) empty there
        h, w = g.shape
        cols = [c for c in np.flatnonzero(box.mean(axis=0) >= 0.5) if w / 3 <= c < 2 * w / 3 and g[:, c].mean() < 0.2]
        rows = [r for r in np.flatnonzero(box.mean(axis=1) >= 0.5) if h / 3 <= r < 2 * h / 3 and g[r].mean() < 0.2]
        if 0 < len(cols) <= 3 and g.shape[1] - len(cols) >= 3:
            g = np.delete(g, cols, axis=1)
        if 0 < len(rows) <= 3 and g.shape[0] - len(rows) >= 3:
            g = np.delete(g, rows, axis=0)
    return g


def _split(n: int, k: int) -> list[slice]:
    """``range(n)`` in k nearly equal consecutive parts, as np.array_split
    cuts it (the first n % k parts one longer)."""
    size, extra = divmod(n, k)
    cuts = [i * size + min(i, extra) for i in range(k + 1)]
    return [slice(cuts[i], cuts[i + 1]) for i in range(k)]


def glyph_features(g: np.ndarray) -> dict[str, float]:
    """Ink shares of a glyph cut to its box: the emptiest row (and column) of
    its middle half, the fullest row (column) of each outer third (the
    smaller of the two), its four corners (the emptiest) and its middle."""
    h, w = g.shape
    out = {}
    for name, m in (("rows", g), ("cols", g.T)):
        prof = m.mean(axis=1)
        n = len(prof)
        mid = prof[n // 4: n - n // 4]
        out["mid_" + name] = float(mid.min()) if mid.size else 1.0
        k = max(1, n // 3)
        out["ends_" + name] = float(min(prof[:k].max(), prof[n - k:].max()))
    if max(h, w) < SMALL_GLYPH:  # a corner of a few pixels: its 2x2 block
        ys, xs = [slice(0, 2), None, None, slice(h - 2, h)], [slice(0, 2), None, None, slice(w - 2, w)]
    else:
        ys, xs = _split(h, 4), _split(w, 4)
    out["corners"] = min(float(g[ys[i], xs[j]].mean()) for i in (0, 3) for j in (0, 3))
    y3, x3 = _split(h, 3), _split(w, 3)
    out["centre"] = float(g[y3[1], x3[1]].mean())
    # the middles of the four sides, between a cross's arms
    out["side_mids"] = max(float(g[y3[i], x3[j]].mean()) for i, j in ((0, 1), (2, 1), (1, 0), (1, 2)))
    # both diagonals (within a pixel): a cross's strokes run along them
    near_ink = grown(g)
    t = np.linspace(0, 1, max(h, w))
    rows, cols = np.round(t * (h - 1)).astype(int), np.round(t * (w - 1)).astype(int)
    out["diagonals"] = min(float(near_ink[rows, cols].mean()), float(near_ink[rows, w - 1 - cols].mean()))
    return out


def _bars_are_flat(g: np.ndarray) -> bool:
    """Each of the glyph's two bands of inked rows is a bar: much wider than
    it is thick (half of a cross is as thick as it is wide)."""
    inked = g.mean(axis=1) > BAR_GAP
    runs, prev = [], False
    for i, v in enumerate(inked):
        if v and not prev:
            runs.append(1)
        elif v:
            runs[-1] += 1
        prev = v
    return len(runs) == 2 and max(runs) * BAR_FLAT <= g.shape[1]


def glyph_kind(parts, line: np.ndarray | None = None) -> str | None:
    """"=" (two bars: an empty middle between full outer rows), "x"
    (crossing strokes: a full middle, ink in every corner and across the
    middle rows and columns), or None.  The bars are judged on the glyph as
    it is (the line's place may be the gap between them), the strokes
    without the line's rows and columns (where a stroke crossing the line
    cannot be told from it)."""
    raw = _glyph(parts)
    if raw is None or min(raw.shape) < 4:  # too small to have parts (corners, a middle)
        return None
    size = parts[0][0].shape[0]
    if max(raw.shape) > GLYPH_MAX * size:  # as long as the window: lines, not a glyph
        return None
    # bars lie across: every game writes "=" upright (a cross broken where it
    # crosses a vertical grid line looks like bars standing up: not an "=")
    f = glyph_features(raw)
    if f["mid_rows"] <= BAR_GAP and f["ends_rows"] >= BAR_FULL and _bars_are_flat(raw):
        return "="
    g = _glyph(parts, line) if line is not None else raw
    if min(g.shape) < 4:
        return None
    f = glyph_features(g) if g is not raw else f
    h, w = g.shape
    if CROSS_ASPECT[0] <= w / h <= CROSS_ASPECT[1] and f["centre"] >= CROSS_CENTRE and \
            min(f["mid_rows"], f["mid_cols"]) >= CROSS_MID and min(f["ends_rows"], f["ends_cols"]) >= CROSS_ENDS \
            and f["corners"] >= CROSS_CORNER and f["side_mids"] <= CROSS_SIDE_MIDS and f["diagonals"] >= CROSS_DIAGONALS \
            and (f["ends_rows"] < CROSS_BARS or f["mid_rows"] >= CROSS_MID_BARS):
        return "x"
    return None


def _faint_mark(faint: np.ndarray, vertical_line: bool, p: float, size: int) -> bool:
    """Whether ``faint`` (a window's ink at half contrast, at its middle)
    may be a washed-out mark: NO_MARK of the window, one piece of it
    reaching FAINT_ACROSS of a pitch across the line."""
    if faint.sum() < NO_MARK * size * size:
        return False
    n, _, stats, _ = cv2.connectedComponentsWithStats(faint.astype(np.uint8), connectivity=8)
    return bool(n > 1 and stats[1:, cv2.CC_STAT_WIDTH if vertical_line else cv2.CC_STAT_HEIGHT].max()
                >= FAINT_ACROSS * p)


def _drop_line_runs(ink: np.ndarray, vertical_line: bool) -> np.ndarray:
    """Ink without the rows (columns, for a vertical line) inked along most
    of the window in the line's direction: the grid line drawn thicker or a
    pixel off on this edge.  A mark's bars are far shorter.  ``ink``: one
    window, or a stack of them (the windows on the last two axes)."""
    if vertical_line:
        # an "=" has its bars across a vertical line: its columns hold little ink
        runs = _thin_bands(ink.mean(axis=-2) >= LINE_RUN_ACROSS)
        return ink & ~runs[..., None, :]
    return ink & ~_thin_bands(ink.mean(axis=-1) >= LINE_RUN)[..., :, None]


def _thin_bands(runs: np.ndarray) -> np.ndarray:
    """``runs`` (rows along the last axis) less the bands of consecutive rows
    at least LINE_THICK of their count thick (rows up to BAND_GAP of the
    count apart joined into one band)."""
    n = runs.shape[-1]
    thick = max(2, int(np.ceil(LINE_THICK * n)))
    if thick > n:
        return runs
    # a badge in the line's own colour is split by the line drawn through it
    # (not ink there): its halves, a few rows apart, are one band
    joined = _bridged(runs.reshape(-1, n), (1, max(1, int(BAND_GAP * n)))).reshape(runs.shape)
    c = np.concatenate([np.zeros(runs.shape[:-1] + (1,), int), np.cumsum(joined, axis=-1)], axis=-1)
    full = (c[..., thick:] - c[..., :-thick]) == thick  # rows j..j+thick-1 all runs
    # a row lies in a thick band when one of the full stretches covering it is
    f = np.concatenate([np.zeros(runs.shape[:-1] + (1,), int), np.cumsum(full, axis=-1)], axis=-1)
    j = np.arange(n)
    lo, hi = np.clip(j - thick + 1, 0, full.shape[-1]), np.clip(j + 1, 0, full.shape[-1])
    in_thick = (f[..., hi] - f[..., lo]) > 0
    return runs & ~in_thick


def _bridged(mask: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """``mask`` (2-D) with its gaps shorter than ``shape`` (rows, columns)
    filled between ink on both sides; nothing added past its ends."""
    pad = max(shape)
    kernel = np.ones(shape, np.uint8)
    h, w = shape
    # a closing whose erosion mirrors its dilation's anchor (OpenCV's own
    # shifts by a pixel for a kernel of even size)
    grown = cv2.dilate(np.pad(mask.astype(np.uint8), pad), kernel, anchor=(w // 2, h // 2))
    closed = cv2.erode(grown, kernel, anchor=(w - 1 - w // 2, h - 1 - h // 2)) > 0
    return closed[pad:-pad, pad:-pad]


def _is_pointer(part: np.ndarray, win: np.ndarray) -> bool:
    """A mouse pointer's arrow: near-black and colourless, solid (unlike a
    cross's strokes), not a bar (unlike an "=" stroke), no mark by itself."""
    pix = win[part]
    if len(pix) < 6 or median(pix[:, 0]) > POINTER_L or median(np.hypot(pix[:, 1], pix[:, 2])) > POINTER_CHROMA:
        return False
    ys, xs = np.nonzero(part)
    w, h = np.ptp(xs) + 1, np.ptp(ys) + 1
    if max(w, h) > BAR_RATIO * min(w, h):
        return False
    cnts, _ = cv2.findContours(part.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.contourArea(cv2.convexHull(np.concatenate(cnts)))
    if hull <= 0 or part.sum() / hull < POINTER_SOLIDITY:
        return False
    return glyph_kind([(part, None)]) is None  # a dark mark in its own right is no pointer


def classify(ink: np.ndarray, win: np.ndarray, pitch: float,
             line: np.ndarray | None = None) -> tuple[str | None, float]:
    """(EQUAL | OPPOSITE | None, confidence) for the ink found in a window."""
    size = ink.shape[0]
    parts = _components(ink, max(2.0, CENTRED * pitch))
    total = int(sum(p[0].sum() for p in parts))
    if total < NO_MARK * size * size:
        # no mark in the middle; near-black ink elsewhere in the window may be
        # a mouse pointer hiding one
        dark = ink & _dark(win)
        return None, (0.0 if dark.sum() >= NO_MARK * size * size else 1.0)
    # a badge: one filled blob of one colour; the glyph is what differs inside it
    big, (x, y, w, h) = _badge(parts, win, size)
    inner = None
    if big.sum() >= BADGE_FILL * w * h and w >= 0.25 * size and h >= 0.25 * size:
        inner = cv2.erode(big.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    gparts = _inside_badge(inner, win, pitch) if inner is not None else []
    if gparts:
        parts = gparts
    kind = _centred_kind(parts, size, pitch, line)
    if kind is None:
        # a badge drawn as a ring round a plain middle (of the page's colour,
        # so only the ring is ink, and only in part where the cells' borders
        # are as dark): the glyph is what differs inside the ring
        kind, gparts = _in_closed_badge(win, pitch, line)
        parts = gparts if kind is not None else parts
    if kind is None:
        # a mouse pointer (a filled, colourless dark arrow) beside or over the
        # mark: read what remains, and only a clean mark counts
        pointer = [pp for pp in parts if _is_pointer(pp[0], win)]
        if pointer:
            parts = [pp for pp in parts if not any(pp is q for q in pointer)]
            if int(sum(pp[0].sum() for pp in parts)) < NO_MARK * size * size:
                return None, 0.0  # the pointer may hide a mark
            kind = _centred_kind(parts, size, pitch, line)
    if kind is not None:
        return (OPPOSITE if kind == "x" else EQUAL), 1.0
    return None, 0.0


def _inside_badge(inner: np.ndarray, win: np.ndarray, pitch: float) -> list:
    """The glyph's parts inside a badge (``inner``: the badge's pixels, its
    rim left out), where the badge is of one colour (BADGE_PLAIN of it); []
    where it is not, or holds no glyph."""
    colour = median_first(win[inner]) if inner.any() else None
    if colour is None or float(np.mean(distance(win[inner], colour) <= INK)) < BADGE_PLAIN:
        return []
    glyph = inner & (distance(win, colour) > INK)
    # a badge's edge, blended with what is around it, is not glyph:
    # parts lying wholly in the rim left by the erosion drop out
    core = cv2.erode(inner.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=BADGE_RIM) > 0
    gparts = [gp for gp in _components(glyph, max(2.0, CENTRED * pitch + 2)) if (gp[0] & core).any()]
    return gparts if sum(int(gp[0].sum()) for gp in gparts) >= 3 else []


def _in_closed_badge(win: np.ndarray, pitch: float, line: np.ndarray | None = None) -> tuple[str | None, list]:
    """The kind of glyph in a badge closed round the window's middle (see
    :func:`_closed_badge`) and its parts; (None, []) where there is none."""
    inner = _closed_badge(win, pitch)
    gparts = _inside_badge(inner, win, pitch) if inner is not None else []
    return (_centred_kind(gparts, win.shape[0], pitch, line) if gparts else None), gparts


def _closed_badge(win: np.ndarray, pitch: float) -> np.ndarray | None:
    """A badge round the window's middle found by its own colour (the middle's
    median, within RING_TOL), closed on every side (a ring round it, or its
    own edge) and holding the glyph in its holes: its pixels, or None where
    that colour reaches the window's rim (a gap between boxes, a grid line)
    or makes no badge's size and shape."""
    size = win.shape[0]
    middle = _near_middle(win.shape[:2], max(2.0, CENTRED * pitch))
    near = win[middle]
    # the commonest colour there (a glyph and its blur may be half of it)
    close = squared_distance(near[:, None], near[None]) <= RING_TOL ** 2
    colour = median_first(near[close[np.argmax(close.sum(axis=1))]])
    same = (distance(win, colour) <= RING_TOL).astype(np.uint8)
    _, lbl = cv2.connectedComponents(same, connectivity=8)
    ids, counts = np.unique(lbl[middle & (same > 0)], return_counts=True)
    if not len(ids):
        return None
    part = lbl == ids[np.argmax(counts)]
    if part[0].any() or part[-1].any() or part[:, 0].any() or part[:, -1].any():
        return None
    disc = filled(part)
    ys, xs = np.nonzero(disc)
    w, h = np.ptp(xs) + 1, np.ptp(ys) + 1
    if min(w, h) < 0.25 * size or max(w, h) > GLYPH_MAX * size or disc.sum() < BADGE_FILL * w * h:
        return None
    return disc


def _badge(parts, win: np.ndarray, size: int) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """The largest ink part, as (mask, box), with the gaps of a few rows or
    columns in its own colour that it spans (a badge in the grid line's
    colour is not ink where the line runs through it, and may fall apart
    in two halves there) and its holes filled (the glyph's own pixels in
    such rows: a badge cut by them fell short of BADGE_FILL, and its flat
    halves read as a sure "=" where an "x" is)."""
    big = max(parts, key=lambda p: p[0].sum())[0]
    k = max(1, int(BAND_GAP * size)) + 1
    ink = np.logical_or.reduce([p[0] for p in parts])
    spans = _bridged(ink, (k, 1)) | _bridged(ink, (1, k))
    grown = ink | (spans & (distance(win, median_first(win[big])) <= INK))
    _, lbl = cv2.connectedComponents(grown.astype(np.uint8), connectivity=8)
    blob = filled(lbl == lbl[big][0])
    ys, xs = np.nonzero(blob)
    return blob, (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))


def _centred_kind(parts, size: int, pitch: float, line: np.ndarray | None) -> str | None:
    """The glyph's kind when its ink is centred on the edge's middle."""
    if not parts:
        return None
    largest = max(int(pp[0].sum()) for pp in parts)
    parts = [pp for pp in parts if pp[0].sum() > SPECK_PART * largest]
    ys, xs = np.nonzero(np.logical_or.reduce([pp[0] for pp in parts]))
    off = np.hypot((xs.min() + xs.max()) / 2 - (size - 1) / 2, (ys.min() + ys.max()) / 2 - (size - 1) / 2)
    return glyph_kind(parts, line) if off <= MARK_CENTRE * pitch + 1 else None


def _shift_dist_many(wins: np.ndarray, refs: np.ndarray, shifts: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Per-pixel distance of each window's middle to its reference at the
    one-pixel shift of the whole window that fits best (a line a pixel off on
    this edge; a per-pixel shift would let a glyph's bar hide in the line's
    blur), for many windows at once: ``wins`` (E, n+2, n+2, 3)
    against ``refs`` (E or 1, n+2, n+2, 3); returns the distances (E, n, n)
    and each window's shifted ref (E, n, n, 3).  ``shifts`` False: no shift
    (the same line further along lies where this one does)."""
    n = wins.shape[1] - 2
    mid = wins[:, 1:-1, 1:-1]
    # the shift is chosen on lightness alone (cheap), the distance is Lab's
    best_at = np.zeros((len(wins), 2), int) + 1
    if shifts:
        best_score = None
        for dy in range(3):
            for dx in range(3):
                score = np.minimum(np.abs(mid[..., 0] - refs[:, dy:dy + n, dx:dx + n, 0]), 2 * INK).mean(axis=(1, 2))
                if best_score is None:
                    best_score = score
                    best_at[:] = (dy, dx)
                else:
                    better = score < best_score
                    best_at[better] = (dy, dx)
                    best_score = np.minimum(best_score, score)
    full = np.broadcast_to(refs, wins.shape)
    ref = np.empty_like(mid)
    for dy in range(3):
        for dx in range(3):
            at = (best_at[:, 0] == dy) & (best_at[:, 1] == dx)
            if at.any():
                ref[at] = full[at, dy:dy + n, dx:dx + n]
    return distance(mid, ref), ref


def read_marks(lab: np.ndarray, lat: Lattice, grounds: list[np.ndarray], lines: bool = True,
               scale: float = 1.0, pieces: frozenset | set = frozenset(), approximate: bool = False,
               why: dict | None = None) -> dict[tuple[int, int, int, int], tuple[str | None, float]]:
    """Every edge between two cells: (mark or None, confidence).  ``lines``:
    the cells are separated by grid lines (which a game may erase under its
    marks), not gaps between tiles.  ``scale``: the screenshot's pixels per
    pixel of ``lab`` (a glyph too small in the screenshot is not told).
    ``pieces``: the cells (r, c) that hold a piece (a picture drawn to its
    cell's edge reaches into the edge's window).  ``approximate``: the
    lattice was moved onto the pieces, so a mark may sit off its edge's
    middle; "no mark" is then not concluded by leaving pieces' ink out.
    ``why``: filled with the reason for each edge read with confidence 0."""
    p = (lat.px + lat.py) / 2
    a = max(3, int(round(HALF * p)))
    size = 2 * a + 1
    wins: dict[tuple[int, int, int, int], list[np.ndarray]] = {}
    for r in range(lat.rows):
        for c in range(lat.cols):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 >= lat.rows or c2 >= lat.cols:
                    continue
                cx = lat.x0 + (c + 1) * lat.px if dc else lat.x0 + (c + 0.5) * lat.px
                cy = lat.y0 + (r + 1) * lat.py if dr else lat.y0 + (r + 0.5) * lat.py
                ax, ay = (0.0, 1.0) if dc else (1.0, 0.0)  # along the edge
                ws = [_window(lab, cx + ax * off * p, cy + ay * off * p, a) for off in (0.0, -ALONG, ALONG)]
                if all(w is not None for w in ws):
                    wins[(r, c, r2, c2)] = ws
    near = _near_middle((size, size), CENTRED * p + 2)
    far = ~_near_middle((size, size), ERASE_SEEN * p)
    dark_pieces = {rc for rc in pieces if _dark(cell_patch(lab, lat, *rc, PIECE_INSET)).any()}
    by_line = np.abs(np.arange(size) - (size - 1) / 2) <= CENTRED * p  # the rows (or columns) near the line
    out: dict[tuple[int, int, int, int], tuple[str | None, float]] = {}
    for vertical_line in (True, False):
        keys = [k for k in wins if (k[3] != k[1]) == vertical_line]
        near_line = by_line[None] if vertical_line else by_line[:, None]  # the window's part near the edge's line
        if not keys:
            continue
        W, A1, A2 = (np.stack([wins[k][j] for k in keys]) for j in range(3))
        # the look of an edge without a mark: the median over these windows
        # and the same lines further along (when most edges carry marks, as
        # on small boards, the middles alone would give a mark's look)
        template = median_first(np.concatenate([W, A1, A2]))
        mid = W[:, 1:-1, 1:-1]
        # unlike an edge without a mark, unlike this very line a little
        # further along (drawn darker or thicker on some edges), unlike both
        # cells' grounds; rows of ink along the whole window are the line
        differs, line = _shift_dist_many(W, template[None])
        before, _ = _shift_dist_many(W, A1, shifts=False)
        after, _ = _shift_dist_many(W, A2, shifts=False)
        g1 = np.stack([grounds[k[0] * lat.cols + k[1]] for k in keys])[:, None, None]
        g2 = np.stack([grounds[k[2] * lat.cols + k[3]] for k in keys])[:, None, None]
        d1, d2 = distance(mid, g1), distance(mid, g2)
        unlike_ground = (d1 > INK) & (d2 > INK)
        line_like = (d1 > INK / 2) & (d2 > INK / 2)  # as faint as a grid line may be
        # the same line further along the edge, both ways (where a game that
        # erases lines under marks still draws them)
        # (clearly drawn there: a faint line's gaps are noise, not erasure)
        along_like = [
            (distance(A, g1) > INK) & (distance(A, g2) > INK)
            for A in (A1[:, 1:-1, 1:-1], A2[:, 1:-1, 1:-1])]
        on_line = (distance(line, g1) > INK / 2) & (distance(line, g2) > INK / 2)
        # where the no-mark edge has its line (a band, where lines sit a
        # pixel or two apart from edge to edge) this very line further along
        # is the better reference: a mark's bar beside the line is ink there
        ink = ((differs > INK) | on_line) & (before > INK) & (after > INK) & unlike_ground
        # where the game erased the line under its mark, a glyph's stroke
        # crossing the line's place looks like the line: judge those pixels
        # against the ground alone (erased: the line is missing towards the
        # window's ends, past where a glyph would be)
        ends = on_line & far
        has_ends = ends.any(axis=(1, 2))
        mark_inks = _drop_line_runs(ink, vertical_line)
        # ink at half the contrast, where no mark is seen: a mark washed out
        # (a pale glyph under heavy JPEG) is not "no mark" when it reaches
        # across the line as a mark does (JPEG's blocks along a box's border
        # differ as much, in strips along it)
        faint_inks = _drop_line_runs((differs > INK / 2) & (before > INK / 2) & (after > INK / 2) & line_like,
                                     vertical_line) & near
        # a line drawn at the window's ends but gone in its middle: a mark
        # was drawn there, so "no mark" is never concluded (unsure instead)
        gaps = _line_gaps(on_line, line_like, along_like, vertical_line) if lines else np.zeros(len(keys), bool)
        little_ink = mark_inks.sum(axis=(1, 2)) < NO_MARK * size * size
        dark = (mark_inks & _dark(mid)).any(axis=(1, 2))
        for i, k in enumerate(keys):
            erased = lines and has_ends[i] and _line_erased(ends[i], unlike_ground[i], vertical_line)
            mark_ink = mark_inks[i]
            gap = bool(gaps[i])
            # the line erased round the mark only (a badge under it) hides a
            # stroke crossing the line's place as well as erased ends do
            hidden = on_line[i] & unlike_ground[i] & near if erased or gap else None
            if little_ink[i] and not dark[i] and (hidden is None or hidden.sum() < NO_MARK * size * size):
                speck = (mark_ink & near).sum() >= SPECK * size * size
                faint = _faint_mark(faint_inks[i], vertical_line, p, size)
                if gap or speck or faint:
                    # a glyph in a badge whose ring and glyph are as dark as
                    # a cell's ground or border: read against the badge
                    kind, gparts = _in_closed_badge(mid[i], p)
                    if kind is not None and _glyph_side(np.logical_or.reduce([g[0] for g in gparts]), p) * scale \
                            >= MIN_GLYPH_PIXELS:
                        out[k] = (OPPOSITE if kind == "x" else EQUAL), 1.0
                        continue
                # nothing there (the common case, decided quickly)
                out[k] = (None, 0.0 if gap or speck or faint else 1.0)
                if (gap or speck or faint) and why is not None:
                    why[k] = GAP_WHY if gap else SPECK_WHY if speck else FAINT_WHY
                continue
            kind, conf = classify(mark_ink, mid[i], p, on_line[i] if lines else None)
            # only when that tells nothing, read again: without the pieces
            # drawn up to their cells' edges, and (where the line is erased)
            # with a stroke crossing the line's place, which looks like the
            # line, judged against the ground alone.  Leaving ink out makes
            # "no mark" only when what was left out is a piece from one side.
            little = NO_MARK * size * size
            if kind is None:
                dropped, both = _drop_pieces(mark_ink, k, pieces, vertical_line, CENTRED * p + 2)
                if dropped is not mark_ink:
                    if dropped.sum() < little:
                        pointer = _pointer_at_line(mark_ink & ~dropped, _dark(mid[i]), near_line) \
                            and not dark_pieces & {k[:2], k[2:]}
                        if not both and not gap and not approximate and not pointer \
                                and not _dark_nearby(dropped, mid[i]):
                            kind, conf = None, 1.0
                    else:
                        kind2, conf2 = classify(dropped, mid[i], p, on_line[i] if lines else None)
                        if kind2 is not None:
                            kind, conf, mark_ink = kind2, conf2, dropped
            # (an "=" too: an x drawn in the line's colour loses its middle
            # where the line was, and what is left is two bars)
            again_for = kind is None and (conf < 1.0 or gap) or kind == EQUAL
            if again_for and hidden is not None and hidden.any():
                again = _drop_line_runs(ink[i] | hidden, vertical_line)
                # (and, last, all that is unlike both grounds near the middle,
                # where a glyph's strokes beside the line's place may pass
                # for its antialiased edge, without the line's stubs drawn
                # in from the window's ends up to a badge that erases it
                # round the glyph: the line, not a stroke)
                stubs = _line_ends(on_line[i] & unlike_ground[i], vertical_line)
                bare = _drop_line_runs((ink[i] | hidden | unlike_ground[i] & near) & ~stubs, vertical_line)
                for cand in (again, _drop_pieces(again, k, pieces, vertical_line, CENTRED * p + 2)[0], bare):
                    if cand.sum() >= little:
                        kind2, conf2 = classify(cand, mid[i], p, on_line[i])
                        if kind2 is not None and (kind is None or kind2 == OPPOSITE):
                            kind, conf, mark_ink = kind2, conf2, cand
                            break
            reason = None
            side = _glyph_side(mark_ink, p) * scale
            if kind is not None and side < MIN_GLYPH_PIXELS:
                kind, conf = None, 0.0  # a few pixels of ink: "=" and "x" look alike
                reason = (f"a mark {side:.1f} px across on the screen: too small to tell = from x "
                          f"(at least {MIN_GLYPH_PIXELS:g} px)")
            if kind is None and gap:
                conf = 0.0  # the line is erased here, as under a mark: no mark is not believed
            out[k] = (kind, conf)
            if conf == 0.0 and why is not None:
                why[k] = reason or (POINTER_WHY if _dark_nearby(mark_ink, mid[i]) else
                                    f"ink {side:.0f} px across that is neither = nor x" if side else GAP_WHY)
    return out


def _drop_pieces(ink: np.ndarray, key: tuple[int, int, int, int], pieces, vertical_line: bool,
                 centre_r: float) -> tuple[np.ndarray, bool]:
    """Ink without what runs in from a side of the window where a cell
    holding a piece lies (a picture drawn up to its cell's edge), looked at
    in that cell's half of the window only: a mark, centred on the line,
    keeps its other half.  Also whether a mark between the pieces could be
    lost: pieces came within ``centre_r`` of the middle from both sides, or
    what was dropped there lies on both sides of the line."""
    r1, c1, r2, c2 = key
    sides = [(r1, c1) in pieces, (r2, c2) in pieces]
    if not any(sides) or not ink.any():
        return ink, False
    m = ink.T if vertical_line else ink  # the first cell's half on top
    size = m.shape[0]
    mid = (size - 1) / 2
    out = m.copy()
    near = []
    for first, has in ((True, sides[0]), (False, sides[1])):
        if not has:
            continue
        half = np.zeros_like(m)
        rows = slice(0, int(np.ceil(mid))) if first else slice(int(np.floor(mid)) + 1, size)
        half[rows] = m[rows]
        n, lbl = cv2.connectedComponents(half.astype(np.uint8), connectivity=8)
        border = lbl[0] if first else lbl[-1]
        parts = np.isin(lbl, border[border > 0])
        if parts.any():
            ys, xs = np.nonzero(parts)
            near.append(bool(np.min(np.hypot(ys - mid, xs - mid)) <= centre_r))
            out &= ~parts
    # a centred object (a mark's badge) that a piece touches is dropped with
    # it: what was dropped near the middle on both sides of the line is not
    # a piece's edge, so "no mark" cannot be concluded then
    yy, xx = np.mgrid[0:size, 0:size]
    central = (np.hypot(yy - mid, xx - mid) <= centre_r) & m & ~out
    straddles = bool(central[yy < mid].any() and central[yy > mid].any())
    out = out.T if vertical_line else out
    return out, (len(near) == 2 and all(near)) or straddles


def _line_gaps(on_line: np.ndarray, line_like: np.ndarray, along: list[np.ndarray], vertical_line: bool) -> np.ndarray:
    """Per window of a stack (E, S, S): this edge's grid line is drawn
    further along the edge (both ways) but missing along much of this
    window: a game erased it under a mark (or something covers it), so
    finding no mark there is not to be trusted.  ``line_like``/``along``:
    the windows' pixels, and those of the windows further along, as unlike
    the cells' grounds as a line is."""
    across = 2 if vertical_line else 1  # the axis across the line
    where = on_line.any(axis=across).sum(axis=1)  # positions along the line where it runs

    def share(mask: np.ndarray) -> np.ndarray:  # of those positions, where mask shows it
        return (mask & on_line).any(axis=across).sum(axis=1) / np.maximum(where, 1)

    further = np.logical_and.reduce([share(a) >= GAP_ALONG for a in along])
    # no line along an edge to speak of: no gap
    return (where > 0) & further & (share(line_like) <= GAP_HERE)


def _line_ends(drawn: np.ndarray, vertical_line: bool) -> np.ndarray:
    """What of ``drawn`` (a window's line pixels) is joined to the window's
    two ends along the line: the line itself, drawn on from beyond."""
    _, labels = cv2.connectedComponents(drawn.astype(np.uint8), connectivity=4)
    ends = (labels[0], labels[-1]) if vertical_line else (labels[:, 0], labels[:, -1])
    return np.isin(labels, np.setdiff1d(np.union1d(*ends), [0]))


def _line_erased(ends: np.ndarray, unlike_ground: np.ndarray, vertical_line: bool) -> bool:
    """The grid line is missing towards the window's ends: where the no-mark
    edge has its line, mostly ground (at least ERASED of it), and no single
    row (column) of it drawn through (LINE_DRAWN of its pixels): a line
    blurred over three rows in the median of all edges is not taken as
    erased where this edge draws it on one of them."""
    if vertical_line:
        ends, unlike_ground = ends.T, unlike_ground.T
    rows = np.flatnonzero(ends.any(axis=1))
    seen = ends[rows]
    drawn = (seen & unlike_ground[rows]).sum(axis=1)
    if (drawn >= LINE_DRAWN * seen.sum(axis=1)).any():
        return False
    return bool(drawn.sum() <= (1 - ERASED) * seen.sum())


def _glyph_side(ink: np.ndarray, pitch: float) -> int:
    """The longer side of the centred ink's box, in pixels."""
    parts = _components(ink, max(2.0, CENTRED * pitch))
    if not parts:
        return 0
    ys, xs = np.nonzero(np.logical_or.reduce([q[0] for q in parts]))
    return int(max(np.ptp(ys), np.ptp(xs)) + 1)


def _dark(win: np.ndarray) -> np.ndarray:
    """Near-black colourless pixels (a mouse pointer's), of a window or a stack."""
    return (win[..., 0] < POINTER_L) & (np.hypot(win[..., 1], win[..., 2]) < POINTER_CHROMA)


def _pointer_at_line(gone: np.ndarray, dark: np.ndarray, near_line: np.ndarray) -> bool:
    """Whether ink left out as a piece's (``gone``) holds a part with
    near-black pixels (a pointer's arrow) that comes near the edge's line:
    the arrow itself, or a mark drawn through by it and left out with it."""
    if not (gone & dark).any():
        return False
    count, labels = cv2.connectedComponents(gone.astype(np.uint8), connectivity=8)
    for j in range(1, count):
        part = labels == j
        if (part & dark).any() and (part & near_line).any():
            return True
    return False


def _dark_nearby(ink: np.ndarray, win: np.ndarray) -> bool:
    """Near-black colourless ink in the window (a pointer may hide a mark)."""
    return bool((ink & _dark(win)).any())
