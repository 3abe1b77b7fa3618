"""Debug and hint pictures: what a reader saw, drawn over the screenshot."""

from __future__ import annotations

import cv2
import numpy as np

from puzzlebot.vision.lattice import Lattice

ORANGE = (0, 140, 255)
RED = (0, 0, 255)
GREEN = (60, 200, 60)
GREY = (128, 128, 128)


def draw_lattice(img: np.ndarray, lat: Lattice, color=GREEN) -> np.ndarray:
    out = img.copy()
    for r in range(lat.rows + 1):
        y = int(round(lat.y0 + r * lat.py))
        cv2.line(out, (int(round(lat.x0)), y), (int(round(lat.x0 + lat.cols * lat.px)), y), color, 1)
    for c in range(lat.cols + 1):
        x = int(round(lat.x0 + c * lat.px))
        cv2.line(out, (x, int(round(lat.y0))), (x, int(round(lat.y0 + lat.rows * lat.py))), color, 1)
    return out


def label_cells(img: np.ndarray, lat: Lattice, texts: dict[tuple[int, int], str],
                unsure: set[tuple[int, int]] | frozenset = frozenset()) -> np.ndarray:
    """Write a short text in each cell (what was read); unsure cells boxed in red."""
    out = img.copy()
    scale = max(0.3, min(1.2, lat.py / 40))
    for (r, c), t in texts.items():
        cx, cy = lat.center(r, c)
        (tw, th), _ = cv2.getTextSize(t, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        org = (int(cx - tw / 2), int(cy + th / 2))
        cv2.putText(out, t, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(out, t, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 1, cv2.LINE_AA)
    for r, c in unsure:
        x0, y0, x1, y1 = lat.box(r, c, 0.05)
        cv2.rectangle(out, (x0, y0), (x1, y1), RED, 2)
    return out


def dots(img: np.ndarray, lat: Lattice, cells: list[tuple[int, int]], color=ORANGE, size: float = 0.18
         ) -> np.ndarray:
    """Dots (``size`` of the pitch in radius) on the given cells: orange, as
    seed 000's helper marks cells to press; small grey ones for empty cells."""
    out = img.copy()
    rad = max(2, int(min(lat.px, lat.py) * size))
    for r, c in cells:
        cx, cy = (int(round(v)) for v in lat.center(r, c))
        cv2.circle(out, (cx, cy), rad + 2, (255, 255, 255), -1, cv2.LINE_AA)
        cv2.circle(out, (cx, cy), rad, color, -1, cv2.LINE_AA)
    return out


def paths(img: np.ndarray, lat: Lattice, cell_paths: list[list[tuple[int, int]]], color=ORANGE) -> np.ndarray:
    """Each path drawn as a line through its cells' centres, a ring where it
    starts and an arrow head where it ends (a drag's way)."""
    out = img.copy()
    width = max(2, int(min(lat.px, lat.py) * 0.08))
    for path in cell_paths:
        pts = np.array([lat.center(r, c) for r, c in path]).round().astype(np.int32)
        cv2.polylines(out, [pts], False, (255, 255, 255), width + 2, cv2.LINE_AA)
        cv2.polylines(out, [pts], False, color, width, cv2.LINE_AA)
        cv2.circle(out, tuple(int(v) for v in pts[0]), 2 * width, color, width, cv2.LINE_AA)
        if len(pts) >= 2:
            cv2.arrowedLine(out, tuple(int(v) for v in pts[-2]), tuple(int(v) for v in pts[-1]), color, width,
                            cv2.LINE_AA, tipLength=0.4)
    return out


def plan_overlay(img: np.ndarray, lat: Lattice, marks: list[tuple[tuple[int, int], str]],
                 cell_paths: list[list[tuple[int, int]]] = ()) -> np.ndarray:
    """The cells to click marked with orange dots (seed 000's helper), each
    with a short label (the value it must end at, or the key to type) where
    one is given; the ways to drag drawn as lines (:func:`paths`)."""
    out = paths(img, lat, list(cell_paths)) if cell_paths else img
    out = dots(out, lat, [cell for cell, _ in marks], ORANGE, 0.16)
    rad = max(2, int(min(lat.px, lat.py) * 0.16))
    for (r, c), label in marks:
        if label:
            cx, cy = (int(round(v)) for v in lat.center(r, c))
            cv2.putText(out, label, (cx - rad // 2, cy + rad // 2), cv2.FONT_HERSHEY_SIMPLEX,
                        max(0.3, rad / 14), (255, 255, 255), 1, cv2.LINE_AA)
    return out


def advice_picture(img: np.ndarray, lat: Lattice, cells, answer: dict[tuple[int, int], str], wrong: bool,
                   margin: float = 0.3) -> np.ndarray:
    """The coach's copy of the board: the cells a step is about boxed (red
    for a wrong move, green for the next step), with the answer's labels
    where given; cut to the board and ``margin`` of a pitch around it."""
    out = img.copy()
    colour = RED if wrong else GREEN
    pitch = min(lat.px, lat.py)
    for r, c in cells:
        x0, y0, x1, y1 = lat.box(r, c, 0.04)
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, max(2, int(pitch * 0.07)))
    scale = max(0.4, pitch / 45)
    for (r, c), text in answer.items():  # the value, large, in the box's colour on a white patch
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
        cx, cy = lat.center(r, c)
        org = (int(cx - tw / 2), int(cy + th / 2))
        cv2.rectangle(out, (org[0] - 3, org[1] - th - 3), (org[0] + tw + 3, org[1] + 5), (255, 255, 255), -1)
        cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 2, cv2.LINE_AA)
    h, w = out.shape[:2]
    x0 = max(0, int(lat.x0 - margin * lat.px))
    y0 = max(0, int(lat.y0 - margin * lat.py))
    x1 = min(w, int(np.ceil(lat.x0 + (lat.cols + margin) * lat.px)))
    y1 = min(h, int(np.ceil(lat.y0 + (lat.rows + margin) * lat.py)))
    return out[y0:y1, x0:x1].copy()
