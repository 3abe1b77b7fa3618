"""Click points are proven to be on the board before any click: in the
cell, the board, the region, the window, a screen, away from the corners."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlebot.bot import safety
from puzzlebot.bot.loop import compare_lattices
from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.vision.lattice import Lattice

SCREEN = [Region(0, 0, 1280, 800)]
LAT = Lattice(40.0, 60.0, 22.0, 22.0, 10, 10)  # in the region's image


def bounds(region=Region(300, 100, 320, 480), window=None):
    return safety.Bounds(region, SCREEN, window)


def test_a_cell_centre_is_clicked_at_scale_one():
    m = ScreenMap(Region(300, 100, 320, 480), 1.0)
    assert safety.click_point(LAT, 0, 0, m, bounds()) == (300 + 40 + 11, 100 + 60 + 11)
    assert safety.click_point(LAT, 9, 9, m, bounds()) == (300 + 40 + 209, 100 + 60 + 209)


@pytest.mark.parametrize("scale", [0.0, -1.0, math.inf, math.nan])
def test_nonsense_scales_never_give_a_point(scale):
    with pytest.raises(safety.UnsafePoint):
        safety.click_point(LAT, 3, 3, ScreenMap(Region(300, 100, 320, 480), scale), bounds())


def test_points_off_the_screen_or_region_or_window_are_refused():
    m = ScreenMap(Region(1200, 100, 320, 480), 1.0)  # the board runs off the screen's right edge
    with pytest.raises(safety.UnsafePoint, match="off every screen"):
        safety.click_point(LAT, 0, 9, m, safety.Bounds(Region(1200, 100, 320, 480), SCREEN))
    m = ScreenMap(Region(300, 100, 320, 480), 1.0)
    with pytest.raises(safety.UnsafePoint, match="outside the region"):
        safety.click_point(LAT, 9, 9, m, bounds(region=Region(300, 100, 200, 200)))
    with pytest.raises(safety.UnsafePoint, match="outside the game window"):
        safety.click_point(LAT, 9, 9, m, bounds(window=Region(300, 100, 150, 150)))


def test_points_near_a_corner_are_never_used():
    m = ScreenMap(Region(-40, -60, 320, 480), 1.0)  # cell r1c1 lands at (11, 11)
    with pytest.raises(safety.UnsafePoint, match="corner"):
        safety.click_point(LAT, 0, 0, m, safety.Bounds(Region(-40, -60, 320, 480), SCREEN))
    for x, y in ((0, 0), (1279, 0), (0, 799), (1279, 799), (20, 5)):
        assert safety.near_corner(x, y, SCREEN)
    assert not safety.near_corner(640, 0, SCREEN)


def test_a_wrong_scale_cannot_move_a_click_out_of_its_cell_unnoticed():
    # the point is computed with one scale and proven with the same mapping: a
    # cell outside the lattice or a lattice that is not finite is refused
    m = ScreenMap(Region(300, 100, 320, 480), 1.0)
    with pytest.raises(safety.UnsafePoint, match="not a cell"):
        safety.click_point(LAT, 10, 0, m, bounds())
    with pytest.raises(safety.UnsafePoint, match="not a cell"):
        safety.click_point(Lattice(math.nan, 0, 22, 22, 10, 10), 0, 0, m, bounds())


@given(st.floats(0.3, 4.0), st.integers(-3000, 3000), st.integers(-2000, 2000),
       st.integers(0, 9), st.integers(0, 9))
def test_every_point_given_lands_in_its_cell(scale, left, top, r, c):
    region = Region(left, top, 320, 480)
    screens = [Region(-4000, -3000, 9000, 7000)]
    m = ScreenMap(region, scale)
    try:
        x, y = safety.click_point(LAT, r, c, m, safety.Bounds(region, screens))
    except safety.UnsafePoint:
        return
    ix, iy = m.to_image(x, y)
    x0, y0, x1, y1 = LAT.box(r, c, 0.0)
    assert x0 <= ix <= x1 and y0 <= iy <= y1


def test_saved_lattices_must_agree_within_two_pixels():
    assert compare_lattices(LAT, Lattice(41.5, 59.0, 22.0, 22.0, 10, 10)) is None
    assert "profile says" in compare_lattices(LAT, Lattice(51.0, 60.0, 22.0, 22.0, 10, 10))
    assert "profile says" in compare_lattices(LAT, Lattice(40.0, 60.0, 22.5, 22.0, 10, 10))  # 5 px over 10 cells
    assert "10x10 now" in compare_lattices(LAT, Lattice(40.0, 60.0, 22.0, 22.0, 10, 5))
