"""Make the Queens reader's fixtures: ``python -m puzzlebot.sim.queens.fixtures``.

Screenshots of our Queens page (:mod:`puzzlebot.sim.queens.page`) in Chromium on a
virtual screen: 7x7 to 11x11, light and dark, fresh boards, boards with
some queens and x marks, and solved ones; some saved as JPEG.  Writes
fixtures/queens/*.png|jpg and labels.json (``file``, ``kind``, ``size``,
``regions``, ``queens``, ``marks``, ``mode``), the board's truth taken from
the page's own puzzle.  Needs Xvfb and Chromium; deterministic boards.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.sim import launch
from puzzlebot.sim.browser import Browser
from puzzlebot.solvers.queens import generate, solve

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "queens"
# (size, mode, kind, jpeg quality or None)
CASES = [
    (7, "light", "start", None), (8, "light", "mid", None), (9, "light", "solved", 85),
    (10, "light", "start", 90), (11, "light", "mid", None), (7, "dark", "solved", None),
    (8, "dark", "start", None), (9, "dark", "mid", 85), (10, "dark", "solved", None), (11, "dark", "start", 90),
]
WINDOW = (0, 0, 640, 700)


def case_puzzle(i: int, size: int, kind: str) -> dict:
    rng = random.Random(1000 + i)
    p = generate(size, rng.randrange(2**31))
    sol = solve(p).solution
    others = [(r, c) for r in range(size) for c in range(size) if (r, c) not in sol]
    if kind == "solved":
        p.queens = set(sol)
        p.marks = set(rng.sample(others, len(others) // 2))
    elif kind == "mid":
        p.queens = set(rng.sample(sol, size // 3))
        p.marks = set(rng.sample(others, len(others) // 4))
    return p.to_json()


def main() -> int:
    import base64

    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb()
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="queens-fixtures-"))
    labels = []
    try:
        for i, (size, mode, kind, quality) in enumerate(CASES):
            puzzle = case_puzzle(i, size, kind)
            pf, ev = tmp / f"p{i}.json", tmp / f"e{i}.jsonl"
            pf.write_text(json.dumps(puzzle))
            port = launch.free_port()
            proc = launch.start_page("puzzlebot.sim.queens.page", ev, port, "--puzzle", str(pf))
            try:
                time.sleep(0.4)
                url = f"http://127.0.0.1:{port}/" + ("?mode=dark" if mode == "dark" else "")
                with Browser(url, *WINDOW, debug_port=launch.free_port()) as browser:
                    launch.wait_for(ev, "ready", 60)
                    time.sleep(0.8)
                    # the page as the browser drew it (no screen capture here:
                    # only the bot captures the screen)
                    shot = browser.devtools().call("Page.captureScreenshot", format="png")["data"]
                    img = cv2.imdecode(np.frombuffer(base64.b64decode(shot), np.uint8), cv2.IMREAD_COLOR)
            finally:
                launch.stop(proc)
            name = f"queens_{i:02d}_{size}x{size}_{mode}_{kind}.{'jpg' if quality else 'png'}"
            params = [cv2.IMWRITE_JPEG_QUALITY, quality] if quality else []
            cv2.imwrite(str(OUT / name), img, params)
            labels.append({"file": name, "kind": kind, "size": size, "mode": mode, "regions": puzzle["regions"],
                           "queens": puzzle["queens"], "marks": puzzle["marks"]})
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
