"""The bot against Lights Out games that other people wrote, with default
options: GNOME Lights Off (Debian's ``lightsoff``, light and dark theme),
judged by its window title moving to the next puzzle, and the web game in
../shared/games/lights/berson, judged by the page's own state through
Chromium's DevTools protocol.  Every click must land on the board."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from . import tatham
from .helpers import run_cli as bot
from .web_games import Page, Server, need_chromium, shared_game

pytestmark = pytest.mark.display

LIGHTSOFF = shutil.which("lightsoff") or ("/usr/games/lightsoff" if Path("/usr/games/lightsoff").exists() else None)



def clicks_inside(path: Path, box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
    """The bot's clicks (from its --clicks audit file), each checked to lie
    in ``box`` (x0, y0, x1, y1, screen pixels); returns them."""
    data = json.loads(path.read_text())
    pts = [(a["x"], a["y"]) for a in data["actions"] if a["action"] == "click"]
    x0, y0, x1, y1 = box
    outside = [p for p in pts if not (x0 <= p[0] < x1 and y0 <= p[1] < y1)]
    assert not outside, f"clicks outside the board {box}: {outside}"
    return pts


# --- GNOME Lights Off --------------------------------------------------------------------------------

def _lightsoff_window():
    """The Lights Off window (its title says which puzzle it shows), or None."""
    from puzzlebot.calibration.windows import all_windows

    for w in all_windows():
        if re.fullmatch(r"Puzzle \d+", w.title):
            return w
    return None


@pytest.fixture
def lightsoff(xvfb, tmp_path, request):
    if LIGHTSOFF is None:
        pytest.skip("GNOME Lights Off is not installed (make test installs the Debian package lightsoff)")
    env = dict(os.environ, GTK_THEME=request.param, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1")
    cmd = [LIGHTSOFF]
    if shutil.which("dbus-run-session"):
        cmd = ["dbus-run-session", "--", LIGHTSOFF]
    log = tmp_path / "lightsoff.log"
    with open(log, "w") as err:
        proc = subprocess.Popen(cmd, env=env, stdout=err, stderr=err, start_new_session=True)
    end = time.monotonic() + 60
    while _lightsoff_window() is None:
        if time.monotonic() > end or proc.poll() is not None:
            if proc.poll() is None:
                os.killpg(proc.pid, 15)
            pytest.fail(f"GNOME Lights Off did not open its window within 60 s (exit {proc.poll()}): "
                        f"{log.read_text()[-800:]}")
        time.sleep(0.2)
    time.sleep(1.0)  # the first board animates in
    yield
    os.killpg(proc.pid, 15)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)


@pytest.mark.parametrize("lightsoff", ["Adwaita", "Adwaita:dark"], indirect=True)
def test_gnome_lights_off_three_puzzles_in_a_row(lightsoff, tmp_path):
    """`run enlight --window "Puzzle N"`, default options, three times: each
    time the game itself moves on to puzzle N+1, and every click was on
    the board, inside the game's window.  Offline too: a screenshot taken
    before each run is read by `detect lights --strict`, and the bot's
    clicks, mapped onto that reading's cells, turn its board all off."""
    from puzzlebot.bot.capture import Screen
    from puzzlebot.calibration.mapping import Region
    from puzzlebot.solvers.lights.solve import LightsRules, apply_presses

    for k in range(3):
        win = _lightsoff_window()
        title = win.title
        n = int(title.split()[1])
        wx, wy, ww, wh = win.region.as_tuple()
        screen = Screen()
        try:
            shot = screen.grab(Region(wx, wy, ww, wh))
        finally:
            screen.close()
        png = tmp_path / f"puzzle{n}.png"
        cv2.imwrite(str(png), shot)
        seen = bot("detect", "lights", str(png), "--strict", "--json")
        assert seen.returncode == 0, f"puzzle {n} from its screenshot: {seen.stderr}"
        reading = json.loads(seen.stdout)
        log = tmp_path / f"clicks{k}.json"
        # by its title, and once by its program's name (--app)
        where = ("--app", "lightsoff") if k == 1 else ("--window", title)
        r = bot("run", "enlight", *where, "--clicks", str(log))
        assert r.returncode == 0, f"puzzle {n}: exit {r.returncode}: {r.stderr}{r.stdout}"
        end = time.monotonic() + 15
        while _lightsoff_window().title != f"Puzzle {n + 1}":
            assert time.monotonic() < end, f"the game did not move on from puzzle {n}: {_lightsoff_window()}"
            time.sleep(0.1)
        data = json.loads(log.read_text())
        bx, by, bw, bh = data["board"]
        wx, wy, ww, wh = _lightsoff_window().region.as_tuple()
        assert wx <= bx and wy <= by and bx + bw <= wx + ww and by + bh <= wy + wh, (data["board"], (wx, wy, ww, wh))
        clicks = clicks_inside(log, (bx, by, bx + bw, by + bh))
        lat = reading["lattice"]
        board = np.array([[ch == "#" for ch in row] for row in reading["rows"]], np.int64)
        presses = np.zeros_like(board)
        for x, y in clicks:
            presses[int((y - wy - lat["y0"]) // lat["pitch_y"]), int((x - wx - lat["x0"]) // lat["pitch_x"])] += 1
        assert not apply_presses(board, presses % 2, LightsRules(*board.shape)).any()
        time.sleep(1.0)  # the next board animates in


# --- the berson web game -----------------------------------------------------------------------------

BOARD_BOX = ("JSON.stringify((() => { const r = document.querySelector('.board').getBoundingClientRect(); "
             "return [r.left, r.top, r.right, r.bottom]; })())")


@pytest.fixture
def berson(xvfb):
    need_chromium()
    server = Server(shared_game("lights", "berson"))
    page = None
    try:
        page = Page(server.url, 0, 0, 700, 700)
        page.dt.wait_for("typeof board !== 'undefined' && document.body.classList.contains('visible')", timeout=30)
        time.sleep(2.5)  # the page fades in over 2 s (css/style.css), as a user would wait to see it
        yield page
    finally:
        if page is not None:
            page.close()
        server.stop()


def test_berson_five_boards(berson, tmp_path):
    """Five boards in a row with default options; the page says solved
    after each (its own ``puzzleSolved()``), and every click was inside the
    board's box as the page itself reports it."""
    page = berson
    for k in range(5):
        start = page.state("JSON.stringify(board)")
        assert any(any(row) for row in start)
        log = tmp_path / f"clicks{k}.json"
        r = bot("run", "enlight", "--window", "Lights Out", "--clicks", str(log))
        assert r.returncode == 0, f"board {k + 1} {start}: exit {r.returncode}: {r.stderr}{r.stdout}"
        assert page.state("JSON.stringify(puzzleSolved())") is True, f"board {k + 1}: {page.state('JSON.stringify(board)')}"
        x0, y0, x1, y1 = page.state(BOARD_BOX)
        (sx0, sy0), (sx1, sy1) = page.to_screen(x0, y0), page.to_screen(x1, y1)
        assert clicks_inside(log, (sx0, sy0, sx1, sy1))
        # the end screen, then a click on it starts the next board
        page.dt.wait_for("[...document.querySelectorAll('.cell')].every(c => c.classList.contains('instant'))",
                         timeout=10)
        page.click((x0 + x1) / 2, (y0 + y1) / 2)
        page.dt.wait_for("!puzzleSolved()", timeout=10)
        time.sleep(0.5)  # the new board fades in


# --- Tatham's Flip (sgt-puzzles) ---------------------------------------------------------------------

def flip_after_moves(fields: list[tuple[str, str]]) -> tuple[np.ndarray, list[str]]:
    """The grid a Flip save file holds after its moves (1 = dark), and the
    moves' kinds: DESC ends with the start grid in hex, a bit a square in
    reading order, 1 for dark; "M<x>,<y>" flips a square and, in the
    crosses game ("c" in PARAMS), its four neighbours."""
    info = dict(fields)
    cols, rows = (int(v) for v in info["PARAMS"].rstrip("cr").split("x"))
    assert info["PARAMS"].endswith("c"), "not the crosses game"
    bits = "".join(format(int(ch, 16), "04b") for ch in info["DESC"].split(",")[1])
    grid = np.array([int(b) for b in bits[:rows * cols]]).reshape(rows, cols)
    kinds = []
    for key, value in fields:
        if key == "MOVE":
            kinds.append(value[0])
            x, y = (int(v) for v in value[1:].split(","))
            for dy, dx in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= y + dy < rows and 0 <= x + dx < cols:
                    grid[y + dy, x + dx] ^= 1
    return grid, kinds


@pytest.fixture
def flip_screen(tmp_path, monkeypatch):
    yield from tatham.screen("sgt-flip", "Flip", tmp_path, monkeypatch)


@pytest.mark.parametrize("seed", ["31337", "2718"])
def test_tatham_flip_lit_to_the_last_square(flip_screen, tmp_path, seed):
    """Flip's default game (5x5, crosses) asks for every square light: the
    reader calls the light look lit, so `--goal lit`.  The game's saved
    moves, replayed on its saved start, leave no dark square."""
    env = flip_screen(f"5x5c#{seed}")
    log = tmp_path / "clicks.json"
    r = bot("run", "lights", "--window", "Flip", "--goal", "lit", "--clicks", str(log))
    assert r.returncode == 0, f"exit {r.returncode}: {r.stderr}{r.stdout}"
    bx, by, bw, bh = json.loads(log.read_text())["board"]
    assert clicks_inside(log, (bx, by, bx + bw, by + bh))
    grid, kinds = flip_after_moves(tatham.save(env, tmp_path, "flip.sav"))
    assert set(kinds) == {"M"} and not grid.any(), grid


def test_calibrate_probe_checks_the_rule_and_flips_random_shapes_are_not_lights_out(flip_screen, tmp_path):
    """`calibrate --probe` presses one cell and looks: Flip's crosses game
    changes the cell and its side neighbours (Lights Out's rule: kept in the
    profile, the board put back); its random-shapes game changes others, and
    the bot says so and stops (exit 5), the cell put back, no profile."""
    env = flip_screen("5x5c#424")
    prof = tmp_path / "p.json"
    r = bot("calibrate", "lights", "--window", "Flip", "--probe", "--profile", str(prof))
    assert r.returncode == 0, r.stderr
    assert json.loads(prof.read_text())["learnt"] == {"a press changes": "the cell and its side neighbours"}
    fields = tatham.save(env, tmp_path, "crosses.sav")
    moves = [v for k, v in fields if k == "MOVE"]
    assert len(moves) == 2 and moves[0] == moves[1]  # one cell pressed twice: the board as it was
    flip_screen("5x5r#99")
    time.sleep(0.5)
    other = tmp_path / "q.json"
    r = bot("calibrate", "lights", "--window", "Flip", "--probe", "--profile", str(other))
    assert r.returncode == 5 and "another game's rule" in r.stderr and "put back as it was" in r.stderr, r.stderr
    assert not other.exists()
