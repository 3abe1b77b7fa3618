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
from puzzlebot.bot.actions import Drag, Key
from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.vision.lattice import Lattice

pytestmark = pytest.mark.display


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

    def drain(self) -> list[tuple]:
        """The events so far: ("motion" | "press" | "release", root x, root y) or ("key", keysym)."""
        time.sleep(0.2)
        X, out = self.X, []
        names = {X.MotionNotify: "motion", X.ButtonPress: "press", X.ButtonRelease: "release"}
        while self.d.pending_events():
            e = self.d.next_event()
            if e.type in names:
                out.append((names[e.type], e.root_x, e.root_y))
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


def test_a_drag_is_press_motions_through_each_cell_release(recorder, mouse):
    lat = Lattice(0.0, 0.0, 50.0, 50.0, 6, 6)  # the recorder's window is the region
    smap = ScreenMap(Region(100, 100, 400, 400), 1.0)
    bounds = safety.Bounds(Region(100, 100, 400, 400), [Region(0, 0, 1280, 800)])
    path = ((0, 0), (0, 1), (1, 1), (2, 1))
    g = safety.prove(Drag(path, before=None, after=None), lat, smap, bounds)
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

    lat = Lattice(0.0, 0.0, 50.0, 50.0, 6, 6)
    smap = ScreenMap(Region(100, 100, 400, 400), 1.0)
    bounds = safety.Bounds(Region(100, 100, 400, 400), [Region(0, 0, 1280, 800)])
    mouse.perform(safety.prove(Key((3, 2), "4", before=None, after=None), lat, smap, bounds))
    events = [e for e in recorder.drain() if e[0] != "motion"]
    assert events == [("press", 225, 275), ("release", 225, 275), ("key", XK.string_to_keysym("4"))]
