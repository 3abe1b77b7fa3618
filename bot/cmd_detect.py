"""``puzzlebot detect GAME IMAGE`` and ``puzzlebot hint lights IMAGE OUT``:
what the readers see in a screenshot, offline (no screen, no mouse)."""

from __future__ import annotations

import argparse
import json
import sys

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect lights screenshot.png
  puzzlebot detect lights screenshot.png --json
  puzzlebot detect lights screenshot.png --debug seen.png   # lattice and reads drawn over it

exit status 4 when the image holds no board (or one that cannot be read).
"""

HINT_EXAMPLES = """\
example:
  puzzlebot hint lights screenshot.png hint.png   # orange dots on the cells to press
"""


def register(sub) -> None:
    p = sub.add_parser("detect", help="read a board from a screenshot (offline)",
                       description="Read the board in a screenshot and print what was seen.",
                       epilog=DETECT_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    games = p.add_subparsers(dest="game", metavar="GAME", parser_class=type(p))
    games.required = True
    lp = games.add_parser("lights", help="a Lights Out / Enlight board, any style",
                          description="Read a Lights Out board (any style, 3x3 to 20x20) from an image.",
                          epilog=DETECT_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    lp.add_argument("image", help="screenshot file (PNG, JPEG, ...)")
    lp.add_argument("--json", action="store_true", help="print the reading as JSON")
    lp.add_argument("--debug", metavar="OUT.png", help="write the screenshot with the lattice and reads drawn on it")
    lp.set_defaults(func=detect_lights_cmd)

    h = sub.add_parser("hint", help="mark the cells to press on a screenshot",
                       description="Read a board from a screenshot and mark the answer on it.",
                       epilog=HINT_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    hg = h.add_subparsers(dest="game", metavar="GAME", parser_class=type(h))
    hg.required = True
    hl = hg.add_parser("lights", help="Lights Out / Enlight", description="Orange dots on the cells to press.",
                       epilog=HINT_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
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
