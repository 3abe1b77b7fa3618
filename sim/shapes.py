"""Shapes the stand-ins and the offline renderers draw with (OpenCV only)."""

from __future__ import annotations

import cv2
import numpy as np


def rounded_box(img: np.ndarray, x0: int, y0: int, x1: int, y1: int, radius: int, colour) -> None:
    """A filled rectangle (corners inclusive), its corners rounded by
    ``radius`` px (square when ``radius`` is 0 or less), anti-aliased."""
    if radius <= 0:
        cv2.rectangle(img, (x0, y0), (x1, y1), colour, -1)
        return
    cv2.rectangle(img, (x0 + radius, y0), (x1 - radius, y1), colour, -1, cv2.LINE_AA)
    cv2.rectangle(img, (x0, y0 + radius), (x1, y1 - radius), colour, -1, cv2.LINE_AA)
    for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius, y0 + radius), (x0 + radius, y1 - radius),
                   (x1 - radius, y1 - radius)):
        cv2.circle(img, (cx, cy), radius, colour, -1, cv2.LINE_AA)


def tiles(img: np.ndarray, x0: int, y0: int, rows: int, cols: int, pitch: int, gap: int, radius: int, colour) -> None:
    """A board's cells as tiles ``gap`` px apart (what is under them shows
    between), the cell at (r, c) the square from (x0 + c * pitch, y0 + r *
    pitch), ``pitch`` px a side, less half the gap each side; corners
    rounded by ``radius`` px."""
    for r in range(rows):
        for c in range(cols):
            right, bottom = x0 + (c + 1) * pitch - 1 - (gap - gap // 2), y0 + (r + 1) * pitch - 1 - (gap - gap // 2)
            rounded_box(img, x0 + c * pitch + gap // 2, y0 + r * pitch + gap // 2, right, bottom, radius, colour)
