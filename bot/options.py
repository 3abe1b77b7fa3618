"""What the commands share: the argument parser class, argparse types,
reading puzzle files, progress on stderr, and one GAME sub-command per game
of the registry.  (Kept apart from :mod:`puzzlebot.bot.cli` so that the command
modules import it without importing the command line itself.)"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.text_files import MAX_PUZZLE_BYTES, read_puzzle_file

# Clicks follow one another at least this long apart (s) unless --interval
# says otherwise.  None needed: every game here takes clicks back to back.
# Tatham's Unruly (GTK) lost some at 0 s (3 of 3 runs stopped) and, now and
# then on a busy machine, at 10 ms: the second of two clicks on one cell,
# taken together with the first; such a click now waits for the game to draw
# the first (puzzlebot.bot.actuate.REPEAT_WAIT).
CLICK_INTERVAL = 0.0


class Parser(argparse.ArgumentParser):
    """argparse that keeps help texts' own line breaks (the examples) and
    reports usage errors as one line plus a pointer to --help.  A parser's
    arguments may wait (:meth:`later`) until it parses or shows its help, so
    that a command line builds only the command it runs (a GAME per game
    under each of six commands is most of the start-up otherwise)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self._unbuilt: list = []

    def later(self, build) -> None:
        """``build(self)`` adds arguments when this parser is first used."""
        self._unbuilt.append(build)

    def built(self) -> Parser:
        """This parser with every argument added (those waiting built now)."""
        while self._unbuilt:
            self._unbuilt.pop(0)(self)
        return self

    def parse_known_args(self, args=None, namespace=None):
        return super(Parser, self.built()).parse_known_args(args, namespace)

    def format_help(self) -> str:
        return super(Parser, self.built()).format_help()

    def format_usage(self) -> str:
        return super(Parser, self.built()).format_usage()

    def error(self, message: str) -> None:  # noqa: D401 - argparse API
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def example_or(path: str) -> str:
    """``path``, or, when it names ``examples/...`` that is not here, the copy
    of our example installed with the package (said on stderr), so that the
    --help examples run as written wherever puzzlebot was installed."""
    p = Path(path)
    if path == "-" or p.exists() or len(p.parts) != 2 or p.parts[0] != "examples":
        return path
    import importlib.util

    try:
        spec = importlib.util.find_spec("puzzlebot.examples")  # data only: a folder, no module
    except (ImportError, ValueError):
        return path
    found = [Path(d) / p.name for d in (spec.submodule_search_locations or [] if spec else [])]
    shipped = next((f for f in found if f.is_file()), None)
    if shipped is None:
        return path
    print(f"puzzlebot: no {path} here: using the example installed with puzzlebot ({shipped})", file=sys.stderr)
    return str(shipped)


def read_text(path: str) -> str:
    """The contents of a puzzle file, or an InputError that names it."""
    path = example_or(path)
    too_big = f"is larger than {MAX_PUZZLE_BYTES // 2**20} MB: not a puzzle file"
    if path == "-":
        try:
            text = sys.stdin.read(MAX_PUZZLE_BYTES + 1)
        except UnicodeDecodeError:
            raise InputError("not text (expected UTF-8 text)", "standard input") from None
        if len(text) > MAX_PUZZLE_BYTES:
            raise InputError(too_big, "standard input")
        return text
    return read_puzzle_file(path, pipes=True)


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


def progress(what: str):
    """A progress callback (done, total) that counts on stderr when it is a
    terminal and there is more than one item."""
    def show(done: int, total: int) -> None:
        if total > 1 and sys.stderr.isatty():
            print(f"\r  {what} {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    return show


def game_parsers(parser: Parser, what, texts, arguments, action) -> None:
    """A required GAME sub-command for every game of the registry that can
    do ``what`` (a :class:`puzzlebot.bot.games.Capability`): its help from
    the game's summary, (description, epilog) from ``texts(game)``, its
    arguments from ``arguments(game, parser)`` and ``action(game)`` (a
    function of the parsed arguments) as what it does.  Built when
    ``parser`` is first used (:meth:`Parser.later`)."""
    def build(parser: Parser) -> None:
        from puzzlebot.bot import games as registry

        sub = parser.add_subparsers(dest="game", metavar="GAME", parser_class=Parser)
        sub.required = True
        for game in registry.able(what):
            description, epilog = texts(game)
            p = sub.add_parser(game.name, aliases=list(game.aliases), help=game.summary, description=description,
                               epilog=epilog)
            arguments(game, p)
            p.set_defaults(func=action(game), game=game.name)

    parser.later(build)
