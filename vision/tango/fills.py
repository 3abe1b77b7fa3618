"""Tango boards whose pieces are filled cells, not symbols on a ground
(Tatham's Unruly, binary-puzzle apps): a cell's fill is its state.

Such a board shows three fills: the empty cells' and the two pieces'.
Which fill is empty is told by the givens and the rules: a given carries a
pattern inside its fill (a bevel, a frame) and is never empty, and the
pieces must keep Tango's rules (at most half of a line each, never three
alike side by side).  When exactly one fill can be the empty one the board
is read; otherwise nothing is (the caller refuses the board, saying why).
Nothing here tells a sun from a moon: no fill is a sun.  The darker piece
is taken as the first of a click's cycle (Unruly's black); the bot checks
that against the game after its first click, as after every click.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN
from puzzlebot.vision.colour_math import median, to_lab
from puzzlebot.vision.lattice import Lattice

# A cell's fill: the median colour of its middle, this share of the pitch
# across (clear of the grid lines and of a highlight along the borders).
FILL_MIDDLE = 0.6
# Cells whose fills differ by less than this (Lab) show one fill.
SAME_FILL = 10.0
# Three states drawn as fills are told apart at a glance: this far (Lab) at least.
FILLS_APART = 20.0
# Each fill is on at least this many cells (a single odd cell is a hover tint).
MIN_CELLS = 2
# A given's pattern: at least PATTERN_SHARE of the middle's pixels differ from
# the cell's fill by more than PATTERN_INK (Lab: a faint bevel, a white line on
# light grey, is 11 off); a flat fill has none.
PATTERN_INK, PATTERN_SHARE = 6.0, 0.015
# A piece with some pattern, but less than PATTERN_SHARE, is unsure whether
# it is a given: a given's 1-pixel bevel fades under a dimmed screen or a
# zoom (down to 0.001-0.003 of the middle on Unruly's boards so changed)
# while a flat fill shows none at all (0, also after JPEG at quality 35).
FAINT_PATTERN = 0.0
# Between moves a cell is read sure when its fill is within SAME_FILL of one
# fill and at least NEAREST_MARGIN times that distance from every other.
NEAREST_MARGIN = 2.0


@dataclass
class Fills:
    """The three fills learnt from the board: Lab of the empty cells', the
    first piece's and the second piece's, and how they were told."""

    colours: np.ndarray  # 3 x 3 Lab, in the order EMPTY, SUN, MOON
    why: str
    first_known: bool = False  # whether the game showed which piece a first click puts (SUN)


@dataclass
class FillReading:
    """The cells of a board whose pieces are fills: values, givens, and the unsure ones."""
    values: np.ndarray  # n x n EMPTY/SUN/MOON
    locked: np.ndarray  # n x n bool: givens (a pattern inside the fill)
    unsure: list[tuple[int, int]]
    fills: Fills
    faint: list[tuple[int, int]] = field(default_factory=list)  # pieces whose pattern is too faint to tell a given


def _middles(lab: np.ndarray, lat: Lattice) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's fill (median Lab of its middle) and the share of the
    middle's pixels unlike it (its pattern): (n, n, 3), (n, n)."""
    n, m = lat.rows, lat.cols
    fill = np.zeros((n, m, 3), np.float32)
    pattern = np.zeros((n, m), np.float32)
    hx, hy = FILL_MIDDLE * lat.px / 2, FILL_MIDDLE * lat.py / 2
    for r in range(n):
        for c in range(m):
            cx, cy = lat.x0 + (c + 0.5) * lat.px, lat.y0 + (r + 0.5) * lat.py
            block = lab[max(0, int(round(cy - hy))):int(round(cy + hy)), max(0, int(round(cx - hx))):int(round(cx + hx))]
            if block.size == 0:
                fill[r, c] = np.nan
                continue
            px = block.reshape(-1, 3)
            fill[r, c] = median(px, axis=0)
            pattern[r, c] = float(np.mean(np.linalg.norm(px - fill[r, c], axis=1) > PATTERN_INK))
    return fill, pattern


def _clusters(fill: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Fills grouped greedily (each within SAME_FILL of its group's first),
    then every cell given to its nearest group's mean: (means, label per cell)."""
    flat = fill.reshape(-1, 3)
    means: list[np.ndarray] = []
    for f in flat[np.argsort(flat[:, 0])]:
        if not any(np.linalg.norm(f - mu) < SAME_FILL for mu in means):
            means.append(f)
    centres = np.array(means, np.float32)
    label = np.argmin(np.linalg.norm(flat[:, None] - centres[None], axis=2), axis=1)
    centres = np.array([median(flat[label == k], axis=0) for k in range(len(centres))], np.float32)
    return centres, label.reshape(fill.shape[:2])


def _keeps_rules(values: np.ndarray) -> bool:
    """The pieces shown break no Tango rule: at most half a line of each,
    never three alike side by side."""
    n = values.shape[0]
    for line in list(values) + list(values.T):
        for v in (SUN, MOON):
            if int(np.sum(line == v)) > n // 2:
                return False
        for i in range(n - 2):
            if line[i] != EMPTY and line[i] == line[i + 1] == line[i + 2]:
                return False
    return True


def read_fills(lab: np.ndarray, lat: Lattice) -> tuple[FillReading | None, str]:
    """The board as filled cells, or None and why it is not one."""
    fill, pattern = _middles(lab, lat)
    if np.isnan(fill).any():
        return None, "a cell lies outside the image"
    centres, label = _clusters(fill)
    counts = np.bincount(label.ravel(), minlength=len(centres))
    if len(centres) != 3 or counts.min() < MIN_CELLS:
        return None, f"its cells show {len(centres)} fills, not an empty one and two pieces'"
    gaps = [float(np.linalg.norm(centres[i] - centres[j])) for i in range(3) for j in range(i + 1, 3)]
    if min(gaps) < FILLS_APART:
        return None, f"two of its three fills are only {min(gaps):.0f} apart (Lab)"
    given = pattern >= PATTERN_SHARE
    fits = []
    for k in range(3):  # k: the empty cells' fill
        if given[label == k].sum() >= MIN_CELLS:
            continue  # a given is never empty (one patterned cell may be a pointer over an empty one)
        first, second = sorted((j for j in range(3) if j != k), key=lambda j: centres[j][0])
        values = np.select([label == first, label == second], [SUN, MOON], EMPTY)
        if _keeps_rules(values):
            fits.append((k, first, second, values))
    if len(fits) != 1:
        return None, ("no fill can be the empty cells' (givens or Tango's rules say no)" if not fits else
                      "its givens and Tango's rules leave more than one fill that could be the empty cells'")
    k, first, second, values = fits[0]
    near = np.linalg.norm(fill - centres[label], axis=2)
    unsure = [(int(r), int(c)) for r, c in np.argwhere(near > SAME_FILL)]
    why = (f"pieces are fills (L {centres[first][0]:.0f} and {centres[second][0]:.0f}; empty L {centres[k][0]:.0f}, "
           "the fill no given has); no sun/moon cue: the darker taken as the first of a click's cycle")
    fills = Fills(centres[[k, first, second]], why)
    faint = [(int(r), int(c)) for r, c in np.argwhere((values != EMPTY) & (pattern > FAINT_PATTERN) & ~given)
             if (r, c) not in unsure]
    return FillReading(values.astype(np.int64), given & (values != EMPTY), unsure, fills, faint), ""


def read_cells(img: np.ndarray, lat: Lattice, fills: Fills, only: np.ndarray | None = None) -> np.ndarray:
    """Every cell of a fresh capture against the fills learnt: EMPTY, SUN or
    MOON, or -1 where its fill is like none of them (mid-change, covered)."""
    x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
    h, w = img.shape[:2]
    crop = img[max(0, y0):min(h, y1), max(0, x0):min(w, x1)]
    out = np.full((lat.rows, lat.cols), -1, np.int64)
    if crop.size == 0:
        return out
    local = lat.shifted(max(0, x0), max(0, y0))
    fill, _ = _middles(to_lab(np.ascontiguousarray(crop)), local)
    d = np.linalg.norm(fill[:, :, None] - fills.colours[None, None], axis=3)  # n, n, 3
    order = np.argsort(d, axis=2)
    best = np.take_along_axis(d, order[..., :1], axis=2)[..., 0]
    second = np.take_along_axis(d, order[..., 1:2], axis=2)[..., 0]
    sure = (best <= SAME_FILL) & (second >= NEAREST_MARGIN * np.maximum(best, 1.0))
    values = np.array([EMPTY, SUN, MOON])[order[..., 0]]
    out[sure] = values[sure]
    if only is not None:
        out[~only] = -1
    return out


__all__ = ["Fills", "FillReading", "read_fills", "read_cells"]
