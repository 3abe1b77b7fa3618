"""One screenshot of a stand-in page, taken by Chromium itself (DevTools,
not the screen): what the fixture generators render their boards with."""

from __future__ import annotations

import base64
import time
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.sim import launch
from puzzlebot.sim.browser import Browser

# After the page logs "ready", wait this long (s) for fonts and layout to settle.
SETTLE = 0.8


def page_screenshot(module: str, puzzle: Path, window: tuple[int, int, int, int], query: str = "") -> np.ndarray:
    """Serve ``puzzle`` with our page ``module`` (``python -m MODULE``), open
    it in a headed Chromium window at ``window`` (x, y, w, h) with ``query``
    (e.g. "?mode=dark"), and return what Chromium draws, as a BGR image."""
    events = puzzle.with_suffix(".jsonl")
    port = launch.free_port()
    proc = launch.start_page(module, events, port, "--puzzle", str(puzzle))
    try:
        time.sleep(0.4)
        with Browser(f"http://127.0.0.1:{port}/{query}", *window, debug_port=launch.free_port()) as browser:
            launch.wait_for(events, "ready", 60)
            time.sleep(SETTLE)
            shot = browser.devtools().call("Page.captureScreenshot", format="png")["data"]
    finally:
        launch.stop(proc)
    return cv2.imdecode(np.frombuffer(base64.b64decode(shot), np.uint8), cv2.IMREAD_COLOR)
