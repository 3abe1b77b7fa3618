"""Baselines for the Tango benchmark: plain backtracking and seed 003's
naive generator.  Not used by the product.

Plain backtracking fills cells row by row, trying sun then moon, and checks
only the rules touching the new cell (no three in a row, at most n/2 of a
symbol per line, signs to filled neighbours); it counts solutions up to a
limit.  The naive generator is the seed's loop: random givens and random
signs until backtracking finds exactly one solution, then random tiles of
that solution are added until line deduction completes the board.
"""

from __future__ import annotations

import random
import time

from puzzlebot.solvers.tango.board import EMPTY, EQUAL, MOON, OPPOSITE, SUN, Edge, TangoBoard
from puzzlebot.solvers.tango.engine import Contradiction, LineState, Propagator
from puzzlebot.solvers.tango.rules import violations


class OutOfTime(Exception):
    pass


def backtrack_count(board: TangoBoard, limit: int = 2, rng: random.Random | None = None,
                    deadline: float | None = None):
    """(number of solutions up to limit, first solution) by plain backtracking.
    Raises OutOfTime past ``deadline`` (a time.monotonic() value)."""
    n, half = board.size, board.size // 2
    g = [row[:] for row in board.cells]
    signs: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
    for e in board.edges:
        signs.setdefault((e.r1, e.c1), []).append((e.r2, e.c2, e.kind))
        signs.setdefault((e.r2, e.c2), []).append((e.r1, e.c1, e.kind))
    rows = [[0, 0, 0] for _ in range(n)]  # counts per symbol
    cols = [[0, 0, 0] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            rows[r][g[r][c]] += 1
            cols[c][g[r][c]] += 1
    empties = [(r, c) for r in range(n) for c in range(n) if g[r][c] == EMPTY]
    found = []
    visits = [0]

    def ok(r: int, c: int, v: int) -> bool:
        if rows[r][v] >= half or cols[c][v] >= half:
            return False
        for dr, dc in ((0, 1), (1, 0)):
            for k in range(-2, 1):  # the three triples through (r, c)
                cells = [(r + (k + i) * dr, c + (k + i) * dc) for i in range(3)]
                if all(0 <= a < n and 0 <= b < n for a, b in cells) and all(
                    (g[a][b] if (a, b) != (r, c) else v) == v for a, b in cells
                ):
                    return False
        for a, b, kind in signs.get((r, c), ()):
            w = g[a][b]
            if w != EMPTY and ((kind == EQUAL) != (w == v)):
                return False
        return True

    def go(i: int) -> None:
        if len(found) >= limit:
            return
        visits[0] += 1
        if deadline is not None and visits[0] % 4096 == 0 and time.monotonic() > deadline:
            raise OutOfTime
        if i == len(empties):
            found.append([row[:] for row in g])
            return
        r, c = empties[i]
        order = [SUN, MOON]
        if rng is not None:
            rng.shuffle(order)
        for v in order:
            if ok(r, c, v):
                g[r][c] = v
                rows[r][v] += 1
                cols[c][v] += 1
                go(i + 1)
                g[r][c] = EMPTY
                rows[r][v] -= 1
                cols[c][v] -= 1

    if violations(board):
        return 0, None
    go(0)
    return len(found), (found[0] if found else None)


def naive_generate(n: int, rng: random.Random, deadline: float | None = None) -> TangoBoard | None:
    """Seed 003's loop (random clues until unique, then tiles until
    deducible); None if ``deadline`` (time.monotonic()) passes first."""
    while True:
        if deadline is not None and time.monotonic() > deadline:
            return None
        b = TangoBoard.empty(n)
        for r in range(n):
            for c in range(n):
                if rng.random() < 0.2:
                    b.cells[r][c] = rng.choice((SUN, MOON))
                    b.locked[r][c] = True
        edges = {}
        for _ in range(n):
            r, c = rng.randrange(n), rng.randrange(n)
            r2, c2 = (r, c + 1) if rng.random() < 0.5 else (r + 1, c)
            if r2 < n and c2 < n:
                edges[(r, c, r2, c2)] = rng.choice((EQUAL, OPPOSITE))
        b.edges = sorted(Edge(*k, v) for k, v in edges.items())
        try:
            count, solution = backtrack_count(b, limit=2, rng=rng, deadline=deadline)
        except OutOfTime:
            return None
        if count == 1:
            break
    while True:  # seed's deduction guarantee: add solution tiles until deducible
        p = Propagator(LineState(b))
        try:
            p.run()
        except Contradiction:  # cannot happen for a board with a solution
            raise
        if p.s.solved():
            return b
        unknown = [(r, c) for r in range(n) for c in range(n) if p.s.value(r, c) == EMPTY]
        r, c = rng.choice(unknown)
        b.cells[r][c] = solution[r][c]
        b.locked[r][c] = True
