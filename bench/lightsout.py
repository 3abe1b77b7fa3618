"""Benchmark: Lights Out and switches solvers against their baselines.

Run:  .venv/bin/python -m bench.lightsout        (add --quick for a short run)

Prints one table.  Lights Out: our solver (light chasing over GF(2)) against
the seed's depth-first search, same random boards, same run; big boards are
timed from a cold per-size cache ("incl. set-up").  Switches: our GF(2)
elimination against the z3-solver model of seed 001 (60 s cap) on grid and
random sparse graphs.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from puzzlebot.solvers import lightsout
from puzzlebot.solvers.switches import SwitchesPuzzle, check_answer, solve_switches

from ._util import fmt_ratio, fmt_time, median_time, print_table, progress, timed
from .oracles import z3_switches
from .seed_dfs import seed_solve

Z3_CAP_S = 60.0
SEED_CAP_S = 60.0


def _seed_calls(n: int) -> int:
    return (2**n - 1) + 2**n * (n * n - n)


def solvable_board(n: int, rng) -> np.ndarray:
    """A random board that can be cleared: what random presses light up."""
    rules = lightsout.LightsRules(n, n)
    return lightsout.apply_presses(np.zeros((n, n), dtype=np.int64), rng.integers(0, 2, (n, n)), rules)


def lights_rows(quick: bool) -> list[list[str]]:
    rng = np.random.default_rng(2026)
    rows = []
    # per-board time at small sizes, warm cache (in process, as the bot uses it)
    for n in (10, 12) if quick else (10, 12, 14, 16):
        boards = [solvable_board(n, rng) for _ in range(200 if quick else 1000)]
        rules = lightsout.LightsRules(n, n)
        lightsout.solve(boards[0], rules)  # warm the per-size cache
        ours = []
        for b in boards:
            dt, ans = timed(lambda b=b: lightsout.solve(b, rules))
            ours.append(dt)
        a = lightsout.solve(boards[0], rules)
        assert not lightsout.apply_presses(boards[0], a.presses, rules).any()
        ours_med = statistics.median(ours)
        # seed DFS: measure one board, project, and run more only if it fits the cap
        seed_med = None
        seed_note = ""
        dt1, (sol, calls) = timed(lambda: seed_solve(boards[0]))
        assert calls == _seed_calls(n)
        if dt1 * 3 <= SEED_CAP_S and not quick:
            seed_med = median_time(lambda: seed_solve(boards[1]), repeat=3 if n <= 12 else 1, budget=SEED_CAP_S)
            seed_med = statistics.median([dt1, seed_med])
        else:
            seed_med = dt1
            seed_note = " (1 board)"
        progress(f"lights {n}x{n}: ours {fmt_time(ours_med)}, seed {fmt_time(seed_med)}")
        rows.append([
            f"lights {n}x{n}, per board",
            fmt_time(ours_med),
            fmt_time(seed_med) + seed_note + f", {calls:,} calls",
            fmt_ratio(seed_med, ours_med),
        ])
    for n in (100, 1000) if quick else (100, 1000, 2000):
        b = solvable_board(n, rng)
        rules = lightsout.LightsRules(n, n)

        def cold(b=b, rules=rules):
            lightsout.chase_plan.cache_clear()
            return lightsout.solve(b, rules)

        med = median_time(cold, repeat=3 if n < 2000 else 2)
        a = cold()
        assert not lightsout.apply_presses(b, a.presses, rules).any()
        projected = _seed_calls(n) if n <= 100 else None
        progress(f"lights {n}x{n}: {fmt_time(med)}")
        rows.append([
            f"lights {n}x{n}, incl. set-up",
            fmt_time(med),
            f"not run: 2^{n} branches" if projected is None else f"not run: {projected:.1e} calls",
            "-",
        ])
    return rows


def grid_graph(rows: int, cols: int, rng) -> SwitchesPuzzle:
    names = [f"r{r}c{c}" for r in range(rows) for c in range(cols)]
    edges = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                edges.append((f"r{r}c{c}", f"r{r}c{c + 1}"))
            if r + 1 < rows:
                edges.append((f"r{r}c{c}", f"r{r + 1}c{c}"))
    flip = [n for n in names if rng.random() < 0.5]
    return SwitchesPuzzle(names, flip, edges)


def solvable_flips(p: SwitchesPuzzle, rng) -> SwitchesPuzzle:
    """Same graph, with the lights that random presses would flip: solvable."""
    press = [nm for nm in p.names if rng.random() < 0.5]
    touch = {nm: {nm} for nm in p.names}
    for a, b in p.edges:
        touch[a].add(b)
        touch[b].add(a)
    flips: dict[str, int] = {}
    for s in press:
        for t in touch[s]:
            flips[t] = flips.get(t, 0) ^ 1
    return SwitchesPuzzle(p.names, [nm for nm in p.names if flips.get(nm)], p.edges)


def random_graph(n: int, rng, degree: float = 3.0) -> SwitchesPuzzle:
    names = [f"n{i}" for i in range(n)]
    seen = set()
    edges = []
    while len(edges) < int(n * degree / 2):
        a, b = (int(v) for v in rng.integers(0, n, 2))
        if a == b or (min(a, b), max(a, b)) in seen:
            continue
        seen.add((min(a, b), max(a, b)))
        edges.append((names[a], names[b]))
    flip = [nm for nm in names if rng.random() < 0.5]
    return SwitchesPuzzle(names, flip, edges)


def switches_rows(quick: bool) -> list[list[str]]:
    rng = np.random.default_rng(7)
    cases = [
        ("grid 10x10", grid_graph(10, 10, rng)),
        ("random", solvable_flips(random_graph(100, rng), rng)),
        ("grid 25x40", grid_graph(25, 40, rng)),
        ("random", solvable_flips(random_graph(1000, rng), rng)),
        ("random, random flips", random_graph(1000, rng)),
        ("grid 100x100", grid_graph(100, 100, rng)),
        ("random", solvable_flips(random_graph(10_000, rng), rng)),
        ("random, random flips", random_graph(10_000, rng)),
    ]
    rows = []
    for label, p in cases:
        n = len(p.names)
        if quick and n > 1000:
            continue

        def ours(p=p):
            try:
                return solve_switches(p)
            except Exception as e:  # unsolvable is a valid outcome here
                return e

        med = median_time(ours, repeat=5 if n <= 1000 else 3)
        ans = ours()
        z_t, (status, _) = timed(lambda p=p: z3_switches(p.names, p.flip, p.edges, timeout_s=Z3_CAP_S))
        if hasattr(ans, "press"):
            assert check_answer(p, ans.press) and status in ("sat", "unknown")
            verdict = f"{len(ans.press)} presses"
        else:
            assert status in ("unsat", "unknown")
            verdict = "no solution"
        z_label = fmt_time(z_t) if status != "unknown" else f"> {Z3_CAP_S:.0f} s (cap)"
        progress(f"switches {label} {n}: ours {fmt_time(med)}, z3 {z_label}")
        rows.append([
            f"switches {label}, {n:,} nodes ({verdict})",
            fmt_time(med),
            f"z3: {z_label}",
            fmt_ratio(z_t, med) if status != "unknown" else f"> {fmt_ratio(z_t, med)}",
        ])
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes only, fewer repeats")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rows = lights_rows(args.quick) + switches_rows(args.quick)
    print_table(
        "Lights Out and switches: median time (ours vs baseline, same run)",
        ["case", "ours", "baseline", "speed-up"],
        rows,
    )
    print(f"\n(total {time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
