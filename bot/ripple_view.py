"""Ripple Effect views: the grid with room borders in a terminal, the search
animated live, and the search saved as pictures (GIF or a PNG contact sheet),
as seed 002's apps show it.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from puzzlebot.solvers.dlx import CancelToken
from puzzlebot.solvers.ripple import RipplePuzzle, render, solve


@dataclass
class SearchRecorder:
    """Follows a Ripple search's placements as a changing grid."""

    p: RipplePuzzle
    grid: list[list[int]] = field(init=False)
    steps: int = 0
    placed: int = 0
    backtracks: int = 0
    last: tuple[str, tuple[int, int] | None] = ("start", None)

    def __post_init__(self) -> None:
        self.grid = [[0] * self.p.cols for _ in range(self.p.rows)]

    def __call__(self, event: str, place, depth: int) -> None:
        self.steps += 1
        if event == "cover":
            r, c, v = place
            self.grid[r][c] = v
            self.placed += 1
            self.last = ("place", (r, c))
        elif event == "uncover":
            r, c, _ = place
            self.grid[r][c] = 0
            self.backtracks += 1
            self.last = ("backtrack", (r, c))
        else:
            self.last = ("solution", None)


def animate(p: RipplePuzzle, speed: float, limit: int | None = 2, out=sys.stdout,
            cancel: CancelToken | None = None) -> tuple[list[list[int]] | None, int, SearchRecorder]:
    """Run the search drawing each step live (``speed`` steps per second;
    0 means as fast as the terminal allows, drawing every 50th step).
    Returns (first solution, solutions found, recorder).  Ctrl-C (or the
    token) stops it cleanly with :class:`Cancelled`."""
    rec = SearchRecorder(p)
    cancel = cancel or CancelToken()
    delay = 1.0 / speed if speed > 0 else 0.0
    every = 1 if speed > 0 else 50

    def on_place(event: str, place, depth: int) -> None:
        rec(event, place, depth)
        if cancel.expired():
            cancel.stop(f"after {rec.steps} steps")
        if event == "solution" or rec.steps % every == 0:
            what, cell = rec.last
            where = f" r{cell[0] + 1}c{cell[1] + 1}" if cell else ""
            out.write("\x1b[H\x1b[2J" + render(p, rec.grid, {cell} if cell else None) + "\n")
            out.write(f"step {rec.steps}: {what}{where}   placed {rec.placed}, backtracked {rec.backtracks}, "
                      f"depth {depth}   (Ctrl-C stops)\n")
            out.flush()
            if delay:  # in short slices: Ctrl-C and --timeout are honoured within a tenth of a second
                end = time.monotonic() + (delay if event != "solution" else max(delay, 0.5))
                while (left := end - time.monotonic()) > 0:
                    if cancel.expired():
                        cancel.stop(f"after {rec.steps} steps")
                    time.sleep(min(left, 0.1))

    ans = solve(p, limit=limit, on_place=on_place, cancel=cancel)
    return ans.solution, ans.count, rec


# --- pictures -----------------------------------------------------------------


def _draw(p: RipplePuzzle, grid, cell_px: int, mark=None, mark_kind: str = "place"):
    import cv2
    import numpy as np

    R, C = p.rows, p.cols
    pad = 6
    img = np.full((R * cell_px + 2 * pad, C * cell_px + 2 * pad, 3), 255, np.uint8)
    thin, thick = (200, 200, 200), (40, 40, 40)
    for r in range(R):
        for c in range(C):
            x, y = pad + c * cell_px, pad + r * cell_px
            if mark == (r, c):
                color = (180, 235, 180) if mark_kind == "place" else (180, 180, 245)
                cv2.rectangle(img, (x, y), (x + cell_px, y + cell_px), color, -1)
            v = grid[r][c]
            if v:
                given = p.givens[r][c] != 0
                txt = str(v)
                scale = cell_px / 40
                (tw, th), _ = cv2.getTextSize(txt, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
                cv2.putText(img, txt, (x + (cell_px - tw) // 2, y + (cell_px + th) // 2), cv2.FONT_HERSHEY_SIMPLEX,
                            scale, (0, 0, 0) if given else (160, 80, 20), 2 if given else 1, cv2.LINE_AA)
    for r in range(R + 1):
        for c in range(C):
            wall = r in (0, R) or p.rooms[r - 1][c] != p.rooms[r][c]
            y, x = pad + r * cell_px, pad + c * cell_px
            cv2.line(img, (x, y), (x + cell_px, y), thick if wall else thin, 3 if wall else 1)
    for c in range(C + 1):
        for r in range(R):
            wall = c in (0, C) or p.rooms[r][c - 1] != p.rooms[r][c]
            y, x = pad + r * cell_px, pad + c * cell_px
            cv2.line(img, (x, y), (x, y + cell_px), thick if wall else thin, 3 if wall else 1)
    return img


def save_steps(p: RipplePuzzle, path: str, max_frames: int = 240, cell_px: int = 36,
               cancel: CancelToken | None = None) -> tuple[int, int]:
    """Save the search (up to the first solution) as pictures: an animated
    GIF, or for .png a contact sheet of evenly spaced frames.  Returns
    (frames saved, search steps)."""
    import os
    from pathlib import Path

    import cv2
    import numpy as np

    from puzzlebot.solvers.errors import InputError

    kind = path.lower().rsplit(".", 1)[-1]
    if kind not in ("gif", "png"):
        raise InputError(f"--steps wants a .gif or .png file, got {path}")
    out = Path(path)
    folder = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        raise InputError("--steps: is a directory; give a file name", path)
    if not folder.is_dir():
        raise InputError(f"--steps: the folder {folder} does not exist", path)
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise InputError("--steps: cannot write there (permission denied)", path)
    rec = SearchRecorder(p)
    # every k-th search state is kept, k doubling whenever twice max_frames
    # are held: memory stays bounded however long the search runs
    states: list = []
    every = [1, 0]

    def on_place(event, place, depth):
        rec(event, place, depth)
        every[1] += 1
        if (every[1] - 1) % every[0] == 0:
            states.append(([r[:] for r in rec.grid], rec.last))
            if len(states) >= 2 * max_frames:
                del states[1::2]
                every[0] *= 2

    if solve(p, limit=1, on_place=on_place, cancel=cancel).solution is None:
        states.append(([[0] * p.cols for _ in range(p.rows)], ("no solution", None)))
    elif every[1] and (every[1] - 1) % every[0]:  # the last step was skipped: the solved grid ends the film
        states.append(([r[:] for r in rec.grid], rec.last))
    if len(states) > max_frames:  # keep evenly spaced frames, and always the last
        idx = np.linspace(0, len(states) - 1, max_frames).round().astype(int)
        states = [states[i] for i in idx]
    frames = [_draw(p, g, cell_px, last[1], last[0]) for g, last in states]
    if kind == "gif":
        from PIL import Image

        imgs = [Image.fromarray(cv2.cvtColor(f, cv2.COLOR_BGR2RGB)) for f in frames]
        durations = [60] * (len(imgs) - 1) + [2000]
        try:
            imgs[0].save(path, save_all=True, append_images=imgs[1:], duration=durations, loop=0)
        except OSError as e:
            raise InputError(f"--steps: cannot write: {e.strerror or e}", path) from None
    else:
        cols = int(np.ceil(np.sqrt(len(frames))))
        rows = int(np.ceil(len(frames) / cols))
        h, w = frames[0].shape[:2]
        sheet = np.full((rows * h, cols * w, 3), 255, np.uint8)
        for i, f in enumerate(frames):
            sheet[(i // cols) * h:(i // cols + 1) * h, (i % cols) * w:(i % cols + 1) * w] = f
        if not cv2.imwrite(path, sheet):
            raise InputError(f"cannot write {path}")
    return len(frames), rec.steps
