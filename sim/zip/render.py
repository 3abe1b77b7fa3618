"""Zip boards drawn offline, in looks nobody here drew, with their labels:
the reader's test material beyond our page and the real screenshots.

A look (:class:`ZipLook`) sets the page, the cells' ground, how cells are
parted (grid lines of any weight and colour, or tiles with gaps of the
page between them), the frame, how numbers are drawn (in a disc, in a
rounded square, or printed on the ground, in one of the system's TrueType
faces; OpenCV's own when none is installed), walls (bars across sides) and
the trail.  :data:`LOOKS` names a few that tests ask for; :func:`random_look`
draws any.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import cv2
import numpy as np

from puzzlebot.sim.looks import BGR, FONT_FILES, apart, colour_of, far_from, print_number
from puzzlebot.sim.shapes import cells, rounded_box
from puzzlebot.solvers.zip.board import Cell, ZipPuzzle
from puzzlebot.solvers.zip.generate import generate



@dataclass(frozen=True)
class ZipLook:
    """The colours and shapes one look draws with (sizes in pitches)."""
    name: str
    page: BGR = (242, 242, 242)
    ground: BGR = (255, 255, 255)
    parts: str = "lines"  # "lines" (grid lines) or "gaps" (tiles on the page)
    line: BGR = (225, 225, 225)
    line_px: int = 1
    gap_px: int = 4
    corner: float = 0.0  # the tiles' (and a gapped frame's) rounding
    frame_px: int = 0
    frame: BGR = (0, 0, 0)
    numbers: str = "disc"  # "disc", "square" or "printed"
    disc: BGR = (0, 0, 0)
    digit: BGR = (255, 255, 255)
    disc_radius: float = 0.3
    digit_height: float = 0.3
    font: str = FONT_FILES[0]  # a TrueType file; OpenCV's own font when it is not here
    wall: BGR = (0, 0, 0)
    wall_width: float = 0.15
    trail: BGR = (200, 90, 40)
    trail_width: float = 0.4


LOOKS = {
    "plain": ZipLook("plain"),
    # grid lines as dark as walls and 3 px wide: only thicker bars are walls
    "dark-lines": ZipLook("dark-lines", line=(60, 30, 30), line_px=3, wall=(30, 30, 30), wall_width=0.2),
    # tiles on a dark page: the gaps are no walls, the orange bars laid in them are
    "gaps": ZipLook("gaps", page=(40, 40, 40), ground=(250, 250, 250), parts="gaps", gap_px=6, corner=0.12,
                    wall=(0, 140, 255), wall_width=0.18),
    # tiles rounded by a fifth of a pitch, 7 px apart: the board's edge lies half a gap inside the lattice
    "rounded-gaps": ZipLook("rounded-gaps", page=(120, 60, 20), ground=(235, 240, 240), parts="gaps", gap_px=7,
                            corner=0.2, wall=(0, 0, 200), wall_width=0.18),
    # numbers printed wide on the ground, no disc
    "printed": ZipLook("printed", numbers="printed", digit=(40, 40, 40), digit_height=0.4,
                       font=FONT_FILES[4]),
    # discs just larger than LinkedIn's around bold numbers 10 and over that nearly fill them
    "tight-discs": ZipLook("tight-discs", disc=(79, 240, 158), digit=(205, 24, 34), disc_radius=0.275,
                           digit_height=0.26, font=FONT_FILES[0]),
    # numbers in rounded squares (badges that are no discs)
    "squares": ZipLook("squares", numbers="square", disc=(120, 200, 60), digit=(40, 40, 40), disc_radius=0.38,
                       digit_height=0.3, font=FONT_FILES[2]),
    # numbers 10 and over in large discs, the digits crossing the middle ring
    "big-discs": ZipLook("big-discs", disc=(20, 60, 170), digit=(250, 200, 150), disc_radius=0.38,
                         digit_height=0.33, font=FONT_FILES[2]),
}


def random_look(rng: random.Random) -> ZipLook:
    """Any look: light or dark, lines or gaps, numbers in discs, squares or
    printed, walls and trail in colours that stand out from the ground."""
    dark = rng.random() < 0.3
    page = colour_of(rng, "dark" if dark else rng.choice(["light", "light", "any"]))
    ground = colour_of(rng, "dark" if dark else "light")
    line = far_from(rng, "any", [ground], 8)
    if rng.random() < 0.5:  # a shade of the ground, if one far enough from it
        shade = tuple(int(v * 0.85) for v in ground) if not dark else tuple(min(255, v + 30) for v in ground)
        line = shade if apart(shade, ground) > 8 else line
    numbers = rng.choice(["disc", "disc", "printed", "square"])
    disc = far_from(rng, rng.choice(["dark", "vivid"]), [ground], 45)
    digit = far_from(rng, "any", [ground if numbers == "printed" else disc], 60)
    parts = rng.choice(["lines", "lines", "gaps"])
    if parts == "gaps" and apart(page, ground) < 12:  # tiles seen against the page
        page = far_from(rng, "any", [ground], 12)
    return ZipLook(
        "random", page=page, ground=ground, parts=parts, line=line,
        line_px=rng.choice([1, 1, 2]), gap_px=rng.choice([2, 3, 5, 8]), corner=rng.choice([0, 0.1, 0.2]),
        frame_px=rng.choice([0, 2, 4, 8]), frame=rng.choice([(0, 0, 0), line, colour_of(rng, "any")]),
        numbers=numbers, disc=disc, digit=digit, disc_radius=rng.uniform(0.25, 0.38),
        digit_height=rng.uniform(0.22, 0.34), font=rng.choice(FONT_FILES),
        wall=far_from(rng, rng.choice(["dark", "any"]), [ground, page] if parts == "gaps" else [ground], 45),
        wall_width=rng.uniform(0.07, 0.2),
        trail=far_from(rng, "vivid", [ground, disc], 35), trail_width=rng.uniform(0.28, 0.5))


def draw(p: ZipPuzzle, path: list[Cell], look: ZipLook, pitch: int = 60, margin: int = 40) -> np.ndarray:
    """The board with ``path`` drawn on it, ``pitch`` px a cell."""
    h, w = p.rows * pitch + 2 * margin, p.cols * pitch + 2 * margin
    img = np.full((h, w, 3), look.page, np.uint8)
    x0 = y0 = margin
    x1, y1 = x0 + p.cols * pitch - 1, y0 + p.rows * pitch - 1
    f = look.frame_px
    if f:
        rounded_box(img, x0 - f, y0 - f, x1 + f, y1 + f, int(look.corner * pitch) if look.parts == "gaps" else 0,
                    look.frame)
    cells(img, x0, y0, p.rows, p.cols, pitch, look, outer_lines=True)

    def centre(rc: Cell) -> tuple[int, int]:
        return int(x0 + (rc[1] + 0.5) * pitch), int(y0 + (rc[0] + 0.5) * pitch)
    width = max(2, int(look.trail_width * pitch))
    for a, b in zip(path, path[1:]):
        cv2.line(img, centre(a), centre(b), look.trail, width, cv2.LINE_AA)
    for a in path:
        cv2.circle(img, centre(a), width // 2, look.trail, -1, cv2.LINE_AA)
    bar = max(3, int(look.wall_width * pitch), 2 * look.line_px + 2)  # a wall stands out from the lines
    for a, b in p.walls:
        if a[0] == b[0]:  # a vertical wall between left and right cells
            x = x0 + max(a[1], b[1]) * pitch - bar // 2
            cv2.rectangle(img, (x, y0 + a[0] * pitch), (x + bar - 1, y0 + (a[0] + 1) * pitch), look.wall, -1)
        else:
            y = y0 + max(a[0], b[0]) * pitch - bar // 2
            cv2.rectangle(img, (x0 + a[1] * pitch, y), (x0 + (a[1] + 1) * pitch, y + bar - 1), look.wall, -1)
    for rc, k in p.numbers.items():
        cx, cy = centre(rc)
        radius = int(look.disc_radius * pitch)
        if look.numbers == "disc":
            cv2.circle(img, (cx, cy), radius, look.disc, -1, cv2.LINE_AA)
        elif look.numbers == "square":
            rounded_box(img, cx - radius, cy - radius, cx + radius, cy + radius, radius // 3, look.disc)
        print_number(img, k, cx, cy, look.digit_height * pitch, look.digit, look.font)
    return img


@dataclass
class Render:
    """A drawn Zip board and its label: the puzzle and the trail drawn."""
    image: np.ndarray
    puzzle: ZipPuzzle  # numbers and walls; its path is the trail drawn (empty when under two cells)
    look: ZipLook
    pitch: int


def random_render(seed: int, look: ZipLook | None = None, walls: bool | None = None) -> Render:
    """A random puzzle (5 to 9 a side), no trail, part of one or all of it,
    in ``look`` (a random look unless given)."""
    rng = random.Random(seed)
    rows = rng.randint(5, 9)
    cols = rows if rng.random() < 0.8 else rng.randint(5, 9)
    look = look or random_look(rng)
    p, answer = generate(rows, cols, rng.randrange(2**31), walls=rng.random() < 0.6 if walls is None else walls)
    drawn = answer[:rng.choice([0, 0, rng.randint(2, len(answer)), len(answer)])]
    pitch = rng.randint(36, 90)
    img = draw(p, drawn, look, pitch, rng.randint(12, 60))
    return Render(img, replace(p, path=drawn if len(drawn) > 1 else []), look, pitch)
