"""What the X server receives when the bot acts: a click is a press and a
release with no pointer motion between them (games that take any motion
between press and release for a drag ignore anything else), a drag is a
press, motions through the proven points, a release, and a key is typed
into the window under the selected cell.

Recorded by a window of our own on the virtual screen (python-xlib), the
same events any game there would get."""

from __future__ import annotations

import time

import pytest

from puzzlebot.bot import safety
from puzzlebot.bot.actions import Click, Drag, Key
from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.vision.lattice import Lattice

pytestmark = pytest.mark.display

# A 6x6 board of 50 px cells filling the recorder's window (the region).
LAT = Lattice(0.0, 0.0, 50.0, 50.0, 6, 6)
SMAP = ScreenMap(Region(100, 100, 400, 400), 1.0)
BOUNDS = safety.Bounds(Region(100, 100, 400, 400), [Region(0, 0, 1280, 800)])


class Recorder:
    """A plain X window at (x, y) that records pointer and key events."""

    def __init__(self, x: int, y: int, w: int, h: int):
        import os

        from Xlib import X, display

        self.X = X
        self.d = display.Display(os.environ["DISPLAY"])
        s = self.d.screen()
        self.win = s.root.create_window(
            x, y, w, h, 0, s.root_depth, X.InputOutput, X.CopyFromParent, background_pixel=s.white_pixel,
            override_redirect=True,
            event_mask=X.ButtonPressMask | X.ButtonReleaseMask | X.PointerMotionMask | X.KeyPressMask)
        self.win.map()
        self.d.sync()
        time.sleep(0.3)
        self.win.set_input_focus(X.RevertToParent, X.CurrentTime)
        self.d.sync()
        self.drain()

    def drain(self, times: bool = False) -> list[tuple]:
        """The events so far: ("motion" | "press" | "release", root x, root y)
        or ("key", keysym); with ``times``, the pointer's events end with the
        server's time of each (ms)."""
        time.sleep(0.2)
        X, out = self.X, []
        names = {X.MotionNotify: "motion", X.ButtonPress: "press", X.ButtonRelease: "release"}
        while self.d.pending_events():
            e = self.d.next_event()
            if e.type in names:
                out.append((names[e.type], e.root_x, e.root_y) + ((e.time,) if times else ()))
            elif e.type == X.KeyPress:
                out.append(("key", self.d.keycode_to_keysym(e.detail, 0)))
        return out

    def close(self):
        self.win.destroy()
        self.d.close()


@pytest.fixture
def recorder(xvfb):
    rec = Recorder(100, 100, 400, 400)
    yield rec
    rec.close()


@pytest.fixture
def mouse(xvfb):
    from puzzlebot.bot.actuate import Mouse

    return Mouse(interval=0)


def test_the_x_server_reports_zero_distance_moves(recorder):
    """Why the click needs care: pyautogui's own click moves the pointer
    (by nothing) with the release, and the X server reports that motion
    between the press and the release."""
    from .helpers import pointer

    pointer(300, 300)
    recorder.drain()
    import pyautogui

    pyautogui.click(300, 300)
    kinds = [e[0] for e in recorder.drain()]
    assert "motion" in kinds[kinds.index("press"):kinds.index("release")]


def test_a_click_is_a_press_and_a_release_with_no_motion_between(recorder, mouse):
    mouse.move(250, 260)
    recorder.drain()
    mouse.click(250, 260)
    mouse.click(250, 260)
    assert recorder.drain() == [("press", 250, 260), ("release", 250, 260)] * 2
    mouse.click(320, 330)  # elsewhere: one move there first, then the same
    events = recorder.drain()
    assert events[-2:] == [("press", 320, 330), ("release", 320, 330)]
    assert all(e == ("motion", 320, 330) for e in events[:-2])


def test_the_pointer_stays_put_a_moment_after_each_release(recorder, mouse):
    """Chromium took a release followed at once by a motion for a release
    at the motion's end (the click went to the page, not the cell): every
    motion after a click's or a drag's release comes RELEASE_STILL later,
    but the move of a repeated click, a few points aside in its cell."""
    from puzzlebot.bot.actuate import RELEASE_STILL

    mouse.move(120, 130)
    recorder.drain()
    for x in (130, 180, 230, 280):  # cell after cell, as a batch of clicks goes
        mouse.click(x, 140)
    mouse.move(450, 450)  # the park point
    mouse.perform(safety.prove(Drag(((0, 0), (0, 1)), before=None, after=None), LAT, SMAP, BOUNDS))
    mouse.move(460, 460)
    events = recorder.drain(times=True)
    after = [(a, b) for a, b in zip(events, events[1:]) if a[0] == "release" and b[0] == "motion"]
    assert len(after) == 5
    assert all(b[3] - a[3] >= RELEASE_STILL * 1000 - 1 for a, b in after), after
    mouse.perform(safety.prove(Click((0, 0), 3, before=None, after=None), LAT, SMAP, BOUNDS))
    events = recorder.drain()
    assert [e[0] for e in events if e[0] != "motion"] == ["press", "release"] * 3
    assert [e[1] for e in events if e[0] == "press"] == [125, 125 + safety.REPEAT_SHIFT, 125]


def test_a_drag_is_press_motions_through_each_cell_release(recorder, mouse):
    path = ((0, 0), (0, 1), (1, 1), (2, 1))
    g = safety.prove(Drag(path, before=None, after=None), LAT, SMAP, BOUNDS)
    mouse.perform(g)
    events = recorder.drain()
    kinds = [e[0] for e in events]
    down, up = kinds.index("press"), kinds.index("release")
    assert events[down][1:] == (125, 125) and events[up][1:] == (175, 225)
    assert set(kinds[down + 1:up]) == {"motion"} and kinds.count("press") == 1
    between = [e[1:] for e in events[down + 1:up]]
    assert between == [p for p in g.points[2:-1]]  # every proven point, in order, nothing else
    for r, c in path:
        assert (125 + 50 * c, 125 + 50 * r) in between + [events[down][1:]]


def test_a_key_selects_the_cell_then_types(recorder, mouse):
    from Xlib import XK

    mouse.perform(safety.prove(Key((3, 2), "4", before=None, after=None), LAT, SMAP, BOUNDS))
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 225, 275), ("release", 225, 275), ("key", XK.string_to_keysym("4"))]


def test_a_key_the_game_draws_is_a_click_after_the_cells_and_nothing_typed(recorder, mouse):
    """A game that takes digits from its own pad: the cell clicked, then
    the pad's key (off the board, in the region), and no key event."""
    import numpy as np

    from puzzlebot.vision.screen_keys import ScreenKey

    key = ScreenKey("4", (350.0, 125.0), (345, 117, 355, 133), np.ones((16, 10), bool), False, 50.0, 16)
    mouse.perform(safety.prove(Key((3, 2), "4", key, before=None, after=None), LAT, SMAP, BOUNDS))
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 225, 275), ("release", 225, 275), ("press", 450, 225), ("release", 450, 225)]


class DrawingGame:
    """A game seen through a cell watch: it draws in a cell once the cell
    has been looked at ``delay`` times since the mouse's pointer came into
    it (with the button down when ``pressed``), or never (``delay`` None):
    a count, not a time, so that a busy machine cannot make it late.
    Records when each cell was seen drawn: the mouse's log up to then."""

    def __init__(self, mouse, delay: int | None, pressed: bool = True):
        self.mouse, self.delay, self.pressed = mouse, delay, pressed
        self.arrived: dict = {}  # cell -> looks at it before the pointer came into it
        self.seen: dict = {}  # cell -> the mouse's log when its drawing was first seen
        self.looks: list = []  # the cells whose "before" was taken
        self.looked: dict = {}  # cell -> how often it was asked about

    @staticmethod
    def cell(x: int, y: int) -> tuple[int, int]:
        return (y - 100) // 50, (x - 100) // 50

    def _update(self) -> None:
        log, down = self.mouse.log, False
        for e in log:
            down = {"down": True, "up": False}.get(e[0], down)
            if e[0] in ("move", "down", "click") and (down or not self.pressed or e[0] == "click"):
                cell = self.cell(e[1], e[2])
                self.arrived.setdefault(cell, self.looked.get(cell, 0))

    def look(self, cell):
        self.looks.append(cell)
        return cell

    def changed(self, cell, before) -> bool:
        self._update()
        self.looked[cell] = self.looked.get(cell, 0) + 1
        since = self.arrived.get(cell)
        drawn = self.delay is not None and since is not None and self.looked[cell] - since >= self.delay
        if drawn:
            self.seen.setdefault(cell, list(self.mouse.log))
        return drawn


def _drag(path):
    return safety.prove(Drag(path, before=None, after=None), LAT, SMAP, BOUNDS)


def test_a_watched_drag_enters_each_cell_only_once_the_game_drew_the_one_before(recorder, mouse):
    path = ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2))
    g = _drag(path)
    game = DrawingGame(mouse, delay=3)
    mouse.perform(g, watch=game)
    assert set(game.seen) == set(path)  # the press's cell too
    for a, b in zip(path, path[1:]):
        before = [DrawingGame.cell(e[1], e[2]) for e in game.seen[a] if e[0] == "move"]
        assert b not in before, f"the pointer went into {b} before the game drew {a}"
    events = recorder.drain()  # and the X server got the drag as ever: press, motions, release
    kinds = [e[0] for e in events]
    assert kinds.count("press") == 1 and kinds.count("release") == 1
    assert [e[1:] for e in events[kinds.index("press") + 1:kinds.index("release")]] == g.points[2:-1]


def test_a_watched_drag_the_game_does_not_draw_goes_on_at_the_fixed_pace(recorder, mouse):
    from puzzlebot.bot.actuate import DRAG_UNSEEN_RUN

    path = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3))
    g = _drag(path)
    game = DrawingGame(mouse, delay=None)
    mouse.perform(g, watch=game)
    # the press's cell, then DRAG_UNSEEN_RUN cells of the path: no more waiting after that
    assert game.looks == list(path[:1 + DRAG_UNSEEN_RUN])
    moves = [e[1:] for e in recorder.drain() if e[0] == "motion"]
    assert moves[-len(g.points[2:-1]):] == g.points[2:-1]  # every proven point still sent, in order


def test_a_drag_taken_by_its_ends_is_released_once_the_game_drew_its_far_corner(recorder, mouse):
    """A rectangle dragged corner to corner (the game takes only its ends):
    its steps go at once (every proven point still sent), and the release
    waits for the far corner's cell to show the shape, or for the fixed hold
    where it never does."""
    rect = frozenset((r, c) for r in range(1, 4) for c in range(1, 3))
    g = safety.prove(Drag(((1, 1), (3, 2)), over=rect, follow=False, before=None, after=None), LAT, SMAP, BOUNDS)
    for delay in (3, None):
        game = DrawingGame(mouse, delay=delay)
        mouse.log.clear()
        mouse.perform(g, watch=game)
        assert game.looks == [(1, 1), (3, 2)]  # the press's cell, then the far corner's
        assert ((3, 2) in game.seen) == (delay is not None)
        if delay is not None:
            assert game.seen[(3, 2)][-1][:3] == ("move", *g.points[-1])  # seen at the last step, before the release
        events = recorder.drain()
        kinds = [e[0] for e in events]
        assert kinds.count("press") == kinds.count("release") == 1 and events[-1] == ("release", *g.points[-1])
        assert [e[1:] for e in events[kinds.index("press") + 1:-1]] == g.points[2:-1]


def test_a_cell_clicked_twice_gets_its_second_click_once_the_game_drew_the_first(recorder, mouse):
    """Tatham's Unruly dropped the second of two clicks on one cell when it
    took both at once (a busy machine): the second waits for the first to
    show; where the game never shows it (REPEAT_UNSEEN_RUN times in a row),
    the clicks go at the fixed pace, unwatched, every one still sent."""
    from puzzlebot.bot.actuate import REPEAT_UNSEEN_RUN

    g = safety.prove(Click((1, 2), 2, before=None, after=None), LAT, SMAP, BOUNDS)
    game = DrawingGame(mouse, delay=3, pressed=False)
    mouse.perform(g, watch=game)
    assert [e[0] for e in game.seen[(1, 2)]].count("click") == 1  # drawn after the first click, before the second
    aside = 225 + safety.REPEAT_SHIFT  # the second click a few points over: no double-click
    assert [e for e in recorder.drain() if e[0] != "motion"] == [("press", 225, 175), ("release", 225, 175),
                                                                 ("press", aside, 175), ("release", aside, 175)]
    looked = []
    for _ in range(REPEAT_UNSEEN_RUN + 1):
        game = DrawingGame(mouse, delay=None, pressed=False)
        mouse.perform(g, watch=game)
        looked.append(bool(game.looks))
    assert looked == [True] * REPEAT_UNSEEN_RUN + [False]
    assert [e for e in recorder.drain() if e[0] != "motion"] == [("press", 225, 175), ("release", 225, 175),
                                                                 ("press", aside, 175), ("release", aside, 175)] * 3


def _type(mouse, cell, key: str, game) -> None:
    mouse.perform(safety.prove(Key(cell, key, before=None, after=None), LAT, SMAP, BOUNDS), watch=game)


def test_a_watched_key_is_typed_once_its_cell_shows_the_click(recorder, mouse):
    from Xlib import XK

    game = DrawingGame(mouse, delay=3, pressed=False)
    _type(mouse, (3, 2), "4", game)
    assert game.looks == [(3, 2), (3, 2)]  # before the click, and before the key (its value waited for)
    assert [e[0] for e in game.seen[(3, 2)]][-1] == "click"  # seen after the click, before the key
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 225, 275), ("release", 225, 275), ("key", XK.string_to_keysym("4"))]


def test_a_game_that_shows_no_selection_is_typed_into_at_the_fixed_pace(recorder, mouse):
    """After SELECT_UNSEEN_RUN clicks unseen, no more looking (nor waiting for it)."""
    from Xlib import XK

    from puzzlebot.bot.actuate import SELECT_UNSEEN_RUN

    looked = []
    for _ in range(SELECT_UNSEEN_RUN + 1):
        game = DrawingGame(mouse, delay=None, pressed=False)
        _type(mouse, (1, 1), "2", game)
        looked.append(bool(game.looks))
    assert looked == [True] * SELECT_UNSEEN_RUN + [False]
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 175, 175), ("release", 175, 175), ("key", XK.string_to_keysym("2"))] * 3


def test_a_first_selection_shown_late_keeps_the_keys_waiting_for_selections(recorder, mouse):
    """A page on a busy machine shows its first selection later than
    SELECT_WAIT: had the mouse given up there (twice), the keys would go at
    the fixed pace for the rest of the run, and one could overtake its
    click.  The first click's selection is waited for longer, and the next
    click too is watched.  (Drawn after 150 looks: at least 0.3 s, as each
    look sleeps WATCH_POLL.)"""
    from Xlib import XK

    from puzzlebot.bot.actuate import SELECT_WAIT, WATCH_POLL

    assert 150 * WATCH_POLL > SELECT_WAIT
    game = DrawingGame(mouse, delay=150, pressed=False)
    _type(mouse, (3, 2), "4", game)
    assert [e[0] for e in game.seen[(3, 2)]][-1] == "click"  # seen after the click, before the key
    game = DrawingGame(mouse, delay=150, pressed=False)
    _type(mouse, (1, 1), "2", game)
    assert [e[0] for e in game.seen[(1, 1)]][-1] == "click"
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 225, 275), ("release", 225, 275), ("key", XK.string_to_keysym("4")),
                      ("press", 175, 175), ("release", 175, 175), ("key", XK.string_to_keysym("2"))]


def test_a_selection_not_seen_where_the_game_shows_them_stops_before_the_key(recorder, mouse):
    """A game seen to show its selections, whose next click shows nothing
    (not taken, or not yet on a busy machine): the key would go to the cell
    selected before, so nothing is typed and the mouse stops."""
    from Xlib import XK

    from puzzlebot.bot.actuate import NotSelected

    _type(mouse, (3, 2), "4", DrawingGame(mouse, delay=3, pressed=False))
    recorder.drain()
    with pytest.raises(NotSelected, match="r2c2 did not show as selected"):
        _type(mouse, (1, 1), "2", DrawingGame(mouse, delay=None, pressed=False))
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 175, 175), ("release", 175, 175)]  # the click, and no key
    assert ("key", XK.string_to_keysym("2")) not in events


def test_the_cell_already_selected_is_typed_into_again_without_waiting_for_a_selection(recorder, mouse):
    """A wrong value cleared, then the right one typed: the second click on
    the selected cell shows nothing new, and is no reason to stop."""
    from Xlib import XK

    _type(mouse, (3, 2), "backspace", DrawingGame(mouse, delay=3, pressed=False))
    game = DrawingGame(mouse, delay=None, pressed=False)
    _type(mouse, (3, 2), "4", game)
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events[-3:] == [("press", 225, 275), ("release", 225, 275), ("key", XK.string_to_keysym("4"))]
