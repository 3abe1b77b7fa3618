"""The Lights Out reader on real screenshots of 21 games, our fixtures,
random simulator renders, and images that hold no board."""

from __future__ import annotations

import json
from pathlib import Path
from collections import defaultdict

import cv2
import numpy as np
import pytest

from puzzlebot.sim.lights.game import EnlightGame, random_board
from puzzlebot.sim.lights.render import render_device, render_screen
from puzzlebot.sim.lights.styles import STYLES, draw
from puzzlebot.vision.errors import NoBoardError, PartialBoardError, UnreadableBoardError
from puzzlebot.vision.image_io import load_image
from puzzlebot.vision.lights_reader import read as read_lights
from puzzlebot.vision.lights_reader import rows_text

from .helpers import ROOT, pmap, read_sure_wrong, run_cli, shared_path

FIXTURES = ROOT / "fixtures" / "lights"


def check(label: dict, folder) -> str:
    """'exact' (every cell right, sure), 'unsure' (every wrong cell marked
    unsure), or raises: a wrong read reported as sure fails the test."""
    rd = read_lights(load_image(folder / label["file"]))
    got = rows_text(rd)
    if not rd.sure and rd.looks.extent_unknown and (len(got), len(got[0])) != (label["nrows"], label["cols"]):
        # the reader says it cannot see how far the board goes: the cells it
        # read must be a block of the board, each right
        h, w = len(got), len(got[0])
        blocks = [[row[c:c + w] for row in label["rows"][r:r + h]]
                  for r in range(label["nrows"] - h + 1) for c in range(label["cols"] - w + 1)]
        assert got in blocks, f"{label['file']}: read {h}x{w} (extent unknown), no block of the label"
        return "unsure"
    assert len(got) == len(label["rows"]) and len(got[0]) == len(label["rows"][0]), (
        f"{label['file']}: read {len(got)}x{len(got[0])}, label {label['nrows']}x{label['cols']}, "
        f"sure={rd.sure}")
    wrong = [(r, c) for r, row in enumerate(label["rows"]) for c, ch in enumerate(row) if got[r][c] != ch]
    if not wrong and rd.sure:
        return "exact"
    assert not rd.sure and all(got[r][c] == "?" for r, c in wrong), (
        f"{label['file']}: wrong cells {wrong} reported without doubt ({rd.looks.polarity})")
    return "unsure"


@pytest.mark.slow
def _shifted_wrong(job: tuple) -> list[str] | None:
    """None when the plain screenshot is not read exactly; else the screen
    changes under which it is read sure and wrong.  ``job``: (folder,
    label), and the changes when not the usual ones."""
    folder, label, *shifts = job
    img = load_image(Path(folder) / label["file"])
    try:
        rd = read_lights(img)
    except (NoBoardError, UnreadableBoardError):
        return None
    if not (rd.sure and rows_text(rd) == label["rows"]):
        return None
    return read_sure_wrong(img, read_lights, rows_text, label["rows"], *shifts)


@pytest.mark.slow
def test_tinted_dimmed_or_zoomed_out_screenshots_are_never_read_sure_wrong():
    """Every real screenshot and fixture whose plain read is exact, as a night
    light, a cool tint, a dimmed or washed-out screen, a page at 60%, a
    brighter or darker gamma and JPEG at quality 35 show it.  Before (10 sure
    and wrong of 630): white paper beside purple lamps, tinted, read surely
    inverted (cream taken for lit; 3 screenshots, warm and night); invisible
    unlit cells at a JPEG board's edge, its lit cells' ringing taken for a
    frame (a row lost); a page's dither read as a 17x19 board of one look; a
    column of faint unlit discs left out (washed out or darker)."""
    jobs = [(str(folder), e) for folder in (FIXTURES, shared_path("lights", "screens"))
            for e in json.loads((folder / "labels.json").read_text())]
    results = pmap(_shifted_wrong, jobs)
    assert sum(r is not None for r in results) >= 60
    wrong = {j[1]["file"]: w for j, w in zip(jobs, results) if w}
    assert not wrong, {k: v[:2] for k, v in wrong.items()}


def test_screenshots_scaled_down_without_smoothing_are_never_read_sure_wrong():
    """Scaled to a half or 0.7 by dropping pixels, a game's 0 and 1 on its
    cells break into pieces.  Before: Zap123's cells (light grey printing
    0, dark grey printing 1) lost their digits, and the cues (brighter,
    further from the ground) read the board surely inverted; the 1s still
    read on the dark cells now leave it unsure."""
    folder = shared_path("lights", "screens")
    jobs = [(str(folder), e, ("nearest0.5", "nearest0.7", "x0.5"))
            for e in json.loads((folder / "labels.json").read_text())]
    results = pmap(_shifted_wrong, jobs)
    assert sum(r is not None for r in results) >= 30
    wrong = {j[1]["file"]: w for j, w in zip(jobs, results) if w}
    assert not wrong, wrong


def _quarter_wrong(job: tuple[str, dict]) -> list[str]:
    folder, label = job
    img = load_image(Path(folder) / label["file"])
    wrong = []
    for k in (1, 3):
        want = ["".join(row) for row in np.rot90(np.array([list(r) for r in label["rows"]]), k)]
        try:
            rd = read_lights(np.ascontiguousarray(np.rot90(img, k)))
        except (NoBoardError, UnreadableBoardError):
            continue
        if rd.sure and rows_text(rd) != want:
            wrong.append(f"turned {90 * k}: {rows_text(rd)}")
    return wrong


def test_screenshots_turned_a_quarter_are_never_read_sure_wrong():
    """Before: Zap123's board turned 90 degrees, its 1s lying flat and its
    0s wide, read surely inverted by the cues; the digits read across now
    say the other look is lit, and the reading is unsure."""
    folder = shared_path("lights", "screens")
    jobs = [(str(folder), e) for e in json.loads((folder / "labels.json").read_text())]
    wrong = {j[1]["file"]: w for j, w in zip(jobs, pmap(_quarter_wrong, jobs)) if w}
    assert not wrong, wrong


def test_real_screenshots_of_other_games():
    folder = shared_path("lights", "screens")
    labels = json.loads((folder / "labels.json").read_text())
    assert len(labels) == 48
    per_game = defaultdict(lambda: [0, 0])
    for label in labels:
        outcome = check(label, folder)  # never a wrong read reported as sure
        game = label["file"].split("/")[0]
        per_game[game][0] += outcome == "exact"
        per_game[game][1] += 1
    exact = sum(v[0] for v in per_game.values())
    print("\n" + "\n".join(f"{g:45s} {a}/{b}" for g, (a, b) in sorted(per_game.items())))
    # Pierca7's (0,0) is hidden under a highlight.  Brightness and the board's
    # ground disagree on which look is lit in two: fedoseevtaf's white and
    # black squares on a green chat bubble, and jurajvitalis's white and grey
    # boxes on a light grey window (the white ones are nearer the ground).
    # pewpew's frames 292 and 125: their unlit cells are the black ground and
    # the board reaches the image's edges (292's top row all unlit): a row, or
    # the ground above the board?  Cells drawn as the ground past an image's
    # edge would not show either: an image's edge is not the board's.  Unsure
    # is the right answer for all five.
    assert exact >= 43
    assert len(per_game) == 21


def _lights_verdict(path) -> str:
    try:
        rd = read_lights(load_image(path))
    except (NoBoardError, UnreadableBoardError):
        return "refused"
    return "SURE" if rd.sure else "unsure"


@pytest.mark.slow
def test_other_games_are_never_read_as_lights_boards():
    """Real Tango and Queens screenshots (another LinkedIn game among them):
    refused, or at worst not sure; never a sure Lights Out board."""
    paths = []
    for game in ("tango", "queens"):
        folder = shared_path(game, "screens")
        paths += [folder / x["file"] for x in json.loads((folder / "labels.json").read_text())]
    verdicts = dict(zip(paths, pmap(_lights_verdict, paths)))
    sure = [str(p) for p, v in verdicts.items() if v == "SURE"]
    assert sure == []
    assert sum(v == "refused" for v in verdicts.values()) >= len(paths) - 3


def _turned_verdict(job: tuple) -> str:
    path, degrees = job
    img = load_image(path)
    h, w = img.shape[:2]
    img = cv2.warpAffine(img, cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0), (w, h),
                         borderMode=cv2.BORDER_REPLICATE)
    try:
        return "SURE" if read_lights(img).sure else "unsure"
    except (NoBoardError, UnreadableBoardError):
        return "refused"


@pytest.mark.slow
def test_pictures_turned_by_hand_are_never_read_as_sure_boards():
    """Real screenshots turned 5, 10 or 45 degrees (a photo of a tilted
    screen, a picture turned): refused or not sure, whatever their game.
    Before: 4 Tango boards turned 5 or 10 degrees read as sure 3x3 to 5x5
    Lights Out boards, two Queens boards turned 45 degrees as 8x6 and 7x6,
    and two Lights Out boards at 45 degrees as 4x3 and 4x4."""
    jobs = []
    for game, step, turns in (("lights", 1, (5, 45)), ("tango", 3, (5, 10)), ("queens", 1, (45,))):
        folder = shared_path(game, "screens")
        jobs += [(folder / x["file"], t) for x in json.loads((folder / "labels.json").read_text())[::step]
                 for t in turns]
    verdicts = pmap(_turned_verdict, jobs)
    assert [f"{p.name} at {t}" for (p, t), v in zip(jobs, verdicts) if v == "SURE"] == []


def _zip_turned_verdict(job: tuple) -> tuple[str, str]:
    path, how = job
    img = load_image(path)
    turns = {"mirrored": 0, "turned": 1, "upside down": 2}[how]
    img = np.ascontiguousarray(img[:, ::-1] if how == "mirrored" else np.rot90(img, turns))
    try:
        rd = read_lights(img)
    except (NoBoardError, UnreadableBoardError) as e:
        return "refused", str(e)
    return ("SURE" if rd.sure else "unsure"), ""


@pytest.mark.slow
def test_zip_boards_mirrored_or_turned_are_never_read_as_lights_boards():
    """A Zip board's numbered dots are one look of cells printing numbers;
    mirrored or turned, the digits read so: refused.  Before, a mirrored dark
    6x6 and two turned Zip renders were read as sure Lights Out boards (their
    digits unread, the dots taken for lit cells)."""
    jobs = [(p, how) for p in sorted((ROOT / "fixtures" / "zip").glob("*")) if p.suffix in (".png", ".jpg")
            for how in ("mirrored", "turned", "upside down")]
    verdicts = dict(zip(jobs, pmap(_zip_turned_verdict, jobs)))
    assert [j for j, (v, _) in verdicts.items() if v == "SURE"] == []
    for name in ("zip_07_6x6_dark_start.jpg", "zip_10_9x9_dark_start.png"):
        verdict, why = verdicts[(ROOT / "fixtures" / "zip" / name, "turned")]
        assert verdict == "refused" and "print numbers" in why, (name, why)


def test_blobs_off_the_cells_middles_do_not_bend_the_lattice():
    """A lamp picture's glint (a small shape left of and above its cell's
    middle, in the lit cells only) and the whole cells make two fits of one
    lattice: joined, each keeps its own offset, so the pitch stays the
    cells' (it came out 65.76 for 66, the outer columns' pictures a few
    pixels off the median cell's, and an emoji Lights Out page was refused
    as "cells hold symbols that differ")."""
    from puzzlebot.vision.lattice import Blob, fit_lattices

    lit = [(0, 0), (0, 3), (1, 1), (1, 3), (1, 4), (2, 0), (2, 2), (2, 4), (3, 0), (3, 2), (3, 4), (4, 3), (4, 4)]
    blobs = [Blob(318.5 + 66 * c, 124 + 66 * r, 58, 58, 58 * 58) for r in range(5) for c in range(5)]
    blobs += [Blob(311.0 + 66 * c, 120.7 + 66 * r, 7, 10, 60) for r, c in lit]
    lat = fit_lattices(blobs)[0].lattice
    assert (lat.rows, lat.cols) == (5, 5)
    assert abs(lat.px - 66) < 0.01 and abs(lat.py - 66) < 0.01
    assert abs(lat.x0 - (318.5 - 33)) < 0.01 and abs(lat.y0 - (124 - 33)) < 0.01


def test_cells_holding_symbols_are_refused_with_the_reason():
    img = np.full((420, 420, 3), 245, np.uint8)
    for r in range(6):
        for c in range(6):
            x, y = 30 + 60 * c, 30 + 60 * r
            cv2.rectangle(img, (x, y), (x + 54, y + 54), (200, 200, 200), 1)
            k = (r * 7 + c * 3) % 3
            if k == 1:
                cv2.circle(img, (x + 27, y + 27), 16, (40, 170, 250), -1)
            elif k == 2:
                cv2.circle(img, (x + 27, y + 27), 16, (230, 140, 60), -1)
                cv2.circle(img, (x + 35, y + 21), 14, (245, 245, 245), -1)
    with pytest.raises(NoBoardError, match="hold symbols"):
        read_lights(img)


@pytest.mark.slow
def test_our_fixtures_all_read_exactly():
    labels = json.loads((FIXTURES / "labels.json").read_text())
    assert len(labels) >= 20
    for label in labels:
        assert check(label, FIXTURES) == "exact", label["file"]


@pytest.mark.slow
def test_random_simulator_renders_are_read_or_doubted():
    rng = np.random.default_rng(0)
    exact = 0
    for i in range(60):
        n = int(rng.integers(3, 21))
        scale = 1 if 224 // n >= 14 else 2  # cells of 14 px and up (see the closing note for 12-13 px)
        board = random_board(n, seed=int(rng.integers(1 << 30)))
        if i % 3 == 0:
            board[0, :] = 0  # an all-off edge row
        game = EnlightGame(board)
        theme = ("classic", "night", "paper")[i % 3]
        img = render_device(game, theme, scale) if i % 2 else render_screen(game, theme, scale)
        if i % 4 == 0:
            ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 75])
            img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        try:
            rd = read_lights(img)
        except (NoBoardError, UnreadableBoardError):
            continue  # refusing is honest
        if rd.sure:
            assert rows_text(rd) == game.rows_text(), f"case {i}: {n}x{n} {theme} read wrong but sure"
            exact += 1
    assert exact >= 57


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_every_style_in_both_polarities(style):
    """Each drawn style, 12 random boards and their inverses (every lit
    cell off and every off cell lit): lit and off are told apart by the
    cues, never swapped while sure.  The light theme's lit tiles are the
    darker ones; the dark theme's lit tiles are drawn larger."""
    rng = np.random.default_rng(sum(map(ord, style)))
    exact = total = 0
    for i in range(12):
        n = int(rng.integers(3, 9))
        board = (rng.random((n, n)) < 0.4).astype(int)
        board[0, 0], board[-1, -1] = 1, 0  # both looks on every board
        for b in (board, 1 - board):
            drawn = draw(b, style, pitch=int(rng.integers(24, 64)), seed=i)
            rows = ["".join("#" if v else "." for v in row) for row in b]
            total += 1
            try:
                rd = read_lights(drawn.image)
            except (NoBoardError, UnreadableBoardError, PartialBoardError):
                continue  # refusing is honest
            assert not rd.sure or rows_text(rd) == rows, f"{style} board {i}: read wrong but sure ({rd.looks.polarity})"
            exact += rd.sure
    assert exact >= 0.75 * total, f"{style}: {exact}/{total} exact"


@pytest.mark.parametrize("make", [
    lambda: np.full((400, 600, 3), 255, np.uint8),
    lambda: np.random.default_rng(1).integers(0, 256, (400, 600, 3), dtype=np.uint8),
    lambda: np.tile(np.linspace(0, 255, 600, dtype=np.uint8)[None, :, None], (400, 1, 3)),
    lambda: np.zeros((10, 10, 3), np.uint8),
], ids=["white", "noise", "gradient", "tiny"])
def test_images_without_a_board_are_refused(make):
    with pytest.raises(NoBoardError):
        read_lights(make())


def test_text_page_is_refused():
    img = np.full((500, 700, 3), 250, np.uint8)
    for k in range(18):
        cv2.putText(img, "The quick brown fox jumps over the lazy dog", (20, 30 + 25 * k),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.6, (20, 20, 20), 1, cv2.LINE_AA)
    with pytest.raises((NoBoardError, UnreadableBoardError)):
        read_lights(img)


def test_three_looks_are_refused():
    img = np.full((400, 400, 3), 30, np.uint8)
    colors = [(40, 200, 250), (200, 200, 200), (200, 60, 60)]
    rng = np.random.default_rng(2)
    for r in range(6):
        for c in range(6):
            col = colors[int(rng.integers(3))]
            cv2.rectangle(img, (40 + c * 50, 40 + r * 50), (84 + c * 50, 84 + r * 50), col, -1)
    with pytest.raises(UnreadableBoardError, match="more than two looks"):
        read_lights(img)


def test_one_look_that_says_nothing_is_not_sure():
    img = np.full((400, 400, 3), 30, np.uint8)
    for r in range(5):
        for c in range(5):
            cv2.rectangle(img, (40 + c * 60, 40 + r * 60), (92 + c * 60, 92 + r * 60), (140, 140, 140), -1)
    rd = read_lights(img)
    assert not rd.sure


@pytest.mark.slow
def test_cli_detect_and_hint(tmp_path):
    f = FIXTURES / "desktop_0_classic.png"
    r = run_cli("detect", "lights", str(f), "--json", "--debug", str(tmp_path / "dbg.png"))
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    label = next(x for x in json.loads((FIXTURES / "labels.json").read_text()) if x["file"] == f.name)
    assert data["rows"] == label["rows"] and data["sure"]
    assert (tmp_path / "dbg.png").stat().st_size > 1000
    out = tmp_path / "hint.png"
    r = run_cli("hint", "lights", str(f), str(out))
    assert r.returncode == 0, r.stderr
    hinted, plain = load_image(out), load_image(f)
    from puzzlebot.solvers.lights.solve import LightsRules, solve

    board = np.array([[ch == "#" for ch in row] for row in label["rows"]], dtype=np.int64)
    cells = solve(board, LightsRules(10, 10)).cells()
    assert r.stdout.startswith(f"{len(cells)} cells to press")
    lat = read_lights(plain).lattice
    for rr in range(10):
        for cc in range(10):
            cx, cy = (int(v) for v in lat.center(rr, cc))
            changed = np.abs(hinted[cy, cx].astype(int) - plain[cy, cx].astype(int)).sum() > 60
            assert changed == ((rr, cc) in cells)


def test_cli_hint_refuses_a_tango_page(tmp_path):
    page = ROOT / "fixtures" / "tango" / "tango_00_6x6_light_70px_page.png"
    r = run_cli("hint", "lights", str(page), str(tmp_path / "h.png"))
    assert r.returncode == 4 and "no Lights Out board" in r.stderr, r.stderr
    assert not (tmp_path / "h.png").exists()


def test_cli_no_board_exit_status(tmp_path):
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((300, 300, 3), 255, np.uint8))
    r = run_cli("detect", "lights", str(blank))
    assert r.returncode == 4 and "no Lights Out board" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("detect", "lights", str(tmp_path / "missing.png"))
    assert r.returncode == 2 and "no such file" in r.stderr


def test_invisible_unlit_cells_need_a_calibrated_lattice():
    """Unlit cells drawn like the page: the reader says the extent is
    unknown (not sure); a calibrated lattice on which the lit cells fall
    gives the board, and one that disagrees with them does not."""
    from puzzlebot.bot import games
    from puzzlebot.vision.lattice import Lattice

    rng = np.random.default_rng(1)
    board = (rng.random((5, 5)) < 0.4).astype(int)
    board[:, 0] = 0  # nothing lit in the first column: the lit cells alone do not show the extent
    board[1, 1] = board[3, 3] = 1
    img = np.full((400, 500, 3), 12, np.uint8)
    p, ox, oy = 50, 120, 80
    for r, c in zip(*np.nonzero(board)):
        cv2.rectangle(img, (ox + c * p + 4, oy + r * p + 4), (ox + (c + 1) * p - 4, oy + (r + 1) * p - 4),
                      (60, 200, 250), -1)
    rd = read_lights(img)
    assert not rd.sure and rd.looks.extent_unknown and "extent is unknown" in rd.looks.polarity
    bot = games.get("enlight")
    with pytest.raises(UnreadableBoardError, match="extent is unknown"):
        bot.reader.read(img)
    got = bot.reader.read(img, Lattice(ox, oy, p, p, 5, 5))
    assert np.array_equal(got.state, board)
    with pytest.raises(UnreadableBoardError):
        bot.reader.read(img, Lattice(ox + p / 2, oy, p, p, 5, 5))  # cells between the lit ones: refused



@pytest.mark.parametrize("margin", [0.1, 0.5, 1.0, 1.5])
def test_unlit_cells_like_the_ground_up_to_the_image_edge_leave_the_extent_unknown(margin):
    """Red discs lit, black ones unlit on a page nearly as black (4 Lab
    units), nothing framing the board, and ``margin`` pitches of page to the
    image's edges.  The page up to an edge was taken for unlit cells where
    a whole cell fitted (its edge for the board's frame): a sure board of
    page rows and columns round the real one (at 1 and 1.5 pitches: 8 of 8
    boards each).  Where a cell fits, the side is open now (a row of unlit
    cells, or page?); where none does, the board reaches the image's edge."""
    from puzzlebot.solvers.errors import PuzzlebotError

    p = 42
    for seed in range(8):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(4, 8))
        board = (rng.random((n, n)) < 0.45).astype(int)
        m = int(margin * p)
        img = np.zeros((n * p + 2 * m, n * p + 2 * m, 3), np.uint8)
        img[:] = (4, 2, 13)
        for r, c in np.ndindex(n, n):
            cv2.circle(img, (m + c * p + p // 2, m + r * p + p // 2), p // 2 - 2,
                       (80, 80, 250) if board[r, c] else (0, 0, 0), -1, cv2.LINE_AA)
        try:
            rd = read_lights(img)
        except PuzzlebotError:
            continue
        assert np.array_equal(rd.state, board) or not rd.sure, (seed, rd.lattice)
        if margin >= 1:
            assert not rd.sure and rd.looks.extent_unknown and np.array_equal(rd.board, board), (seed, rd.lattice)
