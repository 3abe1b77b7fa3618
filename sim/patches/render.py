"""Patches boards drawn offline, in looks nobody here drew, with their
labels: the reader's test material beyond our page and the real screenshots.

A look (:class:`PatchesLook`) sets the page, the cells' ground, grid lines
(any weight and colour) or tiles with gaps of the page between them, the
frame, the clue icons (their size, rounding, palette, the stripes of an
"any" clue, the number's face and size) and the patches drawn (a tint of
their clue's colour over their cells, a border of it inside their edge,
rounded or square).  :data:`LOOKS` names a few that tests ask for;
:func:`random_look` draws any.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import cv2
import numpy as np

from puzzlebot.sim.looks import BGR, FONT_FILES, apart, colour_of, far_from, print_number
from puzzlebot.sim.shapes import cells, rounded_box
from puzzlebot.solvers.patches import PatchesPuzzle, generate

# Our page's clue colours (BGR), a palette games of this kind use.
PALETTE = ((58, 112, 232), (232, 134, 58), (106, 166, 47), (214, 91, 176), (33, 165, 217), (110, 74, 214),
           (189, 176, 47), (75, 110, 138), (224, 123, 107), (46, 166, 143), (158, 85, 224), (143, 157, 79))
# A patch holding no clue, or two, in one colour for all (our page's).
ODD_PATCH = (176, 111, 156)


@dataclass(frozen=True)
class PatchesLook:
    """The colours and shapes one look draws with (sizes in pitches)."""
    name: str
    page: BGR = (238, 242, 244)
    ground: BGR = (255, 255, 255)
    parts: str = "lines"  # "lines" (grid lines) or "gaps" (tiles on the page)
    line: BGR = (214, 214, 214)
    line_px: int = 1
    gap_px: int = 4
    corner: float = 0.0  # the tiles' rounding
    frame: BGR = (154, 154, 154)
    frame_px: int = 2
    icon: float = 0.56  # a square icon's side
    aspect: float = 1.6  # a wide icon's width over its height
    icon_corner: float = 0.08
    palette: tuple = PALETTE
    stripe: BGR = (255, 255, 255)
    stripe_alpha: float = 0.45
    stripe_px: float = 0.04  # the light stripes' width (the colour's between them: 0.07)
    number: BGR = (255, 255, 255)
    number_height: float = 0.22
    font: str = FONT_FILES[0]
    tint: float = 0.35  # a patch's colour over its cells
    border_px: int = 3
    patch_corner: int = 6  # px
    odd: BGR = ODD_PATCH


LOOKS = {
    "plain": PatchesLook("plain"),
    # a dark board with tiles apart on the page, pale stripes, thin borders
    "dark-tiles": PatchesLook("dark-tiles", page=(35, 31, 27), ground=(54, 49, 44), parts="gaps", gap_px=3,
                              corner=0.1, frame_px=0, stripe=(0, 0, 0), stripe_alpha=0.35, tint=0.45, border_px=2),
    # small icons, squarish wide ones, printed in a serif face, strong tints and square patches
    "small-icons": PatchesLook("small-icons", icon=0.44, aspect=1.35, icon_corner=0.02, font=FONT_FILES[3],
                               number_height=0.2, tint=0.5, patch_corner=0, border_px=4),
}


def random_look(rng: random.Random) -> PatchesLook:
    """Any look: light or dark, lines or tiles, icons of any size, rounding
    and palette (colours that stand out from the ground), patches tinted
    lightly or strongly, with thin or thick borders."""
    dark = rng.random() < 0.3
    page = colour_of(rng, "dark" if dark else rng.choice(["light", "light", "any"]))
    ground = colour_of(rng, "dark" if dark else "light")
    parts = rng.choice(["lines", "lines", "gaps"])
    if parts == "gaps" and apart(page, ground) < 12:  # tiles seen against the page
        page = far_from(rng, "any", [ground], 12)
    line = far_from(rng, "any", [ground], 8)
    palette = []
    while len(palette) < 12:
        c = far_from(rng, "vivid", [ground], 35)
        if all(apart(c, o) > 15 for o in palette):
            palette.append(c)
    return PatchesLook(
        "random", page=page, ground=ground, parts=parts, line=line, line_px=rng.choice([1, 1, 2]),
        gap_px=rng.choice([2, 3, 5]), corner=rng.choice([0, 0.08, 0.15]), frame=far_from(rng, "any", [ground], 20),
        frame_px=rng.choice([0, 1, 2, 3]), icon=rng.uniform(0.45, 0.62), aspect=rng.uniform(1.35, 1.8),
        icon_corner=rng.uniform(0, 0.15), palette=tuple(palette),
        stripe=(0, 0, 0) if dark and rng.random() < 0.5 else (255, 255, 255), stripe_alpha=rng.uniform(0.35, 0.55),
        stripe_px=rng.uniform(0.03, 0.05), number=(255, 255, 255), number_height=rng.uniform(0.2, 0.3),
        font=rng.choice(FONT_FILES), tint=rng.uniform(0.25, 0.5), border_px=rng.choice([2, 3, 4]),
        patch_corner=rng.choice([0, 3, 6]), odd=far_from(rng, "vivid", [ground], 35))


def _blend(img: np.ndarray, mask: np.ndarray, colour: BGR, alpha: float) -> None:
    """``colour`` over ``img`` at ``alpha`` where ``mask`` (0-255) is set."""
    a = (mask.astype(np.float32) / 255 * alpha)[..., None]
    img[:] = (img * (1 - a) + np.array(colour, np.float32) * a).round().astype(np.uint8)


def _icon(img: np.ndarray, cx: float, cy: float, shape: str, area: int | None, colour: BGR, look: PatchesLook,
          pitch: int) -> None:
    s = look.icon * pitch
    w, h = {"square": (s, s), "any": (s, s), "wide": (s * look.aspect ** 0.5, s / look.aspect ** 0.5),
            "tall": (s / look.aspect ** 0.5, s * look.aspect ** 0.5)}[shape]
    x0, y0, x1, y1 = int(round(cx - w / 2)), int(round(cy - h / 2)), int(round(cx + w / 2)), int(round(cy + h / 2))
    rounded_box(img, x0, y0, x1, y1, int(look.icon_corner * pitch), colour)
    if shape == "any":  # light stripes at 45 degrees across the icon
        mask = np.zeros(img.shape[:2], np.uint8)
        rounded_box(mask, x0, y0, x1, y1, int(look.icon_corner * pitch), 255)
        period = (look.stripe_px + 0.07) * pitch
        yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
        stripes = ((xx + yy) % period) < look.stripe_px * pitch
        _blend(img, np.where(stripes, mask, 0), look.stripe, look.stripe_alpha)
    if area is not None:
        height = look.number_height * pitch
        if shape == "any":  # the number on a patch of the icon's own colour, over the stripes
            half = int(height * (0.45 if area < 10 else 0.8)) + 2
            rounded_box(img, int(cx) - half, int(cy - height * 0.65), int(cx) + half, int(cy + height * 0.65), 2,
                        colour)
        print_number(img, area, int(round(cx)), int(round(cy)), height, look.number, look.font)


def draw(p: PatchesPuzzle, look: PatchesLook, pitch: int = 56, margin: int = 40) -> np.ndarray:
    """The board with ``p.rects`` drawn as patches, ``pitch`` px a cell."""
    h, w = p.rows * pitch + 2 * margin, p.cols * pitch + 2 * margin
    img = np.full((h, w, 3), look.page, np.uint8)
    x0 = y0 = margin
    x1, y1 = x0 + p.cols * pitch - 1, y0 + p.rows * pitch - 1
    f = look.frame_px
    if f:
        cv2.rectangle(img, (x0 - f, y0 - f), (x1 + f, y1 + f), look.frame, -1)
    cells(img, x0, y0, p.rows, p.cols, pitch, look, outer_lines=False)
    colours = {rc: look.palette[i % len(look.palette)] for i, rc in enumerate(sorted(p.clues))}
    for r, c, hh, ww in p.rects:
        inside = [rc for rc in p.clues if r <= rc[0] < r + hh and c <= rc[1] < c + ww]
        colour = colours[inside[0]] if len(inside) == 1 else look.odd
        px0, py0, px1, py1 = x0 + c * pitch, y0 + r * pitch, x0 + (c + ww) * pitch - 1, y0 + (r + hh) * pitch - 1
        mask = np.zeros(img.shape[:2], np.uint8)
        rounded_box(mask, px0, py0, px1, py1, look.patch_corner, 255)
        _blend(img, mask, colour, look.tint)
        inner = np.zeros(img.shape[:2], np.uint8)
        b = look.border_px
        rounded_box(inner, px0 + b, py0 + b, px1 - b, py1 - b, max(0, look.patch_corner - b), 255)
        _blend(img, cv2.subtract(mask, inner), colour, 1.0)
    for (r, c), (shape, area) in p.clues.items():
        _icon(img, x0 + (c + 0.5) * pitch, y0 + (r + 0.5) * pitch, shape, area, colours[(r, c)], look, pitch)
    return img


@dataclass
class Render:
    """A drawn Patches board and its label: the puzzle and the patches drawn."""
    image: np.ndarray
    puzzle: PatchesPuzzle  # its rects: the patches drawn
    look: PatchesLook
    pitch: int


def random_render(seed: int, look: PatchesLook | None = None) -> Render:
    """A random puzzle (5 to 10 a side) with no patch drawn, some of its
    answer's, a wrong one (holding no clue or two) or all, in ``look`` (a
    random look unless given)."""
    rng = random.Random(seed)
    rows = rng.randint(5, 10)
    cols = rows if rng.random() < 0.8 else rng.randint(5, 10)
    look = look or random_look(rng)
    p, answer = generate(rows, cols, rng.randrange(2**31))
    kind = rng.choice(["start", "some", "wrong", "all"])
    drawn = [] if kind == "start" else list(answer) if kind == "all" else rng.sample(answer, max(1, len(answer) // 3))
    if kind == "wrong":  # a 2x2 patch where the answer has none, clear of those drawn
        taken = {(r, c) for r0, c0, h, w in drawn for r in range(r0, r0 + h) for c in range(c0, c0 + w)}
        spots = [(r, c, 2, 2) for r in range(rows - 1) for c in range(cols - 1)
                 if not {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} & taken and (r, c, 2, 2) not in answer]
        drawn += spots[:1]
    pitch = rng.randint(34, 72)
    p = replace(p, rects=[tuple(x) for x in drawn])
    return Render(draw(p, look, pitch, rng.randint(12, 50) + pitch // 4), p, look, pitch)
