"""The bot on a real (virtual) screen: real captures with mss, real clicks
with pyautogui, into the Enlight window (Tk) and the Tango page (Chromium).
Outcomes come from the simulators' own event logs."""

from __future__ import annotations

import json
import shutil
import time

import pytest

from puzzlebot.sim import launch
from puzzlebot.sim.browser import Browser

from .helpers import run_cli as bot

pytestmark = pytest.mark.display

TITLE = "Device Emulator - Enlight"



@pytest.fixture
def enlight(xvfb, tmp_path):
    procs = []

    def start(*args: str, position: str = "300,120"):
        ev = tmp_path / f"enlight{len(procs)}.jsonl"
        procs.append(launch.start_enlight(ev, "--position", position, *args))
        launch.wait_for(ev, "start")
        time.sleep(0.4)
        return ev

    yield start
    launch.stop(*procs)


@pytest.fixture
def tango(xvfb, tmp_path):
    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    procs, browsers = [], []

    def start(*args: str, mode: str = "light", x: int = 200, y: int = 30):
        ev = tmp_path / f"tango{len(procs)}.jsonl"
        port = launch.free_port()
        procs.append(launch.start_tango_server(ev, port, *args))
        time.sleep(0.5)
        browsers.append(Browser(f"http://127.0.0.1:{port}/?mode={mode}", x, y, 860, 760))
        launch.wait_for(ev, "ready", 90)
        time.sleep(1.0)
        return ev, f"{x},{y},860,760"

    yield start
    for b in browsers:
        b.close()
    launch.stop(*procs)


def clicks_on_cells(ev) -> list[dict]:
    return [e for e in launch.events(ev) if e["event"] == "click" and e.get("cell") is not None]


def test_enlight_10x10_solved_and_no_click_outside(enlight):
    ev = enlight("--level", "4")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert "solved:" in r.stdout
    log = launch.events(ev)
    assert any(e["event"] == "solved" for e in log)
    assert not [e for e in log if e["event"] == "click" and e["cell"] is None]  # none outside the board


def test_enlight_other_size_window_away_from_origin(enlight):
    ev = enlight("--random", "--seed", "5", "--size", "6", "--theme", "night", position="820,300")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert launch.wait_for(ev, "solved", 5)


@pytest.mark.parametrize("anim", [("--fade", "300"), ("--redraw-delay", "700"), ("--fade", "150", "--win-screen")],
                         ids=["fade-300ms", "redraw-700ms", "fade-then-win-screen"])
def test_enlight_animated_default_options(enlight, anim):
    """Cells that fade, a slow redraw, a win screen replacing the board:
    default options, solved by the game's own log, no click off the board."""
    ev = enlight("--random", "--seed", "8", "--size", "5", *anim)
    r = bot("run", "enlight", "--window", TITLE)
    assert r.returncode == 0, r.stderr + r.stdout
    assert launch.wait_for(ev, "solved", 5)
    if "--win-screen" in anim:
        assert "solved: the game replaced the board after the last move" in r.stdout
    log = launch.events(ev)
    assert not [e for e in log if e["event"] == "click" and e["cell"] is None]
    assert len([e for e in log if e["event"] == "level"]) == 0  # no click after the win


def test_enlight_by_region_and_calibration(enlight, tmp_path):
    ev = enlight("--level", "2", position="500,200")
    prof = tmp_path / "profile.json"
    r = bot("calibrate", "enlight", "--region", "400,100,600,650", "--profile", str(prof))
    assert r.returncode == 0, r.stderr
    r = bot("run", "enlight", "--profile", str(prof), "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert launch.wait_for(ev, "solved", 5)


def test_enlight_unsolvable_board_is_refused_without_clicks(enlight, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("#....\n.....\n.....\n.....\n.....\n")  # a lone corner: no answer at 5x5
    ev = enlight("--board", str(board))
    r = bot("run", "enlight", "--window", TITLE)
    assert r.returncode == 3 and "no solution" in r.stderr and "quiet pattern" in r.stderr
    assert clicks_on_cells(ev) == []


def test_enlight_ignored_click_stops_the_run(enlight):
    ev = enlight("--level", "4", "--ignore-click", "3")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 5 and "did not change as predicted" in r.stderr
    clicks = clicks_on_cells(ev)
    assert len(clicks) == 3  # the ignored one is the last click the game received


def test_a_redraw_slower_than_the_ceiling_learnt_is_waited_for(enlight):
    """A game that has redrawn at once for several moves, then holds its
    picture for 3 s after one press (a busy machine: a 20x20 Unruly in CI
    showed a move after the ceiling learnt from the moves before, 2 s, and
    the run stopped with "did not change as predicted").  Past the learnt
    ceiling the bot waits up to the first moves' ceiling, says so, and the
    game ends solved by its own log."""
    ev = enlight("--level", "4", "--freeze-after", "8", "--freeze", "3000")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 0, r.stderr + r.stdout
    assert "settle ceiling learnt from the moves so far" in r.stderr
    assert launch.wait_for(ev, "solved", 5)
    assert any(e["event"] == "frozen" for e in launch.events(ev))


def test_a_window_title_that_matches_nothing_lists_the_open_windows(enlight):
    ev = enlight("--level", "2")
    r = bot("run", "enlight", "--window", "No Such Game")
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "no window titled like 'No Such Game' is open; open windows:" in r.stderr
    assert repr(TITLE) in r.stderr
    assert clicks_on_cells(ev) == []


def test_enlight_window_closed_mid_run(enlight):
    ev = enlight("--level", "4", "--close-after", "2")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 5 and "gone" in r.stderr
    assert len(clicks_on_cells(ev)) == 2


def test_enlight_window_moved_mid_run_is_followed(enlight):
    """Issue 17: a window given by title is followed where it moves (a fixed
    --region still stops: tests/test_safety.py); the game says solved."""
    ev = enlight("--level", "4", "--move-after", "2")
    r = bot("run", "enlight", "--window", TITLE, "--interval", "0.005")
    assert r.returncode == 0 and "following it" in r.stderr, r.stderr
    assert any(e["event"] == "solved" for e in launch.events(ev))
    assert len(clicks_on_cells(ev)) > 2
    assert [e for e in launch.events(ev) if e["event"] == "click" and e.get("cell") is None] == []


def test_enlight_moved_window_found_by_region_stops_before_clicking(enlight):
    ev = enlight("--level", "4", "--move-after", "2", position="400,150")
    r = bot("run", "enlight", "--region", "300,50,700,700", "--interval", "0.005")
    assert r.returncode == 5 and ("window moved" in r.stderr or "did not change" in r.stderr)
    assert len(clicks_on_cells(ev)) == 2


def test_dry_run_never_clicks(enlight, tmp_path):
    ev = enlight("--level", "5")
    r = bot("run", "enlight", "--window", TITLE, "--dry-run", "--hint", str(tmp_path / "plan.png"))
    assert r.returncode == 0 and "dry run: nothing clicked" in r.stdout
    assert (tmp_path / "plan.png").exists()
    time.sleep(0.3)
    assert clicks_on_cells(ev) == []


@pytest.mark.parametrize("size, mode", [(6, "light"), (12, "dark")])  # 12x12: 40 px cells, small marks
def test_tango_page_solved(tango, size, mode):
    ev, region = tango("--size", str(size), "--seed", "11", mode=mode)
    r = bot("run", "tango", "--region", region, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert launch.wait_for(ev, "solved", 5)
    assert not [e for e in launch.events(ev) if e["event"] == "click-outside"]
    assert not [e for e in launch.events(ev) if e["event"] == "click" and e.get("locked")]


def test_tango_page_fading_pieces_and_win_screen(tango):
    """Pieces fading in over 300 ms, then a win screen in place of the
    board: default options, exit 0, solved by the page's log."""
    ev, region = tango("--size", "6", "--seed", "4", "--fade", "300", "--win-screen")
    r = bot("run", "tango", "--region", region)
    assert r.returncode == 0, r.stderr + r.stdout
    assert launch.wait_for(ev, "solved", 5)
    assert "replaced the board" in r.stdout
    assert not [e for e in launch.events(ev) if e["event"] == "click-outside"]


def test_tango_partly_solved_start(tango):
    # a few pieces already placed, one of them wrong: the bot fixes it by cycling
    from puzzlebot.solvers.tango.generate import generate

    g = generate(6, 1, seed=3)[0]
    placed = []
    for r in range(6):
        row = ""
        for c in range(6):
            if not g.puzzle.locked[r][c] and (r + c) % 4 == 0:
                v = g.solution[r][c] if (r, c) != (0, 0) else 3 - g.solution[r][c]
                row += "S" if v == 1 else "M"
            else:
                row += "."
        placed.append(row)
    ev, region = tango("--size", "6", "--seed", "3", "--placed", ",".join(placed))
    r = bot("run", "tango", "--region", region, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert launch.wait_for(ev, "solved", 5)


def _placed_rows(g, wrong: tuple[int, int] | None = None) -> list[str]:
    """A quarter of the free cells of ``g``'s puzzle holding its answer's
    piece (``wrong``: that one holding the other piece)."""
    rows = []
    for r in range(6):
        row = ""
        for c in range(6):
            if not g.puzzle.locked[r][c] and (r * 6 + c) % 4 == 1:
                v = g.solution[r][c] if (r, c) != wrong else 3 - g.solution[r][c]
                row += "S" if v == 1 else "M"
            else:
                row += "."
        rows.append(row)
    return rows


def test_tango_givens_drawn_like_placed_pieces(tango):
    """Givens drawn like the player's pieces (no grey), a quarter of the free
    cells already played: which pieces are givens the look does not tell.
    The reading says so (not sure of each piece's being a given) and takes
    them all as givens: they are never clicked, and the answer that keeps
    them all is the puzzle's own, so the bot plays it (the page's log:
    solved, no click on a piece).  With one of the player's pieces wrong
    there is no such answer (and no rule broken at sight): exit 3, saying
    a piece of the player's may be wrong, nothing clicked."""
    from puzzlebot.solvers.tango.generate import generate

    g = generate(6, 1, seed=3)[0]
    ev, region = tango("--size", "6", "--seed", "3", "--plain-givens", "--placed", ",".join(_placed_rows(g)))
    r = bot("run", "tango", "--region", region, "--interval", "0.005")
    assert r.returncode == 0, r.stderr
    assert "acting although not sure" in r.stderr and "placed by the player" in r.stderr, r.stderr
    assert launch.wait_for(ev, "solved", 5)
    pieces = {(rr, cc) for rr, row in enumerate(_placed_rows(g)) for cc, ch in enumerate(row) if ch != "."}
    pieces |= {(rr, cc) for rr in range(6) for cc in range(6) if g.puzzle.locked[rr][cc]}
    clicked = {tuple(e["cell"]) for e in launch.events(ev) if e["event"] == "click"}
    assert clicked and not clicked & pieces

    ev, region = tango("--size", "6", "--seed", "3", "--plain-givens",
                       "--placed", ",".join(_placed_rows(g, wrong=(1, 3))))
    r = bot("run", "tango", "--region", region, "--interval", "0.005")
    assert r.returncode == 3 and "the player may have placed" in r.stderr, r.stderr + r.stdout
    assert [e for e in launch.events(ev) if e["event"] == "click"] == []


def test_tango_game_whose_click_puts_a_moon_first(tango, tmp_path):
    """A clone whose click cycle runs empty, moon, sun: the bot's plan (one
    click a sun) met a moon and stopped, exit 5.  It asks the game now: the
    plan's first click is tried alone, its answer learnt (the rules are the
    same with suns and moons exchanged), and the rest planned by the
    game's cycle: solved by the page's log.  `calibrate --probe` keeps what
    it learnt, and a run with that profile asks no more; a run with a
    profile that does not know keeps what it learnt there."""
    ev, region = tango("--size", "6", "--seed", "8", "--moon-first")
    r = bot("run", "tango", "--region", region, "--interval", "0.005")
    assert r.returncode == 0, r.stderr + r.stdout
    assert "a click puts the moon first" in r.stdout + r.stderr
    assert launch.wait_for(ev, "solved", 5)
    assert not [e for e in launch.events(ev) if e["event"] == "click" and e.get("locked")]

    ev, region = tango("--size", "6", "--seed", "9", "--moon-first")
    prof = tmp_path / "moon-first.json"
    r = bot("calibrate", "tango", "--region", region, "--probe", "--profile", str(prof))
    assert r.returncode == 0, r.stderr + r.stdout
    assert json.loads(prof.read_text())["learnt"] == {"first piece a click puts": "piece read as a moon"}
    clicks = [e for e in launch.events(ev) if e["event"] == "click"]
    assert len(clicks) == 3 and clicks[-1]["after"] == 0  # one cell through its cycle and back to empty
    r = bot("run", "tango", "--profile", str(prof), "--interval", "0.005")
    assert r.returncode == 0, r.stderr + r.stdout
    assert "learnt from the game" not in r.stdout + r.stderr
    assert launch.wait_for(ev, "solved", 5)

    ev, region = tango("--size", "6", "--seed", "10", "--moon-first")
    prof = tmp_path / "not-yet.json"
    assert bot("calibrate", "tango", "--region", region, "--profile", str(prof)).returncode == 0
    assert json.loads(prof.read_text())["learnt"] == {}
    r = bot("run", "tango", "--profile", str(prof), "--interval", "0.005")
    assert r.returncode == 0 and "kept what the game taught" in r.stderr, r.stderr + r.stdout
    assert launch.wait_for(ev, "solved", 5)
    assert json.loads(prof.read_text())["learnt"] == {"first piece a click puts": "piece read as a moon"}


def test_tango_board_of_one_kind_that_no_cue_names(tango, tmp_path):
    """Givens of one kind only, drawn so that neither their colour nor
    their shape says sun or moon (a small sun with rays): refused before
    ("like neither an empty cell nor a sun or a moon").  The bot asks the
    game: the first click shows which kind a click puts, the other kind's
    look is learnt from the cell the plan first gives it, and the rest is
    played by the game's cycle, whichever way it runs: solved by the page's
    log, no locked cell clicked."""
    puzzle = tmp_path / "one-kind.json"
    puzzle.write_text(json.dumps({"game": "tango", "rows": ["..S.", "....", "..S.", "...."],
                                  "edges": [[0, 1, 1, 1, "="], [2, 1, 2, 2, "="], [3, 2, 3, 3, "="]]}))
    for extra in ((), ("--moon-first",)):
        ev, region = tango("--puzzle", str(puzzle), "--rayed-sun", *extra)
        r = bot("run", "tango", "--region", region, "--interval", "0.005")
        assert r.returncode == 0, r.stderr + r.stdout
        assert "neither its colour nor its shape says sun or moon" in r.stderr, r.stderr
        assert "not on the board: its look learnt" in r.stderr, r.stderr
        assert launch.wait_for(ev, "solved", 5)
        assert not [e for e in launch.events(ev) if e["event"] == "click" and e.get("locked")]


def test_tango_ignored_click_stops(tango):
    ev, region = tango("--size", "6", "--seed", "12", "--ignore-click", "2")
    r = bot("run", "tango", "--region", region, "--interval", "0.005")
    assert r.returncode == 5 and "did not change as predicted" in r.stderr
    clicks = [e for e in launch.events(ev) if e["event"] == "click"]
    assert clicks[-1].get("ignored") or any(e.get("ignored") for e in clicks)
    ignored_at = next(i for i, e in enumerate(clicks) if e.get("ignored"))
    # at most the rest of that cell's clicks follow (a moon takes two), never another cell
    assert all(e["cell"] == clicks[ignored_at]["cell"] for e in clicks[ignored_at:])


@pytest.mark.parametrize("theme", ["classic", "night"])
def test_a_solved_board_is_said_solved_and_nothing_is_clicked(enlight, tmp_path, theme):
    """Every light off: one look in every cell.  The board is found whole
    all the same, and the run ends at once (exit 0) with no click."""
    board = tmp_path / "off.txt"
    board.write_text("\n".join(["." * 10] * 10) + "\n")
    ev = enlight("--board", str(board), "--theme", theme)
    r = bot("run", "enlight", "--window", "Enlight")
    assert r.returncode == 0 and "already solved" in r.stdout + r.stderr, r.stderr[-800:]
    assert not clicks_on_cells(ev) and not [e for e in launch.events(ev) if e.get("event") == "click"]


@pytest.mark.display
@pytest.mark.browser
@pytest.mark.parametrize("miss", [0, 6])
def test_a_last_click_the_game_missed_is_never_taken_for_a_win_screen(xvfb, miss):
    """tests/pages/glow (round 3D buttons, the lit ones glowing) ignoring its
    6th click, one of the last clicks sent together: the board stayed one
    press short of dark, a fresh read of the whole region found no board
    (nearly every button unlit) and the run said "solved: the game replaced
    the board after the last move", exit 0, the page unsolved.  A board
    whose cells all still read, in place, is not replaced: the run stops
    (exit 5) saying which cell did not change as predicted.  And with no
    click missed the page says it is solved."""
    from .web_games import our_page, plays_to_solved

    with our_page("glow", f"n=5&miss={miss}") as page:
        if not miss:
            plays_to_solved(page, "lights")
            return
        r = bot("run", "lights", "--region", "0,0,900,780")
        said = r.stderr + r.stdout
        assert r.returncode == 5 and "did not change as predicted" in said and "solved" not in said, said
        assert page.state("JSON.stringify(window.solved)") is False
