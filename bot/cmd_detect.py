"""``puzzlebot detect GAME IMAGE`` and ``puzzlebot hint GAME IMAGE OUT``:
what the readers see in a screenshot, and the answer drawn on it, offline
(no screen, no mouse).  One sub-command per game of the registry that has a
reader; ``hint`` for those the bot can also play."""

from __future__ import annotations

import json
import sys

from .options import game_parsers

DETECT_TAIL = ""
HINT_EXAMPLE = """\
example:
  puzzlebot hint {game.name} {game.example_image} hint.png   # orange dots on the cells to click
"""


def register(sub) -> None:
    p = sub.add_parser("detect", help="read a board from a screenshot (offline)",
                       description="Read the board in a screenshot and print what was seen.",
                       epilog=_examples("detect"))
    game_parsers(p, "detect", "Read a {game.title} board from an image.", DETECT_TAIL, lambda g: _detect(g),
                 _detect_arguments)
    h = sub.add_parser("hint", help="mark the answer on a screenshot",
                       description="Read a board from a screenshot and mark the cells to click on it.",
                       epilog=_examples("hint"))
    game_parsers(h, "hint", "Mark the cells to click on a {game.title} screenshot (orange dots; letters "
                 "name the value a cell must show where a cell takes several clicks).", HINT_EXAMPLE,
                 lambda g: _hint(g), _hint_arguments)


def _examples(what: str) -> str:
    from . import games

    lines = []
    for g in games.able("detect" if what == "detect" else "run"):
        if what == "detect":
            lines += [ln for ln in g.detect_epilog.splitlines() if ln.strip().startswith("puzzlebot detect")][:1]
        elif getattr(g, "example_image", None):
            lines.append(HINT_EXAMPLE.splitlines()[1].format(game=g))
    return "examples:\n" + "\n".join(lines) + "\n" if lines else ""


def _detect_arguments(game, p) -> None:
    p.add_argument("image", help="screenshot file (PNG, JPEG, ...)")
    p.add_argument("--json", action="store_true", help="print the reading as JSON")
    p.add_argument("--debug", metavar="OUT.png", help="write the screenshot with the lattice and reads drawn on it")
    p.add_argument("--strict", action="store_true", help="exit status 4 when anything is unsure")


def _hint_arguments(game, p) -> None:
    p.add_argument("image", help="screenshot file")
    p.add_argument("out", help="where to write the marked picture (PNG)")


def _detect(game):
    def detect_cmd(args) -> int:
        from vision.image_io import load_image, write_image

        img = load_image(args.image)
        det = game.detect(img)
        if args.debug:
            write_image(args.debug, det.debug(img))
        if args.json:
            print(json.dumps(det.data))
        else:
            print(det.text)
            if not det.sure:
                print("the reading is NOT sure; the bot would not act on it", file=sys.stderr)
        if args.strict and not det.sure:
            if args.json:  # the text output has said so already
                print("the reading is NOT sure", file=sys.stderr)
            return 4
        return 0

    return detect_cmd


def _hint(game):
    def hint_cmd(args) -> int:
        from vision.errors import UnreadableBoardError
        from vision.image_io import load_image, write_image
        from vision.overlay import plan_overlay

        img = load_image(args.image)
        try:
            reading = game.read(img)
        except UnreadableBoardError as e:
            raise UnreadableBoardError(str(e).replace("; not clicking", "; no hint drawn"), e.lattice) from None
        steps = game.plan(reading)
        marks = [(s.cell, game.labels.get(int(s.after[s.cell]), "")) for s in steps]
        write_image(args.out, plan_overlay(img, reading.lattice, marks))
        clicks = sum(s.clicks for s in steps)
        extra = f" ({clicks} clicks)" if clicks != len(steps) else ""
        print(f"{len(steps)} cells to press{extra}, marked in {args.out}")
        return 0

    return hint_cmd
