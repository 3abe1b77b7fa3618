"""Benchmark: Ripple Effect and classic exact cover, ours (Dancing Links)
against OR-Tools CP-SAT on the same problems in the same run.

Run:  .venv/bin/python -m bench.ripple        (--quick skips the pentominoes)

Ripple: every real puzzle in ../shared/data/ripple/puzzles.jsonl, searched
for up to two solutions (unique or not), grouped by size.  Then n-queens and
the 6x10 pentomino counts with their times.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from puzzlebot.solvers.ripple import parse_ripple, solve, violations

from ._util import fmt_ratio, fmt_time, print_table, progress, timed
from .exact_cover_cases import pentominoes, queens
from .oracles import ortools_exact_cover_count, ortools_ripple

PUZZLES = Path(__file__).resolve().parents[2] / "shared" / "data" / "ripple" / "puzzles.jsonl"


def _group(rows: int, cols: int) -> str:
    cells = rows * cols
    if cells <= 49:
        return "up to 7x7"
    if cells <= 64:
        return "8x8"
    if cells == 100:
        return "10x10"
    return "larger (13x13 .. 24x14)"


def ripple_table() -> None:
    data = [json.loads(line) for line in PUZZLES.read_text().splitlines() if line.strip()]
    groups: dict[str, dict[str, list[float]]] = {}
    for d in data:
        p = parse_ripple(json.dumps(d), d["id"])
        ours_t, ans = timed(lambda: solve(p, limit=2))
        their_t, (count, grid, complete) = timed(lambda: ortools_ripple(d["rooms"], d["givens"], limit=2))
        assert complete and min(count, 2) == ans.count, d["id"]
        if ans.solution:
            assert not violations(p, ans.solution)
        g = groups.setdefault(_group(d["rows"], d["cols"]), {"ours": [], "ortools": []})
        g["ours"].append(ours_t)
        g["ortools"].append(their_t)
    progress(f"ripple: {len(data)} puzzles")
    rows = []
    order = ["up to 7x7", "8x8", "10x10", "larger (13x13 .. 24x14)"]
    for name in order:
        g = groups.get(name)
        if not g:
            continue
        om, tm = statistics.median(g["ours"]), statistics.median(g["ortools"])
        rows.append([name, str(len(g["ours"])), fmt_time(om), fmt_time(max(g["ours"])),
                     fmt_time(tm), fmt_time(max(g["ortools"])), fmt_ratio(tm, om)])
    all_ours = [t for g in groups.values() for t in g["ours"]]
    all_them = [t for g in groups.values() for t in g["ortools"]]
    rows.append(["all", str(len(all_ours)), fmt_time(statistics.median(all_ours)), fmt_time(max(all_ours)),
                 fmt_time(statistics.median(all_them)), fmt_time(max(all_them)),
                 fmt_ratio(statistics.median(all_them), statistics.median(all_ours))])
    print_table("Ripple Effect, real puzzles: time to find up to 2 solutions (same run)",
                ["size", "puzzles", "DLX median", "DLX max", "CP-SAT median", "CP-SAT max", "CP-SAT / DLX"], rows)


def classic_table(quick: bool) -> None:
    rows = []
    for n in (8, 10, 12):
        ec = queens(n)
        t, count = timed(ec.count)
        prim = {name: i for i, name in enumerate(ec.names)}
        int_rows = [[prim[c] for c in r] for r in ec.rows]
        tt, (their, complete) = timed(lambda: ortools_exact_cover_count(2 * n, 2 * (2 * n - 1), int_rows))
        assert complete and their == count
        rows.append([f"{n}-queens", f"{count:,}", fmt_time(t), fmt_time(tt), fmt_ratio(tt, t)])
        progress(f"{n}-queens: {count} in {fmt_time(t)}")
    if not quick:
        ec = pentominoes(6, 10)
        t, count = timed(ec.count)
        rows.append(["pentominoes 6x10 (X in one quarter)", f"{count:,} ({4 * count:,} in all)", fmt_time(t),
                     "not run", "-"])
        progress(f"pentominoes: {count} in {fmt_time(t)}")
    print_table("Exact cover classics: solutions counted (DLX vs CP-SAT, same run)",
                ["problem", "solutions", "DLX", "CP-SAT", "CP-SAT / DLX"], rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="skip the pentomino count (about a minute)")
    args = ap.parse_args(argv)
    if not PUZZLES.exists():
        raise SystemExit(f"{PUZZLES} is absent: the real puzzles live in ../shared/data")
    t0 = time.perf_counter()
    ripple_table()
    classic_table(args.quick)
    print(f"\n(total {time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
