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


def cells(img: np.ndarray, x0: int, y0: int, rows: int, cols: int, pitch: int, look, outer_lines: bool) -> None:
    """A board's cells from (x0, y0), ``pitch`` px each, in ``look`` (a
    renderer's look: its page, ground, parts, line, line_px, gap_px and
    corner): tiles on the page (parts "gaps"), or the ground parted by grid
    lines, the board's sides too when ``outer_lines`` (a pixel past its last
    row and column)."""
    x1, y1 = x0 + cols * pitch - 1, y0 + rows * pitch - 1
    if look.parts == "gaps":
        img[y0:y1 + 1, x0:x1 + 1] = look.page
        tiles(img, x0, y0, rows, cols, pitch, look.gap_px, int(look.corner * pitch), look.ground)
        return
    img[y0:y1 + 1, x0:x1 + 1] = look.ground
    first, end = (0, 1) if outer_lines else (1, 0)
    for i in range(first, cols + 1 - first):
        cv2.line(img, (x0 + i * pitch, y0), (x0 + i * pitch, y1 + end), look.line, look.line_px)
    for i in range(first, rows + 1 - first):
        cv2.line(img, (x0, y0 + i * pitch), (x1 + end, y0 + i * pitch), look.line, look.line_px)
