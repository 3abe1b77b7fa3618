"""Screen scale per platform, with the platform calls faked: Windows DPI
awareness declared before anything measures, a Retina capture (twice the
pixels of the points asked for), Windows scaling seen by an unaware mouse
library, and monitors left of and above the primary one."""

from __future__ import annotations

import numpy as np
import pytest

from puzzlebot.bot import safety
from puzzlebot.bot.capture import Screen
from puzzlebot.calibration import dpi
from puzzlebot.calibration.mapping import Region, ScreenMap, scale_between


class _Fn:
    def __init__(self, fail=False):
        self.calls, self.fail = [], fail

    def __call__(self, *args):
        self.calls.append(args)
        if self.fail:
            raise OSError("not on this Windows")
        return 0


class _Windll:
    def __init__(self, shcore_fails=False):
        self.shcore = type("shcore", (), {"SetProcessDpiAwareness": _Fn(shcore_fails)})()
        self.user32 = type("user32", (), {"SetProcessDPIAware": _Fn()})()


def test_windows_declares_per_monitor_awareness_first():
    fake = type("ctypes", (), {"windll": _Windll()})()
    assert dpi.make_dpi_aware("win32", fake) == "per-monitor"
    assert fake.windll.shcore.SetProcessDpiAwareness.calls == [(dpi.PER_MONITOR,)]
    old = type("ctypes", (), {"windll": _Windll(shcore_fails=True)})()  # Windows 7: no shcore
    assert dpi.make_dpi_aware("win32", old) == "system"
    assert old.windll.user32.SetProcessDPIAware.calls == [()]
    assert dpi.make_dpi_aware("darwin") == "not needed" and dpi.make_dpi_aware("linux") == "not needed"


class _FakeMss:
    """mss.MSS() as on a Mac with a Retina display (captures at ``ratio``),
    or with monitors anywhere."""

    def __init__(self, monitors, ratio=1):
        self.monitors, self.ratio = monitors, ratio

    def grab(self, box):
        h, w = box["height"] * self.ratio, box["width"] * self.ratio
        img = np.zeros((h, w, 4), np.uint8)
        # a white square of 10x10 points at (20, 30) points inside the box
        img[30 * self.ratio:40 * self.ratio, 20 * self.ratio:30 * self.ratio, :3] = 255
        return img


def _screen(monitors, ratio=1) -> Screen:
    s = Screen.__new__(Screen)
    s._mss = _FakeMss(monitors, ratio)
    s.pixel_ratio = 1.0
    return s


def test_retina_captures_are_resampled_to_points():
    mon = [{"left": 0, "top": 0, "width": 1440, "height": 900}, {"left": 0, "top": 0, "width": 1440, "height": 900}]
    s = _screen(mon, ratio=2)
    img = s.grab(Region(100, 200, 300, 200))
    assert img.shape == (200, 300, 3) and s.pixel_ratio == 2
    ys, xs = np.nonzero(img[:, :, 0] > 128)
    assert (xs.min(), ys.min(), xs.max(), ys.max()) == (20, 30, 29, 39)
    # pyautogui on a Mac works in points, like mss: scale 1, and an image
    # pixel is the point at the region's origin plus it
    scale = scale_between((1440, 900), (1440, 900))
    assert ScreenMap(Region(100, 200, 300, 200), scale).to_screen(25, 35) == (125, 235)


def test_windows_scaling_seen_by_an_unaware_mouse_library():
    # a 150% display: mss (DPI aware) captures 2880x1620 physical pixels,
    # an unaware pyautogui reports 1920x1080 points
    scale = scale_between((2880, 1620), (1920, 1080))
    assert scale == 1.5
    m = ScreenMap(Region(300, 150, 900, 900), scale)
    assert m.to_screen(150, 300) == (300.0, 300.0)
    assert m.to_image(*m.to_screen(123, 456)) == pytest.approx((123, 456))


def test_monitors_left_of_and_above_the_primary():
    mons = [{"left": -1920, "top": -300, "width": 3840, "height": 1380},
            {"left": 0, "top": 0, "width": 1920, "height": 1080},
            {"left": -1920, "top": -300, "width": 1920, "height": 1080}]
    s = _screen(mons)
    assert s.bounds == Region(-1920, -300, 3840, 1380)
    assert s.monitors() == [Region(0, 0, 1920, 1080), Region(-1920, -300, 1920, 1080)]
    img = s.grab(Region(-1500, -200, 400, 400))  # a game on the left monitor
    assert img.shape == (400, 400, 3)
    m = ScreenMap(Region(-1500, -200, 400, 400), 1.0)
    x, y = m.to_screen(25, 35)
    assert (x, y) == (-1475, -165)
    bounds = safety.Bounds(Region(-1500, -200, 400, 400), s.monitors(), None)
    assert safety.check_move(x, y, bounds, 1.0, "test") == (-1475, -165)  # on a screen: allowed
    everywhere = safety.Bounds(s.bounds, s.monitors(), None)
    with pytest.raises(safety.UnsafePoint, match="off every screen"):
        safety.check_move(-1000, 900, everywhere, 1.0, "test")  # below the left monitor, left of the primary


def test_pixel_ratio_must_agree_across_and_down():
    assert dpi.pixel_ratio((600, 400), (300, 200)) == 2
    with pytest.raises(ValueError):
        dpi.pixel_ratio((600, 300), (300, 200))
