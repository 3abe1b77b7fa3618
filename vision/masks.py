"""Shapes in pixel masks: a shape with its holes filled (a badge with the
glyph in it, a ring with its middle), whatever lies in them."""

from __future__ import annotations

import cv2
import numpy as np


def filled(mask: np.ndarray) -> np.ndarray:
    """``mask`` (any truthy array) with every hole of its shapes filled: each
    outer outline drawn solid.  A boolean array of the same shape."""
    m = mask.astype(np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return cv2.drawContours(np.zeros_like(m), contours, -1, 1, -1) > 0


def grown(mask: np.ndarray, reach: int = 1) -> np.ndarray:
    """``mask`` (any truthy array) with every shape grown by ``reach`` pixels
    each way, diagonals included: what lies within that many pixels of it.
    A boolean array of the same shape."""
    side = 2 * reach + 1
    return cv2.dilate(mask.astype(np.uint8), np.ones((side, side), np.uint8)) > 0
