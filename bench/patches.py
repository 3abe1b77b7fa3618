"""Benchmark: LinkedIn Patches (Shikaku), ours against OR-Tools CP-SAT and
a plain backtracking search on the same puzzles in the same run.

Run:  .venv/bin/python -m bench.patches

Puzzles: generated with one solution (shapes, some "any", some areas
hidden), 40 each of 6x6, 7x7 and 8x8 (LinkedIn's sizes) and 10 of 12x12.
No real LinkedIn Patches puzzles are stored in ../shared/data (only
negatives), so the real-size boards are generated ones.  CP-SAT is given
the exact cover of the candidate rectangles (a Boolean per rectangle, each
cell covered once), the model that makes it fastest; plain backtracking
fills the first empty cell in reading order with each rectangle that fits.
Every answer is checked by the rules checker, and the three agree on each
count.  Targets: median <= 0.1 ms and every one <= 2 ms at real sizes;
12x12 <= 20 ms.
"""

from __future__ import annotations

import statistics

from puzzlebot.solvers.patches import PatchesPuzzle, candidates, cells_of, generate, mask_of, solve, violations

from ._util import fmt_ratio, fmt_time, median_time, print_table, progress
from .oracles import ortools_exact_cover_count


def backtrack(p: PatchesPuzzle, limit: int = 2) -> int:
    """Solutions up to ``limit`` by plain backtracking: the first uncovered
    cell in reading order, each candidate rectangle covering it in turn."""
    n = p.rows * p.cols
    full = (1 << n) - 1
    by_cell = [[] for _ in range(n)]
    for rects in candidates(p).values():
        for rect in rects:
            m = mask_of(rect, p.cols)
            r, c, _, _ = rect
            by_cell[r * p.cols + c].append(m)  # a rectangle fills its top-left cell first in reading order
    found = [0]

    def go(cov: int) -> bool:
        if cov == full:
            found[0] += 1
            return found[0] >= limit
        free = ~cov & full
        i = (free & -free).bit_length() - 1
        for m in by_cell[i]:
            if not m & cov and go(cov | m):
                return True
        return False

    go(0)
    return found[0]


def cp_sat(p: PatchesPuzzle) -> int:
    rows = [[r * p.cols + c for r, c in cells_of(rect)] for rects in candidates(p).values() for rect in rects]
    count, complete = ortools_exact_cover_count(p.rows * p.cols, 0, rows, limit=2)
    assert complete
    return count


def main() -> int:
    sizes = [(6, 40), (7, 40), (8, 40), (12, 10)]
    rows = []
    for size, k in sizes:
        ours, cps, bts = [], [], []
        for seed in range(k):
            p, sol = generate(size, size, 5000 + seed)
            ans = solve(p)
            assert ans.count == 1 and ans.rects == sol and not violations(p, ans.rects)
            assert cp_sat(p) == 1 and backtrack(p) == 1
            ours.append(median_time(lambda: solve(p), repeat=7))
            cps.append(median_time(lambda: cp_sat(p), repeat=3))
            bts.append(median_time(lambda: backtrack(p), repeat=3, budget=2.0))
        progress(f"patches {size}x{size}: {k} puzzles solved by all three")
        target = "<= 20 ms" if size == 12 else "median <= 0.1 ms, all <= 2 ms"
        rows.append([f"{size}x{size}", str(k), fmt_time(statistics.median(ours)), fmt_time(max(ours)),
                     fmt_time(statistics.median(cps)), fmt_time(max(cps)), fmt_time(statistics.median(bts)),
                     fmt_time(max(bts)), fmt_ratio(statistics.median(cps), statistics.median(ours)),
                     fmt_ratio(statistics.median(bts), statistics.median(ours)), target])
    print_table("Patches: up to two solutions (medians of repeats; all three in the same run)",
                ["size", "n", "ours median", "ours worst", "CP-SAT median", "CP-SAT worst", "backtrack median",
                 "backtrack worst", "vs CP-SAT", "vs backtrack", "target"], rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
