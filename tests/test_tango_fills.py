"""Tango boards whose pieces are fills (as Tatham's Unruly draws them),
drawn here in several colourings: read whole against the board drawn,
givens told by their bevel, the empty fill told by the givens and the
rules; boards where that cannot be told are refused, never guessed."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from puzzlebot.bot.loop import Runner, Target
from puzzlebot.calibration.mapping import Region
from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN, TangoBoard
from puzzlebot.solvers.tango.search import count_solutions
from puzzlebot.vision.errors import NoBoardError
from puzzlebot.vision.tango.reader import read, read_cells

from .helpers import FakePointer

PITCH, MARGIN = 40, 30
# (page, empty, first piece, second piece, grid line), BGR
LOOKS = {
    "unruly": ((230, 230, 230), (128, 128, 128), (51, 51, 51), (216, 216, 216), (80, 80, 80)),
    "coloured": ((250, 250, 250), (200, 200, 200), (60, 60, 200), (200, 120, 40), (255, 255, 255)),
    "dark": ((30, 30, 30), (70, 70, 70), (20, 160, 240), (240, 240, 240), (10, 10, 10)),
}


def draw(values: np.ndarray, locked: np.ndarray, look: str) -> np.ndarray:
    page, empty, first, second, line = LOOKS[look]
    n = values.shape[0]
    side = n * PITCH + 2 * MARGIN
    img = np.full((side, side, 3), page, np.uint8)
    cv2.rectangle(img, (MARGIN - 3, MARGIN - 3), (MARGIN + n * PITCH + 2, MARGIN + n * PITCH + 2), line, -1)
    for r in range(n):
        for c in range(n):
            x, y = MARGIN + c * PITCH, MARGIN + r * PITCH
            fill = {EMPTY: empty, SUN: first, MOON: second}[int(values[r, c])]
            cv2.rectangle(img, (x + 1, y + 1), (x + PITCH - 2, y + PITCH - 2), fill, -1)
            if locked[r, c]:  # a bevel, as Unruly draws one: a darker and a lighter line round an inner square
                q = PITCH // 4
                darker = tuple(max(0, v - 25) for v in fill)
                lighter = tuple(min(255, v + 25) for v in fill)
                cv2.line(img, (x + q, y + q), (x + PITCH - q, y + q), darker, 1)
                cv2.line(img, (x + q, y + q), (x + q, y + PITCH - q), darker, 1)
                cv2.line(img, (x + PITCH - q, y + q), (x + PITCH - q, y + PITCH - q), lighter, 1)
                cv2.line(img, (x + q, y + PITCH - q), (x + PITCH - q, y + PITCH - q), lighter, 1)
    return img


def puzzle(n: int, seed: int, placed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(cells shown, locked, solution): a random full board by Tango's rules,
    a third of its cells given, ``placed`` more shown as if played."""
    rng = random.Random(seed)
    sol = np.array(count_solutions(TangoBoard.empty(n), limit=1, rng=rng).solution, np.int64)
    cells = [(r, c) for r in range(n) for c in range(n)]
    shown = rng.sample(cells, n * n // 3 + placed)
    values = np.full((n, n), EMPTY, np.int64)
    locked = np.zeros((n, n), bool)
    for i, rc in enumerate(shown):
        values[rc] = sol[rc]
        locked[rc] = i < n * n // 3
    return values, locked, sol


@pytest.mark.parametrize("look", sorted(LOOKS))
@pytest.mark.parametrize("n, seed, placed", [(6, 1, 0), (8, 2, 5), (10, 3, 12)])
def test_a_filled_board_is_read_whole(look, n, seed, placed):
    values, locked, sol = puzzle(n, seed, placed)
    rd = read(draw(values, locked, look))
    assert rd.looks.fills is not None and not rd.unsure, rd.unsure
    # the darker piece is the first: flip the drawn values when the first fill drawn is the lighter
    page, empty, first, second, _ = LOOKS[look]
    swap = sum(first) > sum(second)
    want = np.where(values == EMPTY, EMPTY, np.where((values == SUN) ^ swap, SUN, MOON))
    assert (rd.state == want).all(), (rd.state, want)
    assert (np.array(rd.board.locked) == locked).all()
    # between moves: the solution drawn, read against the fills learnt
    full = draw(sol, locked, look)
    want_full = np.where((sol == SUN) ^ swap, SUN, MOON)
    assert (read_cells(full, rd.lattice, rd) == want_full).all()


def test_two_fills_and_nothing_else_are_no_tango_board():
    """Lit and unlit lights look like a full board of two pieces: refused."""
    rng = np.random.default_rng(5)
    values = rng.integers(1, 3, (6, 6))
    with pytest.raises(NoBoardError):
        read(draw(values, np.zeros((6, 6), bool), "unruly"))


def test_the_empty_fill_that_cannot_be_told_is_not_guessed():
    """No givens marked and pieces placed so that any of the three fills
    could be the empty one by the rules: refused, not read."""
    values = np.array([[EMPTY, SUN, MOON, EMPTY],
                       [MOON, EMPTY, SUN, MOON],
                       [SUN, MOON, EMPTY, SUN],
                       [EMPTY, SUN, MOON, EMPTY]])
    with pytest.raises(NoBoardError, match="more than one fill"):
        read(draw(values, np.zeros((4, 4), bool), "unruly"))


# --- the bot learns a click's cycle from the game -------------------------------------------------

SCREEN = Region(0, 0, 1000, 800)


def unique_puzzle(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(givens shown, locked, solution): givens added in random order until
    the puzzle has one answer."""
    rng = random.Random(seed)
    sol = np.array(count_solutions(TangoBoard.empty(n), limit=1, rng=rng).solution, np.int64)
    board = TangoBoard.empty(n)
    for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        board.cells[r][c], board.locked[r][c] = int(sol[r, c]), True
        if count_solutions(board, limit=2).count == 1:
            break
    return np.array(board.cells, np.int64), np.array(board.locked, bool), sol


class FilledGame(FakePointer):
    """A filled-cells Tango board on a screen: a click moves a free cell on
    around ``cycle`` (values as drawn: SUN the darker fill, MOON the lighter)."""

    screens_list = [SCREEN]

    def __init__(self, values, locked, cycle):
        self.values, self.locked, self.cycle = values.copy(), locked, cycle
        n = values.shape[0]
        side = n * PITCH + 2 * MARGIN
        self.region = Region(150, 100, side, side)
        self.pos, self.clicks = (5, 5), 0

    # the screen
    bounds = SCREEN

    def grab(self, region: Region) -> np.ndarray:
        full = np.full((SCREEN.height, SCREEN.width, 3), 255, np.uint8)
        g = self.region
        full[g.top:g.top + g.height, g.left:g.left + g.width] = draw(self.values, self.locked, "unruly")
        return full[region.top:region.top + region.height, region.left:region.left + region.width].copy()

    # the mouse
    def perform(self, gesture, watch=None):
        for ev in gesture.events:
            if ev[0] == "move":
                self.pos = ev[1:3]
            elif ev[0] in ("click", "repeat"):
                self.clicks += 1
                r = int((ev[2] - self.region.top - MARGIN) // PITCH)
                c = int((ev[1] - self.region.left - MARGIN) // PITCH)
                if not self.locked[r, c]:
                    k = self.cycle.index(int(self.values[r, c]))
                    self.values[r, c] = self.cycle[(k + 1) % 3]


def full_by_the_rules(values: np.ndarray) -> bool:
    n = values.shape[0]
    lines = list(values) + list(values.T)
    return bool((values != EMPTY).all() and all((line == SUN).sum() * 2 == n for line in lines)
                and all(not (line[i] == line[i + 1] == line[i + 2]) for line in lines for i in range(n - 2)))


@pytest.mark.parametrize("seed", [11, 12, 13])
@pytest.mark.parametrize("cycle, learnt", [((EMPTY, SUN, MOON), "darker fill first, as guessed"),
                                           ((EMPTY, MOON, SUN), "lighter fill first")])
def test_the_bot_learns_which_piece_a_click_puts_and_solves(cycle, learnt, seed):
    """No look says which fill a first click puts: the bot clicks once, sees,
    and plays the rest by what it saw, whichever way the game cycles."""
    from puzzlebot.bot import games

    values, locked, sol = unique_puzzle(6, seed)
    game = FilledGame(values, locked, cycle)
    said = []
    runner = Runner(games.get("tango"), game, game, Target(game.region), timeout=0.5, say=said.append)
    result = runner.run()
    assert result.outcome == "solved", result.outcome
    assert any(learnt in m for m in said), said
    assert full_by_the_rules(game.values) and (game.values[locked] == values[locked]).all()


def test_calibrate_probe_learns_puts_the_cell_back_and_the_run_uses_what_it_learnt():
    """'calibrate --probe': one cell clicked through its cycle and back (the
    board as it was), the fact kept; a run given it plays without probing."""
    from puzzlebot.bot import games

    values, locked, sol = unique_puzzle(6, 12)
    game = FilledGame(values, locked, (EMPTY, MOON, SUN))
    tango = games.get("tango")
    prober = Runner(tango, game, game, Target(game.region), timeout=0.5, say=lambda m: None)
    reading = tango.reader.read(game.grab(game.region))
    facts, taught = prober.probe_and_put_back(reading)
    assert facts == {"first piece a click puts": "lighter fill"} and "lighter fill" in taught
    assert (game.values == values).all() and game.clicks == 3
    said = []
    runner = Runner(tango, game, game, Target(game.region), timeout=0.5, say=said.append, facts=facts)
    assert runner.run().outcome == "solved" and not any("learnt" in m for m in said), said
    assert full_by_the_rules(game.values) and (game.values[locked] == values[locked]).all()


def test_a_pointer_over_an_empty_cell_does_not_make_it_a_given():
    values, locked, _ = puzzle(8, 4)
    img = draw(values, locked, "unruly")
    r, c = (int(v) for v in np.argwhere(values == EMPTY)[0])
    x, y = MARGIN + c * PITCH + PITCH // 3, MARGIN + r * PITCH + PITCH // 3
    arrow = np.array([[x, y], [x, y + 18], [x + 5, y + 13], [x + 12, y + 13]], np.int32)
    cv2.fillPoly(img, [arrow], (255, 255, 255))
    cv2.polylines(img, [arrow], True, (0, 0, 0), 1)
    rd = read(img)
    assert rd.state[r, c] == EMPTY and not rd.board.locked[r][c]
    assert (np.array(rd.board.locked) == locked).all()


def _cover(img: np.ndarray, lat, k: int, side: str, colour) -> np.ndarray:
    """``img`` with k rows (or columns) of the board at ``side``, their lines
    and the frame beside them painted ``colour``: what a toast or a window
    of the board's own colour shows."""
    out = img.copy()
    n = lat.rows
    x0, y0, x1, y1 = int(lat.x0) - 2, int(lat.y0) - 2, int(lat.x0 + n * lat.px) + 3, int(lat.y0 + n * lat.py) + 3
    if side == "bottom":
        out[int(lat.y0 + (n - k) * lat.py):y1, x0:x1] = colour
    elif side == "top":
        out[y0:int(lat.y0 + k * lat.py), x0:x1] = colour
    elif side == "right":
        out[y0:y1, int(lat.x0 + (n - k) * lat.px):x1] = colour
    else:
        out[y0:y1, x0:int(lat.x0 + k * lat.px)] = colour
    return out


@pytest.mark.parametrize("source", ["fixtures/tango/tango_23_12x12_boxes-dark_40px.png",
                                    "fixtures/tango/tango_21_6x6_plain_70px.png", "fills"])
def test_rows_hidden_under_the_cells_own_colour_are_never_read_sure_and_wrong(source):
    """A cover the colour of the empty cells over one or two rows or columns
    (their lines too): the cells under it look empty.  Read as 12 sure
    boards with pieces gone before; now each such cell is unsure (no border
    seen around it), or the board is refused."""
    from pathlib import Path

    if source == "fills":
        values, locked, _ = puzzle(8, 2, 4)
        img = draw(values, locked, "unruly")
    else:
        img = cv2.imread(str(Path(__file__).resolve().parents[1] / source))
    truth = read(img)
    assert _acted_on(truth)
    lat = truth.lattice
    r, c = (int(v) for v in np.argwhere(truth.state == EMPTY)[0])
    colour = tuple(int(v) for v in img[int(lat.y0 + (r + 0.5) * lat.py), int(lat.x0 + (c + 0.5) * lat.px)])
    for k in (1, 2):
        for side in ("top", "bottom", "left", "right"):
            try:
                rd = read(_cover(img, lat, k, side, colour))
            except NoBoardError:
                continue
            assert not _acted_on(rd) or (rd.state.shape == truth.state.shape and (rd.state == truth.state).all()), \
                (k, side, rd.state)


def _acted_on(rd) -> bool:
    """Whether the bot would act on the reading: sure but for pieces not
    told given or placed (the "plain" look's: taken as givens)."""
    return not set(rd.unsure) - set(rd.looks.given_or_placed)
