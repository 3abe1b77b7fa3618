"""Keys a game draws on screen: a number pad beside its board.

Some games take a value only from their own buttons (a Mini Sudoku of
phone-like design ignores typed digits).  :func:`find_pad` finds the
buttons printed 1..n next to the board: the glyphs of the image outside
the board (dark on light and light on dark alike), read by our digit
recogniser, grouped by size and nearness; a pad is one group holding each
of 1..n exactly once (the page's other numbers, a clock or a title, hold
some digits, seldom all, never each once in one row).  Each key keeps its
glyph's ink, so that before a press :func:`still_shows` can check the key
is still where it was found."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from puzzlebot.vision.digits import read_number
from puzzlebot.vision.groups import group_labels
from puzzlebot.vision.lattice import Lattice

# A glyph's ink stands out from the ground around it by this much (grey
# levels) after a top-hat (light ink) or black-hat (dark ink) the size of
# INK_KERNEL of the board's pitch: wider than a stroke, narrower than a key.
PAD_INK, INK_KERNEL = 40, 0.3
# A key's digit is this tall, in the board's pitches: a pad's digits are
# printed at about a cell's digit size, or smaller on small keys.
GLYPH_H = (0.15, 0.9)
# The glyphs of one pad are this alike in height (share of the taller) ...
SAME_SIZE = 0.25
# ... and each lies this many of its heights from another of the pad, at most
# (keys in a row or a grid, a key's width apart).
NEAR = 4.0
# Keys are looked for outside the board, at least OFF_BOARD and at most
# REACH (pitches) from it: a game's pad sits beside its board; the page's
# text further off is not read.
OFF_BOARD, REACH = 0.1, 3.0
# Before a press the key's glyph must still cover this share (intersection
# over union) of its ink as found.
STILL_SAME = 0.5


@dataclass(frozen=True, eq=False)
class ScreenKey:
    """One button drawn on screen: its label, the image point to press (the
    glyph's middle), a box round the glyph (x0, y0, x1, y1) and the glyph's
    pixels in it."""

    label: str
    point: tuple[float, float]
    box: tuple[int, int, int, int]  # the glyph's box and a kernel's width round it
    ink: np.ndarray  # the glyph's pixels in that box
    light: bool  # light ink on a darker key
    pitch: float  # the board's, which sets the kernel
    height: int  # the glyph's


def _kernel(pitch: float) -> int:
    """The top-hat's size (odd pixels) for a board of this pitch."""
    return max(3, int(INK_KERNEL * pitch) | 1)


def _inks(gray: np.ndarray, pitch: float) -> list[tuple[np.ndarray, bool]]:
    """(light ink, True) and (dark ink, False): pixels PAD_INK brighter or
    darker than the ground round them."""
    k = _kernel(pitch)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    return [(cv2.morphologyEx(gray, op, kernel) > PAD_INK, light)
            for op, light in ((cv2.MORPH_TOPHAT, True), (cv2.MORPH_BLACKHAT, False))]


def _glyphs(img: np.ndarray, lat: Lattice, labels: set[str]) -> list[ScreenKey]:
    """The glyphs outside the board that read as one of ``labels``."""
    pitch = min(lat.px, lat.py)
    x0, y0, x1, y1 = lat.bbox
    m = OFF_BOARD * pitch
    # the band round the board (image coordinates from ox, oy)
    ox, oy = int(max(0, x0 - REACH * pitch)), int(max(0, y0 - REACH * pitch))
    ex, ey = int(min(img.shape[1], x1 + REACH * pitch)), int(min(img.shape[0], y1 + REACH * pitch))
    gray = cv2.cvtColor(np.ascontiguousarray(img[oy:ey, ox:ex]), cv2.COLOR_BGR2GRAY)
    x0, y0, x1, y1 = x0 - ox, y0 - oy, x1 - ox, y1 - oy
    boxes = []
    for mask, light in _inks(gray, pitch):
        n, comp, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
        for i in range(1, n):
            bx, by, bw, bh = (int(v) for v in stats[i, :4])
            if not GLYPH_H[0] * pitch <= bh <= GLYPH_H[1] * pitch or bw > 1.2 * bh:
                continue
            if bx + bw > x0 - m and bx < x1 + m and by + bh > y0 - m and by < y1 + m:
                continue  # on the board or touching it
            boxes.append((bx, by, bw, bh, light, comp, i))
    k = _kernel(pitch)
    out = []
    for group in _groups([(bx + bw / 2, by + bh / 2, bh, light) for bx, by, bw, bh, light, _, _ in boxes]):
        if len(group) < len(labels):  # too few glyphs for a pad: not read
            continue
        for j in group:
            bx, by, bw, bh, light, comp, i = boxes[j]
            got = read_number(np.pad(comp[by:by + bh, bx:bx + bw] == i, 2))
            if got.value is None or str(got.value) not in labels:
                continue
            lx0, ly0 = max(0, bx - k), max(0, by - k)
            lx1, ly1 = min(gray.shape[1], bx + bw + k), min(gray.shape[0], by + bh + k)
            out.append(ScreenKey(str(got.value), (ox + bx + bw / 2, oy + by + bh / 2),
                                 (ox + lx0, oy + ly0, ox + lx1, oy + ly1),
                                 comp[ly0:ly1, lx0:lx1] == i, light, pitch, bh))
    return out


def _groups(glyphs: list[tuple[float, float, int, bool]]) -> list[list[int]]:
    """Glyphs (x, y, height, light) joined where alike in size and ink and
    near (single linkage), as lists of indexes."""
    pairs = [(i, j) for i, (xa, ya, ha, la) in enumerate(glyphs) for j, (xb, yb, hb, lb) in enumerate(glyphs)
             if i < j and la == lb and abs(ha - hb) <= SAME_SIZE * max(ha, hb)
             and np.hypot(xa - xb, ya - yb) <= NEAR * max(ha, hb)]
    groups: dict[int, list[int]] = {}
    for i, label in enumerate(group_labels(len(glyphs), pairs)):
        groups.setdefault(label, []).append(i)
    return list(groups.values())


def find_pad(img: np.ndarray, lat: Lattice, n: int) -> dict[str, ScreenKey] | None:
    """The keys 1..n drawn outside the board at ``lat`` in ``img``, by
    label; None unless exactly one group of glyphs holds each of them once."""
    labels = {str(d) for d in range(1, n + 1)}
    pads = []
    keys = _glyphs(img, lat, labels)
    for group in _groups([(*k.point, k.height, k.light) for k in keys]):
        got = [keys[j].label for j in group]
        if sorted(got) == sorted(labels):
            pads.append({keys[j].label: keys[j] for j in group})
    return pads[0] if len(pads) == 1 else None


def still_shows(crop: np.ndarray, key: ScreenKey) -> bool:
    """Whether ``crop`` (the image in the key's box, captured now) still
    shows the key's glyph as found, in either ink (a key a game shows
    pressed may swap its ink and ground)."""
    x0, y0, x1, y1 = key.box
    if crop.shape[:2] != (y1 - y0, x1 - x0):
        return False
    ys, xs = np.nonzero(key.ink)
    near = np.zeros(crop.shape[:2], bool)
    near[ys.min():ys.max() + 1, xs.min():xs.max() + 1] = True  # the glyph's own box
    for mask, _ in _inks(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), key.pitch):
        mask &= near
        union = np.logical_or(mask, key.ink).sum()
        if union and np.logical_and(mask, key.ink).sum() / union >= STILL_SAME:
            return True
    return False
