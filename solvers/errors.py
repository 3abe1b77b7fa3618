"""The typed errors every layer raises for bad input or impossible puzzles.

Each carries a message meant for a person: what was wrong and where.  The CLI
prints ``str(error)`` on one line and exits non-zero; nothing else should
reach the user as a traceback.
"""

from __future__ import annotations


class PuzzlebotError(Exception):
    """Base of every error the product reports to its user."""

    exit_code = 1


class InputError(PuzzlebotError, ValueError):
    """A malformed puzzle file or argument.

    ``where`` names the source (a file path, "line 3", "row 2"); it is
    prefixed to the message so the user can find the mistake.
    """

    exit_code = 2

    def __init__(self, message: str, where: str | None = None):
        self.where = where
        self.detail = message
        super().__init__(f"{where}: {message}" if where else message)


class UnsolvableError(PuzzlebotError):
    """A well-formed puzzle that has no solution; the message says why."""

    exit_code = 3
