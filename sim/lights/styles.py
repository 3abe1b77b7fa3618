"""Lights Out boards drawn in deliberately different styles, for testing
that the reader learns the two looks from each image (not our own theme).

Styles: flat tiles with thick grid lines, rounded tiles, round lamps with no
grid lines, glowing lamps on a dark page, bevelled 3D buttons, coloured
"off" cells (blue off / yellow lit), an LED dot-matrix, "fill the
board" paper (white empty, coloured filled), a light theme whose lit tiles
are the darker ones (saturated blue on light grey), and a dark theme whose
lit tiles are drawn larger, and round lamps on a violet gradient, the unlit
ones ringed, the lit ones haloed into the gaps between them.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from puzzlebot.sim.shapes import rounded_box


@dataclass
class Drawn:
    """A Lights Out board drawn in one style, and where its grid is in the picture."""
    image: np.ndarray
    grid_bbox: tuple[float, float, float, float]
    style: str


def _canvas(w: int, h: int, color) -> np.ndarray:
    img = np.empty((h, w, 3), np.uint8)
    img[:] = color
    return img


def draw(board: np.ndarray, style: str, pitch: int = 48, margin: int = 40, seed: int = 0) -> Drawn:
    """Draw ``board`` (1 lit) in ``style``; returns the image and the board's
    bounding box in pixels."""
    rng = np.random.default_rng(seed)
    R, C = board.shape
    W, H = C * pitch + 2 * margin, R * pitch + 2 * margin + 30
    ox, oy = margin, margin + 30
    if style == "flat-grid":  # white page, thick black lines, yellow / light grey
        img = _canvas(W, H, (250, 250, 250))
        for r in range(R):
            for c in range(C):
                col = (40, 200, 250) if board[r, c] else (200, 200, 200)
                cv2.rectangle(img, (ox + c * pitch, oy + r * pitch), (ox + (c + 1) * pitch, oy + (r + 1) * pitch), col, -1)
        for k in range(R + 1):
            cv2.line(img, (ox, oy + k * pitch), (ox + C * pitch, oy + k * pitch), (0, 0, 0), 3)
        for k in range(C + 1):
            cv2.line(img, (ox + k * pitch, oy), (ox + k * pitch, oy + R * pitch), (0, 0, 0), 3)
    elif style == "rounded":  # rounded tiles with gaps, mint lit, pale grey off
        img = _canvas(W, H, (236, 232, 228))
        for r in range(R):
            for c in range(C):
                col = (150, 220, 110) if board[r, c] else (214, 210, 206)
                g = pitch // 10
                rounded_box(img, ox + c * pitch + g, oy + r * pitch + g, ox + (c + 1) * pitch - g,
                         oy + (r + 1) * pitch - g, pitch // 5, col)
    elif style == "lamps":  # round lamps, no grid lines, dark page
        img = _canvas(W, H, (40, 36, 34))
        for r in range(R):
            for c in range(C):
                cx, cy = ox + c * pitch + pitch // 2, oy + r * pitch + pitch // 2
                col = (60, 170, 255) if board[r, c] else (20, 18, 17)
                cv2.circle(img, (cx, cy), int(pitch * 0.42), col, -1, cv2.LINE_AA)
                if board[r, c]:
                    cv2.circle(img, (cx - pitch // 10, cy - pitch // 10), pitch // 8, (200, 235, 255), -1, cv2.LINE_AA)
    elif style == "glow":  # glowing magenta lamps on near-black, halo into the gaps
        img = _canvas(W, H, (18, 10, 14)).astype(np.float32)
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        for r in range(R):
            for c in range(C):
                cx, cy = ox + c * pitch + pitch / 2, oy + r * pitch + pitch / 2
                g = pitch // 8
                if board[r, c]:
                    d = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / (pitch * 0.5)
                    a = np.clip(1.1 - d, 0, 1)[..., None]
                    img = img * (1 - a) + np.array((230, 90, 255), np.float32) * a
                else:
                    cv2.rectangle(img, (int(ox + c * pitch + g), int(oy + r * pitch + g)),
                                  (int(ox + (c + 1) * pitch - g), int(oy + (r + 1) * pitch - g)), (46, 36, 42), -1)
        img = np.clip(img, 0, 255).astype(np.uint8)
    elif style == "bevel":  # raised 3D buttons, light when lit, steel when off
        img = _canvas(W, H, (120, 120, 120))
        for r in range(R):
            for c in range(C):
                x0, y0 = ox + c * pitch, oy + r * pitch
                face = (235, 245, 250) if board[r, c] else (150, 140, 130)
                cv2.rectangle(img, (x0, y0), (x0 + pitch - 1, y0 + pitch - 1), face, -1)
                b = max(2, pitch // 12)
                hi = tuple(min(255, v + 50) for v in face)
                lo = tuple(max(0, v - 70) for v in face)
                cv2.rectangle(img, (x0, y0), (x0 + pitch - 1, y0 + b), hi, -1)
                cv2.rectangle(img, (x0, y0), (x0 + b, y0 + pitch - 1), hi, -1)
                cv2.rectangle(img, (x0, y0 + pitch - b), (x0 + pitch - 1, y0 + pitch - 1), lo, -1)
                cv2.rectangle(img, (x0 + pitch - b, y0), (x0 + pitch - 1, y0 + pitch - 1), lo, -1)
    elif style == "coloured-off":  # blue off cells, yellow lit, white gaps
        img = _canvas(W, H, (255, 255, 255))
        for r in range(R):
            for c in range(C):
                col = (30, 220, 255) if board[r, c] else (170, 90, 40)
                g = 3
                cv2.rectangle(img, (ox + c * pitch + g, oy + r * pitch + g),
                              (ox + (c + 1) * pitch - g, oy + (r + 1) * pitch - g), col, -1)
    elif style == "led":  # dot-matrix LEDs: red dots, unlit dots dark red
        img = _canvas(W, H, (10, 10, 10))
        for r in range(R):
            for c in range(C):
                cx, cy = ox + c * pitch + pitch // 2, oy + r * pitch + pitch // 2
                col = (40, 40, 255) if board[r, c] else (20, 20, 70)
                cv2.circle(img, (cx, cy), int(pitch * 0.32), col, -1, cv2.LINE_AA)
    elif style == "paper-fill":  # white empty squares, filled ones in varied colours
        img = _canvas(W, H, (255, 255, 255))
        palette = [(60, 80, 220), (220, 140, 40), (60, 180, 60), (180, 60, 160), (130, 130, 130), (40, 150, 230)]
        for r in range(R):
            for c in range(C):
                col = palette[int(rng.integers(len(palette)))] if board[r, c] else (255, 255, 255)
                cv2.rectangle(img, (ox + c * pitch, oy + r * pitch), (ox + (c + 1) * pitch, oy + (r + 1) * pitch), col, -1)
        for k in range(R + 1):
            cv2.line(img, (ox, oy + k * pitch), (ox + C * pitch, oy + k * pitch), (0, 0, 0), 4)
        for k in range(C + 1):
            cv2.line(img, (ox + k * pitch, oy), (ox + k * pitch, oy + R * pitch), (0, 0, 0), 4)
    elif style == "light-theme":  # white window, light grey off tiles, saturated blue lit ones (darker)
        img = _canvas(W, H, (252, 252, 252))
        for r in range(R):
            for c in range(C):
                col = (200, 110, 30) if board[r, c] else (222, 222, 222)
                g = max(2, pitch // 16)
                rounded_box(img, ox + c * pitch + g, oy + r * pitch + g, ox + (c + 1) * pitch - g,
                         oy + (r + 1) * pitch - g, pitch // 10, col)
    elif style == "dark-theme":  # GNOME-like: black window, dark grey off tiles, larger blue lit tiles
        img = _canvas(W, H, (0, 0, 0))
        for r in range(R):
            for c in range(C):
                g = max(1, pitch // 24) if board[r, c] else max(3, pitch // 10)
                col = (200, 140, 70) if board[r, c] else (28, 28, 28)
                cv2.rectangle(img, (ox + c * pitch + g, oy + r * pitch + g),
                              (ox + (c + 1) * pitch - g, oy + (r + 1) * pitch - g), col, -1)
    elif style == "ringed-halo":  # round lamps on a violet gradient: unlit ones ringed, lit ones haloed into the gaps
        t = np.linspace(0.0, 1.0, H, dtype=np.float32)[:, None, None]
        img = (np.array((100, 7, 59), np.float32) * (1 - t) + np.array((75, 27, 30), np.float32) * t) * np.ones(
            (1, W, 1), np.float32)
        rad = int(round(pitch * 0.41))
        lit = np.zeros((H, W), np.float32)
        for r in range(R):
            for c in range(C):
                if board[r, c]:
                    centre = (ox + c * pitch + pitch // 2, oy + r * pitch + pitch // 2)
                    cv2.circle(lit, centre, rad, 1.0, -1, cv2.LINE_AA)
        halo = cv2.GaussianBlur(lit, (0, 0), pitch * 0.09)[..., None] * 0.75
        img = img * (1 - halo) + np.array((71, 224, 253), np.float32) * halo
        img = np.clip(img, 0, 255).astype(np.uint8)
        for r in range(R):
            for c in range(C):
                centre = (ox + c * pitch + pitch // 2, oy + r * pitch + pitch // 2)
                if board[r, c]:
                    cv2.circle(img, centre, rad, (71, 224, 253), -1, cv2.LINE_AA)
                else:
                    cv2.circle(img, centre, rad, (101, 16, 46), -1, cv2.LINE_AA)
                    cv2.circle(img, centre, rad, (217, 40, 109), max(1, pitch // 32), cv2.LINE_AA)
    else:
        raise ValueError(f"unknown style {style!r}")
    cv2.putText(img, "Lights Out", (margin, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.8,
                (128, 128, 128), 2, cv2.LINE_AA)
    return Drawn(img, (float(ox), float(oy), float(ox + C * pitch), float(oy + R * pitch)), style)


STYLES = ("flat-grid", "rounded", "lamps", "glow", "bevel", "coloured-off", "led", "paper-fill", "light-theme",
          "dark-theme", "ringed-halo")
