"""``puzzlebot detect GAME PATH...`` and ``puzzlebot hint GAME IMAGE OUT``:
what the readers see in screenshots (one, or many: :mod:`puzzlebot.bot.batch`), and
the answer drawn on one, offline (no screen, no mouse).  One sub-command per
game of the registry that has a reader; ``hint`` for those that have one
and a click plan."""

from __future__ import annotations

import json
import sys

from puzzlebot.bot.games.base import Capability
from puzzlebot.bot.options import game_parsers

HINT_EXAMPLE = """\
example:
  puzzlebot hint {game.name} {example} hint.png   # orange dots on the cells to click
"""


def register(sub) -> None:
    p = sub.add_parser("detect", help="read a board from a screenshot (offline)",
                       description="Read the board in a screenshot and print what was seen.",
                       epilog=_examples("detect"))
    game_parsers(p, Capability.DETECT,
                 lambda g: (g.reader.description or f"Read a {g.title} board from an image.", g.reader.epilog),
                 _detect_arguments, _detect)
    h = sub.add_parser("hint", help="mark the answer on a screenshot",
                       description="Read a board from a screenshot and mark the cells to click on it.",
                       epilog=_examples("hint"))
    game_parsers(h, Capability.HINT,
                 lambda g: (f"Mark the moves on a {g.title} screenshot (orange dots on the cells to click, "
                            "letters naming the value a cell must show where it takes several clicks; lines "
                            "for the ways to drag).", HINT_EXAMPLE.format(example=g.reader.example_image, game=g)),
                 _hint_arguments, _hint)


def _examples(what: str) -> str:
    from puzzlebot.bot import games

    lines = []
    for g in games.able(what):
        if what == "detect":
            lines += [ln for ln in g.reader.epilog.splitlines() if ln.strip().startswith("puzzlebot detect")][:1]
        elif g.reader.example_image:
            lines.append(HINT_EXAMPLE.splitlines()[1].format(game=g, example=g.reader.example_image))
    return "examples:\n" + "\n".join(lines) + "\n" if lines else ""


BATCH_HELP = """
many images: give several files, folders (searched recursively for image
files) or videos (mp4, webm, avi, ...: one frame per --every, identical
frames read once): one line per image (verdict: read / unsure (where) /
refused (why); board size; time) and a summary; a progress bar on stderr;
--jobs processes; Ctrl-C stops and keeps what was done (exit 130).
--labels scores against labels in our data format (../shared/data/README.md)
per kind of image: exact / safe (unsure or refused) / wrong (read as sure but
wrong: exit 1).  --report DIR writes DIR/index.html with every screenshot
beside what the reader saw, failures first.  --json: JSON Lines.
"""


def _detect_arguments(game, p) -> None:
    from puzzlebot.bot.options import number_in

    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="screenshot file (PNG, JPEG, ...), or several, folders, videos")
    p.add_argument("--json", action="store_true", help="print the reading as JSON (JSON Lines for many images)")
    p.add_argument("--debug", metavar="OUT.png",
                   help="one image: write it with the lattice and reads drawn on it (many: see --report)")
    p.add_argument("--strict", action="store_true", help="exit status 4 when anything is unsure")
    p.add_argument("--labels", metavar="LABELS.json", help="score every reading against these labels")
    p.add_argument("--report", metavar="DIR", help="write an HTML report with pictures to DIR/index.html")
    p.add_argument("--jobs", type=lambda t: int(number_in("--jobs", 1, 256, "processes")(t)), metavar="N",
                   help="processes reading at once (default: the number of cores)")
    p.add_argument("--every", default="0.5s", metavar="T",
                   help="in videos, read one frame per T (default 0.5s; also 250ms)")
    p.epilog = (p.epilog or "") + BATCH_HELP


def _hint_arguments(game, p) -> None:
    p.add_argument("image", help="screenshot file")
    p.add_argument("out", help="where to write the marked picture (PNG)")


def _detect(game):
    def detect_cmd(args) -> int:
        from puzzlebot.bot.memory import imports_kept, keep_freed_memory

        with imports_kept():
            from pathlib import Path

            from puzzlebot.solvers.errors import InputError
            from puzzlebot.vision.frames import VIDEO_EXTS, parse_every
            from puzzlebot.vision.image_io import check_picture_path, load_image, same_file, write_image

            from puzzlebot.bot.options import example_or

        args.paths = [example_or(x) for x in args.paths]
        parse_every(args.every)  # a wrong value is said, with one image as with a video
        first = Path(args.paths[0])
        single = len(args.paths) == 1 and not first.is_dir() and first.suffix.lower() not in VIDEO_EXTS
        if not single or args.labels or args.report or args.jobs:
            if args.debug:
                raise InputError("--debug draws one image; for many, --report DIR draws each")
            from puzzlebot.bot.batch import run_batch

            return run_batch(game, args)
        args.image = args.paths[0]
        if args.debug and same_file(args.debug, args.image):
            raise InputError(f"--debug {args.debug} is the screenshot itself: name another file for the drawing")
        if args.debug:
            check_picture_path(args.debug)
        keep_freed_memory()  # the read's temporaries reuse one another's pages
        with imports_kept():  # (the reader's modules load while the image decodes)
            img = load_image(args.image, meanwhile=game.reader.prepare)
        det = game.reader.detect(img)
        if args.debug:
            write_image(args.debug, det.debug(img))
            print(f"what the reader saw is drawn in {args.debug}", file=sys.stderr)
        if args.json:
            print(json.dumps(det.data))
        else:
            print(det.text)
            rd = det.reading
            open_sides = game.reader.open_sides(rd)
            if open_sides and not game.reader.in_doubt(rd, probing=True):
                print(f"the reading is NOT sure of the board's extent past its {', '.join(open_sides)}: the bot "
                      "would press cells beside them to find it, then act", file=sys.stderr)
            elif game.reader.in_doubt(rd) and not game.reader.in_doubt(rd, probing=True):
                print("the reading is NOT sure, in what the game's answer to one click settles: the bot would "
                      "try that click first, then act", file=sys.stderr)
            elif game.reader.in_doubt(rd):
                print("the reading is NOT sure; the bot would not act on it", file=sys.stderr)
            elif not det.sure:
                print("the reading is NOT sure, in nothing that changes what the bot does: it would act on it",
                      file=sys.stderr)
        _note_edges(det.reading)
        if args.strict and not det.sure:
            if args.json:  # the text output has said so already
                print("the reading is NOT sure", file=sys.stderr)
            return 4
        return 0

    return detect_cmd


def _hint(game):
    def hint_cmd(args) -> int:
        from puzzlebot.bot.memory import imports_kept, keep_freed_memory

        with imports_kept():
            from puzzlebot.bot.actions import hint_marks, plan_summary
            from puzzlebot.vision.errors import UnreadableBoardError
            from puzzlebot.solvers.errors import InputError
            from puzzlebot.vision.image_io import check_picture_path, load_image, same_file, write_image
            from puzzlebot.vision.overlay import plan_overlay

            from puzzlebot.bot.options import example_or

        args.image = example_or(args.image)
        if same_file(args.out, args.image):
            raise InputError(f"{args.out} is the screenshot itself: name another file for the hint picture")
        check_picture_path(args.out)
        keep_freed_memory()  # the read's temporaries reuse one another's pages
        with imports_kept():
            img = load_image(args.image, meanwhile=game.reader.prepare)
        try:
            reading = game.reader.read(img)
        except UnreadableBoardError as e:
            raise UnreadableBoardError(str(e).replace("; not clicking", "; no hint drawn"), e.lattice) from None
        plan = game.player.plan(reading)
        dots, ways = hint_marks(plan, game.player.labels)
        write_image(args.out, plan_overlay(img, reading.lattice, dots, ways))
        print(f"{plan_summary(plan)}, marked in {args.out}" if plan else
              f"{plan_summary(plan)} (the board as read is drawn in {args.out})")
        _note_edges(reading)
        return 0

    return hint_cmd


def _note_edges(reading) -> None:
    """Say where the board reaches the image's edge: one image cannot show
    whether it goes on there (``run`` looks past its region before acting)."""
    from puzzlebot.vision.board_checks import join_sides

    if reading.touches:
        print(f"note: the board reaches the image's edge on the {join_sides(list(reading.touches))}: if it goes on "
              "past that edge, this is only part of it (the bot looks past its region before it acts)", file=sys.stderr)
