"""The one reading every reader returns.

A reader turns a screenshot into a :class:`Reading`: the game's board (in
the solvers' own type), the value of every cell as the run loop compares
them, the lattice (image pixels), where the reader is unsure and why, and
the sides where the image ends at the board.  Whether the reading is sure is
derived from those, never stored beside them: a reading is sure exactly when
nothing in it is unsure.

``unsure`` maps a place to the reason in words: a cell ``(r, c)``, the edge
between two cells ``(r1, c1, r2, c2)``, or ``"board"`` for a doubt about the
whole board (which look is lit, where the board ends).  ``looks`` is what
the reader learnt of the game's look from this image (its own type per
game): re-reading the cells of a later capture at a known lattice
(``read_cells``) and checking the board is whole in a wider capture
(``whole_in``) judge against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

import numpy as np

from puzzlebot.vision.lattice import Lattice

Cell = tuple[int, int]
Edge = tuple[int, int, int, int]
Where = Cell | Edge | str  # a cell, an edge between two cells, or "board"
BOARD = "board"

B = TypeVar("B")  # the game's board type
L = TypeVar("L")  # what the reader learnt of the look


def where_name(w: Where) -> str:
    """A place of ``unsure`` in words: r1c2, the mark between r1c2 and r1c3, the board."""
    if isinstance(w, str):
        return f"the {w}"
    if len(w) == 2:
        return f"r{w[0] + 1}c{w[1] + 1}"
    return f"the mark between r{w[0] + 1}c{w[1] + 1} and r{w[2] + 1}c{w[3] + 1}"


@dataclass(frozen=True, eq=False)
class Reading(Generic[B, L]):
    """A board read from an image, with what is unsure and why."""
    board: B
    state: np.ndarray  # per cell, the game's values (-1 where unsure); what the loop compares
    lattice: Lattice
    unsure: dict[Where, str] = field(default_factory=dict)
    touches: tuple[str, ...] = ()  # sides where the image ends at the board (it may go on there)
    looks: L | None = None

    @property
    def sure(self) -> bool:
        return not self.unsure

    @property
    def unsure_cells(self) -> list[Cell]:
        return sorted(w for w in self.unsure if isinstance(w, tuple) and len(w) == 2)

    @property
    def unsure_edges(self) -> list[Edge]:
        return sorted(w for w in self.unsure if isinstance(w, tuple) and len(w) == 4)

    def doubts(self, limit: int = 6) -> str:
        """Where and why the reader is unsure, in words (the first ``limit``)."""
        items = sorted(self.unsure.items(), key=lambda kv: (isinstance(kv[0], tuple), str(kv[0])))
        parts = [f"{where_name(w)}: {why}" if why else where_name(w) for w, why in items[:limit]]
        if len(items) > limit:
            parts.append(f"{len(items) - limit} more")
        return "; ".join(parts)
