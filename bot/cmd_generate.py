"""``puzzlebot generate GAME``: new puzzles with one solution (the games
of the registry that have a generator)."""

from __future__ import annotations

from puzzlebot.bot.games.base import Capability
from puzzlebot.bot.options import game_parsers


def register(sub) -> None:
    p = sub.add_parser(
        "generate",
        help="make new puzzles",
        description="Generate puzzles with exactly one solution that deduction alone reaches.",
        epilog=_first_example() + "Run 'puzzlebot generate GAME --help' for a game's options.",
    )
    game_parsers(p, Capability.GENERATE,
                 lambda g: (g.generator.description or f"{g.title} puzzles.", g.generator.epilog),
                 _arguments, lambda g: g.generator.generate)


def _arguments(game, parser) -> None:
    """The game's own options, and --json as every command that prints JSON has it."""
    game.generator.arguments(parser)
    parser.add_argument("--json", dest="format", action="store_const", const="json",
                        help="one puzzle per line as JSON (the same as --format json)")


def _first_example() -> str:
    from puzzlebot.bot import games

    for g in games.able(Capability.GENERATE):
        for line in g.generator.epilog.splitlines():
            if line.strip().startswith("puzzlebot generate"):
                return f"example:\n{line}\n"
    return ""
