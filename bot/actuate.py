"""Moving and clicking the mouse with pyautogui (imported lazily: it fails
at import time where there is no display).  FAILSAFE stays on: moving the
mouse into a screen corner aborts the run."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import time
from pathlib import Path

from solvers.errors import PuzzlebotError


class Aborted(PuzzlebotError):
    exit_code = 130


class Mouse:
    def __init__(self, interval: float = 0.01):
        _xauthority()
        try:
            with _quiet_stderr(), contextlib.redirect_stdout(io.StringIO()):
                import pyautogui  # python-xlib prints a warning about the empty auth file
        except Exception as e:
            raise PuzzlebotError(f"cannot drive the mouse: {e} (is DISPLAY set?)") from None
        self._pg = pyautogui
        pyautogui.FAILSAFE = True  # never turned off: the user's way out
        pyautogui.PAUSE = 0
        self.interval = interval
        self.clicks = 0

    def logical_size(self) -> tuple[int, int]:
        w, h = self._pg.size()
        return int(w), int(h)

    def click(self, x: float, y: float) -> None:
        try:
            self._pg.click(round(x), round(y))
        except self._pg.FailSafeException:
            raise Aborted("stopped: the mouse was moved into a screen corner (pyautogui fail-safe)") from None
        self.clicks += 1
        if self.interval:
            time.sleep(self.interval)

    def move(self, x: float, y: float) -> None:
        try:
            self._pg.moveTo(round(x), round(y))
        except self._pg.FailSafeException:
            raise Aborted("stopped: the mouse was moved into a screen corner (pyautogui fail-safe)") from None


def _xauthority() -> None:
    """python-xlib (under pyautogui) insists on an Xauthority file even for a
    display without access control (a bare Xvfb); give it an empty one, for
    this process only, when the user has none."""
    if os.environ.get("XAUTHORITY") or not os.environ.get("DISPLAY"):
        return
    if (Path.home() / ".Xauthority").exists():
        return
    fd, path = tempfile.mkstemp(prefix="puzzlebot-xauth-")
    os.close(fd)
    os.environ["XAUTHORITY"] = path


@contextlib.contextmanager
def _quiet_stderr():
    """Silence file descriptor 2 (C-level and library writes) for a moment."""
    saved = os.dup(2)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
