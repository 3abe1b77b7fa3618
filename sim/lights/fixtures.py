"""Make the Lights Out reader's fixtures: ``python -m puzzlebot.sim.lights.fixtures``.

Writes fixtures/lights/*.png|jpg and labels.json (same fields as the real
screenshots' labels): the Enlight simulator at several board sizes, themes
and scales, with and without the emulator skin, JPEG-compressed, with a
mouse cursor over a cell, placed on a 1280x800 desktop; and boards drawn in
the other styles of :mod:`puzzlebot.sim.lights.styles`.  Deterministic: the same
files every run.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.sim.lights.game import EnlightGame, builtin_level, random_board
from puzzlebot.sim.lights.render import layout, render_device, render_screen, screen_offset
from puzzlebot.sim.lights.styles import STYLES, draw

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "lights"

CURSOR = np.array([[0, 0], [0, 17], [4, 13], [7, 20], [10, 19], [7, 12], [12, 12]], np.int32)


def draw_cursor(img: np.ndarray, x: int, y: int) -> None:
    pts = CURSOR + (x, y)
    cv2.fillPoly(img, [pts], (255, 255, 255), cv2.LINE_AA)
    cv2.polylines(img, [pts], True, (0, 0, 0), 1, cv2.LINE_AA)


def desktop(seed: int) -> np.ndarray:
    """A plausible 1280x800 desktop: wallpaper, a taskbar, a text window."""
    rng = np.random.default_rng(seed)
    img = np.zeros((800, 1280, 3), np.uint8)
    top, bottom = rng.integers(40, 140, 3), rng.integers(40, 140, 3)
    for y in range(800):
        f = y / 799
        img[y] = (top * (1 - f) + bottom * f).astype(np.uint8)
    cv2.rectangle(img, (0, 770), (1280, 800), (30, 30, 30), -1)
    for i in range(6):
        cv2.rectangle(img, (8 + i * 44, 774), (40 + i * 44, 796), (90, 90, 90), -1)
    x0, y0 = 40, 60
    cv2.rectangle(img, (x0, y0), (x0 + 420, y0 + 360), (245, 245, 245), -1)
    cv2.rectangle(img, (x0, y0), (x0 + 420, y0 + 24), (200, 120, 40), -1)
    for k in range(14):
        cv2.putText(img, f"note line {k}: lights and switches", (x0 + 10, y0 + 48 + k * 22),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.45, (40, 40, 40), 1, cv2.LINE_AA)
    return img


def _save(img: np.ndarray, name: str, jpeg: int | None) -> str:
    OUT.mkdir(parents=True, exist_ok=True)
    if jpeg:
        name += ".jpg"
        cv2.imwrite(str(OUT / name), img, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
    else:
        name += ".png"
        cv2.imwrite(str(OUT / name), img)
    return name


def _rows(board: np.ndarray) -> list[str]:
    return ["".join("#" if v else "." for v in row) for row in board]


def make() -> list[dict]:
    labels: list[dict] = []

    def add(img, name, board, bbox, view, jpeg=None):
        fname = _save(img, name, jpeg)
        labels.append({"file": fname, "rows": _rows(board), "nrows": int(board.shape[0]),
                       "cols": int(board.shape[1]), "grid_bbox": [round(float(v), 1) for v in bbox],
                       "image_size": [int(img.shape[1]), int(img.shape[0])], "view": view,
                       "source": "puzzlebot sim (python -m puzzlebot.sim.lights.fixtures)"})

    # the Enlight simulator: sizes x themes x scales, skin on or off
    cases = [
        (10, "classic", 1, True, None, 1), (10, "night", 1, True, 85, 2), (10, "paper", 1, True, 75, 3),
        (10, "classic", 2, False, 80, 4), (3, "classic", 1, True, None, 0), (5, "night", 1, False, None, 0),
        (7, "paper", 2, True, 85, 0), (12, "classic", 1, False, 90, 0), (15, "night", 1, True, None, 0),
        (20, "classic", 2, False, 85, 0), (6, "paper", 1, False, 70, 0), (9, "night", 2, True, None, 0),
    ]
    for i, (n, theme, scale, skin, jpeg, level) in enumerate(cases):
        board = builtin_level(level) if level else random_board(n, seed=100 + i)
        game = EnlightGame(board, level=level or 40 + i, moves=i * 3)
        img = render_device(game, theme, scale) if skin else render_screen(game, theme, scale)
        lay = layout(n, n, scale)
        ox, oy = screen_offset(scale) if skin else (0, 0)
        bx0, by0, bx1, by1 = lay.board_box
        bbox = (bx0 + ox, by0 + oy, bx1 + ox, by1 + oy)
        view = f"Enlight simulator {n}x{n}, theme {theme}, {lay.width}x{lay.height} screen" + (
            ", emulator skin" if skin else ", screen only") + (f", JPEG q{jpeg}" if jpeg else "")
        if i % 4 == 1:  # a mouse cursor over a cell
            r, c = n // 2, n // 3
            cx0, cy0, _, _ = lay.cell_box(r, c)
            draw_cursor(img, cx0 + ox + lay.pitch // 3, cy0 + oy + lay.pitch // 3)
            view += ", mouse cursor over a cell"
        add(img, f"enlight_{i:02d}_{n}x{n}_{theme}_s{scale}", board, bbox, view, jpeg)

    # the simulator window on a full desktop, away from the origin
    for i, (theme, pos, jpeg) in enumerate((("classic", (700, 120), None), ("night", (860, 300), 85),
                                            ("paper", (520, 40), 80))):
        board = builtin_level(i + 4)
        game = EnlightGame(board, level=i + 4)
        dev = render_device(game, theme, 1)
        img = desktop(i)
        x, y = pos
        img[y:y + dev.shape[0], x:x + dev.shape[1]] = dev
        lay = layout(10, 10, 1)
        ox, oy = screen_offset(1)
        bx0, by0, bx1, by1 = lay.board_box
        add(img, f"desktop_{i}_{theme}", board, (bx0 + ox + x, by0 + oy + y, bx1 + ox + x, by1 + oy + y),
            f"1280x800 desktop with the Enlight simulator window at {pos}, theme {theme}", jpeg)

    # other styles, drawn by us
    for i, style in enumerate(STYLES):
        n = (4, 5, 6, 7, 5, 6, 8, 5, 6, 5)[i]
        board = random_board(n, seed=500 + i)
        d = draw(board, style, pitch=(48, 40, 56, 44, 36, 42, 30, 50, 52, 60)[i], seed=i)
        add(d.image, f"style_{style}_{n}x{n}", board, d.grid_bbox, f"drawn style '{style}', {n}x{n}",
            80 if i % 3 == 2 else None)

    (OUT / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")
    return labels


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.lights.fixtures", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.parse_args(argv)
    labels = make()
    print(f"wrote {len(labels)} fixtures to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
