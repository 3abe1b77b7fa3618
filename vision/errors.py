"""Errors the readers raise: no board in the image, or one they cannot read."""

from __future__ import annotations

from puzzlebot.solvers.errors import InputError, PuzzlebotError


class NoBoardError(PuzzlebotError):
    """The image holds no board of the kind asked for; the message says
    what was (or was not) found."""

    exit_code = 4


class PartialBoardError(NoBoardError):
    """What the image shows is part of a board: the image edge (a region,
    a crop) cuts it, or its cells continue past the lattice found."""


class UnreadableBoardError(PuzzlebotError):
    """A board is there but its cells cannot be read reliably (more than two
    looks, looks that cannot be told apart).  ``lattice``: where the board
    was found, when it was."""

    exit_code = 4

    def __init__(self, message: str, lattice=None):
        super().__init__(message)
        self.lattice = lattice


class ImageFileError(InputError):
    pass
