"""The bot's loop: capture, read, check, solve, act, verify.

A plan is a list of actions (:mod:`puzzlebot.bot.actions`: clicks, drags,
keys); the loop never asks which kind it performs, nor which game it plays:
safety proves every point of the action, the mouse performs it, and the
board read afterwards must be the one the action predicts.

Safety, in order (see also :mod:`puzzlebot.bot.safety`):
* the board is found afresh at the start of every run; a saved profile's
  lattice and scale must agree with what is measured now, and a board that
  touches the edge of the region is looked at past the region: a region
  that cuts the board is refused, and so is a board another window lies
  over or against (the screen's stacking order, where the platform tells it);
* nothing is clicked unless the reader is sure of every cell and the board
  obeys the rules and has exactly one answer (the game's ``read``/``plan``);
* before each move the whole board is captured again (the last move's
  settled capture): its surroundings must be where they were and every
  cell must show what the plan expects (a cell whose colour has not changed
  since it was last read keeps that reading; every other cell is read);
* every point of every action (a click, each step of a drag) is proven to
  be inside its cell, the board, the region, the game's window and a screen,
  away from the screen corners, and a drag clear of the cells it must not
  touch (:func:`puzzlebot.bot.safety.prove`);
* after each move the board is watched until it settles (games animate) and
  shows what the move predicts; the run stops, naming the cell, when it does
  not within the ceiling.  After the last move a board replaced by the
  game's own win screen counts as solved.  In a game seen to redraw at once,
  clicks go in batches (BATCH) and each batch is checked as one move;
* what no look tells (which piece a click puts) the player may ask the game
  first: one probe action, proven like any other, its answer read and
  learnt before the rest is planned (``calibrate --probe`` keeps it);
* pyautogui's fail-safe stays on (mouse into a screen corner aborts).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

import numpy as np

from puzzlebot.bot import safety
from puzzlebot.bot.actions import Action, Key, cell_name
from puzzlebot.bot.cell_watch import CellWatch
from puzzlebot.bot.games import Game
from puzzlebot.bot.memory import keep_freed_memory
from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.calibration.windows import Window, WindowError, raise_window, window_by_id
from puzzlebot.solvers.errors import PuzzlebotError
from puzzlebot.vision.colour_math import warm_lab
from puzzlebot.vision.errors import NoBoardError, PartialBoardError, UnreadableBoardError
from puzzlebot.vision.frames import Frame
from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.reading import Reading

# In a game seen to redraw at once, up to this many actions are sent together
# and then checked together (the board must show all of them).
BATCH = 6
# Between looks at the board after a probe (s): the game's answer is awaited.
PROBE_POLL = 0.005
# A probed cell that shows a look not known yet is learnt once its colour has
# held this long (s): past a piece's pop or fade as it is drawn.
LOOK_STILL = 0.3
# A plan's first action after which no cell has changed colour for this
# long (s) was not taken at all, where the player has another way to play
# (Player.instead: a Zip that takes clicks, not drags); a game that took it
# has drawn something by then (a drag is drawn as it goes, a release within
# a frame or two).
NO_ANSWER = 1.5
# At most this many probes before the first action (which piece a click puts
# first, then the look of one the board did not show).
MAX_PROBES = 3
# A window this close to the board (pitches) may hide a row or column of it.
COVER_PITCH = 1.0
# A saved lattice may differ from the one measured now by this much (pixels)
# before the profile is refused: a pixel or two of rounding, never a cell.
LATTICE_TOLERANCE_PX = 2.0
# ... and the screen scale by this share.
SCALE_TOLERANCE = 0.02
# Around the board, this much (fraction of the pitch, at least MIN px) is
# captured with it on every check: the board's frame, whose pixels must stay.
RING_PITCH, RING_MIN_PX = 0.3, 3
# A pixel of the frame "changed" when a channel moved by more than this; the
# board moved (or something covers it) when more than RING_CHANGED of them did.
RING_PIXEL_CHANGE, RING_CHANGED = 40, 0.25
# Two captures are the same picture when no cell's mean colour moved by
# more than this (8-bit levels): the game has stopped animating.
STABLE_LEVELS = 2.0
# A cell a move must change is read again once its mean colour moved by
# more than this (levels): a thin mark moves it by about one, a capture of
# an unchanged cell by nothing.
FAINT_LEVELS = 0.25
# How often the board is captured while waiting for it to settle (s): a
# capture that has not changed since the click costs under a millisecond.
POLL = 0.004
# How long a move may take to show on screen: the first moves get the long
# ceiling; later ones get LEARNED_FACTOR times the slowest seen so far, kept
# between the two bounds (a slow software redraw takes ~0.7 s a frame).
FIRST_CEILING, MIN_CEILING, LEARNED_FACTOR = 6.0, 2.0, 5.0
# Moves watched for animation before a game is taken to redraw at once; after
# that its moves are judged on the first capture that shows the prediction.
STATIC_LEARN = 3
# After the last move, a board that has stayed replaced (no board, or most
# cells unreadable) this long is taken as the game's win screen.
WIN_SCREEN_HOLD = 0.3
# ... but not a board still in place, its surroundings unchanged and every
# cell read, IN_PLACE of them or more as predicted: a click the game missed
# (a Lights Out press leaves 5 cells of 25 unlike the prediction; a board
# pushed down by a win banner shows the page where most cells were).  A
# fresh read of such a board could fail (3D buttons nearly all unlit) and
# the run said "solved", exit 0, the game unsolved.
IN_PLACE = 0.5
# Beyond a region whose edge the board touches, look this many pitches further.
LOOK_BEYOND = 1.5
# After moving the user's pointer off the board, wait this long (s) for the
# game's hover effects (a box grown, a shadow) to fade before looking again
# (and as long before a second look when the first read was unsure).
HOVER_FADE = 0.4
# When the first capture shows no board, look once more this long after (s):
# a page may still be drawing a new puzzle (a third-party Zip game under load
# took over 1.5 s).
NOT_YET = 1.0


class Stopped(PuzzlebotError):
    """The run stopped because the screen did not behave as predicted."""

    exit_code = 5


class CalibrationMismatch(PuzzlebotError):
    """A saved profile disagrees with what is on screen now."""

    exit_code = 2


@dataclass
class Timings:
    """Seconds spent in each part of a run, summed over its moves."""
    capture: float = 0.0
    read: float = 0.0
    solve: float = 0.0
    click: float = 0.0
    drawing: float = 0.0  # of ``click``: looking at a cell until the game drew an event's effect (a selection, a trail)
    verify: float = 0.0
    waiting: float = 0.0  # from an action's last event until the board settled (its captures and reads too)
    total: float = 0.0
    actions: int = 0
    clicks: int = 0  # button presses (a click, a drag's press)
    settle: list[float] = field(default_factory=list)  # per action, done to settled

    def line(self) -> str:
        count = (f"{self.actions} action{'s' if self.actions != 1 else ''}, "
                 f"{self.clicks} press{'es' if self.clicks != 1 else ''}")
        return (f"{self.total:.2f} s from start to the verified last action ({count}): "
                f"capture {self.capture * 1e3:.0f} ms, read {self.read * 1e3:.0f} ms, "
                f"solve {self.solve * 1e3:.0f} ms, act {self.click * 1e3:.0f} ms (of which waiting for the game to "
                f"draw each event {self.drawing * 1e3:.0f} ms), verify {self.verify * 1e3:.0f} ms; "
                f"waiting for the game to show each move {self.waiting * 1e3:.0f} ms (its captures and reads "
                "included)")


@dataclass
class Target:
    """Where the game is: a fixed region, or a window followed by its id."""

    region: Region
    window: Window | None = None

    def moved(self) -> bool:
        """Whether the window is somewhere else now (False when unknown)."""
        if self.window is None:
            return False
        try:
            return window_by_id(self.window.wid, self.window.title).region != self.window.region
        except WindowError:
            return False

    def current_window(self, follow: bool = False) -> Region | None:
        """The window's region now; Stopped when it is gone, hidden or
        resized, and when it has moved unless ``follow`` (then the target
        moves with it: ``region`` is updated)."""
        if self.window is None:
            return None
        try:
            now = window_by_id(self.window.wid, self.window.title)
        except WindowError:
            raise Stopped(f"the game window {self.window.title!r} is gone; stopped") from None
        if not now.visible:
            raise Stopped(f"the game window {self.window.title!r} is minimised or hidden; stopped")
        old = self.window.region
        if now.region != old:
            if not follow or (now.region.width, now.region.height) != (old.width, old.height):
                raise Stopped(f"the game window moved from {old.as_tuple()[:2]} to "
                              f"{now.region.as_tuple()[:2]}; stopped")
            self.region = Region(self.region.left + now.region.left - old.left,
                                 self.region.top + now.region.top - old.top, self.region.width, self.region.height)
            self.window = now
        return now.region


@dataclass
class RunResult:
    """What a run did: the first reading, the plan, the timings and where the board was."""
    reading: Reading
    plan: list[Action]
    timings: Timings
    board_region: Region  # the board in screen pixels
    first: Frame | None = None  # the first capture of the region
    final: Frame | None = None  # the last capture of the region
    outcome: str = ""  # how the run ended, in words
    log: list[str] = field(default_factory=list)


def compare_lattices(measured: Lattice, saved: Lattice) -> str | None:
    """Why a saved lattice disagrees with the measured one, or None."""
    if (measured.rows, measured.cols) != (saved.rows, saved.cols):
        return f"the board is {measured.rows}x{measured.cols} now, the profile says {saved.rows}x{saved.cols}"
    if measured.drift(saved) > LATTICE_TOLERANCE_PX:
        return (f"the board's lattice is at ({measured.x0:.1f}, {measured.y0:.1f}) with pitch "
                f"{measured.px:.2f}x{measured.py:.2f} px now, the profile says ({saved.x0:.1f}, {saved.y0:.1f}) "
                f"with pitch {saved.px:.2f}x{saved.py:.2f} px")
    return None


def board_region(region: Region, lat: Lattice) -> Region:
    """The board's cells in screen pixels, from a lattice in ``region``'s capture."""
    x0, y0, x1, y1 = lat.bbox
    return Region(int(region.left + x0), int(region.top + y0), round(x1 - x0), round(y1 - y0))


class Runner:
    def __init__(self, game: Game, screen, mouse, target: Target, scale: float = 1.0,
                 expect: Lattice | None = None, timeout: float | None = None, say=print,
                 expect_scale: float | None = None, facts: dict[str, str] | None = None):
        self.game, self.screen, self.mouse, self.target = game, screen, mouse, target
        self.facts = facts or {}  # what an earlier probe taught (a saved profile's)
        self.scale = scale
        self.map = ScreenMap(target.region, scale)
        self.expect = expect  # a saved profile's lattice: a hint to check, never the truth
        self.expect_scale = expect_scale
        self.timeout = timeout  # a fixed settle ceiling (--timeout), else learned
        self.say = say
        self.t = Timings()
        self.board_region: Region | None = None  # the board on screen, once found
        # whether the game redraws at once (learned from the first moves:
        # each showed the predicted board on its first matching capture, and
        # the next capture agreed); None until known
        self.static: bool | None = None
        self._static_votes: list[bool] = []
        self._changed_after_match = False
        warm_lab()  # a run reads after every move: OpenCV's faster Lab, once its tables are built
        keep_freed_memory()  # ... and each read reuses what the one before freed

    # --- pieces ---------------------------------------------------------------

    def _grab(self, region: Region) -> np.ndarray:
        t = time.perf_counter()
        img = self.screen.grab(region)
        self.t.capture += time.perf_counter() - t
        return img

    def _frame(self, img: np.ndarray, what: str) -> Frame:
        """A capture of the target region with where it came from."""
        reg = self.target.region
        return Frame(f"{what} of {reg.as_tuple()}", img, region=reg.as_tuple(), scale=self.scale)

    def _name(self, v) -> str:
        return self.game.value_name(v)

    def _check_calibration(self, reading: Reading) -> None:
        if self.expect_scale is not None and abs(self.expect_scale - self.scale) > SCALE_TOLERANCE * self.scale:
            raise CalibrationMismatch(f"the screen scale is {self.scale:g} now, the profile says "
                                      f"{self.expect_scale:g}: run 'puzzlebot calibrate' again")
        if self.expect is not None:
            why = compare_lattices(reading.lattice, self.expect)
            if why:
                raise CalibrationMismatch(f"{why}: run 'puzzlebot calibrate' again")

    def _check_whole(self, reading: Reading) -> None:
        """A board touching the region's edge: look past the region, where
        the screen goes on, and refuse a region that cuts the board."""
        if not reading.touches:
            return
        lat, reg = reading.lattice, self.target.region
        mx, my = int(np.ceil(LOOK_BEYOND * lat.px)), int(np.ceil(LOOK_BEYOND * lat.py))
        grow = {s: (s in reading.touches) for s in ("left", "top", "right", "bottom")}
        wider = Region(reg.left - mx * grow["left"], reg.top - my * grow["top"],
                       reg.width + mx * (grow["left"] + grow["right"]),
                       reg.height + my * (grow["top"] + grow["bottom"])).clip(self.screen.bounds)
        if wider is None or wider == reg:
            return  # the board sits at the screen's own edge
        img = self._grab(wider)
        whole = self.game.reader.whole_in(img, lat.shifted(wider.left - reg.left, wider.top - reg.top), reading)
        if not whole.whole:
            sides = whole.cut + whole.continues
            raise PartialBoardError(f"the region {reg.as_tuple()} cuts the board on the {' and '.join(sides)}: "
                                    "give a region (or window) that holds the whole board")

    def _batches(self, action: Action, following: Action, batched: int) -> bool:
        """Whether ``following`` goes right after ``action``, unchecked: in a
        game seen to redraw at once, actions on other cells than the
        batch's (up to BATCH of them: clicks, typed values, rectangles
        dragged) are sent together and the board is checked once they all
        show; an action a game lost stops the run there."""
        if self.static is not True:
            return False
        return batched + 1 < BATCH and action.touches.isdisjoint(following.touches)

    def _clicked(self) -> tuple[int, int] | None:
        """Where the mouse's last click went, if a click there now could
        make a double-click with it."""
        recent = getattr(self.mouse, "recent_click", None)
        return recent() if recent is not None else None

    def _perform(self, action: Action, gesture: safety.Gesture, park: tuple[int, int] | None,
                 watch: CellWatch | None = None) -> None:
        """Send ``action``'s proven ``gesture`` (``watch``: its cells looked at
        as it goes; those looks count as acting time, and as drawing), then
        park the pointer where it covers no cell we check; counted in the
        timings."""
        t = time.perf_counter()
        drawn = getattr(self.mouse, "drawing", 0.0)
        self.mouse.perform(gesture, watch=watch)
        self.t.drawing += getattr(self.mouse, "drawing", 0.0) - drawn
        self.t.actions += 1
        self.t.clicks += action.presses
        if park is not None:
            self.mouse.move(*park)
        self.t.click += time.perf_counter() - t

    def _put_back(self, reading: Reading, probe: Action, watch: Region, wlat: Lattice, ref: np.ndarray,
                  ring: np.ndarray, bounds: safety.Bounds) -> tuple[bool, str]:
        """Return the probed cell to what it showed before (``reading``: the
        board now): (whether the board shows it again, in words for a
        message); (True, "") when the player has no way back to try."""
        back = self.game.player.put_back(reading, probe)
        if back is None:
            return True, ""
        self.mouse.perform(safety.prove(back, reading.lattice, self.map, bounds, self._clicked()),
                           watch=CellWatch.for_action(self.screen.grab, watch, wlat, back))  # (repeats wait)
        park = self._park_point(reading.lattice, bounds)
        if park is not None:
            self.mouse.move(*park)
        _, _, how = self._settle(watch, wlat, reading, back.after, ref, ring, False)
        if how == "settled":
            return True, " (put back as it was)"
        return False, " (and it could not be put back as it was)"

    def _probe(self, reading: Reading, probe: Action, watch: Region, wlat: Lattice, ref: np.ndarray,
               ring: np.ndarray, bounds: safety.Bounds, put_back_on_failure: bool = False) -> Reading:
        """Try ``probe`` and learn from the game's answer what the reading
        could not tell (the player's :meth:`learn`): every point proven, the
        board checked before, watched until it settles after."""
        on = cell_name(probe.cell)
        first = self._grab(watch)
        if self._frame_moved(first, ref, ring):
            raise Stopped(f"before trying {on}: the board's surroundings changed; stopped")
        state = self.game.reader.read_cells(first, wlat, reading)
        # (a cell not read before, -1, is not checked: a probe's answer that
        # was still being drawn when the player went on, as a fading-in x)
        changed = (state != probe.before) & (probe.before != -1)
        if changed.any():
            rr, cc = (int(v) for v in np.argwhere(changed)[0])
            raise Stopped(f"before trying {on}: r{rr + 1}c{cc + 1} shows {self._name(state[rr, cc])}, read as "
                          f"{self._name(probe.before[rr, cc])} (the game changed); stopped")
        gesture = safety.prove(probe, reading.lattice, self.map, bounds, self._clicked())
        self._perform(probe, gesture, self._park_point(reading.lattice, bounds),
                      CellWatch.for_action(self.screen.grab, watch, wlat, probe))
        start, prev = time.perf_counter(), None
        before_means = wlat.cell_means(first)[probe.cell]
        held, still_since = None, None  # the board's colours, and since when they have held
        while True:  # until the cell shows something new and the board holds still
            shot = self._grab(watch)
            seen = self.game.reader.read_cells(shot, wlat, reading)
            now = time.perf_counter()
            if prev is not None and np.array_equal(seen, prev) and np.array_equal(seen, probe.after):
                break  # as predicted
            # else (a look not known yet, a piece the board did not show, a
            # patch drawn otherwise; or a cell on its way through its cycle)
            # the player learns from the capture once the board has held still
            # a while, the probed cell in another colour than before (what the
            # old looks read there, and around it, may be anything)
            means = wlat.cell_means(shot)
            if float(np.abs(means[probe.cell] - before_means).max()) > STABLE_LEVELS:
                if self.game.player.answered(reading, probe, seen):
                    break  # enough to go on: no look is learnt from this answer
                if held is None or float(np.abs(means - held).max()) > STABLE_LEVELS:
                    held, still_since = means, now
                elif now - still_since >= LOOK_STILL:
                    break
            else:
                held = None
            if now - start > self._ceiling():
                if np.array_equal(seen, probe.before) and held is None:
                    raise Stopped(f"after trying {gesture.what}: the game took no notice (nothing on the board "
                                  f"changed within {self._ceiling():.1f} s); stopped")
                raise Stopped(f"after trying {gesture.what}: the board did not settle on something readable "
                              f"within {self._ceiling():.1f} s; stopped")
            prev = seen
            time.sleep(PROBE_POLL)
        self.t.waiting += time.perf_counter() - start
        self.t.settle.append(time.perf_counter() - start)
        learnt, why = self.game.player.learn(reading, probe, seen, shot, wlat)
        if learnt is None:
            if put_back_on_failure:
                why += self._put_back(dataclasses.replace(reading, state=seen), probe, watch, wlat, ref, ring,
                                      bounds)[1]
            raise Stopped(f"after trying {gesture.what}: {why}; stopped")
        self.say(f"learnt from the game: {why}")
        return learnt

    def probe_and_put_back(self, reading: Reading) -> tuple[dict[str, str], str]:
        """'calibrate --probe': try the player's probe on the board read,
        learn from the game's answer, and put the cell back as it was (the
        board checked after).  Returns (the facts to keep, what was learnt);
        no facts when the looks already tell everything."""
        probe = self.game.player.probe(reading, self.game.player.plan(reading), asked=True)
        if probe is None:
            return {}, "nothing to ask the game: the looks read leave no move's effect unknown"
        watch, wlat = self._watch_region(reading.lattice)
        ref = self._grab(watch)
        ring = self._ring_mask(ref.shape[:2], wlat)
        screens = self._screens()
        if self.target.window is not None:
            raise_window(self.target.window)
        bounds = safety.Bounds(self.target.region, screens, self.target.current_window())
        learnt = self._probe(reading, probe, watch, wlat, ref, ring, bounds, put_back_on_failure=True)
        if not self._put_back(learnt, probe, watch, wlat, ref, ring, bounds)[0]:
            raise Stopped(f"after putting {cell_name(probe.cell)} back the board does not show what it did "
                          "before the probe; stopped")
        facts = self.game.player.facts(learnt)
        return facts, "; ".join(f"{k}: {v}" for k, v in facts.items())

    def _check_key(self, action: Action) -> None:
        """Stop unless the key the game draws that ``action`` presses (its
        ``via``) still shows where it was found (a page that moved its pad
        would have the click land on another button)."""
        from puzzlebot.vision.screen_keys import still_shows

        key, reg = action.via, self.target.region
        x0, y0, x1, y1 = key.box
        if not still_shows(self._grab(Region(reg.left + x0, reg.top + y0, x1 - x0, y1 - y0)), key):
            raise Stopped(f"before {action.describe()}: the game's {key.label!r} key no longer shows where it was "
                          "found (the page moved or changed); stopped")

    def _on_screen(self, lat: Lattice) -> Region:
        """The board's cells, in screen pixels."""
        return board_region(self.target.region, lat)

    def _check_uncovered(self, reading: Reading) -> None:
        """Refuse a board that another window lies over or against: rows or
        columns under it would be missing from a board read as whole (a
        cover's edge along the gap between two rows leaves no cut cell to
        see).  Asked of the screen, which knows its windows' stacking order
        where the platform tells it (X11); a capture only cannot."""
        ask = getattr(self.screen, "covering", None)  # recorded and test screens have no windows
        if ask is None:
            return
        lat = reading.lattice
        over = ask(self._on_screen(lat), int(np.ceil(COVER_PITCH * max(lat.px, lat.py))))
        if over:  # the screen is not showing the game as it is: stopped before anything, as mid-run
            raise Stopped(f"{' and '.join(over[:3])} lies over the board or against its edge, where more cells "
                          "may be hidden: nothing clicked; move it away from the game and run again")

    def _watch_region(self, lat: Lattice) -> tuple[Region, Lattice]:
        """The board and a ring of its frame, in screen pixels (inside the
        region), and the lattice in that capture's coordinates."""
        reg = self.target.region
        m = max(RING_MIN_PX, RING_PITCH * min(lat.px, lat.py))
        x0, y0, x1, y1 = lat.bbox
        left, top = int(max(0, np.floor(x0 - m))), int(max(0, np.floor(y0 - m)))
        right, bottom = int(min(reg.width, np.ceil(x1 + m))), int(min(reg.height, np.ceil(y1 + m)))
        return Region(reg.left + left, reg.top + top, right - left, bottom - top), lat.shifted(left, top)

    @staticmethod
    def _ring_mask(shape: tuple[int, int], lat: Lattice) -> np.ndarray:
        mask = np.ones(shape, bool)
        x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
        mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = False
        return mask

    def _frame_moved(self, img: np.ndarray, ref: np.ndarray, ring: np.ndarray) -> bool:
        if img.shape != ref.shape or not ring.any():
            return img.shape != ref.shape
        changed = (np.abs(img.astype(np.int16) - ref.astype(np.int16)).max(axis=2) > RING_PIXEL_CHANGE)[ring]
        return float(changed.mean()) > RING_CHANGED

    def _ceiling(self) -> float:
        if self.timeout is not None:
            return self.timeout
        if not self.t.settle:
            return FIRST_CEILING
        return float(np.clip(LEARNED_FACTOR * max(self.t.settle), MIN_CEILING, FIRST_CEILING))

    def _settle(self, watch: Region, wlat: Lattice, reading: Reading, expected: np.ndarray, ref: np.ndarray,
                ring: np.ndarray, last: bool, before: np.ndarray | None = None,
                before_state: np.ndarray | None = None, silence: float | None = None):
        """Capture until the board shows ``expected`` and has stopped
        changing.  Returns (state, image, outcome) with outcome "settled",
        "replaced" (no board any more: after the last move, the win screen)
        or "timeout".  ``before``/``before_state``: the cells' mean colours
        and values (checked) before the click; a capture still like it is not
        read (the game has not redrawn yet), and of a changed capture only
        the cells whose colour changed are read again: polling stays cheap.
        ``silence``: "timeout" already when no cell has changed colour from
        ``before`` this long (s), or the cells have held still this long
        showing the values they had (a selection drawn, nothing typed),
        where another way to play is left to try."""
        start = time.perf_counter()
        ceiling = self._ceiling()
        prev_means = None
        prev_match = False  # the capture before showed the expected board
        self._changed_after_match = False
        replaced_since = quiet_since = None
        next_look = 0.0
        state, img = None, None
        while True:
            img = self._grab(watch)
            t = time.perf_counter()
            means = wlat.cell_means(img)
            middles = self.game.reader.values_in_middles
            moved = None if before is None else np.abs(means - before).max(axis=2)
            changed = None if moved is None else moved > STABLE_LEVELS
            untouched = changed is not None and not changed.any()
            if untouched and silence is not None and time.perf_counter() - start > silence:
                return self.game.reader.read_cells(img, wlat, reading), img, "timeout"  # not taken at all
            if changed is not None and before_state is not None and middles:
                # (and the cells the move must change once their colour moved
                # at all: a thin mark barely moves a cell's mean)
                look = changed | ((expected != before_state) & (moved > FAINT_LEVELS))
                state = before_state.copy()
                if look.any():
                    state[look] = self.game.reader.read_cells(img, wlat, reading, look)[look]
                match = np.array_equal(state, expected)
            elif changed is not None and not changed.any() and middles:
                state, match = None, False  # not redrawn yet
            else:
                state = self.game.reader.read_cells(img, wlat, reading)
                match = np.array_equal(state, expected)
            self.t.verify += time.perf_counter() - t
            now = time.perf_counter()
            if match and self.static is True:
                # a game seen to redraw at once: the expected board is enough.
                # Every cell was checked: one whose colour did not change since
                # the last check keeps its checked value, the others were read.
                self.t.settle.append(now - start)
                return state, img, "settled"
            stable = prev_means is not None and float(np.abs(means - prev_means).max()) <= STABLE_LEVELS
            if silence is not None and stable and state is not None and before_state is not None \
                    and np.array_equal(state, before_state):
                quiet_since = quiet_since or now
                if now - quiet_since > silence:
                    return state, img, "timeout"  # the cells' values held as they were: not taken
            else:
                quiet_since = None
            if stable and match:
                if self.static is None:
                    self._static_votes.append(prev_match and not self._changed_after_match)
                    if len(self._static_votes) >= STATIC_LEARN:
                        self.static = all(self._static_votes)
                self.t.settle.append(now - start)
                return state, img, "settled"
            if prev_match and not match:
                self._changed_after_match = True
            prev_match = match
            gone = self._frame_moved(img, ref, ring) or (state is not None and float(np.mean(state == -1)) > 0.5)
            if stable and gone and self.target.moved():
                return state, img, "moved"  # the window went elsewhere: the caller follows it
            # after the last move, a board that stays other than predicted may
            # have given way to a win screen, or been pushed elsewhere by one
            # (the watch region then shows some other part of the page)
            if stable and (gone or (last and state is not None and not match)):
                replaced_since = replaced_since or now
                if last and now - replaced_since >= WIN_SCREEN_HOLD and now >= next_look:
                    in_place = not gone and state is not None and not bool((state == -1).any()) \
                        and float(np.mean(state == expected)) >= IN_PLACE
                    if self._board_gone(expected, in_place):
                        return state, img, "replaced"
                    next_look = now + WIN_SCREEN_HOLD  # a full read of the region: not on every poll
            else:
                replaced_since = None
            if now - start > ceiling:
                state = self.game.reader.read_cells(img, wlat, reading)  # every cell, afresh
                if np.array_equal(state, expected):  # it shows the move; the colour barely changed
                    self.t.settle.append(now - start)
                    return state, img, "settled"
                if ceiling < FIRST_CEILING and self.timeout is None:
                    # learnt from this game's moves so far; a busy machine
                    # can slow one redraw past it (a 20x20 Unruly in CI)
                    self.say(f"waited {ceiling:.1f} s (the settle ceiling learnt from the moves so far) for the "
                             f"game to show the move; waiting up to {FIRST_CEILING:.1f} s")
                    ceiling = FIRST_CEILING
                else:
                    if self.timeout is not None:
                        self.say(f"waited {ceiling:.1f} s (the settle ceiling) for the game to show the move")
                    return state, img, "timeout"
            prev_means = means
            time.sleep(POLL)

    def _board_gone(self, expected: np.ndarray, in_place: bool = False) -> bool:
        """Whether, after the last move, the region shows no board of this
        game any more (a win screen), or the board moved elsewhere in the
        region showing the board the move predicts (a game that shows its
        win above the board and pushes it down).  ``in_place``: the board is
        still where it was, every cell read and most as predicted (see
        IN_PLACE): only the board moved elsewhere counts then, not a region
        read as no board (a board of 3D buttons nearly all unlit can be)."""
        try:
            moved = self.game.reader.read(self._grab(self.target.region))
        except (NoBoardError, PuzzlebotError):
            return not in_place
        return moved.state.shape == expected.shape and bool(np.array_equal(moved.state, expected))

    def _screens(self) -> list[Region]:
        """Every monitor in the mouse's points: the capture's monitors over
        the screen scale (all of them, negative origins included), else the
        primary screen the mouse library knows."""
        mons = getattr(self.screen, "monitors", None)
        found = mons() if mons is not None else []
        if not found:
            return self.mouse.screens()
        s = self.scale
        return [Region(int(np.floor(m.left / s)), int(np.floor(m.top / s)), int(m.width / s), int(m.height / s))
                for m in found]

    def _park_point(self, lat: Lattice, bounds: safety.Bounds) -> tuple[int, int] | None:
        """Where the pointer waits between moves: just off a corner of the
        board, where it covers no cell (None if no such point is safe)."""
        x0, y0, x1, y1 = lat.bbox
        for ix, iy in ((x0 - 0.4 * lat.px, y0 - 0.4 * lat.py), (x1 + 0.4 * lat.px, y1 + 0.4 * lat.py),
                       (x1 + 0.4 * lat.px, y0 - 0.4 * lat.py), (x0 - 0.4 * lat.px, y1 + 0.4 * lat.py)):
            try:
                return safety.check_move(*self.map.to_screen(ix, iy), bounds, self.scale, "park")
            except safety.UnsafePoint:
                continue
        return None

    def _pointer_off_board(self, lat: Lattice | None) -> bool:
        """When the pointer is over the board found (or within a cell of
        it), move it to the park point beside the board and wait for hover
        effects to fade.  False when it is elsewhere or cannot be moved."""
        if self.mouse is None or lat is None:
            return False
        ix, iy = self.map.to_image(*self.mouse.position())
        x0, y0, x1, y1 = lat.bbox
        if not (x0 - lat.px <= ix <= x1 + lat.px and y0 - lat.py <= iy <= y1 + lat.py):
            return False
        bounds = safety.Bounds(self.target.region, self._screens(), self.target.current_window())
        park = self._park_point(lat, bounds)
        if park is None:
            return False
        self.mouse.move(*park)
        time.sleep(HOVER_FADE)
        return True

    def _follow(self, lat: Lattice, result: RunResult, before: Region | None = None):
        """The game's window moved: move the target, the map and the board
        with it; returns the new watch region, its lattice and the frame's
        reference capture.  Stopped when it was resized, hidden or closed.
        ``before``: the target's region before an update already made."""
        if before is None:
            before = self.target.region
            self.target.current_window(follow=True)
        window = self.target.window.region
        dx, dy = self.target.region.left - before.left, self.target.region.top - before.top
        b = self.board_region
        self.board_region = result.board_region = Region(b.left + dx, b.top + dy, b.width, b.height)
        self.map = ScreenMap(self.target.region, self.scale)
        watch, wlat = self._watch_region(lat)
        self.say(f"the game window moved to {window.as_tuple()[:2]}: following it")
        return watch, wlat, self._grab(watch)

    # --- the run --------------------------------------------------------------

    def run(self, dry_run: bool = False) -> RunResult:
        start = time.perf_counter()
        if self.mouse is not None and not dry_run:
            self.mouse.check_not_in_corner()
        img = self._grab(self.target.region)
        t = time.perf_counter()
        try:
            reading = self.game.reader.read(img, self.expect, probing=not dry_run)
        except UnreadableBoardError as e:
            # the user's pointer over the board (a hover effect, the arrow
            # itself) is the commonest reason: move it off; a page still
            # drawing is the next: look once more after a moment either way
            if dry_run:
                raise
            if not self._pointer_off_board(e.lattice):
                time.sleep(HOVER_FADE)
            img = self._grab(self.target.region)
            reading = self.game.reader.read(img, self.expect, probing=not dry_run)
        except NoBoardError:
            # a new puzzle still being drawn (or fading in) shows no board
            # yet: one more look after a moment; nothing is clicked either way
            time.sleep(NOT_YET)
            img = self._grab(self.target.region)
            reading = self.game.reader.read(img, self.expect, probing=not dry_run)
        self.t.read += time.perf_counter() - t
        if not dry_run and self.game.reader.open_sides(reading):
            from puzzlebot.bot.extent import prove_extent

            self._check_uncovered(reading)  # (no press under a window; the presses walk to any other cover)
            reading, img = prove_extent(self, reading)  # the game's answers to presses show how far it goes
        self._check_calibration(reading)
        self._check_whole(reading)
        self._check_uncovered(reading)
        told = self.game.reader.probe_tells(reading)  # doubts the game's answer to a first action settles
        if told:
            self.say(f"not sure of {len(told)} places until the game has answered a first action: "
                     f"{dataclasses.replace(reading, unsure={w: reading.unsure[w] for w in told}).doubts(1)}")
        if set(reading.unsure) - told:  # only doubts that cannot change what to do (read() refuses the others)
            rest = {w: why for w, why in reading.unsure.items() if w not in told}
            self.say(f"acting although not sure of {len(rest)} places, in nothing that changes what "
                     f"to do: {dataclasses.replace(reading, unsure=rest).doubts(2)}")
        if self.facts:
            reading = self.game.player.recall(reading, self.facts)
        t = time.perf_counter()
        plan = self.game.player.plan(reading)
        self.t.solve += time.perf_counter() - t
        lat = reading.lattice
        board = self._on_screen(lat)
        self.board_region = board
        first = self._frame(img, "first capture")
        result = RunResult(reading, plan, self.t, board, first=first, final=first)
        if dry_run or not plan:
            result.outcome = "dry run" if dry_run else "already solved"
            self.t.total = time.perf_counter() - start
            return result
        watch, wlat = self._watch_region(lat)
        ref = self._grab(watch)
        ring = self._ring_mask(ref.shape[:2], wlat)
        screens = self._screens()
        shot, got = None, None  # the last action's settled capture and its cells: this action's "before"
        if self.target.window is not None:
            raise_window(self.target.window)  # in front before the first action, where the platform allows
        for _ in range(MAX_PROBES):
            probe = self.game.player.probe(reading, plan)
            if probe is None:
                break
            window = self.target.current_window()
            reading = self._probe(reading, probe, watch, wlat, ref, ring,
                                  safety.Bounds(self.target.region, screens, window))
            t = time.perf_counter()
            plan = self.game.player.plan(reading)
            self.t.solve += time.perf_counter() - t
            result.reading, result.plan = reading, plan
        if self.game.reader.in_doubt(reading):  # what a probe was to settle, and did not
            raise UnreadableBoardError(f"not sure what the board shows ({reading.doubts()}); not clicking",
                                       reading.lattice)
        batched = 0  # clicks sent since the board was last seen to settle (a batch)
        other_way = True  # the player may still offer another way to play (Player.instead)
        while True:
            for i, action in enumerate(plan):
                on = cell_name(action.cell)
                before = self.target.region
                window = self.target.current_window(follow=True)  # one lookup an action
                if self.target.region != before:  # the window moved: follow it, and look afresh there
                    watch, wlat, ref = self._follow(lat, result, before)
                    shot, batched = None, 0
                bounds = safety.Bounds(self.target.region, screens, window)
                if not batched:  # the board as it is now; within a batch, as the batch's first look saw it
                    now = shot if shot is not None else self._grab(watch)
                    if self._frame_moved(now, ref, ring):
                        self.target.current_window()
                        raise Stopped(f"before acting on {on}: the board's surroundings changed (the board "
                                      "moved, or something covers it); stopped")
                    t = time.perf_counter()
                    state = got if shot is not None else self.game.reader.read_cells(now, wlat, reading)
                    self.t.verify += time.perf_counter() - t
                    if not np.array_equal(state, action.before):
                        rr, cc = (int(v) for v in np.argwhere(state != action.before)[0])
                        raise Stopped(f"before acting on {on}: r{rr + 1}c{cc + 1} shows "
                                      f"{self._name(state[rr, cc])}, expected {self._name(action.before[rr, cc])} "
                                      "(the window moved or the game changed); stopped")
                if isinstance(action, Key) and action.via is not None:
                    self._check_key(action)
                # every point proven before any is used
                gesture = safety.prove(action, lat, self.map, bounds, self._clicked())
                self._perform(action, gesture, self._park_point(lat, bounds),
                              CellWatch.for_action(self.screen.grab, watch, wlat, action))
                last = i == len(plan) - 1
                if not last and self._batches(action, plan[i + 1], batched):
                    batched += 1  # the next click goes at once; the batch is checked as a whole
                    continue
                together, batched = batched + 1, 0
                t = time.perf_counter()
                other = i == 0 and other_way and self.game.player.other_way(reading, action)
                got, shot, how = self._settle(watch, wlat, reading, action.after, ref, ring, last,
                                              wlat.cell_means(now), state, NO_ANSWER if other else None)
                self.t.waiting += time.perf_counter() - t
                if how == "moved":
                    watch, wlat, ref = self._follow(lat, result)
                    shot = self._grab(watch)
                    got = self.game.reader.read_cells(shot, wlat, reading)
                    how = "settled" if np.array_equal(got, action.after) else "timeout"
                if how == "replaced":
                    result.final = self._frame(self._grab(self.target.region), "final capture")
                    result.outcome = "solved: the game replaced the board after the last move"
                    break
                instead = None
                if how != "settled" and other and np.array_equal(got, action.before):
                    other_way = False  # the game took no notice: play the other way (once)
                    instead = self.game.player.instead(reading, action, self._grab(self.target.region))
                if instead is not None:
                    reading, why = instead
                    self.say(f"learnt from the game: {why}")
                    plan = self.game.player.plan(reading)
                    result.reading, result.plan = reading, plan
                    break
                if how != "settled":
                    self.target.current_window()  # a vanished or moved window is the better explanation
                    if float(np.mean(got == -1)) > 0.5:
                        raise Stopped(f"after {gesture.what} the board is gone from the screen "
                                      f"({'before the last move' if not last else 'and did not come back'}); stopped")
                    bad = np.argwhere(got != action.after)
                    rr, cc = (int(v) for v in bad[0]) if bad.size else action.cell
                    after = (gesture.what if together == 1 else
                             f"{together} actions sent together, the last {gesture.what}")
                    paced = any(isinstance(a, Key) for a in plan[i + 1 - together:i + 1]) \
                        and getattr(self.mouse, "keys_unwatched", False)
                    raise Stopped(f"r{rr + 1}c{cc + 1} did not change as predicted after {after}: it shows "
                                  f"{self._name(got[rr, cc])}, expected {self._name(action.after[rr, cc])}"
                                  + ("; the keys went at a fixed pace (the game showed no selection in time), and one "
                                     "may have reached the cell selected before" if paced else "") + "; stopped")
            else:
                result.outcome = "solved"
                result.final = self._frame(self._grab(self.target.region), "final capture")
                break
            if result.outcome:  # (the game replaced the board after the last move)
                break
        self.t.total = time.perf_counter() - start
        return result
