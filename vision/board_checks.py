"""Checks every reader makes before it calls a board sure.

* **Whole board**: the lattice must not run off the image, and the cells'
  looks must not continue past it (a region or crop that cuts a board, or a
  lattice that found only part of one).  Where the image simply ends at the
  board, nothing can tell whether the board goes on: the side is reported as
  *touching* the edge, and the bot looks beyond its region to decide.
* **Another game's cells**: a Lights Out cell shows one of two plain looks;
  cells of the same look that hold different objects (a sun here, a moon
  there, digits), or marks centred on the edges between cells (Tango's = and
  x), mean another game.
* **Covered cells**: a cell that shows fewer of its sides than its look's
  cells do lies under something plain (a window's corner): unsure.  So do
  cells whose colour runs on past the board's side where its surroundings
  show another colour along the rest of that side (a window over a corner
  of the board, as plain as the cells it hides).
* **A turned picture**: a level lattice fits only part of a board turned
  more than a degree (a photo of a tilted screen).

All colours are CIE Lab (L 0-100) as the readers use them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.vision.cells import cell_patch, resized_patch
from puzzlebot.vision.colour_math import distance, median
from puzzlebot.vision.lattice import Lattice

SIDES = ("top", "bottom", "left", "right")
_OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}

# How far (in pitches) a lattice may run past the image before the image is
# said to cut it: rounding and a drawn frame's anti-aliasing stay below this.
OFF_IMAGE_PITCH = 0.12
# Less room than this (in pitches) between the lattice and the image edge and
# the image "ends at the board": no room for a cut cell to show.
TOUCH_PITCH = 0.2
# In that room, from this far past the side (pitches: past the line's
# middle), the board's lines running on to the image's edge tell a cut
# through cells from the board's own edge (two rows of pixels at least).
EDGE_CUT_FROM = 0.02
# The part of a would-be cell beyond the lattice that is compared with the
# looks: past the gap next to the last cell, up to where its interior ends.
STRIP_FROM, STRIP_TO = 0.18, 0.82
# A cover (a window, a toast, a decoder's grey fill) that ends inside a row or
# column of cells leaves a sliver of them showing past the lattice: the
# would-be cells are looked at again from SLIVER_FROM to SLIVER_TO pitches
# past it (past a gap, short of most covers' edge): when SLIVER_SHARE of them
# show the cells' looks (fewer than whole cells: a sliver takes in the cells'
# shaded edges), two looks among them, and some a look other than
# the cell next to them inside (so not the last cells overflowing a lattice
# a little off), the board goes on under the cover.
SLIVER_FROM, SLIVER_TO, SLIVER_SHARE = 0.08, 0.3, 0.6
# A cell's middle, in pitches from its side (the part compared with a sliver).
MIDDLE = (0.25, 0.75)
# The colour on a lattice line (a gap, a grid line) is taken this far (in
# pitches) either side of it: a thin line, without the cells beside it.
LINE_HALF = 0.04
# A cover whose edge falls in the gap after a row or column leaves no sliver
# of it, only its own straight edge close past the cells, running on past the
# board's corners where a board's own frame turns.  Edges are looked for
# from COVER_FROM pitches inside a side (a cover through the last row's
# middles, the cut cells taken for whole ones) to COVER_TO past it (a
# sliver shows beyond) ...
COVER_FROM, COVER_TO = -0.45, 0.35
# A straight edge from COVER_TO to CUT_TO pitches past a side, with the
# cells' pattern in the strip before it, cuts a row of cells (a decoder's
# grey fill from the middle of an LED board's last row, its discs' halves
# showing).
CUT_TO = 1.0
# ... as a step of COVER_STEP Lab units (a light window on a light page ~6,
# JPEG noise ~2) between the two pixel rows before and the rows after it
# (COVER_FAR of a pitch, at least 2), in COVER_SHARE of the columns along the
# side, those after it plain (within COVER_PLAIN of their mean) ...
COVER_STEP, COVER_PLAIN, COVER_SHARE, COVER_FAR = 6.0, 4.0, 0.9, 0.1
# ... that runs on, with the same colour after it, from COVER_BEYOND[0] to
# COVER_BEYOND[1] pitches past the board's corners (a board's frame ends
# within about half a pitch of its cells); where the board fills the image's
# width, out to both of its borders.
COVER_BEYOND = (0.6, 1.2)
# Columns along the side are sampled this many times a pitch (the edges
# looked for are straight).
COVER_SAMPLES = 16
# Such an edge past the opposite side too, within COVER_MIRROR pitches (at
# least COVER_MIRROR_PX: a small board's lattice is a pixel or two off) of
# the same distance, is the board's container (a phone screen the board
# fills), not a cover.  Edges are compared where each is (the middle of the
# pixels that step).  (A tenth of a pitch took a window 6-7 px nearer the
# cells than a phone's tray for the tray; no sure read of a real or our own
# screenshot under 18 screen changes needs more than the pixels.)
COVER_MIRROR, COVER_MIRROR_PX = 0.03, 3.0
# A window's edge along a left or right side, lost against the page past
# the board's corners or lying where the phone's frame is on the other side,
# is still told where the plain colour after it, MARGIN_BAND deep
# (pitches), is unlike what lies at the same distances past the other
# side: fewer than MARGIN_LIKE of the pixels there within MARGIN_NEAR Lab
# units of it (a board's surroundings are alike on its left and right: a
# page's gradient across a board differs by ~7; a lattice a pixel or two
# off puts a sliver of the frame into that band).  Above and below a board
# apps differ (a header, buttons): not compared.
MARGIN_BAND, MARGIN_LIKE, MARGIN_NEAR = 0.25, 0.5, 12.0
# A cover's edge along at least TOAST_SHARE of a side (in one stretch),
# the would-be cells past the rest of it showing the board's looks: a toast
# over the middle of a row beyond the cells found; TOAST_REST of a pitch of
# that row at least shows (a frame's rounded corners are less), each part
# within TOAST_LIKE Lab of a look or of the board's cells at the same place
# along the side (a dark page is within the reader's wide tolerance of a
# dark look), and TOAST_SHOWN of a pitch of those ends TOAST_APART from what
# lies past both of the board's corners (the page) and from the cover (an
# unlit cell as dark as the page may be all one end shows; Enlight's unlit
# cells lie 17 from its page, and at 10 whole real boards were refused).
TOAST_SHARE, TOAST_REST, TOAST_LIKE, TOAST_APART, TOAST_SHOWN = 0.4, 0.4, 12.0, 14.0, 0.25
# ... or those ends show a cell's side within END_LINE_NEAR of a pitch of one
# of the lattice's lines (a square cell's side lies 0.1 of a pitch in from
# the line between it and the next), as the board's cells do: cells, as
# dark as the page or not (a dark theme's unlit cells lie 10 from its page).
END_LINE_NEAR = 0.15
# (Not within END_CLEAR of a pitch of the cover's stretch: a button's side
# below a board lay 0.14 of a pitch from a line.)
END_CLEAR = 0.1
# Where the ends tell nothing (cells like the page), the strip between the
# side and the toast's edge, STRIP_SKIP pixels clear of both (antialiasing),
# STRIP_PIXELS high at least (fewer rows are mostly antialiasing), is looked at.
STRIP_SKIP, STRIP_PIXELS = 1.5, 3
# It shows the row's cells where its changes of colour along the side,
# folded onto one pitch (PROFILE_BINS places), go with those of the same
# strip inside the side with a correlation of STRIP_ALIKE at least.
PROFILE_BINS, STRIP_ALIKE = 12, 0.8
# Share of a side's would-be cells that must show a cell look for the
# board to count as continuing (a few look-coloured spots are not a board).
CONTINUE_SHARE = 0.8
# Cells separated by gaps or lines show at least this many times more colour
# change across the lattice's lines than across their middles.
GAP_CONTRAST = 2.0

# A cell shows its side where the colour steps by SIDE_STEP (Lab, JPEG
# noise ~2) between pixel lines two apart somewhere from SIDE_OUT of a
# pitch past its lattice line (the gap's middle) to SIDE_IN inside it,
# along the middle of the side (SIDE_SPAN).  Where a look's cells show all
# four sides (the median), one of them showing SIDE_LOST or more fewer is
# under something plain (a window's corner, a dark toast): unsure.
SIDE_STEP, SIDE_OUT, SIDE_IN, SIDE_SPAN, SIDE_LOST = 6.0, 0.1, 0.25, (0.35, 0.65), 2
# ... or between pixel lines SIDE_SOFT of a pitch apart (a step spread over
# that many pixels: a 3D button's rim shaded down into the panel, 1 Lab a
# pixel over 15 px at a 74 px pitch, which no two lines two apart show; a
# plain cover shows no step at any spacing).
SIDE_SOFT = 0.08
# A side whose line lies up to SIDE_OFF_PX pixels past the image's end is
# still looked at inside the cell (a fitted line is a pixel or so off; the
# cell's border, cut there, still steps to its fill).
SIDE_OFF_PX = 2.0
# Two neighbouring cells and the gap between them all of one colour
# (medians along BRIDGE_SPAN of the side within BRIDGE_SAME Lab: each cell's
# from BRIDGE_CELL[0] to BRIDGE_CELL[1] in, and every pixel line's within
# BRIDGE_GAP of a pitch of the lattice line, which a lattice a pixel or two
# off still puts in the gap) lie under one cover (a toast: medians pass over
# its text), where BRIDGES_APART of the board's gaps show a colour of their
# own.
BRIDGE_SAME, BRIDGE_GAP, BRIDGE_CELL, BRIDGE_SPAN, BRIDGES_APART = 6.0, 0.08, (0.15, 0.3), (0.3, 0.7), 0.9
# Elsewhere (a window over many of the gaps, cells invisible on the board's
# ground), a run across a gap is a cover where its colour lies BRIDGE_UNLIKE
# Lab or more from the gaps' own colour, known from GAPS_KNOWN gaps or more
# between two cells of one look that show it (most of them, GAPS_SHOWN):
# cells drawn in the gaps' colour run together on their own (the unlit
# cells of a board drawn on black), a window's colour does not.
BRIDGE_UNLIKE, GAPS_KNOWN, GAPS_SHOWN = 12.0, 3, 0.5
# A window over a corner of the board hides the cells there and the board's
# surroundings past them alike.  The band CORNER_BAND pitches past a side
# (the board's frame and margin), taken per row or column along its middle
# (MIDDLE), splits into two plain runs from the side's two ends (each part
# within CORNER_PLAIN Lab of its run's median; a page's gradient across a
# board ~7 end to end) CORNER_STEP apart (JPEG noise ~2; a dark grey window
# on a near-black page: 11) ...
CORNER_BAND, CORNER_PLAIN, CORNER_STEP = (0.15, 0.4), 4.0, 8.0
# ... and one run's colour goes on into the middles of the cells next to it
# (each within CORNER_INTO Lab; a window is flat: 0 on every real board
# covered so): those cells, and the cells of that colour joined to them,
# are covered.  (A button below a board's first column is unlike its cell:
# no sure read of a real or our own Lights Out screenshot under 12 screen
# changes shows such a split, 718 of them, even at 6 apart.)
CORNER_INTO = 6.0

# Cell patches are compared at this size (pixels per side) ...
PATCH = 24
# ... inside this inset (fraction of the pitch per side): the cell's middle,
# where symbols sit and borders, bevels and neighbours' glow do not reach.
SYMBOL_INSET = 0.2
# A pixel differs from its look's template by more than max(this, share of
# the two looks' distance) Lab units: far above JPEG noise and gradients.
PIXEL_DIFF, PIXEL_DIFF_SHARE = 15.0, 0.3
# A cell holds an object unlike its look's other cells when this share of
# its middle differs (Tango's icons cover 25-60%, a pointer tip ~10-30%).
OBJECT_SHARE = 0.1
# A look has a shape when its median patch's lightness spreads SHAPE_STD
# (L units; JPEG noise on a plain patch ~1); a would-be cell past a side
# is of that shape when its lightness correlates with it by GO_ON_CORR.
SHAPE_STD, GO_ON_CORR = 1.0, 0.8
# A look's middle has a shape a cover would hide where its lightness
# spreads SHAPE_SHOWN (Lab L) or more: a glyph, a bulb, a shaded button
# (JPEG's noise spreads about 2).
SHAPE_SHOWN = 4.0
# A would-be cell running more than EDGE_SLACK pixels off the image is not
# compared (its patch would be stretched).
EDGE_SLACK = 2
# A covered cell is read from what remains when at least this share of its
# middle still shows one look, and not the other, clearly.
UNCOVERED_SHARE = 0.3
# A board of another game has at least this many such cells (and this share
# of all cells); fewer are a hint ring or the pointer: unsure, not refused.
FOREIGN_CELLS, FOREIGN_SHARE = 3, 0.08
# Edge marks: a window of +-MARK_HALF pitches centred on an edge's midpoint
# is compared with the same edge a bit further along (MARK_ALONG pitches) on
# both sides and with the other edges between cells of the same looks; a
# mark's ink differs from all three in more than MARK_SHARE of the window
# (a small "=" covers ~8%).
MARK_HALF, MARK_ALONG, MARK_SHARE = 0.1, 0.25, 0.04
# Edges between cells of the same two looks, either way round and in either
# direction, that show together what such an edge looks like: two alike are
# enough where a glow or a rim spills alike into every gap between them.
EDGES_ALIKE = 2
# A board with at least this many marked edges (and share of all edges) is
# not a Lights Out board (Tango shows 4-15 marks on 60 edges).
FOREIGN_MARKS, FOREIGN_MARK_SHARE = 4, 0.03


@dataclass
class Wholeness:
    """Where the board may go on: sides the image edge cuts (a part of a
    cell shows there), sides where the cells' looks continue past the
    lattice, and sides where the image simply ends at the board."""

    cut: list[str] = field(default_factory=list)
    continues: list[str] = field(default_factory=list)
    touches: list[str] = field(default_factory=list)
    slivers: list[str] = field(default_factory=list)  # of ``continues``: only a sliver of the cells shows
    covered: list[str] = field(default_factory=list)  # a cover's edge runs along the side (no sliver shows)
    toasts: list[str] = field(default_factory=list)  # of ``continues``: a cover over most of the row past it

    @property
    def whole(self) -> bool:
        return not self.cut and not self.continues and not self.covered

    def reason(self) -> str:
        parts = []
        if self.cut:
            parts.append(f"the image edge cuts the board on the {join_sides(self.cut)}")
        wide = [s for s in self.continues if s not in self.slivers and s not in self.toasts]
        if wide:
            parts.append(f"the board continues past the cells found on the {join_sides(wide)}")
        if self.slivers:
            parts.append(f"a sliver of more cells shows past those found on the {join_sides(self.slivers)} "
                         "(something covers the rest of the board?)")
        if self.toasts:
            parts.append(f"cells of the board show past the ends of something that covers the rest of the row or "
                         f"column past the {join_sides(self.toasts)} of the cells found (a notification?)")
        if self.covered:
            parts.append(f"a straight edge runs along the {join_sides(self.covered)} of the cells found, close past "
                         "them, with nothing like it on the other side (a window over the rest of the board?)")
        return "; ".join(parts)


def join_sides(sides: list[str]) -> str:
    """Sides in words: "top", "top and left", "top, bottom and left"."""
    return ", ".join(sides[:-1]) + " and " + sides[-1] if len(sides) > 1 else sides[0]


def _strip_colours(lab: np.ndarray, lat: Lattice, side: str, start: float = STRIP_FROM,
                   stop: float = STRIP_TO) -> list[np.ndarray]:
    """Median colour of each would-be cell's visible middle just beyond the
    lattice on ``side``, from ``start`` to ``stop`` pitches past it (one per
    row or column; None where nothing shows)."""
    h, w = lab.shape[:2]
    out = []
    horizontal = side in ("top", "bottom")
    count = lat.cols if horizontal else lat.rows
    for i in range(count):
        if horizontal:
            x0 = lat.x0 + (i + 0.25) * lat.px
            x1 = lat.x0 + (i + 0.75) * lat.px
            if side == "top":
                y0, y1 = lat.y0 - stop * lat.py, lat.y0 - start * lat.py
            else:
                y0 = lat.y0 + (lat.rows + start) * lat.py
                y1 = lat.y0 + (lat.rows + stop) * lat.py
        else:
            y0 = lat.y0 + (i + 0.25) * lat.py
            y1 = lat.y0 + (i + 0.75) * lat.py
            if side == "left":
                x0, x1 = lat.x0 - stop * lat.px, lat.x0 - start * lat.px
            else:
                x0 = lat.x0 + (lat.cols + start) * lat.px
                x1 = lat.x0 + (lat.cols + stop) * lat.px
        xa, xb = int(max(0, round(x0))), int(min(w, round(x1)))
        ya, yb = int(max(0, round(y0))), int(min(h, round(y1)))
        if xb - xa < 2 or yb - ya < 2:
            out.append(None)
            continue
        out.append(median(lab[ya:yb, xa:xb].reshape(-1, 3), axis=0))
    return out


def _band(lab: np.ndarray, lat: Lattice, side: str, start: float, stop: float) -> tuple[np.ndarray, float, float]:
    """The band from ``start`` to ``stop`` pitches beyond the lattice's
    ``side`` (negative: inside), oriented so that axis 1 runs along the
    side; with the lattice's first line position and pitch along axis 1."""
    h, w = lab.shape[:2]
    if side in ("top", "bottom"):
        if side == "top":
            a, b = lat.y0 - stop * lat.py, lat.y0 - start * lat.py
        else:
            a, b = lat.y0 + (lat.rows + start) * lat.py, lat.y0 + (lat.rows + stop) * lat.py
        ya, yb = int(max(0, round(a))), int(min(h, round(b)))
        xa, xb = int(max(0, lat.x0 - 0.5 * lat.px)), int(min(w, lat.x0 + (lat.cols + 0.5) * lat.px))
        return lab[ya:yb, xa:xb], lat.x0 - xa, lat.px
    if side == "left":
        a, b = lat.x0 - stop * lat.px, lat.x0 - start * lat.px
    else:
        a, b = lat.x0 + (lat.cols + start) * lat.px, lat.x0 + (lat.cols + stop) * lat.px
    xa, xb = int(max(0, round(a))), int(min(w, round(b)))
    ya, yb = int(max(0, lat.y0 - 0.5 * lat.py)), int(min(h, lat.y0 + (lat.rows + 0.5) * lat.py))
    return np.transpose(lab[ya:yb, xa:xb], (1, 0, 2)), lat.y0 - ya, lat.py


def _line_share(band: np.ndarray, first: float, pitch: float, count: int) -> float | None:
    """The share of the lattice's lines (between cells) across which the
    band changes colour clearly more than across the cells' middles: near 1
    where gaps or grid lines separate cells, low on a plain background or
    text that happens to line up with a few of them."""
    if band.shape[0] < 2 or band.shape[1] < 3 * max(1, count):
        return None
    step = np.linalg.norm(np.diff(band, axis=1), axis=2).mean(axis=0)  # change along the band
    lines, middles = [], []
    for k in range(count + 1):
        for target, at in ((lines, first + k * pitch), (middles, first + (k + 0.5) * pitch)):
            lo, hi = int(round(at - 0.12 * pitch)), int(round(at + 0.12 * pitch)) + 1
            if 0 <= lo and hi <= step.size and (target is lines or k < count):
                target.append(step[lo:hi].max())
    if len(lines) < 2 or not middles:
        return None
    floor = GAP_CONTRAST * (float(median(middles)) + 1.0)
    return float(np.mean(np.array(lines) > floor))


def wholeness(lab: np.ndarray, lat: Lattice, looks: list[np.ndarray], tol: float, slivers: bool = False,
              cover_edges: bool = False, cover_within: tuple[float, float] = (COVER_FROM, COVER_TO),
              toasts: bool = False, lined_slivers: bool = False) -> Wholeness:
    """Whether the board on ``lat`` is whole in this image.

    ``looks``: the Lab colours the board's cells show (a cell matches a look
    within ``tol``).  A side whose would-be cells all match the looks
    continues the board when they show two different looks (no plain
    background does), or when they are separated at the lattice's lines as
    the board's own edge cells are (one look that the background happens to
    share proves nothing).  With ``slivers``, also where only a sliver of
    such cells shows (:func:`_sliver`: for boards of few looks; a game of
    many colours has looks that its surroundings share); with
    ``lined_slivers``, also a sliver of any colours separated at the
    lattice's lines as the board's own cells are (a board showing one look,
    or many fills: the looks its hidden cells may show are not known).  With
    ``cover_edges``, also where a cover's edge runs close along a side
    (:func:`_cover_edge`), ``cover_within`` pitches past it (negative:
    inside the outer cells).  With ``toasts``, also where a cover's edge
    runs along a stretch of a side, the board's looks past the rest of it
    (:func:`_toast_edge`)."""
    h, w = lab.shape[:2]
    x0, y0, x1, y1 = lat.bbox
    room = {"left": x0 / lat.px, "top": y0 / lat.py, "right": (w - x1) / lat.px, "bottom": (h - y1) / lat.py}
    result = Wholeness()
    looks = [np.asarray(v, np.float32) for v in looks]
    for side in SIDES:
        if room[side] < -OFF_IMAGE_PITCH:
            result.cut.append(side)
            continue
        if room[side] < TOUCH_PITCH:
            cut = _lines_cross_edge(lab, lat, side, room[side]) or (
                slivers and room[side] > SLIVER_FROM and _sliver(lab, lat, side, looks, tol, room[side], lined_slivers))
            (result.cut if cut else result.touches).append(side)
            continue
        if room[side] < STRIP_TO and _lines_go_on(lab, lat, side, room[side] / 2, room[side], room[side]):
            # the image ends within the strip looked at, the board's lines
            # running on through its outer half to its edge (a frame's joins
            # with them lie just past the side): a row cut (a Patches board
            # cut half a pitch past its fifth row was read sure as 5x9)
            result.cut.append(side)
        elif not any(c is not None for c in _strip_colours(lab, lat, side)):
            result.touches.append(side)
        elif _goes_on(lab, lat, side, looks, tol, STRIP_FROM, STRIP_TO, room[side]):
            result.continues.append(side)
        elif slivers and _sliver(lab, lat, side, looks, tol, room[side], lined_slivers):
            result.continues.append(side)
            result.slivers.append(side)
        elif cover_edges and _cover_edge(lab, lat, side, room[_OPPOSITE[side]], *cover_within):
            result.covered.append(side)
        elif toasts and _toast_edge(lab, lat, side, looks, tol):
            result.continues.append(side)
            result.toasts.append(side)
        elif cover_edges and _row_cut(lab, lat, side, room[side]):
            result.continues.append(side)
            result.slivers.append(side)
    return result


def _row_cut(lab: np.ndarray, lat: Lattice, side: str, room: float) -> bool:
    """Whether a straight edge crosses the whole ``side`` from COVER_TO to
    CUT_TO pitches past it (further out than a cover's edge is looked for),
    plain after it, and the strip between it and the side changes colour
    along the side as the cells inside it do (:func:`_lined_strip`): the
    near half of a row of cells, the rest under a cover or a decoder's grey
    fill (small discs' halves, which no strip's median shows).  ``room``:
    pitches to the image's end."""
    across = lat.py if side in ("top", "bottom") else lat.px
    for d in _edge_middles(_edges_running_on(lab, lat, side, COVER_TO, CUT_TO, run_on=False), across):
        if _lined_strip(lab, lat, side, d * across, across, room * across):
            return True
    return False


def _lines_cross_edge(lab: np.ndarray, lat: Lattice, side: str, room: float) -> bool:
    """Whether, where the image ends within TOUCH_PITCH of the lattice's
    ``side`` (``room`` pitches past it), the board's lines between cells run
    on through that room to the image's edge: the edge cuts through a row
    of cells (a board's own edge, a frame or a margin, runs across them)."""
    return room > EDGE_CUT_FROM and _lines_go_on(lab, lat, side, EDGE_CUT_FROM, room, room)


def _outward(lab: np.ndarray, lat: Lattice, side: str) -> tuple[np.ndarray, float, float, int, float, float]:
    """The image turned so that ``side`` faces down (rows run outward
    from it): (image, the side's line, the lattice's start along it, cells
    along it, pitch along it, pitch across it); views, no copies."""
    h, w = lab.shape[:2]
    if side == "bottom":
        return lab, lat.y0 + lat.rows * lat.py, lat.x0, lat.cols, lat.px, lat.py
    if side == "top":
        return lab[::-1], h - lat.y0, lat.x0, lat.cols, lat.px, lat.py
    turned = lab.transpose(1, 0, 2)
    if side == "right":
        return turned, lat.x0 + lat.cols * lat.px, lat.y0, lat.rows, lat.py, lat.px
    return turned[::-1], w - lat.x0, lat.y0, lat.rows, lat.py, lat.px


def _edges_running_on(lab: np.ndarray, lat: Lattice, side: str, lo: float, hi: float, run_on: bool = True
                      ) -> list[float]:
    """Distances (pitches past ``side``, from ``lo`` to ``hi``) of the
    straight edges that cross the whole side (COVER_STEP in COVER_SHARE of
    its columns, plain after) and run on past the board's corners with the
    same colour after them (with ``run_on`` False, whether they run on or
    not)."""
    img, line, start, n, along, across = _outward(lab, lat, side)
    h, w = img.shape[:2]
    far = max(2, int(round(COVER_FAR * across)))
    k0, k1 = max(3, int(np.ceil(line + lo * across))), min(h - 1 - far, int(line + hi * across))
    c0 = max(0, int(round(start - COVER_BEYOND[1] * along)))
    c1 = min(w, int(round(start + (n + COVER_BEYOND[1]) * along)))
    if k1 < k0 or c1 - c0 < 4:
        return []
    spans = [(start - COVER_BEYOND[1] * along, start - COVER_BEYOND[0] * along),
             (start + (n + COVER_BEYOND[0]) * along, start + (n + COVER_BEYOND[1]) * along)]
    outer = [(a, b) for a, b in ((max(c0, int(round(a))), min(c1, int(round(b)))) for a, b in spans) if b - a >= 3]
    every = not outer  # the board fills the image's width: the edge must reach both of its borders
    if every:
        spans = [(c0, start - 0.1 * along), (start + (n + 0.1) * along, c1)]
        outer = [(a, b) for a, b in ((int(round(a)), int(round(b))) for a, b in spans) if b - a >= 2]
        if len(outer) < 2:
            return []
    stride = max(1, int(along // COVER_SAMPLES))  # a straight edge needs no more columns than these
    after, step = _steps(img[:, c0:c1:stride], k0, k1, far)

    def columns(a: float, b: float) -> slice:  # image columns a..b among the sampled ones
        return slice(max(0, -(-(int(round(a)) - c0) // stride)), max(0, -(-(int(round(b)) - c0) // stride)))

    inner = columns(start + 0.1 * along, start + (n - 0.1) * along)
    outer = [columns(a, b) for a, b in outer]
    outer = [c for c in outer if c.stop > c.start]
    if inner.stop - inner.start < 2 or len(outer) < (2 if every else 1):
        return []
    plain_colour = np.mean(after[:, inner], axis=1)  # (k, 3): a plain cover's colour, or nothing plain
    plain = distance(after, plain_colour[:, None]) < COVER_PLAIN
    crosses = (np.mean(step[:, inner], axis=1) >= COVER_SHARE) & (np.mean(plain[:, inner], axis=1) >= COVER_SHARE)
    on = [np.mean((step & plain)[:, c], axis=1) >= COVER_SHARE for c in outer]
    runs_on = np.logical_and.reduce(on) if every else np.logical_or.reduce(on)
    if not run_on:
        runs_on = np.ones_like(crosses)
    return [float((k - line) / across) for k in np.arange(k0, k1 + 1)[crosses & runs_on]]


def _toast_edge(lab: np.ndarray, lat: Lattice, side: str, looks: list[np.ndarray], tol: float) -> bool:
    """Whether a cover's straight edge runs along one stretch of ``side``
    (COVER_FROM to COVER_TO pitches past it; TOAST_SHARE of the side or
    more, less than the whole), plain after it, while past the rest of the
    side (TOAST_REST of a pitch at least) the would-be cells show the
    board's looks (CONTINUE_SHARE of it, each within TOAST_LIKE of a look or
    of the board's cells at the same place along the side; TOAST_SHOWN of a
    pitch of it TOAST_APART from the cover and from what lies past both of
    the board's corners, or past one of them and past the would-be row
    where the image ends at the other; where it ends past all three, the
    board's own rows at the same place); or, whatever the ends show, the
    strip between the side and the cover's edge shows the row's near edge
    (:func:`_lined_strip`):
    a toast over most of a row of the board beyond the cells found, the
    ends of that row showing."""
    img, line, start, n, along, across = _outward(lab, lat, side)
    h, w = img.shape[:2]
    far = max(2, int(round(COVER_FAR * across)))
    k0, k1 = max(3, int(np.ceil(line + COVER_FROM * across))), min(h - 1 - far, int(line + COVER_TO * across))
    # (a board a few pixels past the image's ends, cropped to its cells, is
    # looked at where it shows)
    a0, a1 = max(0, int(round(start + 0.05 * along))), min(w, int(round(start + (n - 0.05) * along)))
    p0, p1 = int(round(line + STRIP_FROM * across)), int(round(line + STRIP_TO * across))
    if k1 < k0 or a1 - a0 < 8 or p1 > h or p1 - p0 < 2:
        return False
    stride = max(1, int(along // COVER_SAMPLES))
    after, step = _steps(img[:, a0:a1:stride], k0, k1, far)
    past = median(np.asarray(img[p0:p1, a0:a1:stride], np.float32), axis=0)  # each column's would-be cell colour
    like = np.min(np.stack([distance(past, v) for v in looks]), axis=0) < min(tol, TOAST_LIKE)
    rows = _like_a_row(img, lat, side, past, line, across, (a0, a1, stride))
    like |= rows
    # what lies as far out past the board's corners: the page, which a look
    # may share (or a toast that runs on past a corner); where the image
    # ends past a corner, also what lies past the would-be row; where it
    # ends there too, no page (a board cropped to its frame): then the ends
    # must match the board's rows at the same place
    outside = [img[p0:p1, max(0, int(start - 1.0 * along)):max(0, int(start - 0.3 * along))],
               img[p0:p1, min(w, int(start + (n + 0.3) * along)):min(w, int(start + (n + 1.0) * along))]]
    outside = [o for o in outside if o.shape[1] >= 2]
    beyond = img[int(line + across):int(line + 2 * across), a0:a1]
    if len(outside) < 2 and beyond.shape[0] >= 2:
        outside.append(beyond)
    elif len(outside) == 1:
        return False  # one corner's surroundings only (a window's own title bar?): nothing to compare
    pages = [median(o.reshape(-1, 3), axis=0) for o in outside]
    for k in range(len(step)):
        edge = step[k]
        if not edge.any():
            continue
        colour = median(after[k][edge], axis=0)
        edge = edge & (distance(after[k], colour) < COVER_PLAIN)
        share = float(edge.mean())
        if share < TOAST_SHARE:
            continue
        where = np.flatnonzero(edge)
        if where[-1] - where[0] + 1 > len(where) / COVER_SHARE:
            continue  # not one stretch
        rest = ~edge
        rest[where[0]:where[-1] + 1] = False
        if rest.sum() * stride < TOAST_REST * along:
            continue
        if float(like[rest].mean()) >= CONTINUE_SHARE:
            shown = rest & (distance(past, colour) >= TOAST_APART)
            for page in pages:
                shown &= distance(past, page) >= TOAST_APART
            if not pages:  # no page in sight: the ends must be the board's own
                shown &= rows
            if shown.sum() * stride >= TOAST_SHOWN * along:
                return True  # the row's ends show cells that are neither the page nor the cover
            # (from half a pitch before the board's first cell to half a
            # pitch past its last, less the cover and END_CLEAR round it:
            # its own ends are no cell's sides)
            b0, b1 = max(0, int(start - 0.5 * along)), min(w, int(start + (n + 0.5) * along))
            band = np.asarray(img[p0:p1, b0:b1], np.float32)
            ends = distance(median(band, axis=0), colour) >= COVER_PLAIN
            clear = int(np.ceil(END_CLEAR * along))
            ends[max(0, a0 + where[0] * stride - clear - b0):max(0, a0 + (where[-1] + 1) * stride + clear - b0)] = False
            if _ends_bounded(band, ends, start - b0, along, n):
                return True  # cells as dark as the page, say, but bounded where the board's are
        if _lined_strip(lab, lat, side, k0 + k - line, across, h - line):
            return True  # whatever its ends show, the row's near edge shows under the cover
    return False


def _ends_bounded(band: np.ndarray, ends: np.ndarray, first: float, pitch: float, count: int) -> bool:
    """Whether ``band`` (past a side, along it on axis 1; the lattice's
    first line at ``first``, ``count`` cells of ``pitch``) shows, where
    ``ends`` (the pixels along it a cover leaves showing), a cell's side
    near every one of the lattice's lines there (within END_LINE_NEAR of a
    pitch, shown in half that reach at least; two such lines or more): a
    step of SIDE_STEP at least, GAP_CONTRAST times those across the middles
    of the cells beside it.  The cells past a toast's ends, as dark as the
    page (say), are bounded where the board's are; a page is plain there,
    and a button shows no side at the lines it spans."""
    if band.shape[0] < 1 or band.shape[1] < 2:
        return False
    step = np.linalg.norm(np.diff(band, axis=1), axis=2).mean(axis=0)
    at = np.arange(len(step)) + 0.5  # each step lies between two pixels
    shown = ends[:-1] & ends[1:]
    reach = END_LINE_NEAR * pitch
    lines = 0
    for j in range(count + 1):
        near = shown & (np.abs(at - (first + j * pitch)) <= reach)
        if near.sum() < reach:
            continue
        mids = np.zeros_like(shown)
        for c in (j - 1, j):
            if 0 <= c < count:
                mids |= np.abs(at - (first + (c + 0.5) * pitch)) <= reach
        mids &= shown
        peak = float(step[near].max())
        if not mids.any() or peak < SIDE_STEP or peak < GAP_CONTRAST * (float(step[mids].max()) + 1.0):
            return False
        lines += 1
    return lines >= 2


def _lined_strip(lab: np.ndarray, lat: Lattice, side: str, edge: float, across: float, room: float) -> bool:
    """Whether the strip between ``side`` and a cover's edge ``edge``
    pixels past it (``room``: pixels to the image's end) changes colour
    along the side where the same strip inside the side does, pitch by
    pitch (the near edge of a row of cells left showing under a toast over
    the rest of the row: gaps or grid lines between the cells, the rims of
    round ones; a margin or a frame is plain along the side).  The strip
    must be STRIP_PIXELS high at least."""
    start, stop = STRIP_SKIP / across, (edge - STRIP_SKIP) / across
    if (stop - start) * across < STRIP_PIXELS or stop * across > room:
        return False
    count = lat.cols if side in ("top", "bottom") else lat.rows
    inside = _pitch_profile(*_band(lab, lat, side, -stop, -start), count)
    outside = _pitch_profile(*_band(lab, lat, side, start, stop), count)
    if inside is None or outside is None:
        return False
    for p in (inside, outside):
        if p.max() < GAP_CONTRAST * (float(p.min()) + 1.0):
            return False  # plain, or noise: nothing to match
    return float(np.corrcoef(inside, outside)[0, 1]) >= STRIP_ALIKE


def _pitch_profile(band: np.ndarray, first: float, pitch: float, count: int) -> np.ndarray | None:
    """How much the band changes colour along its length (axis 1), folded
    onto one pitch of the lattice (from its first line, over its ``count``
    cells): PROFILE_BINS means, or None where the band is too small."""
    if band.shape[0] < 2 or pitch < PROFILE_BINS:
        return None
    step = np.linalg.norm(np.diff(np.asarray(band, np.float32), axis=1), axis=2).mean(axis=0)
    at = np.arange(step.size) + 0.5 - first  # each step lies between two pixels
    keep = (at >= 0) & (at < count * pitch)
    if keep.sum() < count * PROFILE_BINS:
        return None
    bins = np.minimum((at[keep] % pitch) / pitch * PROFILE_BINS, PROFILE_BINS - 1).astype(int)
    sums, counts = np.bincount(bins, step[keep], PROFILE_BINS), np.bincount(bins, minlength=PROFILE_BINS)
    return sums / np.maximum(counts, 1)


def _like_a_row(img: np.ndarray, lat: Lattice, side: str, past: np.ndarray, line: float, across: float,
                cols: tuple[int, int, int]) -> np.ndarray:
    """Per column of ``past`` (the would-be cells' colours past ``side``, in
    the outward image :func:`_outward` gives): whether some row of the
    board's cells shows that colour at the same place along the side
    (within TOAST_LIKE): cells drawn with a gradient (a lit bulb's glow)
    differ from their look's mean colour by more than that, column by
    column, but not from the cells of their look."""
    a0, a1, stride = cols
    rows = lat.rows if side in ("top", "bottom") else lat.cols
    like = np.zeros(len(past), bool)
    for j in range(1, rows + 1):
        p0, p1 = int(round(line - (j - STRIP_FROM) * across)), int(round(line - (j - STRIP_TO) * across))
        if p0 < 0 or p1 - p0 < 2:
            break
        row = median(np.asarray(img[p0:p1, a0:a1:stride], np.float32), axis=0)
        like |= distance(past, row) < TOAST_LIKE
    return like


def _steps(cols: np.ndarray, k0: int, k1: int, far: int) -> tuple[np.ndarray, np.ndarray]:
    """For each pixel row k0..k1 of ``cols`` (rows running outward from a
    side, k0 >= 3): the mean colour of the ``far`` rows after it, and
    whether it steps by COVER_STEP from the two rows before it (one left
    between), per column: both (k, column[, 3])."""
    rows = np.cumsum(np.asarray(cols[k0 - 3:k1 + 1 + far], np.float32), axis=0, dtype=np.float32)
    rows = np.concatenate([np.zeros_like(rows[:1]), rows])  # rows[i]: the sum of the first i rows
    ks = np.arange(k0, k1 + 1) - (k0 - 3)
    before = (rows[ks - 1] - rows[ks - 3]) / 2
    after = (rows[ks + 1 + far] - rows[ks + 1]) / far
    return after, distance(before, after) > COVER_STEP


def _cover_edge(lab: np.ndarray, lat: Lattice, side: str, room: float, lo: float = COVER_FROM,
                hi: float = COVER_TO) -> bool:
    """Whether a cover's edge runs along ``side`` (:func:`_edges_running_on`
    from ``lo`` to ``hi`` pitches past it; an edge a few pixels wide gives a
    few distances), with no such edge at the same distance past the opposite
    side.  Where the image ends at that side (``room``: pitches from it to
    the image's end; a game window's own screenshot, its header bar over
    the board and its bottom edge under it), or before its margin would,
    nothing tells a cover from a container: not a cover.  Or a straight
    edge with a plain colour after it unlike what lies as far past the
    opposite side (:func:`_margin_unlike`), running on or not."""
    if _margin_unlike(lab, lat, side, lo, hi):
        return True
    mine = _edges_running_on(lab, lat, side, lo, hi)
    if not mine:
        return False
    across = lat.py if side in ("top", "bottom") else lat.px
    tol = max(COVER_MIRROR, COVER_MIRROR_PX / across)
    if room < max(TOUCH_PITCH, min(mine) - tol):
        return False  # the image ends at the opposite side, or before its margin would: nothing to compare with
    mirror = _edges_running_on(lab, lat, _OPPOSITE[side], min(mine) - tol, max(mine) + tol)
    return not any(abs(a - b) <= tol for a in _edge_middles(mine, across) for b in _edge_middles(mirror, across))


def _margin_unlike(lab: np.ndarray, lat: Lattice, side: str, lo: float, hi: float) -> bool:
    """Whether a straight edge crosses the whole left or right ``side``
    (from ``lo`` to ``hi`` pitches past it) with a plain colour after it,
    MARGIN_BAND deep, that fewer than MARGIN_LIKE of the pixels at the same
    distances past the opposite side are near: a board's surroundings are
    alike on its left and right, a window over one side is not."""
    if side in ("top", "bottom"):
        return False
    for d in _edge_middles(_edges_running_on(lab, lat, side, lo, hi, run_on=False), lat.px):
        mine = _band_past(lab, lat, side, d)
        other = _band_past(lab, lat, _OPPOSITE[side], d)
        if mine is None or other is None:
            continue
        colour = median(mine, axis=0)
        if (float(np.mean(distance(mine, colour) < COVER_PLAIN)) >= COVER_SHARE
                and float(np.mean(distance(other, colour) < MARGIN_NEAR)) < MARGIN_LIKE):
            return True
    return False


def _band_past(lab: np.ndarray, lat: Lattice, side: str, d: float) -> np.ndarray | None:
    """The pixels (Lab, n x 3) from just past ``d`` pitches beyond
    ``side`` to MARGIN_BAND further, along the side's cells; None where the
    band runs off the image."""
    img, line, start, n, along, across = _outward(lab, lat, side)
    h, w = img.shape[:2]
    a = int(np.ceil(line + d * across)) + 2  # past the edge's own pixels
    b = int(round(line + (d + MARGIN_BAND) * across))
    c0, c1 = int(round(start + 0.1 * along)), int(round(start + (n - 0.1) * along))
    if a < 0 or b > h or b - a < 2 or c0 < 0 or c1 > w:
        return None
    return np.asarray(img[a:b, c0:c1], np.float32).reshape(-1, 3)


def _edge_middles(distances: list[float], across: float) -> list[float]:
    """Where each edge is: the middle of each run of distances a pixel apart
    (a few pixels of an edge step, more of a soft one)."""
    runs: list[list[float]] = []
    for d in distances:
        if runs and d - runs[-1][-1] <= 1.5 / across:
            runs[-1].append(d)
        else:
            runs.append([d])
    return [(run[0] + run[-1]) / 2 for run in runs]


def _goes_on(lab: np.ndarray, lat: Lattice, side: str, looks: list[np.ndarray], tol: float, start: float,
             stop: float, room: float) -> bool:
    """Whether the would-be cells from ``start`` to ``stop`` pitches past
    the lattice's ``side`` (``room`` pitches to the image's edge) are more
    of the board: nearly all of them match the looks, and they show two
    looks or are separated at the lattice's lines as the board's own cells
    are."""
    found = _nearest_looks(_strip_colours(lab, lat, side, start, stop), looks, tol, shown_only=True)
    seen = [k for k in found if k is not None]
    if not found or len(seen) < CONTINUE_SHARE * len(found):
        return False
    if len(set(seen)) >= 2:  # cells of two looks side by side: no plain background does that
        return True
    return _lines_go_on(lab, lat, side, start, stop, room)


def _lines_go_on(lab: np.ndarray, lat: Lattice, side: str, start: float, stop: float, room: float) -> bool:
    """Whether the band from ``start`` to ``stop`` pitches past the side,
    and the same band inside it, both change colour at the lattice's lines
    (gaps or grid lines between cells) far more than across the cells."""
    count = lat.cols if side in ("top", "bottom") else lat.rows
    inside = _line_share(*_band(lab, lat, side, -stop, -start), count)
    outside = _line_share(*_band(lab, lat, side, start, min(stop, room)), count)
    return inside is not None and outside is not None and inside >= CONTINUE_SHARE and outside >= CONTINUE_SHARE


def _nearest_looks(colours: list, looks: list[np.ndarray], tol: float, shown_only: bool = False
                   ) -> list[int | None]:
    """Each colour's look (index), None where it is like none within
    ``tol``; colours None (nothing shows there) give None, or are left out
    with ``shown_only``."""
    out = []
    for c in colours:
        if c is None:
            if not shown_only:
                out.append(None)
            continue
        d = [float(np.linalg.norm(c - v)) for v in looks]
        k = int(np.argmin(d))
        out.append(k if d[k] < tol else None)
    return out


def _line_colours(lab: np.ndarray, lat: Lattice, side: str, start: float, stop: float) -> list[np.ndarray | None]:
    """The median colour on each of the lattice's lines across ``side``
    (LINE_HALF pitches either side of it) in the band from ``start`` to
    ``stop`` pitches past the side; None where nothing of it shows."""
    band, first, pitch = _band(lab, lat, side, start, stop)
    count = lat.cols if side in ("top", "bottom") else lat.rows
    out = []
    for k in range(count + 1):
        at = first + k * pitch
        lo, hi = int(max(0, round(at - LINE_HALF * pitch))), int(min(band.shape[1], round(at + LINE_HALF * pitch) + 1))
        out.append(median(band[:, lo:hi].reshape(-1, 3), axis=0) if band.shape[0] >= 2 and hi - lo >= 1 else None)
    return out


def _edge_looks(lab: np.ndarray, lat: Lattice, side: str, looks: list[np.ndarray], tol: float
                ) -> tuple[list[np.ndarray | None], np.ndarray | None]:
    """Each look as the board's cells of that look show it in the band a
    sliver past ``side`` would show (SLIVER_FROM to SLIVER_TO pitches into
    a cell from its side facing the board: past the bottom, the cells' top
    edges), the median over the cells whose middles show the look (None for
    a look no cell shows); and the board's colour on the lines between its
    cells in that band (a gap, a grid line: None when none shows)."""
    n = lat.rows if side in ("top", "bottom") else lat.cols
    found: list[list[np.ndarray]] = [[] for _ in looks]
    lines = []
    for k in range(1, n):
        # a sub-lattice whose ``side`` lies along line k: past it, line k's
        # neighbour row (column) shows the band; its middles name the looks
        part = {"bottom": lat.sub(0, 0, k, lat.cols), "top": lat.sub(k, 0, lat.rows - k, lat.cols),
                "right": lat.sub(0, 0, lat.rows, k), "left": lat.sub(0, k, lat.rows, lat.cols - k)}[side]
        bands = _strip_colours(lab, part, side, SLIVER_FROM, SLIVER_TO)
        middles = _nearest_looks(_strip_colours(lab, part, side, MIDDLE[0], MIDDLE[1]), looks, tol)
        for c, m in zip(bands, middles):
            if c is not None and m is not None:
                found[m].append(c)
        lines += [c for c in _line_colours(lab, part, side, SLIVER_FROM, SLIVER_TO)[1:-1] if c is not None]
    return ([median(np.array(v, np.float32), axis=0) if v else None for v in found],
            median(np.array(lines, np.float32), axis=0) if lines else None)


def _sliver(lab: np.ndarray, lat: Lattice, side: str, looks: list[np.ndarray], tol: float, room: float,
            lined: bool = False) -> bool:
    """Whether a sliver of another row or column of cells shows just past
    the lattice's ``side`` (SLIVER_FROM to SLIVER_TO pitches; ``room``
    pitches to the image's edge): cells of two looks, some unlike the cell
    next to them inside, or cells of one look separated at the lattice's
    lines as the board's own are; with ``lined``, cells of any colours so
    separated."""
    strips = _strip_colours(lab, lat, side, SLIVER_FROM, SLIVER_TO)
    past = _nearest_looks(strips, looks, tol)
    if any(k is None and c is not None for k, c in zip(past, strips)):
        # a cell's edge may look unlike its middle (a lit disc's darker rim):
        # a sliver is matched with the board's own cells' edges too
        # (only between lines that show the board's own colour there: the
        # gap between cut discs, not a button of the rim's colour across it)
        edges, gap = _edge_looks(lab, lat, side, looks, tol)
        # an edge tells its look only where it is unlike the gap's colour,
        # the other looks' edges and their middles (buttons' frames, alike
        # round every cell, tell nothing)
        known = [] if gap is None else [
            i for i, v in enumerate(edges) if v is not None and float(np.linalg.norm(v - gap)) >= tol
            and all(float(np.linalg.norm(v - u)) >= tol for j, u in enumerate(edges) if j != i and u is not None)
            and all(float(np.linalg.norm(v - u)) >= tol for j, u in enumerate(looks) if j != i)]
        if known:
            by_edge = _nearest_looks(strips, [edges[i] for i in known], tol)
            on = [c is not None and float(np.linalg.norm(c - gap)) < tol
                  for c in _line_colours(lab, lat, side, SLIVER_FROM, SLIVER_TO)]
            past = [k if k is not None or e is None or not (on[i] and on[i + 1]) else known[e]
                    for i, (k, e) in enumerate(zip(past, by_edge))]
    seen = [k for k in past if k is not None]
    if not seen or len(seen) < SLIVER_SHARE * len(past):
        shown = [c for c in strips if c is not None]
        return (lined and len(shown) >= SLIVER_SHARE * len(past)
                and _lines_go_on(lab, lat, side, SLIVER_FROM, SLIVER_TO, room))
    if len(set(seen)) >= 2:
        inside = _nearest_looks(_strip_colours(lab, lat, side, -MIDDLE[1], -MIDDLE[0]), looks, tol)
        if any(a is not None and b is not None and a != b for a, b in zip(past, inside)):
            return True
    return _lines_go_on(lab, lat, side, SLIVER_FROM, SLIVER_TO, room)


def sides_lost(lab: np.ndarray, lat: Lattice) -> np.ndarray:
    """For every cell, how many of its four sides do not show (no step of
    colour near its lattice line, see SIDE_STEP); sides whose line lies
    off the image, or so near its edge that the cell's own part of the
    band is cut, count as shown."""
    lost = np.zeros((lat.rows, lat.cols), int)
    for turned, lines, cells, start, pitch, across in (
            (lab, lat.rows, lat.cols, lat.x0, lat.px, (lat.y0, lat.py)),
            (lab.transpose(1, 0, 2), lat.cols, lat.rows, lat.y0, lat.py, (lat.x0, lat.px))):
        h, w = turned.shape[:2]
        first, step = across
        soft = max(1, int(round(SIDE_SOFT * step / 2)))  # half the soft step's spacing, in pixel lines
        reach = int(np.ceil(max(SIDE_OUT, SIDE_IN) * step)) + 1 + soft
        a = np.array([start + (k + SIDE_SPAN[0]) * pitch for k in range(cells)])
        b = np.array([start + (k + SIDE_SPAN[1]) * pitch for k in range(cells)])
        ai, bi = np.clip(np.round(a).astype(int), 0, w), np.clip(np.round(b).astype(int), 0, w)
        ok = bi - ai >= 2
        for k in range(lines + 1):
            line = first + k * step
            y0, y1 = max(0, int(round(line)) - reach), min(h, int(round(line)) + reach + 1)
            if y1 - y0 < 3 or not ok.any():
                continue
            sums = np.cumsum(np.asarray(turned[y0:y1], np.float32), axis=1)
            sums = np.concatenate([np.zeros_like(sums[:, :1]), sums], axis=1)
            means = (sums[:, bi] - sums[:, ai]) / np.maximum(bi - ai, 1)[None, :, None]  # (pixel line, cell, 3)
            steps = distance(means[2:], means[:-2])  # across pixel line i + 1
            if soft > 1:  # (the same lines, so the same places)
                wide = np.zeros_like(steps)
                wide[soft - 1:len(wide) - soft + 1] = distance(means[2 * soft:], means[:-2 * soft])
                steps = np.maximum(steps, wide)
            offset = np.arange(1, y1 - y0 - 1) + y0 - line  # each step's place, from the line
            for r, lo, hi in ((k - 1, -SIDE_IN, SIDE_OUT), (k, -SIDE_OUT, SIDE_IN)):
                if not 0 <= r < lines:
                    continue
                # the image may end within the band past the line (a board as
                # wide as its image): the rest tells, where the line itself
                # shows or lies within SIDE_OFF_PX past the image's end (a
                # cell's border cut there still steps to its fill); where
                # it ends within the cell's own part, nothing does
                lo_px, hi_px = lo * step, hi * step
                if line + lo_px < y0 + 1:
                    if r != k or line < y0 + 1 - SIDE_OFF_PX:
                        continue
                    lo_px = y0 + 1 - line
                if line + hi_px > y1 - 2:
                    if r != k - 1 or line > y1 - 2 + SIDE_OFF_PX:
                        continue
                    hi_px = y1 - 2 - line
                near = (offset >= lo_px) & (offset <= hi_px)
                gone = ~(steps[near] > SIDE_STEP).any(axis=0) & ok
                if turned is lab:
                    lost[r] += gone
                else:
                    lost[:, r] += gone
    return lost


@dataclass
class Gaps:
    """The gaps between neighbouring cells (see :func:`bridged_gaps`):
    ``right`` (rows, cols - 1) for a cell and the one right of it, ``down``
    (rows - 1, cols) for the one below; each as ``*_bridged`` (one plain
    colour runs across) and ``*_colour`` (the bridge's colour, or the gap's
    own: its pixel line most unlike the two cells; NaN where not looked
    at), and ``apart``, the share of all gaps looked at that show a colour
    of their own."""

    right_bridged: np.ndarray
    down_bridged: np.ndarray
    right_colour: np.ndarray
    down_colour: np.ndarray
    apart: float


def bridged_gaps(lab: np.ndarray, lat: Lattice) -> Gaps:
    """Where one plain colour runs from a cell across the gap into its
    neighbour, and each gap's colour (:class:`Gaps`); on a board of cells
    with gaps or lines between them nearly all gaps show a colour of their
    own.  Each is judged by medians along the middle of the side
    (BRIDGE_SPAN): each cell's beside the gap (from BRIDGE_CELL[0] to
    BRIDGE_CELL[1] in), and every pixel line's of the gap (BRIDGE_GAP of a
    pitch each way of the lattice line): all within BRIDGE_SAME."""
    out = []
    shown = total = 0
    for turned, lines, cells, start, pitch, first, step in (
            (lab.transpose(1, 0, 2), lat.cols, lat.rows, lat.y0, lat.py, lat.x0, lat.px),
            (lab, lat.rows, lat.cols, lat.x0, lat.px, lat.y0, lat.py)):
        H, W = turned.shape[:2]
        bridged = np.zeros((cells, max(0, lines - 1)), bool)
        colour = np.full((cells, max(0, lines - 1), 3), np.nan, np.float32)
        width = max(2, int(round((BRIDGE_SPAN[1] - BRIDGE_SPAN[0]) * pitch)))
        a = np.round(start + (np.arange(cells) + BRIDGE_SPAN[0]) * pitch).astype(int)
        ok = (a >= 0) & (a + width <= W)
        idx = np.clip(a[:, None] + np.arange(width)[None], 0, W - 1)  # (cell, column)
        for k in range(1, lines):
            line = first + k * step
            bands = [(line - BRIDGE_CELL[1] * step, line - BRIDGE_CELL[0] * step),
                     (line - BRIDGE_GAP * step, line + BRIDGE_GAP * step),
                     (line + BRIDGE_CELL[0] * step, line + BRIDGE_CELL[1] * step)]
            rows_ = [(int(round(a_)), int(round(b_)) + 1) for a_, b_ in bands]
            if rows_[0][0] < 0 or rows_[2][1] > H or not ok.any():
                continue
            near, far = (median(turned[r0:r1][:, idx].transpose(1, 0, 2, 3).reshape(cells, -1, 3), axis=1)
                         for r0, r1 in (rows_[0], rows_[2]))  # (cell, 3)
            gap = median(turned[rows_[1][0]:rows_[1][1]][:, idx], axis=2)  # (pixel line, cell, 3)
            unlike = distance(gap, (near + far)[None] / 2)  # (pixel line, cell)
            same = (distance(near, far) < BRIDGE_SAME) & (np.max(unlike, axis=0) < BRIDGE_SAME) & ok
            bridged[:, k - 1] = same
            own = gap[np.argmax(unlike, axis=0), np.arange(cells)]
            colour[:, k - 1] = np.where(same[:, None], (near + far) / 2, own)
            colour[~ok, k - 1] = np.nan
            total += int(ok.sum())
            shown += int((ok & ~same).sum())
        out.append((bridged, colour))
    (right, right_colour), (down, down_colour) = out[0], (out[1][0].T, out[1][1].transpose(1, 0, 2))
    return Gaps(right, down, right_colour, down_colour, shown / total if total else 0.0)


def covered_cells(lab: np.ndarray, lat: Lattice, labels: np.ndarray) -> list[tuple[int, int]]:
    """The cells something plain lies over: those run together with a
    neighbour across the gap between them (:func:`bridged_gaps`) on a board
    whose gaps show a colour of their own, or in a colour unlike the gaps'
    (BRIDGE_UNLIKE), and those that do not show SIDE_LOST or more of their
    sides where their look's cells mostly show all of theirs."""
    lost = sides_lost(lab, lat)
    out = []
    gaps = bridged_gaps(lab, lat)
    right, down = gaps.right_bridged, gaps.down_bridged
    if gaps.apart < BRIDGES_APART:  # only runs unlike the gaps' own colour are covers
        unlike_right, unlike_down = _unlike_gaps(gaps, labels)
        right, down = right & unlike_right, down & unlike_down
    if right.any() or down.any():
        # two cells whose middles both show their look's own shape are not
        # under one plain cover (unlit bulbs dimmed to nearly the panel's
        # colour run into it across every gap, their bulb showing)
        shown = shapes_shown(lab, lat, labels)
        right, down = right & ~(shown[:, :-1] & shown[:, 1:]), down & ~(shown[:-1] & shown[1:])
    # two cells that show all their sides are not under one cover, whatever
    # the gap's middle shows (a rim just past it, a ground like their fill)
    whole = lost == 0
    right, down = right & ~(whole[:, :-1] & whole[:, 1:]), down & ~(whole[:-1] & whole[1:])
    cover = np.zeros((lat.rows, lat.cols), bool)
    cover[:, :-1] |= right
    cover[:, 1:] |= right
    cover[:-1] |= down
    cover[1:] |= down
    out += [(int(r), int(c)) for r, c in zip(*np.nonzero(cover))]
    for k in sorted(set(labels.ravel().tolist())):
        mine = labels == k
        # a look of one or two cells may be the cover itself (a window over
        # a corner cell, a look of its own): judged by all the board's cells
        if float(median(lost[mine] if np.count_nonzero(mine) >= 3 else lost)) > 0:
            continue
        out += [(int(r), int(c)) for r, c in zip(*np.nonzero(mine & (lost >= SIDE_LOST)))]
    return sorted(set(out))


def _unlike_gaps(gaps: Gaps, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of the gaps (right, down), those whose colour lies BRIDGE_UNLIKE or
    more from the gaps' own colour: the median of the gaps shown between
    two cells of one look, where GAPS_KNOWN or more and GAPS_SHOWN of
    such cells' gaps show (else none)."""
    pairs = ((gaps.right_colour, gaps.right_bridged, labels[:, :-1] == labels[:, 1:]),
             (gaps.down_colour, gaps.down_bridged, labels[:-1] == labels[1:]))
    looked = [same & ~np.isnan(colour[..., 0]) for colour, _, same in pairs]
    shown = np.concatenate([colour[seen & ~bridged] for (colour, bridged, _), seen in zip(pairs, looked)])
    if len(shown) < GAPS_KNOWN or len(shown) < GAPS_SHOWN * sum(int(seen.sum()) for seen in looked):
        return tuple(np.zeros(bridged.shape, bool) for _, bridged, _ in pairs)
    own = median(shown, axis=0)
    with np.errstate(invalid="ignore"):
        return tuple(distance(colour, own) >= BRIDGE_UNLIKE for colour, _, _ in pairs)


def _side_band(lab: np.ndarray, lat: Lattice, side: str) -> list[tuple[tuple[int, int], np.ndarray]] | None:
    """Along ``side``, per row or column: the cell next to the side and the
    median colour of the band CORNER_BAND past it, over the middle of the
    row or column; None where the band runs off the image."""
    img, line, start, n, along, across = _outward(lab, lat, side)
    a, b = int(line + CORNER_BAND[0] * across), int(line + CORNER_BAND[1] * across) + 1
    if a < 0 or b > img.shape[0]:
        return None
    out = []
    for i in range(n):
        u, v = (int(start + (i + m) * along) for m in MIDDLE)
        band = img[a:b, max(0, u):v + 1]
        if band.size == 0:
            return None
        rc = {"top": (0, i), "bottom": (lat.rows - 1, i), "left": (i, 0), "right": (i, lat.cols - 1)}[side]
        out.append((rc, median(band.reshape(-1, 3), axis=0)))
    return out


def cornered_cells(lab: np.ndarray, lat: Lattice) -> list[tuple[int, int]]:
    """The cells under a plain window over a corner of the board: where the
    board's surroundings along a side split into two plain runs of
    different colours, one of which goes on into the cells next to it (see
    CORNER_BAND), those cells and the cells of that colour joined to them."""
    middles: dict[tuple[int, int], np.ndarray] = {}

    def middle(rc: tuple[int, int]) -> np.ndarray:
        if rc not in middles:
            p = cell_patch(lab, lat, rc[0], rc[1], MIDDLE[0])
            middles[rc] = median(p.reshape(-1, 3), axis=0) if p.size else np.full(3, np.inf, np.float32)
        return middles[rc]

    out: set[tuple[int, int]] = set()
    for side in SIDES:
        band = _side_band(lab, lat, side)
        if band is None or len(band) < 2:
            continue
        colours = np.stack([m for _, m in band])
        if float(np.linalg.norm(np.ptp(colours, axis=0))) < CORNER_STEP:
            continue  # no two runs' medians (each within the colours' box) can be CORNER_STEP apart
        for j in range(1, len(band)):
            runs = [(band[:j], colours[:j]), (band[j:], colours[j:])]
            m = [median(cs, axis=0) for _, cs in runs]
            if (float(distance(m[0], m[1])) < CORNER_STEP
                    or any(float(distance(cs, mi).max()) > CORNER_PLAIN for (_, cs), mi in zip(runs, m))):
                continue
            for (part, _), colour in zip(runs, m):
                seeds = [rc for rc, _ in part]
                if all(float(distance(middle(rc), colour)) <= CORNER_INTO for rc in seeds):
                    todo = list(seeds)
                    while todo:  # the cells of the cover's colour joined to those
                        rc = todo.pop()
                        if rc in out:
                            continue
                        out.add(rc)
                        r, c = rc
                        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                            if (0 <= n[0] < lat.rows and 0 <= n[1] < lat.cols and n not in out
                                    and float(distance(middle(n), colour)) <= CORNER_INTO):
                                todo.append(n)
    return sorted(out)


def _cell_patches(lab: np.ndarray, lat: Lattice, inset: float = SYMBOL_INSET) -> dict[tuple[int, int], np.ndarray]:
    out = {}
    for r in range(lat.rows):
        for c in range(lat.cols):
            p = resized_patch(lab, lat, r, c, PATCH, inset, min_side=3)
            if p is not None:
                out[(r, c)] = p
    return out


def look_templates(lab: np.ndarray, lat: Lattice, labels: np.ndarray, inset: float = SYMBOL_INSET
                   ) -> tuple[dict[tuple[int, int], np.ndarray], dict[int, np.ndarray]]:
    """Each cell's middle (its box less ``inset`` of a pitch each side) as a
    small patch, and each look's median patch (looks with fewer than 3
    cells have none)."""
    patches = _cell_patches(lab, lat, inset)
    templates = {}
    for k in sorted(set(labels.ravel().tolist())):  # (np.unique would import numpy.ma: 15 ms)
        cells = [rc for rc in patches if labels[rc] == k]
        if len(cells) >= 3:
            templates[int(k)] = median(np.stack([patches[rc] for rc in cells]), axis=0)
    return patches, templates


def shapes_shown(lab: np.ndarray, lat: Lattice, labels: np.ndarray) -> np.ndarray:
    """Per cell, whether its middle shows its look's own shape: the look's
    median middle has one (lightness spread SHAPE_SHOWN at least), and the
    cell's lightness, less its mean, correlates with it by GO_ON_CORR and
    spreads at least half as far (not washed out under something
    translucent).  A plain cover shows no shape."""
    patches, templates = look_templates(lab, lat, labels)
    out = np.zeros(labels.shape, bool)
    for rc, patch in patches.items():
        t = templates.get(int(labels[rc]))
        if t is None:
            continue
        want = t[..., 0] - t[..., 0].mean()
        spread = float(want.std())
        light = patch[..., 0] - patch[..., 0].mean()
        own = float(light.std())
        if spread < SHAPE_SHOWN or own < spread / 2:
            continue
        out[rc] = float(np.sum(light * want)) / (own * spread * light.size) >= GO_ON_CORR
    return out


def cells_go_on(lab: np.ndarray, lat: Lattice, labels: np.ndarray) -> list[str]:
    """The sides past which a row (column) of would-be cells shows a look's
    own shape: CONTINUE_SHARE of those in the image correlate with a look's
    median patch (lightness, less its mean) by GO_ON_CORR, that patch
    having a shape (lightness spread SHAPE_STD at least: a disc, a lamp;
    a plain look is like any plain page) and the would-be cell at least
    half of that spread.  A lattice that missed a row of faint cells ends
    there; the board goes on."""
    _, templates = look_templates(lab, lat, labels, inset=0.0)  # whole cells: a disc's edge is its shape
    shaped = []
    for t in templates.values():
        light = t[..., 0] - t[..., 0].mean()
        if float(light.std()) >= SHAPE_STD:
            shaped.append(light / float(np.linalg.norm(light)))
    if not shaped:
        return []
    beyond = {"top": lat.sub(-1, 0, 1, lat.cols), "bottom": lat.sub(lat.rows, 0, 1, lat.cols),
              "left": lat.sub(0, -1, lat.rows, 1), "right": lat.sub(0, lat.cols, lat.rows, 1)}
    out = []
    for side, strip in beyond.items():
        seen = like = 0
        for r in range(strip.rows):
            for c in range(strip.cols):
                p = resized_patch(lab, strip, r, c, PATCH, 0.0, slack=EDGE_SLACK, min_side=3)
                if p is None:
                    continue
                seen += 1
                light = p[..., 0] - p[..., 0].mean()
                spread = float(light.std())
                if spread < SHAPE_STD / 2:
                    continue
                like += any(float(np.sum(light * t)) / (spread * np.sqrt(light.size)) >= GO_ON_CORR for t in shaped)
        if seen >= 2 and like >= CONTINUE_SHARE * seen:
            out.append(side)
    return out


def pixel_tolerance(sep: float) -> float:
    return max(PIXEL_DIFF, PIXEL_DIFF_SHARE * sep)


def odd_cells(lab: np.ndarray, lat: Lattice, labels: np.ndarray, sep: float) -> dict[tuple[int, int], float]:
    """Cells holding an object their look's other cells do not (a symbol,
    a digit that differs, a pointer), with the share of the cell's middle
    it covers: compared with the look's median patch."""
    tol = pixel_tolerance(sep)
    patches, templates = look_templates(lab, lat, labels)
    odd = {}
    for rc, patch in patches.items():
        template = templates.get(int(labels[rc]))
        if template is None:
            continue
        share = float(np.mean(np.linalg.norm(patch - template, axis=2) > tol))
        if share > OBJECT_SHARE:
            odd[rc] = share
    return odd


def read_uncovered(patch: np.ndarray, templates: dict[int, np.ndarray], tol: float) -> tuple[int | None, float]:
    """A cell partly covered (a pointer, a cursor) read from what remains.

    For each look, the pixels unlike it are taken as the cover and masked
    (grown by a pixel for outlines and anti-aliasing); what remains must show
    that look clearly, in pixels that are not like any other look too.
    Exactly one look may pass.  Returns (look or None, share left to read)."""
    passing, best_left = [], 0.0
    grow = np.ones((3, 3), np.uint8)
    for k, t in templates.items():
        cover = cv2.dilate((np.linalg.norm(patch - t, axis=2) > tol).astype(np.uint8), grow) > 0
        also_other = np.zeros(cover.shape, bool)
        for j, u in templates.items():
            if j != k:
                also_other |= np.linalg.norm(patch - u, axis=2) <= tol
        left = float(np.mean(~cover & ~also_other))
        best_left = max(best_left, left)
        if left >= UNCOVERED_SHARE:
            passing.append(k)
    return (passing[0] if len(passing) == 1 else None), best_left


def _shift_diff_many(wins: np.ndarray, refs: np.ndarray, tol: float) -> np.ndarray:
    """Pixels of each window (N, n, n, 3) unlike its reference (N, n+2, n+2,
    3: one pixel larger on every side) at the best of the nine one-pixel
    shifts, for all windows at once: dashed or dotted outlines drawn at a
    fractional pitch do not count as marks."""
    n = wins.shape[1]
    best = None
    best_count = None
    for dy in range(3):
        for dx in range(3):
            d = np.linalg.norm(wins - refs[:, dy:dy + n, dx:dx + n], axis=3) > tol
            count = d.sum(axis=(1, 2))
            if best is None:
                best, best_count = d, count
            else:
                better = count < best_count
                best[better], best_count[better] = d[better], count[better]
    return best


def marked_edges(lab: np.ndarray, lat: Lattice, labels: np.ndarray, sep: float) -> list[tuple[int, int, int, int]]:
    """Edges between cells that carry a mark at their midpoint: pixels of
    the edge's middle that differ from the same edge further along on both
    sides and from the other edges between cells of the same two looks."""
    tol = pixel_tolerance(sep)
    h, w = lab.shape[:2]
    p = (lat.px + lat.py) / 2
    a = max(2, int(round(MARK_HALF * p)))
    keys, groups_of, stacks = [], [], ([], [], [])
    for r in range(lat.rows):
        for c in range(lat.cols):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 >= lat.rows or c2 >= lat.cols:
                    continue
                cx = lat.x0 + (c + 1) * lat.px if dc else lat.x0 + (c + 0.5) * lat.px
                cy = lat.y0 + (r + 1) * lat.py if dr else lat.y0 + (r + 0.5) * lat.py
                ax, ay = (0.0, 1.0) if dc else (1.0, 0.0)  # along the edge
                wins = []
                for off in (0.0, -MARK_ALONG, MARK_ALONG):
                    x, y = int(round(cx + ax * off * p)), int(round(cy + ay * off * p))
                    if x - a - 1 < 0 or y - a - 1 < 0 or x + a + 1 >= w or y + a + 1 >= h:
                        break
                    win = lab[y - a - 1:y + a + 2, x - a - 1:x + a + 2]
                    wins.append(win if dc else np.transpose(win, (1, 0, 2)))  # across the edge: axis 1
                if len(wins) < 3:
                    continue
                keys.append((r, c, r2, c2))
                groups_of.append((int(labels[r, c]), int(labels[r2, c2]), dr))
                for stack, win in zip(stacks, wins):
                    stack.append(win)
    if not keys:
        return []
    W, B, A = (np.stack(st).astype(np.float32) for st in stacks)
    mid = W[:, 1:-1, 1:-1]
    ink = _shift_diff_many(mid, B, tol) & _shift_diff_many(mid, A, tol)
    groups: dict[tuple, list[int]] = {}
    pairs: dict[tuple, list[int]] = {}  # either direction, either look first
    for i, g in enumerate(groups_of):
        groups.setdefault(g, []).append(i)
        pairs.setdefault((min(g[:2]), max(g[:2])), []).append(i)
    # every window with the lower look first across its edge (windows lie
    # across their edge alike whichever way it runs)
    first = np.array([a <= b for a, b, _ in groups_of])[:, None, None, None]
    alike = np.where(first, W, W[:, :, ::-1])
    marked = []
    for (a, b, _), idx in groups.items():
        # the edges between cells of the same two looks show what such an
        # edge looks like (a glow that two lit cells spill into their gap):
        # those of this direction, else those of either (EDGES_ALIKE)
        if len(idx) >= 3:
            template = median(W[idx], axis=0)
        elif len(pairs[(min(a, b), max(a, b))]) >= EDGES_ALIKE:
            template = median(alike[pairs[(min(a, b), max(a, b))]], axis=0)
            template = template if a <= b else template[:, ::-1]
        else:
            template = None
        if template is not None:
            ink[idx] &= _shift_diff_many(mid[idx], np.broadcast_to(template, W[idx].shape), tol)
        for i in idx:
            if float(ink[i].mean()) > MARK_SHARE:
                marked.append(keys[i])
    return sorted(marked)


def foreign_content(lab: np.ndarray, lat: Lattice, labels: np.ndarray,
                    sep: float) -> tuple[str | None, dict[tuple[int, int], float]]:
    """(why the board is another game's, or None; cells that hold an odd
    object, with its share of the cell).  A few odd cells are a pointer or a
    hint ring: the reader decides whether they can still be read."""
    odd = odd_cells(lab, lat, labels, sep)
    n = lat.rows * lat.cols
    if len(odd) >= max(FOREIGN_CELLS, FOREIGN_SHARE * n):
        return (f"{len(odd)} of its {n} cells hold symbols that differ between cells of the same look "
                f"(another game?)"), odd
    marks = marked_edges(lab, lat, labels, sep)
    edges = lat.rows * (lat.cols - 1) + lat.cols * (lat.rows - 1)
    if len(marks) >= max(FOREIGN_MARKS, FOREIGN_MARK_SHARE * edges):
        return f"{len(marks)} edges between its cells carry marks (another game?)", odd
    return None, odd


# A picture turned by more than TURN_LIMIT degrees (a photo or video frame
# of a tilted screen) puts a level lattice off the cells' borders by a
# growing share of a cell towards the board's far sides: part of a board
# fits where the whole one does not (a turned 6x6 read as a 4x4).
# Screenshots are level; boards turned 0.5 degrees measure up to 0.62 (a
# quarter pixel's steps), turned 1.5 degrees at least 1.4.
TURN_LIMIT = 1.0
# ... measured as the shift between the borders' profiles of the board's two
# outer thirds (correlated within TURN_REACH pitches), which a picture this
# small cannot show apart from its pixels' rounding: below TURN_MIN_SHIFT
# pixels the board counts as level.
TURN_REACH, TURN_MIN_SHIFT = 0.2, 1.0
# A picture turned nearly 45 degrees has no level borders for that to
# measure: of its board's strong edges (a change of EDGE_STRONG grey levels
# a pixel, by Sobel), those within DIAGONAL_DEGREES of a diagonal then
# outnumber those as near level or upright DIAGONAL_LEAD times or more.
# Level boards: at most 1.2 (round lamps: every way alike); turned 45
# degrees: 27-34 (real screenshots), 3.4 (rounded tiles).
EDGE_STRONG, DIAGONAL_DEGREES, DIAGONAL_LEAD = 60.0, 15.0, 2.0


def gray_gradient(img: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Change of brightness across x and across y, per pixel (fast: one
    channel; borders between cells always differ in brightness); ``img``
    in colour or already grey."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img
    return np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)), np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))


def _profile_shift(a: np.ndarray, b: np.ndarray, reach: int) -> float:
    """The shift (pixels, to a quarter) that best lines profile ``b`` up
    with ``a``, within ``reach``."""
    a = a - a.mean()
    b = b - b.mean()
    xs = np.arange(len(a), dtype=np.float32)
    best, at = -np.inf, 0.0
    for s in np.arange(-reach, reach + 0.01, 0.25):
        v = float(np.dot(a, np.interp(xs + s, xs, b, left=0.0, right=0.0)))
        if v > best:
            best, at = v, float(s)
    return at


def _diagonal_lead(img: np.ndarray, lat: Lattice) -> float:
    """How many times the board's strong edges near a diagonal outnumber
    those near level or upright."""
    gx, gy = gray_gradient(lat.crop(img, 0.0)[0])
    strong = np.hypot(gx, gy) > EDGE_STRONG
    ax, ay = gx[strong], gy[strong]
    t = float(np.tan(np.radians(DIAGONAL_DEGREES)))
    level = int(np.count_nonzero(np.minimum(ax, ay) < t * np.maximum(ax, ay)))
    # the angle from a diagonal is under D when |ax - ay| < tan(D) * (ax + ay)
    diagonal = int(np.count_nonzero(np.abs(ax - ay) < t * (ax + ay)))
    return diagonal / max(level, 1)


def turn_reason(img: np.ndarray, lat: Lattice) -> str | None:
    """Why the picture of the board at ``lat`` looks turned (a photo of a
    tilted screen, a picture turned by hand), or None when it is level:
    a lattice laid level over a turned board fits part of it, or none.
    Both ways of :func:`_axis_turns` must measure a turn beyond rounding,
    one of them past TURN_LIMIT: one way alone may be the cells' own
    content (round lamps, lit above and unlit below, measure 2.8 degrees
    one way on a level board; level screenshots of real games, 0 both ways)."""
    turns = _axis_turns(img, lat)
    turn = max(turns, default=0.0)
    if turn > TURN_LIMIT and min(turns) > 0:
        return f"the picture looks turned by {turn:.1f} degrees: a level grid cannot be laid on its cells"
    lead = _diagonal_lead(img, lat)
    if lead >= DIAGONAL_LEAD:
        return (f"the board's edges run mostly at a slant ({lead:.0f} times as many as level or upright): "
                "the picture looks turned")
    return None


def _axis_turns(img: np.ndarray, lat: Lattice) -> list[float]:
    """How far the picture looks turned (degrees, 0 within rounding) by
    the cells' vertical borders in its top and bottom thirds, and by the
    horizontal ones in its left and right thirds, shifted apart as a turn
    shifts them; [] when the board is too small to tell."""
    crop, local, _ = lat.crop(img, 0.25)
    gx, gy = gray_gradient(crop)
    h, w = gx.shape
    y0, y1 = int(max(0, local.y0)), int(min(h, local.y0 + lat.rows * lat.py))
    x0, y_third = int(max(0, local.x0)), (y1 - y0) // 3
    x1 = int(min(w, local.x0 + lat.cols * lat.px))
    x_third = (x1 - x0) // 3
    if y_third < 2 or x_third < 2:
        return []
    out = []
    # (profile in the first third, in the last, a pitch, the thirds' middles apart)
    for first, last, pitch, dist in ((gx[y0:y0 + y_third].mean(axis=0), gx[y1 - y_third:y1].mean(axis=0), lat.px,
                                      y1 - y0 - y_third),
                                     (gy[:, x0:x0 + x_third].mean(axis=1), gy[:, x1 - x_third:x1].mean(axis=1), lat.py,
                                      x1 - x0 - x_third)):
        shift = _profile_shift(first, last, int(np.ceil(TURN_REACH * pitch)))
        out.append(float(np.degrees(np.arctan2(abs(shift), dist))) if abs(shift) > TURN_MIN_SHIFT else 0.0)
    return out


def turned_degrees(img: np.ndarray, lat: Lattice) -> float:
    """How far the picture looks turned (degrees) over the board at
    ``lat``: the larger of the two ways :func:`_axis_turns` measures."""
    return max(_axis_turns(img, lat), default=0.0)
