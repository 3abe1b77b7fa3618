"""``puzzlebot solve GAME FILE``: solve a puzzle file and print the answer
(one sub-command per game of the registry that reads files)."""

from __future__ import annotations

from puzzlebot.bot.games.base import Capability
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
    game_parsers(p, Capability.SOLVE,
                 lambda g: (g.solver.description or f"Solve a {g.title} puzzle file.", g.solver.epilog + COORDINATES),
                 lambda g, parser: g.solver.arguments(parser), lambda g: g.solver.solve)
