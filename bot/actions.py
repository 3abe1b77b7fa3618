"""Moves as values: what the bot does to a board, one action at a time.

A plan is a list of actions.  An action names board cells (row, column from
0), never screen points: :mod:`puzzlebot.bot.safety` turns it into pointer
and key events at proven screen points, :mod:`puzzlebot.bot.actuate`
performs them.  Every action carries the whole board it expects before it
and the board it should leave (per-cell values, as the game's reader reads
them), so the run loop verifies each one the same way, whatever it is:

* :class:`Click` -- click a cell ``times`` times (Lights Out presses, Tango's
  and Queens' click cycles);
* :class:`Drag` -- press on the first cell's centre, pass through every
  listed cell's centre in order, release on the last (Zip's path, Patches'
  rectangles corner to corner);
* :class:`Key` -- select a cell (one click), then type ``key`` (Mini Sudoku),
  or press the game's own button for it (``via``: a key drawn on screen,
  for a game that takes values only from its number pad).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlebot.solvers.errors import PuzzlebotError

if TYPE_CHECKING:  # annotations only: the command line starts without numpy
    import numpy as np

Cell = tuple[int, int]


def cell_name(cell: Cell) -> str:
    """A cell as the user counts it: r1c2 (row and column from 1)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


class BadAction(PuzzlebotError):
    """An action that cannot be performed as written (a plan's bug): nothing is done."""

    exit_code = 1


@dataclass(frozen=True, eq=False, kw_only=True)
class Action:
    """One move and the boards around it (``eq=False``: boards are arrays)."""

    before: np.ndarray  # the whole board before the action
    after: np.ndarray  # the whole board the action should leave
    # ``cell``: the cell the action is about (a drag's first cell), in every kind

    @property
    def presses(self) -> int:
        """How many times the pointer button goes down."""
        raise NotImplementedError

    @property
    def touches(self) -> frozenset[Cell]:
        """The cells the action may act on (a drag: every cell it may cross)."""
        return frozenset((self.cell,))

    def describe(self) -> str:
        """The action in words, for plans and messages: "clicking r1c2 twice"."""
        raise NotImplementedError


@dataclass(frozen=True, eq=False)
class Click(Action):
    """A click on a cell, ``times`` times over (a cell that cycles through values)."""
    cell: Cell
    times: int = 1

    def __post_init__(self):
        if self.times < 1:
            raise BadAction(f"a click on {cell_name(self.cell)} must click at least once, not {self.times} times")

    @property
    def presses(self) -> int:
        return self.times

    def describe(self) -> str:
        times = {1: "", 2: " twice"}.get(self.times, f" {self.times} times")
        return f"clicking {cell_name(self.cell)}{times}"


@dataclass(frozen=True, eq=False)
class Drag(Action):
    """A press on the first cell of ``path``, a move through the rest in order, a release on the last."""
    path: tuple[Cell, ...]
    # cells the pointer may pass over on its way (besides the path's own):
    # a rectangle drawn corner to corner crosses its inside.  None: only the path.
    over: frozenset[Cell] | None = None
    # whether the game follows the pointer through every cell of the path (a
    # Zip trail), or takes only where the drag starts and ends (a rectangle
    # drawn corner to corner): then the pointer may go in longer steps.
    follow: bool = True

    def __post_init__(self):
        if len(self.path) < 2:
            raise BadAction("a drag needs at least two cells (a press and a release somewhere else)")

    @property
    def cell(self) -> Cell:
        return self.path[0]

    @property
    def presses(self) -> int:
        return 1

    @property
    def allowed(self) -> frozenset[Cell]:
        """Every cell the pointer may be over while the button is down."""
        return frozenset(self.path) | (self.over or frozenset())

    @property
    def touches(self) -> frozenset[Cell]:
        return self.allowed

    def describe(self) -> str:
        cells = [cell_name(c) for c in self.path]
        shown = cells if len(cells) <= 6 else cells[:3] + ["..."] + cells[-2:]
        return f"dragging {' -> '.join(shown)}"


@dataclass(frozen=True, eq=False)
class Key(Action):
    """A click on a cell, then ``key`` typed into it, or with ``via`` (a
    :class:`puzzlebot.vision.screen_keys.ScreenKey`: the game's button for
    that key, in the board's image) that button clicked."""
    cell: Cell
    key: str
    via: object | None = None

    @property
    def presses(self) -> int:
        return 1 if self.via is None else 2

    def describe(self) -> str:
        if self.via is not None:
            return f"pressing the game's {self.key!r} key for {cell_name(self.cell)}"
        return f"typing {self.key!r} on {cell_name(self.cell)}"


def total_presses(plan: list[Action]) -> int:
    return sum(a.presses for a in plan)


def plan_summary(plan: list[Action]) -> str:
    """How much a plan does, in words: "3 cells to press (5 clicks)",
    "2 drags through 14 cells", "9 cells to type in"; kinds joined by ", "."""
    if not plan:
        return "the board is solved: nothing to do"
    clicks = [a for a in plan if isinstance(a, Click)]
    drags = [a for a in plan if isinstance(a, Drag)]
    keys = [a for a in plan if isinstance(a, Key)]
    parts = []
    if clicks:
        n = sum(a.times for a in clicks)
        parts.append(f"{len(clicks)} cells to press" + (f" ({n} clicks)" if n != len(clicks) else ""))
    if drags:
        parts.append(f"{len(drags)} drag{'s' if len(drags) != 1 else ''} through "
                     f"{sum(len(a.path) for a in drags)} cells")
    if keys:
        parts.append(f"{len(keys)} cells to type in")
    return ", ".join(parts)


def hint_marks(plan: list[Action], labels: dict[int, str]) -> tuple[list[tuple[Cell, str]], list[list[Cell]]]:
    """What a hint picture shows of a plan: (cell, label) dots for clicks
    (labelled with the value the cell must end at, from ``labels``) and
    keys (labelled with the key), and the paths of drags (a rectangle
    dragged corner to corner: its outline through its corner cells)."""
    dots, ways = [], []
    for a in plan:
        if isinstance(a, Drag) and a.over and len(a.path) == 2 and a.path[0][0] != a.path[1][0] \
                and a.path[0][1] != a.path[1][1]:  # a rectangle dragged corner to corner: its outline
            (r0, c0), (r1, c1) = a.path
            ways.append([(r0, c0), (r0, c1), (r1, c1), (r1, c0), (r0, c0)])
        elif isinstance(a, Drag):
            ways.append(list(a.path))
        elif isinstance(a, Key):
            dots.append((a.cell, a.key))
        else:
            dots.append((a.cell, labels.get(int(a.after[a.cell]), "")))
    return dots, ways
