"""Queens boards drawn offline, in several games' looks, with their labels:
the reader's test material beyond our page and the real screenshots.

Looks: ``linkedin`` and ``linkedin-dark`` (LinkedIn's palette, thin lines
between cells, thick borders between regions, a gold crown, a small x);
``flat`` (a clone with one line weight: regions told by colour alone);
``gapped`` (tiles on the page's ground with gaps between them, a black
queen glyph and a dot for a mark); ``checker`` (a dark page, no lines at all,
every region's colour laid over the page at two opacities in a
checkerboard, so side-by-side cells of one region differ); ``plain`` (flat
region colours in a dark frame, no line between cells at all: a cell is
bounded only where its region ends); ``bordered`` (lines only where regions
meet, none between one region's cells).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import cv2
import numpy as np

from puzzlebot.solvers.queens import QueensPuzzle, generate, solve

LOOKS = ("linkedin", "linkedin-dark", "flat", "gapped", "checker", "plain", "bordered")
# The checker look's two opacities (over the dark page), cell by cell.
CHECKER_ALPHA = (0.85, 0.62)
# LinkedIn's light palette and, for dark mode, the same colours at 62%: at
# least 11 Lab units apart, as a game's palette is (11 regions at most).
LIGHT = ["#BBA3E2", "#FFC992", "#96BEFF", "#B3DFA0", "#DFDFDF", "#FF7B60", "#E6F388", "#B9B29E", "#DFA0BF",
         "#A3D2D8", "#62EFEA", "#FF93F3"]
DARK = ["#73658C", "#9E7C5A", "#5D759E", "#6E8A63", "#8A8A8A", "#9E4C3B", "#8E9654", "#726E61", "#8A6376",
        "#658285", "#3C9491", "#9E5B96"]


def _bgr(h: str) -> tuple[int, int, int]:
    return int(h[5:7], 16), int(h[3:5], 16), int(h[1:3], 16)


@dataclass
class Render:
    """A drawn Queens board and what it shows (regions, queens, marks), as its label."""
    image: np.ndarray
    regions: list[str]  # rows of region letters
    queens: list[tuple[int, int]]
    marks: list[tuple[int, int]]
    look: str
    pitch: int


def _crown(img, cx, cy, s, fill, edge):
    pts = np.array([(-0.26, 0.2), (-0.3, -0.14), (-0.14, 0.02), (0, -0.22), (0.14, 0.02), (0.3, -0.14),
                    (0.26, 0.2)]) * s + (cx, cy)
    cv2.fillPoly(img, [pts.astype(np.int32)], fill, cv2.LINE_AA)
    cv2.polylines(img, [pts.astype(np.int32)], True, edge, max(1, int(s * 0.03)), cv2.LINE_AA)
    cv2.rectangle(img, (int(cx - 0.26 * s), int(cy + 0.23 * s)), (int(cx + 0.26 * s), int(cy + 0.29 * s)), fill, -1,
                  cv2.LINE_AA)


def draw(p: QueensPuzzle, queens, marks, look: str = "linkedin", pitch: int = 64, margin: int = 40,
         rng: random.Random | None = None) -> np.ndarray:
    """The board drawn in ``look`` with ``pitch`` px cells."""
    rng = rng or random.Random(0)
    n = p.n
    checker = look == "checker"
    dark = look in ("linkedin-dark", "checker")
    palette = DARK if look == "linkedin-dark" else LIGHT
    order = list(range(len(palette)))
    rng.shuffle(order)
    ground = (22, 22, 22) if checker else (35, 31, 27) if dark else (249, 247, 246)
    size = n * pitch + 2 * margin
    img = np.full((size, size, 3), ground, np.uint8)
    x0 = y0 = margin
    gap = max(2, pitch // 14) if look == "gapped" else 0
    for r in range(n):
        for c in range(n):
            colour = _bgr(palette[order[p.regions[r][c]] % len(palette)])
            if checker:
                a = CHECKER_ALPHA[(r + c) % 2]
                colour = tuple(int(round(g + a * (v - g))) for v, g in zip(colour, ground))
            cv2.rectangle(img, (x0 + c * pitch + gap, y0 + r * pitch + gap),
                          (x0 + (c + 1) * pitch - 1 - gap, y0 + (r + 1) * pitch - 1 - gap), colour, -1)
    line = (0, 0, 0) if look != "flat" else (110, 110, 110)
    if look == "plain":  # a dark frame round the cells, outside them
        frame, x1, y1 = max(3, pitch // 12), x0 + n * pitch, y0 + n * pitch
        for box in (((x0 - frame, y0 - frame), (x1 + frame - 1, y0 - 1)),
                    ((x0 - frame, y1), (x1 + frame - 1, y1 + frame - 1)),
                    ((x0 - frame, y0), (x0 - 1, y1 - 1)), ((x1, y0), (x1 + frame - 1, y1 - 1))):
            cv2.rectangle(img, *box, (40, 36, 34), -1)
    if look not in ("gapped", "checker", "plain"):
        thin = max(1, pitch // 50)
        thick = 1 if look == "flat" else max(3, pitch // 16)
        between_cells = range(n + 1) if look != "bordered" else range(0)  # bordered: lines where regions meet only
        for i in between_cells:
            x = x0 + i * pitch
            cv2.line(img, (x, y0), (x, y0 + n * pitch), line, thin)
            cv2.line(img, (x0, x), (x0 + n * pitch, x), line, thin)
        for r in range(n):
            for c in range(n):
                if c + 1 < n and p.regions[r][c] != p.regions[r][c + 1]:
                    x = x0 + (c + 1) * pitch
                    cv2.line(img, (x, y0 + r * pitch), (x, y0 + (r + 1) * pitch), line, thick)
                if r + 1 < n and p.regions[r][c] != p.regions[r + 1][c]:
                    y = y0 + (r + 1) * pitch
                    cv2.line(img, (x0 + c * pitch, y), (x0 + (c + 1) * pitch, y), line, thick)
        frame = max(3, pitch // 14) if look != "flat" else thin
        cv2.rectangle(img, (x0, y0), (x0 + n * pitch, y0 + n * pitch), line, frame)
    for r, c in queens:
        cx, cy = x0 + (c + 0.5) * pitch, y0 + (r + 0.5) * pitch
        if look == "gapped":
            cv2.circle(img, (int(cx), int(cy)), int(pitch * 0.22), (20, 20, 20), -1, cv2.LINE_AA)
        else:
            _crown(img, cx, cy, pitch, (46, 184, 245), (0, 90, 138))
    for r, c in marks:
        cx, cy = int(x0 + (c + 0.5) * pitch), int(y0 + (r + 0.5) * pitch)
        ink = (230, 230, 230) if look == "linkedin-dark" else (50, 50, 50) if not checker else (16, 16, 16)
        if look == "gapped":
            cv2.circle(img, (cx, cy), max(2, pitch // 16), ink, -1, cv2.LINE_AA)
        else:
            h = max(3, int(pitch * 0.07))
            cv2.line(img, (cx - h, cy - h), (cx + h, cy + h), ink, max(1, pitch // 40), cv2.LINE_AA)
            cv2.line(img, (cx + h, cy - h), (cx - h, cy + h), ink, max(1, pitch // 40), cv2.LINE_AA)
    return img


def random_render(seed: int, look: str | None = None) -> Render:
    """A random puzzle (7x7 to 11x11) in a random state and look."""
    rng = random.Random(seed)
    n = rng.randint(7, 11)
    p = generate(n, rng.randrange(2**31))
    sol = solve(p).solution
    look = look or rng.choice(LOOKS)
    pitch = rng.randint(28, 110)
    state = rng.choice(("start", "marks", "solved"))
    queens, marks = [], []
    if state != "start":
        k = n if state == "solved" else rng.randint(0, n - 1)
        queens = rng.sample(sol, k)
        others = [(r, c) for r in range(n) for c in range(n) if (r, c) not in sol]
        marks = others if state == "solved" and rng.random() < 0.5 else rng.sample(others, rng.randint(0, len(others) // 2))
    img = draw(p, queens, marks, look, pitch, rng.randint(8, 60), rng)
    return Render(img, p.rows_text(), sorted(queens), sorted(marks), look, pitch)
