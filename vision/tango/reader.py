"""Reading a Tango board from a screenshot, in any game's look.

1. The board: its lattice and extent from the cells' borders, grid lines or
   separate boxes (:mod:`puzzlebot.vision.tango.board`); part of a board, or a grid of
   another size or game, is refused.
2. The cells: empty, and two looks of pieces learned from the image; which
   look is the sun from colour and shape cues; givens from a consistent
   difference in ground or border (:mod:`puzzlebot.vision.tango.cells`).  A pointer
   over a cell is masked and the cell read from what remains.
3. The marks on shared edges, = or x by shape (:mod:`puzzlebot.vision.tango.marks`).
4. Whatever cannot be told is unsure, with the reason; an image of another
   game is refused (NoBoardError).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN, Edge, TangoBoard
from puzzlebot.solvers.tango.rules import violations
from puzzlebot.vision.board_checks import TOUCH_PITCH, Wholeness, cells_go_on
from puzzlebot.vision.colour_math import distance, median, to_lab
from puzzlebot.vision.errors import NoBoardError, PartialBoardError
from puzzlebot.vision.image_io import check_shape
from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.reading import Reading
from puzzlebot.vision.tango.board import (BOUNDED_BEYOND, MAX_N, MIN_N, SIDE_SPAN, SIDES_NEEDED, SideEvidence, locate,
                                       side_evidence)
from puzzlebot.vision.tango.cells import (
    COLOURLESS,
    FIT,
    INK,
    INSET,
    LOOKS_APART,
    PATCH,
    PIECE_INK,
    Cell,
    CellReading,
    _look,
    _match,
    _shift_min,
    cut_cells,
    separation,
    sure_cells,
)
from puzzlebot.vision.tango.cells import read_cells as read_cell_looks
from puzzlebot.vision.tango.cells import undo_checker
from puzzlebot.vision.tango.fills import FillReading, Fills, read_fills
from puzzlebot.vision.tango.fills import read_cells as read_fill_cells
from puzzlebot.vision.tango.marks import read_marks

# Cells are read at this many pixels a side (boards are scaled to it first):
# enough for every symbol and mark (small ones are enlarged), and fast.
READ_PITCH = 96
# Around the board, this much (fraction of the pitch) is cut out with it.
CROP_MARGIN = 0.3
# A sure board found by its grid is looked past for a row or column of
# would-be cells showing its pieces' shapes (board_checks.cells_go_on): the
# board goes on there, its lines lost (a JPEG at quality 10 kept the lines
# between a 6x6 board's white cells and lost those between its grey ones:
# the white 4x4 read sure).  Looked at GO_ON_MARGIN pitches round the
# board, scaled to at most GO_ON_PITCH pixels a cell (fast; shapes stay).
GO_ON_MARGIN, GO_ON_PITCH = 1.1, 32
# An empty cell's ground brighter than this (L) is a light theme.
DARK_L = 50.0
# Cells of a Tango board share one or two grounds (empty, given): empty
# cells whose grounds spread more than this (Lab) are coloured regions.
GROUND_SPREAD = 12.0
# More than this share of piece cells fitting no learned look: the cells hold
# something other than suns and moons.
FOREIGN_PIECES = 0.25
# Symbol-less cells of a second fill, this many and this share of all cells
# at least, are a board of filled cells (Lights Out), not of symbols; one or
# two are a hover tint or a mis-measured cell (left unsure).
ODD_GROUNDS_MIN, ODD_GROUNDS = 3, 0.08
# Every empty cell of a board shows at least this many of its sides (a mark's
# badge may hide one); fewer: something covers it, and what it holds is unknown.
# Each end of a side (SIDE_END of the pitch at either end of its measured span)
# must show the border on its own: a cover over most of a cell leaves one end.
BORDERED, SIDE_END = 3, 0.15
# Symbols in at most this many cells are no pieces but a pointer over the board.
POINTER_CELLS = 1
# More than this share of the cells unread: not a board of suns and moons
# (a Lights Out board's lit cells; a board hidden under an animation).
MOSTLY_UNREAD = 0.5
# Pieces sit in their cells' middle within this share of the pitch (real:
# at most 0.063); further off, the lattice is moved onto them, at most
# CENTRING_TRIES times.
PIECES_CENTRED, CENTRING_TRIES = 0.1, 2
# Edge marks read with less confidence than this are unsure.
EDGE_SURE = 0.35
# Boards whose cells are smaller than READ_PITCH by more than this factor are
# first shrunk with area averaging (warping alone would alias thin lines),
# to SHRINK_TO times READ_PITCH, with SHRINK_MARGIN pitches more around them.
SHRINK_BELOW, SHRINK_TO, SHRINK_MARGIN = 0.6, 1.25, 0.1
# An image smaller than this (pixels, either side) holds no readable board.
MIN_IMAGE_SIDE = 40
# Beyond the board, the bot looks this many pitches for more cells (a side
# with less room than TOUCH_PITCH touches the image edge).
LOOK_AROUND = 1.5
# Pieces printing numbers: ink in the middle of a cell (either share of the
# pitch in NUMBER_BOXES: a disc's inside, or a digit on the cell's ground) at
# least NUMBER_INK (Lab) from the middle's own colour and enclosed by it,
# read by our digit reader.  Numbers of NUMBERED or more different digits on
# a board read unsure are another game's (Zip's dots, Mini Sudoku's digits);
# no Tango game numbers its suns and moons (a sun's rays under a dark tint
# read as 1, 14, 41, 141: two digits).
NUMBER_BOXES, NUMBER_INK, NUMBERED = (0.5, 0.8), 40.0, 4

# The doubt of a piece read that may be a given or the player's: the bot may
# act on it (taken as a given, it is never clicked, and an answer that keeps
# every such piece is the puzzle's own; a wrong one of the player's leaves none).
GIVEN_OR_PLACED = "a given, or placed by the player? taken as a given"
# The doubt of every piece when one kind only is on the board and no cue
# names it: the bot may act once the game has shown its cycle (a probe).
ONE_KIND_NAMED = ("one kind of piece only, and neither its colour nor its shape says sun or moon: called the sun "
                  "until a click shows the game's own order")


@dataclass
class TangoLooks:
    """What the reader learnt of this game's look: the empty cells' and the
    pieces' looks (``cells``), each cell's ground, the cells' boxes, and how
    each decision was made (said in ``detect``)."""

    cells: CellReading = field(repr=False)
    grounds: list[np.ndarray] = field(repr=False)  # each cell's ground, for re-reads
    box: float = 1.0  # share of the pitch a cell's box spans
    dark: bool = False
    how: str = ""  # what bounds the cells
    pieces: str = ""  # how suns were told from moons
    givens: str = ""  # how givens were told from placed pieces
    edge_conf: dict[tuple[int, int, int, int], float] = field(default_factory=dict)
    covered: list[tuple[int, int]] = field(default_factory=list)  # read through a pointer
    unread: list[tuple[int, int]] = field(default_factory=list)  # unsure what they hold (else only if given)
    fills: Fills | None = None  # pieces drawn as fills: the three fills learnt (else symbols)
    # pieces read whose one doubt is whether they are givens (taken as givens)
    given_or_placed: list[tuple[int, int]] = field(default_factory=list)
    # (pieces as symbols) whether the game showed which piece a click puts
    # first, and whether that was the piece read as a moon (suns and moons
    # exchanged since: the bot plays by the game's cycle)
    first_known: bool = False
    swapped: bool = False


def rows_text(reading: Reading) -> list[str]:
    """Rows as S/M/. with lower case for unlocked pieces and ? where unsure."""
    b, unsure = reading.board, set(reading.unsure_cells)
    out = []
    for r in range(b.size):
        row = ""
        for c in range(b.size):
            if (r, c) in unsure:
                row += "?"
                continue
            v = b.cells[r][c]
            ch = {EMPTY: ".", 1: "S", 2: "M"}[v]
            row += ch if (b.locked[r][c] or v == EMPTY) else ch.lower()
        out.append(row)
    return out


def _board_lab(img: np.ndarray, lat: Lattice) -> tuple[np.ndarray, Lattice]:
    """Lab of the board and CROP_MARGIN around it, resampled so that every
    cell is exactly READ_PITCH pixels and cell (r, c) starts at (M + c*R,
    M + r*R): cells are then plain pixel blocks.  Returns it and that lattice."""
    R, n = READ_PITCH, lat.rows
    M = int(round(CROP_MARGIN * R))
    src, sl = img, lat
    if R / lat.px < SHRINK_BELOW:
        crop, local, _ = lat.crop(img, CROP_MARGIN + SHRINK_MARGIN)
        f = SHRINK_TO * R / lat.px
        src = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        sl = Lattice(local.x0 * f, local.y0 * f, local.px * f, local.py * f, n, n)
    sx, sy = R / sl.px, R / sl.py
    A = np.float32([[sx, 0, M - sx * sl.x0], [0, sy, M - sy * sl.y0]])
    side = n * R + 2 * M
    out = cv2.warpAffine(src, A, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return to_lab(out), Lattice(M, M, R, R, n, n)


def _cells_of(lab: np.ndarray, local: Lattice, box: float, grounds=None):
    M, R, n = int(local.x0), int(local.px), local.rows
    return cut_cells(lab[M:M + n * R, M:M + n * R], n, box, grounds)


def _pieces_offset(cr: CellReading, box: float) -> tuple[float, float]:
    """Where the pieces' looks sit in their cells: the mean offset of their
    ink's box centres from the cell's middle, in pitches (every Tango game
    centres its symbols: measured at most 0.063 on real screenshots)."""
    offs = []
    span = box * (1 - 2 * INSET)  # the share of the pitch a patch covers
    for lk in cr.looks:
        ink = lk.ink
        if lk.chroma >= COLOURLESS:  # a coloured piece: its colour, not a box's grey border crossing the patch
            coloured = ink & (np.hypot(lk.template[..., 1], lk.template[..., 2]) >= COLOURLESS)
            if coloured.sum() >= PATCH:
                ink = coloured
        ys, xs = np.nonzero(ink)
        if len(xs):
            offs.append((((xs.min() + xs.max() + 1) / 2 - PATCH / 2) / PATCH * span,
                         ((ys.min() + ys.max() + 1) / 2 - PATCH / 2) / PATCH * span))
    if not offs:
        return 0.0, 0.0
    dx, dy = np.mean(offs, axis=0)
    return float(dx), float(dy)


def read(img: np.ndarray, lattice: Lattice | None = None, box: float = 1.0) -> Reading:
    """Read the Tango board in ``img`` (BGR).  NoBoardError when the image
    holds no Tango board (PartialBoardError when only part of one).

    ``lattice`` (and the cells' ``box`` share): where the board is known to
    be; the board is searched for otherwise."""
    if img is None or img.ndim != 3 or min(img.shape[:2]) < MIN_IMAGE_SIDE:
        raise NoBoardError("no Tango board: the image is empty or too small")
    check_shape(img, "Tango", MIN_IMAGE_SIDE)
    touches: list[str] = []
    how = "given lattice"
    if lattice is None:
        fit = locate(img)
        lattice, box, how, touches = fit.lattice, fit.box, fit.how, fit.touches
    n = lattice.rows
    for attempt in range(CENTRING_TRIES + 1):
        lab, local = _board_lab(img, lattice)
        measured = _cells_of(lab, local, box)
        cells, _ = undo_checker(measured, n, n)  # (a checkerboard's two tones as one ground)
        cr = read_cell_looks(cells, n, n)
        dx, dy = _pieces_offset(cr, box)
        if max(abs(dx), abs(dy)) > PIECES_CENTRED and attempt == 0:
            # pieces drawn as fills with a bevel (Tatham's Unruly at 12x12):
            # the bevel's lines along two sides are no symbol off the middle
            found, _ = read_fills(lab, local)
            if found is not None:
                return _filled_board(img, lab, local, lattice, found, cells, box, how, touches)
        if max(abs(dx), abs(dy)) <= PIECES_CENTRED:
            break
        if attempt == CENTRING_TRIES:
            raise NoBoardError(f"no Tango board: the symbols sit off the middle of the cells found "
                               f"({dx:+.2f}, {dy:+.2f} of a cell), as no Tango game draws them")
        # the lattice is off by part of a cell (the pieces' outlines were
        # taken for the cells' borders): move it onto the pieces
        lattice = lattice.shifted(-dx * lattice.px, -dy * lattice.py)
        how += ", moved onto the pieces"
    empty_grounds = np.stack([c.ground for c, v in zip(cells, cr.values.ravel()) if v == EMPTY] or
                             [cells[0].ground])
    spread = float(median(np.linalg.norm(empty_grounds - median(empty_grounds, axis=0), axis=1)))
    odd = len(cr.odd_empty) >= max(ODD_GROUNDS_MIN, ODD_GROUNDS * (n * n))
    inked = sum(1 for c in cells if c.ink_share > PIECE_INK)
    unread = len(cr.unread) > MOSTLY_UNREAD * n * n
    if unread or (odd or spread > GROUND_SPREAD) and (not cr.looks or inked <= POINTER_CELLS):
        # no symbol (but a pointer's) and cells of several fills, or cells mostly
        # like no look (a fill's bevel, a line or two, taken for symbols): the
        # fills may be the pieces
        found, not_fills = read_fills(lab, local)
        if found is not None:
            return _filled_board(img, lab, local, lattice, found, cells, box, how, touches)
        odd_why = f"; not pieces drawn as fills either: {not_fills}"
    else:
        odd_why = ""
    if spread > GROUND_SPREAD:
        raise NoBoardError(f"no Tango board: the cells are coloured regions (another game?){odd_why}")
    if odd:
        raise NoBoardError(f"no Tango board: {len(cr.odd_empty)} cells without a symbol are filled in another "
                           f"colour than the rest (lit and unlit lights? another game){odd_why}")
    if cr.filled:
        raise NoBoardError(f"no Tango board: {cr.filled}")
    if "no sun/moon cue" in cr.pieces:
        raise NoBoardError(f"no Tango board: {cr.pieces}")
    piece_cells = [i for i, c in enumerate(cells) if c.ink_share > PIECE_INK]
    if len(piece_cells) >= 4 and sum(1 for i in piece_cells if divmod(i, n) in cr.misfits) > \
            FOREIGN_PIECES * len(piece_cells):
        raise NoBoardError("no Tango board: cells hold marks that are neither suns nor moons (another game?)")
    if unread:
        raise NoBoardError(f"no Tango board: {len(cr.unread)} of its {n * n} cells are neither like the empty "
                           f"cells nor like a sun or a moon ({cr.pieces}; {cr.givens}){odd_why}")
    board, edge_conf, unsure_edges = _board_with_marks(cr.values, cr.locked, lab, local, lattice, cells, box,
                                                       approximate="moved onto the pieces" in how)
    if not (cr.values != EMPTY).any() and not cr.unsure and not board.edges and not unsure_edges:
        raise NoBoardError("no Tango puzzle: the board holds no piece and no mark, and every Tango puzzle gives "
                           "some (a grid of another game, all lights off; or a board not drawn yet)")
    givens = board.givens()
    for r, c in cr.unsure:
        givens.cells[r][c] = EMPTY
    broken = violations(givens)
    if broken:
        raise NoBoardError(f"no Tango board: its givens would break Tango's rules ({broken[0].text}); "
                           "another game, or not read right")
    ground = cr.empty_ground if cr.empty_ground is not None else median(empty_grounds, axis=0)
    dark = float(ground[0]) < DARK_L
    unsure: dict = {}
    unread, odd = set(cr.unread), set(cr.odd_empty)
    state = np.array(board.cells, dtype=np.int64)
    given_or_placed = []  # pieces read whose one doubt is whether they are givens
    for rc in sorted(set(cr.unsure)):
        why = ("its ground differs from the other empty cells'" if rc in odd else
               "no piece on a given's ground (a given has one): something may cover it"
               if rc in cr.blank_givens else
               "partly covered, and only one kind of piece shows on the board: what is hidden may be "
               "all that tells a sun from a moon" if rc in cr.one_kind_covered else
               "like neither an empty cell nor a sun or a moon" if rc in unread else None)
        if why is None and state[rc] != EMPTY:
            # taken as a given: never clicked, and an answer that keeps it is
            # the puzzle's own (a wrong piece of the player's leaves none)
            given_or_placed.append(rc)
            board.locked[rc[0]][rc[1]] = True
            continue
        unsure[rc] = why or f"not sure whether it is a given ({cr.givens})"
        state[rc] = -1
    # (givens drawn like the rest: every piece taken as a given, and checked
    # against the rules as one above)
    given_or_placed += [rc for rc in cr.given_or_placed if rc not in cr.unsure]
    unsure.update(unsure_edges)
    if len(cr.looks) == 1:
        _doubt_one_kind(board, state, unsure)
    _doubt_unbordered(img, lattice, box, state, unsure)
    doubts = bool(unsure)
    moot = [rc for rc in given_or_placed if rc not in unsure and state[rc] >= 0]  # no other doubt since
    for rc in moot:
        unsure[rc] = f"{GIVEN_OR_PLACED} ({cr.givens})"
    if cr.one_kind_named:
        for r, c in np.argwhere(state > EMPTY):
            unsure.setdefault((int(r), int(c)), ONE_KIND_NAMED)
    if doubts:  # (a sure read needs no look for numbers: a command's start-up is the budget)
        numbers = _numbered_pieces(lab, local, [divmod(i, n) for i, c in enumerate(cells) if c.ink_share > PIECE_INK])
        if len(set("".join(map(str, numbers)))) >= NUMBERED:
            shown = ", ".join(str(v) for v in sorted(set(numbers))[:6])
            raise NoBoardError(f"no Tango board: {len(numbers)} of its cells print numbers ({shown}): another "
                               "game's (Zip, Sudoku)?")
    if not doubts and how != "given lattice":
        more = _pieces_go_on(img, lattice, state)
        if more:
            raise PartialBoardError(f"only part of a board: its pieces go on past the {' and '.join(more)} of "
                                    f"the {n}x{n} cells found")
    looks = TangoLooks(cr, [c.ground for c in measured], box, dark, how, cr.pieces, cr.givens, edge_conf,
                       cr.covered, cr.unread, given_or_placed=moot)
    return Reading(board, state, lattice, unsure, tuple(touches), looks)


def _pieces_go_on(img: np.ndarray, lat: Lattice, state: np.ndarray) -> list[str]:
    """The sides of the board at ``lat`` past which would-be cells show the
    shapes of its pieces (``state``: each cell's piece, as read)."""
    crop, local, _ = lat.crop(img, GO_ON_MARGIN)
    f = min(1.0, GO_ON_PITCH / lat.px)
    if f < 1:
        crop, local = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA), local.scaled(f)
    return cells_go_on(to_lab(crop), local, state)


def _numbered_pieces(lab: np.ndarray, local: Lattice, where: list[tuple[int, int]]) -> list[int]:
    """The numbers printed on the pieces in the cells ``where`` (of the
    board resampled to READ_PITCH, at ``local``): ink enclosed by each
    middle's own colour, read by the digit reader (of the NUMBER_BOXES, the
    one that reads the most)."""
    from puzzlebot.vision.digits import enclosed_ink, printed_numbers

    R, M = READ_PITCH, int(local.x0)
    best: list[int] = []
    for box in NUMBER_BOXES:
        q = int(round((1 - box) / 2 * R))
        inks = []
        for r, c in where:
            mid = lab[M + r * R + q:M + (r + 1) * R - q, M + c * R + q:M + (c + 1) * R - q]
            inks.append(enclosed_ink(mid, median(mid.reshape(-1, 3), axis=0), NUMBER_INK))
        if sum(ink.any() for ink in inks) < 2:  # too few to print numbers of NUMBERED digits
            continue
        got = [v for v in printed_numbers(inks, transformed=False) if v is not None]  # (upright: the hot path)
        best = got if len(got) > len(best) else best
    return best


def _board_with_marks(values: np.ndarray, locked: np.ndarray, lab: np.ndarray, local: Lattice, lattice: Lattice,
                      cells: list[Cell], box: float, approximate: bool = False) -> tuple[TangoBoard, dict, dict]:
    """The board of the cells read, with the marks on its edges: (board,
    each edge's confidence, the unsure edges with why)."""
    n = lattice.rows
    board = TangoBoard.empty(n)
    for r in range(n):
        for c in range(n):
            board.cells[r][c] = int(values[r, c])
            board.locked[r][c] = bool(locked[r, c])
    holding = {(r, c) for r in range(n) for c in range(n) if values[r, c] != EMPTY}
    mark_why: dict = {}
    marks = read_marks(lab, local, [c.ground for c in cells], lines=box >= 1.0, scale=lattice.px / READ_PITCH,
                       pieces=holding, approximate=approximate, why=mark_why)
    edge_conf, unsure = {}, {}
    for key, (kind, conf) in sorted(marks.items()):
        edge_conf[key] = conf
        if conf < EDGE_SURE:
            unsure[key] = mark_why.get(key) or f"the mark is unclear (confidence {conf:.2f})"
        elif kind is not None:
            board.edges.append(Edge(*key, kind))
    return board, edge_conf, unsure


def _doubt_one_kind(board: TangoBoard, state: np.ndarray, unsure: dict) -> None:
    """With one kind of piece seen, every piece is unsure (-1 in ``state``,
    the reason in ``unsure``) when they break Tango's rules together: the
    one look may be two kinds drawn alike at this size (a sun and a moon
    emoji, both yellow, 16 pixels across on a pale ground, were one look and
    every moon a sun, sure).  A player's slip breaks a rule now and then;
    one kind of piece breaking them is more likely two read as one."""
    broken = violations(board)
    if not broken:
        return
    why = (f"only one kind of piece is seen, and as one kind the pieces break Tango's rules ({broken[0].text}): "
           "two kinds drawn alike?")
    for r, c in np.argwhere(state > EMPTY):
        unsure.setdefault((int(r), int(c)), why)
        state[r, c] = -1


def _doubt_unbordered(img: np.ndarray, lat: Lattice, box: float, state: np.ndarray, unsure: dict,
                      fills: bool = False) -> None:
    """Empty cells that show fewer than BORDERED sides become unsure (-1 in
    ``state``, the reason in ``unsure``): something of the board's own
    colour lies over them (a toast, a window, a sticker of its cells'
    colour hides the pieces and the lines alike, and the cells read as
    empty).  Only empty cells: a big piece, or a given's bevel, near its
    box's sides can hide one; but where pieces are fills (``fills``), any
    cell whose two sides that meet at a corner are gone (a window's corner
    over it, plain as a fill)."""
    crop, local, _ = lat.crop(img, CROP_MARGIN)
    if local.px > READ_PITCH:  # large cells at the read's scale: a border's blur, JPEG noise as the search saw them
        f = READ_PITCH / local.px
        crop = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        local = local.scaled(f)
    sides = side_evidence(crop)
    # each end of the sides on its own: a cover over most of a cell leaves
    # the far end of its sides' lines showing, which the whole span averages
    # in (a mark in a circle on a side hides its middle, not an end)
    a, b = SIDE_SPAN
    spans = ((a, a + SIDE_END), (b - SIDE_END, b))
    ev = np.fmin(*(sides.cells(local, box, 0, 0, lat.rows, lat.cols, span) for span in spans))
    empty = state == EMPTY
    corner = _corner_gone(sides, local, box, empty)
    if fills:
        # a fill's own bevel inside its sides is no reason to doubt them; a
        # side between two fills alike may show nothing (Unruly's black
        # cells run together): there only the board's edge or another value
        apart = [np.ones_like(empty) for _ in range(4)]  # left, right, top, bottom
        apart[0][:, 1:], apart[1][:, :-1] = state[:, 1:] != state[:, :-1], state[:, :-1] != state[:, 1:]
        apart[2][1:], apart[3][:-1] = state[1:] != state[:-1], state[:-1] != state[1:]
        corner |= _corner_gone(sides, local, box, ~empty, apart)
    for r, c in np.argwhere(((np.nan_to_num(ev, nan=0.0) < BORDERED) & empty) | corner):
        unsure.setdefault((int(r), int(c)), "no border seen around it: something may cover it")
        state[r, c] = -1


def _corner_gone(sides, lat: Lattice, box: float, which: np.ndarray, counted: list | None = None) -> np.ndarray:
    """Which of the cells ``which`` show no border along both sides that
    meet at one of their corners, from their ends there through their
    middles: what a cover over most of the cell (a window's corner over
    the board's) hides, while it may leave the far ends (a pointer's tip at
    a corner hides the ends only).  ``counted`` (left, right, top, bottom
    masks): the sides that may count; with it, borders are plain changes
    (a fill's own bevel lies inside its sides)."""
    a, b = SIDE_SPAN
    plain = counted is not None
    spans = ((a, a + SIDE_END), (b - SIDE_END, b), (a + SIDE_END, b - SIDE_END))
    (l1, r1, t1, b1), (l2, r2, t2, b2), (lm, rm, tm, bm) = (
        np.nan_to_num(sides.cells(lat, box, 0, 0, lat.rows, lat.cols, span, each=True, plain=plain), nan=1.0) == 0
        for span in spans)
    left, right, top, bottom = counted if plain else [True] * 4
    return which & ((l1 & t1 & lm & tm & left & top) | (r1 & t2 & rm & tm & right & top)
                    | (l2 & b1 & lm & bm & left & bottom) | (r2 & b2 & rm & bm & right & bottom))


def _filled_board(img: np.ndarray, lab: np.ndarray, local: Lattice, lattice: Lattice, found: FillReading,
                  cells: list[Cell], box: float, how: str, touches: list[str]) -> Reading:
    """The Reading of a board whose pieces are fills (see :mod:`.fills`)."""
    board, edge_conf, unsure = _board_with_marks(found.values, found.locked, lab, local, lattice, cells, box)
    broken = violations(board.givens())
    if broken:
        raise NoBoardError(f"no Tango board: its givens would break Tango's rules ({broken[0].text})")
    state = found.values.copy()
    for rc in found.unsure:
        unsure[rc] = "its fill is like none of the three"
        state[rc] = -1
    for rc in found.faint:
        unsure[rc] = "its fill shows a faint pattern: a given's bevel, faded (a dim or scaled screen), or none?"
        state[rc] = -1
    _doubt_unbordered(img, lattice, box, state, unsure, fills=True)
    dark = float(found.fills.colours[0][0]) < DARK_L
    cr = CellReading(found.values, found.locked, (state >= 0).astype(np.float32), found.unsure, [], [], [SUN, MOON],
                     found.fills.why, "givens: a pattern inside the fill")
    looks = TangoLooks(cr, [c.ground for c in cells], box, dark, how + ", pieces as fills", cr.pieces, cr.givens,
                       edge_conf, fills=found.fills)
    return Reading(board, state, lattice, unsure, tuple(touches), looks)


def read_cells(img: np.ndarray, lat: Lattice, reading: Reading, only: np.ndarray | None = None) -> np.ndarray:
    """Every cell of a fresh capture, against the looks learned when the
    board was read: EMPTY, SUN or MOON, or -1 where it cannot be told
    (mid-animation, covered).  What the bot checks before and after each move.
    ``only``: a mask of the cells to read (the others come back -1)."""
    if reading.looks.fills is not None:
        return read_fill_cells(img, lat, reading.looks.fills, only)
    where = [(r, c) for r in range(lat.rows) for c in range(lat.cols) if only is None or only[r, c]]
    out = np.full((lat.rows, lat.cols), -1, np.int64)
    if not where:
        return out
    cells = _patches_direct(img, lat, reading.looks.box, reading.looks.grounds, where)
    looks = reading.looks.cells
    templates = [np.zeros((PATCH, PATCH, 3), np.float32)] + [lk.template for lk in looks.looks]
    best, misfit, (margin, cover) = _match(cells, templates)
    ok = sure_cells(best, misfit, margin, cover, looks.apart)
    for i, rc in enumerate(where):
        if ok[i]:
            k = int(best[i])
            out[rc] = EMPTY if k == 0 else looks.values_of[k - 1]
    return out


def named_by_probe(reading: Reading) -> set:
    """The pieces whose one doubt is which kind they are, on a board with
    one kind of piece that no cue names: a click (the bot's probe) settles it."""
    looks = reading.looks
    if looks.fills is not None or not looks.cells.one_kind_named:
        return set()
    return {w for w, why in reading.unsure.items() if why == ONE_KIND_NAMED}


def with_look(reading: Reading, img: np.ndarray, lat: Lattice, cell: tuple[int, int], value: int
              ) -> tuple[Reading | None, str]:
    """The reading that also knows ``value``'s look, learnt from ``cell`` of
    ``img`` (a capture at ``lat``) where the game drew a piece no cell of the
    board showed before (a probe's answer); or (None, why it cannot be a
    look of its own)."""
    import dataclasses

    cr = reading.looks.cells
    cut = _patches_direct(img, lat, reading.looks.box, reading.looks.grounds, [cell])[0]
    cut.ink = distance(cut.patch - cut.ground) > INK
    if cut.ink_share <= PIECE_INK:
        return None, "too little ink there for a piece"
    look = _look([cut])
    templates = [np.zeros((PATCH, PATCH, 3), np.float32)] + [lk.template for lk in cr.looks]
    if any(float(np.mean(_shift_min(look.template, t) > FIT)) < LOOKS_APART for t in templates):
        # (as two looks learnt from a board must: two kinds split by noise differ less)
        return None, "what it shows is too like an empty cell or a piece seen before"
    templates.append(look.template)
    cells = dataclasses.replace(cr, looks=[*cr.looks, look], values_of=[*cr.values_of, value],
                                apart=max(separation(templates), 1e-6))
    return dataclasses.replace(reading, looks=dataclasses.replace(reading.looks, cells=cells)), ""


def _patches_direct(img: np.ndarray, lat: Lattice, box: float, grounds: list[np.ndarray],
                    where: list[tuple[int, int]] | None = None) -> list[Cell]:
    """Each cell's middle (of the cells ``where``, default all, row by row)
    cut from the screenshot itself and shrunk to a patch (what
    :func:`cut_cells` cuts from the resampled board, without resampling the
    whole board: the bot's read between clicks)."""
    n = lat.rows
    where = where if where is not None else [(r, c) for r in range(n) for c in range(lat.cols)]
    half_x = box / 2 * (1 - 2 * INSET) * lat.px
    half_y = box / 2 * (1 - 2 * INSET) * lat.py
    h, w = img.shape[:2]
    tiles = np.empty((PATCH, len(where) * PATCH, 3), np.uint8)
    for i, (r, c) in enumerate(where):
        cx, cy = lat.x0 + (c + 0.5) * lat.px, lat.y0 + (r + 0.5) * lat.py
        x0, x1 = max(0, int(round(cx - half_x))), min(w, int(round(cx + half_x)))
        y0, y1 = max(0, int(round(cy - half_y))), min(h, int(round(cy + half_y)))
        part = img[y0:y1, x0:x1] if x1 > x0 and y1 > y0 else np.zeros((1, 1, 3), np.uint8)
        tiles[:, i * PATCH:(i + 1) * PATCH] = cv2.resize(
            part, (PATCH, PATCH), interpolation=cv2.INTER_AREA if part.shape[0] >= PATCH else cv2.INTER_LINEAR)
    patches = to_lab(tiles).reshape(PATCH, len(where), PATCH, 3).transpose(1, 0, 2, 3)
    ground = np.asarray(grounds, np.float32).reshape(n, lat.cols, 3)
    zero = np.zeros(3, np.float32)
    return [Cell(patches[i], ground[r, c], zero, np.zeros((PATCH, PATCH), bool)) for i, (r, c) in enumerate(where)]


def whole_in(img: np.ndarray, lat: Lattice, reading: Reading) -> Wholeness:
    """Whether the board read before is whole in a larger capture of its
    surroundings: no bounded cells continue past it."""
    from puzzlebot.vision.lattice import gradient

    crop, local, _ = lat.crop(img, LOOK_AROUND)
    sides = SideEvidence(gradient(crop))
    ev = np.nan_to_num(sides.cells(local, reading.looks.box, -1, -1, lat.rows + 2, lat.cols + 2),
                       nan=0.0) >= SIDES_NEEDED
    out = Wholeness()
    h, w = crop.shape[:2]
    x0, y0, x1, y1 = local.bbox
    room = {"top": y0 / lat.py, "bottom": (h - y1) / lat.py, "left": x0 / lat.px, "right": (w - x1) / lat.px}
    strips = {"top": ev[0, 1:-1], "bottom": ev[-1, 1:-1], "left": ev[1:-1, 0], "right": ev[1:-1, -1]}
    for side, strip in strips.items():
        if room[side] < TOUCH_PITCH:
            out.touches.append(side)
        elif strip.mean() >= BOUNDED_BEYOND:
            out.continues.append(side)
    return out


__all__ = ["TangoLooks", "read", "read_cells", "whole_in", "rows_text", "MIN_N", "MAX_N", "FIT"]
