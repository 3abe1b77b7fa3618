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
