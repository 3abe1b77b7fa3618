"""The Enlight simulator: rules, levels, rendering, and the real Tk window."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import numpy as np
import pytest

from puzzlebot.sim.lights.game import EnlightGame, builtin_level, random_board
from puzzlebot.sim.lights.render import THEMES, layout, render_screen, screen_offset
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.lights.solve import LightsRules, solve
from puzzlebot.vision.image_io import load_image
from puzzlebot.vision.lights_reader import read as read_lights
from puzzlebot.vision.lights_reader import rows_text

from .helpers import ROOT, pointer


def test_press_toggles_the_plus_and_wins():
    g = EnlightGame(np.zeros((3, 3), dtype=np.int64))
    g.press(1, 1)
    assert g.rows_text() == [".#.", "###", ".#."] and g.moves == 1
    g.press(1, 1)
    assert g.solved


def test_levels_are_stable_and_solvable():
    assert np.array_equal(builtin_level(7), builtin_level(7))
    for n in range(1, 12):
        b = builtin_level(n)
        ans = solve(b, LightsRules(10, 10))
        g = EnlightGame(b)
        for r, c in ans.cells():
            g.press(r, c)
        assert g.solved
    for size in (3, 5, 20):
        b = random_board(size, seed=4)
        assert np.array_equal(b, random_board(size, seed=4))
        solve(b, LightsRules(size, size))  # raises if not solvable
    with pytest.raises(InputError):
        random_board(21)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_render_reads_back(theme):
    b = builtin_level(5)
    img = render_screen(EnlightGame(b, level=5), theme)
    rd = read_lights(img)
    assert rd.sure and rows_text(rd) == EnlightGame(b).rows_text()


def test_render_to_png_from_the_command_line(tmp_path):
    out = tmp_path / "board.png"
    r = subprocess.run([sys.executable, "-m", "puzzlebot.sim.lights.enlight", "--random", "--seed", "3", "--size", "7",
                        "--render", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rd = read_lights(load_image(out))
    assert rows_text(rd) == EnlightGame(random_board(7, seed=3)).rows_text()


def test_window_plays_and_logs_events(xvfb, tmp_path):
    events = tmp_path / "events.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "puzzlebot.sim.lights.enlight", "--level", "1", "--position", "120,80",
                             "--events", str(events)], cwd=ROOT)
    try:
        for _ in range(100):
            if events.exists() and events.read_text().strip():
                break
            time.sleep(0.1)
        start = json.loads(events.read_text().splitlines()[0])
        assert start["event"] == "start" and start["board"] == EnlightGame(builtin_level(1)).rows_text()
        lay = layout(10, 10, 1)
        ox, oy = screen_offset(1)
        answer = solve(builtin_level(1), LightsRules(10, 10))
        for r, c in answer.cells():
            x0, y0, x1, y1 = lay.cell_box(r, c)
            x, y = 120 + ox + (x0 + x1) // 2, 80 + oy + (y0 + y1) // 2
            pointer(x, y, click=True)
        for _ in range(100):
            lines = [json.loads(s) for s in events.read_text().splitlines()]
            if any(e["event"] == "solved" for e in lines):
                break
            time.sleep(0.1)
        presses = [e for e in lines if e["event"] == "press"]
        assert [tuple(e["cell"]) for e in presses] == answer.cells()
        assert lines[-1]["event"] == "solved" and presses[-1]["board"] == ["." * 10] * 10
    finally:
        proc.terminate()
        proc.wait(timeout=10)
