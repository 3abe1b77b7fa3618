"""Image pixels to screen points: monitor origins and HiDPI scales; saved profiles."""

from __future__ import annotations

import pytest

from calibration import profile as profiles
from calibration.mapping import Region, ScreenMap, scale_between
from solvers.errors import InputError
from vision.lattice import Lattice


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0])
def test_points_round_trip_at_any_scale_and_origin(scale):
    # a capture of a monitor left of and above the primary one (negative origin)
    m = ScreenMap(Region(-1920, -200, 1920, 1080), scale)
    for x, y in ((0, 0), (100.5, 50), (1919, 1079)):
        sx, sy = m.to_screen(x, y)
        assert m.to_image(sx, sy) == pytest.approx((x, y))
    assert m.to_screen(200, 100) == pytest.approx(((-1920 + 200) / scale, (-200 + 100) / scale))


def test_retina_scale_from_sizes():
    assert scale_between((2880, 1800), (1440, 900)) == 2.0
    assert scale_between((1920, 1080), (1536, 864)) == 1.25
    with pytest.raises(ValueError):
        scale_between((2880, 1800), (1920, 900))


def test_region_clip_and_contains():
    screen = Region(0, 0, 1280, 800)
    assert Region(1200, 700, 200, 200).clip(screen) == Region(1200, 700, 80, 100)
    assert Region(2000, 0, 10, 10).clip(screen) is None
    assert Region(10, 10, 5, 5).contains(14, 14) and not Region(10, 10, 5, 5).contains(15, 14)


def test_profile_saves_and_loads(tmp_path):
    p = profiles.Profile("tango", Region(10, 20, 300, 400), 2.0, Lattice(5.5, 6, 50, 50, 6, 6), "Tango")
    path = profiles.save(p, tmp_path / "p.json")
    assert profiles.load(path) == p
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(InputError, match="not a puzzlebot profile"):
        profiles.load(tmp_path / "bad.json")
    assert profiles.load(tmp_path / "missing.json") is None
