"""Make the Tango reader's fixtures: ``python -m puzzlebot.sim.tango.fixtures``.

Writes fixtures/tango/*.png|jpg and labels.json in the format of the real
screenshots' labels (kind "start" for fresh boards, "solved" for full ones):
boards from the generator drawn by :mod:`puzzlebot.sim.tango.render` in the LinkedIn
look (light and dark, 6x6 and 8x8, cells from 30 to 200 px, crops and whole
pages) and in the other games' looks (dots, pictures, emoji, tiles with gaps,
bordered, hatched or unmarked givens, text and badge marks), some JPEG
compressed, some with a mouse pointer over a cell.  Deterministic.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2

from puzzlebot.sim.tango.render import draw_arrow, draw_board, draw_page, emoji_available
from puzzlebot.solvers.tango.board import SYMBOL
from puzzlebot.solvers.tango.generate import generate

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "tango"

# (style, size, pitch, page?, solved?, jpeg quality or None, pointer: None, "mac" or "windows")
CASES = [
    ("light", 6, 70, True, False, None, None), ("light", 6, 62, True, False, 80, "mac"),
    ("dark", 6, 70, True, False, None, None), ("light", 8, 52, True, False, 85, None),
    ("dark", 8, 48, True, True, 80, None), ("light", 6, 30, False, False, None, None),
    ("dark", 6, 45, False, True, 90, None), ("light", 6, 110, False, False, 75, None),
    ("light", 8, 90, False, True, None, None), ("dark", 6, 200, False, False, 85, "mac"),
    ("light", 6, 160, False, True, 80, None), ("light", 8, 36, False, False, None, None),
    ("dots", 6, 75, False, False, None, "windows"), ("dots", 8, 60, True, False, 85, None),
    ("pictures", 6, 75, False, False, None, None), ("pictures", 6, 120, False, False, 80, "mac"),
    ("emoji", 4, 88, False, False, None, None), ("emoji", 6, 88, True, False, 90, None),
    ("boxes-bordered", 6, 80, False, False, None, None), ("boxes-bordered", 10, 50, False, False, 85, None),
    ("hatched", 6, 90, False, False, None, None), ("plain", 6, 70, False, False, None, None),
    ("boxes-dark", 6, 90, False, False, 90, "mac"), ("boxes-dark", 12, 40, False, False, None, None),
]


def make() -> list[dict]:
    OUT.mkdir(parents=True, exist_ok=True)
    labels = []
    for i, (style, n, pitch, page, solved, jpeg, pointer) in enumerate(CASES):
        if style == "emoji" and not emoji_available():
            continue  # needs the colour emoji font (fonts-noto-color-emoji)
        g = generate(n, 1, seed=1000 + i)[0]
        board = g.puzzle.copy()
        if solved:
            board.cells = [row[:] for row in g.solution]
        pic = draw_page(board, pitch, style) if page else draw_board(board, pitch, style)
        img = pic.image
        look = {"light": "LinkedIn light", "dark": "LinkedIn dark"}.get(style, style)
        view = f"{'page 1280x720' if page else 'board crop'}, {look}, {n}x{n}, {pitch} px cells"
        if pointer:  # the tip over a piece, away from the edges' marks
            r, c = next(((r, c) for r in range(n) for c in range(n) if board.cells[r][c]), (0, 0))
            draw_arrow(img, int(pic.x0 + (c + 0.5) * pitch), int(pic.y0 + (r + 0.5) * pitch), max(1, pitch / 60),
                       dark=pointer == "mac")
            view += f", {pointer} mouse pointer over r{r + 1}c{c + 1}"
        name = f"tango_{i:02d}_{n}x{n}_{style}_{pitch}px" + ("_page" if page else "") + ("_solved" if solved else "")
        if jpeg:
            name += ".jpg"
            cv2.imwrite(str(OUT / name), img, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
            view += f", JPEG q{jpeg}"
        else:
            name += ".png"
            cv2.imwrite(str(OUT / name), img)
        rows = ["".join(SYMBOL[v] for v in row) for row in board.cells]
        locked = ["".join(SYMBOL[v] if lk else "." for v, lk in zip(cr, lr))
                  for cr, lr in zip(board.cells, board.locked)]
        labels.append({
            "file": name, "kind": "solved" if solved else "start", "size": n, "view": view, "style": style,
            "image_size": [int(img.shape[1]), int(img.shape[0])],
            "lattice": {"x0": pic.x0, "y0": pic.y0, "pitch_x": pitch, "pitch_y": pitch},
            "locked": locked, "visible": rows, "edges": [e.as_list() for e in board.edges],
            "solution": ["".join(SYMBOL[v] for v in row) for row in g.solution],
            "source": "puzzlebot sim (python -m puzzlebot.sim.tango.fixtures)",
        })
    (OUT / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")
    return labels


def main(argv: list[str] | None = None) -> int:
    import argparse

    argparse.ArgumentParser(prog="python -m puzzlebot.sim.tango.fixtures", description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter).parse_args(argv)
    print(f"wrote {len(make())} fixtures to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
