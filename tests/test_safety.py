"""The bot as a hostile user would drive it: hand-edited profiles, regions
that cut the board, a window moved mid-run, another game on screen, a
pointer parked in a corner.  Every click is accounted for by the games'
own logs: the Enlight simulator logs clicks on its window (with the cell,
or none off the board) and a stand-in desktop beneath it logs every click
that misses the game."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlebot.sim import launch
from puzzlebot.sim.browser import Browser

from .helpers import ROOT, pointer
from .helpers import run_cli as bot

pytestmark = pytest.mark.display

TITLE = "Device Emulator - Enlight"
POS = (300, 120)  # the Enlight window's position (its size is 312x480)



class Desk:
    """The desktop stand-in, one Enlight window above it, and their logs."""

    def __init__(self, tmp_path):
        self.tmp = tmp_path
        self.procs = []
        self.desktop = tmp_path / "desktop.jsonl"
        self.procs.append(subprocess.Popen([sys.executable, "-m", "puzzlebot.sim.desktop", "--events", str(self.desktop)],
                                           cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        launch.wait_for(self.desktop, "start")
        self.game = None

    def enlight(self, *args: str, position=POS):
        self.game = self.tmp / f"enlight{len(self.procs)}.jsonl"
        self.procs.append(launch.start_enlight(self.game, "--position", f"{position[0]},{position[1]}", *args))
        launch.wait_for(self.game, "start")
        time.sleep(0.4)
        return self.game

    def clicks(self) -> tuple[list[dict], list[dict], list[dict]]:
        """(clicks on cells, clicks on the game window off the board, clicks that missed the game)."""
        time.sleep(0.2)
        game = [e for e in launch.events(self.game) if e["event"] == "click"] if self.game else []
        missed = [e for e in launch.events(self.desktop) if e["event"] == "click"]
        return [e for e in game if e["cell"] is not None], [e for e in game if e["cell"] is None], missed

    def solved(self) -> bool:
        return any(e["event"] == "solved" for e in launch.events(self.game))

    def close(self):
        launch.stop(*reversed(self.procs))


@pytest.fixture
def desk(xvfb, tmp_path):
    d = Desk(tmp_path)
    yield d
    d.close()


def calibrate(desk, tmp_path, name="p.json") -> tuple[dict, object]:
    path = tmp_path / name
    r = bot("calibrate", "enlight", "--region", "250,80,420,580", "--profile", str(path))
    assert r.returncode == 0, r.stderr
    return json.loads(path.read_text()), path


def assert_no_clicks(desk):
    on, off, missed = desk.clicks()
    assert (on, off, missed) == ([], [], [])


@pytest.mark.parametrize("scale", [2.0, 1.25, 0.5])
def test_a_profile_whose_scale_disagrees_is_refused(desk, tmp_path, scale):
    desk.enlight("--level", "4")
    prof, path = calibrate(desk, tmp_path)
    prof["scale"] = scale
    path.write_text(json.dumps(prof))
    r = bot("run", "enlight", "--profile", str(path))
    assert r.returncode == 2, r.stderr
    assert f"the screen scale is 1 now, the profile says {scale:g}" in r.stderr and "calibrate" in r.stderr
    assert_no_clicks(desk)


@pytest.mark.parametrize("dx, dy", [(0.5, 0), (0, 0.5), (-0.5, 0.5), (3 / 22, 0)])
def test_a_profile_whose_lattice_disagrees_is_refused(desk, tmp_path, dx, dy):
    desk.enlight("--level", "4")
    prof, path = calibrate(desk, tmp_path)
    lat = prof["lattice"]
    lat["x0"] += dx * lat["pitch_x"]
    lat["y0"] += dy * lat["pitch_y"]
    path.write_text(json.dumps(prof))
    for extra in ((), ("--dry-run",)):
        r = bot("run", "enlight", "--profile", str(path), *extra)
        assert r.returncode == 2, r.stderr
        assert "the profile says" in r.stderr and "calibrate" in r.stderr
    assert_no_clicks(desk)


@pytest.mark.parametrize("change", [
    {"pitch_x": 0}, {"pitch_x": -22.0, "pitch_y": -22.0}, {"pitch_x": 200.0, "pitch_y": 200.0}, {"rows": 0},
])
def test_a_broken_profile_is_refused_before_anything(desk, tmp_path, change):
    desk.enlight("--level", "4")
    prof, path = calibrate(desk, tmp_path)
    prof["lattice"].update(change)
    path.write_text(json.dumps(prof))
    r = bot("run", "enlight", "--profile", str(path))
    assert r.returncode == 2 and "bad profile" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    assert_no_clicks(desk)


@pytest.mark.parametrize("scale", ["-1", "Infinity", "NaN", "0"])
def test_a_nonsense_scale_never_moves_the_pointer(desk, tmp_path, scale):
    desk.enlight("--level", "4")
    prof, path = calibrate(desk, tmp_path)
    pointer(640, 700)
    text = json.dumps(prof).replace(f'"scale": {json.dumps(prof["scale"])}', f'"scale": {scale}')
    path.write_text(text)
    r = bot("run", "enlight", "--profile", str(path))
    assert r.returncode == 2 and "scale" in r.stderr, r.stderr
    assert pointer() == (640, 700)
    assert_no_clicks(desk)
    # and the next honest run is not blocked by anything the last one did
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert desk.solved()


@pytest.mark.parametrize("region, side", [
    ("300,150,180,450", "right"),      # through the middle of a column
    ("380,150,240,450", "left"),
    ("300,150,312,300", "bottom"),      # through a row
    ("345,195,150,264", "right"),       # like the report's case, read as 10x5 before
])
def test_a_region_that_cuts_the_board_is_refused(desk, region, side):
    desk.enlight("--level", "4")
    r = bot("run", "enlight", "--region", region)
    assert r.returncode == 4, (r.returncode, r.stdout, r.stderr)
    assert "cuts the board" in r.stderr or "continues past" in r.stderr
    assert_no_clicks(desk)


def test_a_region_whose_edge_meets_the_board_exactly_is_checked_beyond_it(desk):
    desk.enlight("--level", "4")
    r = bot("run", "enlight", "--window", TITLE, "--dry-run")
    assert r.returncode == 0, r.stderr
    left, top, w, h = (int(v) for v in r.stdout.split("screen (")[1].split(")")[0].split(","))
    # a region ending exactly at a cell border inside the board: the cells beyond are seen and refused
    half = w // 2 - (w // 2) % (w // 10)
    r = bot("run", "enlight", "--region", f"{left - 20},{top - 20},{half + 20},{h + 40}")
    assert r.returncode == 4 and "cuts the board" in r.stderr, (r.stdout, r.stderr)
    # a region ending exactly at the board's own edge is fine: nothing continues past it
    r = bot("run", "enlight", "--region", f"{left},{top},{w},{h}", "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert desk.solved()
    on, off, missed = desk.clicks()
    assert on and not off and not missed


@pytest.mark.parametrize("kind", ["a toast with no frame", "a titled window"])
def test_a_window_over_the_last_rows_is_refused_not_read_as_a_smaller_board(desk, kind):
    """A window whose top edge lies on the gap above the board's 7th row
    hides four whole rows and cuts no cell: the capture once showed a sure
    6x10 board (found live: 38 clicks, 'solved', the game not).  Now the
    reader sees the window's straight edge hugging the cells and running on
    past the board (exit 4), and where it did not, the bot asks the screen
    which windows lie over or against the board (exit 5): either way,
    refused with the reason, no click."""
    desk.enlight("--level", "4")
    r = bot("run", "enlight", "--window", TITLE, "--dry-run")
    assert r.returncode == 0, r.stderr
    left, top, w, h = (int(v) for v in r.stdout.split("screen (")[1].split(")")[0].split(","))
    edge = top + 6 * h // 10 + 1  # the gap between rows 6 and 7
    bare = "w.overrideredirect(True); " if kind.startswith("a toast") else "w.title('Notes'); "
    cover = subprocess.Popen([sys.executable, "-c", "import tkinter as t; w = t.Tk(); " + bare +
                              f"w.geometry('700x200+{left - 150}+{edge}'); w.configure(bg='#e8e0c8'); "
                              "w.attributes('-topmost', True); w.mainloop()"])
    try:
        time.sleep(1.5)
        r = bot("run", "enlight", "--region", f"{left - 100},{top - 200},{w + 200},{h + 400}")
        assert r.returncode in (4, 5), (r.returncode, r.stdout, r.stderr)
        assert ("a window over the rest of the board" in r.stderr if r.returncode == 4
                else "lies over the board or against its edge" in r.stderr), r.stderr
        assert_no_clicks(desk)
        assert not desk.solved()
    finally:
        launch.stop(cover)


@pytest.mark.parametrize("how", ["region", "profile"])
def test_a_window_moved_mid_run_stops_before_the_next_click(desk, tmp_path, how):
    desk.enlight("--level", "4", "--move-after", "2")
    if how == "region":
        args = ("--region", "250,80,420,580")
    else:
        _, path = calibrate(desk, tmp_path)
        args = ("--profile", str(path))
    r = bot("run", "enlight", *args, "--interval", "0.005")
    assert r.returncode == 5, r.stderr
    on, off, missed = desk.clicks()
    assert len(on) == 2 and not off and not missed


def test_a_window_moved_mid_run_is_followed_when_given_by_title(desk):
    """--window: the bot re-reads the window's place before each move and
    goes on where it now is; every click lands on the game's cells."""
    desk.enlight("--level", "4", "--move-after", "2")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert "following it" in r.stderr and desk.solved()
    on, off, missed = desk.clicks()
    assert len(on) > 2 and not off and not missed


def test_the_pointer_in_a_corner_is_reported_not_blamed(desk):
    desk.enlight("--level", "4")
    pointer(0, 0)
    try:
        r = bot("run", "enlight", "--window", TITLE)
        assert r.returncode == 130
        assert "mouse pointer is in a screen corner" in r.stderr and "move it away" in r.stderr
        assert_no_clicks(desk)
    finally:
        pointer(640, 700)


def test_enlight_is_never_played_on_a_tango_page(xvfb, tmp_path):
    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    ev = tmp_path / "tango.jsonl"
    port = launch.free_port()
    server = launch.start_tango_server(ev, port, "--size", "6", "--seed", "4")
    try:
        time.sleep(0.5)
        with Browser(f"http://127.0.0.1:{port}/", 200, 30, 860, 760):
            launch.wait_for(ev, "ready", 90)
            time.sleep(1.0)
            r = bot("run", "enlight", "--region", "200,30,860,760")
            assert r.returncode == 4 and "no Lights Out board" in r.stderr, (r.stdout, r.stderr)
            r = bot("run", "enlight")  # the whole screen
            assert r.returncode == 4, (r.stdout, r.stderr)
            time.sleep(0.3)
            assert not [e for e in launch.events(ev) if e["event"].startswith("click")]
    finally:
        launch.stop(server)


PROFILE_CHANGES = st.fixed_dictionaries({
    "scale": st.sampled_from([1.0, 1.0, 2.0, 1.25, 0.5, 0.99, 1.01]),
    "dx": st.one_of(st.just(0.0), st.floats(-1.5, 1.5), st.floats(-30, 30)),
    "dy": st.one_of(st.just(0.0), st.floats(-1.5, 1.5), st.floats(-30, 30)),
    "pitch": st.sampled_from([1.0, 1.0, 1.02, 0.98, 0.5, 2.0]),
    "rows": st.sampled_from([0, 0, 0, -1, 1, -5]), "cols": st.sampled_from([0, 0, 0, -1, 1, -5]),
    "region": st.sampled_from([(0, 0, 0, 0), (0, 0, -200, 0), (100, 0, -100, 0), (0, 0, 0, -300),
                               (-60, -60, 120, 120), (40, 40, -80, -80)]),
})


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))  # 3 s each: the suite's budget
@given(change=PROFILE_CHANGES)
def test_fuzzed_profiles_never_click_off_the_board(xvfb, tmp_path_factory, change):
    """Whatever a profile says, the bot either refuses before any click, or
    plays the board it measured itself: no click off the board, exit 0 only
    when the game itself says solved."""
    tmp = tmp_path_factory.mktemp("fuzz")
    d = Desk(tmp)
    try:
        d.enlight("--level", "4")
        prof, path = calibrate(d, tmp)
        lat = prof["lattice"]
        lat["x0"] += change["dx"]
        lat["y0"] += change["dy"]
        lat["pitch_x"] *= change["pitch"]
        lat["pitch_y"] *= change["pitch"]
        lat["rows"] += change["rows"]
        lat["cols"] += change["cols"]
        prof["scale"] = change["scale"]
        prof["region"] = [a + b for a, b in zip(prof["region"], change["region"])]
        path.write_text(json.dumps(prof))
        r = bot("run", "enlight", "--profile", str(path), "--interval", "0.005")
        on, off, missed = d.clicks()
        assert not off and not missed, (change, r.stderr)
        if r.returncode == 0:
            assert d.solved(), (change, r.stdout)
        else:
            assert on == [], (change, r.returncode, r.stderr)
            assert "Traceback" not in r.stderr
    finally:
        d.close()
