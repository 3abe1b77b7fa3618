"""Tango's rules as a checker that names every violation.

Independent of the solver on purpose: it checks solver output in tests and,
in the bot, what was read from the screen.  Rules: no three equal symbols in
a row or column; each row and column half suns, half moons; ``=`` joins
equal cells, ``x`` opposite ones; locked givens keep their value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlebot.solvers.tango.symbols import EMPTY, EQUAL, NAME, cell_name

if TYPE_CHECKING:  # the board module uses this checker; this one needs only its type
    from puzzlebot.solvers.tango.board import TangoBoard


@dataclass(frozen=True)
class Violation:
    """A rule a board breaks: which rule, the cells and the words."""
    rule: str  # "three-in-a-row" | "count" | "equal" | "opposite" | "empty" | "given"
    cells: tuple[tuple[int, int], ...]
    text: str


def _lines(n: int):
    for r in range(n):
        yield f"row {r + 1}", [(r, c) for c in range(n)]
    for c in range(n):
        yield f"column {c + 1}", [(r, c) for r in range(n)]


def violations(board: TangoBoard) -> list[Violation]:
    """Every rule the (possibly partial) board already breaks."""
    n = board.size
    out: list[Violation] = []
    v = board.cells
    for label, cells in _lines(n):
        vals = [v[r][c] for r, c in cells]
        for i in range(n - 2):
            if vals[i] != EMPTY and vals[i] == vals[i + 1] == vals[i + 2]:
                trio = tuple(cells[i : i + 3])
                out.append(Violation("three-in-a-row", trio,
                                     f"{label}: three {NAME[vals[i]]}s in a row at "
                                     + ", ".join(cell_name(*p) for p in trio)))
        for sym in (1, 2):
            k = vals.count(sym)
            if k > n // 2:
                where = tuple(p for p, x in zip(cells, vals) if x == sym)
                out.append(Violation("count", where,
                                     f"{label} has {k} {NAME[sym]}s, at most {n // 2} allowed"))
    for e in board.edges:
        a, b = v[e.r1][e.c1], v[e.r2][e.c2]
        if a == EMPTY or b == EMPTY:
            continue
        if e.kind == EQUAL and a != b:
            out.append(Violation("equal", e.cells(), f"{e.describe()} but one is a sun and the other a moon"))
        if e.kind != EQUAL and a == b:
            out.append(Violation("opposite", e.cells(), f"{e.describe()} but both are {NAME[a]}s"))
    return out


def check_solution(board: TangoBoard, puzzle: TangoBoard | None = None) -> list[Violation]:
    """Violations of a finished board: every rule, every cell filled, and
    (if ``puzzle`` is given) every locked given kept."""
    out = violations(board)
    for r in range(board.size):
        for c in range(board.size):
            if board.cells[r][c] == EMPTY:
                out.append(Violation("empty", ((r, c),), f"{cell_name(r, c)} is empty"))
            if puzzle is not None and puzzle.locked[r][c] and puzzle.cells[r][c] != board.cells[r][c]:
                out.append(Violation("given", ((r, c),),
                                     f"{cell_name(r, c)} is a locked {NAME[puzzle.cells[r][c]]} but holds "
                                     f"{NAME[board.cells[r][c]]}"))
    return out
