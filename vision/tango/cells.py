"""Reading Tango cells by learning the game's looks from the image itself.

Every cell's middle is cut out as a small patch.  Its *ground* is the colour
around its edge; its *ink* is whatever differs from the ground.  Cells with
no ink are empty; the others are split into two looks (colour and shape
together), and each look's median patch becomes its template.  Then every
cell is matched against the three templates (empty, look A, look B), with
the pixels that fit none of them (a mouse pointer, a hover ring) masked: a
cell is sure when what remains fits one template clearly better.

Which look is the sun is decided from general cues, each of which may
abstain: colour (warm vs cool), shape (a full disc vs a crescent, by
roundness).  When the cues disagree, or none speaks, the pieces are unsure
and the reason says so.  Locked givens are the piece cells whose ground or
border differs consistently from the empty cells'; where nothing differs,
every piece is taken as a given (said so in the reading).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN
from puzzlebot.vision import board_checks
from puzzlebot.vision.colour_math import distance, median, median_first, percentile, squared_distance
from puzzlebot.vision.masks import grown

# Cells are compared as PATCH x PATCH pixel patches of their middle (the size
# board_checks compares cells at too) ...
PATCH = board_checks.PATCH
# ... cut this far (fraction of the cell's box) inside the box: clear of grid
# lines and box borders.
INSET = 0.12
# A cell's own border (where givens may be outlined) is looked for on square
# rings one pixel apart from BORDER_AT[0] to BORDER_AT[1] shares of half its
# box from its centre (the box's size is known to a few per cent), kept
# within BORDER_RANGE pitches (inside the cell, clear of its neighbours);
# on each side, the ring whose colour is least like the ground is the border.
BORDER_AT, BORDER_RANGE = (0.93, 1.16), (0.2, 0.46)
# The ground is sampled on square rings at GROUND_AT shares of half the box:
# just inside its border, clear of the pieces (which stay within 0.3 pitch).
GROUND_AT = (0.72, 0.8, 0.88)
# A pixel is ink when it differs from the ground by more than this (Lab).
INK = 18.0
# A cell holding a piece has more ink than this share of its patch (icons
# cover 15-60%; JPEG noise and anti-aliasing on empty cells stay below 2%).
PIECE_INK = 0.06
# A pixel fits a template when within this Lab distance of it (at the best
# of the nine one-pixel shifts): ground shades of locked cells (~6-12) and
# JPEG noise stay well inside.
FIT = 28.0
# Pixels that fit no template (a pointer) may cover at most this share of a
# cell; the rest is read.
MAX_COVER = 0.4
# A cell with more than this share of such pixels was read through something
# covering part of it (fewer: stray pixels, not a cover).
COVERED_SHARE = 0.02
# A cell is sure when what remains misfits its best template by at most
# MAX_MISFIT and the next best by at least MARGIN more, both as shares of the
# smallest difference between two templates (a moon may differ from an empty
# cell in only ~8% of the patch).
MAX_MISFIT, MARGIN = 0.35, 0.5
# ... and misfits by at most ABS_MISFIT in any case: two kinds of piece
# merged into one look (a sun and a moon of one colour) misfit by ~10%.
ABS_MISFIT = 0.05
# Two piece looks are different when their templates differ in this share of
# pixels at least (a sun and a moon emoji of one colour: ~10%; the same
# symbol drawn twice: under 3%); otherwise all pieces are one look.
LOOKS_APART = 0.07
# Ink of less chroma than this is colourless (black, white, grey).
COLOURLESS = 8.0
# Two looks whose ink colours are this close (Lab) and whose solidities do
# not differ by ROUNDNESS_APART are one kind of piece split by noise.
SAME_COLOUR = 10.0
# Colour cue: a look is warm (sun-like) with its ink's hue in WARM degrees
# (Lab a-b plane: orange, yellow) and cool (moon-like) in COOL, either with at
# least CUE_CHROMA chroma.
WARM, COOL, CUE_CHROMA = (15.0, 115.0), (160.0, 330.0), 12.0
# Shape cue: roundness (see _roundness) of a disc, with or without rays, is
# 0.9-1.0, of a crescent 0.45-0.7 (real LinkedIn, emoji, pictures); two looks
# this far apart speak when they lie on either side of DISC_OR_CRESCENT (a
# banana, 0.3-0.5 seen in grey, is no disc beside a crescent), and one look
# this far to a side of DISC_OR_CRESCENT.
ROUNDNESS_APART, DISC_OR_CRESCENT, ROUNDNESS_SURE = 0.15, 0.8, 0.07
# An empty cell's ground is within this (Lab) of the other empty cells'
# (LinkedIn's hover tint: about 4; a piece's colour taken for the ground: 40+).
EMPTY_GROUND = 12.0
# Cells drawn as a checkerboard of two tones (one for each colour of square)
# are one ground: the two squares' medians lie over EMPTY_GROUND and at most
# CHECKER_MAX apart (a board's tones, not lit and unlit cells of another
# game), and CHECKER_SHARE of the cells lie within EMPTY_GROUND of their own
# square colour's (the rest givens, or pieces filling their boxes).
CHECKER_MAX, CHECKER_SHARE = 25.0, 0.6
# Locked: a piece cell's ground (and border) differs from the empty cells'
# by more than max(LOCK_MIN, LOCK_SPREAD x their own spread).
LOCK_MIN, LOCK_SPREAD = 3.5, 3.0
# A given's own border differs by this much at least (an outline drawn to
# mark givens: 20+; a grid line's or frame's anti-aliasing: up to 6).
BORDER_MIN = 12.0
# Givens told by a look come at least this many (a single odd cell is one
# under the pointer or a hover tint; every real puzzle has more givens).
MIN_GIVENS = 2
# On a full board, the givens of both kinds of piece must differ from the
# others the same way (cosine of the two differences at least this).
GIVENS_SAME_WAY = 0.8
# A ground's pattern: the spread of its lightness between these percentiles
# (hatching modulates most pixels; a pointer's corner, a few per cent of
# them, does not move it).
PATTERN_PERCENTILES = (10, 90)
# The givens' nearest distance from the empty look must be this many times
# the farthest placed piece's (or the tolerance): a clean gap, not noise.
GIVENS_CLEAR = 1.5
# ... and at least this share of the differing cells look alike (the givens);
# the rest (a hover highlight) are unsure.
GIVENS_AGREE = 0.6
# Givens whose ground differs from the empty cells' by at least this chroma,
# within FILLED_HUE degrees of their pieces' own hue (each kind's givens in
# that kind's own hue, not one fill under both kinds), are no symbols on a
# shaded ground but cells filled in the piece's colour (a Lights Out board's
# lit cells: chroma 81, 5 degrees off; real Tango givens' grounds are grey,
# as the empty cells: 6 at most, under a warm tint too).
FILLED_CHROMA, FILLED_HUE = 20.0, 30.0


@dataclass
class Cell:
    """One cell's picture: its middle, ground, border and ink."""
    patch: np.ndarray  # PATCH x PATCH x 3, Lab
    ground: np.ndarray  # Lab
    border: np.ndarray  # Lab of the box's own edge (the ring least like the ground)
    ink: np.ndarray  # PATCH x PATCH bool
    sides: np.ndarray | None = None  # the border side by side (top, bottom, left, right; NaN: facing the frame)

    @property
    def ink_share(self) -> float:
        return float(self.ink.mean())


def _ring(cells: np.ndarray, d: int, step: int = 1) -> np.ndarray:
    """The two-pixel square ring ``d`` pixels from the centre of every cell
    block (every ``step``-th pixel along it): (rows, cols, 4 sides, pixels, 3)."""
    R = cells.shape[2]
    c = R // 2
    a, b = max(0, c - d), min(R, c + d + 1)
    top = cells[:, :, a:a + 2, a:b:step].reshape(*cells.shape[:2], -1, 3)
    bottom = cells[:, :, b - 2:b, a:b:step].reshape(*cells.shape[:2], -1, 3)
    left = cells[:, :, a:b:step, a:a + 2].reshape(*cells.shape[:2], -1, 3)
    right = cells[:, :, a:b:step, b - 2:b].reshape(*cells.shape[:2], -1, 3)
    return np.stack([top, bottom, left, right], axis=2)


def _grounds(cells: np.ndarray, ds: list[int]) -> np.ndarray:
    """Each cell's ground: of the rings' sides' mean colours, the one most of
    the rings' pixels share (a frame or a neighbour's border along a side or
    two does not move it, as it would move a median).  (rows, cols, 3)."""
    rings = [_ring(cells, d, step=3) for d in ds]  # each r, c, 4, M_d, 3
    cand = np.concatenate([rg.mean(axis=3) for rg in rings], axis=2)  # r, c, S, 3
    pix = np.concatenate([rg.reshape(*rg.shape[:2], -1, 3) for rg in rings], axis=2)  # r, c, all pixels, 3
    # squared_distance(pix[:, :, None], cand[:, :, :, None]), the same sums
    # in the same order, one candidate at a time over each channel laid out
    # on its own (3-4x faster than the whole (r, c, S, pixels, 3) at once)
    chans = [np.ascontiguousarray(pix[..., k]) for k in range(3)]  # each r, c, all pixels
    agree = np.empty(cand.shape[:3], np.int64)
    for s in range(cand.shape[2]):
        d0, d1, d2 = (np.subtract(chans[k], cand[:, :, s, k, None]) for k in range(3))
        d0 *= d0
        d1 *= d1
        d2 *= d2
        agree[:, :, s] = (d0 + d1 + d2 <= (INK / 2) ** 2).sum(axis=2)
    best = np.argmax(agree, axis=2)
    return np.take_along_axis(cand, best[:, :, None, None], axis=2)[:, :, 0]


def cut_cells(board: np.ndarray, n: int, box: float, grounds: list[np.ndarray] | None = None) -> list[Cell]:
    """Each cell's middle (row-major) as a Cell, from ``board``: the board's
    Lab image aligned so that cell (r, c) is the pixel block
    [r*R, (r+1)*R) x [c*R, (c+1)*R) (see :func:`align`).  ``grounds``: each
    cell's ground as measured before (a re-read between moves: faster, and a
    piece being placed cannot change it); otherwise measured, with borders."""
    R = board.shape[0] // n
    blocks = board[:n * R, :n * R].reshape(n, R, n, R, 3).transpose(0, 2, 1, 3, 4)
    half = max(2, int(round(box / 2 * (1 - 2 * INSET) * R)))
    c = R // 2
    inner = np.ascontiguousarray(blocks[:, :, c - half:c + half, c - half:c + half])  # r, c, 2h, 2h, 3
    side = 2 * half
    mosaic = inner.transpose(0, 2, 1, 3, 4).reshape(n * side, n * side, 3)
    small = cv2.resize(mosaic, (n * PATCH, n * PATCH), interpolation=cv2.INTER_AREA)
    patches = small.reshape(n, PATCH, n, PATCH, 3).transpose(0, 2, 1, 3, 4)
    sides = None
    if grounds is not None:
        ground = np.asarray(grounds, np.float32).reshape(n, n, 3)
        border = np.zeros((n, n, 3), np.float32)
    else:
        px = lambda f: int(round(float(np.clip(f * box / 2, BORDER_RANGE[0], BORDER_RANGE[1])) * R))  # noqa: E731
        ground = _grounds(blocks, [px(f) for f in GROUND_AT])
        # side by side (a box drawn a pixel or two off the lattice's centre,
        # a mark's badge over one side): each side's ring least like the
        # ground, then the median of the four sides
        ds = range(px(BORDER_AT[0]), px(BORDER_AT[1]) + 1)
        meds = np.stack([median(_ring(blocks, d, step=2), axis=3) for d in ds], axis=3)  # r, c, 4, D, 3
        far = np.argmax(distance(meds, ground[:, :, None, None]), axis=3)
        sides = np.take_along_axis(meds, far[:, :, :, None, None], axis=3)[:, :, :, 0]  # r, c, 4, 3
        # the sides facing the board's frame are left out (the frame is no
        # given's border): sides are top, bottom, left, right
        inner = np.ones((n, n, 4), bool)
        inner[0, :, 0] = inner[-1, :, 1] = inner[:, 0, 2] = inner[:, -1, 3] = False
        sides = np.where(inner[..., None], sides, np.nan)
        border = _median_of_sides(sides)
    ink = squared_distance(patches, ground[:, :, None, None]) > INK * INK
    return [Cell(patches[r, c], ground[r, c], border[r, c], ink[r, c], None if sides is None else sides[r, c])
            for r in range(n) for c in range(n)]


def undo_checker(cells: list[Cell], rows: int, cols: int) -> tuple[list[Cell], np.ndarray | None]:
    """Cells of a board drawn as a checkerboard of two tones, as if of one:
    the cells of the second square colour that show its tone shifted by the
    difference of the two tones (ground, border and patch alike: a symbol's
    look against its ground is unchanged; a given's own ground stays), and
    that difference (Lab); the cells as they are and None on a board of one
    tone."""
    grounds = np.stack([c.ground for c in cells]).reshape(rows, cols, 3)
    second = (np.add.outer(np.arange(rows), np.arange(cols)) % 2).astype(bool)
    if second.all() or not second.any():
        return cells, None
    tones = [median(grounds[~second], axis=0), median(grounds[second], axis=0)]
    apart = float(np.linalg.norm(tones[1] - tones[0]))
    if not EMPTY_GROUND < apart <= CHECKER_MAX:
        return cells, None
    own = np.where(second[..., None], tones[1], tones[0])
    if float(np.mean(np.linalg.norm(grounds - own, axis=2) <= EMPTY_GROUND)) < CHECKER_SHARE:
        return cells, None
    shift = (tones[1] - tones[0]).astype(np.float32)
    toned = second & (np.linalg.norm(grounds - tones[1], axis=2) <= EMPTY_GROUND)
    out = [Cell(c.patch - shift, c.ground - shift, c.border - shift, c.ink,
                None if c.sides is None else c.sides - shift) if toned.flat[i] else c
           for i, c in enumerate(cells)]
    return out, shift


def _median_of_sides(sides: np.ndarray) -> np.ndarray:
    """``np.nanmedian(sides, axis=2)`` (its NaNs the sides left out, never
    all four), without the masked arrays numpy's takes for short axes."""
    s = np.sort(sides, axis=2)  # NaNs last
    k = np.sum(~np.isnan(s), axis=2, keepdims=True)
    lo = np.take_along_axis(s, (k - 1) // 2, axis=2)
    hi = np.take_along_axis(s, k // 2, axis=2)
    return ((lo + hi) / 2)[:, :, 0]


def _shift_min(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per-pixel Lab distance between ``a`` and ``b`` at the best of the
    nine one-pixel shifts of ``b`` (edges padded)."""
    pad = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    best = None
    for dy in range(3):
        for dx in range(3):
            d = distance(a, pad[dy:dy + PATCH, dx:dx + PATCH])
            best = d if best is None else np.minimum(best, d)
    return best


def _normalised(cell: Cell) -> np.ndarray:
    return cell.patch - cell.ground


def _two_means(x: np.ndarray) -> np.ndarray:
    """Labels 0/1 of a 2-means on rows of x, from the farthest pair."""
    d = np.linalg.norm(x[:, None] - x[None], axis=2)
    i, j = np.unravel_index(int(np.argmax(d)), d.shape)
    c0, c1 = x[i], x[j]
    lab = np.zeros(len(x), int)
    for _ in range(20):
        new = (np.linalg.norm(x - c1, axis=1) < np.linalg.norm(x - c0, axis=1)).astype(int)
        if (new == lab).all() and _ > 0:
            break
        lab = new
        if lab.all() or not lab.any():
            break
        c0, c1 = median_first(x[lab == 0]), median_first(x[lab == 1])
    return lab


def _ink_colour(cells: list[Cell]) -> np.ndarray:
    pix = np.concatenate([c.patch[c.ink] for c in cells if c.ink.any()] or [np.zeros((1, 3), np.float32)])
    return median_first(pix)


def _roundness(mask: np.ndarray) -> float:
    """How disc-like a piece is: the mean of its solidity (ink over its
    convex hull: a crescent leaves its hollow empty) and of how much it
    overlaps itself turned a quarter about its centre (a disc does, with
    or without rays; a crescent does not).  About 1 for a disc, 0.6-0.75
    for a crescent."""
    m = mask.astype(np.uint8)
    n, lbl, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    if n <= 1:
        return 0.0
    k = 1 + int(np.argmax(stats[1:, 4]))
    comp = (lbl == k).astype(np.uint8)
    cnts, _ = cv2.findContours(comp, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    area = cv2.contourArea(cv2.convexHull(np.concatenate(cnts)))
    solidity = min(1.0, comp.sum() / area) if area > 0 else 0.0
    ys, xs = np.nonzero(comp)
    turn = cv2.getRotationMatrix2D((float(xs.mean()), float(ys.mean())), 90, 1.0)
    turned = cv2.warpAffine(comp, turn, (comp.shape[1], comp.shape[0]), flags=cv2.INTER_NEAREST) > 0
    own = comp > 0
    union = (own | turned).sum()
    symmetry = float((own & turned).sum() / union) if union else 0.0
    return (solidity + symmetry) / 2


@dataclass
class Look:
    """What one kind of piece looks like on this board, learnt from its cells."""
    template: np.ndarray  # normalised patch (ground subtracted)
    ink: np.ndarray  # median ink mask
    colour: np.ndarray  # Lab of the ink
    roundness: float
    count: int

    @property
    def hue(self) -> float:
        return float(np.degrees(np.arctan2(self.colour[2], self.colour[1])) % 360)

    @property
    def chroma(self) -> float:
        return float(np.hypot(self.colour[1], self.colour[2]))

    def temperature(self) -> str | None:
        if self.chroma < CUE_CHROMA:
            return None
        if WARM[0] <= self.hue <= WARM[1]:
            return "warm"
        if COOL[0] <= self.hue <= COOL[1]:
            return "cool"
        return None

    def describe(self) -> str:
        t = self.temperature() or "no clear colour"
        return f"{t} (hue {self.hue:.0f}, chroma {self.chroma:.0f}), roundness {self.roundness:.2f}"


def _look(cells: list[Cell]) -> Look:
    stack = np.stack([_normalised(c) for c in cells])
    template = median_first(stack)
    ink = distance(template) > INK
    return Look(template, ink, _ink_colour(cells), _roundness(ink), len(cells))


def decide_sun(looks: list[Look]) -> tuple[list[int] | None, str]:
    """Which value each look is ([SUN, MOON] order of ``looks``), or None
    with the reason when the cues cannot tell or disagree."""
    if len(looks) == 1:
        # one kind of piece, nothing to compare it with: colour and shape must
        # both speak and agree (a yellow crescent is a moon in some games)
        lk = looks[0]
        colour = {"warm": SUN, "cool": MOON}.get(lk.temperature() or "")
        shape = SUN if lk.roundness >= DISC_OR_CRESCENT + ROUNDNESS_SURE else (
            MOON if lk.roundness <= DISC_OR_CRESCENT - ROUNDNESS_SURE else None)
        if colour is None or shape is None or colour != shape:
            return None, (f"only one kind of piece is on the board ({lk.describe()}) and its colour and shape "
                          "do not both say sun or both say moon")
        return [colour], f"one kind of piece, {lk.describe()}: {'sun' if colour == SUN else 'moon'}"
    a, b = looks
    votes = []
    ta, tb = a.temperature(), b.temperature()
    if {ta, tb} == {"warm", "cool"} or (ta == "warm" and tb is None) or (tb == "warm" and ta is None) \
            or (ta == "cool" and tb is None) or (tb == "cool" and ta is None):
        warm_first = ta == "warm" or tb == "cool"
        votes.append(("colour", 0 if warm_first else 1))
    ds = a.roundness - b.roundness
    if abs(ds) >= ROUNDNESS_APART and min(a.roundness, b.roundness) < DISC_OR_CRESCENT <= max(a.roundness, b.roundness):
        # the rounder a disc and the other not: two crescent-like shapes (a banana and a moon)
        # say nothing of which is the sun
        votes.append(("shape", 0 if ds > 0 else 1))
    if not votes:
        return None, (f"the two kinds of piece ({a.describe()}; {b.describe()}) show no sun/moon cue "
                      "(a warm vs cool colour, a disc vs a crescent)")
    if len({v for _, v in votes}) > 1:
        return None, (f"the cues disagree: colour says one kind is the sun, shape the other "
                      f"({a.describe()}; {b.describe()})")
    sun = votes[0][1]
    why = " and ".join(name for name, _ in votes)
    return ([SUN, MOON] if sun == 0 else [MOON, SUN]), f"suns told from moons by {why}"


@dataclass
class CellReading:
    """Every cell's value and lock, how sure, and which cells are unsure or covered."""
    values: np.ndarray  # rows x cols, EMPTY/SUN/MOON
    locked: np.ndarray  # rows x cols bool
    conf: np.ndarray  # rows x cols 0..1
    unsure: list[tuple[int, int]]
    covered: list[tuple[int, int]]  # cells read through something covering part of them
    looks: list[Look]  # piece looks, in the order of ``values_of``
    values_of: list[int]  # the value of each look
    pieces: str  # how suns were told from moons
    givens: str  # how givens were told from placed pieces
    empty_ground: np.ndarray | None = None
    odd_empty: list[tuple[int, int]] = field(default_factory=list)  # "empty" cells of another ground
    blank_givens: list[tuple[int, int]] = field(default_factory=list)  # "empty" cells that look like givens
    unread: list[tuple[int, int]] = field(default_factory=list)  # neither empty, sun nor moon for sure
    apart: float = 1.0  # the smallest difference between two templates
    one_kind_covered: list[tuple[int, int]] = field(default_factory=list)  # pieces partly covered, one kind seen
    # one kind of piece only, and no cue named it: called the sun for now (the
    # rules treat suns and moons alike; which one a click puts is the game's to show)
    one_kind_named: bool = False
    misfits: list[tuple[int, int]] = field(default_factory=list)  # cells that fit no learned look
    extra: dict = field(default_factory=dict)
    filled: str = ""  # why the pieces are fills of whole cells, not symbols (another game)
    given_or_placed: list[tuple[int, int]] = field(default_factory=list)  # pieces locked, maybe the player's


def _match(cells: list[Cell], templates: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(best template index, misfit of the best, margin to the next) for each
    cell, with pixels that fit no template masked (and the masked share).
    All cells against all templates at once."""
    if not cells:
        return np.zeros(0, int), np.zeros(0), np.zeros((2, 0))
    norm = np.stack([_normalised(c) for c in cells]).astype(np.float32)  # N x P x P x 3
    pads = np.stack([np.pad(t, ((1, 1), (1, 1), (0, 0)), mode="edge") for t in templates]).astype(np.float32)
    cell_pads = np.pad(norm, ((0, 0), (1, 1), (1, 1), (0, 0)), mode="edge")
    tmpl = np.stack(templates).astype(np.float32)
    dist = None  # N x T x P x P, the best of the nine shifts
    back = None  # ... and of the template's pixels against the cell shifted
    for dy in range(3):
        for dx in range(3):
            shifted = pads[:, dy:dy + PATCH, dx:dx + PATCH]  # T x P x P x 3
            d = distance(norm[:, None], shifted[None])
            dist = d if dist is None else np.minimum(dist, d)
            e = distance(cell_pads[:, None, dy:dy + PATCH, dx:dx + PATCH], tmpl[None])
            back = e if back is None else np.minimum(back, e)
    # a stroke thinner than the shifts (a ring two pixels wide) is missed by
    # the cell's pixels against the template shifted: an empty cell fitted
    # it; the template's own pixels must be in the cell too
    bad = (dist > FIT) | (back > FIT)
    foreign = bad.all(axis=1)  # N x P x P
    keep = ~foreign
    kept = keep.sum(axis=(1, 2)).astype(float)
    err = (bad & keep[:, None]).sum(axis=(2, 3)) / np.maximum(kept, 1)[:, None]  # N x T
    order = np.argsort(err, axis=1)
    rows = np.arange(len(cells))
    best = order[:, 0]
    misfit = err[rows, best]
    margin = err[rows, order[:, 1]] - misfit if len(templates) > 1 else np.ones(len(cells))
    misfit = np.where(kept > 0, misfit, 1.0)
    cover = foreign.mean(axis=(1, 2))
    return best, misfit, np.stack([margin, cover])


def separation(templates: list[np.ndarray]) -> float:
    """The smallest share of pixels in which two templates differ."""
    if len(templates) < 2:
        return 1.0
    # (both ways: a thin stroke shifted a pixel is gone from the other's)
    return min(float(np.mean((_shift_min(a, b) > FIT) | (_shift_min(b, a) > FIT)))
               for i, a in enumerate(templates) for b in templates[i + 1:])


def sure_cells(best: np.ndarray, misfit: np.ndarray, margin: np.ndarray, cover: np.ndarray,
               apart: float) -> np.ndarray:
    """Which cells' best template is a sure read."""
    return (misfit <= min(MAX_MISFIT * apart, ABS_MISFIT)) & (margin >= MARGIN * apart) & (cover <= MAX_COVER)


def read_cells(cells: list[Cell], rows: int, cols: int) -> CellReading:
    """Learn the looks and read every cell."""
    n = rows * cols
    shares = np.array([c.ink_share for c in cells])
    pieces = [i for i in range(n) if shares[i] > PIECE_INK]
    # colourless ink among coloured pieces is no piece (a mouse pointer's
    # arrow, a cursor): left out of the looks, so it fits none of them
    chroma = {i: float(np.hypot(*_ink_colour([cells[i]])[1:])) for i in pieces}
    if any(c >= COLOURLESS for c in chroma.values()):
        pieces = [i for i in pieces if chroma[i] >= COLOURLESS]
    looks: list[Look] = []
    if pieces:
        feats = np.stack([np.concatenate([cv2.resize(cells[i].ink.astype(np.float32), (12, 12)).ravel(),
                                          _ink_colour([cells[i]]) / 25.0]) for i in pieces])
        split = _two_means(feats) if len(pieces) >= 2 else np.zeros(len(pieces), int)
        groups = [[pieces[k] for k in range(len(pieces)) if split[k] == g] for g in (0, 1)]
        groups = [g for g in groups if g]
        looks = [_look([cells[i] for i in g]) for g in groups]
        if len(looks) == 2:
            apart = float(np.mean(_shift_min(looks[0].template, looks[1].template) > FIT))
            same_kind = (float(np.linalg.norm(looks[0].colour - looks[1].colour)) < SAME_COLOUR
                         and abs(looks[0].roundness - looks[1].roundness) < ROUNDNESS_APART)
            if apart < LOOKS_APART or same_kind:
                # one kind of piece (a few of them covered, or drawn a little
                # differently): split by noise, not two kinds
                looks = [_look([cells[i] for i in pieces])]
    values_of, pieces_why = decide_sun(looks) if looks else ([], "no pieces on the board")
    # (only a coloured piece: colourless ink of one kind is as likely a
    # digit or a dot of another game as a piece)
    one_kind_named = values_of is None and len(looks) == 1 and looks[0].temperature() is not None
    if one_kind_named:
        values_of = [SUN]
        pieces_why += ": called the sun until a click shows the game's own order"
    templates = [np.zeros((PATCH, PATCH, 3), np.float32)] + [lk.template for lk in looks]
    best, misfit, mc = _match(cells, templates)
    margin, cover = mc
    apart = max(separation(templates), 1e-6)  # identical looks: nothing is sure
    values = np.full((rows, cols), EMPTY, np.int64)
    conf = np.zeros((rows, cols), np.float32)
    unsure, covered, misfits, one_kind = [], [], [], []
    for i in range(n):
        r, c = divmod(i, cols)
        k = int(best[i])
        ok = bool(sure_cells(best[i:i + 1], misfit[i:i + 1], margin[i:i + 1], cover[i:i + 1], apart)[0])
        if k > 0:
            if values_of is None:
                ok = False
            else:
                values[r, c] = values_of[k - 1]
        conf[r, c] = float(np.clip(min(1 - misfit[i] / (2 * min(MAX_MISFIT * apart, ABS_MISFIT)),
                                       margin[i] / (2 * MARGIN * apart)), 0, 1)) if ok else 0.0
        if ok and k > 0 and len(looks) == 1 and cover[i] > COVERED_SHARE:
            # one kind of piece seen on the board: what the cover hides may be
            # all that tells the other kind from it (a moon emoji's face side)
            ok, conf[r, c] = False, 0.0
            one_kind.append((r, c))
        if not ok:
            unsure.append((r, c))
            if cover[i] <= MAX_COVER and misfit[i] > min(MAX_MISFIT * apart, ABS_MISFIT):
                misfits.append((r, c))
        elif cover[i] > COVERED_SHARE:
            covered.append((r, c))
    # an empty cell looks like the other empty cells: one whose ground is
    # unlike theirs was measured on something else (a piece filling its box)
    empty = [i for i in range(n) if values.flat[i] == EMPTY and divmod(i, cols) not in unsure]
    if len(empty) >= 2:
        grounds = np.stack([cells[i].ground for i in empty])
        odd = np.linalg.norm(grounds - median(grounds, axis=0), axis=1) > EMPTY_GROUND
        odd_empty = [divmod(int(i), cols) for i in np.array(empty)[odd]]
        for rc in odd_empty:
            unsure.append(rc)
            conf[rc] = 0.0
    else:
        odd_empty = []
    reading = CellReading(values, np.zeros((rows, cols), bool), conf, unsure, covered, looks,
                          values_of or [], pieces_why, "", apart=apart, misfits=misfits, odd_empty=odd_empty,
                          one_kind_covered=one_kind, one_kind_named=one_kind_named)
    reading.unread = sorted(set(unsure))  # before doubt about givens is added
    _decide_locked(cells, reading, rows, cols)
    return reading


def _split_looks(x: np.ndarray, least: float) -> tuple[np.ndarray, list[np.ndarray], bool] | None:
    """Rows of ``x`` as two looks (2-means): (labels, the two centres,
    whether they stand apart cleanly: every row much nearer its own centre
    than the other's), or None when the centres are no further apart than
    ``least`` or LOCK_SPREAD times the looks' own spread."""
    labels = _two_means(x)
    if labels.min() == labels.max():
        return None
    centres = [median(x[labels == g], axis=0) for g in (0, 1)]
    spread = max(float(median(np.linalg.norm(x[labels == g] - c, axis=1))) for g, c in zip((0, 1), centres))
    if float(np.linalg.norm(centres[0] - centres[1])) <= max(least, LOCK_SPREAD * spread):
        return None
    own = [np.linalg.norm(x[labels == g] - c, axis=1) for g, c in zip((0, 1), centres)]
    other = [np.linalg.norm(x[labels == g] - c, axis=1) for g, c in zip((0, 1), centres[::-1])]
    return labels, centres, min(float(o.min()) for o in other) >= GIVENS_CLEAR * max(float(w.max()) for w in own)


def _givens_against_empty(feats: np.ndarray, empty: list[int], piece: list[int], least: float = LOCK_MIN,
                          values: np.ndarray | None = None) -> tuple[list[int], list[int], float, list[int]] | None:
    """Givens among ``piece`` by features compared with the empty cells':
    (givens, doubtful cells, how cleanly they stand apart: the nearest
    given's distance over the farthest other piece's, and the empty cells
    as far from the others as half-way to the givens: a given has a piece,
    so these lie under a cover of a given's colour) or None when no piece
    differs.  Givens that do not look alike make every differing cell
    doubtful (clarity 0), and so do two looks among them, neither like the
    empty cells', that are not the two kinds of piece (``values``: each
    cell's): which look is the givens' cannot be told (a game that draws
    a player's pieces in a look of their own); a look on one cell alone,
    standing clearly apart, is that cell's doubt."""
    ref = median(feats[empty], axis=0)
    spread = float(median(np.linalg.norm(feats[empty] - ref, axis=1)))
    dist = np.linalg.norm(feats[piece] - ref, axis=1)
    tol = max(least, LOCK_SPREAD * spread)
    diff_cells = [p for p, d in zip(piece, dist) if d > tol]
    if not diff_cells:
        return None
    d_feats = feats[diff_cells]
    # the givens' look: the medoid of the differing cells; a few that are
    # unlike it too (a hover highlight) are doubtful, not givens
    medoid = d_feats[int(np.argmin(np.linalg.norm(d_feats[:, None] - d_feats[None], axis=2).sum(axis=1)))]
    like = np.linalg.norm(d_feats - medoid, axis=1) <= max(tol, 0.5 * float(np.linalg.norm(medoid - ref)))
    if like.mean() < GIVENS_AGREE:
        return [], diff_cells, 0.0, []
    givens = [p for p, ok in zip(diff_cells, like) if ok]
    doubtful = [p for p, ok in zip(diff_cells, like) if not ok]
    split = _split_looks(feats[givens], least) if values is not None and len(givens) > MIN_GIVENS else None
    if split is not None:
        labels, _, clean = split
        kinds = [{int(values[p]) for p, g in zip(givens, labels) if g == k} for k in (0, 1)]
        if not (len(kinds[0]) == len(kinds[1]) == 1 and kinds[0] != kinds[1]):  # (a piece's colour tints its cell)
            if not clean or min(int(np.sum(labels == k)) for k in (0, 1)) >= MIN_GIVENS:
                return [], diff_cells, 0.0, []
            alone = int(np.sum(labels == 1) < np.sum(labels == 0))
            doubtful += [p for p, g in zip(givens, labels) if g == alone]
            givens = [p for p, g in zip(givens, labels) if g != alone]
    if len(givens) < MIN_GIVENS:  # one odd cell is a pointer or a hover, not a look for givens
        return None
    # a piece cell past half-way to the givens' look (and past the empty
    # cells' own spread) is doubtful, within the tolerance or not: a given
    # whose pattern its piece hides in part (a hatched ground under a large
    # sun) lies between the two looks
    centre = median(d_feats[like], axis=0)
    half = 0.5 * float(np.linalg.norm(centre - ref))
    doubtful += [p for p, d in zip(piece, dist) if max(half, LOCK_SPREAD * spread) < d and p not in givens]
    near_given = min(float(d) for p, d in zip(piece, dist) if p in givens)
    far_other = max([float(d) for p, d in zip(piece, dist) if p not in givens] + [tol])
    blank = [e for e, d in zip(empty, np.linalg.norm(feats[empty] - ref, axis=1)) if d > max(tol, half)]
    return givens, doubtful, near_given / far_other, blank


def _givens_on_full_board(feats: np.ndarray, piece: list[int], values: np.ndarray, least: float = LOCK_MIN
                          ) -> list[int] | None:
    """Givens on a board with no empty cell.  Within each kind of piece the
    cells may fall into two groups by these features.  When both kinds split
    the same way, the givens are the matching pair of groups with fewer
    cells (a full board has fewer givens than placed pieces).  None when
    nothing tells (only one kind splits, or the groups do not stand apart)."""
    kinds = []
    for v in sorted(set(int(values[i]) for i in piece)):
        idx = [i for i in piece if values[i] == v]
        split = None
        looks = _split_looks(feats[idx], least) if len(idx) >= 3 else None
        if looks is not None:
            labels, centres, clean = looks
            if not clean:  # the two groups must stand apart cleanly
                return None
            split = ([np.array(idx)[labels == g] for g in (0, 1)], centres)
        kinds.append((idx, split))
    splits = [k for k in kinds if k[1] is not None]
    if not splits:
        return None
    if len(splits) == 2:
        (ga, ca), (gb, cb) = splits[0][1], splits[1][1]
        # pair the groups of the two kinds that look alike
        same = float(np.linalg.norm(ca[0] - cb[0]) + np.linalg.norm(ca[1] - cb[1]))
        cross = float(np.linalg.norm(ca[0] - cb[1]) + np.linalg.norm(ca[1] - cb[0]))
        pairs = [(ga[0], gb[0]), (ga[1], gb[1])] if same <= cross else [(ga[0], gb[1]), (ga[1], gb[0])]
        da = ca[0] - ca[1]
        db = (cb[0] - cb[1]) if same <= cross else (cb[1] - cb[0])
        if float(np.dot(da, db)) < GIVENS_SAME_WAY * float(np.linalg.norm(da) * np.linalg.norm(db)):
            return None
        few = min(pairs, key=lambda p: len(p[0]) + len(p[1]))
        return [int(i) for g in few for i in g]
    # one kind split and the other not: its pieces could be all placed or all
    # givens (or its givens faded by an animation); nothing tells which
    return None


def _grounds_around_pieces(cells: list[Cell], rd: CellReading, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's ground measured over its whole middle, the piece's pixels
    (its look's ink, grown by two pixels) left out: far more pixels than a
    ring, and none of a frame's or a grid line's.  Returns the grounds'
    medians (their colour) and their pattern: the spread of their lightness
    (thin hatching leaves the median white)."""
    masks = {0: np.zeros((PATCH, PATCH), bool)}
    for lk, v in zip(rd.looks, rd.values_of or []):
        masks[v] = grown(lk.ink, 2)
    # cells with the same mask keep the same number of pixels: measured
    # together, a group at a time
    groups: dict[int, tuple[np.ndarray, list[int]]] = {}
    for i, v in enumerate(rd.values.ravel()):
        m = masks.get(int(v), masks[0])
        if (~m).sum() < 16:  # too little left: the whole patch
            m = masks[0]
        groups.setdefault(id(m), (m, []))[1].append(i)
    colour = np.empty((len(cells), 3), np.float32)
    texture = np.empty((len(cells), 1))
    for m, idx in groups.values():
        keep = np.stack([cells[i].patch[~m] for i in idx])  # cells, pixels, 3
        colour[idx] = median(keep, axis=1)
        lo, hi = percentile(keep[:, :, 0], PATTERN_PERCENTILES, axis=1)
        texture[idx, 0] = hi - lo
    return colour, texture


def _filled_in_own_colour(grounds: list[np.ndarray], kinds: list[int], rd: CellReading) -> str:
    """Why the givens (their grounds: the rings near their edges; ``kinds``:
    the value each holds) are cells filled in their pieces' own colour, or ""
    when they are not: the grounds of each kind's givens differ from the
    empty cells' in that kind's hue (a tint over the screen moves both).  One
    fill under both kinds, in one kind's hue, is a given's look."""
    if not grounds or rd.empty_ground is None:
        return ""
    why = ""
    for lk, v in zip(rd.looks, rd.values_of):
        own = [g for g, k in zip(grounds, kinds) if k == v]
        if not own:
            continue
        d = median(np.stack(own), axis=0) - rd.empty_ground
        chroma, hue = float(np.hypot(d[1], d[2])), float(np.degrees(np.arctan2(d[2], d[1])) % 360)
        if chroma < FILLED_CHROMA or abs((hue - lk.hue + 180) % 360 - 180) > FILLED_HUE:
            return ""
        why = why or (f"the cells holding pieces are filled to their edges in the pieces' own colour (hue "
                      f"{hue:.0f}, chroma {chroma:.0f} more than the empty cells'): lit lights, not suns and moons "
                      "on givens")
    return why


LEAST = {"ground": LOCK_MIN, "border": BORDER_MIN, "ground's pattern": LOCK_MIN}


def _split_borders(cells: list[Cell], like: list[int], piece: list[int]) -> list[int]:
    """The piece cells whose own border differs from the usual one (the
    median of the ``like`` cells': the empty ones, or on a full board every
    piece's) on some sides only (by BORDER_MIN on one side, within it on
    another): a given's outline is drawn all round, and a piece drawn large
    or off the middle covers a side or two of its cell's border (our
    pictures look: four of eight givens, half their border yellow, set
    apart from the other four), and a corner cell's two inner sides may
    fall one on a thin grid line and one beside it, so such a border tells
    nothing."""
    if len(like) < 2 or any(c.sides is None for c in cells):
        return []
    ref = median(np.stack([cells[i].border for i in like]), axis=0)
    out = []
    for p in piece:
        near = [float(distance(s, ref)) for s in cells[p].sides if not np.isnan(s[0])]
        if near and min(near) <= BORDER_MIN < max(near):
            out.append(p)
    return out


def _decide_locked(cells: list[Cell], rd: CellReading, rows: int, cols: int) -> None:
    """Givens: piece cells whose ground, or else whose box border, differs
    from the empty cells' (on a full board: from the other pieces') the
    same way."""
    values = rd.values.ravel()
    empty = [i for i in range(len(cells)) if values[i] == EMPTY and divmod(i, cols) not in rd.unsure]
    piece = [i for i in range(len(cells)) if values[i] != EMPTY]
    if empty:
        rd.empty_ground = median(np.stack([cells[i].ground for i in empty]), axis=0)
    if not piece:
        rd.givens = "no pieces"
        return
    colour, texture = _grounds_around_pieces(cells, rd, cols)
    features = (("ground", colour), ("border", np.stack([c.border for c in cells])), ("ground's pattern", texture))
    if len(empty) >= 2:
        # the feature whose differing cells stand apart most cleanly; pieces
        # whose border differs on some sides only are judged by the border
        # neither way, and stay in doubt if it sets givens apart
        split = _split_borders(cells, empty, piece)
        found = []
        for name, feats in features:
            judged = [p for p in piece if p not in split] if name == "border" else piece
            f = _givens_against_empty(feats, empty, judged, LEAST[name], values)
            if f is not None:
                found.append((name, (f[0], f[1] + split, *f[2:]) if name == "border" else f))
        if found:
            # of the features that set givens apart cleanly, the one that sets
            # more of them apart (a piece's colour can tint one kind's ground)
            clear = [nf for nf in found if nf[1][2] >= GIVENS_CLEAR]
            name, (givens, doubtful, clarity, blank) = max(
                clear or found, key=lambda nf: (len(nf[1][0]), nf[1][2]) if clear else nf[1][2])
            if clarity < GIVENS_CLEAR:
                rd.givens = (f"piece cells differ from empty ones in their {name}, but not cleanly: "
                             "givens unsure")
                rd.unsure.extend(divmod(p, cols) for p in piece)
                return
            kinds_given = {int(values[p]) for p in givens}
            others = [p for p in piece if p not in givens and p not in doubtful]
            other_kinds = {int(values[p]) for p in others}
            if len(kinds_given) == 1 and len(other_kinds) == 1 and kinds_given != other_kinds:
                # the givens are exactly the pieces of one kind: the other
                # kind's colour may be what hides their given look
                doubtful += others
                rd.givens = (f"givens differ from the other cells in their {name}, but only pieces of one kind "
                             "do: the others' givens unsure")
            else:
                rd.givens = f"givens differ from the other cells in their {name}"
            for p in givens:
                rd.locked[divmod(p, cols)] = True
            rd.unsure.extend(divmod(p, cols) for p in doubtful)
            rd.blank_givens = [divmod(e, cols) for e in blank]
            rd.unsure.extend(rd.blank_givens)
            rd.filled = _filled_in_own_colour([cells[p].ground for p in givens],
                                              [int(values[p]) for p in givens], rd)
            return
    else:
        split = _split_borders(cells, piece, piece)
        for name, feats in features:
            judged = [p for p in piece if p not in split] if name == "border" else piece
            givens = _givens_on_full_board(feats, judged, values, LEAST[name])
            if givens is not None:
                for p in givens:
                    rd.locked[divmod(p, cols)] = True
                if name == "border":
                    rd.unsure.extend(divmod(p, cols) for p in split)
                rd.givens = f"givens differ from the other pieces in their {name}"
                return
    if len(empty) >= 2:
        # every piece may be a given (as at a game's start) or the player's
        rd.locked[:] = rd.values != EMPTY
        rd.givens = "givens look like the pieces a player places"
        rd.given_or_placed = [divmod(i, cols) for i in piece]
    else:
        rd.givens = "a full board whose givens look like the other pieces: givens unsure"
        rd.unsure.extend(divmod(i, cols) for i in piece)
