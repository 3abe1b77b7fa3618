"""Make the Zip reader's fixtures: ``python -m puzzlebot.sim.zip.fixtures``.

Screenshots of our Zip page (:mod:`puzzlebot.sim.zip.page`) taken by
Chromium itself (DevTools): 5x5 to 10x10, light and dark, fresh boards, a
trail drawn part of the way, and solved boards; some saved as JPEG.  Writes
fixtures/zip/*.png|jpg and labels.json in our data's format (``file``,
``kind``, ``size``, ``numbers``, ``walls``, ``path``, ``view``), the truth
taken from the puzzle the page was given.  Needs Xvfb and Chromium;
deterministic boards.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import cv2

from puzzlebot.sim import launch
from puzzlebot.sim.page_shot import page_screenshot
from puzzlebot.solvers.zip.generate import generate

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "zip"
# (size, mode, kind, walls, jpeg quality or None)
CASES = [
    (5, "light", "start", False, None), (6, "light", "partial", True, None), (7, "light", "solved", True, 85),
    (8, "light", "start", True, None), (9, "light", "partial", False, 90), (10, "light", "start", True, None),
    (5, "dark", "partial", True, None), (6, "dark", "start", True, 85), (7, "dark", "partial", True, None),
    (8, "dark", "solved", False, None), (9, "dark", "start", True, None), (10, "dark", "partial", True, 90),
]
WINDOW = (0, 0, 720, 760)


def main() -> int:
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb()
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="zip-fixtures-"))
    labels = []
    try:
        for i, (size, mode, kind, walls, quality) in enumerate(CASES):
            p, path = generate(size, size, 2000 + i, walls=walls)
            drawn = {"start": [], "partial": path[:len(path) // 3], "solved": path}[kind]
            p.path = drawn
            pf = tmp / f"p{i}.json"
            pf.write_text(json.dumps(p.to_json()))
            img = page_screenshot("puzzlebot.sim.zip.page", pf, WINDOW, "?mode=dark" if mode == "dark" else "")
            name = f"zip_{i:02d}_{size}x{size}_{mode}_{kind}.{'jpg' if quality else 'png'}"
            params = [cv2.IMWRITE_JPEG_QUALITY, quality] if quality else []
            cv2.imwrite(str(OUT / name), img, params)
            data = p.to_json()
            labels.append({"file": name, "kind": kind, "size": data["size"], "numbers": data["numbers"],
                           "walls": data["walls"], "path": data.get("path", []),
                           "view": f"our Zip page, {mode}, {size}x{size}" + (f", JPEG {quality}" if quality else "")})
            print(f"  {name}", file=sys.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if xvfb is not None:
            launch.stop(xvfb)
    (OUT / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")
    print(f"wrote {len(labels)} fixtures to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
