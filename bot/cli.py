"""The ``puzzlebot`` command line: parses arguments and dispatches.

Every command lives in a ``bot/cmd_*.py`` module that registers its
sub-parser here.  Errors from any layer are :class:`PuzzlebotError`s; they
are printed as one line on stderr with a non-zero exit status, never as a
traceback.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from solvers.errors import InputError, PuzzlebotError

EPILOG = """\
exit status: 0 done, 1 failed, 2 bad input, 3 puzzle has no solution,
4 no (readable) board in the image, 5 the bot stopped because the screen did
not behave as predicted, 130 interrupted.
Run 'puzzlebot COMMAND --help' for a command's options."""


class _Parser(argparse.ArgumentParser):
    """argparse that keeps help texts' own line breaks (the examples) and
    reports usage errors as one line plus a pointer to --help."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # noqa: D401 - argparse API
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# Puzzle files are small (a 100x100 board is 10 KB); a bigger one is refused
# before it is read, not parsed for minutes.
MAX_PUZZLE_BYTES = 4 * 1024 * 1024


def read_text(path: str) -> str:
    """The contents of a puzzle file, or an InputError that names it."""
    too_big = f"is larger than {MAX_PUZZLE_BYTES // 2**20} MB: not a puzzle file"
    if path == "-":
        try:
            text = sys.stdin.read(MAX_PUZZLE_BYTES + 1)
        except UnicodeDecodeError:
            raise InputError("not text (expected UTF-8 text)", "standard input") from None
        if len(text) > MAX_PUZZLE_BYTES:
            raise InputError(too_big, "standard input")
        return text
    p = Path(path)
    try:
        if p.is_file() and p.stat().st_size > MAX_PUZZLE_BYTES:
            raise InputError(too_big, path)
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a puzzle file", path) from None
    except UnicodeDecodeError:
        raise InputError("not a text file (expected UTF-8 text)", path) from None
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", path) from None


def number_in(name: str, lo: float, hi: float, unit: str = "seconds", zero_too: bool = False):
    """An argparse type: a finite number in [lo, hi] (or exactly 0 when
    ``zero_too``), with a one-line error naming the option and the range."""
    def parse(text: str) -> float:
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} wants {unit}, got {text!r}") from None
        if not math.isfinite(v) or not (lo <= v <= hi or (zero_too and v == 0)):
            extra = " (or 0)" if zero_too else ""
            raise argparse.ArgumentTypeError(f"{name} must be between {lo:g} and {hi:g} {unit}{extra}, got {text!r}")
        return v

    return parse


def game_choices(parser: argparse.ArgumentParser):
    """A required GAME argument whose choices are sub-commands."""
    games = parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    games.required = True
    return games


def build_parser() -> argparse.ArgumentParser:
    from . import cmd_demo, cmd_detect, cmd_generate, cmd_run, cmd_solve

    parser = _Parser(
        prog="puzzlebot",
        description=(
            "Reads a puzzle game on the screen (or in a file or screenshot), solves it and "
            "clicks the answer in. Games: Lights Out / Enlight, the switches graph puzzle, "
            "LinkedIn Tango, Ripple Effect."
        ),
        epilog=EPILOG,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in (cmd_solve, cmd_generate, cmd_detect, cmd_run, cmd_demo):
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except PuzzlebotError as e:
        print(f"puzzlebot: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("puzzlebot: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
