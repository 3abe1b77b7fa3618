"""Make the Mini Sudoku reader's fixtures: ``python -m puzzlebot.sim.sudoku.fixtures``.

Screenshots of our Mini Sudoku page (:mod:`puzzlebot.sim.sudoku.page`)
taken by Chromium itself (DevTools), in many looks: light and dark, six
fonts, cells from 64 down to 28 px (a 6x6 board under 250 px wide, as in an
800x450 recording), givens bold or semi-bold, fresh boards, digits entered
(right, and wrong ones the page draws red), pencil notes, a cell selected,
whole pages scaled down, some saved as JPEG; 4x4 and 9x9 boards too.
Writes fixtures/sudoku/*.png|jpg and labels.json (``file``, ``kind``,
``size``, ``givens``, ``rows``: every digit shown, ``red``: the cells drawn
red, ``view``), the truth taken from what the page was given.  Needs Xvfb
and Chromium; deterministic boards.
"""

from __future__ import annotations

import base64
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

import cv2
import numpy as np

from puzzlebot.sim import launch
from puzzlebot.sim.browser import Browser
from puzzlebot.solvers.sudoku import BOXES, generate, rows_text, solve

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "sudoku"
FONTS = ("Helvetica, Arial, sans-serif", "DejaVu Sans", "Liberation Serif", "URW Gothic", "Nimbus Sans Narrow",
         "DejaVu Sans Mono")
# (size, mode, font index, pitch, givens' weight, entries, notes, select, page scale, jpeg quality)
CASES = [
    (6, "light", 0, 64, 700, "none", False, False, 1.0, None),
    (6, "dark", 0, 64, 700, "some", False, True, 1.0, None),
    (6, "light", 1, 56, 700, "wrong", False, False, 1.0, None),
    (6, "dark", 1, 48, 600, "some", True, False, 1.0, 85),
    (6, "light", 2, 60, 700, "most", False, True, 1.0, None),
    (6, "dark", 2, 52, 700, "wrong", True, False, 1.0, None),
    (6, "light", 3, 44, 700, "some", True, False, 1.0, None),
    (6, "dark", 3, 64, 600, "none", False, False, 1.0, 80),
    (6, "light", 4, 40, 700, "most", False, False, 1.0, None),
    (6, "dark", 4, 40, 700, "some", False, True, 1.0, None),
    (6, "light", 5, 48, 700, "wrong", False, False, 1.0, 90),
    (6, "dark", 5, 56, 700, "most", True, False, 1.0, None),
    (6, "light", 0, 64, 700, "some", True, False, 0.6, None),
    (6, "dark", 0, 64, 700, "wrong", False, False, 0.6, 85),
    (6, "light", 1, 64, 700, "most", False, True, 0.625, None),
    (6, "light", 0, 40, 700, "some", False, False, 1.0, 75),
    (6, "dark", 2, 34, 700, "most", False, False, 1.0, None),
    (6, "light", 0, 64, 700, "solved", False, False, 1.0, None),
    (4, "light", 0, 64, 700, "some", False, False, 1.0, None),
    (4, "dark", 1, 56, 700, "none", False, False, 1.0, None),
    (9, "light", 0, 46, 700, "some", True, False, 1.0, None),
    (9, "dark", 2, 44, 700, "wrong", False, False, 1.0, None),
    (9, "light", 4, 40, 600, "most", False, True, 1.0, 85),
]
WINDOW = (0, 0, 640, 720)


def _entries(p, full, kind: str, rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """(entries, red cells) for a kind of progress: none, some (three
    right), most (all but three right), solved, wrong (two right and one
    that repeats a given in its row, drawn red by the page)."""
    n = p.n
    empty = [(r, c) for r in range(n) for c in range(n) if not p.givens[r][c]]
    rng.shuffle(empty)
    take = {"none": 0, "some": 3, "most": len(empty) - 3, "solved": len(empty), "wrong": 2}[kind]
    entries = [[0] * n for _ in range(n)]
    for r, c in empty[:take]:
        entries[r][c] = full[r][c]
    red = []
    if kind == "wrong":
        for r, c in empty[take:]:
            row_givens = [v for v in p.givens[r] if v]
            if row_givens:
                entries[r][c] = row_givens[0]
                red.append([r, c])
                break
    return entries, red


def main() -> int:
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb, os.environ["DISPLAY"] = launch.start_xvfb(1280, 1000)
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="sudoku-fixtures-"))
    labels = []
    try:
        for i, (n, mode, font, pitch, weight, kind, notes, select, scale, quality) in enumerate(CASES):
            rng = random.Random(3000 + i)
            p = generate(n, 3000 + i)
            full = solve(p).grid
            p.entries, red = _entries(p, full, kind, rng)
            shown = p.shown()
            note_arg = []
            if notes:
                empties = [(r, c) for r in range(n) for c in range(n) if not shown[r][c]]
                cells = rng.sample(empties, min(3, len(empties)))
                note_arg = ["--notes", ";".join(f"{r},{c},{''.join(str(d) for d in sorted(rng.sample(range(1, n + 1), 3)))}"
                                                 for r, c in cells)]
            pf, ev = tmp / f"p{i}.json", tmp / f"e{i}.jsonl"
            pf.write_text(json.dumps(p.to_json()))
            port = launch.free_port()
            proc = launch.start_page("puzzlebot.sim.sudoku.page", ev, port, "--puzzle", str(pf), *note_arg)
            try:
                time.sleep(0.4)
                query = f"?pitch={pitch}&weight={weight}&font={quote(FONTS[font])}" + ("&mode=dark" if mode == "dark" else "")
                with Browser(f"http://127.0.0.1:{port}/{query}", *WINDOW, debug_port=launch.free_port()) as browser:
                    launch.wait_for(ev, "ready", 60)
                    dt = browser.devtools()
                    if select:
                        r, c = next((r, c) for r in range(n) for c in range(n) if not p.givens[r][c])
                        box = json.loads(dt.evaluate(f"JSON.stringify(document.querySelectorAll('.cell')[{r * n + c}]"
                                                     ".getBoundingClientRect())"))
                        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                        for typ in ("mousePressed", "mouseReleased"):
                            dt.call("Input.dispatchMouseEvent", type=typ, x=x, y=y, button="left", clickCount=1)
                    time.sleep(0.8)
                    shot = dt.call("Page.captureScreenshot", format="png")["data"]
                    img = cv2.imdecode(np.frombuffer(base64.b64decode(shot), np.uint8), cv2.IMREAD_COLOR)
            finally:
                launch.stop(proc)
            if scale != 1.0:
                img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            name = f"sudoku_{i:02d}_{n}x{n}_{mode}_{kind}.{'jpg' if quality else 'png'}"
            cv2.imwrite(str(OUT / name), img, [cv2.IMWRITE_JPEG_QUALITY, quality] if quality else [])
            view = (f"our Mini Sudoku page, {mode}, {FONTS[font].split(',')[0]} {weight}, {pitch} px cells"
                    + (f", page scaled {scale}" if scale != 1 else "") + (", pencil notes" if notes else "")
                    + (", a cell selected" if select else "") + (f", JPEG {quality}" if quality else ""))
            labels.append({"file": name, "kind": kind, "size": [n, n], "givens": rows_text(p.givens),
                           "rows": rows_text(shown), "red": red, "box": list(BOXES[n]), "view": view})
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
