"""Benchmark: Tango solving and generation against their baselines.

Run:  .venv/bin/python -m bench.tango          (add --quick for a short run)

Tables:
1. solve time per real puzzle (../shared/data/tango/puzzles.jsonl): our
   deduction (line propagation), our explaining solver, and plain
   backtracking, same puzzles, same run;
2. unique, deducible puzzles generated per second: ours vs seed 003's naive
   loop (random clues until unique), each size given the same time budget;
3. how many real puzzles deduction alone solves, and the difficulty score by
   weekday (LinkedIn's puzzles get harder from Monday to Sunday).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
import time
from pathlib import Path

from puzzlebot.solvers.tango.board import SYMBOL, board_from_json
from puzzlebot.solvers.tango.generate import generate_one
from puzzlebot.solvers.tango.rules import check_solution
from puzzlebot.solvers.tango.solve import solve

from ._util import fmt_ratio, fmt_time, print_table, progress
from .tango_baselines import backtrack_count, naive_generate

PUZZLES = Path(__file__).resolve().parents[2] / "shared" / "data" / "tango" / "puzzles.jsonl"
DAYS = "Mon Tue Wed Thu Fri Sat Sun".split()


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.99 * len(xs)))]


def solve_table(puzzles: list[dict]) -> list[dict]:
    times = {"deduce": [], "explain": [], "backtrack": []}
    records = []
    for i, p in enumerate(puzzles):
        board = board_from_json(p, f"puzzle {p['puzzle_no']}")
        t = time.perf_counter()
        fast = solve(board)
        times["deduce"].append(time.perf_counter() - t)
        t = time.perf_counter()
        ex = solve(board, explain=True)
        times["explain"].append(time.perf_counter() - t)
        t = time.perf_counter()
        count, bt = backtrack_count(board, limit=2)
        times["backtrack"].append(time.perf_counter() - t)
        rows = ["".join(SYMBOL[v] for v in r) for r in fast.solution.cells]
        assert rows == p["solution"] and not check_solution(fast.solution, board)
        assert count == 1 and bt == fast.solution.cells
        records.append({"date": p["date"], "deduced": fast.deduced and ex.deduced, "score": ex.score})
        if (i + 1) % 100 == 0:
            progress(f"solved {i + 1}/{len(puzzles)}")
    base = statistics.median(times["backtrack"])
    rows = []
    for name, label in (("deduce", "deduction (line propagation)"), ("explain", "deduction with named steps"),
                        ("backtrack", "plain backtracking (baseline)")):
        med = statistics.median(times[name])
        rows.append([label, fmt_time(med), fmt_time(_p99(times[name])), fmt_ratio(base, med)])
    print_table(f"Tango 6x6: solve time per real puzzle ({len(puzzles)} puzzles, same run)",
                ["solver", "median", "p99", "vs backtracking"], rows)
    return records


def generation_table(quick: bool) -> None:
    budget = 3.0 if quick else 30.0
    rows = []
    for n in (6, 8) if quick else (6, 8, 10, 14):
        rng = random.Random(n)
        ours, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < budget / 2:
            g = generate_one(n, rng)
            ours += 1
        ours_rate = ours / (time.perf_counter() - t0)
        assert solve(g.puzzle).deduced  # spot check: the last one deduces
        naive, t0 = 0, time.perf_counter()
        deadline = time.monotonic() + budget
        while naive_generate(n, rng, deadline) is not None:
            naive += 1
        elapsed = time.perf_counter() - t0
        naive_label = f"{naive / elapsed:.2f}/s" if naive else f"none in {budget:.0f} s"
        progress(f"generate {n}x{n}: ours {ours_rate:.1f}/s, naive {naive_label}")
        rows.append([f"{n}x{n}", f"{ours_rate:.1f}/s", naive_label,
                     fmt_ratio(ours_rate, naive / elapsed) if naive else "-"])
    print_table("Tango generation: unique, deducible puzzles per second (same run)",
                ["size", "ours", "seed's naive loop", "speed-up"], rows)


def weekday_table(records: list[dict]) -> None:
    by: dict[int, list[int]] = {}
    for r in records:
        by.setdefault(datetime.date.fromisoformat(r["date"]).weekday(), []).append(r["score"])
    rows = []
    for d in range(7):
        s = sorted(by.get(d, []))
        if s:
            rows.append([DAYS[d], str(len(s)), f"{statistics.mean(s):.1f}", f"{statistics.median(s):.1f}",
                         f"{s[len(s) // 4]}-{s[3 * len(s) // 4]}"])
    deduced = sum(r["deduced"] for r in records)
    print_table(f"Difficulty score of the real puzzles by weekday (deduction alone solves {deduced}/{len(records)})",
                ["day", "puzzles", "mean", "median", "quartiles"], rows)
    scores = sorted(r["score"] for r in records)
    edges = [0, 10, 15, 20, 25, 30, 35, 40, 10**6]
    dist = []
    for lo, hi in zip(edges, edges[1:]):
        k = sum(lo <= s < hi for s in scores)
        dist.append([f"{lo}-{hi - 1}" if hi < 10**6 else f"{lo}+", str(k), "#" * (k // 4)])
    print_table("Distribution of the difficulty score (real puzzles)", ["score", "puzzles", ""], dist)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer puzzles, shorter budgets")
    args = ap.parse_args(argv)
    if not PUZZLES.exists():
        raise SystemExit(f"{PUZZLES} is absent: the real puzzles live in ../shared/data")
    puzzles = [json.loads(line) for line in PUZZLES.read_text().splitlines() if line.strip()]
    if args.quick:
        puzzles = puzzles[:100]
    records = solve_table(puzzles)
    generation_table(args.quick)
    weekday_table(records)


if __name__ == "__main__":
    main()
