"""``puzzlebot detect GAME IMAGE`` and ``puzzlebot hint lights IMAGE OUT``:
what the readers see in a screenshot, offline (no screen, no mouse)."""

from __future__ import annotations

import json
import sys

from .cli import game_choices

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect lights examples/enlight.png
  puzzlebot detect lights examples/enlight.png --json
  puzzlebot detect lights examples/enlight.png --debug seen.png   # reads drawn over it
  puzzlebot detect lights examples/enlight.png --strict   # exit status 4 when anything is unsure (0 here)

exit status 4 when the image holds no board (or one that cannot be read);
with --strict also when any cell (or mark) is unsure.
"""

TANGO_EXAMPLES = """\
examples:
  puzzlebot detect tango examples/tango.png
  puzzlebot detect tango examples/tango.png --json
  puzzlebot detect tango examples/tango.png --debug seen.png   # reads drawn over it
  puzzlebot detect tango examples/tango_pointer.png --strict   # exit 4: a pointer hides a mark

exit status 4 when the image holds no Tango board (or only part of one);
with --strict also when any cell or mark is unsure.
"""

HINT_EXAMPLES = """\
example:
  puzzlebot hint lights examples/enlight.png hint.png   # orange dots on the cells to press
"""


def register(sub) -> None:
    p = sub.add_parser("detect", help="read a board from a screenshot (offline)",
                       description="Read the board in a screenshot and print what was seen.",
                       epilog=DETECT_EXAMPLES)
    games = game_choices(p)
    lp = games.add_parser("lights", help="a Lights Out / Enlight board, any style",
                          description="Read a Lights Out board (any style, 3x3 to 20x20) from an image.",
                          epilog=DETECT_EXAMPLES)
    lp.add_argument("image", help="screenshot file (PNG, JPEG, ...)")
    lp.add_argument("--json", action="store_true", help="print the reading as JSON")
    lp.add_argument("--debug", metavar="OUT.png", help="write the screenshot with the lattice and reads drawn on it")
    lp.add_argument("--strict", action="store_true", help="exit status 4 when any cell is unsure")
    lp.set_defaults(func=detect_lights_cmd)
    tp = games.add_parser("tango", help="a Tango board (LinkedIn's or another game's look)",
                          description="Read a Tango board (4x4 to 14x14, any look): suns, moons, locked givens "
                                      "and = / x marks, and say how each was told.",
                          epilog=TANGO_EXAMPLES)
    tp.add_argument("image", help="screenshot file (PNG, JPEG, ...)")
    tp.add_argument("--json", action="store_true", help="print the board as JSON (the Tango file format)")
    tp.add_argument("--debug", metavar="OUT.png", help="write the screenshot with the lattice and reads drawn on it")
    tp.add_argument("--strict", action="store_true", help="exit status 4 when any cell or mark is unsure")
    tp.set_defaults(func=detect_tango_cmd)

    h = sub.add_parser("hint", help="mark the cells to press on a screenshot",
                       description="Read a board from a screenshot and mark the answer on it.",
                       epilog=HINT_EXAMPLES)
    hg = game_choices(h)
    hl = hg.add_parser("lights", help="Lights Out / Enlight", description="Orange dots on the cells to press.",
                       epilog=HINT_EXAMPLES)
    hl.add_argument("image", help="screenshot file")
    hl.add_argument("out", help="where to write the marked picture (PNG)")
    hl.set_defaults(func=hint_lights_cmd)


def _write(path: str, img) -> None:
    import cv2

    from solvers.errors import InputError

    try:
        ok = cv2.imwrite(path, img)
    except cv2.error:
        ok = False
    if not ok:
        raise InputError("cannot write the picture (unknown extension or folder missing)", path)


def detect_lights_cmd(args) -> int:
    from vision.image_io import load_image
    from vision.lights_reader import read_lights
    from vision.overlay import draw_lattice, label_cells

    img = load_image(args.image)
    rd = read_lights(img)
    lat = rd.lattice
    if args.debug:
        texts = {(r, c): ("ON" if rd.board[r, c] else "off") for r in range(lat.rows) for c in range(lat.cols)
                 if (r, c) not in rd.unsure}
        _write(args.debug, label_cells(draw_lattice(img, lat), lat, texts, set(rd.unsure)))
    if args.json:
        print(json.dumps({
            "game": "lights", "rows": rd.rows_text(), "size": [lat.rows, lat.cols],
            "lattice": lat.as_dict(), "unsure": [list(x) for x in rd.unsure], "sure": rd.sure,
            "polarity": rd.polarity, "confidence": [[round(float(v), 2) for v in row] for row in rd.confidence],
        }))
    else:
        print("\n".join(rd.rows_text()))
        print(f"{lat.rows}x{lat.cols} board, cell pitch {lat.px:.1f}x{lat.py:.1f} px at ({lat.x0:.0f}, {lat.y0:.0f}); "
              f"{rd.polarity}")
        if rd.unsure:
            print("unsure (?): " + " ".join(f"r{r + 1}c{c + 1}" for r, c in rd.unsure))
        if not rd.sure:
            print("the reading is NOT sure; the bot would not act on it", file=sys.stderr)
    return _strict(args, rd.sure)


def _strict(args, sure: bool) -> int:
    """Exit status: 4 under --strict when the reading is not sure."""
    if args.strict and not sure:
        if args.json:  # the text output has said so already
            print("the reading is NOT sure", file=sys.stderr)
        return 4
    return 0


def hint_lights_cmd(args) -> int:
    from solvers.lightsout import LightsRules, solve
    from vision.errors import UnreadableBoardError
    from vision.image_io import load_image
    from vision.lights_reader import read_lights
    from vision.overlay import dots

    img = load_image(args.image)
    rd = read_lights(img)
    if not rd.sure:
        where = " ".join(f"r{r + 1}c{c + 1}" for r, c in rd.unsure) or rd.polarity
        raise UnreadableBoardError(f"not sure what the board shows ({where}); no hint drawn")
    answer = solve(rd.board, LightsRules(*rd.board.shape))
    cells = answer.cells()
    _write(args.out, dots(img, rd.lattice, cells))
    print(f"{len(cells)} cells to press, marked in {args.out}" + ("" if answer.minimal else f" ({answer.method})"))
    return 0


def detect_tango_cmd(args) -> int:
    from solvers.tango.board import EMPTY, SYMBOL
    from vision.image_io import load_image
    from vision.overlay import GREY, dots, draw_lattice, label_cells
    from vision.tango_reader import read_tango

    img = load_image(args.image)
    rd = read_tango(img)
    b, lat = rd.board, rd.lattice
    if args.debug:
        import cv2

        texts, empty = {}, []
        for r in range(b.size):
            for c in range(b.size):
                if b.cells[r][c] == EMPTY:
                    empty.append((r, c))
                else:
                    t = SYMBOL[b.cells[r][c]]
                    texts[(r, c)] = (t + "*") if b.locked[r][c] else t
        out = dots(label_cells(draw_lattice(img, lat), lat, texts, set(rd.unsure_cells)), lat, empty, GREY, 0.05)
        for e in b.edges:
            (r1, c1), (r2, c2) = e.cells()
            x = lat.x0 + ((c1 + c2) / 2 + 0.5) * lat.px
            y = lat.y0 + ((r1 + r2) / 2 + 0.5) * lat.py
            cv2.putText(out, "=" if e.kind == "=" else "x", (int(x) - 6, int(y) + 6), cv2.FONT_HERSHEY_SIMPLEX,
                        0.6, (0, 0, 255), 2, cv2.LINE_AA)
        for r1, c1, r2, c2 in rd.unsure_edges:
            x = lat.x0 + ((c1 + c2) / 2 + 0.5) * lat.px
            y = lat.y0 + ((r1 + r2) / 2 + 0.5) * lat.py
            cv2.circle(out, (int(x), int(y)), max(4, int(lat.px * 0.12)), (0, 0, 255), 2)
        _write(args.debug, out)
    if args.json:
        data = b.to_json()
        data.update({"size": b.size, "lattice": lat.as_dict(), "dark": rd.dark, "sure": rd.sure,
                     "unsure_cells": [list(x) for x in rd.unsure_cells],
                     "unsure_edges": [list(x) for x in rd.unsure_edges],
                     "cells_by": rd.how, "pieces": rd.pieces, "givens": rd.givens})
        print(json.dumps(data))
    else:
        lines = b.render().split("\n")
        for r, c in rd.unsure_cells:  # rows are every other line, cells every fourth column
            row = lines[2 * r].ljust(4 * b.size)
            lines[2 * r] = (row[:4 * c] + "?" + row[4 * c + 1:]).rstrip()
        print("\n".join(lines))
        print(f"{b.size}x{b.size} board ({'dark' if rd.dark else 'light'} ground), cells bounded by {rd.how}, "
              f"pitch {lat.px:.1f} px at ({lat.x0:.0f}, {lat.y0:.0f}); upper case = locked given, "
              "lower case = placed, ? = unsure")
        print(f"pieces: {rd.pieces}")
        print(f"givens: {rd.givens}")
        if rd.unsure_cells:
            print("unsure cells: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in rd.unsure_cells))
        if rd.unsure_edges:
            print("unsure edges: " + " ".join(f"r{a + 1}c{b_ + 1}-r{c + 1}c{d + 1}" for a, b_, c, d in rd.unsure_edges))
        if not rd.sure:
            print("the reading is NOT sure; the bot would not act on it", file=sys.stderr)
    return _strict(args, rd.sure)
