"""Moving and clicking the mouse with pyautogui (imported lazily: it fails
at import time where there is no display).

pyautogui.FAILSAFE stays on: moving the mouse into a screen corner aborts
the run.  The bot itself never goes near a corner (see :mod:`puzzlebot.bot.safety`),
so a fail-safe stop is the user's doing; a pointer already parked in a
corner before the run is reported as such, not blamed on the run.
"""

from __future__ import annotations

import contextlib
import io
import time

from puzzlebot.calibration.mapping import Region
from puzzlebot.calibration.windows import xauthority
from puzzlebot.solvers.errors import PuzzlebotError


class Aborted(PuzzlebotError):
    exit_code = 130


USER_CORNER = ("stopped: the mouse was moved into a screen corner (pyautogui's fail-safe, "
               "the user's way to stop the bot); nothing more was clicked")


class Mouse:
    def __init__(self, interval: float = 0.01):
        from puzzlebot.calibration.dpi import make_dpi_aware
        from puzzlebot.vision.image_io import quiet_stderr

        make_dpi_aware()  # Windows: before pyautogui measures the screen
        xauthority()
        try:
            with quiet_stderr(), contextlib.redirect_stdout(io.StringIO()):
                import pyautogui  # python-xlib prints a warning about the empty auth file
        except Exception as e:
            raise PuzzlebotError(f"cannot drive the mouse: {e} (is DISPLAY set?)") from None
        self._pg = pyautogui
        pyautogui.FAILSAFE = True  # never turned off: the user's way out
        pyautogui.PAUSE = 0
        self.interval = interval
        self._last_click = float("-inf")
        self.clicks = 0
        self.log: list[tuple[str, int, int]] = []  # ("click" | "move", x, y), for tests and --hint

    def logical_size(self) -> tuple[int, int]:
        w, h = self._pg.size()
        return int(w), int(h)

    def screens(self) -> list[Region]:
        """The screen(s) in logical points (pyautogui knows the primary one)."""
        w, h = self.logical_size()
        return [Region(0, 0, w, h)]

    def position(self) -> tuple[int, int]:
        x, y = self._pg.position()
        return int(x), int(y)

    def check_not_in_corner(self) -> None:
        """Refuse to start with the pointer in a fail-safe corner: every move
        would abort, and the message would blame the run."""
        x, y = self.position()
        w, h = self.logical_size()
        if (x, y) in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            raise Aborted(f"the mouse pointer is in a screen corner ({x}, {y}), where pyautogui's fail-safe "
                          "stops every move: move it away and run again")

    def click(self, x: int, y: int) -> None:
        """Click at (x, y), at least ``interval`` after the previous click
        (work done in between, such as checking the screen, counts)."""
        wait = self._last_click + self.interval - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        try:
            self._pg.click(int(x), int(y))
        except self._pg.FailSafeException:
            raise Aborted(USER_CORNER) from None
        self._last_click = time.monotonic()
        self.clicks += 1
        self.log.append(("click", int(x), int(y)))

    def move(self, x: int, y: int) -> None:
        try:
            self._pg.moveTo(int(x), int(y))
        except self._pg.FailSafeException:
            raise Aborted(USER_CORNER) from None
        self.log.append(("move", int(x), int(y)))


