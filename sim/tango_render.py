"""Drawing Tango boards in the LinkedIn style, to numpy images.

Colours from the real screenshots: empty cell #FFFFFF, locked #EEEBE7, grid
lines #EBE4DA; sun a filled orange circle (#FFB31E, outline #CB6C2F), moon a
blue crescent (#4C8CE6); marks small brown glyphs (#8C724C, ~11% of the
cell) on a white box over the middle of the shared edge.  Dark mode: cells
#1D2226, locked #383D40, moon #82AFED, light grey marks.  Optionally the page
around the board: header with title and timer, Undo / Hint buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from solvers.tango.board import EMPTY, EQUAL, SUN, TangoBoard


def _bgr(hexs: str) -> tuple[int, int, int]:
    h = hexs.lstrip("#")
    return int(h[4:6], 16), int(h[2:4], 16), int(h[0:2], 16)


STYLE = {
    "light": {"page": "#F4F2EE", "panel": "#FFFFFF", "cell": "#FFFFFF", "locked": "#EEEBE7", "line": "#EBE4DA",
              "frame": "#D9D2C7", "sun": "#FFB31E", "sun_edge": "#CB6C2F", "moon": "#4C8CE6", "moon_edge": "#2A5DB0",
              "mark": "#8C724C", "mark_box": "#FFFFFF", "text": "#1F1F1F", "button": "#FFFFFF"},
    "dark": {"page": "#000000", "panel": "#1B1F23", "cell": "#1D2226", "locked": "#383D40", "line": "#3A3F44",
             "frame": "#4A5056", "sun": "#FFB31E", "sun_edge": "#CB6C2F", "moon": "#82AFED", "moon_edge": "#4C7EC2",
             "mark": "#B8BCC2", "mark_box": "#1D2226", "text": "#E8E8E8", "button": "#2A2F33"},
}


@dataclass
class TangoPicture:
    image: np.ndarray
    x0: float  # top-left corner of cell (0, 0)
    y0: float
    pitch: float


def draw_board(board: TangoBoard, pitch: int = 70, mode: str = "light", margin: int = 12) -> TangoPicture:
    """Just the board (a crop), pitch pixels per cell."""
    st = STYLE[mode]
    n = board.size
    side = n * pitch
    img = np.full((side + 2 * margin, side + 2 * margin, 3), _bgr(st["panel"]), np.uint8)
    _board_into(img, board, margin, margin, pitch, st)
    return TangoPicture(img, margin, margin, pitch)


def _board_into(img, board: TangoBoard, ox: int, oy: int, pitch: int, st: dict) -> None:
    n = board.size
    aa = cv2.LINE_AA
    for r in range(n):
        for c in range(n):
            x, y = ox + c * pitch, oy + r * pitch
            col = st["locked"] if board.locked[r][c] else st["cell"]
            cv2.rectangle(img, (x, y), (x + pitch - 1, y + pitch - 1), _bgr(col), -1)
    lw = max(1, pitch // 70)
    for k in range(n + 1):
        cv2.line(img, (ox + k * pitch, oy), (ox + k * pitch, oy + n * pitch), _bgr(st["line"]), lw)
        cv2.line(img, (ox, oy + k * pitch), (ox + n * pitch, oy + k * pitch), _bgr(st["line"]), lw)
    cv2.rectangle(img, (ox, oy), (ox + n * pitch, oy + n * pitch), _bgr(st["frame"]), max(1, pitch // 45))
    for r in range(n):
        for c in range(n):
            v = board.cells[r][c]
            if v == EMPTY:
                continue
            cx, cy = ox + c * pitch + pitch // 2, oy + r * pitch + pitch // 2
            rad = int(pitch * 0.29)
            if v == SUN:
                cv2.circle(img, (cx, cy), rad, _bgr(st["sun"]), -1, aa)
                cv2.circle(img, (cx, cy), rad, _bgr(st["sun_edge"]), max(1, pitch // 35), aa)
            else:  # crescent: a disc minus an offset disc
                mask = np.zeros((pitch, pitch), np.uint8)
                cv2.circle(mask, (pitch // 2, pitch // 2), rad, 255, -1, aa)
                cv2.circle(mask, (pitch // 2 + int(rad * 0.55), pitch // 2 - int(rad * 0.45)), int(rad * 0.85), 0, -1, aa)
                edge = cv2.morphologyEx(mask, cv2.MORPH_GRADIENT, np.ones((max(2, pitch // 30),) * 2, np.uint8))
                sub = img[cy - pitch // 2:cy - pitch // 2 + pitch, cx - pitch // 2:cx - pitch // 2 + pitch]
                a = (mask.astype(np.float32) / 255)[..., None]
                sub[:] = (sub * (1 - a) + np.array(_bgr(st["moon"]), np.float32) * a).astype(np.uint8)
                e = (edge.astype(np.float32) / 255 * (mask > 0))[..., None]
                sub[:] = (sub * (1 - e) + np.array(_bgr(st["moon_edge"]), np.float32) * e).astype(np.uint8)
    for e in board.edges:
        if e.horizontal:
            mx, my = ox + (e.c1 + 1) * pitch, oy + e.r1 * pitch + pitch // 2
        else:
            mx, my = ox + e.c1 * pitch + pitch // 2, oy + (e.r1 + 1) * pitch
        g = max(2, int(round(pitch * 0.055)))  # the glyph is ~11% of the cell wide
        box = int(g * 1.5) + 1
        cv2.rectangle(img, (mx - box, my - box), (mx + box, my + box), _bgr(st["mark_box"]), -1)
        t = max(1, g // 3)
        col = _bgr(st["mark"])
        if e.kind == EQUAL:
            cv2.line(img, (mx - g, my - g // 2), (mx + g, my - g // 2), col, t, aa)
            cv2.line(img, (mx - g, my + g // 2), (mx + g, my + g // 2), col, t, aa)
        else:
            d = int(g * 0.75)
            cv2.line(img, (mx - d, my - d), (mx + d, my + d), col, t, aa)
            cv2.line(img, (mx - d, my + d), (mx + d, my - d), col, t, aa)


def draw_page(board: TangoBoard, pitch: int = 70, mode: str = "light", width: int = 1280, height: int = 720,
              clock: str = "0:18") -> TangoPicture:
    """The board on a page like LinkedIn's: header, timer, Undo / Hint."""
    st = STYLE[mode]
    img = np.full((height, width, 3), _bgr(st["page"]), np.uint8)
    n = board.size
    side = n * pitch
    cv2.rectangle(img, (0, 0), (width, 56), _bgr(st["panel"]), -1)
    cv2.putText(img, "Tango", (80, 38), cv2.FONT_HERSHEY_SIMPLEX, 0.9, _bgr(st["text"]), 2, cv2.LINE_AA)
    cv2.putText(img, clock, (width // 2 - 30, 38), cv2.FONT_HERSHEY_SIMPLEX, 0.8, _bgr(st["text"]), 2, cv2.LINE_AA)
    ox, oy = (width - side) // 2, 90
    cv2.rectangle(img, (ox - 16, oy - 16), (ox + side + 16, oy + side + 110), _bgr(st["panel"]), -1)
    _board_into(img, board, ox, oy, pitch, st)
    by = oy + side + 20
    for bx0, bx1, label in ((ox, ox + side // 2 - 8, "Undo"), (ox + side // 2 + 8, ox + side, "Hint")):
        cv2.rectangle(img, (bx0, by), (bx1, by + 34), _bgr(st["button"]), -1)
        cv2.rectangle(img, (bx0, by), (bx1, by + 34), _bgr(st["text"]), 1, cv2.LINE_AA)
        cv2.putText(img, label, ((bx0 + bx1) // 2 - 22, by + 24), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    _bgr(st["text"]), 2, cv2.LINE_AA)
    return TangoPicture(img, ox, oy, pitch)
