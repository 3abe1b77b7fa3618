"""A Lights Out board whose extent no picture shows: unlit cells drawn as
the page, nothing framing the board.  The reader says which sides are open
(never a sure board it cannot bound); ``run`` presses cells beside them and
looks whether a cell lights past the edge (the game's own rule), and plays
the board at the extent the game showed.  Live on tests/pages/open_lights,
judged by the page."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.lights_reader import cell_beyond
from puzzlebot.vision.lights_reader import read as read_lights

PAGE = (40, 36, 34)  # BGR: a dark page, the unlit cells' colour too
LIT = (40, 170, 250)
P, OX, OY = 52, 200, 130  # pitch, the board's top left


def _board_image(board: np.ndarray, w: int = 700, h: int = 560) -> np.ndarray:
    img = np.full((h, w, 3), PAGE, np.uint8)
    for r, c in zip(*np.nonzero(board)):
        cv2.rectangle(img, (OX + c * P + 3, OY + r * P + 3), (OX + (c + 1) * P - 4, OY + (r + 1) * P - 4), LIT, -1)
    return img


def _board(top_unlit: bool = True) -> np.ndarray:
    rng = np.random.default_rng(5)
    board = (rng.random((5, 6)) < 0.5).astype(int)
    board[-1, :] = 0  # the last row (and the first) all unlit: nothing shows them
    if top_unlit:
        board[0, :] = 0
    board[1, 0] = board[1, -1] = board[2, 2] = 1
    return board


def test_a_title_bar_above_the_lit_cells_is_no_frame(tmp_path):
    """A bar with a title across the page 0.8 of a pitch above the board's
    first row (a browser window's title bar over a page like
    tests/pages/open_lights): its edge was taken for the board's frame and
    the pitch between for a row of unlit cells, which the bar crossed: no
    board ("only part of a board"; live, the title's text in that row:
    "cells hold symbols", another game).  Pitches up to a frame count as
    cells only where they show the plain page now: the side stays open,
    the rest read, not sure; at the extent a profile (or the game's
    answers) gives, the board is read whole."""
    board = _board(top_unlit=False)
    img = _board_image(board)
    top = OY - int(0.8 * P)  # the bar ends 0.8 pitch above the first row
    cv2.rectangle(img, (0, 0), (img.shape[1], top), (200, 190, 180), -1)
    cv2.putText(img, "Lamps", (OX + P, top - 12), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (30, 30, 30), 2)
    rd = read_lights(img)
    assert not rd.sure and rd.looks.sure_within and "top" in rd.looks.open_sides
    assert np.array_equal(rd.state, board[:-1]), rd.state
    known = read_lights(img, hint=Lattice(OX, OY, P, P, 5, 6))  # what the game's answers (or a profile) show
    assert known.sure and np.array_equal(known.state, board), known.state
    from .helpers import run_cli

    cv2.imwrite(str(tmp_path / "lamps.png"), img)
    r = run_cli("detect", "lights", str(tmp_path / "lamps.png"))
    assert r.returncode == 0 and "NOT sure of the board's extent past its top" in r.stderr, r.stderr


def test_a_frame_round_plain_page_bounds_the_board():
    """The same board in a frame drawn round it, the page between: the
    pitches up to the frame are unlit cells, and the board is read whole
    and sure.  Before: its left and right stayed open (the frame was looked
    for beside the lit rows' unlit cells only, too few), and the polarity
    unsure (the page measured as the unlit look's tiles: "drawn larger")."""
    board = _board()
    img = _board_image(board)
    cv2.rectangle(img, (OX - 6, OY - 6), (OX + 6 * P + 4, OY + 5 * P + 4), (160, 160, 160), 2)
    rd = read_lights(img)
    assert rd.sure and not rd.looks.open_sides
    assert np.array_equal(rd.state, board)


def test_a_board_cropped_to_its_lit_cells_is_never_sure():
    """Cropped at the lit cells' edges: unlit cells drawn as the page past
    an image's edge would not show, so the image's edge is no frame.
    Before, the top and bottom edges bounded the board (a sure 3x6 board,
    but for the polarity cue that measured the page as the unlit tiles):
    the run would have played it short."""
    board = _board()
    img = _board_image(board)[OY + P:OY + 4 * P, OX:OX + 6 * P]
    rd = read_lights(img)
    assert not rd.sure and rd.looks.sure_within and set(rd.looks.open_sides) == {"top", "bottom", "left", "right"}


def test_a_cell_lit_past_the_edge_is_seen_and_an_unchanged_page_proves_none():
    """cell_beyond: the place past the lattice lit after a press (True),
    the page there unchanged (False), the place off the image or under a
    cover (None: the images cannot tell)."""
    board = _board()
    before = _board_image(board)
    rd = read_lights(before)
    lat = rd.lattice  # rows 1-3 of the board: the lit ones
    grown = board.copy()
    grown[0, 1] = 1
    after = _board_image(grown)
    assert cell_beyond(before, after, lat, (-1, 1), rd) is True
    assert cell_beyond(before, after, lat, (-1, 3), rd) is False
    assert cell_beyond(before, before, lat, (lat.rows, 2), rd) is False
    assert cell_beyond(before, after, lat, (0, -5), rd) is None  # off the image
    covered_b, covered_a = before.copy(), after.copy()
    for im in (covered_b, covered_a):
        cv2.rectangle(im, (0, 0), (im.shape[1], OY + P - 2), (230, 230, 230), -1)  # a toast over the row
    assert cell_beyond(covered_b, covered_a, lat, (-1, 3), rd) is None


@pytest.mark.display
@pytest.mark.browser
@pytest.mark.parametrize("query, size", [("p=0", "6x6"), ("p=1", "7x7")])
def test_bot_finds_how_far_a_board_of_invisible_unlit_cells_goes_and_solves_it(xvfb, query, size):
    """tests/pages/open_lights: only the lit cells show, and each board's
    outer rows and columns include some all unlit.  Before, the reader took
    the page's title bar for a frame (no board), and without it the board
    was unsure (the polarity cue of size measured the page as the unlit
    look's tiles).  The bot now presses cells beside each open side until
    none lights past it; the page says it is solved."""
    from .web_games import bot_plays_our_page

    said = bot_plays_our_page("open_lights", query, "lights")
    assert f"learnt from the game: the board is {size} cells" in said, said


@pytest.mark.display
@pytest.mark.browser
def test_a_board_going_on_past_the_region_stops_the_run_with_every_press_inside(xvfb):
    """A region whose right edge lies just past the lit cells of a board two
    columns wider (their cells unlit, like the page): the reader cannot see
    them; a press beside the edge lights one past the region, and the run
    stops (exit 5) with no press outside the region, the board unsolved."""
    from .helpers import ROOT, run_cli
    from .web_games import Page, Server, need_chromium

    need_chromium()
    server = Server(ROOT / "tests" / "pages" / "open_lights")
    page = None
    try:
        page = Page(f"{server.url}?p=1", 0, 0, 900, 780)
        page.dt.wait_for("document.querySelectorAll('#g .c').length == 49", timeout=30)
        time.sleep(0.3)
        rights = page.state("JSON.stringify([...document.querySelectorAll('#g .c')].slice(0, 7)"
                            ".map(d => d.getBoundingClientRect().right))")  # each column's right edge
        right = page.to_screen(rights[4], 0)[0] + 3  # just past the fifth column, the last with a lit cell
        r = run_cli("run", "lights", "--region", f"0,0,{right},780")
        assert r.returncode == 5 and "outside the region the bot may click in" in r.stderr, r.stderr
        pressed = page.state("JSON.stringify(window.pressed)")
        assert pressed, "nothing was pressed"
        assert all(page.to_screen(rights[cc], 0)[0] <= right for _, cc in pressed), pressed
        assert page.state("JSON.stringify(window.solved)") is False
    finally:
        if page is not None:
            page.close()
        server.stop()


@pytest.mark.display
@pytest.mark.browser
@pytest.mark.parametrize("colour", ["#f4f1ea", "#3b82f6"])
def test_a_window_over_the_unseen_cells_stops_the_run_before_any_press(xvfb, colour):
    """A window with no frame over the board's last two columns, whose cells
    are all unlit (so the picture shows nothing there either way): in the
    page's own colour, the screen says it lies against the lit cells (exit
    5); in blue, the reader sees its edge run along them (exit 4).  Either
    way nothing is pressed, not even to find the extent."""
    import subprocess
    import sys

    from puzzlebot.sim import launch

    from .helpers import ROOT, run_cli
    from .web_games import Page, Server, need_chromium

    need_chromium()
    server = Server(ROOT / "tests" / "pages" / "open_lights")
    page = cover = None
    try:
        page = Page(f"{server.url}?p=1", 0, 0, 900, 780)
        page.dt.wait_for("document.querySelectorAll('#g .c').length == 49", timeout=30)
        rects = page.state("JSON.stringify([...document.querySelectorAll('#g .c')].map(d => { "
                           "const b = d.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }))")
        x0, y0 = page.to_screen(rects[5][0] - 2, rects[0][1] - 2)  # the sixth column's left, the first row's top
        x1, y1 = page.to_screen(rects[48][2] + 30, rects[48][3] + 30)
        cover = subprocess.Popen([sys.executable, "-c", "import tkinter as t; w = t.Tk(); w.overrideredirect(True); "
                                  f"w.geometry('{x1 - x0}x{y1 - y0}+{x0}+{y0}'); w.configure(bg='{colour}'); "
                                  "w.attributes('-topmost', True); w.mainloop()"])
        time.sleep(1.5)
        r = run_cli("run", "lights", "--region", "0,0,900,780")
        assert r.returncode in (4, 5), (r.returncode, r.stderr)
        assert ("lies over the board or against its edge" in r.stderr if r.returncode == 5
                else "a window over the rest of the board" in r.stderr), r.stderr
        assert page.state("JSON.stringify(window.pressed)") == []
    finally:
        if cover is not None:
            launch.stop(cover)
        if page is not None:
            page.close()
        server.stop()
