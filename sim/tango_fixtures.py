"""Make the Tango reader's fixtures: ``python -m sim.tango_fixtures``.

Writes fixtures/tango/*.png|jpg and labels.json in the format of the real
screenshots' labels (kind "start" for fresh boards, "solved" for full ones):
boards from the generator drawn by :mod:`sim.tango_render` in light and dark
mode, 6x6 and 8x8, cells from 30 to 200 px, crops and whole pages, JPEG
compressed, some with a mouse pointer.  Deterministic.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2

from solvers.tango.board import SYMBOL
from solvers.tango.generate import generate

from .lights_fixtures import draw_cursor
from .tango_render import draw_board, draw_page

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "tango"


def make() -> list[dict]:
    OUT.mkdir(parents=True, exist_ok=True)
    labels = []
    cases = [  # (size, pitch, mode, page?, solved?, jpeg, cursor)
        (6, 70, "light", True, False, None, False), (6, 62, "light", True, False, 80, True),
        (6, 70, "dark", True, False, None, False), (8, 52, "light", True, False, 85, False),
        (8, 48, "dark", True, True, 80, False), (6, 30, "light", False, False, None, False),
        (6, 45, "dark", False, True, 90, False), (6, 110, "light", False, False, 75, False),
        (8, 90, "light", False, True, None, False), (6, 200, "dark", False, False, 85, True),
        (6, 160, "light", False, True, 80, False), (8, 36, "light", False, False, None, False),
    ]
    for i, (n, pitch, mode, page, solved, jpeg, cursor) in enumerate(cases):
        g = generate(n, 1, seed=1000 + i)[0]
        board = g.puzzle.copy()
        if solved:
            board.cells = [row[:] for row in g.solution]
        pic = draw_page(board, pitch, mode) if page else draw_board(board, pitch, mode)
        img = pic.image
        view = f"{'page 1280x720' if page else 'board crop'}, {mode} mode, {n}x{n}, {pitch} px cells"
        if cursor:  # over an empty cell's corner, away from marks
            draw_cursor(img, int(pic.x0 + 0.15 * pitch), int(pic.y0 + 0.15 * pitch))
            view += ", mouse pointer"
        name = f"tango_{i:02d}_{n}x{n}_{mode}_{pitch}px" + ("_page" if page else "") + ("_solved" if solved else "")
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
            "file": name, "kind": "solved" if solved else "start", "size": n, "view": view,
            "image_size": [int(img.shape[1]), int(img.shape[0])],
            "lattice": {"x0": pic.x0, "y0": pic.y0, "pitch_x": pitch, "pitch_y": pitch},
            "locked": locked, "visible": rows, "edges": [e.as_list() for e in board.edges],
            "solution": ["".join(SYMBOL[v] for v in row) for row in g.solution],
            "source": "puzzlebot sim (python -m sim.tango_fixtures)",
        })
    (OUT / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")
    return labels


if __name__ == "__main__":
    print(f"wrote {len(make())} fixtures to {OUT}")
