"""Sampling a board's cells: each cell's box (shrunk by an inset, a share of
the pitch on every side) cut from an image, clipped to it; per-cell medians;
patches resized to a common size for comparing cells with each other.

Units: image pixels for positions, shares of the pitch for insets.
"""

from __future__ import annotations

import cv2
import numpy as np

from puzzlebot.vision.colour_math import median
from puzzlebot.vision.lattice import Lattice


def cell_patch(img: np.ndarray, lat: Lattice, r: int, c: int, inset: float = 0.0) -> np.ndarray:
    """Cell (r, c)'s box shrunk by ``inset``, clipped to the image (possibly
    empty where the cell lies off it)."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = lat.box(r, c, inset)
    return img[max(0, y0):max(0, min(h, y1)), max(0, x0):max(0, min(w, x1))]


def cell_medians(lab: np.ndarray, lat: Lattice, inset: float = 0.25, only: np.ndarray | None = None) -> np.ndarray:
    """The median colour of each cell's box shrunk by ``inset`` (at least a
    pixel), shape (rows, cols, channels); cells outside the mask ``only``
    (default: all in it) and cells off the image stay 0."""
    h, w = lab.shape[:2]
    out = np.zeros((lat.rows, lat.cols, lab.shape[2]), np.float32)
    for r in range(lat.rows):
        for c in range(lat.cols):
            if only is not None and not only[r, c]:
                continue
            x0, y0, x1, y1 = lat.box(r, c, inset)
            x0, y0 = max(0, x0), max(0, y0)
            x1, y1 = min(w, max(x1, x0 + 1)), min(h, max(y1, y0 + 1))
            patch = lab[y0:y1, x0:x1].reshape(-1, lab.shape[2])
            out[r, c] = median(patch, axis=0) if patch.size else 0
    return out


def resized_patch(img: np.ndarray, lat: Lattice, r: int, c: int, size: int, inset: float = 0.0,
                  slack: int | None = None, min_side: int = 4) -> np.ndarray | None:
    """Cell (r, c)'s box shrunk by ``inset``, resized to ``size`` x ``size``
    (area averaging): what cells look like, to compare them.  None when the
    clipped box is under ``min_side`` pixels either way, or (given
    ``slack``) runs more than ``slack`` pixels off the image."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = lat.box(r, c, inset)
    if slack is not None and (x0 < -slack or y0 < -slack or x1 > w + slack or y1 > h + slack):
        return None
    p = img[max(0, y0):min(h, y1), max(0, x0):min(w, x1)]
    if p.shape[0] < min_side or p.shape[1] < min_side:
        return None
    return cv2.resize(p, (size, size), interpolation=cv2.INTER_AREA)
