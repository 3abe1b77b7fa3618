"""The Tango reader and the bot on two Tango games other people wrote
(../shared/games/tango: "bananas", a canvas with black lines, pictures and
text marks; "emoji", separate boxes, emoji pieces, bordered givens, badge
marks), served on 127.0.0.1 and open in headed Chromium on a virtual
screen.  What the reader sees is compared with the game's own state, read
through DevTools; whether a board was solved, the game says."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from puzzlebot.sim.cdp import DevToolsError
from puzzlebot.solvers.tango.board import MOON, SUN, TangoBoard
from puzzlebot.solvers.tango.rules import check_solution
from puzzlebot.solvers.tango.search import count_solutions
from puzzlebot.vision.errors import NoBoardError
from puzzlebot.vision.tango.reader import read as read_tango
from puzzlebot.vision.tango.reader import rows_text

from . import tatham
from .helpers import run_cli as bot
from .helpers import shared_path
from .web_games import Page, Server, bot_plays_our_page, need_chromium, shared_game

pytestmark = pytest.mark.display

EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")



def board_of(state: dict) -> TangoBoard:
    """The game's state ({rows: S/M/., locked: bools, edges}) as a board."""
    n = len(state["rows"])
    b = TangoBoard.empty(n)
    for r, row in enumerate(state["rows"]):
        for c, ch in enumerate(row):
            b.cells[r][c] = {"S": SUN, "M": MOON}.get(ch, 0)
            b.locked[r][c] = bool(state["locked"][r][c])
    b.edges = TangoBoard.from_rows(["." * n] * n, state["edges"]).edges
    return b


def _kept(img) -> Path:
    """A failing capture, kept for a look after the run (a temporary file)."""
    import os
    import tempfile

    from puzzlebot.vision.image_io import write_image

    fd, name = tempfile.mkstemp(prefix="puzzlebot-failed-read-", suffix=".png")
    os.close(fd)
    write_image(name, img)
    return Path(name)


def compare(img, state: dict, may_doubt: set = frozenset(), givens_doubt: bool = False) -> str:
    """'exact' or 'unsure'; fails on any wrong read reported as sure, and
    on doubt outside ``may_doubt`` (the cell under the parked pointer) or,
    with ``givens_doubt``, beyond which pieces are givens (their values
    must be right)."""
    want = board_of(state)
    try:
        rd = read_tango(img)
    except NoBoardError as e:
        pytest.fail(f"the board was not found: {e} (the capture: {_kept(img)})")
    got = rd.board
    assert got.size == want.size, f"read {got.size}x{got.size}, the game has {want.size}x{want.size}"
    wrong = [(r, c) for r in range(want.size) for c in range(want.size)
             if (got.cells[r][c], got.locked[r][c] and got.cells[r][c] != 0) !=
             (want.cells[r][c], want.locked[r][c]) and (r, c) not in rd.unsure_cells]
    want_e = {e.cells(): e.kind for e in want.edges}
    got_e = {e.cells(): e.kind for e in got.edges}
    unsure_e = {((a, b), (c, d)) for a, b, c, d in rd.unsure_edges}
    wrong += [k for k in set(want_e) | set(got_e) if want_e.get(k) != got_e.get(k) and k not in unsure_e]
    if wrong:
        pytest.fail(f"wrong and reported as sure: {wrong}\nread:\n" + "\n".join(rows_text(rd)) +
                    f"\ngame: {state['rows']} (the capture: {_kept(img)})")
    doubt = set(rd.unsure_cells) | {(a, b) for a, b, _, _ in rd.unsure_edges} | {(c, d) for _, _, c, d in rd.unsure_edges}
    if givens_doubt:
        held = [(r, c) for r in range(want.size) for c in range(want.size)
                if (r, c) in rd.unsure_cells and (r, c) not in rd.looks.unread]
        assert all(got.cells[r][c] == want.cells[r][c] for r, c in held)
        doubt -= set(held)
    if not doubt <= set(may_doubt):
        pytest.fail(f"unsure about {sorted(doubt)}: {rd.looks.pieces}; {rd.looks.givens}; "
                    f"{rd.doubts()} (the capture: {_kept(img)})")
    return "exact" if rd.sure else "unsure"


# --- bananas: a canvas, levels from tangoGame/levelsData.js ----------------------------------------

BANANAS_STATE = ("JSON.stringify({grid: this.tangoBoard.grid, fixed: this.tangoBoard.fixedPoints, "
                 "x: this.tangoBoard.data.multiply, eq: this.tangoBoard.data.equal})")


def _bananas_level(puzzle: dict) -> str:
    """A puzzle in the game's level format: "XY" + b|m for a given, "XYxXY" /
    "XY=XY" for a mark (x = column, y = row, as its code reads them)."""
    parts = [f"{c}{r}{'b' if ch == 'S' else 'm'}" for r, row in enumerate(puzzle["rows"])
             for c, ch in enumerate(row) if ch in "SM"]
    parts += [f"{c1}{r1}{k}{c2}{r2}" for r1, c1, r2, c2, k in puzzle["edges"]]
    return ";".join(parts)


@pytest.fixture
def bananas(xvfb, tmp_path):
    """start(puzzle) -> the game's page showing that puzzle: a temporary
    copy of the game whose only level is it (the game is left unchanged)."""
    need_chromium()
    game = shared_game("tango", "bananas")
    opened = []

    def start(puzzle: dict) -> Page:
        folder = tmp_path / f"bananas{len(opened)}"
        shutil.copytree(game, folder)
        (folder / "tangoGame").chmod(0o755)
        levels = folder / "tangoGame" / "levelsData.js"
        levels.chmod(0o644)
        levels.write_text(f"export const levels = [\n    {json.dumps(_bananas_level(puzzle))}\n]\n")
        server = Server(folder)
        page = Page(server.url, 0, 0, 700, 620)
        opened.append((server, page))
        page.dt.wait_for("document.title == 'Bananas tangos'")
        end = time.monotonic() + 30
        while True:
            try:  # the game's module may not have attached its listener yet
                if page.dt.closure_value("#grid", "click", "tangoGame",
                                         "this.banana.complete && this.moon.complete && this.banana.naturalWidth > 0"):
                    break
            except DevToolsError:
                pass
            assert time.monotonic() < end, "the game's pictures did not load"
            time.sleep(0.1)
        # the game draws its board when the banana picture has loaded, whether
        # or not the moon has (its moons are then missing): draw it again now
        page.dt.closure_value("#grid", "click", "tangoGame", "(this.initBoard(), true)")
        settled(page)
        return page

    yield start
    for server, page in opened:
        page.close()
        server.stop()


def settled(page: Page, around: list | None = None, timeout: float = 10.0):
    """The window's pixels once two captures 0.25 s apart agree (the game
    has finished drawing, its animations are over), in the box around the
    page points ``around`` (a pitch of margin) when given: a banner that
    pulses for ever beside the board does not count."""
    import numpy as np

    def part(img):
        if not around:
            return img
        xs, ys = [p[0] for p in around], [p[1] for p in around]
        m = (max(xs) - min(xs)) / max(1, int(round(len(around) ** 0.5)) - 1)
        return img[max(0, int(min(ys) - m)):int(max(ys) + m), max(0, int(min(xs) - m)):int(max(xs) + m)]

    end = time.monotonic() + timeout
    last = page.grab()
    while True:
        time.sleep(0.25)
        now = page.grab()
        if np.array_equal(part(now), part(last)):
            return now
        assert time.monotonic() < end, "the game kept changing its picture"
        last = now


def bananas_state(page: Page) -> dict:
    s = json.loads(page.dt.closure_value("#grid", "click", "tangoGame", BANANAS_STATE))
    n = len(s["grid"])
    fixed = {(y, x) for x, y in s["fixed"]}
    rows = ["".join({1: "S", -1: "M"}.get(v, ".") for v in row) for row in s["grid"]]
    edges = [[a[1], a[0], b[1], b[0], k] for k, pairs in (("x", s["x"]), ("=", s["eq"])) for a, b in pairs]
    return {"rows": rows, "locked": [[(r, c) in fixed for c in range(n)] for r in range(n)], "edges": edges}


def bananas_cell(page: Page, r: int, c: int) -> tuple[float, float]:
    box = page.state("JSON.stringify(document.getElementById('grid').getBoundingClientRect())")
    return box["left"] + (c + 0.5) * 75, box["top"] + (r + 0.5) * 75


def _puzzles() -> list[dict]:
    path = shared_path("tango", "puzzles.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_bananas_in_grey_are_never_read_as_moons(bananas):
    """The game's sun is a banana, its moon a crescent: colour tells them
    apart (yellow, blue), shape does not (both crescent-like: roundness
    0.3 and 0.5 in grey).  On a screen without colour, the rounder of the
    two was taken for the sun and every piece read as the other kind,
    sure.  Shape speaks only for a disc beside a crescent now: refused or
    unsure, never a sure wrong piece."""
    import cv2

    page = bananas(_puzzles()[0])
    page.park_pointer(690, 10)
    img = cv2.cvtColor(cv2.cvtColor(settled(page), cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    want = board_of(bananas_state(page))
    try:
        rd = read_tango(img)
    except NoBoardError:
        return
    wrong = [(r, c) for r in range(want.size) for c in range(want.size)
             if rd.board.cells[r][c] != want.cells[r][c] and (r, c) not in rd.unsure_cells]
    assert wrong == [], f"read sure as the other kind: {wrong}"


def test_bananas_reads_match_the_game(bananas):
    """Start, mid-solve with the pointer parked on a piece, and solved."""
    puzzle = _puzzles()[0]
    page = bananas(puzzle)
    assert compare(settled(page), bananas_state(page)) == "exact"

    # mid-solve: real clicks place six pieces (one click a banana, two a moon)
    solution = puzzle["solution"]
    todo = [(r, c) for r in range(6) for c in range(6) if puzzle["rows"][r][c] == "."]
    for r, c in todo[:6]:
        for _ in range(1 if solution[r][c] == "S" else 2):
            page.click(*bananas_cell(page, r, c))
    r0, c0 = todo[0]
    x, y = bananas_cell(page, r0, c0)
    page.park_pointer(x + 8, y + 8)  # on the piece, a little below and right of its middle
    img = settled(page)
    state = bananas_state(page)
    assert sum(row.count("S") + row.count("M") for row in state["rows"]) == 4 + 6
    print("\nmid-solve:", compare(img, state, {(r0, c0)}))

    # solved: the rest clicked in; the game shows its win screen, closed to see the board
    for r, c in todo[6:]:
        for _ in range(1 if solution[r][c] == "S" else 2):
            page.click(*bananas_cell(page, r, c))
    page.dt.wait_for("getComputedStyle(document.getElementById('win')).display == 'block'", timeout=10)
    page.dt.evaluate("document.getElementById('close').click()")
    page.park_pointer(650, 600)
    img = settled(page)
    assert bananas_state(page)["rows"] == solution
    assert compare(img, bananas_state(page)) == "exact"


@pytest.mark.parametrize("index", [1, 250])
def test_bot_solves_bananas(bananas, index):
    """`run tango --window "Bananas tangos"`, default options: the game says won."""
    puzzle = _puzzles()[index]
    board = board_of({"rows": puzzle["rows"], "locked": [[ch != "." for ch in row] for row in puzzle["rows"]],
                      "edges": puzzle["edges"]})
    assert count_solutions(board, limit=2).count == 1
    page = bananas(puzzle)
    r = bot("run", "tango", "--window", "Bananas tangos")
    assert r.returncode == 0, r.stderr + r.stdout
    page.dt.wait_for("getComputedStyle(document.getElementById('win')).display == 'block'", timeout=10)
    assert bananas_state(page)["rows"] == puzzle["solution"]


# --- emoji: React, random puzzles, 4x4 (Easy) and 6x6 (Hard) ---------------------------------------

EMOJI_TITLE = "Tango Puzzle Game - Play Online"

# the board's cells are the boxes that can be clicked (select-none); the
# legend's boxes are not; marks are the round badges between two cells
EMOJI_STATE = r"""JSON.stringify((() => {
  const cells = [...document.querySelectorAll('div.rounded-lg.border-2')].filter(e => e.className.includes('select-none'));
  // centres: a box grown under the pointer (scale-105) keeps its centre
  const mids = cells.map(e => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });
  const lines = v => [...v].sort((a, b) => a - b).filter((x, i, a) => i === 0 || x - a[i - 1] > 4);
  const xs = lines(mids.map(m => m[0])), ys = lines(mids.map(m => m[1]));
  const at = (v, x) => v.findIndex(u => Math.abs(u - x) <= 4);
  const n = xs.length;
  const rows = Array.from({length: n}, () => Array(n).fill('.'));
  const locked = Array.from({length: n}, () => Array(n).fill(false));
  const centres = Array.from({length: n}, () => Array(n).fill(null));
  cells.forEach((e, i) => {
    const r = at(ys, mids[i][1]), c = at(xs, mids[i][0]);
    const t = e.textContent.trim();
    rows[r][c] = t === '\u{1F31E}' ? 'S' : t === '\u{1F31B}' ? 'M' : '.';
    locked[r][c] = e.className.includes('border-indigo-400');
    centres[r][c] = mids[i];
  });
  const half = (xs[1] - xs[0]) / 2;
  const edges = [];
  for (const m of document.querySelectorAll('.rounded-full')) {
    const t = m.textContent.trim();
    if (t !== '=' && t !== '\u00D7') continue;
    const q = m.getBoundingClientRect(), cx = q.left + q.width / 2, cy = q.top + q.height / 2;
    if (cx < xs[0] - half || cx > xs[n - 1] + half || cy < ys[0] - half || cy > ys[n - 1] + half) continue;  // the legend
    const near = [];
    centres.forEach((row, r) => row.forEach((p, c) => near.push([Math.hypot(p[0] - cx, p[1] - cy), r, c])));
    near.sort((a, b) => a[0] - b[0]);
    const [a, b] = [near[0], near[1]].sort((u, v) => u[1] - v[1] || u[2] - v[2]);
    edges.push([a[1], a[2], b[1], b[2], t === '=' ? '=' : 'x']);
  }
  return {rows: rows.map(r => r.join('')), locked, edges, centres,
          complete: document.body.innerText.includes('Complete!')};
})())"""


def emoji_button(page: Page, text: str) -> None:
    page.dt.evaluate(f"[...document.querySelectorAll('button')].find(b => b.textContent.includes({json.dumps(text)}))"
                     ".click()")


@pytest.fixture
def emoji(xvfb):
    """start(size) -> the game's page on a board of that size with exactly
    one solution and givens of both kinds ("New" until the game deals one:
    its sun and moon are both yellow, so with one kind alone the picture
    cannot say which it is, and the reader rightly says so)."""
    need_chromium()
    if not EMOJI_FONT.exists():
        pytest.skip("the emoji game needs a colour emoji font (apt-get install fonts-noto-color-emoji)")
    game = shared_game("tango", "emoji")
    opened = []

    def start(size: int) -> tuple[Page, dict]:
        server = Server(game)
        page = Page(server.url, 0, 0, 900, 780)
        opened.append((server, page))
        page.dt.wait_for("document.querySelectorAll('div.select-none').length >= 16", timeout=30)
        if size == 6:
            emoji_button(page, "6x6")
            page.dt.wait_for("document.querySelectorAll('div.select-none').length >= 36", timeout=10)
        for _ in range(30):
            time.sleep(0.5)
            state = page.state(EMOJI_STATE)
            both = all(any(k in row for row in state["rows"]) for k in "SM")
            if both and count_solutions(board_of(state), limit=2).count == 1:
                return page, state
            emoji_button(page, "New")
        pytest.fail("the game dealt no board with one solution and both kinds of givens in 30 tries")

    yield start
    for server, page in opened:
        page.close()
        server.stop()


@pytest.mark.parametrize("size", [4, 6])
def test_emoji_reads_match_the_game(emoji, size):
    """Start, mid-solve with the pointer parked on an empty box (the game
    grows it under the pointer), and solved ("Complete!")."""
    page, state = emoji(size)
    page.park_pointer(880, 10)
    cells = [p for row in state["centres"] for p in row]
    assert compare(settled(page, cells), state) == "exact"

    solution = count_solutions(board_of(state), limit=1).solution
    todo = [(r, c) for r in range(size) for c in range(size) if state["rows"][r][c] == "."]
    half = len(todo) // 2
    for r, c in todo[:half]:
        for _ in range(1 if solution[r][c] == SUN else 2):
            page.click(*state["centres"][r][c])
    r0, c0 = todo[-1]  # still empty
    page.park_pointer(*state["centres"][r0][c0])
    img = settled(page, cells)  # the game's transitions
    mid = page.state(EMOJI_STATE)
    assert sum(row.count("S") + row.count("M") for row in mid["rows"]) == \
        sum(row.count("S") + row.count("M") for row in state["rows"]) + half
    # the game draws placed pieces in a third look (purple), unlike both the
    # empty boxes and the givens (indigo): which look is the givens' cannot
    # be told from one picture, so doubt about that (only) is right
    print("\nmid-solve:", compare(img, mid, {(r0, c0)}, givens_doubt=True))

    for r, c in todo[half:]:
        for _ in range(1 if solution[r][c] == SUN else 2):
            page.click(*state["centres"][r][c])
    page.park_pointer(880, 10)
    page.dt.wait_for("document.body.innerText.includes('Complete!')", timeout=10)
    img = settled(page, cells)
    done = page.state(EMOJI_STATE)
    assert compare(img, done) == "exact"


@pytest.mark.parametrize("size", [4, 6])
def test_emoji_pieces_placed_by_the_player_are_never_read_sure_as_givens(emoji, size):
    """The game draws a player's pieces in boxes of a third look (purple),
    unlike the empty boxes and the givens' (indigo).  With a few placed (2,
    then 3, then 5), both looks fell within the givens' and every piece was
    read as a given, sure (seen on 4x4 and 6x6 boards).  Two looks among the
    pieces, neither the empty boxes' nor split by kind of piece, leave
    which are givens unsure; each read is checked against the game's own
    state (its givens' indigo border), the pointer parked off the board."""
    page, state = emoji(size)
    solution = count_solutions(board_of(state), limit=1).solution
    todo = [(r, c) for r in range(size) for c in range(size) if state["rows"][r][c] == "."]
    cells = [p for row in state["centres"] for p in row]
    done = 0
    for upto in (2, 3, 5):
        for r, c in todo[done:upto]:
            for _ in range(1 if solution[r][c] == SUN else 2):
                page.click(*state["centres"][r][c])
        done = upto
        page.park_pointer(880, 10)
        img = settled(page, cells)
        compare(img, page.state(EMOJI_STATE), givens_doubt=True)


@pytest.mark.parametrize("size", [4, 6])
def test_bot_solves_emoji(emoji, size):
    """`run tango --window TITLE`, default options, started with the user's
    pointer resting on an empty box (which the game grows and shadows): the
    bot moves it off the board, reads, solves; the game says "Complete!"."""
    page, state = emoji(size)
    r0, c0 = next((r, c) for r in range(size) for c in range(size) if state["rows"][r][c] == ".")
    page.park_pointer(*state["centres"][r0][c0])
    time.sleep(0.5)
    r = bot("run", "tango", "--window", EMOJI_TITLE)
    assert r.returncode == 0, r.stderr + r.stdout
    page.dt.wait_for("document.body.innerText.includes('Complete!')", timeout=10)
    final = board_of(page.state(EMOJI_STATE))
    assert final.is_full() and check_solution(final, board_of(state)) == []


@pytest.mark.parametrize("query", ["p=0", "p=1"])
def test_bot_solves_a_tango_whose_givens_are_of_one_kind(xvfb, query):
    """tests/pages/sun_moon, a Tango page of ours written as another team
    might (bordered boxes with narrow gaps, a rayed SVG sun, pieces that pop
    when clicked, every given of one kind).  Its boxes were taken for grid
    lines a pixel longer than the pitch (no mark read); the suns (colour
    says sun, shape does not) were refused; the moons' board stopped at the
    first click, whose sun it could not read.  Now `run` with default
    options learns what it could not tell from the game's answers to its
    first clicks; the page says it is solved."""
    assert "its look learnt" in bot_plays_our_page("sun_moon", query, "tango")


def test_bot_solves_a_tango_whose_signs_are_small_in_ringed_circles(xvfb):
    """tests/pages/sun_moon at 6x6 with `small=1`: = and x of a 10 px font
    (the x 5 px across) in 16 px white circles ringed 2 px in the grey of the
    givens' borders, on the page's white gap between boxes; givens grey
    with a lock emoji.  Refused before ("ink 16 px across that is neither
    = nor x": the ring, half of it as dark as the boxes' borders, taken for
    the glyph); now each sign is read inside the ring it closes."""
    bot_plays_our_page("sun_moon", "p=2&small=1", "tango")


def test_bot_solves_a_tango_whose_signs_erase_the_line_round_them(xvfb):
    """tests/pages/sol with signs of a 16 px font (the x 7 px across) in
    the lines' brown on a square of the cells' colour that erases the line
    round each: the x's middle lies on the line's place in the line's own
    colour, and the stubs of line left in the window, or its strokes beside
    the line's place (taken for the line's antialiased edge), made the
    glyph "ink 7 px across that is neither = nor x".  Now a last try reads
    what differs from both cells near the edge's middle, without the
    line's stubs drawn in from the window's ends; the first screenshot
    reads the page's own signs, sure, and the page says it is solved."""
    from .web_games import our_page, plays_to_solved

    with our_page("sol", "p=0&font=16") as page:
        rd = read_tango(page.grab())
        assert rd.sure, rd.unsure
        P = page.state("JSON.stringify(P)")
        assert sorted(e.as_list() for e in rd.board.edges) == sorted(P["edges"])
        assert ["".join(".SM"[v] for v in row) for row in rd.board.cells] == P["rows"]
        plays_to_solved(page, "tango")


@pytest.mark.parametrize("query", ["p=0", "p=1"])
def test_bot_solves_a_tango_drawn_on_a_checkerboard(xvfb, query):
    """tests/pages/checker_tango: empty cells in two pale tones as a
    checkerboard (13 Lab apart), givens on grey, an orange disc for a sun, a
    navy ring 4 px wide for a moon.  Refused ("13 cells without a symbol are
    filled in another colour than the rest"), or every cell of the second
    tone unsure; and, with the checker undone, every empty cell unsure: the
    ring, two patch pixels wide, vanished when an empty cell was matched
    against it shifted by a pixel.  The two tones, each square colour's own,
    are one ground now, and a template's own pixels must be in the cell too;
    the page says it is solved."""
    bot_plays_our_page("checker_tango", query, "tango")


@pytest.mark.parametrize("size", [4, 6])
def test_emoji_givens_of_one_kind_partly_covered_are_never_read_as_the_other(emoji, size):
    """The game's sun and moon emoji are both yellow and round; what tells
    them apart is the moon's face side.  A dark window over the lower left
    of the one moon on a 4x4 board (a cover over the board's corner, 0.45
    of a pitch into the cell) left only suns in sight: the pieces were
    taken for one kind, suns, and the moon was read through the window as
    one, sure.  With every given of one kind so covered, none of them may
    be read sure as the other (refused, or unsure, is right): a piece read
    through a cover on a board showing one kind of piece is unsure now."""
    import cv2

    page, state = emoji(size)
    page.park_pointer(880, 10)
    img = settled(page, [p for row in state["centres"] for p in row])
    lat = read_tango(img).lattice
    for kind in "SM":
        cells = [(r, c) for r in range(size) for c in range(size) if state["rows"][r][c] == kind]
        covered = img.copy()
        for r, c in cells:
            x0, y0 = lat.x0 + c * lat.px, lat.y0 + r * lat.py
            cv2.rectangle(covered, (int(x0), int(y0 + 0.45 * lat.py)), (int(x0 + 0.55 * lat.px), int(y0 + lat.py)),
                          (40, 40, 40), -1)
        try:
            rd = read_tango(covered)
        except NoBoardError:  # refused: right
            continue
        want = board_of(state)
        wrong = [(r, c) for r, c in cells if rd.board.cells[r][c] != want.cells[r][c] and (r, c) not in rd.unsure_cells]
        assert wrong == [], f"{kind}: read sure as the other kind\n" + "\n".join(rows_text(rd))


# --- Tatham's Unruly (sgt-puzzles): the same rules with no signs, pieces drawn as fills ---------------

def unruly_after_moves(fields: list[tuple[str, str]]) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """(the givens, the grid after the saved moves, the moves' kinds) from an
    Unruly save file, 1 black, 0 white, -1 empty.  DESC: a letter per given,
    its place in the alphabet the empty cells before it, upper case black;
    "P<c>,<x>,<y>" sets a cell: 1 black, 0 white, anything else empty."""
    info = dict(fields)
    cols, rows = (int(v) for v in info["PARAMS"].rstrip("abcdefghijklmnopqrstuvwxyzU").split("x"))
    givens = np.full(rows * cols, -1)
    i = 0
    for ch in info["DESC"]:
        i += ord(ch.lower()) - ord("a")
        if i >= rows * cols:
            break
        givens[i] = 1 if ch.isupper() else 0
        i += 1
    givens = givens.reshape(rows, cols)
    grid, kinds = givens.copy(), []
    for key, value in fields:
        if key == "MOVE":
            kinds.append(value[0])
            c, x, y = value[1:].split(",")
            grid[int(y), int(x)] = {"1": 1, "0": 0}.get(c, -1)
    return givens, grid, kinds


def unruly_solved(grid: np.ndarray) -> bool:
    """Every cell black or white, each line half and half, no three alike side by side."""
    n = grid.shape[0]
    lines = list(grid) + list(grid.T)
    return bool((grid >= 0).all() and all((line == 1).sum() * 2 == n for line in lines)
                and all(not (line[i] == line[i + 1] == line[i + 2]) for line in lines for i in range(n - 2)))


@pytest.fixture
def unruly_screen(tmp_path, monkeypatch):
    yield from tatham.screen("sgt-unruly", "Unruly", tmp_path, monkeypatch)


@pytest.mark.parametrize("game_id", ["8x8dt#777", "6x6dt#5", "10x10de#99", "12x12de#9", "14x14dt#6", "16x16dt#8",
                                     "20x20de#1"])
def test_tatham_unruly_played_to_the_end(unruly_screen, tmp_path, game_id):
    """Unruly's default game (8x8, trivial), a 6x6, a 10x10 and a 12x12 easy
    one, a 14x14, a 16x16 and a 20x20: the pieces are black and white fills, givens bevelled;
    read with no prior of that look (the three fills, which is empty from the
    givens and the rules), played by clicks.  The game's own saved moves, on
    its saved givens, fill the grid by the rules, every given kept.  At
    12x12 and 14x14 (32 px cells) the givens' bevels were taken for symbols
    (an L of lines, off the middle): refused before, as "cells neither like
    the empty cells nor like a sun or a moon" or "symbols off the middle".
    16x16 and 20x20 were refused as larger than Tango's 14x14, a prior
    beyond the rules."""
    env = unruly_screen(game_id)
    r = bot("run", "tango", "--window", "Unruly")
    assert r.returncode == 0, f"exit {r.returncode}: {r.stderr}{r.stdout}"
    givens, grid, kinds = unruly_after_moves(tatham.save(env, tmp_path, "unruly.sav"))
    assert set(kinds) == {"P"} and unruly_solved(grid), grid
    assert (grid[givens >= 0] == givens[givens >= 0]).all()


@pytest.mark.parametrize("game_id", ["8x8dt#777", "10x10de#99"])
def test_a_window_over_a_corner_of_an_unruly_board_is_never_read_sure(unruly_screen, tmp_path, game_id):
    """Unruly's pieces are plain fills: a light window over most of a
    corner cell (from the screen's edge, 0.15 to 0.45 of a pitch short of
    the cell's far sides) read as a white piece there, a dark one as a
    black piece, sure (12 of the 48 covers of the 8x8, 14 of the 10x10).
    Only empty cells were doubted when both sides meeting at a corner are
    gone: a piece's picture, or a given's bevel, can hide them.  A fill's
    sides are now looked at too, as plain changes of colour (its bevel lies
    inside them), where the cell beside is the board's edge or another
    value (black fills beside each other run together)."""
    from .test_covers import corner_windows_read_wrong

    unruly_screen(game_id)
    img = tatham.capture("Unruly", tmp_path / "unruly.png")
    n, wrong = corner_windows_read_wrong("tango", img, f"Unruly {game_id}")
    assert n == 48 and wrong == [], wrong


@pytest.mark.parametrize("game_id", ["8x8dt#777", "12x12de#9"])
def test_unruly_givens_on_a_dimmed_or_scaled_screen_are_never_read_sure_as_placed(unruly_screen, tmp_path, game_id):
    """A given's bevel is a 1-pixel line round an inner square; a dimmed,
    flattened or darkened screen, or one at 60%, fades it on a given or two
    until it is no longer a pattern, and the given read as a placed piece,
    sure.  A fill with some pattern, too faint for a given's, is unsure
    now.  Judged by the game's own givens (its saved game): under each
    change, a board read sure marks exactly those as givens."""
    from .helpers import MORE_SHIFTS, SHIFTS, shifted

    env = unruly_screen(game_id)
    img = tatham.capture("Unruly", tmp_path / "unruly.png")
    givens, _, _ = unruly_after_moves(tatham.save(env, tmp_path, "fresh.sav"))
    wrong, sure = [], 0
    for how in SHIFTS + MORE_SHIFTS + ("x0.5", "x0.8"):
        try:
            rd = read_tango(shifted(img, how))
        except NoBoardError:
            continue
        if rd.sure:
            sure += 1
            if not (np.array(rd.board.locked) == (givens >= 0)).all():
                wrong.append(how)
    assert sure >= 5 and wrong == [], f"{sure} read sure; givens read as placed pieces under {wrong}"


def test_tatham_unruly_calibrated_with_a_probe_then_played(unruly_screen, tmp_path):
    """`calibrate --probe` clicks one cell through its cycle and back (the
    game's saved moves leave its grid as given) and keeps what it learnt;
    `run` with that profile plays without probing, to a solved game."""
    env = unruly_screen("8x8dt#4242")
    prof = tmp_path / "p.json"
    r = bot("calibrate", "tango", "--window", "Unruly", "--probe", "--profile", str(prof))
    assert r.returncode == 0, r.stderr
    assert json.loads(prof.read_text())["learnt"] == {"first piece a click puts": "darker fill"}
    givens, grid, kinds = unruly_after_moves(tatham.save(env, tmp_path, "probed.sav"))
    assert len(kinds) >= 2 and (grid == givens).all()
    r = bot("run", "tango", "--profile", str(prof))
    assert r.returncode == 0, f"exit {r.returncode}: {r.stderr}{r.stdout}"
    assert "learnt from the game" not in r.stderr
    givens, grid, kinds = unruly_after_moves(tatham.save(env, tmp_path, "solved.sav"))
    assert unruly_solved(grid) and (grid[givens >= 0] == givens[givens >= 0]).all()
