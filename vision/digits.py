"""Reading numbers: our own digit recogniser, for every game that prints
numbers (Zip's dots, Mini Sudoku's cells, Patches' clues).  No OCR service,
no network.

A number arrives as a mask of its ink (True where the glyphs are).  Its
glyphs are the mask's pieces side by side (pieces one above the other, or
overlapping in x, are one glyph); each glyph is cut to its box, scaled to
fit GLYPH_H x GLYPH_W keeping its shape, blurred a little, and compared by
normalised correlation with templates of the ten digits drawn in many
fonts (bold and regular sans faces like the games', a mono and a serif
face).  The glyph's holes (the loops of 0, 6, 8, 9) are counted too: a
template with another count scores HOLE_PENALTY less (at a dozen pixels
high a 5 and a 6 correlate almost as well; only the 6 is closed).  A glyph
is read when its best template scores at least MIN_SCORE and beats every
template of another digit by MIN_MARGIN; otherwise the number is unsure,
and says which glyph and why.

The templates are built from fonts once (``python -m
puzzlebot.vision.digits --build``) into ``digits.npz`` beside this module,
so the recogniser reads alike on every machine whatever fonts it has.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.vision.masks import grown

TEMPLATES = Path(__file__).with_name("digits.npz")
# Glyphs and templates are compared at this size (pixels): enough for a 4
# to read apart from a 9 and a 3 from an 8, small enough to be fast.
GLYPH_H, GLYPH_W = 28, 20
# The glyph is blurred by this Gaussian (pixels, at that size) before
# comparing: a stroke a pixel thicker or off does not change the read.
BLUR = 1.2
# A glyph is a digit when its best template's correlation is at least
# MIN_SCORE and leads the best template of any other digit by MIN_MARGIN
# (measured on the templates themselves and on LinkedIn's screenshots: right
# reads score 0.85-0.97, the closest other digit at least 0.1 lower).
MIN_SCORE, MIN_MARGIN = 0.6, 0.05
# A glyph is also read leaning back by each of these slants (x shift per
# unit of height: italic type leans 0.15-0.35 to the right), against the
# same upright templates: an italic 1 reads as a 2 upright (a stroke from top
# right to bottom left, and a foot), but as a 1, better, once set upright.
# A glyph that reads better as another digit at some slant is unsure.
SLANTS = (-0.35, -0.2, 0.2)
# ... but only a glyph read at a score under this: every misread of slanted
# type (all the machine's italic faces, 14-40 px) scored 0.64-0.84, and
# upright type reads at 0.9 or more more often than not.
SLANT_CHECKED_UNDER = 0.9
# A template whose count of holes differs from the glyph's loses this much.
HOLE_PENALTY = 0.15
# A hole is at least this share of the glyph's box (smaller ones are gaps
# between anti-aliased pixels).
HOLE_SHARE = 0.02
# Ink pieces smaller than this share of the number's height are specks.
SPECK = 0.12
# Two pieces are one glyph when they overlap in x by this share of the
# narrower one (a broken stroke, the dot of an i).
SAME_GLYPH = 0.5
# The digits of one number are as high as each other, within a pixel or
# this share of the tallest: a shorter glyph beside a digit is a piece of it
# (a 3 seven pixels high broken in two read as 13).
SAME_HEIGHT = 0.1
# A number is at most this many digits (puzzles count up to a few dozen).
MAX_DIGITS = 3
# A glyph wider than SPLIT_WIDE times its height is two digits that touch
# (small bold type): it is cut at its thinnest column within SPLIT_MIDDLE of
# its middle (at a run of such columns, the run is cut out: a bridge).
SPLIT_WIDE, SPLIT_MIDDLE = 0.95, 0.3
# Fonts the templates are drawn from, where the building machine has them:
# Arial-, Helvetica- and Verdana-like sans faces in bold and regular (the
# games' look), a condensed, a mono and a serif face.
FONT_FILES = (
    "truetype/liberation/LiberationSans-Bold.ttf", "truetype/liberation/LiberationSans-Regular.ttf",
    "truetype/liberation/LiberationSansNarrow-Bold.ttf", "truetype/liberation/LiberationMono-Bold.ttf",
    "truetype/dejavu/DejaVuSans-Bold.ttf", "truetype/dejavu/DejaVuSans.ttf",
    "truetype/dejavu/DejaVuSansCondensed-Bold.ttf", "truetype/dejavu/DejaVuSerif-Bold.ttf",
    "opentype/urw-base35/NimbusSans-Bold.otf", "opentype/urw-base35/NimbusSans-Regular.otf",
    "opentype/urw-base35/URWGothic-Demi.otf", "opentype/urw-base35/NimbusRoman-Bold.otf",
    "truetype/noto/NotoSans-Bold.ttf", "truetype/noto/NotoSans-Regular.ttf",
)


@dataclass
class NumberRead:
    """A number read from its ink: its value, or None with the reason."""

    value: int | None
    why: str = ""  # why it could not be read
    scores: list[tuple[str, float, float]] = field(default_factory=list)  # per glyph: digit, score, margin

    @property
    def sure(self) -> bool:
        return self.value is not None


def normalise(mask: np.ndarray) -> np.ndarray | None:
    """A glyph's ink cut to its box and scaled into GLYPH_H x GLYPH_W
    (centred, shape kept), blurred, as a zero-mean unit vector; None when
    there is no ink."""
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return None
    box = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    h, w = box.shape
    k = min(GLYPH_H / h, GLYPH_W / w)
    nh, nw = max(1, int(round(h * k))), max(1, int(round(w * k)))
    small = cv2.resize(box, (nw, nh), interpolation=cv2.INTER_AREA)
    out = np.zeros((GLYPH_H, GLYPH_W), np.float32)
    y0, x0 = (GLYPH_H - nh) // 2, (GLYPH_W - nw) // 2
    out[y0:y0 + nh, x0:x0 + nw] = small
    out = cv2.GaussianBlur(out, (0, 0), BLUR)
    v = out.ravel() - out.mean()
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else None


def holes(mask: np.ndarray) -> int:
    """How many closed loops the glyph's ink makes."""
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return 0
    box = np.pad(mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.uint8), 1)
    contours, hier = cv2.findContours(box, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if hier is None:
        return 0
    least = HOLE_SHARE * (box.shape[0] - 2) * (box.shape[1] - 2)
    return sum(1 for c, h in zip(contours, hier[0]) if h[3] >= 0 and cv2.contourArea(c) >= least)


@lru_cache(maxsize=1)
def _templates() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(templates as rows of unit vectors, their digits, their holes)."""
    with np.load(TEMPLATES) as f:
        return f["vectors"].astype(np.float32), f["digits"], f["holes"]


def classify(mask: np.ndarray) -> tuple[str | None, float, float]:
    """(digit, best score, lead over the best other digit) of one glyph."""
    v = normalise(mask)
    if v is None:
        return None, 0.0, 0.0
    vectors, digits, loops = _templates()
    shape = vectors @ v
    scores = shape - HOLE_PENALTY * (loops != holes(mask))
    best = int(np.argmax(scores))
    d = digits[best]
    other = float(scores[digits != d].max())
    if digits[int(np.argmax(shape))] != d:  # the holes alone decided: a loop closed or opened by blur (a 4 as a 1)
        return str(d), float(scores[best]), 0.0
    return str(d), float(scores[best]), float(scores[best] - other)


def glyphs(mask: np.ndarray) -> list[np.ndarray]:
    """The mask's glyphs, left to right: its pieces (specks dropped),
    those overlapping in x joined."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=4)
    if n <= 1:
        return []
    height = stats[1:, 3].max()
    parts = [i for i in range(1, n) if max(stats[i, 2], stats[i, 3]) >= SPECK * height]
    parts.sort(key=lambda i: stats[i, 0])
    groups: list[list[int]] = []
    for i in parts:
        x0, w = stats[i, 0], stats[i, 2]
        if groups:
            g = groups[-1]
            gx0 = min(stats[j, 0] for j in g)
            gx1 = max(stats[j, 0] + stats[j, 2] for j in g)
            overlap = min(gx1, x0 + w) - max(gx0, x0)
            if overlap >= SAME_GLYPH * min(w, gx1 - gx0):
                g.append(i)
                continue
        groups.append([i])
    out = []
    for g in groups:
        glyph = np.isin(labels, g)
        out.extend(_split(glyph))
    return out


def _split(glyph: np.ndarray) -> list[np.ndarray]:
    """One glyph, or two when it is as wide as two digits side by side."""
    ys, xs = np.nonzero(glyph)
    h, w = ys.max() - ys.min() + 1, xs.max() - xs.min() + 1
    if w <= SPLIT_WIDE * h:
        return [glyph]
    cols = glyph[:, xs.min():xs.max() + 1].sum(axis=0)
    lo, hi = int(w * (0.5 - SPLIT_MIDDLE / 2)), int(np.ceil(w * (0.5 + SPLIT_MIDDLE / 2)))
    cut = lo + int(np.argmin(cols[lo:hi]))
    end = cut  # the run of thinnest columns is the bridge (a 1's foot run into a 2's base): neither digit's
    while end + 1 < hi and cols[end + 1] == cols[cut]:
        end += 1
    cut, end = xs.min() + cut, xs.min() + end
    left, right = glyph.copy(), glyph.copy()
    left[:, cut:] = False
    right[:, :end + 1] = False
    return [part for part in (left, right) if part.any()]


def _read_slanted(glyph: np.ndarray, digit: str, score: float) -> str | None:
    """Another digit that ``glyph`` (read as ``digit`` at ``score``) reads
    as better at one of SLANTS, or None."""
    ys, xs = np.nonzero(glyph)
    box = glyph[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.uint8)
    h, w = box.shape
    for k in SLANTS:
        pad = int(np.ceil(abs(k) * h))
        m = np.float32([[1, k, pad if k < 0 else 0], [0, 1, 0]])  # x + k * y: leaning back by k
        sheared = cv2.warpAffine(box, m, (w + pad, h), flags=cv2.INTER_NEAREST) > 0
        d, s, lead = classify(sheared)
        if d is not None and d != digit and s > score and lead >= MIN_MARGIN:
            return d
    return None


def read_number(mask: np.ndarray) -> NumberRead:
    """The number whose ink is ``mask`` (True = ink), or why not."""
    parts = glyphs(mask)
    if not parts:
        return NumberRead(None, "no ink")
    if len(parts) > MAX_DIGITS:
        return NumberRead(None, f"{len(parts)} glyphs: not a number of at most {MAX_DIGITS} digits")
    heights = [int(np.ptp(np.nonzero(g)[0])) + 1 for g in parts]
    for i, h in enumerate(heights):
        if h < max(heights) - max(1.0, SAME_HEIGHT * max(heights)):
            return NumberRead(None, f"glyph {i + 1} is {h} px high, the number {max(heights)}: a piece of a "
                                    "broken digit?")
    text, scores = "", []
    for i, g in enumerate(parts):
        d, score, margin = classify(g)
        scores.append((d or "?", round(score, 3), round(margin, 3)))
        if d is None or score < MIN_SCORE:
            return NumberRead(None, f"glyph {i + 1} is like no digit (best {d}: {score:.2f})", scores)
        if margin < MIN_MARGIN:
            return NumberRead(None, f"glyph {i + 1} could be {d} or another digit (lead {margin:.2f})", scores)
        slanted = _read_slanted(g, d, score) if score < SLANT_CHECKED_UNDER else None
        if slanted is not None:
            return NumberRead(None, f"glyph {i + 1} reads as {d} upright but better as {slanted} set upright "
                                    "(slanted type?)", scores)
        text += d
    if len(text) > 1 and text[0] == "0":
        return NumberRead(None, f"'{text}' starts with 0: not a number the games print", scores)
    return NumberRead(int(text), "", scores)


def enclosed_ink(patch: np.ndarray, look: np.ndarray, ink: float) -> np.ndarray:
    """The pixels of ``patch`` (Lab) at least ``ink`` from ``look`` (a Lab
    colour) that the look encloses, not joined to the patch's border: a
    number printed on a disc or a cell, without the ground around them."""
    off = (np.linalg.norm(patch - look, axis=2) > ink).astype(np.uint8)
    if not off.any():
        return off.astype(bool)
    _, comp = cv2.connectedComponents(off, connectivity=4)
    border = set(np.unique(np.concatenate([comp[0], comp[-1], comp[:, 0], comp[:, -1]]))) - {0}
    return (comp > 0) & ~np.isin(comp, list(border))


def printed_numbers(inks: list[np.ndarray], transformed: bool = True) -> list[int | None]:
    """Each ink's number (None where unread), read upright, or else (with
    ``transformed``) as the image would be mirrored or turned back (a
    screenshot mirrored or turned shows its digits so), whichever of the
    eight reads the most."""
    best: list[int | None] = [None] * len(inks)
    for turn in range(4 if transformed else 1):
        for mirror in ((False, True) if transformed else (False,)):
            got = [None if not ink.any() else
                   read_number(np.ascontiguousarray(np.rot90(ink[:, ::-1] if mirror else ink, turn))).value
                   for ink in inks]
            if sum(v is not None for v in got) > sum(v is not None for v in best):
                best = got
    return best


# --- building the templates --------------------------------------------------------

def _render(font_path: Path, digit: str, px: int = 64) -> np.ndarray:
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(font_path), px)
    img = Image.new("L", (2 * px, 2 * px), 0)
    ImageDraw.Draw(img).text((px // 2, px // 4), digit, fill=255, font=font)
    return np.asarray(img) > 127


def build(roots=("/usr/share/fonts", "/usr/local/share/fonts")) -> int:
    """Draw the ten digits in every font of FONT_FILES found under ``roots``
    and save their normalised glyphs to TEMPLATES; the number of fonts."""
    vectors, digits, loops, used = [], [], [], []
    for rel in FONT_FILES:
        path = next((Path(r) / rel for r in roots if (Path(r) / rel).exists()), None)
        if path is None:
            continue
        used.append(rel)
        for d in "0123456789":
            for thicken in (0, 1):  # the font as drawn, and a pixel bolder (a bold face at small size)
                mask = _render(path, d)
                if thicken:
                    mask = grown(mask)
                vectors.append(normalise(mask))
                digits.append(int(d))
                loops.append(holes(mask))
    if not used:
        raise SystemExit("no font of FONT_FILES found: install fonts-liberation or fonts-dejavu-core")
    np.savez_compressed(TEMPLATES, vectors=np.stack(vectors).astype(np.float16), digits=np.array(digits, np.int8),
                        holes=np.array(loops, np.int8), fonts=np.array(used))
    return len(used)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.vision.digits", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", action="store_true", help=f"rebuild {TEMPLATES.name} from the fonts found")
    args = ap.parse_args(argv)
    if args.build:
        n = build()
        print(f"wrote {TEMPLATES} from {n} fonts")
        return 0
    ap.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
