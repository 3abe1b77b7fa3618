"""Benchmark: LinkedIn Zip, ours against OR-Tools CP-SAT (AddCircuit with
position variables) and a plain depth-first search, on the same puzzles in
the same run.

Run:  .venv/bin/python -m bench.zip

Puzzles: the 10 real LinkedIn boards of ../shared/data/zip/screens (their
labels), 30 generated 6x6 to 8x8 with walls, and 10 generated 10x10.  Each
is searched for up to two answers (unique or not: every solver must agree,
and each answer passes the rules checker).  The plain DFS (grow the path,
numbers in order, no other pruning) gets DFS_BUDGET seconds a puzzle.
Targets: real median <= 1 ms and every real one <= 20 ms; 10x10 <= 200 ms.

Read: the reader on the real board crops, and on each placed in a 1920x1080
page frame and a 1284x2778 phone frame (the page's own colour around it),
whole read on one core; target <= 100 ms for a 1080p frame.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from puzzlebot.solvers.zip.board import ZipPuzzle, make_puzzle, path_violations
from puzzlebot.solvers.zip.generate import generate
from puzzlebot.solvers.zip.solve import solve

from ._util import fmt_ratio, fmt_time, median_time, print_table, progress
from .oracles import ortools_zip

LABELS = Path(__file__).resolve().parents[2] / "shared" / "data" / "zip" / "screens" / "labels.json"
# Seconds the plain DFS may take per puzzle before it is stopped.
DFS_BUDGET = 5.0


def plain_dfs(p: ZipPuzzle, limit: int = 2, budget: float = DFS_BUDGET) -> int | None:
    """Paths found by growing from 1 (numbers in order, no wall crossed)
    with no other pruning, up to ``limit``; None when out of time."""
    R, C = p.rows, p.cols
    n = R * C
    nbrs = [[rr * C + cc for rr, cc in p.neighbours(divmod(i, C))] for i in range(n)]
    num = [0] * n
    for (r, c), k in p.numbers.items():
        num[r * C + c] = k
    end = (lambda r, c: r * C + c)(*p.cell_of(p.last))
    deadline = time.perf_counter() + budget
    found = 0
    seen = [False] * n

    def go(i: int, depth: int, nextk: int) -> bool:
        nonlocal found
        if time.perf_counter() > deadline:
            raise TimeoutError
        if depth == n:
            found += i == end
            return found >= limit
        for j in nbrs[i]:
            if not seen[j] and (not num[j] or num[j] == nextk):
                seen[j] = True
                if go(j, depth + 1, nextk + 1 if num[j] else nextk):
                    return True
                seen[j] = False
        return False

    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n + 100))
    start = (lambda r, c: r * C + c)(*p.cell_of(1))
    seen[start] = True
    try:
        go(start, 1, 2)
    except TimeoutError:
        return None
    return found


def cases() -> list[tuple[str, str, ZipPuzzle]]:
    out = []
    if LABELS.exists():
        for e in json.loads(LABELS.read_text()):
            if e["kind"] != "no-board":
                out.append(("real", Path(e["file"]).name, make_puzzle(*e["size"], e["numbers"], e["walls"])))
    else:
        progress(f"{LABELS} is absent: generated puzzles only")
    for s in range(30):
        size = 6 + s % 3
        out.append(("6-8", f"generated {size}x{size} #{s}", generate(size, size, 500 + s, walls=True)[0]))
    for s in range(10):
        out.append(("10x10", f"generated 10x10 #{s}", generate(10, 10, 900 + s, walls=s % 2 == 0)[0]))
    return out


def main() -> int:
    rows, by_group = [], {}
    all_cases = cases()
    progress(f"zip: {len(all_cases)} puzzles")
    for group, name, p in all_cases:
        ans = solve(p)
        count, _, complete = ortools_zip(p.rows, p.cols, p.numbers, p.walls)
        assert complete and count == ans.count and not path_violations(p, ans.path), name
        ours = median_time(lambda: solve(p), repeat=7)
        theirs = median_time(lambda: ortools_zip(p.rows, p.cols, p.numbers, p.walls), repeat=3)
        t = time.perf_counter()
        dfs_count = plain_dfs(p)
        dfs = time.perf_counter() - t if dfs_count is not None else None
        assert dfs_count is None or dfs_count == ans.count, name
        by_group.setdefault(group, []).append((ours, theirs, dfs))
        rows.append([name, f"{p.rows}x{p.cols}", f"{p.last} numbers, {len(p.walls)} walls", fmt_time(ours),
                     fmt_time(theirs), fmt_ratio(theirs, ours),
                     fmt_time(dfs) if dfs is not None else f"> {DFS_BUDGET:g} s"])
    print_table("Zip: up to two answers per puzzle (medians of repeats; CP-SAT and a plain DFS in the same run)",
                ["puzzle", "size", "clues", "ours", "CP-SAT", "ratio", "plain DFS"], rows)
    summary = []
    targets = {"real": "median <= 1 ms, each <= 20 ms", "6-8": "-", "10x10": "each <= 200 ms"}
    for group, ts in by_group.items():
        ours = [x[0] for x in ts]
        theirs = [x[1] for x in ts]
        dfs = [x[2] for x in ts]
        slow = sum(1 for d in dfs if d is None)
        summary.append([group, str(len(ts)), fmt_time(statistics.median(ours)), fmt_time(max(ours)),
                        fmt_time(statistics.median(theirs)), fmt_time(max(theirs)),
                        fmt_ratio(statistics.median(theirs), statistics.median(ours)),
                        (f"{slow} over {DFS_BUDGET:g} s" if slow else fmt_time(max(d for d in dfs))),
                        targets[group]])
    print_table("Zip summary", ["puzzles", "n", "ours median", "ours worst", "CP-SAT median", "CP-SAT worst",
                                "median ratio", "plain DFS worst", "target"], summary)
    read_table()
    return 0


def read_table() -> None:
    import cv2
    import numpy as np

    from puzzlebot.vision.image_io import load_image
    from puzzlebot.vision.zip_reader import read

    if not LABELS.exists():
        progress(f"{LABELS} is absent: no reading benchmark")
        return
    cv2.setNumThreads(1)
    rows, by_frame = [], {}
    for e in json.loads(LABELS.read_text()):
        if e["kind"] == "no-board":
            continue
        crop = load_image(LABELS.parent / e["file"])
        page = np.median(crop[:4].reshape(-1, 3), axis=0).astype(np.uint8)
        frames = {"crop": crop}
        for name, (w, h) in (("1920x1080 page", (1920, 1080)), ("1284x2778 phone", (1284, 2778))):
            f = np.empty((h, w, 3), np.uint8)
            f[:] = page
            y, x = (h - crop.shape[0]) // 3, (w - crop.shape[1]) // 2
            f[y:y + crop.shape[0], x:x + crop.shape[1]] = crop
            frames[name] = f
        cells = []
        for name, img in frames.items():
            rd = read(img)
            assert rd.sure, (e["file"], name)
            t = median_time(lambda: read(img), repeat=5)
            by_frame.setdefault(name, []).append(t)
            cells.append(fmt_time(t))
        rows.append([Path(e["file"]).name, *cells])
    rows.append(["median", *(fmt_time(statistics.median(v)) for v in by_frame.values())])
    print_table("Zip reader: whole read, one core (target <= 100 ms for a 1080p frame)",
                ["board", "crop", "in a 1920x1080 page", "in a 1284x2778 phone screenshot"], rows)


if __name__ == "__main__":
    raise SystemExit(main())
