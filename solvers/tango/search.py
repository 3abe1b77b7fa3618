"""Tango search: line-rule propagation plus branching, counting solutions.

Branching picks the unfinished line with the fewest valid completions and
tries each completion; every solution is reached through exactly one choice,
so the count is exact (up to ``limit``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from puzzlebot.solvers.tango.board import TangoBoard
from puzzlebot.solvers.tango.engine import Contradiction, LineState, Propagator


@dataclass
class SearchResult:
    """What the search found: how many solutions (up to the limit) and the first."""
    count: int  # solutions found, at most ``limit``
    solution: list[list[int]] | None  # the first one found
    branches: int  # branch points visited


def count_solutions(
    board: TangoBoard,
    limit: int | None = 2,
    state: LineState | None = None,
    rng: random.Random | None = None,
) -> SearchResult:
    """Count solutions of ``board`` (or of ``state``, a partial deduction of
    it) up to ``limit`` (None: all).  With ``rng`` the branches are tried in
    random order, so ``limit=1`` gives a random solution."""
    root = Propagator(state.copy() if state is not None else LineState(board))
    result = SearchResult(0, None, 0)
    try:
        root.run()
    except Contradiction:
        return result
    _dfs(root, result, limit, rng)
    return result


def _dfs(p: Propagator, result: SearchResult, limit: int | None, rng: random.Random | None = None) -> None:
    s = p.s
    if s.solved():
        result.count += 1
        if result.solution is None:
            result.solution = s.cells()
        return
    n, full = s.n, s.full
    best, best_len = -1, 1 << 30
    for L in range(2 * n):
        if s.sun[L] | s.moon[L] != full and 1 < len(p.cands[L]) < best_len:
            best, best_len = L, len(p.cands[L])
    result.branches += 1
    order = p.cands[best]
    if rng is not None:
        order = order[:]
        rng.shuffle(order)
    for pattern in order:
        child = p.copy()
        child.cands[best] = [pattern]
        try:
            child.run([best])
        except Contradiction:
            continue
        _dfs(child, result, limit, rng)
        if limit is not None and result.count >= limit:
            return
