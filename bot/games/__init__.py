"""The registry: every game the commands know, one module each in this
package.  Adding a game is adding its module and one line in ``MODULES``;
no command, nor the run loop, names a game.
"""

from __future__ import annotations

import importlib

from puzzlebot.bot.games.base import Capability, Detection, Game, UnknownGame

__all__ = ["Capability", "Detection", "Game", "UnknownGame", "all_games", "get", "able", "names"]

# The games, in the order the commands list them.
MODULES = (
    "lights",
    "switches",
    "tango",
    "ripple",
    "queens",
    "zip",
    "sudoku",
    "patches",
)

_games: list[Game] | None = None


def all_games() -> list[Game]:
    """One object per game, in registry order."""
    global _games
    if _games is None:
        _games = [importlib.import_module(f"{__name__}.{m}").GAME for m in MODULES]
    return _games


def able(what: Capability | str) -> list[Game]:
    """The games that can do ``what`` (a :class:`Capability`, or its name)."""
    what = Capability(what)
    return [g for g in all_games() if what in g.can]


def names(what: Capability | str | None = None) -> tuple[str, ...]:
    """Every name and alias of the games (that can do ``what``)."""
    return tuple(n for g in (able(what) if what else all_games()) for n in g.names)


def get(name: str, what: Capability | str | None = None) -> Game:
    """The game called ``name`` (or an alias of it); UnknownGame naming the
    games there are (that can do ``what``)."""
    what = Capability(what) if what else None
    for g in all_games():
        if name in g.names:
            if what and what not in g.can:
                break
            return g
    known = ", ".join(g.name for g in (able(what) if what else all_games()))
    raise UnknownGame(f"unknown game {name!r}; games{' that can ' + what.value if what else ''}: {known}")
