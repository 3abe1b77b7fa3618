"""Image pixels to screen points: monitor origins and HiDPI scales; saved profiles."""

from __future__ import annotations

import pytest

from puzzlebot.calibration import profile as profiles
from puzzlebot.calibration.mapping import Region, ScreenMap, scale_between
from puzzlebot.solvers.errors import InputError
from puzzlebot.vision.lattice import Lattice


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
    p = profiles.Profile("tango", Region(10, 20, 320, 400), 2.0, Lattice(5.5, 6, 50, 50, 6, 6), "Tango")
    path = profiles.save(p, tmp_path / "p.json")
    assert profiles.load(path) == p
    taught = profiles.Profile("tango", Region(10, 20, 320, 400), 1.0, Lattice(5.5, 6, 50, 50, 6, 6), None,
                              {"first piece a click puts": "lighter fill"})
    assert profiles.load(profiles.save(taught, tmp_path / "q.json")) == taught
    assert profiles.load(tmp_path / "missing.json") is None


def test_a_run_keeps_what_it_learnt_in_its_profile_or_says_why_not(tmp_path, capsys):
    """A run's probe answer goes into the profile it ran with; where that
    file cannot be written, the run (which went well) says so, no error."""
    from types import SimpleNamespace

    from puzzlebot.bot.cmd_run import _keep_learnt

    fact = {"first piece a click puts": "piece read as a moon"}
    game = SimpleNamespace(name="tango", player=SimpleNamespace(facts=lambda reading: fact))
    p = profiles.Profile("tango", Region(10, 20, 320, 400), 1.0, Lattice(5.5, 6, 50, 50, 6, 6), None)
    path = profiles.save(p, tmp_path / "p.json")
    _keep_learnt(SimpleNamespace(profile=str(path)), game, p, None)
    assert profiles.load(path).learnt == fact and "kept what the game taught" in capsys.readouterr().err
    (tmp_path / "a-file").write_text("")
    _keep_learnt(SimpleNamespace(profile=str(tmp_path / "a-file" / "p.json")), game, p, None)
    assert "could not keep what the game taught" in capsys.readouterr().err


GOOD = {"version": 1, "game": "enlight", "region": [100, 50, 400, 500], "scale": 1.0,
        "lattice": {"x0": 20.0, "y0": 30.0, "pitch_x": 22.0, "pitch_y": 22.0, "rows": 10, "cols": 10},
        "window": None}


def _edit(path, change):
    import copy
    import json

    d = copy.deepcopy(GOOD)
    change(d)
    path.write_text(json.dumps(d))
    return path


@pytest.mark.parametrize("change, says", [
    (lambda d: d.pop("version"), "version"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(game="chess"), "game"),
    (lambda d: d.update(scale=-1), "scale"),
    (lambda d: d.update(scale=0), "scale"),
    (lambda d: d.update(scale="2"), "scale"),
    (lambda d: d.update(scale=float("inf")), "scale"),
    (lambda d: d.update(scale=float("nan")), "scale"),
    (lambda d: d.update(scale=True), "scale"),
    (lambda d: d.update(region=[1, 2, 3]), "region"),
    (lambda d: d.update(region=[0, 0, -5, 100]), "width"),
    (lambda d: d.update(region=[0, 0, 1.5, 100]), "width"),
    (lambda d: d["lattice"].update(pitch_x=0), "pitch_x"),
    (lambda d: d["lattice"].update(pitch_y=-22), "pitch_y"),
    (lambda d: d["lattice"].update(pitch_x=200), "runs past"),
    (lambda d: d["lattice"].update(rows=0), "rows"),
    (lambda d: d["lattice"].update(cols=1000), "cols"),
    (lambda d: d["lattice"].update(x0=float("nan")), "x0"),
    (lambda d: d["lattice"].pop("y0"), "y0"),
    (lambda d: d.update(lattice=[1, 2]), "lattice"),
    (lambda d: d.update(window=5), "window"),
    (lambda d: d.update(learnt=["x"]), "learnt"),
    (lambda d: d.update(learnt={"first": 1}), "learnt"),
    (lambda d: d.update(learnt={"k": "v" * 500}), "learnt"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_broken_profiles_are_refused_with_the_field_named(tmp_path, change, says):
    path = _edit(tmp_path / "p.json", change)
    with pytest.raises(InputError) as e:
        profiles.load(path, ("enlight", "tango"))
    msg = str(e.value)
    assert says in msg and str(path) in msg and "calibrate" in msg and "\n" not in msg


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "[" * 100000, '{"version": 1}' + " " * 10, "\xff\xfe"])
def test_not_a_profile_at_all(tmp_path, text):
    path = tmp_path / "p.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
    with pytest.raises(InputError, match="calibrate"):
        profiles.load(path, ("enlight", "tango"))


def test_profile_path_is_a_directory(tmp_path):
    with pytest.raises(InputError, match="directory"):
        profiles.load(tmp_path, ("enlight",))
    p = profiles.Profile("enlight", Region(0, 0, 300, 300), 1.0, Lattice(10, 10, 20, 20, 5, 5))
    with pytest.raises(InputError, match="directory"):
        profiles.save(p, tmp_path)
