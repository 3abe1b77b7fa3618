"""Drawing Enlight: the phone screen, and the emulator skin around it.

Everything is drawn into numpy images (BGR, uint8) with OpenCV, so the Tk
window and the PNG fixtures show exactly the same pixels.  Lit cells glow
(a radial gradient that spills into the gaps), unlit ones are bevelled
tiles with a vertical gradient; neither is a flat block.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from puzzlebot.sim.lights.game import EnlightGame
from puzzlebot.solvers.errors import InputError

SCREEN = (240, 320)  # logical phone screen, width x height; scale 2 gives 480x640


def _bgr(rgb):
    return (rgb[2], rgb[1], rgb[0])


THEMES = {
    "classic": {  # navy night sky, warm yellow lamps
        "bg": (14, 22, 46), "panel": (22, 34, 68), "title": ((10, 70, 160), (4, 34, 96)), "text": (235, 240, 255),
        "off": ((58, 70, 104), (34, 44, 72)), "off_edge": (84, 98, 140),
        "lit": ((255, 252, 214), (248, 168, 24)), "glow": (250, 190, 60), "banner": (40, 180, 90),
    },
    "night": {  # dark: black, cyan lamps
        "bg": (6, 6, 8), "panel": (14, 15, 18), "title": ((40, 40, 46), (20, 20, 24)), "text": (200, 205, 210),
        "off": ((66, 70, 82), (48, 52, 62)), "off_edge": (92, 98, 112),
        "lit": ((225, 255, 255), (0, 196, 216)), "glow": (0, 220, 240), "banner": (0, 150, 170),
    },
    "paper": {  # light: white tiles, orange lamps
        "bg": (232, 232, 226), "panel": (196, 196, 188), "title": ((70, 110, 170), (40, 70, 120)), "text": (30, 30, 34),
        "off": ((252, 252, 248), (230, 230, 222)), "off_edge": (150, 150, 140),
        "lit": ((255, 214, 130), (228, 100, 16)), "glow": (240, 130, 30), "banner": (200, 90, 20),
    },
}


@dataclass(frozen=True)
class Layout:
    """Where things are on the screen image (pixels, at the render scale)."""

    width: int
    height: int
    board_x: int  # top-left corner of cell (0, 0)'s pitch box
    board_y: int
    pitch: int
    rows: int
    cols: int

    def cell_box(self, r: int, c: int) -> tuple[int, int, int, int]:
        x, y = self.board_x + c * self.pitch, self.board_y + r * self.pitch
        return x, y, x + self.pitch, y + self.pitch

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        c = int((x - self.board_x) // self.pitch)
        r = int((y - self.board_y) // self.pitch)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r, c
        return None

    @property
    def board_box(self) -> tuple[int, int, int, int]:
        return self.board_x, self.board_y, self.board_x + self.cols * self.pitch, self.board_y + self.rows * self.pitch


def layout(rows: int, cols: int, scale: int = 1) -> Layout:
    w, h = SCREEN[0] * scale, SCREEN[1] * scale
    area = 224 * scale
    pitch = min(area // cols, area // rows)
    bw, bh = pitch * cols, pitch * rows
    return Layout(w, h, (w - bw) // 2, 52 * scale + (area - bh) // 2, pitch, rows, cols)


@lru_cache(maxsize=64)
def _sprites(theme: str, pitch: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(unlit tile, lit tile, lit glow alpha) for one cell pitch."""
    t = THEMES[theme]
    gap = max(1, pitch // 10)
    size = pitch - 2 * gap
    radius = max(2, pitch // 6)
    yy, xx = np.mgrid[0:pitch, 0:pitch].astype(np.float32)
    # rounded-square mask of the tile
    mask = np.zeros((pitch, pitch), np.uint8)
    cv2.rectangle(mask, (gap + radius, gap), (gap + size - 1 - radius, gap + size - 1), 255, -1)
    cv2.rectangle(mask, (gap, gap + radius), (gap + size - 1, gap + size - 1 - radius), 255, -1)
    for cx, cy in ((gap + radius, gap + radius), (gap + size - 1 - radius, gap + radius),
                   (gap + radius, gap + size - 1 - radius), (gap + size - 1 - radius, gap + size - 1 - radius)):
        cv2.circle(mask, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    m = (mask.astype(np.float32) / 255)[..., None]
    # unlit: vertical gradient with a lighter top edge
    top, bottom = np.array(_bgr(t["off"][0]), np.float32), np.array(_bgr(t["off"][1]), np.float32)
    f = np.clip((yy - gap) / max(1, size), 0, 1)[..., None]
    off = top * (1 - f) + bottom * f
    edge = (yy < gap + max(1, pitch // 14)) | (xx < gap + max(1, pitch // 14))
    off[edge] = np.array(_bgr(t["off_edge"]), np.float32)
    # lit: radial gradient, white-hot centre to the lamp colour
    c = (pitch - 1) / 2
    d = np.sqrt((xx - c) ** 2 + (yy - c) ** 2) / (size / 2)
    inner, outer = np.array(_bgr(t["lit"][0]), np.float32), np.array(_bgr(t["lit"][1]), np.float32)
    g = np.clip(d, 0, 1)[..., None] ** 1.3
    lit = inner * (1 - g) + outer * g
    glow = np.clip(1.25 - d, 0, 1) * 0.55  # halo beyond the tile edge
    return (off * m).astype(np.float32), (lit * m).astype(np.float32), np.maximum(m[..., 0], glow).astype(np.float32)


def _text(img, s, org, scale, color, thick=1, center=False):
    font = cv2.FONT_HERSHEY_SIMPLEX
    if center:
        (tw, th), _ = cv2.getTextSize(s, font, scale, thick)
        org = (org[0] - tw // 2, org[1] + th // 2)
    cv2.putText(img, s, org, font, scale, _bgr(color), thick, cv2.LINE_AA)


def render_screen(game: EnlightGame, theme: str = "classic", scale: int = 1, clock: str = "9:41",
                  win_screen: bool = False) -> np.ndarray:
    """The phone screen showing ``game``: title bar, level and move counter,
    the board, soft keys, and a banner when solved (``win_screen``: a
    "YOU WIN" screen replaces the board instead)."""
    if theme not in THEMES:
        raise InputError(f"unknown theme {theme!r}; themes: {', '.join(THEMES)}")
    t = THEMES[theme]
    lay = layout(game.rows, game.cols, scale)
    s = scale
    img = np.empty((lay.height, lay.width, 3), np.uint8)
    img[:] = _bgr(t["bg"])
    # title bar with a gradient
    top, bot = np.array(_bgr(t["title"][0]), np.float32), np.array(_bgr(t["title"][1]), np.float32)
    for y in range(22 * s):
        f = y / (22 * s)
        img[y] = (top * (1 - f) + bot * f).astype(np.uint8)
    _text(img, "Enlight", (6 * s, 16 * s), 0.5 * s, (255, 255, 255), s)
    _text(img, clock, (lay.width - 40 * s, 16 * s), 0.42 * s, (255, 255, 255), s)
    _text(img, f"Level {game.level}", (8 * s, 42 * s), 0.45 * s, t["text"], s)
    _text(img, f"Moves {game.moves}", (lay.width - 86 * s, 42 * s), 0.45 * s, t["text"], s)
    # board panel
    x0, y0, x1, y1 = lay.board_box
    pad = 3 * s
    cv2.rectangle(img, (x0 - pad, y0 - pad), (x1 + pad - 1, y1 + pad - 1), _bgr(t["panel"]), -1)
    off, lit, glow = _sprites(theme, lay.pitch)
    canvas = img.astype(np.float32)
    for r in range(game.rows):
        for c in range(game.cols):
            bx, by, ex, ey = lay.cell_box(r, c)
            region = canvas[by:ey, bx:ex]
            if game.board[r, c]:
                a = glow[..., None]
                region[:] = region * (1 - a) + lit * a + (1 - a) * 0
            else:
                a = (off.sum(axis=2, keepdims=True) > 0).astype(np.float32)
                region[:] = region * (1 - a) + off
    img = np.clip(canvas, 0, 255).astype(np.uint8)
    # soft keys
    cv2.rectangle(img, (0, lay.height - 24 * s), (lay.width, lay.height), _bgr(t["title"][1]), -1)
    _text(img, "Menu", (8 * s, lay.height - 8 * s), 0.45 * s, (255, 255, 255), s)
    _text(img, "Restart", (lay.width - 62 * s, lay.height - 8 * s), 0.45 * s, (255, 255, 255), s)
    if game.solved and win_screen:  # the board gives way to a win screen
        cv2.rectangle(img, (0, 24 * s), (lay.width, lay.height - 24 * s), _bgr(t["banner"]), -1)
        _text(img, "YOU WIN", (lay.width // 2, lay.height // 2 - 6 * s), 1.0 * s, (255, 255, 255), 2 * s, center=True)
        _text(img, f"{game.moves} moves - tap for the next level", (lay.width // 2, lay.height // 2 + 24 * s),
              0.4 * s, (255, 255, 255), s, center=True)
    elif game.solved:  # the win banner takes the header line: the board stays visible
        cv2.rectangle(img, (0, 24 * s), (lay.width, 48 * s), _bgr(t["banner"]), -1)
        _text(img, f"Solved in {game.moves} moves! Tap for the next level", (lay.width // 2, 36 * s), 0.38 * s,
              (255, 255, 255), s, center=True)
    return img


# --- the emulator skin --------------------------------------------------------

SKIN_MARGIN = (36, 64, 36, 96)  # left, top, right, bottom, at scale 1


def screen_offset(scale: int = 1) -> tuple[int, int]:
    return SKIN_MARGIN[0] * scale, SKIN_MARGIN[1] * scale


def render_device(game: EnlightGame, theme: str = "classic", scale: int = 1, win_screen: bool = False) -> np.ndarray:
    """The screen inside a phone skin, as the device emulator shows it."""
    screen = render_screen(game, theme, scale, win_screen=win_screen)
    h, w = screen.shape[:2]
    l, t, r, b = (v * scale for v in SKIN_MARGIN)
    H, W = h + t + b, w + l + r
    img = np.full((H, W, 3), (46, 44, 42), np.uint8)  # desktop behind the phone
    body = np.zeros((H, W), np.uint8)
    rad = 28 * scale
    cv2.rectangle(body, (rad, 0), (W - rad, H - 1), 255, -1)
    cv2.rectangle(body, (0, rad), (W - 1, H - rad), 255, -1)
    for cx, cy in ((rad, rad), (W - rad, rad), (rad, H - rad), (W - rad, H - rad)):
        cv2.circle(body, (cx, cy), rad, 255, -1, cv2.LINE_AA)
    yy = np.linspace(0, 1, H, dtype=np.float32)[:, None, None]
    metal = (np.array((92, 90, 88), np.float32) * (1 - yy) + np.array((58, 56, 54), np.float32) * yy)
    a = (body.astype(np.float32) / 255)[..., None]
    img = (img * (1 - a) + metal * a).astype(np.uint8)
    cv2.rectangle(img, (l - 4 * scale, t - 4 * scale), (l + w + 3 * scale, t + h + 3 * scale), (20, 20, 20), -1)
    cv2.rectangle(img, (W // 2 - 30 * scale, 26 * scale), (W // 2 + 30 * scale, 32 * scale), (30, 30, 30), -1)
    _text(img, "Windows Mobile", (W // 2, 48 * scale), 0.4 * scale, (200, 200, 200), scale, center=True)
    by = t + h + 30 * scale
    for i, bx in enumerate((W // 2 - 80 * scale, W // 2 + 80 * scale)):
        cv2.rectangle(img, (bx - 22 * scale, by - 8 * scale), (bx + 22 * scale, by + 8 * scale), (40, 40, 40), -1, cv2.LINE_AA)
    cv2.circle(img, (W // 2, by + 6 * scale), 20 * scale, (36, 36, 36), -1, cv2.LINE_AA)
    cv2.circle(img, (W // 2, by + 6 * scale), 8 * scale, (70, 70, 70), -1, cv2.LINE_AA)
    img[t:t + h, l:l + w] = screen
    return img
