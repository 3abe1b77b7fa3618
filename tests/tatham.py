"""Simon Tatham's puzzles (Debian's sgt-puzzles) for the live tests: each on
a virtual screen of its own with a window manager, and the game's own saved
state, which is how these desktop games are asked what they show (saved
through the game's menu, as a user would)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlebot.sim import launch

# Menu keys to "Game > Save...": F10 opens the Game menu; Save... is the sixth
# item down (New, Restart, Specific, Random Seed, Load, Save).
SAVE_KEYS = ["f10"] + ["down"] * 6 + ["enter"]


def program(name: str) -> str | None:
    return shutil.which(name) or (f"/usr/games/{name}" if Path(f"/usr/games/{name}").exists() else None)


def screen(name: str, title: str, tmp_path: Path, monkeypatch):
    """A fixture's body: a virtual screen with openbox (GTK dialogs need a
    window manager to take the keyboard); yields start(game_id) -> env,
    which opens the game ``name`` (its window titled ``title``), or with
    start(game_id, other) another of the puzzles."""
    exe = program(name)
    if exe is None:
        pytest.skip(f"Tatham's {title} is not installed (make test installs the Debian package sgt-puzzles)")
    if shutil.which("Xvfb") is None or shutil.which("openbox") is None:
        pytest.skip("Xvfb and openbox are needed (make test installs them)")
    xvfb, display = launch.start_xvfb(1280, 800)
    env = dict(os.environ, DISPLAY=display, HOME=str(tmp_path), NO_AT_BRIDGE="1")
    wm = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    monkeypatch.setenv("DISPLAY", display)
    games = []

    def start(game_id: str, other: str | None = None) -> dict:
        """Open ``game_id`` in the game ``name`` (or the puzzle ``other``, also installed)."""
        games.append(subprocess.Popen([program(other) if other else exe, game_id], cwd=tmp_path, env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(2.0)
        return env

    yield start
    for g in games:
        g.terminate()
        g.wait(timeout=10)
    wm.terminate()
    wm.wait(timeout=10)
    launch.stop(xvfb)


# A game's window, captured by a process of its own (on the current screen:
# this process's window lookups may still be tied to an earlier test's).
_CAPTURE = """import sys, time
from puzzlebot.bot.capture import Screen
from puzzlebot.calibration.windows import WindowError, find_window
from puzzlebot.vision.image_io import write_image
end = time.monotonic() + 15
while True:
    try:
        w = find_window(sys.argv[1])
        break
    except WindowError:
        if time.monotonic() > end:
            raise
        time.sleep(0.2)
time.sleep(0.5)
s = Screen()
write_image(sys.argv[2], s.grab(w.region.clip(s.bounds)))
"""


def capture(title: str, path: Path):
    """The game's window (titled like ``title``) as an image, also written to ``path``."""
    from puzzlebot.vision.image_io import load_image

    subprocess.run([sys.executable, "-c", _CAPTURE, title, str(path)], check=True, timeout=60)
    return load_image(path)


def save(env: dict, folder: Path, name: str) -> list[tuple[str, str]]:
    """Save the game through its own menu into ``folder``/``name`` and
    return the file's fields in order (key, value): PARAMS, DESC, each MOVE."""
    code = ("import time, pyautogui; pyautogui.FAILSAFE = False\n"
            f"for k in {SAVE_KEYS!r}:\n    pyautogui.press(k); time.sleep(0.3)\n"
            f"time.sleep(1.0); pyautogui.write({name!r}, interval=0.02); time.sleep(0.3); pyautogui.press('enter')\n")
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=60)
    path = folder / name
    end = time.monotonic() + 10
    while not path.exists() and time.monotonic() < end:
        time.sleep(0.2)
    time.sleep(0.3)  # written whole
    fields = []
    for line in path.read_text().splitlines():
        key, _, rest = line.partition(":")
        fields.append((key.strip(), rest.partition(":")[2]))
    return fields
