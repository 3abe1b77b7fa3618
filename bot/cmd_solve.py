"""``puzzlebot solve GAME FILE``: solve a puzzle file and print the answer
(one sub-command per game of the registry that reads files)."""

from __future__ import annotations

from puzzlebot.bot.options import game_parsers

COORDINATES = """
coordinates: text output counts rows and columns from 1 (r1c2 or (1,2): the
first row, second column); --json output gives [row, col] from 0, as array
indices; the constraint lines of the Tango text format count from 0 too."""


def register(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="solve a puzzle file and print the answer",
        description="Solve a puzzle given as a file ('-' reads standard input).",
        epilog=COORDINATES.lstrip("\n"),
    )
    game_parsers(p, "solve", "Solve a {game.title} puzzle file.", COORDINATES, "solve")
