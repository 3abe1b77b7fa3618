"""One table of exit statuses for the whole CLI, the same in every game:
0 done, 2 bad input, 3 no solution, 4 no board or an unsure read (--strict),
5 stopped by the screen, 130 interrupted.  Each status is asserted for each
game that can reach it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import cv2
import numpy as np
import pytest

from puzzlebot.bot import games
from puzzlebot.bot.games.base import Capability

from .helpers import EXAMPLE_FILES as SOLVABLE
from .helpers import EXAMPLE_IMAGES as IMAGES
from .helpers import ROOT
from .helpers import cli_here as cli

# well-formed puzzles with no solution, each for its own reason
IMPOSSIBLE = {
    "lights": "#...\n....\n....\n....\n",  # odd on one of 4x4's quiet patterns
    "switches": "a b\na\na b\n",  # both switches flip both nodes: 'a' alone never flips
    "tango": "SSS...\n" + "......\n" * 5,  # the givens break a rule
    "ripple": json.dumps({"game": "ripple", "rooms": [[1, 1]], "givens": [[1, 1]]}),
    "queens": json.dumps({"game": "queens", "regions": ["AAAA", "AAAA", "AAAA", "BCDD"], "queens": [],
                          "marks": []}),  # regions B and C are side by side in one row
    "zip": "1 2 .\n. . .\n. . .\n",  # a path over 9 cells ends on the colour it started on: not beside it
    "sudoku": "11..\n....\n....\n....\n",
    "patches": json.dumps({"game": "patches", "size": [2, 2],  # the square of 4 cannot leave out the other clue
                           "clues": [[0, 0, "square", 4], [1, 1, "any", 1]]}),
}


def test_the_table_covers_every_game():
    assert set(SOLVABLE) == set(IMPOSSIBLE) == {g.name for g in games.able(Capability.SOLVE)}
    assert set(IMAGES) == {g.name for g in games.able(Capability.DETECT)}
    status, out, _ = cli("--help")
    assert "0 done" in out and "2 bad input" in out and "3 puzzle has no solution" in out and "130" in out


@pytest.mark.parametrize("game", sorted(SOLVABLE))
def test_solve_0_2_3(game):
    assert cli("solve", game, str(SOLVABLE[game]))[0] == 0
    status, _, err = cli("solve", game, "-", stdin="@@ not a puzzle @@\n")
    assert status == 2 and err.startswith("puzzlebot: ") and err.count("\n") == 1, err
    status, _, err = cli("solve", game, "-", stdin=IMPOSSIBLE[game])
    assert status == 3 and "no solution" in err.lower(), (status, err)
    assert cli("solve", game, str(ROOT / "no-such-file.txt"))[0] == 2


@pytest.mark.parametrize("game", sorted(IMAGES))
def test_detect_0_2_4(game, tmp_path):
    assert cli("detect", game, str(IMAGES[game]))[0] == 0
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((600, 800, 3), 235, np.uint8))
    status, _, err = cli("detect", game, str(blank))
    assert status == 4 and err.count("\n") == 1, err
    text = tmp_path / "notes.png"
    text.write_text("not an image")
    assert cli("detect", game, str(text))[0] == 2


@pytest.mark.parametrize("game", sorted(IMAGES))
def test_detect_strict_4_on_an_unsure_read(game, tmp_path):
    """The example with a window over its lower right corner (two rows and
    columns of cells and what lies past them): unsure there (exit 0, the
    doubt said) or refused (4); with --strict, 4 either way."""
    img = cv2.imread(str(IMAGES[game]))
    _, out, _ = cli("detect", game, str(IMAGES[game]), "--json")
    lat = json.loads(out)["lattice"]
    x = int(lat["x0"] + (lat["cols"] - 2) * lat["pitch_x"])
    y = int(lat["y0"] + (lat["rows"] - 2) * lat["pitch_y"])
    img[y:, x:] = (128, 128, 128)
    path = tmp_path / "covered.png"
    cv2.imwrite(str(path), img)
    status, out, err = cli("detect", game, str(path), "--json")
    assert status == 4 or (status == 0 and json.loads(out)["sure"] is False), (status, out[:300], err)
    assert cli("detect", game, str(path), "--strict")[0] == 4


class StillScreen:
    """A screen that shows one image and never changes."""

    def __init__(self, img):
        from puzzlebot.calibration.mapping import Region

        self.img, self.bounds = img, Region(0, 0, img.shape[1], img.shape[0])

    def grab(self, region):
        return self.img[region.top:region.top + region.height, region.left:region.left + region.width].copy()


class DeafMouse:
    """Takes every event and does nothing with it."""

    def __init__(self, bounds):
        self.bounds, self.pos, self.events = bounds, (bounds.width - 1, bounds.height - 1), []

    def check_not_in_corner(self):
        pass

    def screens(self):
        return [self.bounds]

    def position(self):
        return self.pos

    def move(self, x, y):
        self.pos = (x, y)

    def perform(self, gesture, watch=None):
        self.events += list(gesture.events)


@pytest.mark.parametrize("game", sorted(g.name for g in games.able(Capability.RUN)))
def test_run_5_when_the_game_ignores_the_bot(game):
    """The example screenshot on a screen where nothing the bot does has
    any effect: the first action's result is not seen, the run stops (5)."""
    from puzzlebot.bot.loop import Runner, Stopped, Target

    img = cv2.imread(str(IMAGES[game]))
    screen = StillScreen(img)
    mouse = DeafMouse(screen.bounds)
    runner = Runner(games.get(game), screen, mouse, Target(screen.bounds), timeout=0.3, say=lambda m: None)
    with pytest.raises(Stopped) as err:
        runner.run()
    assert err.value.exit_code == 5 and mouse.events, str(err.value)


SOLVED = sorted((ROOT / "fixtures").glob("*/*_solved.*"))


@pytest.mark.parametrize("path", SOLVED, ids=[p.stem for p in SOLVED])
def test_run_0_on_a_solved_board_with_nothing_clicked(path):
    """A board already solved (our pages' screenshots of each game, light
    and dark) is read whole and said solved: exit 0, no action (Enlight's
    live in test_bot)."""
    from puzzlebot.bot.loop import Runner, Target

    screen = StillScreen(cv2.imread(str(path)))
    mouse = DeafMouse(screen.bounds)
    result = Runner(games.get(path.parent.name), screen, mouse, Target(screen.bounds), timeout=0.3,
                    say=lambda m: None).run()
    assert result.outcome == "already solved" and not result.plan and not mouse.events


def test_solved_screenshots_of_every_game_we_play_on_a_page():
    assert {p.parent.name for p in SOLVED} >= {g.name for g in games.able(Capability.RUN)} - {"lights"}


@pytest.mark.parametrize("game", sorted(SOLVABLE))
def test_interrupted_130(game):
    """Ctrl-C while the command waits for its puzzle on standard input."""
    proc = subprocess.Popen([sys.executable, "-m", "puzzlebot.bot.cli", "solve", game, "-"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(1.0)  # past start-up, into the read
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and "interrupted" in err, (proc.returncode, err)


def test_a_region_off_the_screen_is_bad_input():
    """--region partly or wholly outside the screen is the user's input to
    mend (exit 2, naming the screen), as a malformed one is."""
    import argparse

    from puzzlebot.bot.cmd_run import _target
    from puzzlebot.solvers.errors import InputError

    screen = StillScreen(np.zeros((600, 800, 3), np.uint8))
    for region in ("-5,0,100,100", "700,500,200,200", "5000,5000,10,10"):
        args = argparse.Namespace(region=region, window=None, app=None, profile=None)
        with pytest.raises(InputError) as err:
            _target(args, games.get("tango"), screen)
        assert err.value.exit_code == 2 and "(0, 0, 800, 600)" in str(err.value), str(err.value)
    args = argparse.Namespace(region="0,0,800,600", window=None, app=None, profile=None)
    assert _target(args, games.get("tango"), screen)[0].region.as_tuple() == (0, 0, 800, 600)
