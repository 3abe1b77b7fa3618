"""Reading a Lights Out board, in any style, from a screenshot.

1. The cell lattice comes from the image's structure (:mod:`puzzlebot.vision.lattice`).
2. Each cell's interior is summarised by its median colour (Lab), which
   ignores digits, dots and cursors that cover a small part of it.
3. The cells are split into two *looks*; which look is lit is decided from
   the looks themselves, never from fixed colours:
   - a pure white look beside a coloured one is the empty paper: the
     colour is lit (games where you fill the board);
   - a strongly coloured look that is not much darker than the other is lit;
   - otherwise the brighter look is lit;
   - if both looks carry glyphs and one look's glyphs are closed loops
     ("0") while the other's are not ("1"), the "1" look is lit.
4. Cells far from both looks (a hover highlight, a hint ring) are *unsure*;
   more than two real looks, or two that cannot be told apart, is refused.

Returns the one :class:`puzzlebot.vision.reading.Reading` every reader
returns: the board (1 lit, 0 off), the lattice, where the read is unsure
and why (``"board"`` when it is the polarity or the extent), and the looks
learnt (:class:`LightsLooks`).  Colours are Lab (L 0-100); sizes are shares
of the pitch unless they say pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from puzzlebot.vision.board_checks import (PATCH, SYMBOL_INSET, cells_go_on, cornered_cells, covered_cells,
                                           foreign_content, look_templates, pixel_tolerance, read_uncovered,
                                           turn_reason, wholeness)
from puzzlebot.vision.cells import cell_medians, cell_patch, resized_patch
from puzzlebot.vision.colour_math import colourless, median, to_lab
from puzzlebot.vision.errors import NoBoardError, PartialBoardError, UnreadableBoardError
from puzzlebot.vision.image_io import check_shape
from puzzlebot.vision.lattice import Lattice, LatticeFit, candidate_lattices, edge_map, find_lattice
from puzzlebot.vision.reading import BOARD, Reading

# --- the board --------------------------------------------------------------

# Lights Out boards run from 3x3 to 20x20 (Enlight's is 10x10).
MIN_CELLS_SIDE, MAX_CELLS_SIDE = 3, 20
# An image smaller than this (pixels, either side) holds no board.
MIN_IMAGE_SIDE = 24
# A grid whose cells are backed by shapes in fewer than this share of its
# cells is only faintly there: not a board.
MIN_COVERAGE = 0.15
# The board's neighbourhood converted to Lab: this many pitches around it
# (the frame, the ground, cells past a cut); a known lattice's re-read, less.
BOARD_MARGIN, KNOWN_MARGIN = 1.5, 0.2
# A known lattice may run this many pixels past the image (rounding), or
# this share of a pitch (the gap beside the outer cells: a board cropped to
# its cells).
KNOWN_SLACK_PX, KNOWN_SLACK_PITCH = 1, 0.15
# A board found with its extent unknown agrees with a calibrated lattice when
# the pitches differ by at most HINT_PITCH (a share) and its cells fall on the
# calibrated cells within HINT_PHASE of a pitch.
HINT_PITCH, HINT_PHASE = 0.02, 0.1

# --- looks ------------------------------------------------------------------

# A cell's colour is the median of its box shrunk by this share of the pitch
# on every side: bevels, borders and the neighbours' glow stay out.
FEATURE_INSET = 0.25
# Lab distance below which two looks are one.
SAME_LOOK = 9.0
# Two-means over the cells' colours settles within this many rounds.
KMEANS_ROUNDS = 20
# A cell is like neither look when farther from both than ODD_LOOKS *
# SAME_LOOK, or than ODD_SEP of the looks' distance if that is more; a
# re-read between moves caps this at CAP_SEP of the distance (half-way:
# nearer the other look is the other look).
ODD_LOOKS, ODD_SEP, CAP_SEP = 1.5, 0.35, 0.5
# This many cells like neither look (and this share of all) are a third
# look, not a few covered cells.
THIRD_LOOK_MIN, THIRD_LOOK_SHARE = 3, 0.15
# A look of this many cells or fewer beside two looks among the rest is a
# cover over them (a window over a corner cell), not a look of the board; so
# is one whose cells fill a rectangle (a toast over a row, a window over a
# corner of the board).
COVER_LOOK_CELLS = 2
# White paper: L at least PAPER_L and chroma at most PAPER_C; beside it a
# look with chroma at least FILL_C is a coloured fill.
PAPER_L, PAPER_C, FILL_C = 93.0, 8.0, 20.0
# A light look (L at least NEAR_PAPER_L) of chroma under NEAR_PAPER_C beside
# a coloured fill may be that paper under a tint (a night light makes white
# L 87 to 97, chroma 20 to 38): the cues may not take it for lit surely.
NEAR_PAPER_L, NEAR_PAPER_C = 85.0, 45.0
# A block of this many cells or more of one look in another shade is a
# window over them (fewer: a hovered cell, a cell's own highlight).
BLOCK_CELLS = 3
# Fills on paper are outlined: a cell whose whole box is INVISIBLE_SHARE the
# colour between the cells is an unlit cell drawn on the ground (pewpew's
# black on black), and white beside it a window, not paper.
INVISIBLE_SHARE = 0.9
# Against paper (or one known look), a cell farther than FAR_LOOKS *
# SAME_LOOK from it is the other state.
FAR_LOOKS = 2.0
# A fill is solid when SOLID_SHARE of its box (shrunk by SOLID_INSET) lies
# within SOLID_DIST of its median: a colour, not an icon on a ground.
SOLID_INSET, SOLID_DIST, SOLID_SHARE = 0.15, 12.0, 0.7
# The two looks are barely apart when their distance is under LOOKS_APART
# times the cells' typical distance from their look (plus SPREAD_FLOOR).
LOOKS_APART, SPREAD_FLOOR = 4.0, 1.0
# Every cell alike: a look at least this coloured and bright is all lit, one
# at most this dark and grey all off; anything else cannot tell.
ALL_LIT_C, ALL_LIT_L = 40.0, 55.0
ALL_OFF_L, ALL_OFF_C = 35.0, 30.0
# An image with no colour around the board (colour_math.colourless: a game
# drawn in greys, or a colour game saved in grey) hides the colour that
# decides most themes (a fill on white paper turns into a grey darker than
# the paper: the brighter look is then the empty one).  Such a board is
# sure only when every cue left agrees, and each look is one grey: a look
# whose cells come in greys more than GREY_SHADES apart (L) is several
# colours saved as grey.
GREY_SHADES = 8.0

# --- polarity cues (Lab units) ------------------------------------------------

# A difference of STRONG or more is a strong vote (weight 2), of WEAK or
# more a weak one (weight 1), below that no vote.
CHROMA_STRONG, CHROMA_WEAK = 40.0, 10.0  # saturation: lamps are coloured, unlit cells greyer
LIGHT_STRONG, LIGHT_WEAK = 20.0, 8.0  # brightness: lit is usually brighter, not always
GROUND_STRONG, GROUND_WEAK = 15.0, 8.0  # unlit cells blend with the board's ground, lit ones stand out
# The ground is only a cue when the pixels between cells agree on it (the
# median distance to their median colour below this): not so for tiles that fill their cells.
GROUND_SPREAD = 10.0
# Where the ground is looked for: windows of CROSSING_HALF pitches on the
# lattice's crossings, else a ring GROUND_RING pitches outside the board
# (with at least GROUND_MIN_PX pixels).  It is one of the looks when
# GROUND_LIKE_LOOK of those pixels are like it (and GROUND_LEAD times as many
# as are like the other); else GROUND_SHARE of them must be like neither.
CROSSING_HALF = 0.05
GROUND_RING = (0.12, 0.45)
GROUND_MIN_PX = 8
GROUND_LIKE_LOOK, GROUND_LEAD = 0.4, 3.0
GROUND_SHARE = 0.15
# Tile size: a look whose tiles cover this much more of their cells (a share)
# is drawn larger, as games grow a lit tile (a weak vote).
SIZE_CUE = 0.08
# The winning look must lead the cues against it by this much weight to be sure.
SURE_MARGIN = 2

# --- digits 1/0 on the cells ----------------------------------------------------

# A glyph is looked for in the cell's box shrunk by GLYPH_INSET (glyphs need
# not be centred), of at least GLYPH_MIN_PX pixels; ink differs from the
# cell's median grey by GLYPH_INK levels; parts under GLYPH_SPECK pixels
# are specks.
GLYPH_INSET, GLYPH_MIN_PX, GLYPH_INK, GLYPH_SPECK = 0.1, 64, 40, 4
# A digit spans GLYPH_TALL of the box's height, at most GLYPH_WIDE of its
# width and GLYPH_AREA of its area; a "1" is GLYPH_THIN times taller than wide.
GLYPH_TALL, GLYPH_WIDE, GLYPH_AREA, GLYPH_THIN = (0.25, 0.75), 0.6, 0.25, 1.8
# The digits decide when this share of each look's cells print the same
# one.  Where only one look's read (the other's glyphs broken, as in a
# screenshot scaled down), that share of one look printing the digit the
# cues give the other look, the other printing none, leaves it unsure; so
# do the digits read across, on a picture turned a quarter.
DIGIT_SHARE = 0.8

# --- texture and the board's extent ------------------------------------------------

# Cells compared as TEMPLATE_PX x TEMPLATE_PX patches of their lightness; a
# look whose patch varies by less than FLAT_STD (L units) has no texture.
TEMPLATE_PX, FLAT_STD = 16, 1.0
# Re-finding cells by colour: a pixel is of a look within LOOK_TOL_SHARE of
# the looks' distance, at least LOOK_TOL_MIN and at most LOOK_TOL_MAX (a look
# must not bleed into the panel around it).  A region of one look is a cell
# when its box spans CELL_SPAN pitches, its sides' ratio (in pitches) lies in
# CELL_RATIO and it fills CELL_FILL of its box; its centre must lie within
# CELL_SNAP of a pitch from a cell's centre.  The cells found must back
# REFOUND_SHARE of the first lattice's cells.
LOOK_TOL_SHARE, LOOK_TOL_MIN, LOOK_TOL_MAX = 0.3, 6.0, 30.0
CELL_SPAN, CELL_RATIO, CELL_FILL, CELL_SNAP = (0.5, 1.15), (0.6, 1.6), 0.4, 0.25
REFOUND_SHARE = 0.5
# A board drawn large (a phone's screenshot: cells of 175 px) is looked at
# shrunk to a pitch of at least this (px): a cell's colour region keeps its
# shape, and marking every pixel costs a tenth or less.
LOOKS_PITCH = 40
# Where lit and unlit cells touch (no gap between them), the colour steps
# where one cell ends: the cells' own lines.  A pair of such neighbours
# touches where, PHASE_BESIDE of a pitch (a pixel at least) either side of the
# strongest step within half a pitch of the lattice's line, the colour is
# within PHASE_LIKE Lab of each cell's own (a gap, a rim, a glow is neither).
# Across PHASE_PAIRS touching pairs at least of each order (lit then unlit,
# unlit then lit), the steps lie at one place (each order's, and the two
# orders' medians, within PHASE_SPREAD of a pitch), PHASE_MIN of a pitch or
# more off the line: the lattice was found from marks inside the cells (a
# glyph off their middles) and moves onto the cells' own lines.
PHASE_PAIRS, PHASE_MIN, PHASE_SPREAD, PHASE_BESIDE, PHASE_LIKE = 2, 0.08, 0.05, 0.05, 12.0
# The part of a cell's side the steps are looked along (its middle).
PHASE_ALONG = (0.3, 0.7)
# A frame: an edge (a change above FRAME_EDGE Lab units) running along
# FRAME_RUN of a side, within FRAME_REACH pitches of the cells (looked for from
# FRAME_HUG of a pitch inside, as frames may hug the cells); whole pitches up
# to it count as cells when it lies within FRAME_ROUND of the next one.
FRAME_EDGE, FRAME_RUN, FRAME_REACH, FRAME_HUG, FRAME_ROUND = 10.0, 0.6, 3.0, 0.25, 0.3
# ... measured beside the outer row's unlit cells only: lit cells' own edges
# line up along the side (a JPEG's ringing joins them into a "frame" under a
# row more lit than not).  With fewer than FRAME_OFF_CELLS unlit there, no
# frame can be told from those edges: the side stays open.
FRAME_OFF_CELLS = 2
# Pitches up to a frame count as unlit cells only where PLAIN_SHARE of each
# cell's box (less PLAIN_INSET of a pitch each side: the frame's own line may
# run along its outer side) shows the ground: not a title bar the edge is of.
PLAIN_SHARE, PLAIN_INSET = 0.9, 0.1
# A press that would light a cell past the board's edge shows none there
# when at least BEYOND_SEEN of that place showed the page and none of it
# changed (a cell under a cover over more of it could not be seen lit).
BEYOND_SEEN = 0.5
# Cells printing numbers: ink in the middle NUMBER_BOX of a cell (share of
# the pitch) at least NUMBER_INK (Lab) from the cell's look and enclosed by
# it, read by our digit reader.  NUMBERED_CELLS or more, each number once,
# all on cells of one look while the other look prints none, are another
# game's numbered dots (Zip); Lights Out games print numbers on every cell
# (their index, or 1 and 0 for lit and off) when they print any.
NUMBER_BOX, NUMBER_INK, NUMBERED_CELLS = 0.5, 40.0, 3
# Each cell is also looked at whole, less RIM_INSET of a pitch a side (the
# gap): when RIM_OTHER of its rim (outside the middle) along two opposite
# sides is unlike its look, and along one of them like the other look,
# something covers its middle (a toast of the unlit colour over lit cells,
# their rims showing past it above and below): unsure.
RIM_INSET, RIM_OTHER = 0.08, 0.3
# ... or when RIM_CORNER of its rim along two sides that meet is like the
# other look: the cell's own look is a window's corner over it.
RIM_CORNER = 0.6
# Rows or columns at the board's edge whose cells match neither look are a
# caption lined up with it: a cell is odd beyond max(ODD_LOOKS * SAME_LOOK,
# CAPTION_SPREAD times the cells' median distance); a line is dropped when
# over CAPTION_LINE of its cells are, unless over CAPTION_BOARD of all are.
CAPTION_SPREAD, CAPTION_LINE, CAPTION_BOARD = 3.0, 0.5, 0.25


@dataclass
class Look:
    """One look of a cell (lit or not): its colour."""
    lab: np.ndarray  # L (0-100), a, b

    @property
    def L(self) -> float:
        return float(self.lab[0])

    @property
    def chroma(self) -> float:
        return float(np.hypot(self.lab[1], self.lab[2]))

    def describe(self) -> str:
        return f"L={self.L:.0f} chroma={self.chroma:.0f}"


@dataclass
class LightsLooks:
    """What the reader learnt of this game's look: the two looks (one may be
    unknown when every cell shows the other), which is lit and why, and how
    sure each cell is."""

    lit: Look | None
    off: Look | None
    polarity: str  # why the lit look was chosen
    confidence: np.ndarray  # per cell, 0..1
    fit: LatticeFit | None = field(default=None, repr=False)
    # the sides where unlit cells are invisible and no frame bounds the board
    open_sides: tuple[str, ...] = ()
    # with open sides: whether the reading would be sure, the extent known
    sure_within: bool = False

    @property
    def extent_unknown(self) -> bool:
        return bool(self.open_sides)


def rows_text(reading: Reading, unsure_mark: str = "?") -> list[str]:
    """The board as rows of '#' (lit), '.' (off) and ``unsure_mark``."""
    unsure = set(reading.unsure_cells)
    return ["".join(unsure_mark if (r, c) in unsure else ("#" if reading.board[r, c] else ".")
                    for c in range(reading.board.shape[1])) for r in range(reading.board.shape[0])]


def _odd_limit(sep: float) -> float:
    """Beyond this distance from both looks a cell is like neither."""
    return max(SAME_LOOK * ODD_LOOKS, ODD_SEP * sep)


class _Lab:
    """The image's Lab around each lattice asked for, converted once per
    lattice and margin (a read asks for the same board several times)."""

    def __init__(self, img: np.ndarray):
        self.img = img
        self._cache: dict = {}

    def around(self, lat: Lattice, margin: float = BOARD_MARGIN) -> tuple[np.ndarray, Lattice]:
        key = (lat, margin)
        if key not in self._cache:
            self._cache[key] = board_lab(self.img, lat, margin)
        return self._cache[key]


def board_lab(img: np.ndarray, lat: Lattice, margin: float = BOARD_MARGIN) -> tuple[np.ndarray, Lattice]:
    """Float Lab of the board's neighbourhood only (converting a whole
    screenshot costs more than reading the board), and the lattice in the
    crop's coordinates."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = lat.bbox
    cx0 = int(max(0, x0 - margin * lat.px))
    cy0 = int(max(0, y0 - margin * lat.py))
    cx1 = int(min(w, x1 + margin * lat.px + 1))
    cy1 = int(min(h, y1 + margin * lat.py + 1))
    crop = to_lab(np.ascontiguousarray(img[cy0:cy1, cx0:cx1]))
    return crop, lat.shifted(cx0, cy0)


def read_cells(img: np.ndarray, lat: Lattice, reading: Reading, only: np.ndarray | None = None) -> np.ndarray:
    """Every cell of a fresh capture against the looks read before: 1 lit,
    0 off, -1 where a cell matches neither (mid-animation, covered, the
    window gone).  What the bot checks before and after each move.
    ``only``: a mask of the cells to read (the others come back -1)."""
    lab, local = board_lab(img, lat, margin=0.0)
    f = cell_medians(lab, local, FEATURE_INSET, only)
    out = _judge(f, reading.looks.lit, reading.looks.off)
    if only is not None:
        out[~only] = -1
    return out


def _judge(f: np.ndarray, lit: Look | None, off: Look | None) -> np.ndarray:
    """Cell features (Lab) judged against the two looks: 1, 0 or -1."""
    if lit is None or off is None:  # one known look (white paper, or every cell alike): far is the other
        look, value = (off, 0) if off is not None else (lit, 1)
        far = np.linalg.norm(f - look.lab, axis=2) > FAR_LOOKS * SAME_LOOK
        return np.where(far, 1 - value, value).astype(np.int64)
    d_lit = np.linalg.norm(f - lit.lab, axis=2)
    d_off = np.linalg.norm(f - off.lab, axis=2)
    sep = float(np.linalg.norm(lit.lab - off.lab))
    out = (d_lit < d_off).astype(np.int64)
    out[np.minimum(d_lit, d_off) > min(_odd_limit(sep), CAP_SEP * sep)] = -1
    return out


def cell_beyond(before: np.ndarray, after: np.ndarray, lat: Lattice, cell: tuple[int, int],
                reading: Reading) -> bool | None:
    """Whether a cell shows at ``cell`` (lattice coordinates, outside
    ``lat``) in ``after`` where ``before`` showed none, after a press that
    would have toggled it: True (it reads as lit now, unlit before), False
    (its place showed the unlit look, the page, in BEYOND_SEEN of its box and
    none of that changed: no cell there), None (off the image, or covered:
    the images cannot tell)."""
    lit, off = reading.looks.lit, reading.looks.off
    one = lat.sub(cell[0], cell[1], 1, 1)
    x0, y0, x1, y1 = one.bbox
    h, w = after.shape[:2]
    if lit is None or off is None or x0 < 0 or y0 < 0 or x1 > w or y1 > h or before.shape != after.shape:
        return None
    (lab_b, local), (lab_a, _) = board_lab(before, one, 0.0), board_lab(after, one, 0.0)
    judged = [int(_judge(cell_medians(x, local, FEATURE_INSET), lit, off)[0, 0]) for x in (lab_b, lab_a)]
    if judged == [0, 1]:
        return True
    pb = cell_patch(lab_b, local, 0, 0, PLAIN_INSET).reshape(-1, 3)
    pa = cell_patch(lab_a, local, 0, 0, PLAIN_INSET).reshape(-1, 3)
    if pb.size == 0 or pb.shape != pa.shape:
        return None
    changed = np.linalg.norm(pa - pb, axis=1) >= SAME_LOOK
    page = np.linalg.norm(pb - off.lab, axis=1) < SAME_LOOK
    if float(page.mean()) >= BEYOND_SEEN and not changed[page].any():
        return False
    return None


def whole_in(img: np.ndarray, lat: Lattice, reading: Reading):
    """Whether the board read before is whole in a larger capture of its
    surroundings (the bot looks past its region where the board touched it)."""
    looks = [x.lab for x in (reading.looks.lit, reading.looks.off) if x is not None]
    sep = float(np.linalg.norm(looks[0] - looks[1])) if len(looks) == 2 else 0.0
    lab, local = board_lab(img, lat)
    return wholeness(lab, local, looks, _odd_limit(sep), slivers=True, cover_edges=True, toasts=True)


def two_looks(feats: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """2-means on cell colours: (labels 0/1, centre 0, centre 1).  Where
    one look holds COVER_LOOK_CELLS cells or fewer, or cells that fill a
    rectangle (fewer than the other's), and the other's cells fall into two
    looks (SAME_LOOK apart, and LOOKS_APART times the spread of either's
    cells; neither white paper, beside which fills of any colour are one
    look), those two are the board's and the few cells are like neither
    (something over them: a window over a corner, a toast over a row)."""
    x = feats.reshape(-1, 3).astype(np.float64)
    lab, c0, c1 = _two_means(x)
    counts = np.bincount(lab, minlength=2)
    few = int(np.argmin(counts))
    block = _fills_rectangle(np.flatnonzero(lab == few), feats.shape[1])
    if 0 < counts[few] and (counts[few] <= COVER_LOOK_CELLS or block) and counts[1 - few] >= 2 * MIN_CELLS_SIDE:
        split = _apart_looks(x[lab != few])
        # fills on paper are the paper path's (any fill colour is one look)
        if split is not None and not any(c[0] >= PAPER_L and np.hypot(c[1], c[2]) <= PAPER_C for c in split[1:]):
            _, a, b = split
            lab = (np.linalg.norm(x - b, axis=1) < np.linalg.norm(x - a, axis=1)).astype(int)
            c0, c1 = a, b
    return lab.reshape(feats.shape[:2]), c0, c1


def _apart_looks(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The 2-means of the colours ``x`` (labels, centre 0, centre 1) where
    they fall into two looks: both held, SAME_LOOK apart and LOOKS_APART
    times the spread of either's colours (plus SPREAD_FLOOR); else None."""
    sub, a, b = _two_means(x)
    if np.bincount(sub, minlength=2).min() == 0:
        return None
    own = np.linalg.norm(x - np.where(sub[:, None] == 1, b, a), axis=1)
    spread = max(float(median(own[sub == k])) for k in (0, 1))
    return (sub, a, b) if float(np.linalg.norm(a - b)) >= max(SAME_LOOK, LOOKS_APART * (spread + SPREAD_FLOOR)) \
        else None


def _fills_rectangle(cells: np.ndarray, cols: int) -> bool:
    """Whether the flat cell indices ``cells`` (of a board ``cols`` wide)
    are every cell of one rectangle."""
    rows, cs = cells // cols, cells % cols
    return cells.size > 0 and cells.size == (np.ptp(rows) + 1) * (np.ptp(cs) + 1)


def _two_means(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """2-means of the rows of ``x`` from its two farthest apart: (labels, centre 0, centre 1)."""
    d = np.linalg.norm(x[:, None] - x[None], axis=2)
    i, j = np.unravel_index(np.argmax(d), d.shape)
    c0, c1 = x[i].copy(), x[j].copy()
    lab = np.zeros(len(x), int)
    for _ in range(KMEANS_ROUNDS):
        lab = (np.linalg.norm(x - c1, axis=1) < np.linalg.norm(x - c0, axis=1)).astype(int)
        n0, n1 = x[lab == 0], x[lab == 1]
        if not len(n0) or not len(n1):
            break
        new0, new1 = median(n0, axis=0), median(n1, axis=0)
        if np.allclose(new0, c0) and np.allclose(new1, c1):
            break
        c0, c1 = new0, new1
    return lab, c0, c1


@dataclass
class Cue:
    """One cue for which look is lit, and its vote."""
    name: str  # what the cue looks at, as said in reasons
    vote: int  # the look (0 or 1) this cue takes for lit
    weight: int  # 2 strong, 1 weak


def _vote(name: str, diff: float, strong: float, weak: float, k: int) -> list[Cue]:
    if diff >= strong:
        return [Cue(name, k, 2)]
    return [Cue(name, k, 1)] if diff >= weak else []


def polarity_cues(a: Look, b: Look, ground: np.ndarray | None = None,
                  sizes: tuple[float, float] | None = None) -> list[Cue]:
    """Each general cue's vote on which of two looks is lit."""
    cues = _vote("the more coloured look", abs(a.chroma - b.chroma), CHROMA_STRONG, CHROMA_WEAK,
                 0 if a.chroma > b.chroma else 1)
    cues += _vote("the brighter look", abs(a.L - b.L), LIGHT_STRONG, LIGHT_WEAK, 0 if a.L > b.L else 1)
    if ground is not None:
        da, db = (float(np.linalg.norm(x.lab - ground)) for x in (a, b))
        cues += _vote("the look further from the board's ground", abs(da - db), GROUND_STRONG, GROUND_WEAK,
                      0 if da > db else 1)
    if sizes is not None and abs(sizes[0] - sizes[1]) >= SIZE_CUE:
        cues.append(Cue("the look drawn larger", 0 if sizes[0] > sizes[1] else 1, 1))
    return cues


def _is_paper(look: Look) -> bool:
    return look.L >= PAPER_L and look.chroma <= PAPER_C


def decide_polarity(a: Look, b: Look, ground: np.ndarray | None = None,
                    sizes: tuple[float, float] | None = None, grey: bool = False) -> tuple[int, str, bool]:
    """Which of two looks is lit: (0 for a, 1 for b), the reason, and
    whether the cues agree enough to be sure.

    White paper beside a colour decides alone (games where you fill the
    board).  Otherwise saturation, brightness, distance from the board's
    ground (``ground``, Lab) and tile size (``sizes``, the share of its cells
    each look covers) vote, strong cues counting double; the look with more
    weight is lit, sure when it leads by SURE_MARGIN, and a reason names the
    cues that disagreed.  In a colourless image (``grey``) a cue against
    the winner leaves it unsure, whatever the lead."""
    for k, (x, y) in enumerate(((a, b), (b, a))):
        if _is_paper(y) and x.chroma >= FILL_C:
            return k, "the coloured look is lit, the white one is the empty paper", True
    cues = polarity_cues(a, b, ground, sizes)
    score = [sum(c.weight for c in cues if c.vote == k) for k in (0, 1)]
    if score[0] == score[1]:  # a tie (or no cue): the brighter look, never sure
        lit = 0 if a.L >= b.L else 1
    else:
        lit = 0 if score[0] > score[1] else 1
    sure = score[lit] - score[1 - lit] >= SURE_MARGIN
    pro = [c.name for c in cues if c.vote == lit]
    con = [c.name for c in cues if c.vote != lit]
    why = f"lit is {' and '.join(pro)}" if pro else "no cue tells lit from off: the brighter look is taken as lit"
    if con and grey and sure:
        sure = False
        why += f"; disagreeing: {' and '.join(con)}, and the image has no colour to settle it, so not sure"
    elif con:
        why += f"; disagreeing: {' and '.join(con)}" + ("" if sure else ", so not sure")
    elif pro and not sure:
        why += " (a weak cue only, so not sure)"
    x, y = (a, b) if lit == 0 else (b, a)
    if sure and x.L >= NEAR_PAPER_L and x.chroma < NEAR_PAPER_C and y.chroma >= FILL_C and y.chroma > x.chroma:
        sure = False
        why += "; but the lit look is nearly white beside a coloured one: white paper under a tint? so not sure"
    return lit, why, sure


def board_ground(lab: np.ndarray, lat: Lattice, looks: list[np.ndarray]) -> np.ndarray | None:
    """The board's ground (Lab): what lies between its cells (small windows
    on the lattice's crossings), failing that what lies around it (a ring
    outside the board).  Where most of those pixels are like one of the two
    looks (and few like the other), that look is the ground; else the
    pixels like neither look must agree on one colour.  None when neither
    place says (tiles that fill their cells, a busy page)."""
    h, w = lab.shape[:2]
    x0, y0, x1, y1 = lat.bbox
    cross = _crossings(lab, lat)
    m0, m1 = GROUND_RING
    ring = np.zeros((h, w), bool)
    ring[max(0, int(y0 - m1 * lat.py)):int(y1 + m1 * lat.py), max(0, int(x0 - m1 * lat.px)):int(x1 + m1 * lat.px)] = True
    ring[max(0, int(y0 - m0 * lat.py)):int(y1 + m0 * lat.py), max(0, int(x0 - m0 * lat.px)):int(x1 + m0 * lat.px)] = False
    for where in (cross, ring):
        px = lab[where]
        if len(px) < GROUND_MIN_PX:
            continue
        near = [np.linalg.norm(px - np.asarray(k), axis=1) < SAME_LOOK for k in looks]
        shares = [float(n.mean()) for n in near]
        k = int(np.argmax(shares))
        if shares[k] >= GROUND_LIKE_LOOK and shares[k] >= GROUND_LEAD * shares[1 - k]:
            return np.asarray(looks[k], np.float32)
        rest = px[~near[0] & ~near[1]]
        if len(rest) < GROUND_SHARE * len(px):
            continue
        med = median(rest, axis=0)
        if float(median(np.linalg.norm(rest - med, axis=1))) <= GROUND_SPREAD:
            return med
    return None


def _crossings(lab: np.ndarray, lat: Lattice) -> np.ndarray:
    """A mask of small windows (CROSSING_HALF pitches) on the lattice's
    crossings: what lies between the cells."""
    cross = np.zeros(lab.shape[:2], bool)
    rad = max(1, int(round(CROSSING_HALF * min(lat.px, lat.py))))
    for r in range(lat.rows + 1):
        for c in range(lat.cols + 1):
            x, y = int(round(lat.x0 + c * lat.px)), int(round(lat.y0 + r * lat.py))
            cross[max(0, y - rad):y + rad + 1, max(0, x - rad):x + rad + 1] = True
    return cross


def _invisible_cells(lab: np.ndarray, lat: Lattice, which: np.ndarray) -> bool:
    """Whether some of the cells ``which`` (flat mask) are drawn in the
    colour between the cells, all over: INVISIBLE_SHARE of each one's whole
    box within SAME_LOOK of it (nothing outlines them; a fill has a border,
    or lies apart from the lines)."""
    between = median(lab[_crossings(lab, lat)], axis=0)
    for i in np.flatnonzero(which):
        box = cell_patch(lab, lat, int(i // lat.cols), int(i % lat.cols)).reshape(-1, 3)
        if box.size and float(np.mean(np.linalg.norm(box - between, axis=1) < SAME_LOOK)) >= INVISIBLE_SHARE:
            return True
    return False


def look_sizes(lab: np.ndarray, lat: Lattice, labels: np.ndarray, looks: list[np.ndarray],
               ground: np.ndarray) -> tuple[float, float]:
    """For each look, the median share of its cells' boxes drawn in its
    colour (nearer it than the other look and the ground)."""
    shares: list[list[float]] = [[], []]
    h, w = lab.shape[:2]
    x0, y0, _, _ = lat.box(0, 0)
    _, _, x1, y1 = lat.box(lat.rows - 1, lat.cols - 1)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 <= x0 or y1 <= y0:
        return 0.0, 0.0
    # each pixel's nearest of the two looks and the ground, once for the
    # whole board (squared distances: the same nearest), then each cell's
    # share of its own look's pixels from integral images
    area = [np.ascontiguousarray(lab[y0:y1, x0:x1, i], np.float32) for i in range(3)]
    best = nearest = None
    for k, v in enumerate([np.asarray(v, np.float32) for v in looks] + [np.asarray(ground, np.float32)]):
        d = (area[0] - v[0]) ** 2 + (area[1] - v[1]) ** 2 + (area[2] - v[2]) ** 2
        if best is None:
            best, nearest = d, np.zeros(d.shape, np.uint8)
        else:
            closer = d < best
            best = np.where(closer, d, best)
            nearest[closer] = k
    sums = [cv2.integral((nearest == k).astype(np.uint8)) for k in (0, 1)]
    for r in range(lat.rows):
        for c in range(lat.cols):
            k = int(labels[r, c])
            bx0, by0, bx1, by1 = lat.box(r, c)
            bx0, by0 = min(max(bx0, x0), x1) - x0, min(max(by0, y0), y1) - y0
            bx1, by1 = max(min(bx1, x1), x0) - x0, max(min(by1, y1), y0) - y0
            if bx1 > bx0 and by1 > by0:
                ii = sums[k]
                inside = int(ii[by1, bx1]) - int(ii[by0, bx1]) - int(ii[by1, bx0]) + int(ii[by0, bx0])
                shares[k].append(inside / ((bx1 - bx0) * (by1 - by0)))
    return tuple(float(median(s)) if s else 0.0 for s in shares)


def single_look_polarity(look: Look) -> tuple[bool, str, bool]:
    """(lit?, reason, sure?) when every cell looks the same."""
    if look.chroma >= ALL_LIT_C and look.L >= ALL_LIT_L:
        return True, "every cell has the same bright, coloured look: all lit", True
    if look.L <= ALL_OFF_L and look.chroma <= ALL_OFF_C:
        return False, "every cell has the same dark look: all off", True
    return False, "every cell looks the same and the look alone does not tell lit from off", False


def _glyph_kind(gray: np.ndarray, lat: Lattice, r: int, c: int) -> str | None:
    """'1', '0' or None: whether cell (r, c) prints a single digit-like mark,
    tall and thin without a hole (1) or with exactly one hole (0)."""
    patch = cell_patch(gray, lat, r, c, GLYPH_INSET)
    if patch.size < GLYPH_MIN_PX:
        return None
    bg = median(patch)
    ink = (np.abs(patch.astype(np.int16) - bg) > GLYPH_INK).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts = [i for i in range(1, n) if stats[i, 4] >= GLYPH_SPECK]
    if len(parts) != 1:
        return None
    i = parts[0]
    bw, bh, area = stats[i, 2], stats[i, 3], stats[i, 4]
    ph, pw = patch.shape
    lo, hi = GLYPH_TALL
    if not (lo * ph <= bh <= hi * ph and bw <= GLYPH_WIDE * pw and area <= GLYPH_AREA * ph * pw):
        return None
    _, hier = cv2.findContours(ink, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    holes = 0 if hier is None else sum(1 for h in hier[0] if h[3] >= 0)
    if holes == 0 and bh >= GLYPH_THIN * bw:
        return "1"
    if holes == 1:
        return "0"
    return None


def _digit_polarity(gray: np.ndarray, lat: Lattice, cells_a, cells_b) -> tuple[int | None, bool]:
    """(0 if look A's cells print 1 and look B's print 0, 1 for the
    reverse, None unless (nearly) every cell of both looks prints such a
    digit; whether the digits that can be read say B is lit: DIGIT_SHARE
    of B's cells print 1 and none of A's, or of A's print 0 and none of
    B's)."""
    kinds = [[_glyph_kind(gray, lat, r, c) for r, c in cells] for cells in (cells_a, cells_b)]
    against = any(len(ks) and ks.count(digit) >= DIGIT_SHARE * len(ks) and digit not in others
                  for digit, ks, others in (("1", kinds[1], kinds[0]), ("0", kinds[0], kinds[1])))
    tops = []
    for ks in kinds:
        if not ks:
            return None, against
        top = max(set(ks), key=ks.count)
        if top is None or ks.count(top) < DIGIT_SHARE * len(ks):
            return None, against
        tops.append(top)
    if tops == ["1", "0"]:
        return 0, against
    if tops == ["0", "1"]:
        return 1, against
    return None, against


def look_template(lab: np.ndarray, lat: Lattice, labels: np.ndarray, k: int) -> np.ndarray | None:
    """The mean lightness patch of the cells with look ``k``."""
    ps = [resized_patch(lab[:, :, 0], lat, r, c, TEMPLATE_PX, slack=2)
          for r in range(lat.rows) for c in range(lat.cols) if labels[r, c] == k]
    ps = [p for p in ps if p is not None]
    return np.mean(ps, axis=0) if ps else None


def is_flat(template: np.ndarray | None) -> bool:
    """A look with no texture at all (a plain colour, like the page)."""
    return template is None or float(template.std()) < FLAT_STD


def lattice_from_looks(img: np.ndarray, lat: Lattice, looks: list[np.ndarray]) -> tuple[Lattice, int]:
    """Re-find the board's cells by their colours.

    Edges alone miss cells whose outline fades (a glow, a pale tile on a
    pale panel).  Knowing the looks (two, or one when every cell shows the
    same) from a first, partial lattice, every
    pixel close to a look's colour is marked, cell-sized regions of each
    look are snapped to the lattice, and their extent is the board.  Returns
    the lattice and the number of cells backed by a region."""
    h, w = img.shape[:2]
    span = MAX_CELLS_SIDE
    x0 = int(max(0, lat.x0 - (span - lat.cols) * lat.px))
    y0 = int(max(0, lat.y0 - (span - lat.rows) * lat.py))
    x1 = int(min(w, lat.x0 + span * lat.px + 1))
    y1 = int(min(h, lat.y0 + span * lat.py + 1))
    k = max(1, int(min(lat.px, lat.py) // LOOKS_PITCH))
    x1, y1 = x0 + (x1 - x0) // k * k, y0 + (y1 - y0) // k * k
    crop = np.ascontiguousarray(img[y0:y1, x0:x1])
    if k > 1:
        crop = cv2.resize(crop, ((x1 - x0) // k, (y1 - y0) // k), interpolation=cv2.INTER_AREA)
    lab = to_lab(crop)
    sep = float(np.linalg.norm(looks[0] - looks[1])) if len(looks) == 2 else 0.0
    tol = max(LOOK_TOL_MIN, min(LOOK_TOL_SHARE * sep, LOOK_TOL_MAX))
    (span_lo, span_hi), (ratio_lo, ratio_hi) = CELL_SPAN, CELL_RATIO
    cells: set[tuple[int, int]] = set()
    for look in looks:
        diff = lab - np.asarray(look, np.float32)
        mask = (np.einsum("ijk,ijk->ij", diff, diff) < tol * tol).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        n, _, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=4)
        for i in range(1, n):
            bw, bh, area = stats[i, 2] * k, stats[i, 3] * k, stats[i, 4] * k * k
            # one cell's worth of this colour: cell-shaped, not a thread or a panel
            if not (span_lo * lat.px <= bw <= span_hi * lat.px and span_lo * lat.py <= bh <= span_hi * lat.py):
                continue
            if not ratio_lo <= (bw / lat.px) / (bh / lat.py) <= ratio_hi:
                continue
            if area < CELL_FILL * bw * bh:
                continue
            fx = (cents[i][0] * k + (k - 1) / 2 + x0 - lat.x0) / lat.px - 0.5
            fy = (cents[i][1] * k + (k - 1) / 2 + y0 - lat.y0) / lat.py - 0.5
            if abs(fx - round(fx)) < CELL_SNAP and abs(fy - round(fy)) < CELL_SNAP:
                cells.add((int(round(fy)), int(round(fx))))
    # keep the cluster of cells connected to the original lattice
    inside = {(r, c) for r, c in cells if 0 <= r < lat.rows and 0 <= c < lat.cols}
    if len(inside) < REFOUND_SHARE * lat.rows * lat.cols:
        return lat, len(inside)
    comp = set(inside)
    todo = list(inside)
    while todo:
        r, c = todo.pop()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nb = (r + dr, c + dc)
            if nb in cells and nb not in comp:
                comp.add(nb)
                todo.append(nb)
    r0 = min(0, min(r for r, _ in comp))
    c0 = min(0, min(c for _, c in comp))
    r1 = max(lat.rows - 1, max(r for r, _ in comp))
    c1 = max(lat.cols - 1, max(c for _, c in comp))
    grown = lat.sub(r0, c0, r1 - r0 + 1, c1 - c0 + 1)
    if grown.rows > MAX_CELLS_SIDE or grown.cols > MAX_CELLS_SIDE:
        return lat, len(inside)
    return grown, len(comp)


def _phase_of_looks(lab: np.ndarray, lat: Lattice, labels: np.ndarray, feats: np.ndarray) -> tuple[float, float]:
    """How far (pixels: x, y) the cells' own lines lie from ``lat``'s
    (``lab``: the image's Lab on ``lat``'s coordinates; ``labels``: each
    cell's look, 0 or 1; ``feats``: each cell's colour), told by the colour
    steps between touching cells of the two looks (PHASE_PAIRS); 0 on an
    axis that shows too few or disagreeing steps."""
    h, w = lab.shape[:2]
    out = []
    for axis in (1, 0):  # x: steps between a cell and the one on its right; y: below
        pitch, along_pitch = (lat.px, lat.py) if axis == 1 else (lat.py, lat.px)
        start, along0 = (lat.x0, lat.y0) if axis == 1 else (lat.y0, lat.x0)
        a, b = (labels[:, :-1], labels[:, 1:]) if axis == 1 else (labels[:-1, :], labels[1:, :])
        found: dict[int, list[float]] = {0: [], 1: []}
        for r, c in np.argwhere((a != b) & (a >= 0) & (b >= 0)):
            k, j = (c, r) if axis == 1 else (r, c)  # the line after cell k, in row (column) j
            line = start + (k + 1) * pitch
            lo, hi = int(np.floor(line - pitch / 2)), int(np.ceil(line + pitch / 2))
            s0, s1 = (int(round(along0 + (j + f) * along_pitch)) for f in PHASE_ALONG)
            if lo < 0 or s0 < 0 or hi >= (w if axis == 1 else h) or s1 > (h if axis == 1 else w) or s1 - s0 < 2:
                continue
            strip = lab[s0:s1, lo:hi + 1] if axis == 1 else lab[lo:hi + 1, s0:s1].transpose(1, 0, 2)
            profile = strip.mean(axis=0)
            steps = np.linalg.norm(np.diff(profile, axis=0), axis=1)
            i, m = int(np.argmax(steps)), max(1, int(round(PHASE_BESIDE * pitch)))
            nxt = (r, c + 1) if axis == 1 else (r + 1, c)
            if i - m < 0 or i + 1 + m >= len(profile):
                continue
            if (np.linalg.norm(profile[i - m] - feats[r, c]) > PHASE_LIKE
                    or np.linalg.norm(profile[i + 1 + m] - feats[nxt]) > PHASE_LIKE):
                continue  # something between the two cells: they do not touch
            found[int(a[r, c])].append(lo + i + 0.5 - line)
        if min(len(v) for v in found.values()) < PHASE_PAIRS:
            out.append(0.0)
            continue
        meds = [float(np.median(v)) for v in found.values()]
        spread = max(float(np.median(np.abs(np.array(v) - m))) for v, m in zip(found.values(), meds))
        shift = sum(meds) / 2
        one_place = max(spread, abs(meds[0] - meds[1])) <= PHASE_SPREAD * pitch
        out.append(shift if one_place and abs(shift) >= PHASE_MIN * pitch else 0.0)
    return out[0], out[1]


def _unlit_invisible(fit: LatticeFit, labels: np.ndarray, c0, c1, lab: np.ndarray, local: Lattice) -> int | None:
    """The lit look (0 or 1) when unlit cells are plain, texture-less
    patches and none of them was seen as a shape: nothing but a frame can
    bound the board then.  None otherwise."""
    if float(np.linalg.norm(np.asarray(c0) - np.asarray(c1))) < SAME_LOOK:
        return None
    look0, look1 = Look(np.asarray(c0)), Look(np.asarray(c1))
    lit_k, _, _ = decide_polarity(look0, look1, board_ground(lab, local, [c0, c1]))
    member_cells = {(r, c) for r, c, _ in fit.members}
    if not member_cells or any(labels[r, c] != lit_k for r, c in member_cells):
        return None
    return lit_k if is_flat(look_template(lab, local, labels, 1 - lit_k)) else None


def _frame_distance(edges: np.ndarray, lat: Lattice, side: str, lit: np.ndarray) -> tuple[float, bool] | None:
    """(distance in pixels from the lattice's ``side`` to the first straight
    edge running along most of it beside the outer cells not ``lit``, or to
    the image border; whether it is the border); None if there is neither
    within FRAME_REACH pitches, or too few unlit cells there to tell a frame
    from lit cells' edges."""
    h, w = edges.shape
    x0, y0, x1, y1 = (int(round(v)) for v in lat.bbox)
    horizontal = side in ("top", "bottom")
    pitch = lat.py if horizontal else lat.px
    span = slice(max(0, x0), min(w, x1)) if horizontal else slice(max(0, y0), min(h, y1))
    if int(np.count_nonzero(~lit)) < FRAME_OFF_CELLS:
        return None
    along = np.arange(span.start, span.stop)
    cell = np.clip(((along - (x0 if horizontal else y0)) // (lat.px if horizontal else lat.py)).astype(int), 0,
                   len(lit) - 1)
    beside = ~lit[cell]  # the positions along the side beside unlit cells
    start = {"top": y0, "bottom": y1, "left": x0, "right": x1}[side]
    step = -1 if side in ("top", "left") else 1
    for d in range(-int(FRAME_HUG * pitch), int(FRAME_REACH * pitch) + 1):
        pos = start + step * d
        limit = h if horizontal else w
        if pos < 0 or pos >= limit:
            return float(d), True  # the image ends here
        line = (edges[pos, span] if horizontal else edges[span, pos])[beside]
        if line.size and line.mean() >= FRAME_RUN:
            return float(d), False
    return None


def _plain_cells(labs: _Lab, band: Lattice, ground: np.ndarray) -> bool:
    """Whether every cell of ``band`` shows the plain ground (PLAIN_SHARE
    of its box, less PLAIN_INSET, within SAME_LOOK of ``ground``): unlit
    cells drawn as the page, not something else the frame's edge belongs to."""
    lab, local = labs.around(band, 0.0)
    for r in range(local.rows):
        for c in range(local.cols):
            patch = cell_patch(lab, local, r, c, PLAIN_INSET).reshape(-1, 3)
            if patch.size == 0 or float(np.mean(np.linalg.norm(patch - ground, axis=1) < SAME_LOOK)) < PLAIN_SHARE:
                return False
    return True


def _bound_by_frame(img: np.ndarray, lat: Lattice, lit: np.ndarray, labs: _Lab,
                    ground: np.ndarray) -> tuple[Lattice, list[str]]:
    """When unlit cells are invisible, extend the lattice by whole pitches up
    to the board's frame on each side (``lit``: the lattice's lit cells;
    ``ground``: the unlit look, Lab).  Returns the lattice and the sides that
    have no frame (the board might go on there), or whose edge lies beyond
    pitches that are not plain ground (a title bar, a caption: not a frame,
    nor unlit cells)."""
    edges = edge_map(img, FRAME_EDGE)
    open_sides = []
    for side in ("top", "bottom", "left", "right"):  # (the sides after a row added are measured along it)
        outer = {"top": lit[0], "bottom": lit[-1], "left": lit[:, 0], "right": lit[:, -1]}[side]
        found = _frame_distance(edges, lat, side, outer)
        pitch = lat.py if side in ("top", "bottom") else lat.px
        if found is None:
            open_sides.append(side)
            continue
        d, image_end = found
        cells = max(0, int((d + FRAME_ROUND * pitch) // pitch))
        if image_end:
            # no frame before the image's edge: unlit cells or the page up to
            # it, and cells may go on past it (a cut one drawn as the page
            # shows nothing), the image cannot say which
            open_sides.append(side)
            continue
        if not cells:
            continue
        r0, c0, rows, cols = {"top": (-cells, 0, cells, lat.cols), "bottom": (lat.rows, 0, cells, lat.cols),
                              "left": (0, -cells, lat.rows, cells), "right": (0, lat.cols, lat.rows, cells)}[side]
        if not _plain_cells(labs, lat.sub(r0, c0, rows, cols), ground):
            open_sides.append(side)
            continue
        t, b, left, right = {"top": (cells, 0, 0, 0), "bottom": (0, cells, 0, 0), "left": (0, 0, cells, 0),
                             "right": (0, 0, 0, cells)}[side]
        lat = lat.sub(-t, -left, lat.rows + t + b, lat.cols + left + right)
        lit = np.pad(lit, ((t, b), (left, right)))
    return lat, open_sides


def _solid(lab: np.ndarray, lat: Lattice, which: np.ndarray) -> bool:
    """True when the chosen cells are each filled with one colour (most of
    the interior within a small distance of its median): a coloured fill,
    not an icon or a picture on a plain ground."""
    for r, c in zip(*np.nonzero(which)):
        patch = cell_patch(lab, lat, int(r), int(c), SOLID_INSET).reshape(-1, 3)
        if patch.size == 0:
            return False
        med = median(patch, axis=0)
        if np.mean(np.linalg.norm(patch - med, axis=1) < SOLID_DIST) < SOLID_SHARE:
            return False
    return True


def _paper_rims_unlike(lab: np.ndarray, lat: Lattice, paper: np.ndarray, colour: np.ndarray,
                       far: float) -> list[tuple[int, int]]:
    """The paper cells whose rim (the cell less RIM_INSET, outside its
    middle) is unlike paper (``far`` from ``colour``) in RIM_OTHER of two
    opposite sides: a white toast over the middles of cells of another
    look, their rims showing past it (an empty cell is paper to its
    sides).  Where most of three or more paper cells show it, it is the
    board's style (a border drawn inside each cell): none."""
    out = []
    for r, c in zip(*np.nonzero(paper)):
        whole = resized_patch(lab, lat, int(r), int(c), PATCH, RIM_INSET, min_side=3)
        if whole is None:
            continue
        n = whole.shape[0]
        a = max(1, int(round((SYMBOL_INSET - RIM_INSET) / (1 - 2 * RIM_INSET) * n)))
        unlike = np.linalg.norm(whole - colour, axis=2) > far
        if any(min(m[:a].mean(), m[n - a:].mean()) >= RIM_OTHER for m in (unlike, unlike.T)):
            out.append((int(r), int(c)))
    shown = int(np.count_nonzero(paper))
    return [] if shown >= 3 and len(out) > shown / 2 else out


def _fill_rims_unlike(lab: np.ndarray, lat: Lattice, filled: np.ndarray, middles: np.ndarray,
                      far: float) -> list[tuple[int, int]]:
    """The filled cells whose rim (the cell less RIM_INSET, outside its
    middle) is, in RIM_OTHER of two opposite sides, unlike their own middle
    (``far`` from it) and like another cell's (``middles``: each cell's
    colour): a toast over the middles of cells, theirs showing past it (a
    red toast over a row of white and grey cells made three red fills, and
    the white the empty paper: every cell of the board read the other way
    round, sure).  Where most of three or more filled cells show it, it is
    the board's style (a border drawn inside each cell): none."""
    out = []
    for r, c in zip(*np.nonzero(filled)):
        whole = resized_patch(lab, lat, int(r), int(c), PATCH, RIM_INSET, min_side=3)
        if whole is None:
            continue
        own = middles[r, c]
        others = [m for m in middles.reshape(-1, 3) if float(np.linalg.norm(m - own)) > far]
        if not others:
            continue
        n = whole.shape[0]
        a = max(1, int(round((SYMBOL_INSET - RIM_INSET) / (1 - 2 * RIM_INSET) * n)))
        near_other = np.min(np.stack([np.linalg.norm(whole - m, axis=2) for m in others]), axis=0) <= far
        unlike = (np.linalg.norm(whole - own, axis=2) > far) & near_other
        if any(min(m[:a].mean(), m[n - a:].mean()) >= RIM_OTHER for m in (unlike, unlike.T)):
            out.append((int(r), int(c)))
    shown = int(np.count_nonzero(filled))
    return [] if shown >= 3 and len(out) > shown / 2 else out


def _read_known(img: np.ndarray, lat: Lattice, labs: _Lab) -> Reading | None:
    """Read the cells of a known lattice, or None if it no longer fits."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = lat.bbox
    s = max(KNOWN_SLACK_PX, KNOWN_SLACK_PITCH * min(lat.px, lat.py))
    if x0 < -s or y0 < -s or x1 > w + s or y1 > h + s:
        return None
    fit = LatticeFit(lat, [], 0.0)
    lab, local = labs.around(lat, KNOWN_MARGIN)
    feats = cell_medians(lab, local, FEATURE_INSET)
    labels, c0, c1 = two_looks(feats)
    flat = feats.reshape(-1, 3)
    sep = float(np.linalg.norm(c0 - c1))
    if sep >= SAME_LOOK:  # two looks: every cell must be like one of them
        own = np.minimum(np.linalg.norm(flat - c0, axis=1), np.linalg.norm(flat - c1, axis=1))
        if (own > _odd_limit(sep)).any():
            return None
    # (every cell alike: fine if the look says lit or off)
    page = _page_look(labs, lat, labels, c0, c1) if sep >= SAME_LOOK else None
    reading = _classify(img, labs, lat, fit, feats, labels, c0, c1, [], page)
    return reading if reading.sure else None


def _page_look(labs: _Lab, lat: Lattice, labels: np.ndarray, c0: np.ndarray, c1: np.ndarray) -> np.ndarray | None:
    """The look drawn as the page round the board (unlit cells that nothing
    outlines): the board's ground, texture-less; None if neither is."""
    lab, local = labs.around(lat)
    ground = board_ground(lab, local, [c0, c1])
    if ground is None:
        return None
    for k, c in enumerate((c0, c1)):
        if float(np.linalg.norm(ground - c)) < SAME_LOOK and is_flat(look_template(lab, local, labels, k)):
            return c
    return None


def trim_foreign_lines(feats: np.ndarray, c0: np.ndarray, c1: np.ndarray) -> tuple[int, int, int, int]:
    """Rows/columns at the edge whose cells mostly match neither look are
    not part of the board (a caption that lined up with it): returns the
    kept (r0, r1, c0, c1) ranges, end-exclusive."""
    own = np.minimum(np.linalg.norm(feats - c0, axis=2), np.linalg.norm(feats - c1, axis=2))
    odd = own > max(SAME_LOOK * ODD_LOOKS, CAPTION_SPREAD * float(median(own)))
    r0, r1, k0, k1 = 0, feats.shape[0], 0, feats.shape[1]
    if odd.mean() > CAPTION_BOARD:  # the two looks do not describe this board well: leave it
        return r0, r1, k0, k1
    changed = True
    while changed and r1 - r0 > MIN_CELLS_SIDE and k1 - k0 > MIN_CELLS_SIDE:
        changed = False
        if odd[r0, k0:k1].mean() > CAPTION_LINE:
            r0, changed = r0 + 1, True
        if odd[r1 - 1, k0:k1].mean() > CAPTION_LINE:
            r1, changed = r1 - 1, True
        if odd[r0:r1, k0].mean() > CAPTION_LINE:
            k0, changed = k0 + 1, True
        if odd[r0:r1, k1 - 1].mean() > CAPTION_LINE:
            k1, changed = k1 - 1, True
    return r0, r1, k0, k1


def read(img: np.ndarray, lattice: Lattice | None = None, hint: Lattice | None = None) -> Reading:
    """Read the Lights Out board in ``img`` (BGR).  Raises NoBoardError when
    there is no grid of cells, UnreadableBoardError when the cells do not
    fall into two looks.

    ``lattice``: where the board was found before (calibration).  Only the
    cells are read then; if they no longer fall cleanly into two looks (the
    window moved, the game changed) the board is searched for afresh.
    ``hint``: a calibrated lattice; where unlit cells are invisible and no
    frame bounds the board, the board is read at the hint when the lit cells
    fall on its grid."""
    if img is None or img.ndim != 3 or min(img.shape[:2]) < MIN_IMAGE_SIDE:
        raise NoBoardError("no Lights Out board: the image is empty or too small")
    check_shape(img, "Lights Out", MIN_IMAGE_SIDE)
    labs = _Lab(img)
    if lattice is not None:
        known = _read_known(img, lattice, labs)
        if known is not None:
            return known
    fit = find_lattice(img)
    if fit is None:
        raise NoBoardError("no Lights Out board: no regular grid of cells in the image")
    lat = fit.lattice
    if not (MIN_CELLS_SIDE <= lat.rows <= MAX_CELLS_SIDE and MIN_CELLS_SIDE <= lat.cols <= MAX_CELLS_SIDE):
        raise NoBoardError(
            f"no Lights Out board: the best grid found is {lat.rows}x{lat.cols} cells "
            f"(boards are {MIN_CELLS_SIDE}x{MIN_CELLS_SIDE} to {MAX_CELLS_SIDE}x{MAX_CELLS_SIDE})"
        )
    if fit.coverage < MIN_COVERAGE:
        raise NoBoardError(f"no Lights Out board: a {lat.rows}x{lat.cols} grid is only faintly there "
                           f"({fit.coverage:.0%} of its cells look like cells)")

    def looks_of(lat: Lattice):
        lab, local = labs.around(lat)
        feats = cell_medians(lab, local, FEATURE_INSET)
        return (lab, local, feats, *two_looks(feats))

    lab, local, feats, labels, c0, c1 = looks_of(lat)
    if float(np.linalg.norm(c0 - c1)) >= SAME_LOOK:
        r0, r1, k0, k1 = trim_foreign_lines(feats, c0, c1)
        if (r0, r1, k0, k1) != (0, lat.rows, 0, lat.cols):
            lat = lat.sub(r0, k0, r1 - r0, k1 - k0)
            fit = LatticeFit(lat, [(r - r0, c - k0, b) for r, c, b in fit.members
                                   if r0 <= r < r1 and k0 <= c < k1], fit.residual)
            lab, local, feats, labels, c0, c1 = looks_of(lat)
    # with every cell of one look (a solved board) the edges may miss outer cells too: grow by that look
    one_look = float(np.linalg.norm(c0 - c1)) < SAME_LOOK
    grown, _ = lattice_from_looks(img, lat, [c0] if one_look else [c0, c1])
    if grown != lat:
        lat = grown
        lab, local, feats, labels, c0, c1 = looks_of(lat)
    if not one_look:
        lat, (lab, local, feats, labels, c0, c1) = _grown_by_cells_missed(lat, (lab, local, feats, labels, c0, c1),
                                                                          looks_of)
        dx, dy = _phase_of_looks(lab, local, labels, feats)
        if dx or dy:
            lat = replace(lat, x0=lat.x0 + dx, y0=lat.y0 + dy)
            lab, local, feats, labels, c0, c1 = looks_of(lat)
    open_sides: list[str] = []
    page = None  # the unlit look, where unlit cells are drawn as the page
    lit_k = _unlit_invisible(fit, labels, c0, c1, lab, local)
    if lit_k is not None:
        # nothing outlines the unlit cells: only the frame bounds the board
        page = c1 if lit_k == 0 else c0
        lat, open_sides = _bound_by_frame(img, lat, labels == lit_k, labs, page)
        if lat.rows > MAX_CELLS_SIDE or lat.cols > MAX_CELLS_SIDE:
            raise NoBoardError(f"no Lights Out board: the grid runs to {lat.rows}x{lat.cols} cells")
        lab, local, feats, labels, c0, c1 = looks_of(lat)
        if open_sides and hint is not None and lat.on_grid_of(hint, HINT_PITCH, HINT_PHASE):
            known = _read_known(img, hint, labs)  # the calibration knows the extent the image cannot show
            if known is not None:
                return known
    reading = _classify(img, labs, lat, fit, feats, labels, c0, c1, open_sides, page)
    turned = turn_reason(img, lat) if reading.sure or reading.looks.sure_within else None
    if turned:  # (no press can find the extent of a board the picture shows turned)
        return replace(reading, unsure={BOARD: turned}, looks=replace(reading.looks, sure_within=False))
    return reading


def _grown_by_cells_missed(lat: Lattice, seen: tuple, looks_of) -> tuple[Lattice, tuple]:
    """``lat`` grown by the rows and columns of the board's own cells it
    missed (a 3D button's rim shaded down into the panel, a glow over its
    side: no outline found), and ``looks_of`` it: while cells shaped like a
    look's go on past a side (:func:`cells_go_on`) and every cell of the
    grown lattice is like one of the two looks (none past ``_odd_limit``),
    the lattice takes in that row or column.  Otherwise it stays as it was
    (and the check of the whole board refuses it, naming the side)."""
    for _ in range(MAX_CELLS_SIDE):
        lab, local, feats, labels, c0, c1 = seen
        more = cells_go_on(lab, local, labels)
        if not more:
            break
        top, left = int("top" in more), int("left" in more)
        rows, cols = lat.rows + top + int("bottom" in more), lat.cols + left + int("right" in more)
        if rows > MAX_CELLS_SIDE or cols > MAX_CELLS_SIDE:
            break
        bigger = lat.sub(-top, -left, rows, cols)
        again = looks_of(bigger)
        feats2, a, b = again[2], again[4], again[5]
        sep = float(np.linalg.norm(a - b))
        own = np.minimum(np.linalg.norm(feats2 - a, axis=-1), np.linalg.norm(feats2 - b, axis=-1))
        if sep < SAME_LOOK or float(own.max()) > _odd_limit(sep):
            break
        lat, seen = bigger, again
    return lat, seen


def _reading(board: np.ndarray, lat: Lattice, unsure: dict, touches, looks: LightsLooks) -> Reading:
    state = board.copy()
    for rc in unsure:
        if isinstance(rc, tuple):
            state[rc] = -1
    return Reading(board, state, lat, unsure, tuple(touches), looks)


def _rival_grid(img: np.ndarray, lat: Lattice) -> Lattice | None:
    """Another grid of cells of a board's size in the image, clear of
    ``lat``: with every cell of one look, nothing says which is the board."""
    x0, y0, x1, y1 = lat.bbox
    for f in candidate_lattices(img):
        o = f.lattice
        if not (MIN_CELLS_SIDE <= o.rows <= MAX_CELLS_SIDE and MIN_CELLS_SIDE <= o.cols <= MAX_CELLS_SIDE) \
                or f.coverage < MIN_COVERAGE:
            continue
        a0, b0, a1, b1 = o.bbox
        if a1 <= x0 or a0 >= x1 or b1 <= y0 or b0 >= y1:
            return o
    return None


def _classify(img: np.ndarray, labs: _Lab, lat: Lattice, fit: LatticeFit, feats: np.ndarray, labels: np.ndarray,
              c0: np.ndarray, c1: np.ndarray, open_sides: list[str], page: np.ndarray | None = None) -> Reading:
    """Looks, polarity, per-cell confidence and doubts, for a fixed lattice.
    ``page``: the unlit look (Lab) where unlit cells are drawn as the page."""
    sep = float(np.linalg.norm(c0 - c1))
    flat = feats.reshape(-1, 3)
    n = flat.shape[0]
    if sep < SAME_LOOK:
        look = Look(median(flat, axis=0))
        lit_all, why, sure = single_look_polarity(look)
        if sure and colourless(labs.around(lat)[0]):
            sure = False
            why += ", but the image has no colour: a colour game saved in grey can show two looks alike"
        rival = _rival_grid(img, lat) if sure else None
        if rival is not None:  # a texture (a page's dither) makes a grid of one look too
            sure = False
            why += (f"; but another grid of {rival.rows}x{rival.cols} cells lies at ({rival.x0:.0f}, {rival.y0:.0f}):"
                    " which is the board? so not sure")
        odd_cells, touches = _check_board(labs, lat, np.zeros((lat.rows, lat.cols), int), [look.lab], 0.0)
        board = np.full((lat.rows, lat.cols), int(lit_all), np.int64)
        conf = np.full(board.shape, 1.0 if sure else 0.0, np.float32)
        for rc in odd_cells:
            conf[rc] = 0.0
        unsure = {rc: "something covers it" for rc in odd_cells}
        if not sure:
            unsure[BOARD] = why
        looks = LightsLooks(look if lit_all else None, None if lit_all else look, why, conf, fit)
        return _reading(board, lat, unsure, touches, looks)
    look0, look1 = Look(c0), Look(c1)
    # cells far from both looks: a third look, or an overlay on the cell
    d0 = np.linalg.norm(flat - c0, axis=1)
    d1 = np.linalg.norm(flat - c1, axis=1)
    own = np.minimum(d0, d1)
    odd = own > _odd_limit(sep)
    odd_idx = np.flatnonzero(odd)
    if len(odd_idx) >= max(THIRD_LOOK_MIN, THIRD_LOOK_SHARE * n):
        # more than two looks, unless they are all coloured fills against
        # white paper (games where you fill the board): then it is empty vs filled
        chroma = np.hypot(flat[:, 1], flat[:, 2])
        is_paper = (flat[:, 0] >= PAPER_L) & (chroma <= PAPER_C)
        lab, local = labs.around(lat)
        if is_paper.any() and (~is_paper).any() and not _invisible_cells(lab, local, ~is_paper) \
                and _solid(lab, local, ~is_paper.reshape(lat.rows, lat.cols)):
            p = median(flat[is_paper], axis=0)
            dist = np.linalg.norm(flat - p, axis=1)
            far = FAR_LOOKS * SAME_LOOK
            board = (dist > far).reshape(lat.rows, lat.cols).astype(np.int64)
            conf = np.clip(np.abs(dist - far) / far, 0, 1).reshape(board.shape)
            whole = wholeness(lab, local, [p], far, slivers=True, cover_edges=True, toasts=True, lined_slivers=True)
            if not whole.whole:
                raise PartialBoardError(f"only part of a Lights Out board is in the image: {whole.reason()}")
            covered = covered_cells(lab, local, np.zeros_like(board))  # empty or filled, every cell shows its sides
            covered += [rc for rc in cornered_cells(lab, local) + _paper_rims_unlike(lab, local, board == 0, p, far)
                        + _fill_rims_unlike(lab, local, board == 1, flat.reshape(board.shape + (3,)), far)
                        if rc not in covered]
            for rc in covered:
                conf[rc] = 0.0
            looks = LightsLooks(None, Look(p), "white cells are empty paper; every coloured cell is filled (lit)",
                                conf.astype(np.float32), fit)
            return _reading(board, lat, {rc: "something covers it" for rc in covered}, whole.touches, looks)
        raise UnreadableBoardError(
            f"the {lat.rows}x{lat.cols} board's cells fall into more than two looks "
            f"({len(odd_idx)} cells match neither of the two main ones)"
        )
    lab, local = labs.around(lat)
    ground = board_ground(lab, local, [c0, c1])
    # without a ground, a look like the page around it seems to fill its
    # cells; so do unlit cells drawn as the page: no size to measure
    sizes = look_sizes(lab, local, labels, [c0, c1], ground) if ground is not None and page is None else None
    grey = colourless(lab)
    lit_k, why, sure = decide_polarity(look0, look1, ground, sizes, grey)
    if grey and sure:
        shades = max(float(np.ptp(L)) if L.size else 0.0
                     for L in (flat[(labels.ravel() == k) & ~odd, 0] for k in (0, 1)))
        if shades > GREY_SHADES:
            sure = False
            why += (f"; but the image has no colour and the cells of one look come in greys {shades:.0f} apart "
                    "(colours saved in grey?), so not sure")
    lit_cells = [tuple(map(int, rc)) for rc in zip(*np.nonzero(labels == lit_k))]
    off_cells = [tuple(map(int, rc)) for rc in zip(*np.nonzero(labels != lit_k))]
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    digits, against = _digit_polarity(gray, lat, lit_cells, off_cells)
    if digits is None and not against and sure:
        # a picture turned a quarter: its digits lie on their sides (a 1 flat, a 0 wide)
        across = Lattice(lat.y0, lat.x0, lat.py, lat.px, lat.cols, lat.rows)
        turned, against = _digit_polarity(np.ascontiguousarray(gray.T), across, [(c, r) for r, c in lit_cells],
                                          [(c, r) for r, c in off_cells])
        against = against or turned == 1
    if digits is None and against and sure:
        sure = False
        why += ("; but the digits that can be read (1 on the other look's cells, or 0 on these) "
                "say the other look is lit, so not sure")
    elif digits is not None:
        if digits == 1:  # the look we took for lit prints 0s
            lit_k = 1 - lit_k
        why, sure = "the cells print 1 and 0: the look showing 1 is lit", True
    board = (labels == lit_k).astype(np.int64)
    lit_look, off_look = (look0, look1) if lit_k == 0 else (look1, look0)
    odd_cells, touches = _check_board(labs, lat, labels, [c0, c1], sep)
    if page is not None:
        # unlit cells drawn as the page run together with it and each other
        # across the gaps: no cover can be seen by that in them
        unlit = int(np.argmin([np.linalg.norm(page - c) for c in (c0, c1)]))
        odd_cells = [rc for rc in odd_cells if labels[rc] != unlit]
    margin = np.abs(d0 - d1) / max(sep, 1e-6)
    conf = np.clip(margin, 0, 1)
    conf[odd] = 0
    unsure = {(int(i // lat.cols), int(i % lat.cols)): "like neither look" for i in odd_idx}
    unsure.update({rc: "something covers it" for rc in odd_cells if rc not in unsure})
    blocks = _shaded_block(flat, labels.ravel(), ~odd, lat.cols)
    unsure.update({rc: "a block of its look in another shade (a window over it?)" for rc in blocks
                   if rc not in unsure})
    for r, c in odd_cells + blocks:
        conf[r * lat.cols + c] = 0
    spread = float(median(own[~odd])) if (~odd).any() else 0.0
    if sep < LOOKS_APART * (spread + SPREAD_FLOOR):  # looks barely apart compared with how much cells vary
        sure = False
        why += " (the two looks are close)"
    sure_within = sure
    if open_sides:
        sure = False
        why += (f" (unlit cells are invisible and no frame bounds the board on the {', '.join(open_sides)}: "
                "its extent is unknown: 'run' finds it by pressing cells beside those sides)")
    if not sure:
        unsure[BOARD] = why
    looks = LightsLooks(lit_look, off_look, why, conf.reshape(board.shape).astype(np.float32), fit,
                        tuple(open_sides), sure_within and bool(open_sides))
    return _reading(board, lat, dict(sorted(unsure.items(), key=lambda kv: str(kv[0]))), touches, looks)


def _shaded_block(flat: np.ndarray, labels: np.ndarray, usable: np.ndarray, cols: int) -> list[tuple[int, int]]:
    """The cells of one look that show it in another shade, where those
    are BLOCK_CELLS or more filling a rectangle, fewer than the rest of
    the look, and the two shades lie apart as two looks do (SAME_LOOK, and
    LOOKS_APART times either's spread): a window over a block of the board,
    near enough to one look to pass for it (a dark window over black cells
    drawn on black)."""
    for k in (0, 1):
        idx = np.flatnonzero((labels == k) & usable)
        if len(idx) < 2 * BLOCK_CELLS:
            continue
        split = _apart_looks(flat[idx].astype(np.float64))
        if split is None:
            continue
        sub = split[0]
        cells = idx[sub == int(np.argmin(np.bincount(sub, minlength=2)))]
        if len(cells) >= BLOCK_CELLS and _fills_rectangle(cells, cols):
            return [(int(i // cols), int(i % cols)) for i in cells]
    return []


def cell_inks(lab: np.ndarray, lat: Lattice, labels: np.ndarray, looks: list[np.ndarray]
                 ) -> dict[tuple[int, int], np.ndarray]:
    """Each cell's ink enclosed by its look in its middle (NUMBER_BOX), as a
    mask, for the cells that have any: a number, a letter, a mark."""
    from puzzlebot.vision.digits import enclosed_ink

    inset = (1 - NUMBER_BOX) / 2
    out = {}
    for r in range(lat.rows):
        for c in range(lat.cols):
            mid = cell_patch(lab, lat, r, c, inset)
            if mid.size == 0:
                continue
            look = np.asarray(looks[int(labels[r, c])] if int(labels[r, c]) < len(looks) else looks[0])
            ink = enclosed_ink(mid, look, NUMBER_INK)
            if ink.any():
                out[(r, c)] = ink
    return out


def numbered_cells(inks: dict[tuple[int, int], np.ndarray]) -> dict[tuple[int, int], int]:
    """The cells (of :func:`cell_inks`'s) whose ink the digit reader
    reads (as :func:`puzzlebot.vision.digits.printed_numbers`), and the numbers."""
    from puzzlebot.vision.digits import printed_numbers

    return {rc: v for rc, v in zip(inks, printed_numbers(list(inks.values()))) if v is not None}


def _check_board(labs: _Lab, lat: Lattice, labels: np.ndarray, looks: list[np.ndarray],
                 sep: float) -> tuple[list[tuple[int, int]], list[str]]:
    """Refuse another game's board and a part of a board; returns the cells
    too covered by an odd object to read (unsure) and the sides where the
    image ends at the board (it may go on there)."""
    lab, local = labs.around(lat)
    reason, odd = foreign_content(lab, local, labels, sep)
    if reason:
        raise NoBoardError(f"no Lights Out board: the {lat.rows}x{lat.cols} grid found is not one: {reason}")
    inks = cell_inks(lab, local, labels, looks)
    numbers = numbered_cells(inks)
    looks_numbered = {int(labels[rc]) for rc in numbers}
    if len(numbers) >= NUMBERED_CELLS and len(set(numbers.values())) == len(numbers) and len(looks_numbered) == 1:
        raise NoBoardError(f"no Lights Out board: {len(numbers)} of its cells, all of one look, print numbers "
                           f"({', '.join(str(v) for v in sorted(numbers.values())[:6])}): numbered dots of another "
                           "game?")
    whole = wholeness(lab, local, looks, _odd_limit(sep), slivers=True, cover_edges=True, toasts=True,
                      lined_slivers=len(looks) == 1)  # the other look its hidden cells may show is not known
    if not whole.whole:
        raise PartialBoardError(f"only part of a Lights Out board is in the image: {whole.reason()}")
    if len(looks) > 1:
        go_on = cells_go_on(lab, local, labels)
        if go_on:
            raise PartialBoardError(f"cells shaped like the board's own go on past its {' and '.join(go_on)}: "
                                    "the grid found misses some (too faint against the ground?)")
    unsure = []
    tol = pixel_tolerance(sep)
    if odd:
        patches, templates = look_templates(lab, local, labels)
        for rc in sorted(odd):
            look, _ = read_uncovered(patches[rc], templates, tol)
            if look != int(labels[rc]):  # what remains does not confirm the cell's look
                unsure.append(rc)
    unsure += [rc for rc in _rims_of_another_look(lab, local, labels, tol) if rc not in unsure]
    unsure += [rc for rc in covered_cells(lab, local, labels) + cornered_cells(lab, local) if rc not in unsure]
    return unsure, whole.touches


def _rims_of_another_look(lab: np.ndarray, lat: Lattice, labels: np.ndarray, tol: float) -> list[tuple[int, int]]:
    """The cells whose rim (the cell less RIM_INSET, outside its middle)
    differs from their look along two opposite sides, in RIM_OTHER of each
    side's pixels, and shows the other look along one of them so: a toast
    of the unlit cells' colour over the middles of a row of lit cells, their
    rims showing above and below it.  (A lattice a few pixels off shows a
    neighbour's look along one side only.)  Or that show the other look in
    RIM_CORNER of their rim along two sides that meet: a window's corner
    over the rest of the cell."""
    wholes, templates = look_templates(lab, lat, labels, inset=RIM_INSET)
    if len(templates) < 2:
        return []
    n = next(iter(wholes.values())).shape[0]
    a = max(1, int(round((SYMBOL_INSET - RIM_INSET) / (1 - 2 * RIM_INSET) * n)))
    out = []
    for rc, whole in wholes.items():
        own = int(labels[rc])
        if own not in templates:
            continue
        unlike_own = np.linalg.norm(whole - templates[own], axis=2) > tol
        other = np.zeros((n, n), bool)
        for k, t in templates.items():
            if k != own:
                other |= unlike_own & (np.linalg.norm(whole - t, axis=2) <= tol)
        for m in (unlike_own, other), (unlike_own.T, other.T):  # top and bottom, left and right
            unlike = min(m[0][:a].mean(), m[0][n - a:].mean())
            if unlike >= RIM_OTHER and max(m[1][:a].mean(), m[1][n - a:].mean()) >= RIM_OTHER:
                out.append(rc)
                break
        else:
            # the other look along two sides that meet: the part of the cell a
            # window's corner leaves (a lattice a few pixels off shows the gap there)
            sides = [other[:a].mean(), other[n - a:].mean(), other[:, :a].mean(), other[:, n - a:].mean()]
            if any(min(sides[i], sides[j]) >= RIM_CORNER for i in (0, 1) for j in (2, 3)):
                out.append(rc)
    return out
