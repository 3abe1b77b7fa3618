"""Moving the mouse, clicking, dragging and typing with pyautogui
(imported lazily: it fails at import time where there is no display).

:meth:`Mouse.perform` plays a :class:`puzzlebot.bot.safety.Gesture`, whose
points were all proven safe.  A click is a press and a release at the same
point with no pointer movement between them: games that treat any movement
between press and release as a drag would ignore anything else.  pyautogui's
own click moves the pointer (by zero pixels) with the press and again with
the release, which the X server delivers as motion events between them; on
X11 the button events are therefore sent through XTest directly, and on
Windows and macOS through pyautogui's platform calls, which post the button
event alone.  A drag is press, moves through the proven points (paced so
that the game sees each one), release.

pyautogui.FAILSAFE stays on: moving the mouse into a screen corner aborts
the run (checked before every event, also the ones sent past pyautogui).
The bot itself never goes near a corner (see :mod:`puzzlebot.bot.safety`),
so a fail-safe stop is the user's doing; a pointer already parked in a
corner before the run is reported as such, not blamed on the run.
"""

from __future__ import annotations

import contextlib
import io
import time
from typing import TYPE_CHECKING

from puzzlebot.bot.options import CLICK_INTERVAL
from puzzlebot.calibration.mapping import Region
from puzzlebot.calibration.windows import xauthority
from puzzlebot.solvers.errors import PuzzlebotError

if TYPE_CHECKING:
    from puzzlebot.bot.safety import Gesture

# Between two steps of a drag the pointer rests this long (s): a browser
# hands a page one pointermove a frame (16 ms at 60 Hz, 33 ms and more on a
# busy machine), so a cell must take longer than a frame to cross or the
# page sees the pointer jump over it (a quarter-pitch step every 12 ms
# crosses a cell in about 50 ms; 4 ms lost cells on our page and on a
# third-party Zip game, 6 ms on our page with the test suite on both cores).
DRAG_PAUSE = 0.012
# After pressing the button to start a drag, wait this long (s), and this long
# before releasing it: web games built on React see the press (a state
# update, rendered at the next frame) before the first move, and the last
# move before the release, whose handler checks the path (20 and 30 ms lost
# a press or the last step now and then on a third-party Zip game).
DRAG_HOLD, RELEASE_HOLD = 0.05, 0.1
# A key typed right after the click that selects its cell waits this long:
# the browser queues pointer and key events apart, and a key sent at once
# reached the cell selected before (once in a few runs on our Mini Sudoku
# page).
KEY_AFTER_CLICK = 0.08
# A button is pressed only once the pointer is seen where it was moved; the
# X server has it there at once, but a window manager's grab (openbox on a
# click) can hold the pointer's motion back a moment: a press sent then
# landed where the pointer had been.  Checked this often (s), the move sent
# again this often (a motion lost in a grab), given up after this long.
POINTER_POLL, POINTER_RESEND, POINTER_WAIT = 0.002, 0.05, 0.5


class Aborted(PuzzlebotError):
    exit_code = 130


class PointerHeld(PuzzlebotError):
    """The pointer did not go where it was moved: nothing is pressed."""

    exit_code = 5


USER_CORNER = ("stopped: the mouse was moved into a screen corner (pyautogui's fail-safe, "
               "the user's way to stop the bot); nothing more was clicked")


class Mouse:
    def __init__(self, interval: float = CLICK_INTERVAL):
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
        self._buttons = _buttons(pyautogui)
        # ("click" | "move" | "down" | "up", x, y) or ("key", name, None): for
        # the --clicks audit and the tests
        self.log: list[tuple] = []

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

    def _failsafe(self) -> None:
        """pyautogui's fail-safe, also for the events sent past its API."""
        try:
            self._pg.failSafeCheck()
        except self._pg.FailSafeException:
            raise Aborted(USER_CORNER) from None

    def click(self, x: int, y: int) -> None:
        """Click at (x, y): move there, then press and release with no
        movement between them, at least ``interval`` after the previous click
        (work done in between, such as checking the screen, counts)."""
        wait = self._last_click + self.interval - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        if self.position() != (int(x), int(y)):
            self.move(x, y)
            self._arrived(x, y)
        self._failsafe()
        self._buttons.down(int(x), int(y))
        self._buttons.up(int(x), int(y))
        self._last_click = time.monotonic()
        self.log.append(("click", int(x), int(y)))

    def move(self, x: int, y: int) -> None:
        """Move the pointer to (x, y) (the fail-safe checked first)."""
        self._failsafe()
        self._buttons.move(int(x), int(y))
        self.log.append(("move", int(x), int(y)))

    def _arrived(self, x: int, y: int) -> None:
        """Wait (up to POINTER_WAIT) until the pointer is at (x, y), so that
        a press goes there; stop if it never gets there.  Only where a press
        goes where the pointer is (X11); elsewhere it is posted at (x, y)."""
        if not self._buttons.at_pointer:
            return
        start = time.monotonic()
        resend = start + POINTER_RESEND
        while (at := self.position()) != (int(x), int(y)):
            now = time.monotonic()
            if now > start + POINTER_WAIT:
                raise PointerHeld(f"the pointer moved to ({int(x)}, {int(y)}) stayed at {at} for {POINTER_WAIT:.1f} s "
                                  "(something holds it: another program, a grab?); nothing was pressed there")
            if now > resend:
                self.move(x, y)
                resend = now + POINTER_RESEND
            time.sleep(POINTER_POLL)

    def key(self, name: str) -> None:
        self._failsafe()
        self._pg.press(name)
        self.log.append(("key", name, None))

    def perform(self, gesture: "Gesture") -> None:
        """Send a proven gesture's events in order.  A drag's button is
        released even when a step fails (the fail-safe, Ctrl-C), so the
        game is never left with the button held down."""
        down = None
        try:
            for ev in gesture.events:
                kind = ev[0]
                if kind == "move":
                    self.move(ev[1], ev[2])
                    if down is not None:
                        time.sleep(DRAG_PAUSE)
                elif kind == "click":
                    self.click(ev[1], ev[2])
                elif kind == "down":
                    self._arrived(ev[1], ev[2])
                    self._failsafe()
                    self._buttons.down(ev[1], ev[2])
                    down = (ev[1], ev[2])
                    self.log.append(("down", ev[1], ev[2]))
                    time.sleep(DRAG_HOLD)
                elif kind == "up":
                    time.sleep(RELEASE_HOLD)
                    self._buttons.up(ev[1], ev[2])
                    down = None
                    self.log.append(("up", ev[1], ev[2]))
                elif kind == "key":
                    if self.log and self.log[-1][0] == "click":
                        time.sleep(KEY_AFTER_CLICK)
                    self.key(ev[1])
                else:
                    raise PuzzlebotError(f"unknown pointer event {kind!r}")
        finally:
            if down is not None:
                self._buttons.up(*down)
                self.log.append(("up", down[0], down[1]))

    @property
    def presses(self) -> int:
        """Button presses sent so far (clicks and drags)."""
        return sum(1 for e in self.log if e[0] in ("click", "down"))


class _XTestButtons:
    """The pointer through XTest on pyautogui's own X connection: a press or
    a release event alone (no pointer motion with it), and moves as one
    motion event each (pyautogui's moveTo asks the server for the pointer's
    place and the screen's size around every move: a 64-cell drag took 2 s)."""

    at_pointer = True  # a press goes where the pointer is

    def __init__(self, display):
        from Xlib import X
        from Xlib.ext import xtest

        self._d, self._X, self._fake = display, X, xtest.fake_input

    def move(self, x: int, y: int) -> None:
        self._fake(self._d, self._X.MotionNotify, x=x, y=y)
        self._d.sync()

    def down(self, x: int, y: int) -> None:
        self._fake(self._d, self._X.ButtonPress, 1)
        self._d.sync()

    def up(self, x: int, y: int) -> None:
        self._fake(self._d, self._X.ButtonRelease, 1)
        self._d.sync()


class _PlatformButtons:
    """The left button through pyautogui's platform calls (Windows, macOS),
    which post the button event at (x, y) without a separate move."""

    at_pointer = False  # a press is posted at its own point

    def __init__(self, platform):
        self._p = platform

    def move(self, x: int, y: int) -> None:
        self._p._moveTo(x, y)

    def down(self, x: int, y: int) -> None:
        self._p._mouseDown(x, y, "left")

    def up(self, x: int, y: int) -> None:
        self._p._mouseUp(x, y, "left")


def _buttons(pyautogui):
    platform = pyautogui.platformModule
    display = getattr(platform, "_display", None)
    if display is not None:  # X11
        return _XTestButtons(display)
    return _PlatformButtons(platform)
