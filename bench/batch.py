"""Benchmark: offline detection at scale, ``detect tango FOLDER`` (one
command, a process pool) against one ``detect`` command per image, in the
same run.

Run:  .venv/bin/python -m bench.batch [--jobs N] [--sample K]

Over the 195 real Tango screenshots of ../shared/data/tango/screens: the
batch reads them all; the one-command-per-image baseline is timed on K of
them spread evenly (default 30: running all 195 would take minutes) and its
rate taken from their median.  Target: the batch at least 10x the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ._util import print_table, progress

ROOT = Path(__file__).resolve().parents[1]
SCREENS = ROOT.parent / "shared" / "data" / "tango" / "screens"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.batch", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--sample", type=int, default=30)
    args = ap.parse_args(argv)
    if not SCREENS.exists():
        print(f"bench.batch: {SCREENS} is absent", file=sys.stderr)
        return 2
    files = [SCREENS / e["file"] for e in json.loads((SCREENS / "labels.json").read_text())]
    cmd = [sys.executable, "-m", "puzzlebot.bot.cli", "detect", "tango"]
    t = time.perf_counter()
    r = subprocess.run(cmd + [str(SCREENS), "--jobs", str(args.jobs)], cwd=ROOT, capture_output=True, text=True)
    batch = time.perf_counter() - t
    if r.returncode not in (0, 4):
        print(r.stderr[-2000:], file=sys.stderr)
        return 1
    progress(f"batch: {len(files)} images in {batch:.1f} s")
    step = max(1, len(files) // args.sample)
    sample = files[::step][: args.sample]
    times = []
    for f in sample:
        t = time.perf_counter()
        subprocess.run(cmd + [str(f)], cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - t)
    progress(f"one command per image: {len(sample)} images")
    per = statistics.median(times)
    rows = [
        [f"detect tango FOLDER --jobs {args.jobs}", f"{len(files)}", f"{batch:.1f} s", f"{len(files) / batch:.1f}", ""],
        ["one 'detect tango IMAGE' per image", f"{len(sample)} (sample)", f"{per * 1e3:.0f} ms each (median)",
         f"{1 / per:.2f}", ""],
    ]
    ratio = per / (batch / len(files))
    rows[0][4] = f"{ratio:.1f}x"  # one decimal: "10x" must not be 9.96x rounded
    print_table(f"Batch detection, {len(files)} real Tango screenshots, {os.cpu_count()} cores (target >= 10x)",
                ["how", "images", "time", "images/s", "vs one command each"], rows)
    print(f"target {'met' if ratio >= 10 else 'not met'}: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
