"""Other people's puzzles that are none of our games: Simon Tatham's
(Debian's sgt-puzzles), drawn as grids of numbers, colours, black and white
cells and marks like ours, each opened on a virtual screen and read by every
reader.  None may read one as a sure board of its game: the bot would act on
another game's screen (Fifteen's number tiles were a sure Zip board)."""

from __future__ import annotations

import subprocess

import pytest

from puzzlebot.vision.image_io import load_image

from . import tatham
from .helpers import pmap

# (program, window title): number tiles (Fifteen, Twiddle, Sixteen), digit
# grids (Unequal, Keen, Towers, Singles), cells of many colours (Flood, Same
# Game), black, white and grey cells (Pattern, Mosaic, Light Up, Mines) and
# marks in cells (Magnets, Tents, Range).
PUZZLES = [("sgt-fifteen", "Fifteen"), ("sgt-twiddle", "Twiddle"), ("sgt-sixteen", "Sixteen"),
           ("sgt-unequal", "Unequal"), ("sgt-keen", "Keen"), ("sgt-towers", "Towers"), ("sgt-singles", "Singles"),
           ("sgt-flood", "Flood"), ("sgt-samegame", "Same Game"), ("sgt-pattern", "Pattern"),
           ("sgt-mosaic", "Mosaic"), ("sgt-lightup", "Light Up"), ("sgt-mines", "Mines"),
           ("sgt-magnets", "Magnets"), ("sgt-tents", "Tents"), ("sgt-range", "Range")]


@pytest.fixture
def puzzles_screen(tmp_path, monkeypatch):
    yield from tatham.screen("sgt-fifteen", "Fifteen", tmp_path, monkeypatch)


def _sure_reads(path: str) -> list[str]:
    """The games whose reader reads the image as a sure board."""
    from puzzlebot.bot import games
    from puzzlebot.solvers.errors import PuzzlebotError

    img = load_image(path)
    sure = []
    for game in games.able("detect"):
        try:
            if game.reader.read_board(img).sure:
                sure.append(game.name)
        except PuzzlebotError:  # refused: no board of that game
            pass
    return sure


@pytest.mark.slow
def test_other_puzzles_are_read_as_no_game(puzzles_screen, tmp_path):
    paths = []
    for name, title in PUZZLES:
        exe = tatham.program(name)
        if exe is None:
            continue
        # the puzzle's default size and a fixed seed: the same board each run
        params = subprocess.run([exe, "--generate", "1"], capture_output=True, text=True, timeout=60).stdout
        puzzles_screen(params.split(":")[0] + "#puzzlebot", name)
        path = tmp_path / f"{name}.png"
        tatham.capture(f"^{title}$", path)
        paths.append(str(path))
    assert len(paths) >= 12, "sgt-puzzles is installed, yet most of its puzzles are not"
    reads = dict(zip(paths, pmap(_sure_reads, paths)))
    assert not any(reads.values()), {p: r for p, r in reads.items() if r}
