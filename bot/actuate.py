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
that the game sees each one), release.  Where the run loop lets the mouse
watch the board (:mod:`puzzlebot.bot.cell_watch`), the pace is the game's
own: a drag goes on to the next cell once the game has drawn the last one,
a key is typed once its cell shows it selected, a cell clicked again once
it shows the click before.

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
from typing import TYPE_CHECKING, Any, Protocol

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
# After a button's release the pointer stays put this long (s) before it
# moves on: Chromium on X11 took the release for one at the pointer's next
# place when that motion came at once (13 of 20 clicks on a third-party Lights
# Out page, its cells' glow animating: the click went to the page, not the
# cell), 1 of 40 at 3 ms, none of 300 at 5 to 10 ms.
RELEASE_STILL = 0.01
# A key typed right after the click that selects its cell waits this long:
# the browser queues pointer and key events apart, and a key sent at once
# reached the cell selected before (once in a few runs on our Mini Sudoku
# page).
KEY_AFTER_CLICK = 0.08
# Where the bot can watch the board while it acts (``perform``'s ``watch``),
# a gesture is paced by the game instead: a drag rests in each cell of its
# path until the game has drawn something there (it has seen the pointer:
# one frame, not a guessed worst case), and a key is typed once the cell it
# goes to shows its selection.  A cell not seen to change within this long
# (s) is passed as if unwatched (a game may draw nothing until the release;
# with both cores busy, as in CI, a canvas game took over 0.1 s to draw a
# cell, the pace fell back to the fixed one and the page lost cells: 4 of 4
# runs of the Zip tests with three busy loops beside them, 1 of 3 at 0.3)...
DRAG_SEEN_WAIT = 0.3
# ... and after this many such cells in a row, the rest of the gesture goes
# at the fixed pace above (the game shows nothing while the button is down).
DRAG_UNSEEN_RUN = 2
# Once the game has drawn a watched event's effect, the next event (a key, a
# drag's first move or its release) waits this long (s): a page built on
# React hands events to the handlers of what it drew, which it attaches just
# after drawing.
AFTER_SEEN = 0.015
# A watched click's cell is looked at this long (s) for its selection: a
# third-party Mini Sudoku game shows it 60-70 ms after the click, and one
# time in about fourteen took longer than KEY_AFTER_CLICK (the key went to
# the cell selected before)...
SELECT_WAIT = 0.25
# ... and the first click's this long: a page on a busy machine shows its
# selections later than SELECT_WAIT (that game, its main thread kept busy
# 250 ms in 300: both first clicks unseen in 3 runs of 4), and two clicks
# unseen turn the watching off for the run (SELECT_UNSEEN_RUN): keys then
# go at the fixed pace, where one can overtake its click (the likeliest
# cause of a key landing in the cell selected before, twice in CI).  A game
# that shows no selection loses this once a run.
SELECT_WAIT_FIRST = 1.0
# ... and this long once the game has shown a selection before: then a
# selection not seen means the click was not taken yet (a busy machine) or
# at all, and a key typed now would go to the cell selected before (a value
# put where it does not belong): the mouse stops instead, nothing typed.
SELECT_WAIT_KNOWN = 1.0
# A typed key's cell is watched for its value this long (s): the next
# action's "before" must show it (a page may redraw its whole grid for it).
KEY_SEEN_WAIT = 0.1
# After this many watched clicks in a row whose cell showed nothing in time
# (a game that shows no selection), this mouse clicks and types unwatched,
# at the fixed pace: the watching would only add to it.
SELECT_UNSEEN_RUN = 2
# A cell clicked through its values gets each further click ("repeat")
# once the game has drawn the click before it there: Tatham's Unruly (GTK)
# dropped the second of two clicks on one cell when it took both at once
# (every run with no pause between them; now and then 10 ms apart on a
# busy machine: 3 of 5 CI runs of a 20x20).  The cell
# is looked at this long (s) for the first click's effect...
REPEAT_WAIT = 0.25
# ... and this long once the game has drawn such a click before (a busy
# machine); after that the click goes anyway, and the run's check stops it
# there if the game dropped it.
REPEAT_WAIT_KNOWN = 1.0
# After this many repeats in a row whose cell showed nothing in time (a game
# that draws a click elsewhere, or only later), repeats go at the fixed pace.
REPEAT_UNSEEN_RUN = 2
# Two clicks at one point this close (s) may be one double-click to the
# system (GTK's default 400 ms, Windows' 500 ms): a separate action's
# click there goes aside (Mouse.recent_click, safety.prove).
DOUBLE_CLICK_TIME = 0.6
# How often a watched cell is looked at (s): a cell's capture costs well
# under a millisecond.
WATCH_POLL = 0.002
# A button is pressed only once the pointer is seen where it was moved; the
# X server has it there at once, but a window manager's grab (openbox on a
# click) can hold the pointer's motion back a moment: a press sent then
# landed where the pointer had been.  Checked this often (s), the move sent
# again this often (a motion lost in a grab), given up after this long.
POINTER_POLL, POINTER_RESEND, POINTER_WAIT = 0.002, 0.05, 0.5


# How long each watched event's effect is waited for (s); a click's:
# Mouse._select_wait.
WAITS = {"move": DRAG_SEEN_WAIT, "down": DRAG_HOLD, "key": KEY_SEEN_WAIT, "press": KEY_SEEN_WAIT}


class Aborted(PuzzlebotError):
    exit_code = 130


class NotSelected(PuzzlebotError):
    """A click that selects a cell for a key was not seen taken: nothing typed."""

    exit_code = 5


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
        self._last_click = self._released = float("-inf")
        self._last_point: tuple[int, int] | None = None  # where the last click went
        self._buttons = _buttons(pyautogui)
        self._unseen_selections = 0  # watched clicks in a row whose cell showed nothing
        self._selections_seen = 0  # watched clicks whose cell showed its selection
        self._selected = None  # the cell the last of them selected (None after any other click)
        self._unseen_repeats = 0  # repeated clicks in a row whose cell did not show the click before in time
        self._repeats_seen = 0  # repeated clicks whose cell showed the click before
        self.drawing = 0.0  # seconds spent looking at watched cells until the game drew each event's effect
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

    def click(self, x: int, y: int, hold: bool = True) -> None:
        """Click at (x, y): move there, then press and release with no
        movement between them, at least ``interval`` after the previous click
        (work done in between, such as checking the screen, counts); ``hold``:
        see :meth:`move`."""
        wait = self._last_click + self.interval - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        if self.position() != (int(x), int(y)):
            self.move(x, y, hold)
            self._arrived(x, y)
        self._failsafe()
        self._buttons.down(int(x), int(y))
        self._buttons.up(int(x), int(y))
        self._last_click = self._released = time.monotonic()
        self._last_point = (int(x), int(y))
        self.log.append(("click", int(x), int(y)))

    def recent_click(self) -> tuple[int, int] | None:
        """Where the last click went, if within DOUBLE_CLICK_TIME of now."""
        if time.monotonic() - self._last_click < DOUBLE_CLICK_TIME:
            return self._last_point
        return None

    def move(self, x: int, y: int, hold: bool = True) -> None:
        """Move the pointer to (x, y) (the fail-safe checked first), not
        sooner than RELEASE_STILL after the last release unless ``hold`` is
        False (a move within the cell just clicked: a release taken there
        lands in that cell all the same)."""
        self._failsafe()
        wait = self._released + RELEASE_STILL - time.monotonic()
        if hold and wait > 0:
            time.sleep(wait)
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

    def perform(self, gesture: "Gesture", watch: "Watch | None" = None) -> None:
        """Send a proven gesture's events in order.  With ``watch``, an event
        that names a cell (a drag's press and its arrival in each cell, a
        click that selects a cell for a key, the key) is followed by looking
        at that cell until the game has drawn something new there (see
        DRAG_SEEN_WAIT and WAITS), a release that names one (a drag taken
        by its ends) and a repeated click (REPEAT_WAIT) wait so for their
        cell; without, the fixed pauses.
        A drag's button is released even when a step fails (the fail-safe,
        Ctrl-C), so the game is never left with the button held down."""
        down = None
        # seen: the last watched event's effect was drawn; waited: the last
        # event was watched and waited for in vain (as long as a fixed pause);
        # watching: not yet given up (after DRAG_UNSEEN_RUN cells unseen)
        base, watching, unseen, seen, waited = None, watch is not None, 0, False, False
        events = gesture.events
        if self.keys_unwatched:  # clicks and keys at the fixed pace, as unwatched
            events = tuple(e[:-1] if e[0] in ("click", "key", "press") and _watched(e) else e for e in events)
        starts = _watch_starts(events) if watch is not None else {}
        # a drag watched cell by cell moves on when the game has drawn the
        # last cell, so the steps between go at once (the page would see only
        # the last of them anyway); so do the steps of a drag the game takes
        # by its ends (its release names a cell), which the release waits
        # for; otherwise each step rests DRAG_PAUSE
        followed = any(e[0] == "move" and _watched(e) for e in events)
        by_ends = any(e[0] == "up" and _watched(e) for e in events)
        repeat_base = None  # a repeat's cell as it was before the click it follows
        try:
            for i, ev in enumerate(events):
                following = events[i + 1] if i + 1 < len(events) else None
                look = (watch is not None and following is not None and following[0] == "repeat"
                        and self._unseen_repeats < REPEAT_UNSEEN_RUN)
                if ev[0] == "repeat":
                    if repeat_base is not None:
                        self._repeat_drawn(watch, ev[3], repeat_base)
                    repeat_base = watch.look(following[3]) if look else None
                    self.click(ev[1], ev[2], hold=False)  # a few points aside, in the cell clicked before
                    self._selected = None
                    continue
                repeat_base = watch.look(following[3]) if look else None
                kind, cell = ev[0], _watched(ev) if watching else None
                again = kind == "click" and cell is not None and cell == self._selected
                if again:  # the cell already selected shows nothing new: the fixed pace
                    cell = None
                if (kind == "key" and self.log and self.log[-1][0] == "click" or kind == "press") \
                        and (seen or not waited):
                    time.sleep(AFTER_SEEN if seen else KEY_AFTER_CLICK)
                elif kind == "up" and cell is None and (seen or not waited):
                    time.sleep(AFTER_SEEN if seen else RELEASE_HOLD)
                if watching and i in starts:  # the cell as it is before the events that reach it
                    base = watch.look(_watched(events[starts[i]]))
                if kind == "up" and cell is not None:  # watched before it: the drag's far corner drawn
                    seen = waited = False
                    if self._seen(watch, cell, base, RELEASE_HOLD):
                        time.sleep(AFTER_SEEN)
                    cell = None
                self._send(ev)
                if kind == "down":
                    down = (ev[1], ev[2])
                if cell is not None:
                    wait = self._select_wait() if kind == "click" else WAITS[kind]
                    seen = self._seen(watch, cell, base, wait)
                    waited = not seen
                    if kind == "move":
                        unseen = 0 if seen else unseen + 1
                        watching = unseen < DRAG_UNSEEN_RUN
                    if kind == "down" and seen:
                        time.sleep(AFTER_SEEN)
                    if kind == "click" and not seen and self._selections_seen:
                        raise NotSelected(f"r{cell[0] + 1}c{cell[1] + 1} did not show as selected within {wait:.1f} s "
                                          "of its click, as this game shows its selections: nothing typed there "
                                          "(the key would go to the cell selected before); stopped")
                    if kind == "click":
                        self._unseen_selections = 0 if seen else self._unseen_selections + 1
                        self._selections_seen += seen
                        self._selected = cell if seen else None
                    if kind in ("key", "press"):
                        seen = waited = False  # (the next action's click needs no pause for it)
                else:
                    if not (kind == "move" and following is not None and following[0] == "press"):
                        seen = waited = False  # (the way to a key the game draws keeps its cell's selection)
                    if kind == "click" and not again:
                        self._selected = None
                    if kind == "down":
                        time.sleep(DRAG_HOLD)
                    elif kind == "move" and down is not None and not ((watching and followed) or by_ends):
                        time.sleep(DRAG_PAUSE)
                if kind == "up":
                    down = None
        finally:
            if down is not None:
                self._buttons.up(*down)
                self.log.append(("up", down[0], down[1]))

    def _send(self, ev: tuple) -> None:
        kind = ev[0]
        if kind == "move":
            self.move(ev[1], ev[2])
        elif kind in ("click", "press"):
            self.click(ev[1], ev[2])
        elif kind == "down":
            self._arrived(ev[1], ev[2])
            self._failsafe()
            self._buttons.down(ev[1], ev[2])
            self.log.append(("down", ev[1], ev[2]))
        elif kind == "up":
            self._buttons.up(ev[1], ev[2])
            self._released = time.monotonic()
            self.log.append(("up", ev[1], ev[2]))
        elif kind == "key":
            self.key(ev[1])
        else:
            raise PuzzlebotError(f"unknown pointer event {kind!r}")

    @property
    def keys_unwatched(self) -> bool:
        """Whether keys go at the fixed pace: this game showed no selection
        in time (SELECT_UNSEEN_RUN clicks in a row)."""
        return self._unseen_selections >= SELECT_UNSEEN_RUN

    def _select_wait(self) -> float:
        if self._selections_seen:
            return SELECT_WAIT_KNOWN
        return SELECT_WAIT if self._unseen_selections else SELECT_WAIT_FIRST

    def _repeat_drawn(self, watch: "Watch", cell: tuple[int, int], base) -> None:
        """Wait (REPEAT_WAIT, or REPEAT_WAIT_KNOWN once a game has shown
        one) until ``cell`` shows the click before a repeat, and learn
        whether this game shows it at all (REPEAT_UNSEEN_RUN)."""
        seen = self._seen(watch, cell, base, REPEAT_WAIT_KNOWN if self._repeats_seen else REPEAT_WAIT)
        self._unseen_repeats = 0 if seen else self._unseen_repeats + 1
        self._repeats_seen += seen

    def _seen(self, watch: "Watch", cell: tuple[int, int], base, wait: float) -> bool:
        """Look at ``cell`` until it differs from ``base`` (True) or ``wait``
        has passed (False); the time it took counts as ``drawing``."""
        start = time.monotonic()
        end = start + wait
        try:
            while not watch.changed(cell, base):
                if time.monotonic() > end:
                    return False
                time.sleep(WATCH_POLL)
            return True
        finally:
            self.drawing += time.monotonic() - start

    @property
    def presses(self) -> int:
        """Button presses sent so far (clicks and drags)."""
        return sum(1 for e in self.log if e[0] in ("click", "down"))


class Watch(Protocol):
    """The board as the game draws it, for pacing a gesture by the game:
    ``look(cell)`` captures a cell, ``changed(cell, before)`` says whether it
    now differs from that capture."""

    def look(self, cell: tuple[int, int]) -> Any: ...

    def changed(self, cell: tuple[int, int], before: Any) -> bool: ...


def _watched(ev: tuple) -> tuple[int, int] | None:
    """The cell an event names to watch (its last item), if any; a repeat's
    cell is watched apart (``Mouse._repeat_drawn``)."""
    return ev[-1] if isinstance(ev[-1], tuple) and ev[0] != "repeat" else None


def _watch_starts(events: tuple[tuple, ...]) -> dict[int, int]:
    """For each event that names a cell to watch, where its cell's "before"
    is taken: {index of the first event that may reach the cell: index of
    the watched event}.  That is right after the previous watched event (a
    drag's cell entered before, or its press), or before the gesture (the
    press, a click that selects): the move to a cell and a press there are
    drawn in one frame (a press hands the page the pointer's last move
    first), so a hover effect is never taken for the press."""
    starts, prev = {}, -1
    for j, ev in enumerate(events):
        if _watched(ev) is not None:
            starts[prev + 1] = j
            prev = j
    return starts


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
