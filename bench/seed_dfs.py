"""The seed's Enlight solver (seed 000): depth-first search with pruning.

Kept only as the baseline the benchmarks compare against.  Cells are visited
column by column, top to bottom; each cell is tried unpressed and pressed,
and a branch continues only while the cell to the left of the current one is
off (after this cell's decision nothing else can change it).  Column 0 is
unpruned, so the search makes (2^n - 1) + 2^n * (n^2 - n) calls on every
n x n board: 93,183 at 10x10.

Like the seed, a press is never undone: each call leaves its subtree toggled
and the second branch explores from there.  One fix: the seed never tries
pressing the last cell, so it misses answers that need it; here the last cell
is tried both ways (without extra calls, so the count stays the seed's).
"""

from __future__ import annotations

import numpy as np


class SeedSolver:
    def __init__(self, board: np.ndarray):
        self.field = [[bool(v) for v in row] for row in np.asarray(board)]
        self.rows = len(self.field)
        self.cols = len(self.field[0])
        self.current = [[False] * self.cols for _ in range(self.rows)]
        self.solution: list[list[bool]] | None = None
        self.steps = 0

    def _invert_cross(self, r: int, c: int) -> None:
        f = self.field
        for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                f[rr][cc] = not f[rr][cc]

    def _left_empty(self, r: int, c: int) -> bool:
        return c == 0 or not self.field[r][c - 1]

    def _check(self) -> None:
        if all(not self.field[r][self.cols - 1] for r in range(self.rows)):
            self.solution = [row[:] for row in self.current]

    def search(self, r: int = 0, c: int = 0) -> None:
        self.steps += 1
        nr, nc = (r + 1, c) if r + 1 < self.rows else (0, c + 1)
        if nc == self.cols:  # last cell
            for _ in range(2):
                if self._left_empty(r, c):
                    self._check()
                self.current[r][c] = not self.current[r][c]
                self._invert_cross(r, c)
            return
        if self._left_empty(r, c):
            self.search(nr, nc)
        self.current[r][c] = not self.current[r][c]
        self._invert_cross(r, c)
        if self._left_empty(r, c):
            self.search(nr, nc)


def seed_solve(board: np.ndarray) -> tuple[np.ndarray | None, int]:
    """(presses or None, number of Search calls)."""
    import sys

    s = SeedSolver(board)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, s.rows * s.cols + 100))
    try:
        s.search()
    finally:
        sys.setrecursionlimit(limit)
    sol = None if s.solution is None else np.array(s.solution, dtype=np.int64)
    return sol, s.steps
