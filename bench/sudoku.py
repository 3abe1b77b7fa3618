"""Benchmark: Mini Sudoku, ours against OR-Tools CP-SAT on the same puzzles
in the same run.

Run:  .venv/bin/python -m bench.sudoku

Puzzles: 60 generated 6x6 (easy, medium and hard as they come), 10 4x4 and
10 9x9, each searched for up to two solutions (both solvers must agree, and
every answer passes the rules checker).  Target: 6x6 median <= 0.2 ms.
"""

from __future__ import annotations

import statistics

from puzzlebot.solvers.sudoku import generate, grade, solve, violations

from ._util import fmt_ratio, fmt_time, median_time, print_table, progress
from .oracles import ortools_sudoku


def main() -> int:
    groups = {"6x6": [generate(6, s) for s in range(60)], "4x4": [generate(4, s) for s in range(10)],
              "9x9": [generate(9, s) for s in range(10)]}
    rows = []
    for name, puzzles in groups.items():
        ours, theirs, grades = [], [], {}
        for p in puzzles:
            ans = solve(p)
            count, grid, complete = ortools_sudoku(p.givens, p.box)
            assert complete and count == ans.count == 1 and grid == ans.grid and not violations(p, ans.grid)
            ours.append(median_time(lambda: solve(p), repeat=9))
            theirs.append(median_time(lambda: ortools_sudoku(p.givens, p.box), repeat=3))
            g = grade(p)
            grades[g] = grades.get(g, 0) + 1
        progress(f"sudoku {name}: {len(puzzles)} puzzles solved by both")
        target = "<= 0.2 ms" if name == "6x6" else "-"
        rows.append([name, str(len(puzzles)), ", ".join(f"{k} {v}" for k, v in sorted(grades.items())),
                     fmt_time(statistics.median(ours)), fmt_time(max(ours)), fmt_time(statistics.median(theirs)),
                     fmt_ratio(statistics.median(theirs), statistics.median(ours)), target])
    print_table("Mini Sudoku: up to two solutions (medians of repeats; CP-SAT in the same run)",
                ["size", "n", "grades", "ours median", "ours worst", "CP-SAT median", "ratio", "target"], rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
