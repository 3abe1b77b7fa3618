"""``puzzlebot coach``: watch a person play, show the next step and why,
point out a wrong move at once, and time the solve.

The coach only looks: it captures the game's region, reads the board with
the game's reader and asks the game's player for advice
(:meth:`puzzlebot.bot.games.base.Player.advise`); it never imports the
mouse or keyboard modules.  A board is advised on once it has settled (the
same sure reading in two captures in a row) and differs from the last one
advised on; a reading that is not sure is said (with the reason) and not
advised on.  The solve time runs from the first capture that differs from
the board first seen to the first capture of the solved board, and is kept
in the times database (:mod:`puzzlebot.bot.stats`); a game that ends on a
screen of its own (LinkedIn's) never shows its last piece, so a board one
move from solved that gives way to no board of the game at all (not one
covered or cut) for a second counts as solved when it went.  Nothing here
names a game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from puzzlebot.bot.games.base import Advice
from puzzlebot.bot.loop import board_region
from puzzlebot.solvers.errors import PuzzlebotError, UnsolvableError

if TYPE_CHECKING:
    import numpy as np

    from puzzlebot.bot.games.base import Game
    from puzzlebot.bot.loop import Target
    from puzzlebot.vision.reading import Reading

# Seconds between captures: a person's move takes longer, and a read costs tens of milliseconds.
POLL_S = 0.12
# The board's surroundings the coach's window keeps clear of, in pitches (its frame, a label above it).
BOARD_MARGIN = 1.0
# Seconds a board must stay unreadable before the coach says why (a person's
# pointer passing over the board, a click's animation: not worth a line).
QUIET_S = 1.0
# Captures in a row that must show the same board before it is advised on
# (a click's animation, a half-drawn drag, a pointer passing over cells).
SETTLED_READS = 2


class NotSolved(PuzzlebotError):
    """The watch ended (--timeout) before the board was solved."""
    exit_code = 1


@dataclass
class Step:
    """One board advised on: when it was first captured, and the advice."""
    at: float  # seconds since the coach started
    advice: Advice
    state: list  # the reading's values, row by row


@dataclass
class CoachResult:
    steps: list[Step] = field(default_factory=list)
    seconds: float | None = None  # the solve time (first change to solved board); None: not timed
    solved: bool = False
    wrong: int = 0
    ended_by_screen: bool = False  # solved as far as seen: the board gave way to the game's end screen


class Coach:
    """Watches ``target`` on ``screen`` for ``game``; ``say`` gets each line
    of advice, ``view`` (or None) shows it beside the game."""

    def __init__(self, game: Game, screen, target: Target, level: int = 3, say: Callable[[str], None] = print,
                 view=None, poll: float = POLL_S, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep, emit: Callable[[dict], None] | None = None):
        self.game, self.screen, self.target, self.level = game, screen, target, level
        self.say, self.view, self.poll, self.clock, self.sleep, self.emit = say, view, poll, clock, sleep, emit
        self.lattice = None  # where the board was last found, in the target region's capture
        self.gone = False  # the last capture held no board of the game at all
        self._told = None  # the last not-advised situation said (not said again until it changes)
        from puzzlebot.bot.memory import keep_freed_memory
        from puzzlebot.vision.colour_math import warm_lab

        warm_lab()  # the coach reads every POLL_S: OpenCV's faster Lab, once its tables are built
        keep_freed_memory()  # ... and each read reuses what the one before freed

    # --- seeing -----------------------------------------------------------------------------

    def _grab(self) -> np.ndarray:
        if self.target.window is not None:
            self.target.current_window(follow=True)
        img = self.screen.grab(self.target.region)
        if self.view is not None:  # our own window, where it lies in the capture, is not the game
            own = self.view.region()
            hit = own.clip(self.target.region) if own is not None else None
            if hit is not None:
                import numpy as np

                x, y = hit.left - self.target.region.left, hit.top - self.target.region.top
                img[y:y + hit.height, x:x + hit.width] = np.median(img.reshape(-1, 3), axis=0)
        return img

    def _read(self, img: np.ndarray) -> tuple[Reading | None, str]:
        """(the board, ''), or (None, why there is none to advise on);
        ``self.gone``: no board of the game at all (not one covered or cut)."""
        from puzzlebot.vision.errors import NoBoardError, PartialBoardError, UnreadableBoardError

        self.gone = False
        reader = self.game.reader
        reading = None
        if self.lattice is not None:
            try:
                reading = reader.read_board(img, lattice=self.lattice)
            except (NoBoardError, UnreadableBoardError):
                reading = None
        if reading is None or reader.in_doubt(reading):  # searched afresh: moved, covered, or gone?
            try:
                reading = reader.read_board(img)
            except (NoBoardError, UnreadableBoardError) as e:  # a pointer over a board leaves it found, unsure
                self.gone = isinstance(e, NoBoardError) and not isinstance(e, PartialBoardError)
                return None, f"no {self.game.title} board in view ({e})"
        self.lattice = reading.lattice
        if self.view is not None and (not self.view.placed or self._view_in_the_way(reading.lattice)):
            self._place_view(reading.lattice)
        if reader.in_doubt(reading):
            return None, f"not sure what the board shows ({reading.doubts()}): no advice until it is"
        return reading, ""

    def _place_view(self, lat) -> None:
        """The window beside the game (its window or region, unless that is
        the whole screen) and beside the board, over neither; no window
        where there is no room."""
        board = board_region(self.target.region, lat)
        pad = int(max(lat.px, lat.py) * BOARD_MARGIN)
        from puzzlebot.calibration.mapping import Region

        avoid = [Region(board.left - pad, board.top - pad, board.width + 2 * pad, board.height + 2 * pad)]
        if self.target.region != self.screen.bounds:
            avoid.insert(0, self.target.region)
        if not self.view.place(avoid):
            self.say("no room on the screen beside the game for the coach's window: advice in the terminal only")
            self.view.close()
            self.view = None

    def _view_in_the_way(self, lat) -> bool:
        """Whether our window lies over the game now (the game's window moved under it)."""
        own = self.view.region()
        if own is None:
            return False
        game = self.target.region if self.target.region != self.screen.bounds else board_region(self.target.region,
                                                                                                lat)
        return own.clip(game) is not None

    def _tell(self, what: str) -> None:
        if what != self._told:
            self._told = what
            self.say(what)
            if self.view is not None:
                self.view.note(what)

    # --- advising ---------------------------------------------------------------------------

    def advise(self, reading: Reading) -> Advice:
        """The game's advice on a sure board; a board that breaks the rules
        (where the advice has not said so itself) is a wrong move."""
        try:
            advice = self.game.player.advise(reading)
        except UnsolvableError as e:
            advice = Advice((str(e),) * 3)
        if advice.wrong:
            return advice
        try:
            self.game.reader.check(reading)
        except UnsolvableError as e:
            return Advice.mistake(str(e).replace("; not clicking", ""))
        return advice

    def _moves_left(self, reading: Reading) -> int | None:
        try:
            return len(self.game.player.plan(reading))
        except PuzzlebotError:
            return None

    def _show(self, t: float, reading: Reading, advice: Advice, img: np.ndarray) -> None:
        text = advice.level(self.level)
        self.say(f"[{t:6.1f} s] {'wrong move: ' if advice.wrong else ''}{text}")
        if self.emit is not None:
            self.emit({"event": "advice", "t": round(t, 3), "text": text, "wrong": advice.wrong,
                       "solved": advice.solved, "cells": [list(c) for c in advice.cells],
                       "answer": [[r, c, v] for (r, c), v in sorted(advice.answer.items())],
                       "state": reading.state.tolist()})
        if self.view is not None:
            from puzzlebot.vision.overlay import advice_picture

            answer = advice.answer if self.level >= 3 else {}  # the value only at the answer's level
            self.view.show(text, advice.wrong, advice.solved,
                           advice_picture(img, reading.lattice, advice.cells, answer, advice.wrong))

    def watch(self, timeout: float | None = None) -> CoachResult:
        """Until the board is seen solved (or ``timeout`` seconds pass:
        NotSolved); the steps advised and the solve time."""
        result = CoachResult()
        start = self.clock()
        first = None  # the first sure board seen (its values' bytes)
        changed_at = None  # when a board other than the first was first captured
        last_key = None  # the board in the capture before
        since = None  # when that board was first captured
        shown = None  # the board last advised on
        count = 0  # captures in a row showing last_key
        unread_since = None  # since when no sure board has been read
        gone_since = None  # since when no board of the game has been in view at all
        last_move = False  # the board last advised on wanted one move more
        while True:
            now = self.clock()
            if timeout is not None and now - start > timeout:
                raise NotSolved(f"the board was not seen solved within {timeout:g} s "
                                f"({len(result.steps)} boards advised on)")
            img = self._grab()
            reading, why = self._read(img)
            if reading is None:
                unread_since = now if unread_since is None else unread_since
                gone_since = (now if gone_since is None else gone_since) if self.gone else None
                if last_move and gone_since is not None and now - gone_since >= QUIET_S:
                    # games that end on a screen of their own (LinkedIn's) never show the last piece
                    self.say("the board gave way to another screen after its last move (the game's end screen): "
                             "taken as solved")
                    result.solved, result.ended_by_screen = True, True
                    if changed_at is not None:
                        result.seconds = gone_since - changed_at
                    return result
                if now - unread_since >= QUIET_S:
                    self._tell(why)
                last_key, since = None, None
            else:
                unread_since = gone_since = None
                key = (reading.state.shape, reading.state.tobytes())
                if first is None:
                    first = key
                elif key != first and changed_at is None:
                    changed_at = now
                if key != last_key:
                    last_key, since, count = key, now, 1
                else:
                    count += 1
                if count >= SETTLED_READS and key != shown:
                    shown = key
                    self._told = None
                    advice = self.advise(reading)
                    result.steps.append(Step(round(since - start, 3), advice, reading.state.tolist()))
                    result.wrong += advice.wrong
                    last_move = not advice.wrong and not advice.solved and self._moves_left(reading) == 1
                    self._show(since - start, reading, advice, img)
                    if advice.solved:
                        result.solved = True
                        if changed_at is not None:
                            result.seconds = since - changed_at
                        return result
            if self.view is not None:
                self.view.update()
            self.sleep(max(0.0, self.poll - (self.clock() - now)))
