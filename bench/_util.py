"""Timing and table helpers shared by the benchmarks.

Medians, not means: these machines are noisy.  Each benchmark times our code
and its baseline in the same run and prints their ratio.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Callable


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def median_time(fn: Callable[[], object], *, repeat: int = 5, budget: float | None = None) -> float:
    """Median wall time of ``fn()`` over ``repeat`` runs (fewer if one run
    already exceeds ``budget`` seconds)."""
    times = []
    for _ in range(repeat):
        dt, _ = timed(fn)
        times.append(dt)
        if budget is not None and sum(times) > budget:
            break
    return statistics.median(times)


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def fmt_ratio(base: float | None, ours: float | None) -> str:
    if base is None or ours is None or ours <= 0:
        return "-"
    return f"{base / ours:,.0f}x" if base / ours >= 10 else f"{base / ours:.1f}x"


def print_table(title: str, headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print(f"\n{title}")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |")
    sys.stdout.flush()


def progress(msg: str) -> None:
    print(f"  .. {msg}", file=sys.stderr, flush=True)
