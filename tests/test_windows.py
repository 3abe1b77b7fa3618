"""Finding the game's window: PyWinCtl's answers interpreted right (with
its platform calls faked), and the real library on a virtual screen with a
window manager (openbox), where windows have frames and title bars."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from puzzlebot.calibration import windows as W
from puzzlebot.calibration.mapping import Region

from .helpers import ROOT


@dataclass
class _Rect:
    left: int
    top: int
    right: int
    bottom: int


class _FakeWin:
    def __init__(self, handle, title, frame, client, visible=True, minimized=False, app=""):
        self.handle, self.title, self.app = handle, title, app
        self.left, self.top, self.width, self.height = frame
        self._client = client
        self.isVisible, self.isMinimized = visible, minimized
        self.activated = False

    def getHandle(self):
        return self.handle

    def getClientFrame(self):
        x, y, w, h = self._client
        return _Rect(x, y, x + w, y + h)

    def getAppName(self):
        return self.app

    def activate(self, wait=False):
        self.activated = True
        return True


class _FakePwc:
    def __init__(self, wins, active=None):
        self.wins, self.active = wins, active

    def getAllWindows(self):
        return list(self.wins)

    def getActiveWindow(self):
        return self.active


@pytest.fixture
def fake(monkeypatch):
    wins = [
        _FakeWin(1, "Device Emulator - Enlight", (100, 50, 320, 500), (104, 80, 312, 466), app="DeviceEmulator"),
        _FakeWin(2, "Tango | LinkedIn - Chromium", (-1920, 0, 1200, 900), (-1920, 40, 1200, 860), app="chromium"),
        _FakeWin(3, "Minimised thing", (0, 0, 10, 10), (0, 0, 10, 10), minimized=True),
        _FakeWin(4, "Lights (best: 12", (0, 0, 300, 300), (0, 20, 300, 280)),
    ] + [_FakeWin(10 + i, f"Other {i}", (0, 0, 50, 50), (0, 0, 50, 50)) for i in range(12)]
    pwc = _FakePwc(wins, active=wins[1])
    monkeypatch.setattr(W, "_pywinctl", lambda: pwc)
    monkeypatch.setattr(W, "_app_name", lambda w: w.getAppName())
    return pwc


def test_title_patterns_client_area_and_negative_origins(fake):
    w = W.find_window("device emulator")  # any case
    assert w.title == "Device Emulator - Enlight" and w.region == Region(104, 80, 312, 466)  # the inside only
    w = W.find_window(r"Emulator|Enlight")  # a regular expression
    assert w.wid == "1"
    w = W.find_window("Tango | LinkedIn")  # "|" alternation: still finds it
    assert w.region == Region(-1920, 40, 1200, 860)  # a monitor left of the primary one
    w = W.find_window("(best")  # not a valid expression: plain text
    assert w.wid == "4"


def test_active_app_and_hidden_windows(fake):
    assert W.find_window(W.ACTIVE).wid == "2"
    assert W.find_window(app="chromium").wid == "2"
    with pytest.raises(W.WindowError, match="of the program 'lightsoff'"):
        W.find_window(app="lightsoff")
    with pytest.raises(W.WindowError, match="titled like 'Minimised'"):
        W.find_window("Minimised")  # minimised windows are not offered


def test_no_match_lists_the_open_titles(fake):
    with pytest.raises(W.WindowError) as e:
        W.find_window("Queens")
    msg = str(e.value)
    assert "'Device Emulator - Enlight'" in msg and "..." in msg and "Minimised" not in msg
    assert msg.count("'Other") <= W.LIST_TITLES


def test_window_by_id_follows_and_raise(fake):
    w = W.find_window("Enlight")
    fake.wins[0]._client = (204, 120, 312, 466)  # moved
    assert W.window_by_id(w.wid).region == Region(204, 120, 312, 466)
    assert W.raise_window(w) and fake.wins[0].activated
    fake.wins.pop(0)
    with pytest.raises(W.WindowError, match="gone"):
        W.window_by_id(w.wid, w.title)


# --- the real library under a window manager ---------------------------------------

@pytest.fixture(scope="module")
def wm_screen():
    """A virtual screen of its own with openbox running (PyWinCtl needs a
    window manager on Linux; the other display tests run without one)."""
    if shutil.which("Xvfb") is None or shutil.which("openbox") is None:
        pytest.skip("Xvfb and openbox are needed (make test installs them)")
    from puzzlebot.sim.launch import start_xvfb, stop

    proc, display = start_xvfb(1280, 800)
    wm = subprocess.Popen(["openbox", "--sm-disable"], env=dict(os.environ, DISPLAY=display),
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    yield display
    wm.terminate()
    wm.wait(timeout=10)
    stop(proc)


def _in_display(display: str, code: str) -> dict:
    """Run ``code`` (which prints one JSON line) in a fresh process on
    ``display``: PyWinCtl binds to the display it first sees."""
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-1500:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.mark.display
def test_pywinctl_under_a_window_manager(wm_screen, tmp_path):
    from puzzlebot.sim import launch

    ev = tmp_path / "e.jsonl"
    env_old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = wm_screen
    try:
        proc = launch.start_enlight(ev, "--level", "3", "--position", "60,60")
    finally:
        if env_old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = env_old
    try:
        launch.wait_for(ev, "start")
        time.sleep(0.8)
        got = _in_display(wm_screen, """
import json, pywinctl
from puzzlebot.calibration import windows as W
w = W.find_window("enlight$")
raw = [x for x in pywinctl.getAllWindows() if x.title == w.title][0]
a = W.find_window(app="tk")
print(json.dumps({"region": w.region.as_tuple(), "frame": [raw.left, raw.top, raw.width, raw.height],
                  "raised": W.raise_window(w), "active": W.find_window("active").title, "app": a.wid == w.wid}))
""")
        x, y, cw, ch = got["region"]
        fx, fy, fw, fh = got["frame"]
        assert fy < y and ch < fh  # the client area leaves out the title bar
        assert got["raised"] and got["active"] == "Device Emulator - Enlight" and got["app"]
        # the bot, told only the title, plays it inside the frame
        audit = tmp_path / "clicks.json"
        r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "run", "enlight", "--window", "Enlight",
                            "--interval", "0.005", "--clicks", str(audit)], cwd=ROOT,
                           env=dict(os.environ, DISPLAY=wm_screen), capture_output=True, text=True, timeout=120)
        # on failure, the game's own last events too: whether the click came, and where, and the board the game
        # itself holds after its last press (the game's word against what the bot read on the screen)
        events = launch.events(ev)
        boards = [e.get("board") for e in events if e.get("event") == "press"]
        off_board = [e for e in events if e.get("event") == "click" and not e.get("cell")]
        assert r.returncode == 0, r.stderr[-1500:] + "\nthe game's last events:\n" + "\n".join(
            str({k: e.get(k) for k in ("event", "cell", "x", "y", "moves")}) for e in events[-8:]) + \
            f"\nthe game's board after its last press:\n{boards[-1] if boards else None}\n" \
            f"clicks off the board: {off_board}\n" \
            f"the bot's last pointer actions: {audit.read_text()[-1200:] if audit.exists() else None}"
        assert launch.wait_for(ev, "solved", 5)
        assert not [e for e in launch.events(ev) if e.get("event") == "click" and e.get("cell") is None]
    finally:
        launch.stop(proc)


def test_default_window_for_enlight_matches_the_emulators_titles():
    import re

    from puzzlebot.bot import games

    pattern = games.get("lights").player.default_window
    for title in ("Device Emulator - Enlight", "Windows Mobile 6 Professional Device Emulator",
                  "Device Emulator (Pocket PC 2003 SE)", "Enlight"):
        assert re.search(pattern, title, re.IGNORECASE), title
    for title in ("Tango | LinkedIn", "Puzzle 3", "Queens"):
        assert not re.search(pattern, title, re.IGNORECASE), title


def test_no_display_means_a_clear_error(monkeypatch):
    monkeypatch.setattr(W, "_pywinctl", lambda: None)
    monkeypatch.setattr(W, "_xlib_windows", lambda with_app=False: [])
    with pytest.raises(W.WindowError, match="no titled window is open at all"):
        W.find_window("Enlight")
    assert Path(W.__file__).read_text().count("import pywinctl") == 1  # imported lazily, in one place


def test_an_empty_xauthority_is_given_without_leaving_a_file_behind(monkeypatch, tmp_path):
    """With no Xauthority of the user's, each command once made a file of its
    own in the temporary folder and left it there (thousands after a day of tests)."""
    import tempfile

    monkeypatch.setenv("DISPLAY", ":97")
    monkeypatch.delenv("XAUTHORITY", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "temp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    W.xauthority()
    given = os.environ["XAUTHORITY"]
    assert Path(given).read_bytes() == b""  # python-xlib reads it as no cookie at all
    assert os.listdir(tmp_path / "temp") == []
    monkeypatch.setenv("XAUTHORITY", "/the/users/own")
    W.xauthority()
    assert os.environ["XAUTHORITY"] == "/the/users/own"


@pytest.mark.display
@pytest.mark.parametrize("zoom", ["1", "2"])
def test_enlight_found_by_its_usual_title_at_both_emulator_zooms(xvfb, tmp_path, zoom):
    """No --window, --region or profile: the emulator's usual window is
    looked for first; the device skin around the screen at 1x (12-px-ish
    cells) and 2x is the reader's to see past."""
    from puzzlebot.sim import launch

    ev = tmp_path / "e.jsonl"
    proc = launch.start_enlight(ev, "--level", "5", "--scale", zoom, "--position", "500,40")
    try:
        launch.wait_for(ev, "start")
        time.sleep(0.5)
        r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "run", "enlight", "--interval", "0.005"], cwd=ROOT,
                           capture_output=True, text=True, timeout=180)
        assert r.returncode == 0, r.stderr[-1500:]
        assert "looking at window 'Device Emulator - Enlight'" in r.stderr
        assert launch.wait_for(ev, "solved", 5)
        assert not [e for e in launch.events(ev) if e.get("event") == "click" and e.get("cell") is None]
    finally:
        launch.stop(proc)


@pytest.mark.display
def test_calibrate_brings_a_covered_window_to_the_front(wm_screen, tmp_path):
    """Enlight under another window: 'calibrate --window' raises it before
    it looks, so what it calibrates on is the game."""
    from puzzlebot.sim import launch

    env = dict(os.environ, DISPLAY=wm_screen, HOME=str(tmp_path))
    ev = tmp_path / "e.jsonl"
    enlight = subprocess.Popen([sys.executable, "-m", "puzzlebot.sim.lights.enlight", "--events", str(ev),
                                "--level", "3", "--position", "60,60"], cwd=ROOT, env=env)
    cover = None
    try:
        launch.wait_for(ev, "start", 30, enlight)
        time.sleep(0.8)
        cover = subprocess.Popen([sys.executable, "-c", "import tkinter as t; w = t.Tk(); w.title('Notes'); "
                                  "w.geometry('700x700+0+0'); w.configure(bg='#e8e0c8'); w.mainloop()"], env=env)
        time.sleep(1.5)
        covered = _in_display(wm_screen, "import json; from puzzlebot.calibration import windows as W; "
                              "print(json.dumps(W.find_window('active').title))")
        assert covered == "Notes"  # the game is behind it now
        r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "calibrate", "enlight", "--window", "Enlight"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr[-1500:]
        assert "10x10" in r.stdout + r.stderr
    finally:
        launch.stop(cover, enlight)


@pytest.mark.display
def test_run_says_when_it_falls_back_to_the_whole_screen(wm_screen, tmp_path):
    r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "run", "enlight", "--dry-run"], cwd=ROOT,
                       env=dict(os.environ, DISPLAY=wm_screen, HOME=str(tmp_path)), capture_output=True, text=True,
                       timeout=120)
    assert "no window titled" in r.stderr and "searching the whole screen" in r.stderr, r.stderr
    assert "looking at the whole screen (0, 0, 1280, 800)" in r.stderr and r.returncode == 4, r.stderr


def test_covering_names_windows_over_the_game_near_the_board_not_those_beside_it(monkeypatch):
    """Stacking order, bottom to top: a desktop, the game's window, then
    others.  Counted: above the game, over part of its window, within the
    margin of the board.  A window tiled beside the game's is not."""
    from puzzlebot.calibration import windows as W
    from puzzlebot.calibration.mapping import Region

    game = Region(100, 100, 300, 300)
    board = Region(110, 150, 200, 200)  # 10 px from the game window's left edge
    stack = [(Region(0, 0, 1280, 800), "desktop"), (game, "Game"),
             (Region(0, 100, 100, 300), "beside"),  # ends where the game's window starts
             (Region(150, 340, 400, 200), "over the last rows"),  # overlaps the game's window and the board
             (Region(50, 600, 50, 50), "far")]
    monkeypatch.setattr(W.sys, "platform", "linux")
    monkeypatch.setattr(W, "_x11_stack", lambda: stack)
    assert W.covering(board, 22) == ["'over the last rows'"]
    # below the game in the stacking order: hidden by it, not over it
    monkeypatch.setattr(W, "_x11_stack", lambda: [stack[0], stack[3], stack[1]])
    assert W.covering(board, 22) == []
    monkeypatch.setattr(W, "_x11_stack", lambda: None)
    assert W.covering(board, 22) is None
