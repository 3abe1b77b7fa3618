"""Mini Sudoku boards drawn offline, in looks nobody here drew, with their
labels: the reader's test material beyond our page and the real screenshots.

A look (:class:`SudokuLook`) sets the page, the cells' ground, how cells and
boxes are parted (thin lines and heavier box lines, or boxes as tiles with
the page between them), the frame, the givens' and the entries' type (ink,
face, weight, a tinted ground for givens), the game's red for a wrong
entry, pencil notes, and a selected cell with its row, column and box
highlighted.  Givens and entries always differ in at least one of ink,
weight or ground, as in every game: a board where they look alike cannot
be read by anyone.  :data:`LOOKS` names a few that tests ask for;
:func:`random_look` draws any.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import cv2
import numpy as np

from puzzlebot.sim.looks import BGR, apart, colour_of, far_from, print_number
from puzzlebot.sim.shapes import rounded_box
from puzzlebot.solvers.sudoku import BOXES, SudokuPuzzle, generate, solve

FACES = "/usr/share/fonts/truetype/"
# Upright faces in two weights (regular, bold): givens bold where a look tells them by weight.
WEIGHTS = tuple((FACES + a + ".ttf", FACES + b + ".ttf") for a, b in (
    ("dejavu/DejaVuSans", "dejavu/DejaVuSans-Bold"),
    ("dejavu/DejaVuSansCondensed", "dejavu/DejaVuSansCondensed-Bold"),
    ("dejavu/DejaVuSerif", "dejavu/DejaVuSerif-Bold"),
    ("liberation/LiberationSans-Regular", "liberation/LiberationSans-Bold"),
    ("liberation/LiberationSerif-Regular", "liberation/LiberationSerif-Bold"),
    ("liberation/LiberationMono-Regular", "liberation/LiberationMono-Bold"),
    ("liberation/LiberationSansNarrow-Regular", "liberation/LiberationSansNarrow-Bold"),
    ("noto/NotoSansMono-Regular", "noto/NotoSansMono-Bold")))
# A highlighted cell's ground is this far (Lab) from every ink: a game shows the digit it highlights.
INK_ON_HIGHLIGHT = 40


@dataclass(frozen=True)
class SudokuLook:
    """The colours and shapes one look draws with (sizes in pitches)."""
    name: str
    page: BGR = (242, 242, 242)
    ground: BGR = (255, 255, 255)
    given_ground: BGR | None = None  # a tint behind givens (None: the ground)
    parts: str = "lines"  # "lines" (thin lines, heavier box lines) or "tiles" (boxes apart on the page)
    line: BGR = (210, 210, 210)
    line_px: int = 1
    box_line: BGR = (40, 40, 40)
    box_px: int = 3  # box lines' weight, or the page's gap between boxes for "tiles"
    corner: float = 0.0  # the tiles' (and the frame's) rounding
    frame_px: int = 0  # a frame outside the board's outer line
    frame: BGR = (40, 40, 40)
    given_ink: BGR = (20, 20, 20)
    entry_ink: BGR = (200, 90, 40)
    given_font: str = WEIGHTS[0][1]
    entry_font: str = WEIGHTS[0][0]
    red: BGR = (40, 40, 220)  # a wrong entry's ink
    digit_height: float = 0.42
    note_ink: BGR = (120, 120, 120)
    note_height: float = 0.13
    select: BGR | None = None  # the selected cell's ground
    peers: BGR | None = None  # its row's, column's and box's ground


LOOKS = {
    "plain": SudokuLook("plain"),
    # givens told by a grey ground only (one ink, one weight), a cell selected with its row, column and box tinted
    "grey-givens": SudokuLook("grey-givens", given_ground=(228, 228, 228), entry_ink=(20, 20, 20),
                              entry_font=WEIGHTS[0][1], select=(240, 200, 150), peers=(250, 235, 215)),
    # givens told by weight only, a cell selected with its row, column and box tinted
    "bold-givens": SudokuLook("bold-givens", entry_ink=(20, 20, 20), given_font=WEIGHTS[3][1],
                              entry_font=WEIGHTS[3][0], select=(250, 220, 180), peers=(250, 240, 225)),
    # boxes as rounded tiles on a dark page, thin lines inside
    "tiles": SudokuLook("tiles", page=(50, 40, 40), parts="tiles", box_px=6, corner=0.12, line=(200, 200, 200)),
    # a dark board: light givens, blue entries, box lines lighter (of more contrast) than the thin ones
    "dark": SudokuLook("dark", page=(20, 20, 20), ground=(38, 34, 32), line=(70, 70, 70), box_line=(150, 150, 150),
                       given_ink=(235, 235, 235), entry_ink=(250, 180, 90), red=(90, 90, 255),
                       note_ink=(140, 140, 140)),
}


def random_look(rng: random.Random) -> SudokuLook:
    """Any look: light or dark, lines or tiles, givens told from entries by
    ink, weight or ground (at least one), entries in an ink unlike the
    game's red for a wrong one, a selection or none."""
    dark = rng.random() < 0.3
    page = colour_of(rng, "dark" if dark else rng.choice(["light", "light", "any"]))
    ground = colour_of(rng, "dark" if dark else "light")
    line = far_from(rng, "any", [ground], 10)
    box_line = far_from(rng, "light" if dark else "dark", [ground], 40) if rng.random() < 0.7 else line
    parts = rng.choice(["lines", "lines", "tiles"])
    if parts == "tiles" and apart(page, ground) < max(15.0, apart(line, ground)):  # boxes parted as clearly as cells
        page = far_from(rng, "any", [ground], max(15.0, apart(line, ground)))
    plain = far_from(rng, "light" if dark else "dark", [ground], 55)
    ways = rng.choice([{"ink"}, {"ink"}, {"weight"}, {"ground"}, {"ink", "weight"}, {"ink", "ground"},
                       {"weight", "ground"}])
    given_ink = plain
    red = (rng.randint(0, 80), rng.randint(0, 80), rng.randint(190, 255))  # the game's red, in BGR
    entry_ink = far_from(rng, "vivid", [ground, given_ink, red], 40) if "ink" in ways else given_ink
    face = rng.choice(WEIGHTS)
    bold = rng.random() < 0.6
    given_font = face[1] if "weight" in ways or bold else face[0]
    entry_font = face[0] if "weight" in ways else given_font
    tint = far_from(rng, "dark" if dark else "light", [ground], 10) if "ground" in ways else None
    selected = rng.random() < 0.4
    inks = [given_ink, entry_ink, red]
    line_px = rng.choice([1, 1, 2])  # box lines (or gaps) are always thicker
    return SudokuLook(
        "random", page=page, ground=ground, given_ground=tint, parts=parts, line=line, line_px=line_px,
        box_line=box_line, box_px=max(line_px + 1, rng.choice([2, 3, 4, 6])), corner=rng.choice([0, 0, 0.1, 0.2]),
        frame_px=rng.choice([0, 0, 2, 4]), frame=rng.choice([box_line, colour_of(rng, "any")]),
        given_ink=given_ink, entry_ink=entry_ink, given_font=given_font, entry_font=entry_font, red=red,
        digit_height=rng.uniform(0.36, 0.6), note_ink=far_from(rng, "any", [ground], 30),
        note_height=rng.uniform(0.1, 0.16),
        select=_under(rng, "any", ground, 12, inks) if selected else None,
        peers=_under(rng, "dark" if dark else "light", ground, 6, inks) if selected and rng.random() < 0.6 else None)


def _under(rng: random.Random, kind: str, ground: BGR, gap: float, inks: list[BGR]) -> BGR | None:
    """A ground for highlighted cells, ``gap`` from the plain ``ground`` and
    far enough from every ink for a digit on it to be seen (None when no
    try finds one)."""
    for _ in range(50):
        c = far_from(rng, kind, [ground], gap)
        if all(apart(c, ink) > INK_ON_HIGHLIGHT for ink in inks):
            return c
    return None


@dataclass
class Render:
    """A drawn Mini Sudoku board and its label."""
    image: np.ndarray
    puzzle: SudokuPuzzle  # givens, and entries as drawn (wrong ones too)
    red: list[list[int]]  # the cells drawn in the game's red, sorted [r, c]
    look: SudokuLook
    pitch: int


def draw(p: SudokuPuzzle, red: set, notes: dict, selected: tuple[int, int] | None, look: SudokuLook,
         pitch: int = 56, margin: int = 40) -> np.ndarray:
    """The board, ``pitch`` px a cell: givens, entries (``red`` ones in the
    game's red), ``notes`` (cell -> digits, small, in empty cells) and the
    ``selected`` cell."""
    n = p.n
    br, bc = BOXES[n]
    side = n * pitch
    img = np.full((side + 2 * margin, side + 2 * margin, 3), look.page, np.uint8)
    x0 = y0 = margin
    f, radius = look.frame_px, int(look.corner * pitch)
    if f:
        rounded_box(img, x0 - f, y0 - f, x0 + side - 1 + f, y0 + side - 1 + f, radius, look.frame)

    def ground(r: int, c: int) -> BGR:
        if (r, c) == selected and look.select:
            return look.select
        if p.givens[r][c] and look.given_ground:
            return look.given_ground
        if selected and look.peers and (r == selected[0] or c == selected[1]
                                        or (r // br, c // bc) == (selected[0] // br, selected[1] // bc)):
            return look.peers
        return look.ground

    tiles = look.parts == "tiles"
    g = look.box_px
    if not tiles:
        rounded_box(img, x0, y0, x0 + side - 1, y0 + side - 1, radius if not f else 0, look.box_line)
    else:
        img[y0:y0 + side, x0:x0 + side] = look.page
    for r in range(n):
        for c in range(n):
            img[y0 + r * pitch:y0 + (r + 1) * pitch, x0 + c * pitch:x0 + (c + 1) * pitch] = ground(r, c)
    heavy = look.page if tiles else look.box_line
    for colour, weight, every in ((look.line, look.line_px, (1, 1)), (heavy, g, (bc, br))):  # box lines over thin
        for k in range(n + 1):
            a, b = k * pitch - weight // 2, k * pitch + weight - weight // 2 - 1  # the line's first and last pixel
            if k % every[0] == 0:
                cv2.rectangle(img, (x0 + a, y0 - g // 2), (x0 + b, y0 + side + g // 2), colour, -1)
            if k % every[1] == 0:
                cv2.rectangle(img, (x0 - g // 2, y0 + a), (x0 + side + g // 2, y0 + b), colour, -1)
    if tiles and radius:  # round each box's corners into the page
        for i in range(0, n, br):
            for j in range(0, n, bc):
                bx0, by0 = x0 + j * pitch + g - g // 2, y0 + i * pitch + g - g // 2
                bx1, by1 = x0 + (j + bc) * pitch - g // 2 - 1, y0 + (i + br) * pitch - g // 2 - 1
                box = img[by0:by1 + 1, bx0:bx1 + 1].copy()
                mask = np.zeros(box.shape[:2], np.uint8)
                rounded_box(mask, 0, 0, box.shape[1] - 1, box.shape[0] - 1, radius, 255)
                a = (mask.astype(np.float32) / 255)[..., None]
                img[by0:by1 + 1, bx0:bx1 + 1] = (box * a + np.array(look.page) * (1 - a)).astype(np.uint8)
    for r in range(n):
        for c in range(n):
            cx, cy = int(x0 + (c + 0.5) * pitch), int(y0 + (r + 0.5) * pitch)
            if p.givens[r][c]:
                print_number(img, p.givens[r][c], cx, cy, look.digit_height * pitch, look.given_ink, look.given_font)
            elif p.entries[r][c]:
                ink = look.red if (r, c) in red else look.entry_ink
                print_number(img, p.entries[r][c], cx, cy, look.digit_height * pitch, ink, look.entry_font)
            for d in notes.get((r, c), ()):
                i, j = divmod(d - 1, 3)
                nx, ny = int(x0 + (c + 0.22 + 0.28 * j) * pitch), int(y0 + (r + 0.22 + 0.28 * i) * pitch)
                print_number(img, d, nx, ny, look.note_height * pitch, look.note_ink, look.entry_font)
    return img


def random_render(seed: int, look: SudokuLook | None = None) -> Render:
    """A random puzzle (6x6 mostly, 4x4 and 9x9 too) with none, some, most
    or all of its other cells entered, a wrong entry or two drawn red, notes
    in a few empty cells, in ``look`` (a random look unless given)."""
    rng = random.Random(seed)
    n = rng.choice([4, 6, 6, 6, 9])
    look = look or random_look(rng)
    pz = generate(n, rng.randrange(2**31))
    answer = solve(pz).grid
    free = [(r, c) for r in range(n) for c in range(n) if not pz.givens[r][c]]
    share = rng.choice([0, 0.3, 0.7, 1.0])
    entered = rng.sample(free, int(share * len(free)))
    entries = [[0] * n for _ in range(n)]
    for r, c in entered:
        entries[r][c] = answer[r][c]
    red = set()
    if entered and share < 1 and rng.random() < 0.4:  # a wrong digit or two, drawn red
        for r, c in rng.sample(entered, min(len(entered), rng.randint(1, 2))):
            entries[r][c] = rng.choice([d for d in range(1, n + 1) if d != answer[r][c]])
            red.add((r, c))
    empty = [rc for rc in free if not entries[rc[0]][rc[1]]]
    notes = {rc: sorted(rng.sample(range(1, n + 1), rng.randint(1, 3)))
             for rc in rng.sample(empty, min(len(empty), rng.choice([0, 0, 2, 5])))}
    selected = rng.choice(free) if (look.select or look.peers) and free else None
    pitch = rng.randint(30, 80)
    p = SudokuPuzzle(n, pz.givens, entries)
    img = draw(p, red, notes, selected, look, pitch, rng.randint(10, 50) + pitch // 4)
    return Render(img, p, sorted([r, c] for r, c in red), look, pitch)
