"""Make the Patches reader's fixtures: ``python -m puzzlebot.sim.patches.fixtures``.

Screenshots of our Patches page (:mod:`puzzlebot.sim.patches.page`) taken
by Chromium itself (DevTools): 5x5 to 12x12, light and dark, cells from 64
down to 30 px, fresh boards, some patches drawn (right ones, and wrong ones
holding no clue or two), solved boards, a page scaled to 60%, some saved as
JPEG.  Writes fixtures/patches/*.png|jpg and labels.json (``file``,
``kind``, ``size``, ``clues``, ``rects``: the patches drawn, ``view``), the
truth taken from what the page was given.  Needs Xvfb and Chromium;
deterministic boards.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

import cv2

from puzzlebot.sim import launch
from puzzlebot.sim.page_shot import page_screenshot
from puzzlebot.solvers.patches import generate

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "patches"
# (size, mode, pitch or None, kind, page scale, jpeg quality)
CASES = [
    (5, "light", None, "start", 1.0, None), (6, "dark", None, "partial", 1.0, None),
    (6, "light", 40, "wrong", 1.0, None), (7, "light", None, "partial", 1.0, 85),
    (7, "dark", 44, "start", 1.0, None), (8, "light", None, "wrong", 1.0, None),
    (8, "dark", None, "solved", 1.0, None), (9, "light", 36, "partial", 1.0, None),
    (10, "dark", None, "start", 1.0, 90), (12, "light", 34, "partial", 1.0, None),
    (6, "light", 64, "partial", 0.6, None), (7, "dark", 60, "wrong", 0.6, 85),
    (4, "light", None, "partial", 1.0, None), (5, "dark", 34, "wrong", 1.0, None),
    (6, "light", 34, "solved", 1.0, None), (7, "light", None, "start", 0.55, None),
    (8, "dark", 40, "partial", 1.0, 75), (9, "dark", None, "wrong", 1.0, None),
    (10, "light", 44, "solved", 1.0, 80), (11, "light", 36, "start", 1.0, None),
    (12, "dark", 34, "wrong", 1.0, None), (6, "dark", 64, "solved", 0.6, 85),
    (8, "light", 50, "partial", 0.75, None), (5, "light", 40, "partial", 1.0, 75),
]
WINDOW = (0, 0, 700, 720)


def _drawn(sol, kind: str, rng: random.Random, rows: int, cols: int) -> list:
    if kind == "start":
        return []
    if kind == "solved":
        return [list(x) for x in sol]
    drawn = [list(x) for x in rng.sample(sol, max(1, len(sol) // 3))]
    if kind == "wrong":  # a 2x2 (or 1x2) patch where the answer has none: holds no clue or two
        taken = {(r, c) for x in drawn for r in range(x[0], x[0] + x[2]) for c in range(x[1], x[1] + x[3])}
        for r in range(rows - 1):
            for c in range(cols - 1):
                cells = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
                if not cells & taken and [r, c, 2, 2] not in [list(x) for x in sol]:
                    return drawn + [[r, c, 2, 2]]
    return drawn


def main() -> int:
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb(1280, 1000)
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="patches-fixtures-"))
    labels = []
    try:
        for i, (n, mode, pitch, kind, scale, quality) in enumerate(CASES):
            rng = random.Random(4000 + i)
            p, sol = generate(n, n, 4000 + i)
            p.rects = [tuple(x) for x in _drawn(sol, kind, rng, n, n)]
            pf = tmp / f"p{i}.json"
            pf.write_text(json.dumps(p.to_json()))
            query = "?" + "&".join(q for q in (f"pitch={pitch}" if pitch else "",
                                               "mode=dark" if mode == "dark" else "") if q)
            img = page_screenshot("puzzlebot.sim.patches.page", pf, WINDOW, query)
            if scale != 1.0:
                img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            name = f"patches_{i:02d}_{n}x{n}_{mode}_{kind}.{'jpg' if quality else 'png'}"
            cv2.imwrite(str(OUT / name), img, [cv2.IMWRITE_JPEG_QUALITY, quality] if quality else [])
            data = p.to_json()
            labels.append({"file": name, "kind": kind, "size": data["size"], "clues": data["clues"],
                           "rects": data.get("rects", []),
                           "view": f"our Patches page, {mode}, {n}x{n}" + (f", {pitch} px cells" if pitch else "")
                           + (f", page scaled {scale}" if scale != 1 else "") + (f", JPEG {quality}" if quality else "")})
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
