"""``python -m bench``: every benchmark in this folder, one after another
(``make bench``).  A benchmark is a module here with a ``main()`` that runs
as ``python -m bench.NAME``; a new one needs no edit of this list.

    python -m bench [NAME ...]     # only these (e.g. python -m bench tango queens)
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def benchmarks() -> list[str]:
    """The modules that are benchmarks, in name order."""
    out = []
    for f in sorted(HERE.glob("*.py")):
        text = f.read_text()
        if not f.name.startswith("_") and re.search(r"^def main\(", text, re.M) and "__main__" in text:
            out.append(f.stem)
    return out


def main(argv: list[str]) -> int:
    names = benchmarks()
    chosen = argv or names
    unknown = [n for n in chosen if n not in names]
    if unknown:
        print(f"bench: no benchmark {', '.join(unknown)}; there are: {', '.join(names)}", file=sys.stderr)
        return 2
    worst = 0
    for name in chosen:
        print(f"== bench.{name}", flush=True)
        worst = max(worst, subprocess.call([sys.executable, "-m", f"bench.{name}"], cwd=HERE.parent))
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
