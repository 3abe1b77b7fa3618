"""Benchmark: start-up, the whole ``detect`` command against the bare imports.

Run:  .venv/bin/python -m bench.startup [--runs N]

Times whole processes, as a user waits for them: ``puzzlebot detect tango``
on one 1280x720 page (our fixture) and, as the baseline in the same run,
``python -c "import numpy, cv2"``, the two in turn so that a busy machine
slows both alike.  Bytecode is written (PYTHONDONTWRITEBYTECODE removed from
the environment), as on a user's machine, and one warm-up run of each comes
first.  The target (issue "Live play"): the command within 2x the imports.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ._util import print_table, progress

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "fixtures" / "tango" / "tango_00_6x6_light_70px_page.png"


def _wall(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=11, help="counted runs of each command (default 11)")
    args = ap.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    ours = [sys.executable, "-c", "import sys; from puzzlebot.bot.cli import main; sys.exit(main())",
            "detect", "tango", str(PAGE)]
    base = [sys.executable, "-c", "import numpy, cv2"]
    _wall(ours, env), _wall(base, env)  # warm-up: bytecode written, files in the page cache
    a, b = [], []
    for i in range(args.runs):
        a.append(_wall(ours, env))
        b.append(_wall(base, env))
        progress(f"run {i + 1}/{args.runs}")
    ratios = [x / y for x, y in zip(a, b)]
    print_table("Start-up, whole process, the two commands in turn", ["command", "median", "min", "max"],
                [["puzzlebot detect tango (1280x720 page)", f"{statistics.median(a):.3f} s", f"{min(a):.3f} s",
                  f"{max(a):.3f} s"],
                 ['python -c "import numpy, cv2"', f"{statistics.median(b):.3f} s", f"{min(b):.3f} s",
                  f"{max(b):.3f} s"],
                 ["ratio, run by run (target <= 2x)", f"{statistics.median(ratios):.2f}x", f"{min(ratios):.2f}x",
                  f"{max(ratios):.2f}x"]])


if __name__ == "__main__":
    main()
