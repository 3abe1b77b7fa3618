"""The Tango reader against every labelled real screenshot, our renders in
nine games' looks, parts of boards and other games: whole boards compared
with their labels; never a wrong read reported as sure."""

from __future__ import annotations

import json
from collections import Counter

import cv2
import numpy as np
import pytest

from puzzlebot.sim.tango.render import STYLES, TangoStyle, draw_arrow, draw_board, draw_page
from puzzlebot.solvers.tango.board import OPPOSITE, SYMBOL, TangoBoard
from puzzlebot.solvers.tango.generate import generate
from puzzlebot.vision.errors import NoBoardError, UnreadableBoardError
from puzzlebot.vision.image_io import load_image
from puzzlebot.vision.tango.reader import read as read_tango

from .helpers import ROOT, pmap, render_verdict, run_cli, shared_path, shifted

FIXTURES = ROOT / "fixtures" / "tango"


def compare(label: dict, folder) -> str:
    """'exact' (every labelled cell and edge right, sure), 'unsure' (every
    difference is marked unsure), 'refused'; a wrong read that is reported
    as sure fails the test.  (Doubt about an unlabelled cell, say one under
    the recording's mouse pointer, is fine.)"""
    img = load_image(folder / label["file"])
    try:
        rd = read_tango(img)
    except NoBoardError:
        return "refused"
    b = rd.board
    assert b.size == label["size"], f"{label['file']}: read {b.size}x{b.size}"
    problems = []
    for r in range(b.size):
        for c in range(b.size):
            unsure = (r, c) in rd.unsure_cells
            want_locked = label["locked"][r][c] != "."
            got = SYMBOL[b.cells[r][c]]
            ok = True
            if want_locked:
                ok = b.locked[r][c] and got == label["locked"][r][c]
            elif b.locked[r][c]:
                ok = False
            if label["kind"] != "video-frame" and got != label["visible"][r][c]:
                ok = False
            if not ok:
                problems.append(("cell", (r, c), unsure))
    want = {((a, b_), (c, d)): k for a, b_, c, d, k in label["edges"]}
    got_edges = {e.cells(): e.kind for e in b.edges}
    unsure_edges = {((a, b_), (c, d)) for a, b_, c, d in rd.unsure_edges}
    for key in set(want) | set(got_edges):
        if want.get(key) != got_edges.get(key):
            problems.append(("edge", key, key in unsure_edges))
    wrong = [p for p in problems if not p[2]]
    assert not wrong, f"{label['file']}: wrong and reported as sure: {wrong}"
    return "exact" if not problems and rd.sure else "unsure"


def _real(label: dict) -> tuple[str, str]:
    folder = shared_path("tango", "screens")
    if label["kind"] == "no-tango-board":
        try:
            read_tango(load_image(folder / label["file"]))
        except NoBoardError:
            return label["kind"], "refused"
        return label["kind"], "READ"
    return label["kind"], compare(label, folder)


@pytest.mark.slow
def test_real_screenshots():
    """195 screenshots from six projects: fresh boards, solved ones, video
    frames with the pointer on the board, two other LinkedIn games."""
    folder = shared_path("tango", "screens")
    labels = json.loads((folder / "labels.json").read_text())
    assert len(labels) == 195
    by_kind = Counter(pmap(_real, labels))
    print("\n", dict(by_kind))
    assert by_kind[("no-tango-board", "refused")] == 2
    assert by_kind[("start", "exact")] == 23  # every fresh board
    # measured: solved 6 exact + 3 unsure (givens or a mark under the
    # solver's drawing), video frames 148 exact + 13 unsure, none refused
    assert by_kind[("solved", "exact")] >= 5
    assert by_kind[("video-frame", "exact")] >= 144
    assert sum(v for (k, o), v in by_kind.items() if o == "refused" and k != "no-tango-board") == 0


def _fixture(label: dict) -> str:
    return compare(label, FIXTURES)


@pytest.mark.slow
def test_our_renders():
    labels = json.loads((FIXTURES / "labels.json").read_text())
    assert len(labels) == 24
    results = Counter(pmap(_fixture, labels))
    print("\n", dict(results))
    assert results["refused"] == 0
    # measured 21 exact; the rest unsure (a mark under a pointer, in the dots and emoji looks)
    assert results["exact"] >= 19


def _random_render(seed: int) -> tuple[str, str]:
    """One random board in a random look, size, cell size (30-200 px), on a
    page or not, with a pointer and JPEG noise or not: its outcome."""
    rng = np.random.default_rng(seed)
    name = list(STYLES)[seed % len(STYLES)]
    n = int(rng.choice([4, 6, 6, 8, 10, 12, 14]))
    pitch = min(int(rng.integers(30, 201)), 1500 // n)
    page = rng.random() < 0.3 and n * pitch < 600
    g = generate(n, 1, seed=int(rng.integers(1 << 30)))[0]
    board = g.puzzle.copy()
    if rng.random() < 0.2:
        board.cells = [row[:] for row in g.solution]
    pic = draw_page(board, pitch, name) if page else draw_board(board, pitch, name)
    img = pic.image
    if rng.random() < 0.4:
        r, c = int(rng.integers(n)), int(rng.integers(n))
        draw_arrow(img, int(pic.x0 + (c + rng.random()) * pitch), int(pic.y0 + (r + rng.random()) * pitch),
                   max(1.0, pitch / 60), bool(rng.random() < 0.7))
    if rng.random() < 0.5:
        _, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, 96))])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    where = f"seed {seed}: {name} {n}x{n} at {pitch} px"
    try:
        rd = read_tango(img)
    except NoBoardError:
        return name, "refused"
    assert rd.board.size == n or not rd.sure, f"{where}: read {rd.board.size}x{rd.board.size} as sure"
    if rd.board.size != n:
        return name, "unsure"
    wrong = []
    for r in range(n):
        for c in range(n):
            given = board.locked[r][c] and board.cells[r][c] != 0
            if (rd.board.cells[r][c], rd.board.locked[r][c]) != (board.cells[r][c], given) \
                    and (r, c) not in rd.unsure_cells:
                wrong.append((r, c))
    want = {e.cells(): e.kind for e in board.edges}
    got = {e.cells(): e.kind for e in rd.board.edges}
    unsure = {((a, b), (c, d)) for a, b, c, d in rd.unsure_edges}
    wrong += [k for k in set(want) | set(got) if want.get(k) != got.get(k) and k not in unsure]
    assert not wrong, f"{where}: wrong and reported as sure: {wrong}"
    # (pieces whose one doubt is whether they are givens, as in the "plain"
    # look, are taken as givens and played: exact where the rest is sure)
    return name, "exact" if set(rd.unsure) <= set(rd.looks.given_or_placed) else "unsure"


@pytest.mark.slow
def test_random_renders_in_every_look():
    """90 random renders over the nine looks: never a wrong read reported as
    sure; most read exactly.  (bench/tango_sweep.py runs thousands.)"""
    outcomes = pmap(_random_render, list(range(90)))
    per_style = Counter(outcomes)
    print("\n", sorted(per_style.items()))
    exact = sum(v for (_, o), v in per_style.items() if o == "exact")
    refused = sum(v for (_, o), v in per_style.items() if o == "refused")
    assert exact >= 55 and refused <= 3  # measured 63 exact, 27 unsure, none refused


@pytest.mark.parametrize("badge, mark", [("#9B59E8", "#171B06"), ("#3080F0", "#171B06"), ("#9B59E8", "#FFFFFF")])
def test_marks_in_coloured_badges_are_never_read_sure_wrong(badge, mark):
    """Marks in violet or blue badges over the gaps between boxes: the gap's
    rows are dropped as a grid line's, which cut the badge (and its glyph)
    in two; the badge's fill then fell short of a badge's, and its halves,
    flat and apart, read as a sure "=" where an "x" is (1 or 2 boards in
    12), and white glyphs on violet were never read.  A badge's holes are
    filled now: never wrong, and the marks read on most boards."""
    from dataclasses import replace

    st = replace(STYLES["boxes-bordered"], badge=badge, mark=mark)
    wrong, exact = [], 0
    for seed in range(12):
        n, pitch = (4, 6, 8)[seed % 3], 40 + 4 * seed
        board = generate(n, 1, seed=seed)[0].puzzle.copy()
        rd = read_tango(draw_board(board, pitch, st).image)
        want = {e.cells(): e.kind for e in board.edges}
        got = {e.cells(): e.kind for e in rd.board.edges}
        unsure = {((a, b), (c, d)) for a, b, c, d in rd.unsure_edges}
        if any(want.get(k) != got.get(k) and k not in unsure for k in set(want) | set(got)):
            wrong.append(seed)
        exact += rd.sure and want == got
    assert not wrong, f"marks read sure and wrong on boards {wrong}"
    assert exact >= 7, f"only {exact} of 12 boards read whole and sure"


def _random_render_verdict(seed: int, how: str | None = None) -> str:
    """How a random-colour render (under the screen change ``how``, if any;
    every fourth saved as JPEG 80) is read: exact, unsure, refused or WRONG
    (sure and unlike the board drawn: a piece, a given or a mark; pieces the
    reading says may be givens or the player's are taken as givens)."""
    from puzzlebot.sim.tango.render import random_render

    R = random_render(seed)
    b = R.board
    image = shifted(R.image, how) if how else R.image

    def matches(rd) -> bool:
        if rd.board.size != b.size:
            return False
        moot = set(rd.looks.given_or_placed)
        given = [[bool(b.locked[r][c] and b.cells[r][c]) for c in range(b.size)] for r in range(b.size)]
        return rd.board.cells == b.cells and all(
            bool(rd.board.locked[r][c]) == given[r][c] for r in range(b.size) for c in range(b.size)
            if (r, c) not in moot) and \
            sorted((e.cells(), e.kind) for e in rd.board.edges) == sorted((e.cells(), e.kind) for e in b.edges)

    return render_verdict(image, seed % 4 == 3, read_tango, matches)


def test_boards_in_random_colours_are_never_read_sure_wrong():
    """The nine looks' shapes in random colours (sim/tango/render.py's
    random_render).  3 of 800 such boards were read sure and wrong: full
    boards whose givens are not drawn apart (seeds 448, 610), where a corner
    cell's two inner sides fell one on a thin grid line and one beside it,
    and the mean of the two set a few corner cells apart as givens; and a
    hatched board (609) whose two givens under large pieces kept too little
    of their hatching to pass the tolerance, read as the player's.  Both are
    doubt now; 365 of the 800 read exact before and after."""
    seeds = list(range(400, 460)) + [609, 610]
    verdicts = pmap(_random_render_verdict, seeds)
    wrong = [s for s, v in zip(seeds, verdicts) if v == "WRONG"]
    assert not wrong, f"boards read sure and wrong: {wrong}"
    assert verdicts.count("exact") >= 20, Counter(verdicts)


def test_an_x_in_the_lines_colour_on_a_badge_over_the_line_is_an_x():
    """Black x's on small badges of the cells' pink, over black grid lines
    (random colours, seed 1234): the badge hides the line round the mark,
    but where the x's strokes cross, the line's own place, they look like
    the line and were left out; the two halves read as "=", sure.  A line
    gone round a mark (drawn further along, not here) hides a crossing
    stroke as an erased line does: the x is read whole again."""
    assert _random_render_verdict(1234) == "exact"


def test_pale_marks_washed_out_by_jpeg_are_doubt_not_none():
    """Pale blue marks on lilac cells, saved as JPEG 35 and again as JPEG 80:
    no ink at a mark's contrast was left, and the board was read with no
    marks, sure (1 of 600 random-colour boards under screen changes).  Ink
    at half that contrast reaching across the line as a mark does leaves
    the board unsure now; JPEG's strips along box borders do not."""
    assert _random_render_verdict(40311, "jpeg35") in ("unsure", "refused")
    rd = read_tango(load_image(FIXTURES / "tango_19_10x10_boxes-bordered_50px.jpg"))
    assert rd.sure, rd.doubts()


def test_two_kinds_of_piece_read_as_one_that_break_the_rules_are_unsure():
    """Sun and moon emoji (both yellow) 16 pixels across on a pale green
    ground, givens hatched: the pieces made one look (a disc: the suns are
    more), every moon read as a sun, sure: rows of five suns, suns three in
    a row and two suns either side of an x.  Seen as one kind, pieces that
    break Tango's rules together are unsure now."""
    from puzzlebot.sim.tango.render import emoji_available

    if not emoji_available():
        pytest.skip("no colour emoji font (make test installs fonts-noto-color-emoji)")
    rows = ["..M.s.M.", ".M.ms.s.", ".sm....m", "Smss.s.m", "..MMs.ms", "ms...sSm", "m.S.MsSm", "SS.m.mms"]
    edges = [(0, 0, 1, 0, "x"), (1, 3, 1, 4, "x"), (1, 6, 1, 7, "="), (2, 1, 2, 2, "x"), (2, 4, 3, 4, "="),
             (3, 1, 3, 2, "x"), (4, 5, 5, 5, "x"), (5, 0, 6, 0, "="), (5, 1, 6, 1, "x"), (5, 4, 6, 4, "="),
             (6, 1, 7, 1, "x"), (7, 5, 7, 6, "=")]
    board = TangoBoard.from_rows(rows, [list(e) for e in edges])
    look = TangoStyle("pale", page="#E6F1F5", panel="#F0EFE2", cell="#ECFFE6", locked="#F3B8EE", line="#DD89BD",
                      givens="pattern", pieces="emoji", marks="badge", mark="#2F4E3A")
    try:
        rd = read_tango(draw_board(board, 40, look, margin=30).image)
    except NoBoardError:
        return  # refused, as under OpenCV 5.1 and 4.14 (not 5.0): cells like neither empty ones nor pieces; safe too
    assert not rd.sure or rd.board.cells == board.cells, rd.board.cells


def test_a_border_that_pieces_cover_on_some_sides_never_tells_givens():
    """Pictures drawn large and low in boxes (our pictures look) cover the
    bottom and right of their own box's border: four of the eight givens
    (hatched, the hatching hidden under the pictures) had half their border
    yellow and were read as givens by it, the other four as the player's,
    sure.  A border that differs on some sides only tells nothing now."""
    board = generate(6, 1, seed=34)[0].puzzle
    look = TangoStyle("r34", page="#DFF8D5", panel="#FFDCFF", cell="#E1E6F9", locked="#CAEFD5", line="#089D1E",
                      cells="boxes", givens="pattern", given_border="#95FAA9", pieces="pictures", sun="#F3D214",
                      moon="#599EDA", marks="linkedin", mark="#4A2613")
    rd = read_tango(draw_board(board, 70, look, margin=30).image)
    pieces = [(r, c) for r in range(6) for c in range(6) if board.cells[r][c] != 0]
    wrong = [p for p in pieces if rd.board.locked[p[0]][p[1]] != board.locked[p[0]][p[1]] and p not in rd.unsure]
    assert rd.board.cells == board.cells and not wrong, (wrong, rd.looks.givens)


def _marks_read_wrong(board: TangoBoard, rd) -> list:
    """The edges whose mark ``rd`` read otherwise than ``board`` has it and
    does not say it is unsure of."""
    want = {e.cells(): e.kind for e in board.edges}
    got = {e.cells(): e.kind for e in rd.board.edges}
    unsure = {((a, b), (c, d)) for a, b, c, d in rd.unsure_edges}
    return [k for k in set(want) | set(got) if want.get(k) != got.get(k) and k not in unsure]


@pytest.mark.parametrize("n, seed, pitch, margin, look", [
    (8, 214, 70, 30, TangoStyle("r214", page="#DEE2F1", panel="#FBF6F4", cell="#FDFAF3", locked="#EBFAC8",
                                line="#7FEFB4", cells="boxes", box_gap=0.18, box_border="#3A4048", givens="pattern",
                                given_border="#B9E40C", pieces="pictures", sun="#F5CF5D", moon="#2D68CA",
                                marks="badge", mark="#220912", badge="#3A4048")),
    (6, 146, 56, 12, TangoStyle("r146", page="#E3D4F6", panel="#E0E1FD", cell="#F7FCF8", locked="#B9C4B6",
                                line="#F9E081", cells="boxes", box_gap=0.12, box_border="#C5CCD3", givens="border",
                                given_border="#7C4B0E", pieces="linkedin", sun="#FCAC61", moon="#3A5479",
                                marks="badge", mark="#55564A", badge="#FFFFFF"))],
    ids=["badge-in-the-borders-colour", "mark-too-small-to-read"])
def test_marks_on_badges_between_boxes_are_never_read_sure_wrong(n, seed, pitch, margin, look):
    """Two random renders of our looks read "no mark", sure, where marks are.
    Badges 0.14 pitch across in the colour of the boxes' borders, filling
    the gap between two boxes: between columns, their columns of ink (a band
    0.42 of the window) were dropped as a grid line drawn thick (four of ten
    marks); a line drawn thick is a tenth of a pitch at most (0.29 of the
    window): a thicker band is a badge.  A 5 px x on a white badge as light
    as the page: 12 pixels of ink, under the share that makes a mark; ink at
    an edge's middle too little to read is unsure now."""
    board = generate(n, 1, seed=seed)[0].puzzle
    rd = read_tango(draw_board(board, pitch, look, margin=margin).image)
    wrong = _marks_read_wrong(board, rd)
    assert not wrong, (wrong, rd.unsure)


@pytest.mark.parametrize("n, seed, pitch, look", [
    (6, 14, 40, TangoStyle("r14", page="#CAD9C8", panel="#E1DCE1", cell="#EBE2EA", locked="#B8E0FE", line="#A35F41",
                           cells="boxes", box_gap=0.18, box_border="#3A4048", givens="pattern",
                           given_border="#B8F3FC", pieces="linkedin", sun="#E39C3A", moon="#000ABD",
                           marks="linkedin", mark="#589162", mark_box="#290292")),
    (4, 24, 56, TangoStyle("r24", page="#D4F9CF", panel="#FFECFD", cell="#F0E1EB", locked="#E0E4C3", line="#7BC956",
                           givens="fill", pieces="dots", sun="#EDBD5A", moon="#4973D4", marks="text",
                           mark="#EC3DF0")),
    (8, 58, 70, TangoStyle("r58", page="#203C1D", panel="#393F17", cell="#053A19", locked="#096615", line="#7AF55A",
                           givens="fill", pieces="dots", sun="#FEE603", moon="#073181", marks="badge",
                           mark="#3118B1", badge="#75CF52"))],
    ids=["dark-box-scaled-up", "text-over-an-erased-line", "badge-in-the-lines-colour"])
def test_marks_in_random_looks_are_read(n, seed, pitch, look):
    """Random renders of our looks left readable marks unsure.  A small dark
    box, scaled up to the reading pitch: its edge, blended with the page,
    was taken for glyph (a bar along the box's top).  A text "=" over a
    grid line erased under it: the line's two cut ends (2 px each) made the
    glyph's box twice as tall.  Badges in the grid line's own colour: the
    line through them is not ink, so a badge broke into halves (or lost its
    middle rows) and was no badge; its "=" read as neither.  Each mark is
    read now, and read right; a fat x (strokes a third of its width, its
    sides' middles inked as a blot's are) may stay unsure."""
    board = generate(n, 1, seed=seed)[0].puzzle
    rd = read_tango(draw_board(board, pitch, look, margin=12).image)
    wrong = _marks_read_wrong(board, rd)
    assert not wrong, (wrong, rd.unsure)
    kinds = {e.cells(): e.kind for e in board.edges}
    unsure = {kinds.get(((a, b), (c, d))) for a, b, c, d in rd.unsure_edges}
    assert unsure <= ({OPPOSITE} if look.marks == "badge" else set()), rd.unsure


@pytest.mark.parametrize("n, seed, pitch, look", [
    (4, 45, 70, TangoStyle("r45", page="#3C1E2F", panel="#451F0E", cell="#060D4E", locked="#585301", line="#2CF4B3",
                           cells="boxes", box_gap=0.36, box_border="#D1D5DB", givens="fill", pieces="dots",
                           sun="#E0B203", moon="#1E92D3", marks="text", mark="#80F200")),
    (8, 16, 56, TangoStyle("r16", page="#002419", panel="#28450D", cell="#2B494E", locked="#6B5D27", line="#0856FC",
                           cells="boxes", givens="fill", pieces="dots", sun="#E2CB3C", moon="#020CE5",
                           marks="text", mark="#A89C93"))],
    ids=["olive-on-navy", "brown-on-teal"])
def test_givens_filled_in_one_colour_near_the_suns_are_givens_not_lit_lights(n, seed, pitch, look):
    """Givens filled olive (brown) on navy (teal) cells: the fill differs from
    the empty cells' towards yellow, the suns' hue, and every such board was
    refused as lit lights ("filled to their edges in the pieces' own colour").
    Lit lights are filled in their own colour; here the moons' givens wear the
    suns' hue too: one fill for both kinds is a given's look.  Read whole."""
    board = generate(n, 1, seed=seed)[0].puzzle
    rd = read_tango(draw_board(board, pitch, look, margin=12).image)
    assert rd.sure, rd.unsure
    assert rd.board.cells == board.cells and rd.board.locked == board.locked
    assert {e.cells(): e.kind for e in rd.board.edges} == {e.cells(): e.kind for e in board.edges}


@pytest.mark.parametrize("seed", [86, 186])
def test_tiles_with_wide_gaps_and_pale_outlines_are_found(seed):
    """4x4 boards of white tiles 0.64 of the pitch, outlined pale grey, with
    wide gaps: the blobs inside the outlines measured the tiles 0.54 of the
    pitch, the outlines' outermost edge 0.69, and on neither were the cells
    bounded: "no square grid".  Tiles between the two sizes are tried too."""
    from puzzlebot.vision.tango.board import locate

    look = TangoStyle("r86", page="#E7F9D3", panel="#F6DFE2", cell="#F9F9FC", line="#7FD0C4", cells="boxes",
                      box_gap=0.36, box_border="#D1D5DB", givens="none", pieces="dots", sun="#FC9A54",
                      moon="#00076A", marks="linkedin", mark="#9A043A")
    pic = draw_board(generate(4, 1, seed=seed)[0].puzzle, 70, look, margin=30)
    lat = locate(pic.image).lattice
    assert (lat.rows, lat.cols) == (4, 4)
    assert abs(lat.x0 - pic.x0) < 1 and abs(lat.y0 - pic.y0) < 1 and abs(lat.px - pic.pitch) < 0.5, lat


@pytest.mark.parametrize("glyph", ["#FFFFFF", "#F4CEFF"])
def test_a_mark_badge_whose_glyph_is_hard_to_see_is_never_no_mark(glyph):
    """White badges 0.29 pitch across (the window looked at is 0.34) on a
    dark board: a badge's rows (columns) of ink ran along most of the window
    as a grid line drawn thick does, and were dropped as one: "no mark",
    sure, on every edge.  A band that thick is no line: a blank badge
    (glyph white on white) is unsure now, a faint glyph (pale pink) read."""
    rows = ["S....M", ".M..S.", "..M...", "...S..", ".S..M.", "M....S"]
    edges = [(0, 2, 0, 3, "="), (1, 0, 2, 0, "x"), (2, 3, 2, 4, "x"), (3, 1, 4, 1, "="), (4, 4, 4, 5, "x"),
             (5, 2, 5, 3, "=")]
    board = TangoBoard.from_rows(rows, [list(e) for e in edges])
    look = TangoStyle("night", page="#390B28", panel="#0E4503", cell="#1E102E", locked="#026C6E", line="#A3939B",
                      frame="#D9D2C7", givens="fill", pieces="dots", marks="linkedin", mark=glyph, mark_box="#FFFFFF")
    rd = read_tango(draw_board(board, 70, look, margin=30).image)
    wrong = _marks_read_wrong(board, rd)
    assert not wrong, (wrong, rd.unsure)
    assert not rd.sure or {e.cells(): e.kind for e in rd.board.edges} == {e.cells(): e.kind for e in board.edges}


@pytest.mark.parametrize("look", ["linkedin", "plain", "pictures"])
def test_pieces_not_told_given_or_placed_are_unsure_and_taken_as_givens(look):
    """One given left grey (or none: "plain" draws givens like the rest),
    half the free cells played: the pieces made one look, and every piece
    was read as a given, sure.  Each is unsure now ("a given, or placed by
    the player?"), its value read; the bot may still act (``read`` takes
    them as givens, never clicked), and its plan clicks only empty cells."""
    from puzzlebot.bot import games

    g = generate(6, 1, seed=5)[0]
    board = g.puzzle.copy()
    first = next((r, c) for r in range(6) for c in range(6) if board.locked[r][c])
    for r in range(6):
        for c in range(6):
            if board.locked[r][c] and (r, c) != first:
                board.locked[r][c] = False
            elif not board.locked[r][c] and (r + c) % 2 == 0:
                board.cells[r][c] = g.solution[r][c]
    img = draw_board(board, 70, look, margin=30).image
    rd = read_tango(img)
    pieces = {(r, c) for r in range(6) for c in range(6) if board.cells[r][c] != 0}
    assert not rd.sure and set(rd.unsure_cells) == pieces == set(rd.looks.given_or_placed)
    assert all("placed by the player" in rd.unsure[rc] for rc in pieces)
    assert rd.state.tolist() == board.cells
    tango = games.get("tango")
    plan = tango.player.plan(tango.reader.read(img))
    assert plan and not {a.cell for a in plan} & pieces


@pytest.mark.parametrize("pitch", [56, 64, 70])
def test_an_x_in_the_grid_lines_colour_is_not_two_bars(pitch):
    """Dark green x marks on dark green grid lines, the line erased under
    each mark's white box: the x's middle, where the line runs, looked like
    the line and was left out; what remained were two bars, an "=", sure
    (at 64 and 70 px a cell).  Judged against the cells' ground alone there,
    the strokes cross: an x."""
    board = generate(6, 1, seed=11)[0].puzzle
    look = TangoStyle("green ink", page="#E6E9DC", panel="#E2E8F6", cell="#F4E1FE", locked="#D5C4B6",
                      line="#12634F", frame="#5F6368", givens="fill", pieces="pictures", marks="linkedin",
                      mark="#305134")
    rd = read_tango(draw_board(board, pitch, look, margin=12).image)
    want = {e.cells(): e.kind for e in board.edges}
    got = {e.cells(): e.kind for e in rd.board.edges}
    unsure = {((a, b), (c, d)) for a, b, c, d in rd.unsure_edges}
    assert [k for k in set(want) | set(got) if want.get(k) != got.get(k) and k not in unsure] == []


def _corner(img: np.ndarray, x0: int, y0: int, pitch: int, cells: int, margin: int) -> np.ndarray:
    return img[max(0, y0 - margin):y0 + cells * pitch + margin, max(0, x0 - margin):x0 + cells * pitch + margin]


@pytest.mark.parametrize("look", ["linkedin", "boxes-bordered", "emoji", "plain"])
@pytest.mark.parametrize("cut", ["4x4 corner", "through cells"])
def test_parts_of_boards_are_refused(look, cut):
    """A 4x4 corner of a 6x6 board, with a margin as a crop would leave, and
    a crop through the middle of a row of cells: never a board."""
    board = generate(6, 1, seed=11)[0].puzzle
    pic = draw_board(board, 70, look, margin=40)
    if cut == "4x4 corner":
        part = _corner(pic.image, pic.x0, pic.y0, 70, 4, 30)
    else:
        part = pic.image[:, : pic.x0 + int(4.5 * 70)]
    with pytest.raises(NoBoardError) as err:
        read_tango(part)
    print(f"\n{look}, {cut}: {err.value}")


def test_part_of_a_real_screenshot_is_refused():
    folder = shared_path("tango", "screens")
    label = next(x for x in json.loads((folder / "labels.json").read_text()) if x["kind"] == "start"
                 and x["size"] == 6)
    img = load_image(folder / label["file"])
    lat = read_tango(img).lattice
    x0, y0, p = int(lat.x0), int(lat.y0), int(lat.px)
    with pytest.raises(NoBoardError):
        read_tango(img[:, : x0 + int(4.5 * p)])  # the image edge cuts the board
    with pytest.raises(NoBoardError):
        read_tango(img[:, : x0 + int(3.5 * p)])  # no 4x4 of whole cells
    corner = img[max(0, y0 - p // 2):y0 + 4 * p + p // 3, max(0, x0 - p // 2):x0 + 4 * p + p // 3]
    with pytest.raises(NoBoardError):
        read_tango(corner)  # a 4x4 corner with a third of the next cells


def _jpeg_wrong(path) -> str | None:
    img = load_image(path)
    try:
        clean = read_tango(img)
    except NoBoardError:
        return None
    if not clean.sure:
        return None
    bad = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 10])[1], cv2.IMREAD_COLOR)
    try:
        rd = read_tango(bad)
    except (NoBoardError, UnreadableBoardError):
        return None
    if rd.sure and not (rd.state.shape == clean.state.shape and np.array_equal(rd.state, clean.state)):
        return f"{path.name}: read sure as {rd.state.shape[0]}x{rd.state.shape[1]}"
    return None


@pytest.mark.slow
def test_real_screenshots_saved_as_poor_jpegs_are_never_read_sure_wrong():
    """JPEG at quality 10 loses faint grid lines.  Before: on a 6x6 board
    with a ring of grey givens round white cells (rn-tango's tango-315) the
    lines between the grey cells were lost, and the white 4x4 inside read
    as a sure board; the givens' pieces past its sides now say the board
    goes on."""
    folder = shared_path("tango", "screens")
    paths = [folder / x["file"] for x in json.loads((folder / "labels.json").read_text())]
    assert [w for w in pmap(_jpeg_wrong, paths) if w] == []


@pytest.mark.parametrize("zoom", [0.6, 0.7, 0.8])
def test_a_pointer_running_in_from_a_pieces_side_over_a_mark_leaves_the_edge_unsure(zoom):
    """A real video frame (rn-tango's tango-255) with the mouse pointer on
    the edge below a sun, over the x the label knows is there: read unsure
    there ("a pointer may hide a mark").  Scaled down without smoothing,
    the pointer's arrow reached the far side of the edge's window, next to
    the sun: it was dropped as the sun's own edge drawn up to the line, and
    "no mark" was read, sure.  Near-black ink dropped so from the side of
    a piece that has none of its own, near the line, now leaves the edge
    unsure."""
    folder = shared_path("tango", "screens")
    label = next(x for x in json.loads((folder / "labels.json").read_text())
                 if x["file"] == "wswebcreation__rn-tango/thumbnails/tango-255.png")
    img = load_image(folder / label["file"])
    rd = read_tango(cv2.resize(img, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_NEAREST))
    edge = ((1, 3), (2, 3))
    assert [e for e in label["edges"] if ((e[0], e[1]), (e[2], e[3])) == edge] == [[1, 3, 2, 3, "x"]]
    assert (1, 3, 2, 3) in rd.unsure_edges and not rd.sure


@pytest.mark.parametrize("degrees", [-1.0, 1.0])
def test_a_mark_drawn_through_by_a_pointer_is_not_left_out_with_it_as_a_pieces_edge(degrees):
    """A real video frame (rn-tango's tango-205): the pointer's arrow over
    the lower half of an x below a piece, reaching the moon below; unsure
    there at full size.  Turned a degree, the x and the arrow were one
    piece of ink, left out together as the moon's edge drawn up to the
    line: "no mark", sure.  Ink left out as a piece's that holds a
    pointer's near-black pixels and comes near the line leaves the edge
    unsure; and the edge is never read sure as anything but the label's x."""
    folder = shared_path("tango", "screens")
    label = next(x for x in json.loads((folder / "labels.json").read_text())
                 if x["file"] == "wswebcreation__rn-tango/thumbnails/tango-205.png")
    img = load_image(folder / label["file"])
    h, w = img.shape[:2]
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    rd = read_tango(cv2.warpAffine(img, turn, (w, h), borderValue=tuple(int(v) for v in img[0, 0])))
    edge = ((2, 5), (3, 5))
    assert [e for e in label["edges"] if ((e[0], e[1]), (e[2], e[3])) == edge] == [[2, 5, 3, 5, "x"]]
    marks = {e.cells(): e.kind for e in rd.board.edges}
    assert (2, 5, 3, 5) in rd.unsure_edges or marks.get(edge) == "x", marks


def _tango_verdict(path) -> str:
    try:
        rd = read_tango(load_image(path))
    except (NoBoardError, UnreadableBoardError):
        return "refused"
    return "SURE" if rd.sure else "unsure"


@pytest.mark.slow
def test_other_games_are_never_read_as_tango_boards():
    """Real Lights Out screenshots of 21 games and LinkedIn Queens: refused,
    or at worst unsure; never a sure Tango board."""
    paths = []
    for game in ("lights", "queens"):
        folder = shared_path(game, "screens")
        paths += [folder / x["file"] for x in json.loads((folder / "labels.json").read_text())]
    verdicts = dict(zip(paths, pmap(_tango_verdict, paths)))
    assert [str(p) for p, v in verdicts.items() if v == "SURE"] == []
    assert sum(v == "refused" for v in verdicts.values()) >= len(verdicts) - 2  # measured: all but one


@pytest.mark.slow
def test_our_other_games_and_real_zip_boards_are_never_read_as_tango_boards():
    """Every render of our other stand-ins and every example of another game:
    never a sure Tango board.  An Enlight screen whose lit cells keep Tango's
    rules (lit cells are filled to their edges, as no sun is) and a 7x7 Zip
    page (no 8x8 board of it and the page beside it) are refused, and so are
    nearly all Zip and Mini Sudoku boards."""
    paths = [p for game in ("lights", "queens", "zip", "sudoku", "patches")
             for p in sorted((ROOT / "fixtures" / game).glob("*")) if p.suffix in (".png", ".jpg")]
    paths += [p for p in sorted((ROOT / "examples").glob("*.png")) if not p.name.startswith("tango")]
    verdicts = dict(zip(paths, pmap(_tango_verdict, paths)))
    assert [str(p) for p, v in verdicts.items() if v == "SURE"] == []
    for name in ("examples/enlight.png", "examples/zip.png", "fixtures/lights/desktop_0_classic.png"):
        assert verdicts[ROOT / name] == "refused", name
    # Zip's numbered dots and Mini Sudoku's digits are numbers no Tango game
    # prints: refused (15 of 35 renders were read as unsure Tango boards);
    # measured: all but a 4x4 Sudoku of few givens and a 9x9 Zip
    # board taken for a 10x10 one between its cells
    numbered = [p for p in verdicts if p.parent.name in ("zip", "sudoku")]
    assert len(numbered) == 35 and sum(verdicts[p] != "refused" for p in numbered) <= 2


@pytest.mark.parametrize("make", [
    lambda: np.full((720, 1280, 3), 255, np.uint8),
    lambda: np.random.default_rng(3).integers(0, 256, (500, 500, 3), dtype=np.uint8),
], ids=["blank", "noise"])
def test_no_board_is_refused(make):
    with pytest.raises(NoBoardError):
        read_tango(make())


@pytest.mark.slow
def test_cli(tmp_path):
    f = FIXTURES / "tango_00_6x6_light_70px_page.png"
    label = next(x for x in json.loads((FIXTURES / "labels.json").read_text()) if x["file"] == f.name)
    r = run_cli("detect", "tango", str(f), "--json", "--debug", str(tmp_path / "d.png"), "--strict")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["rows"] == label["locked"] and data["sure"]
    assert sorted(map(tuple, data["edges"])) == sorted(map(tuple, label["edges"]))
    assert data["pieces"] and data["givens"]  # how pieces and givens were told, in words
    # the overlay: an empty cell gets a plain grey dot in its middle, nothing else
    seen = cv2.imread(str(tmp_path / "d.png"))
    lat = data["lattice"]
    r0, c0 = next((r, c) for r, row in enumerate(label["visible"]) for c, ch in enumerate(row) if ch == ".")
    cx = int(round(lat["x0"] + (c0 + 0.5) * lat["pitch_x"]))
    cy = int(round(lat["y0"] + (r0 + 0.5) * lat["pitch_y"]))
    assert tuple(int(v) for v in seen[cy, cx]) == (128, 128, 128)
    assert np.array_equal(seen[cy - 12, cx], cv2.imread(str(f))[cy - 12, cx])
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((400, 400, 3), 255, np.uint8))
    r = run_cli("detect", "tango", str(blank))
    assert r.returncode == 4 and "no Tango board" in r.stderr


@pytest.mark.slow
def test_cli_strict_exit_status_when_unsure(tmp_path):
    """A pointer drawn over the dots fixture's = between r4c3 and r5c3: the
    board is read, that mark said unsure, exit status 4 only under --strict."""
    img = cv2.imread(str(FIXTURES / "tango_12_6x6_dots_75px.png"))
    draw_arrow(img, 12 + int(2.5 * 75) - 4, 12 + 4 * 75 - 4, scale=1.5)
    f = tmp_path / "pointer_over_mark.png"
    cv2.imwrite(str(f), img)
    plain = run_cli("detect", "tango", str(f))
    assert plain.returncode == 0 and "unsure edges: r4c3-r5c3" in plain.stdout and "NOT sure" in plain.stderr
    strict = run_cli("detect", "tango", str(f), "--strict")
    assert strict.returncode == 4 and strict.stdout == plain.stdout


def test_marks_too_small_to_tell_are_each_said_unsure_with_the_reason():
    """An 8x8 board of 30 px cells whose marks are 3-4 px on the screen:
    the whole board is read, and each mark not told is named, with why (the
    glyph's size), and drawn as ? between its cells in detect's text; every
    mark read is right."""
    from puzzlebot.bot import games

    g = generate(8, 1, seed=2)[0]
    rd = read_tango(draw_board(g.puzzle, 30, "dots").image)
    assert rd.board.size == 8 and not rd.sure
    want = {e.cells(): e.kind for e in g.puzzle.edges}
    unsure = {((a, b), (c, d)): rd.unsure[(a, b, c, d)] for a, b, c, d in rd.unsure_edges}
    got = {e.cells(): e.kind for e in rd.board.edges}
    assert all(want.get(k) == v for k, v in got.items())  # nothing read is wrong
    assert set(want) <= set(got) | set(unsure)  # every mark not read is named
    assert any("too small to tell = from x" in why for why in unsure.values())
    lines = games.get("tango").reader.describe(rd).text.split("\n")
    for (r1, c1), (r2, c2) in unsure:
        assert lines[2 * r1 + (r2 - r1)][4 * c1 + 2 * (c2 - c1)] == "?", ((r1, c1), (r2, c2))


def test_a_grid_with_no_piece_and_no_mark_is_no_tango_puzzle():
    """Every Tango puzzle gives some pieces or marks.  A real Lights Out
    board with every light off, in grey (the tiles of a 4x4 Tango clone to
    look at), was read as a sure empty 4x4 Tango board; an empty board of
    ours is refused the same way."""
    img = load_image(shared_path("lights", "screens") / "projeto-de-algoritmos__Grafos1-lights-out/gameBoard_cropR.png")
    grey = cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    for shot in (grey, draw_page(TangoBoard.empty(6), 70, "light").image):
        with pytest.raises(NoBoardError, match="no piece and no mark"):
            read_tango(shot)
