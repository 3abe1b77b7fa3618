"""The bot's loop: capture, read, check, solve, click, verify.

Safety, in order:
* nothing is clicked unless the reader is sure of every cell and the board
  obeys the rules and has exactly one answer (the game's ``read``/``plan``);
* before each move the target cell is captured again and must still show
  what the plan expects (a moved or closed window, or a game that changed,
  stops the run before any click lands elsewhere);
* every click point must lie inside the board found on screen;
* after each move the cell is watched until it shows the predicted value;
  if it does not within the timeout the run stops, naming the cell;
* pyautogui's fail-safe stays on (mouse into a screen corner aborts).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from calibration.mapping import Region, ScreenMap
from calibration.windows import Window, WindowError, window_by_id
from solvers.errors import PuzzlebotError
from vision.lattice import Lattice

from .games import Game, Reading


class Stopped(PuzzlebotError):
    """The run stopped because the screen did not behave as predicted."""

    exit_code = 5


NAMES = {"enlight": {0: "off", 1: "lit"}, "tango": {0: "empty", 1: "a sun", 2: "a moon"}}


@dataclass
class Timings:
    capture: float = 0.0
    read: float = 0.0
    solve: float = 0.0
    click: float = 0.0
    verify: float = 0.0
    total: float = 0.0
    clicks: int = 0

    def line(self) -> str:
        return (f"{self.total:.2f} s from start to the verified last click ({self.clicks} clicks): "
                f"capture {self.capture * 1e3:.0f} ms, read {self.read * 1e3:.0f} ms, "
                f"solve {self.solve * 1e3:.0f} ms, click {self.click * 1e3:.0f} ms, verify {self.verify * 1e3:.0f} ms")


@dataclass
class Target:
    """Where the game is: a fixed region, or a window followed by its id."""

    region: Region
    window: Window | None = None

    def check(self) -> None:
        if self.window is None:
            return
        try:
            now = window_by_id(self.window.wid, self.window.title)
        except WindowError:
            raise Stopped(f"the game window {self.window.title!r} is gone; stopped") from None
        if now.region != self.window.region:
            raise Stopped(f"the game window moved from {self.window.region.as_tuple()[:2]} to "
                          f"{now.region.as_tuple()[:2]}; stopped")


@dataclass
class RunResult:
    reading: Reading
    steps: list
    timings: Timings
    board_region: Region  # the board in screen pixels
    log: list[str] = field(default_factory=list)


class Runner:
    def __init__(self, game: Game, screen, mouse, target: Target, scale: float = 1.0,
                 lattice: Lattice | None = None, timeout: float = 1.0, say=print):
        self.game, self.screen, self.mouse, self.target = game, screen, mouse, target
        self.map = ScreenMap(target.region, scale)
        self.lattice_hint = lattice
        self.timeout = timeout
        self.say = say
        self.t = Timings()

    # --- pieces ---------------------------------------------------------------

    def _grab(self, region: Region) -> np.ndarray:
        t = time.perf_counter()
        img = self.screen.grab(region)
        self.t.capture += time.perf_counter() - t
        return img

    def _cell_region(self, lat: Lattice, r: int, c: int) -> tuple[Region, Lattice]:
        """The screen region of one cell (a little margin) and the cell's
        lattice inside that small capture."""
        x0, y0, x1, y1 = lat.box(r, c)
        m = max(2, int(0.08 * lat.px))
        left, top = self.target.region.left + x0 - m, self.target.region.top + y0 - m
        region = Region(int(left), int(top), int(x1 - x0 + 2 * m), int(y1 - y0 + 2 * m))
        local = Lattice(lat.x0 + c * lat.px - (region.left - self.target.region.left),
                        lat.y0 + r * lat.py - (region.top - self.target.region.top), lat.px, lat.py, 1, 1)
        return region, local

    def _cell_now(self, reading: Reading, r: int, c: int) -> int | None:
        region, local = self._cell_region(reading.lattice, r, c)
        img = self._grab(region)
        t = time.perf_counter()
        v = self.game.cell_value(img, local, 0, 0, reading)
        self.t.verify += time.perf_counter() - t  # a per-move check, not the board read
        return v

    def _name(self, v) -> str:
        return NAMES.get(self.game.name, {}).get(v, "unreadable" if v is None else str(v))

    # --- the run --------------------------------------------------------------

    def read(self) -> Reading:
        img = self._grab(self.target.region)
        t = time.perf_counter()
        reading = self.game.read(img, self.lattice_hint)
        self.t.read += time.perf_counter() - t
        self.image = img
        return reading

    def run(self, dry_run: bool = False) -> RunResult:
        start = time.perf_counter()
        reading = self.read()
        t = time.perf_counter()
        steps = self.game.plan(reading)
        self.t.solve += time.perf_counter() - t
        lat = reading.lattice
        bx0, by0, bx1, by1 = lat.bbox
        board = Region(int(self.target.region.left + bx0), int(self.target.region.top + by0),
                       int(bx1 - bx0), int(by1 - by0))
        result = RunResult(reading, steps, self.t, board)
        if dry_run or not steps:
            self.t.total = time.perf_counter() - start
            return result
        park_img = (bx0 - 0.4 * lat.px, by0 - 0.4 * lat.py)  # just off the board's corner
        if park_img[0] < 0 or park_img[1] < 0:
            park_img = (bx1 + 0.4 * lat.px, by1 + 0.4 * lat.py)
        park = self.map.to_screen(*park_img)
        for step in steps:
            r, c = step.cell
            want_before, want_after = int(step.before[r, c]), int(step.after[r, c])
            self.target.check()
            now = self._cell_now(reading, r, c)
            if now != want_before:
                self.target.check()
                raise Stopped(f"before clicking r{r + 1}c{c + 1}: it shows {self._name(now)}, expected "
                              f"{self._name(want_before)} (the window moved or the game changed); stopped")
            ix, iy = lat.center(r, c)
            if not (bx0 <= ix < bx1 and by0 <= iy < by1):
                raise Stopped(f"refusing to click r{r + 1}c{c + 1}: the point is outside the board")
            sx, sy = self.map.to_screen(ix, iy)
            t = time.perf_counter()
            for _ in range(step.clicks):
                self.mouse.click(sx, sy)
                self.t.clicks += 1
            self.mouse.move(*park)  # the pointer must not cover the cell we check
            self.t.click += time.perf_counter() - t
            t = time.perf_counter()
            got = None
            while True:
                got = self._cell_now(reading, r, c)
                if got == want_after or time.perf_counter() - t > self.timeout:
                    break
                time.sleep(0.004)
            self.t.verify += time.perf_counter() - t
            if got != want_after:
                self.target.check()  # a vanished or moved window is the better explanation
                raise Stopped(f"r{r + 1}c{c + 1} did not change as predicted: it shows {self._name(got)}, "
                              f"expected {self._name(want_after)} after {step.clicks} click(s); stopped")
        # the whole board, read afresh, must be what the moves predict
        t = time.perf_counter()
        final = self.game.read(self._grab(self.target.region), lat)
        self.t.verify += time.perf_counter() - t
        expected = steps[-1].after
        diff = np.argwhere(final.state != expected)
        if diff.size:
            r, c = (int(v) for v in diff[0])
            raise Stopped(f"after the last click r{r + 1}c{c + 1} shows {self._name(int(final.state[r, c]))}, "
                          f"expected {self._name(int(expected[r, c]))}; stopped")
        self.t.total = time.perf_counter() - start
        result.reading = final
        return result
