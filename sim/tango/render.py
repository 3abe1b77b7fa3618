"""Drawing Tango boards to numpy images, in many games' looks.

The LinkedIn style takes its colours from real screenshots: empty cell
#FFFFFF, locked #EEEBE7, grid lines #EBE4DA; a sun is an orange disc
(#FFB31E, outline #CB6C2F), a moon a blue crescent (#4C8CE6); marks are
brown glyphs (#8C724C, about a sixth of the cell) on a white box over the
middle of the shared edge.  Dark mode: cells #1D2226, locked #383D40.

Other styles stand for games that other people wrote (no copied pixels:
everything is drawn here): small dots for pieces, pictures (a banana and a
spotted moon), emoji (drawn with the system's colour emoji font when it is
installed), separate rounded boxes with gaps instead of grid lines, plain
text marks over an erased line, marks in a grey badge, givens shown by a
coloured border, a hatched fill, or not at all.  ``random_render`` draws a
generated board in one of those shapes in random colours (light or dark,
warm suns and cool moons), for reader sweeps with the board as the label.
"""

from __future__ import annotations

import colorsys
import random
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.sim.looks import BGR, apart, colour_of, far_from
from puzzlebot.solvers.tango.board import EMPTY, EQUAL, SUN, TangoBoard
from puzzlebot.solvers.tango.generate import generate


def _bgr(hexs: str) -> tuple[int, int, int]:
    h = hexs.lstrip("#")
    return int(h[4:6], 16), int(h[2:4], 16), int(h[0:2], 16)


@dataclass(frozen=True)
class TangoStyle:
    """The colours and shapes one look of the Tango stand-in draws with."""
    name: str
    page: str = "#F4F2EE"
    panel: str = "#FFFFFF"
    cell: str = "#FFFFFF"
    locked: str = "#EEEBE7"  # the givens' fill
    line: str = "#EBE4DA"
    line_width: float = 1 / 70  # of the pitch (at least one pixel)
    frame: str = "#D9D2C7"
    frame_width: float = 1 / 45
    cells: str = "grid"  # "grid": cells touch, lines between; "boxes": separate tiles
    box_gap: float = 0.36  # boxes: the gap between tiles, of the pitch
    box_border: str = "#D1D5DB"
    givens: str = "fill"  # "fill" | "border" | "pattern" | "none"
    given_border: str = "#818CF8"
    pieces: str = "linkedin"  # "linkedin" | "dots" | "pictures" | "emoji"
    sun: str = "#FFB31E"
    sun_edge: str = "#CB6C2F"
    moon: str = "#4C8CE6"
    moon_edge: str = "#2A5DB0"
    marks: str = "linkedin"  # "linkedin" | "text" | "badge"
    mark: str = "#8C724C"
    mark_box: str = "#FFFFFF"
    badge: str = "#E5E7EB"
    text: str = "#1F1F1F"
    button: str = "#FFFFFF"


LINKEDIN = TangoStyle("linkedin")
LINKEDIN_DARK = replace(LINKEDIN, name="linkedin-dark", page="#000000", panel="#1B1F23", cell="#1D2226",
                        locked="#383D40", line="#3A3F44", frame="#4A5056", moon="#82AFED", moon_edge="#4C7EC2",
                        mark="#B8BCC2", mark_box="#1D2226", text="#E8E8E8", button="#2A2F33")
STYLES = {
    s.name: s for s in (
        LINKEDIN, LINKEDIN_DARK,
        # black 1 px lines and frame, small dots for pieces, text marks over an erased line
        TangoStyle("dots", page="#FFFFFF", line="#000000", line_width=0.0, frame="#000000", frame_width=0.04,
                   locked="#E1E1E1", pieces="dots", sun="#F5B700", moon="#1E3A8A", marks="text", mark="#000000"),
        # pictures: a banana (crescent with a dark stem) and a spotted moon
        TangoStyle("pictures", page="#FFFFFF", line="#000000", line_width=0.0, frame="#000000",
                   frame_width=0.04, locked="#E1E1E1", pieces="pictures", sun="#FFD21F", sun_edge="#C99A06",
                   moon="#3446C8", moon_edge="#24309A", marks="text", mark="#000000"),
        # emoji on separate rounded boxes, givens with an indigo border, marks in grey badges
        TangoStyle("emoji", page="#F3F0FF", panel="#FFFFFF", cell="#F9FAFB", locked="#EEF2FF", cells="boxes",
                   givens="border", pieces="emoji", marks="badge", mark="#1F2937"),
        # boxes with LinkedIn pieces and givens marked by a coloured border only
        TangoStyle("boxes-bordered", page="#EEF1F4", panel="#EEF1F4", cell="#FFFFFF", locked="#FFFFFF",
                   cells="boxes", box_gap=0.12, box_border="#C5CCD3", givens="border", given_border="#E0A100",
                   marks="badge", badge="#FFFFFF", mark="#5B6470"),
        # givens with a hatched fill, marks as plain text over an erased grey line
        TangoStyle("hatched", page="#FAFAFA", line="#9AA0A6", frame="#5F6368", locked="#FFFFFF", givens="pattern",
                   marks="text", mark="#3C4043"),
        # givens not shown at all (every piece is a given at the start)
        TangoStyle("plain", page="#FFFFFF", line="#C8C8C8", frame="#888888", locked="#FFFFFF", givens="none",
                   mark="#6B5B3E"),
        # dark tiles, light marks
        TangoStyle("boxes-dark", page="#121417", panel="#121417", cell="#262A30", locked="#3A4048", cells="boxes",
                   box_gap=0.18, box_border="#3A4048", moon="#82AFED", moon_edge="#4C7EC2", marks="badge",
                   badge="#3A4048", mark="#E8EAED", text="#E8E8E8", button="#262A30"),
    )
}


def style(name_or_mode: str | TangoStyle) -> TangoStyle:
    if isinstance(name_or_mode, TangoStyle):
        return name_or_mode
    return {"light": LINKEDIN, "dark": LINKEDIN_DARK}.get(name_or_mode) or STYLES[name_or_mode]


def _hex(c: BGR) -> str:
    return "#%02X%02X%02X" % (c[2], c[1], c[0])


def _hued(rng: random.Random, hues: tuple[float, float], others: list[BGR]) -> BGR:
    """A strong colour with a hue between ``hues`` (turns, may wrap), 40 Lab
    units from each of ``others`` (any strong colour when none is)."""
    for _ in range(300):
        r, g, b = colorsys.hsv_to_rgb(rng.uniform(*hues) % 1.0, rng.uniform(0.5, 1), rng.uniform(0.5, 1))
        c = (int(b * 255), int(g * 255), int(r * 255))
        if all(apart(c, o) > 40 for o in others):
            return c
    return far_from(rng, "vivid", others, 40)


def random_style(rng: random.Random, base: TangoStyle) -> TangoStyle:
    """``base``'s shapes (lines or boxes, its pieces, marks and way of
    showing givens) in random colours: light or dark cells, suns warm (red
    to yellow) and moons cool (cyan to violet), marks of any colour 45 Lab
    units from the cells, badges and lines of any."""
    tone = "dark" if rng.random() < 0.3 else "light"
    page, cell = colour_of(rng, tone), colour_of(rng, tone)
    locked = far_from(rng, tone, [cell], 8)
    line = far_from(rng, "any", [cell], 10)
    frame = far_from(rng, "any", [cell], 20)
    sun = _hued(rng, (-0.03, 0.16), [cell, locked])
    moon = _hued(rng, (0.5, 0.8), [cell, locked, sun])
    mark = far_from(rng, "any", [cell], 45)
    edge = lambda c: tuple(int(v * 0.7) for v in c)  # noqa: E731
    return replace(base, name=base.name + "*", page=_hex(page), panel=_hex(page), cell=_hex(cell),
                   locked=_hex(locked) if base.givens == "fill" else base.locked, line=_hex(line),
                   frame=_hex(frame), sun=_hex(sun), sun_edge=_hex(edge(sun)), moon=_hex(moon),
                   moon_edge=_hex(edge(moon)), mark=_hex(mark), mark_box=_hex(cell),
                   badge=_hex(far_from(rng, "any", [cell, mark], 20)), box_border=_hex(line))


@dataclass
class Render:
    """A random board as drawn (its label) and the drawing."""
    image: np.ndarray
    board: TangoBoard  # locked: the givens (those holding a piece)
    style: TangoStyle
    pitch: int


def random_render(seed: int) -> Render:
    """A generated 4x4, 6x6 or 8x8 puzzle (one in five with every cell
    filled in with its solution, the givens still drawn as givens), 36 to
    90 px a cell, in one of STYLES' shapes (chosen by ``seed``) in a random
    style's colours."""
    rng = random.Random(seed)
    st = random_style(rng, list(STYLES.values())[seed % len(STYLES)])
    n = rng.choice([4, 6, 6, 8])
    pitch = rng.randint(36, 90)
    made = generate(n, 1, seed=rng.randrange(1 << 30))[0]
    board = made.puzzle.copy()
    if rng.random() < 0.2:
        board.cells = [row[:] for row in made.solution]
    return Render(draw_board(board, pitch, st).image, board, st, pitch)


@dataclass
class TangoPicture:
    """A drawn Tango board and where its cells are in the picture."""
    image: np.ndarray
    x0: float  # top-left corner of cell (0, 0)
    y0: float
    pitch: float


def draw_board(board: TangoBoard, pitch: int = 70, mode: str | TangoStyle = "light", margin: int = 12) -> TangoPicture:
    """Just the board (a crop), pitch pixels per cell."""
    st = style(mode)
    side = board.size * pitch
    img = np.full((side + 2 * margin, side + 2 * margin, 3), _bgr(st.panel), np.uint8)
    _board_into(img, board, margin, margin, pitch, st)
    return TangoPicture(img, margin, margin, pitch)


def _cell_box(st: TangoStyle, x: int, y: int, pitch: int) -> tuple[int, int, int, int]:
    if st.cells == "boxes":
        g = int(round(st.box_gap * pitch / 2))
        return x + g, y + g, x + pitch - 1 - g, y + pitch - 1 - g
    return x, y, x + pitch - 1, y + pitch - 1


def _rounded(img, x0, y0, x1, y1, r, color, thickness=-1) -> None:
    r = max(1, min(r, (x1 - x0) // 2, (y1 - y0) // 2))
    aa = cv2.LINE_AA
    if thickness < 0:
        cv2.rectangle(img, (x0 + r, y0), (x1 - r, y1), color, -1)
        cv2.rectangle(img, (x0, y0 + r), (x1, y1 - r), color, -1)
        for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
            cv2.circle(img, (cx, cy), r, color, -1, aa)
        return
    for (a, b), (c, d) in (((x0 + r, y0), (x1 - r, y0)), ((x0 + r, y1), (x1 - r, y1)),
                           ((x0, y0 + r), (x0, y1 - r)), ((x1, y0 + r), (x1, y1 - r))):
        cv2.line(img, (a, b), (c, d), color, thickness, aa)
    for (cx, cy), ang in (((x0 + r, y0 + r), 180), ((x1 - r, y0 + r), 270), ((x0 + r, y1 - r), 90),
                          ((x1 - r, y1 - r), 0)):
        cv2.ellipse(img, (cx, cy), (r, r), ang, 0, 90, color, thickness, aa)


def _board_into(img, board: TangoBoard, ox: int, oy: int, pitch: int, st: TangoStyle) -> None:
    n = board.size
    boxes = st.cells == "boxes"
    for r in range(n):
        for c in range(n):
            x, y = ox + c * pitch, oy + r * pitch
            given = board.locked[r][c] and board.cells[r][c] != EMPTY
            col = st.locked if given and st.givens in ("fill", "border") else st.cell
            x0, y0, x1, y1 = _cell_box(st, x, y, pitch)
            rad = int(pitch * 0.12)
            if boxes:
                _rounded(img, x0, y0, x1, y1, rad, _bgr(col))
                edge = st.given_border if given and st.givens == "border" else st.box_border
                _rounded(img, x0, y0, x1, y1, rad, _bgr(edge), max(1, pitch // 30))
            else:
                cv2.rectangle(img, (x0, y0), (x1, y1), _bgr(col), -1)
                if given and st.givens == "border":
                    w = max(2, pitch // 18)
                    cv2.rectangle(img, (x0 + w, y0 + w), (x1 - w, y1 - w), _bgr(st.given_border), w)
            if given and st.givens == "pattern":
                step = max(4, pitch // 8)
                sub = img[y0 + 1:y1, x0 + 1:x1]
                for k in range(-sub.shape[0], sub.shape[1], step):
                    cv2.line(sub, (k, sub.shape[0]), (k + sub.shape[0], 0), _bgr("#D5D8DC"), max(1, pitch // 40),
                             cv2.LINE_AA)
    if not boxes:
        lw = max(1, int(round(pitch * st.line_width)))
        for k in range(n + 1):
            cv2.line(img, (ox + k * pitch, oy), (ox + k * pitch, oy + n * pitch), _bgr(st.line), lw)
            cv2.line(img, (ox, oy + k * pitch), (ox + n * pitch, oy + k * pitch), _bgr(st.line), lw)
        cv2.rectangle(img, (ox, oy), (ox + n * pitch, oy + n * pitch), _bgr(st.frame),
                      max(1, int(round(pitch * st.frame_width))))
    for r in range(n):
        for c in range(n):
            v = board.cells[r][c]
            if v != EMPTY:
                _piece(img, ox + c * pitch + pitch // 2, oy + r * pitch + pitch // 2, pitch, v, st)
    for e in board.edges:
        if e.horizontal:
            mx, my = ox + (e.c1 + 1) * pitch, oy + e.r1 * pitch + pitch // 2
        else:
            mx, my = ox + e.c1 * pitch + pitch // 2, oy + (e.r1 + 1) * pitch
        _mark(img, mx, my, pitch, e.kind, st)


def _paste(img, cx: int, cy: int, rgba: np.ndarray) -> None:
    """Alpha-blend a BGRA picture centred at (cx, cy)."""
    h, w = rgba.shape[:2]
    x0, y0 = cx - w // 2, cy - h // 2
    sub = img[y0:y0 + h, x0:x0 + w]
    a = rgba[:sub.shape[0], :sub.shape[1], 3:4].astype(np.float32) / 255
    sub[:] = (sub * (1 - a) + rgba[:sub.shape[0], :sub.shape[1], :3] * a).astype(np.uint8)


def _crescent(size: int, rad: float, dx: float, dy: float, inner: float) -> np.ndarray:
    mask = np.zeros((size, size), np.uint8)
    c = size // 2
    cv2.circle(mask, (c, c), int(rad), 255, -1, cv2.LINE_AA)
    cv2.circle(mask, (c + int(rad * dx), c + int(rad * dy)), int(rad * inner), 0, -1, cv2.LINE_AA)
    return mask


def _emoji(ch: str, size: int) -> np.ndarray | None:
    """A colour emoji as BGRA, size pixels high (None without the font)."""
    font = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    if not font.exists():
        return None
    from PIL import Image, ImageDraw, ImageFont

    f = ImageFont.truetype(str(font), 109)  # the only size the bitmap font has
    im = Image.new("RGBA", (136, 128), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((0, 0), ch, font=f, embedded_color=True)
    arr = np.array(im)
    ys, xs = np.nonzero(arr[..., 3])
    arr = arr[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    scale = size / arr.shape[0]
    arr = cv2.resize(arr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(arr[..., [2, 1, 0, 3]])


def emoji_available() -> bool:
    return Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf").exists()


def _piece(img, cx: int, cy: int, pitch: int, v: int, st: TangoStyle) -> None:
    aa = cv2.LINE_AA
    if st.pieces == "emoji":
        pic = _emoji("\U0001F31E" if v == SUN else "\U0001F31B", int(pitch * 0.34))
        if pic is not None:
            _paste(img, cx, cy, pic)
            return
    if st.pieces == "dots":  # about a tenth of the cell
        rad = max(2, int(pitch * 0.18))
        cv2.circle(img, (cx, cy), rad, _bgr(st.sun if v == SUN else st.moon), -1, aa)
        return
    size = pitch
    if st.pieces == "pictures":
        if v == SUN:  # a banana: a thick crescent lying on its side, and a dark stem
            mask = _crescent(size, pitch * 0.33, 0.05, -0.55, 0.92)
            stem = (cx - int(pitch * 0.2), cy - int(pitch * 0.26))
            colour, edge = st.sun, st.sun_edge
        else:  # a moon with darker spots
            mask = _crescent(size, pitch * 0.3, 0.5, -0.35, 0.85)
            stem = None
            colour, edge = st.moon, st.moon_edge
    else:
        rad = int(pitch * 0.29)
        if v == SUN:
            mask = np.zeros((size, size), np.uint8)
            cv2.circle(mask, (size // 2, size // 2), rad, 255, -1, aa)
        else:
            mask = _crescent(size, rad, 0.55, -0.45, 0.85)
        stem = None
        colour, edge = (st.sun, st.sun_edge) if v == SUN else (st.moon, st.moon_edge)
    border = cv2.morphologyEx(mask, cv2.MORPH_GRADIENT, np.ones((max(2, pitch // 30),) * 2, np.uint8))
    x0, y0 = cx - size // 2, cy - size // 2
    sub = img[y0:y0 + size, x0:x0 + size]
    a = (mask.astype(np.float32) / 255)[..., None]
    sub[:] = (sub * (1 - a) + np.array(_bgr(colour), np.float32) * a).astype(np.uint8)
    e = (border.astype(np.float32) / 255 * (mask > 0))[..., None]
    sub[:] = (sub * (1 - e) + np.array(_bgr(edge), np.float32) * e).astype(np.uint8)
    if st.pieces == "pictures" and v != SUN:
        for fx, fy, fr in ((-0.12, 0.05, 0.05), (0.0, 0.18, 0.04), (-0.2, -0.1, 0.035)):
            cv2.circle(img, (cx + int(fx * pitch), cy + int(fy * pitch)), max(1, int(fr * pitch)), _bgr(edge), -1, aa)
    if stem is not None:
        cv2.rectangle(img, (stem[0] - max(1, pitch // 40), stem[1] - max(2, pitch // 20)),
                      (stem[0] + max(1, pitch // 40), stem[1] + max(2, pitch // 25)), (20, 20, 20), -1)


def _mark(img, mx: int, my: int, pitch: int, kind: str, st: TangoStyle) -> None:
    aa = cv2.LINE_AA
    g = max(3, int(round(pitch * 0.08)))  # the glyph is about a sixth of the cell wide
    col = _bgr(st.mark)
    t = max(1, int(round(pitch / 45)))
    if st.marks == "linkedin":
        box = int(g * 1.5) + 1
        cv2.rectangle(img, (mx - box, my - box), (mx + box, my + box), _bgr(st.mark_box), -1)
    elif st.marks == "badge":
        cv2.circle(img, (mx, my), max(g + 3, int(pitch * 0.14)), _bgr(st.badge), -1, aa)
        g = max(3, int(g * 0.8))
    else:  # plain text: the game erases the line under it first
        box = int(g * 1.4)
        cv2.rectangle(img, (mx - box, my - box), (mx + box, my + box), _bgr(st.cell), -1)
        scale = pitch / 110
        (tw, th), _ = cv2.getTextSize("=" if kind == EQUAL else "x", cv2.FONT_HERSHEY_SIMPLEX, scale, t)
        cv2.putText(img, "=" if kind == EQUAL else "x", (mx - tw // 2, my + th // 2), cv2.FONT_HERSHEY_SIMPLEX,
                    scale, col, t, aa)
        return
    if kind == EQUAL:
        gap = max(t + 1, g // 2)  # the bars stay apart at any size
        cv2.line(img, (mx - g, my - gap), (mx + g, my - gap), col, t, aa)
        cv2.line(img, (mx - g, my + gap), (mx + g, my + gap), col, t, aa)
    else:
        d = int(g * 0.75)
        cv2.line(img, (mx - d, my - d), (mx + d, my + d), col, t, aa)
        cv2.line(img, (mx - d, my + d), (mx + d, my - d), col, t, aa)


def draw_page(board: TangoBoard, pitch: int = 70, mode: str | TangoStyle = "light", width: int = 1280,
              height: int = 720, clock: str = "0:18") -> TangoPicture:
    """The board on a page like LinkedIn's: header, timer, Undo / Hint."""
    st = style(mode)
    img = np.full((height, width, 3), _bgr(st.page), np.uint8)
    n = board.size
    side = n * pitch
    cv2.rectangle(img, (0, 0), (width, 56), _bgr(st.panel), -1)
    cv2.putText(img, "Tango", (80, 38), cv2.FONT_HERSHEY_SIMPLEX, 0.9, _bgr(st.text), 2, cv2.LINE_AA)
    cv2.putText(img, clock, (width // 2 - 30, 38), cv2.FONT_HERSHEY_SIMPLEX, 0.8, _bgr(st.text), 2, cv2.LINE_AA)
    ox, oy = (width - side) // 2, 90
    cv2.rectangle(img, (ox - 16, oy - 16), (ox + side + 16, oy + side + 110), _bgr(st.panel), -1)
    _board_into(img, board, ox, oy, pitch, st)
    by = oy + side + 20
    for bx0, bx1, label in ((ox, ox + side // 2 - 8, "Undo"), (ox + side // 2 + 8, ox + side, "Hint")):
        cv2.rectangle(img, (bx0, by), (bx1, by + 34), _bgr(st.button), -1)
        cv2.rectangle(img, (bx0, by), (bx1, by + 34), _bgr(st.text), 1, cv2.LINE_AA)
        cv2.putText(img, label, ((bx0 + bx1) // 2 - 22, by + 24), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    _bgr(st.text), 2, cv2.LINE_AA)
    return TangoPicture(img, ox, oy, pitch)


def draw_arrow(img: np.ndarray, x: int, y: int, scale: float = 1.0, dark: bool = True) -> None:
    """A mouse pointer's arrow with its tip at (x, y): black with a white
    outline (macOS) or white with a black outline (Windows)."""
    pts = (np.array([[0, 0], [0, 16], [4, 12], [7, 19], [9, 18], [6, 11], [11, 11]]) * scale).astype(np.int32)
    pts += (x, y)
    fill, edge = ((0, 0, 0), (255, 255, 255)) if dark else ((255, 255, 255), (0, 0, 0))
    cv2.fillPoly(img, [pts], fill, cv2.LINE_AA)
    cv2.polylines(img, [pts], True, edge, max(1, int(round(scale))), cv2.LINE_AA)
