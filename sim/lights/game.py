"""The Enlight game itself: a board of lights, presses, levels, win state.

No drawing here (see :mod:`puzzlebot.sim.lights.render`) and no window (see
:mod:`puzzlebot.sim.lights.enlight`).  A press toggles the cell and its four neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.lights.solve import LightsRules, apply_presses

MIN_SIZE, MAX_SIZE = 3, 20

# Built-in 10x10 levels: shapes, each the pattern a set of presses lights up
# (every 10x10 board is solvable; the shapes just make levels recognisable).
_LEVEL_ART = [
    ["..........", "..........", "..........", "....##....", "...####...",
     "...####...", "....##....", "..........", "..........", ".........."],
    ["#........#", ".#......#.", "..#....#..", "...#..#...", "....##....",
     "....##....", "...#..#...", "..#....#..", ".#......#.", "#........#"],
    ["##########", "#........#", "#.######.#", "#.#....#.#", "#.#.##.#.#",
     "#.#.##.#.#", "#.#....#.#", "#.######.#", "#........#", "##########"],
    ["....##....", "...#..#...", "..#....#..", ".#......#.", "#........#",
     "#........#", ".#......#.", "..#....#..", "...#..#...", "....##...."],
    ["#.#.#.#.#.", ".#.#.#.#.#", "#.#.#.#.#.", ".#.#.#.#.#", "#.#.#.#.#.",
     ".#.#.#.#.#", "#.#.#.#.#.", ".#.#.#.#.#", "#.#.#.#.#.", ".#.#.#.#.#"],
    ["...####...", "..#....#..", ".#.#..#.#.", "#........#", "#..#..#..#",
     "#...##...#", ".#......#.", "..#....#..", "...####...", ".........."],
]


def builtin_level(n: int) -> np.ndarray:
    """Level n (1-based): the drawn shapes first, then boards made from a
    fixed sequence of presses, so every level number exists and is stable."""
    if n < 1:
        raise InputError(f"levels start at 1, got {n}")
    if n <= len(_LEVEL_ART):
        return np.array([[ch == "#" for ch in row] for row in _LEVEL_ART[n - 1]], dtype=np.int64)
    return random_board(10, seed=10_000 + n)


def random_board(size: int, seed: int | None = None, rows: int | None = None) -> np.ndarray:
    """A random board that can be cleared: what random presses light up."""
    rows = rows or size
    check_size(rows, size)
    rng = np.random.default_rng(seed)
    presses = rng.integers(0, 2, (rows, size))
    if not presses.any():
        presses[rows // 2, size // 2] = 1
    return apply_presses(np.zeros((rows, size), dtype=np.int64), presses, LightsRules(rows, size))


def check_size(rows: int, cols: int) -> None:
    for v in (rows, cols):
        if not MIN_SIZE <= v <= MAX_SIZE:
            raise InputError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, got {rows}x{cols}")


@dataclass
class EnlightGame:
    """The Enlight stand-in's game state: the lights, the level and the moves made."""
    board: np.ndarray
    level: int = 1
    moves: int = 0
    history: list[tuple[int, int]] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return self.board.shape[0]

    @property
    def cols(self) -> int:
        return self.board.shape[1]

    @property
    def solved(self) -> bool:
        return not self.board.any()

    def press(self, r: int, c: int) -> None:
        one = np.zeros_like(self.board)
        one[r, c] = 1
        self.board = apply_presses(self.board, one, LightsRules(self.rows, self.cols))
        self.moves += 1
        self.history.append((r, c))

    def rows_text(self) -> list[str]:
        return ["".join("#" if v else "." for v in row) for row in self.board]
