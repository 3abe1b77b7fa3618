"""Colours and type the offline renderers (``sim/*/render.py``) draw their
looks with: random colours of a kind, colours far enough apart in Lab, and
numbers printed in the system's TrueType faces (OpenCV's own font when none
is installed)."""

from __future__ import annotations

import colorsys
import random
from pathlib import Path

import cv2
import numpy as np

# Typefaces web games print digits in (Debian's fonts-dejavu-core and
# fonts-liberation, which Chromium brings); OpenCV's own when none is here.
FONT_FILES = tuple(f"/usr/share/fonts/truetype/{name}.ttf" for name in (
    "dejavu/DejaVuSans-Bold", "dejavu/DejaVuSans", "dejavu/DejaVuSansCondensed-Bold", "dejavu/DejaVuSerif-Bold",
    "liberation/LiberationSans-Bold", "liberation/LiberationSans-Regular", "liberation/LiberationMono-Bold"))
BGR = tuple[int, int, int]


def lab(c: BGR) -> np.ndarray:
    """``c`` in Lab (L 0-100)."""
    return cv2.cvtColor(np.uint8([[c]]), cv2.COLOR_BGR2LAB)[0, 0].astype(float) * [100 / 255, 1, 1]


def apart(a: BGR, b: BGR) -> float:
    """How far apart two colours are (Lab units)."""
    return float(np.linalg.norm(lab(a) - lab(b)))


def colour_of(rng: random.Random, kind: str) -> BGR:
    """A random colour of ``kind``: "light", "dark", "vivid" or any."""
    h = rng.random()
    s, v = {"light": (rng.uniform(0, 0.15), rng.uniform(0.9, 1.0)),
            "dark": (rng.uniform(0, 0.3), rng.uniform(0.05, 0.25)),
            "vivid": (rng.uniform(0.6, 1.0), rng.uniform(0.5, 1.0))}.get(kind, (rng.random(), rng.random()))
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return int(b * 255), int(g * 255), int(r * 255)


def far_from(rng: random.Random, kind: str, others: list[BGR], gap: float) -> BGR:
    """A colour of ``kind`` (else of any kind) at least ``gap`` Lab units
    from each of ``others``; black or white, whichever is farther, when none
    is found."""
    for k in (kind, "any"):
        for _ in range(200):
            c = colour_of(rng, k)
            if all(apart(c, o) > gap for o in others):
                return c
    return max(((0, 0, 0), (255, 255, 255)), key=lambda q: min(apart(q, o) for o in others))


def print_number(img: np.ndarray, k: int, cx: int, cy: int, height: float, colour: BGR, font: str) -> None:
    """``k`` centred on (cx, cy) in ``font``, its digits ``height`` px high."""
    if not Path(font).exists():
        face = cv2.FONT_HERSHEY_DUPLEX
        scale = height / cv2.getTextSize("0", face, 1.0, 1)[0][1]
        weight = max(1, int(round(height / 9)))
        (w, h), _ = cv2.getTextSize(str(k), face, scale, weight)
        cv2.putText(img, str(k), (cx - w // 2, cy + h // 2), face, scale, colour, weight, cv2.LINE_AA)
        return
    from PIL import Image, ImageDraw, ImageFont
    size = max(6, int(round(height / 0.73)))  # these faces' digits are about 0.73 of the size high
    pil = Image.fromarray(img[..., ::-1])
    ImageDraw.Draw(pil).text((cx, cy), str(k), font=ImageFont.truetype(font, size), fill=colour[::-1], anchor="mm")
    img[:] = np.asarray(pil)[..., ::-1]
