"""``puzzlebot generate GAME``: new puzzles with one solution (the games
of the registry that have a generator)."""

from __future__ import annotations

from puzzlebot.bot.options import game_parsers


def register(sub) -> None:
    p = sub.add_parser(
        "generate",
        help="make new puzzles",
        description="Generate puzzles with exactly one solution that deduction alone reaches.",
        epilog=_first_example() + "Run 'puzzlebot generate GAME --help' for a game's options.",
    )
    game_parsers(p, "generate", "{game.title} puzzles.", "", "generate")


def _first_example() -> str:
    from puzzlebot.bot import games

    for g in games.able("generate"):
        for line in g.generate_epilog.splitlines():
            if line.strip().startswith("puzzlebot generate"):
                return f"example:\n{line}\n"
    return ""
