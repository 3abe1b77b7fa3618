"""LinkedIn Patches (a Shikaku): divide the grid into rectangles, each
holding exactly one clue and fitting it: its shape ("square", "wide": wider
than tall, "tall": taller than wide, "any") and its area when the clue shows
one.  Tatham's Rectangles is the same with every clue "any" and an area.

Each clue's candidate rectangles (those holding it and no other clue, of
its shape and area) are bit masks of cells; the solver is exact cover over
them.  Counting the candidates left on each cell in bit planes (one, two or
more) finds at once every cell with a single candidate: those patches are
placed together, and only when none is left does the search branch, on a
cell with two candidates if there is one (Knuth's rule of the fewest, as in
our Dancing Links, :mod:`puzzlebot.solvers.dlx`, with which the tests
cross-check it).  LinkedIn's boards mostly need no branching at all; Python
integers as bit sets keep a solve to tens of microseconds.

Cells are (row, col) from 0; a rectangle is (row, col, height, width) of its
top-left cell.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from puzzlebot.solvers.errors import InputError, UnsolvableError
from puzzlebot.solvers.jsonio import loads
from puzzlebot.solvers.puzzle_files import split_puzzles

SHAPES = ("square", "wide", "tall", "any")
LETTER = {"square": "S", "wide": "W", "tall": "T", "any": "A"}
MIN_SIDE, MAX_SIDE = 2, 20
Cell = tuple[int, int]
Rect = tuple[int, int, int, int]


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def rect_name(rect: Rect) -> str:
    r, c, h, w = rect
    return f"{h}x{w} from {cell_name((r, c))} to {cell_name((r + h - 1, c + w - 1))}"


def fits(shape: str, h: int, w: int) -> bool:
    return shape == "any" or (shape == "square" and h == w) or (shape == "wide" and w > h) or \
        (shape == "tall" and h > w)


@dataclass
class PatchesPuzzle:
    """A Patches grid: its clues and the patches the player has drawn."""
    rows: int
    cols: int
    clues: dict[Cell, tuple[str, int | None]]  # cell -> (shape, area or None)
    rects: list[Rect] = field(default_factory=list)  # patches the player has drawn

    def to_json(self) -> dict:
        out = {"game": "patches", "size": [self.rows, self.cols],
               "clues": [[r, c, s, a] for (r, c), (s, a) in sorted(self.clues.items())],
               "rects": [list(x) for x in self.rects]}
        return out

    def to_text(self) -> str:
        lines = []
        for r in range(self.rows):
            toks = []
            for c in range(self.cols):
                if (r, c) in self.clues:
                    s, a = self.clues[(r, c)]
                    toks.append(LETTER[s] + ("" if a is None else str(a)))
                else:
                    toks.append(".")
            lines.append(" ".join(f"{t:>3}" for t in toks).rstrip())
        if self.rects:
            lines.append("patches:")
            lines += [f"{cell_name((r, c))} {h}x{w}" for r, c, h, w in self.rects]
        return "\n".join(lines) + "\n"


def make_puzzle(rows, cols, clues, rects=None, where: str = "input") -> PatchesPuzzle:
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (rows, cols)):
        raise InputError('"size" must be two whole numbers', where)
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise InputError(f"a Patches grid is {MIN_SIDE} to {MAX_SIDE} a side, not {rows}x{cols}", where)
    if not isinstance(clues, list) or not clues:
        raise InputError('"clues" must be a list of [row, col, shape, area or null]', where)
    out: dict[Cell, tuple[str, int | None]] = {}
    for i, clue in enumerate(clues, 1):
        if not isinstance(clue, (list, tuple)) or len(clue) != 4:
            raise InputError(f"clue {i} must be [row, col, shape, area or null], got {str(clue)[:40]}", where)
        r, c, s, a = clue
        if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < rows and 0 <= c < cols):
            raise InputError(f"clue {i} is off the {rows}x{cols} grid: {str(clue)[:40]}", where)
        if s not in SHAPES:
            raise InputError(f"clue {i}: shape {str(s)[:20]!r} is not one of {', '.join(SHAPES)}", where)
        if a is not None and not (isinstance(a, int) and not isinstance(a, bool) and 1 <= a <= rows * cols):
            raise InputError(f"clue {i}: area {str(a)[:20]!r} is not a whole number 1 to {rows * cols}", where)
        if (r, c) in out:
            raise InputError(f"two clues at {cell_name((r, c))}", where)
        out[(r, c)] = (s, a)
    if rects is not None and not isinstance(rects, (list, tuple)):
        raise InputError('"rects" must be a list of [row, col, height, width]', where)
    drawn = []
    for i, x in enumerate(rects or [], 1):
        if not (isinstance(x, (list, tuple)) and len(x) == 4 and all(isinstance(v, int) for v in x)):
            raise InputError(f"patch {i} must be [row, col, height, width]", where)
        r, c, h, w = x
        if h < 1 or w < 1 or r < 0 or c < 0 or r + h > rows or c + w > cols:
            raise InputError(f"patch {i} ({x}) is off the {rows}x{cols} grid", where)
        drawn.append((r, c, h, w))
    return PatchesPuzzle(rows, cols, out, drawn)


def _text_clue(tok: str, where: str, r: int, c: int) -> tuple[str, int | None]:
    shape = {v: k for k, v in LETTER.items()}.get(tok[0].upper())
    if shape is None or (len(tok) > 1 and not (tok[1:].isascii() and tok[1:].isdigit())):  # "²" is a digit too
        raise InputError(f"row {r + 1}, cell {c + 1}: {tok!r} is not a clue (S, W, T or A, then the area if "
                         "shown: S4, W6, A) nor '.'", where)
    return shape, int(tok[1:]) if len(tok) > 1 else None


def parse_patches(text: str, where: str = "input") -> PatchesPuzzle:
    if text.lstrip().startswith("{"):
        d = loads(text, where)
        if not isinstance(d, dict):
            raise InputError("expected a JSON object", where)
        if d.get("game", "patches") != "patches":
            raise InputError(f"this is a {str(d.get('game'))[:20]!r} puzzle, not Patches", where)
        size = d.get("size")
        if not (isinstance(size, list) and len(size) == 2):
            raise InputError('"size" must be [rows, cols]', where)
        return make_puzzle(size[0], size[1], d.get("clues"), d.get("rects"), where)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if "patches:" in lines:
        k = lines.index("patches:")
        grid, drawn_lines = lines[:k], lines[k + 1:]
    else:
        grid, drawn_lines = lines, []
    if not grid:
        raise InputError("no grid found (rows of '.' and clues such as S4, W6, T3, A)", where)
    rows = [ln.split() for ln in grid]
    cols = len(rows[0])
    clues = []
    for r, toks in enumerate(rows):
        if len(toks) != cols:
            raise InputError(f"row {r + 1} has {len(toks)} cells, the first row {cols}", where)
        for c, tok in enumerate(toks):
            if tok != ".":
                s, a = _text_clue(tok, where, r, c)
                clues.append([r, c, s, a])
    drawn = []
    for ln in drawn_lines:
        try:
            at, size = ln.split()
            r, c = at.lower().lstrip("r").split("c")
            h, w = size.lower().split("x")
            drawn.append([int(r) - 1, int(c) - 1, int(h), int(w)])
        except ValueError:
            raise InputError(f"patch line {ln!r}: expected 'r2c3 2x3' (top-left cell, height x width)", where) from None
    return make_puzzle(len(rows), cols, clues, drawn, where)


def parse_patches_many(text: str, where: str = "input") -> list[tuple[str, PatchesPuzzle]]:
    """One puzzle, or several: JSON Lines, or text blocks each after a
    ``# puzzle`` line (what ``generate patches --count K`` writes)."""
    return split_puzzles(text, where, parse_patches)


# --- rules -------------------------------------------------------------------------------

def cells_of(rect: Rect) -> list[Cell]:
    r, c, h, w = rect
    return [(i, j) for i in range(r, r + h) for j in range(c, c + w)]


def violations(p: PatchesPuzzle, rects: list[Rect], whole: bool = True) -> list[str]:
    """The rules ``rects`` break, in words (``whole``: they must also cover
    the grid)."""
    out, owner = [], {}
    for rect in rects:
        r, c, h, w = rect
        if h < 1 or w < 1 or r < 0 or c < 0 or r + h > p.rows or c + w > p.cols:
            out.append(f"the patch {rect_name(rect)} runs off the grid")
            continue
        inside = [cell for cell in cells_of(rect) if cell in p.clues]
        if len(inside) != 1:
            out.append(f"the patch {rect_name(rect)} holds {len(inside)} clues, not one")
        else:
            s, a = p.clues[inside[0]]
            if not fits(s, h, w):
                out.append(f"the patch {rect_name(rect)} is not {s} as the clue at {cell_name(inside[0])} asks")
            if a is not None and a != h * w:
                out.append(f"the patch {rect_name(rect)} covers {h * w} cells, the clue at {cell_name(inside[0])} "
                           f"says {a}")
        for cell in cells_of(rect):
            if cell in owner:
                out.append(f"{cell_name(cell)} is in two patches")
            owner[cell] = rect
    if whole:
        left = [(r, c) for r in range(p.rows) for c in range(p.cols) if (r, c) not in owner]
        if left:
            out.append(f"{len(left)} cells are in no patch ({', '.join(cell_name(x) for x in left[:4])}"
                       f"{', ...' if len(left) > 4 else ''})")
    return out


def rects_of_masks(masks: list[int], cols: int) -> list[Rect]:
    """The rectangles whose cells are the bits of each mask (a box's)."""
    row = (1 << cols) - 1
    out = []
    for m in masks:
        at = (m & -m).bit_length() - 1
        w = (m >> at & row).bit_length()
        out.append((at // cols, at % cols, m.bit_count() // w, w))
    return out


def _candidate_masks(p: PatchesPuzzle) -> dict[Cell, list[int]]:
    """Each clue's possible patches as cell masks: boxes holding it and no
    other clue, of its shape and area (plain loops: a call per box would
    cost more than the box).  A clue with no area shown gets no more cells
    than the others leave: each of them takes its area, or one cell."""
    rows, cols = p.rows, p.cols
    clue_bits = 0
    for r, c in p.clues:
        clue_bits |= 1 << (r * cols + c)
    column = [0]  # column[h]: the first cell of each of h rows, so a box h x w is column[h] * (2^w - 1)
    for h in range(rows):
        column.append(column[-1] | 1 << (h * cols))
    boxes: dict[int, list[tuple[int, int, int]]] = {}  # area -> (height, width, mask at the corner)
    # cells left for the clues with no area shown: each other clue takes its area or at least one cell
    room = rows * cols - sum(1 if a is None else a for _, a in p.clues.values())
    out = {}
    for cell, (shape, area) in p.clues.items():
        cr, cc = cell
        others = clue_bits ^ (1 << (cr * cols + cc))
        out[cell] = found = []
        if area is not None:  # each box of that area and shape at each place holding the clue, no other
            if room < 0:  # the areas shown add up to more than the grid
                continue
            if area not in boxes:
                boxes[area] = [(h, area // h, column[h] * ((1 << (area // h)) - 1))
                               for h in range(1, min(area, rows) + 1) if area % h == 0 and area // h <= cols]
            for h, w, block in boxes[area]:
                if shape == "any" or (h == w if shape == "square" else w > h if shape == "wide" else h > w):
                    # the box's top-left corner: rows r_lo..r_hi, columns c_lo..c_hi
                    r_lo, r_hi = cr - h + 1 if cr >= h else 0, cr if cr + h <= rows else rows - h
                    c_lo, c_hi = cc - w + 1 if cc >= w else 0, cc if cc + w <= cols else cols - w
                    for r0 in range(r_lo, r_hi + 1):
                        for at in range(r0 * cols + c_lo, r0 * cols + c_hi + 1):  # the corner's bit
                            m = block << at
                            if not m & others:
                                found.append(m)
            continue
        # no area shown: grow boxes from the clue, no larger than the other clues leave; a side
        # moved further out only adds cells, so once another clue is inside, or too many cells, stop
        most = room + 1
        for r0 in range(cr, -1, -1):
            for c0 in range(cc, -1, -1):
                h, w = cr + 1 - r0, cc + 1 - c0
                if h * w > most or column[h] * ((1 << w) - 1) << (r0 * cols + c0) & others:
                    break
                for h in range(cr + 1 - r0, rows - r0 + 1):
                    for w in range(cc + 1 - c0, cols - c0 + 1):
                        m = column[h] * ((1 << w) - 1) << (r0 * cols + c0)
                        if h * w > most or m & others:
                            break
                        if fits(shape, h, w):
                            found.append(m)
                    else:
                        continue
                    if w == cc + 1 - c0:  # the narrowest box this tall is already too big or holds a clue
                        break
            else:
                continue
            if c0 == cc:  # so is the box of the clue's column alone from this row
                break
    return out


def candidates(p: PatchesPuzzle) -> dict[Cell, list[Rect]]:
    """Each clue's possible patches: rectangles holding it and no other
    clue, of its shape and area, and no larger than the other clues leave."""
    return {clue: rects_of_masks(found, p.cols) for clue, found in _candidate_masks(p).items()}


def mask_of(rect: Rect, cols: int) -> int:
    r, c, h, w = rect
    row = ((1 << w) - 1) << c
    m = 0
    for i in range(r, r + h):
        m |= row << (i * cols)
    return m


@dataclass
class PatchesAnswer:
    """The patches of the first solution found, and how many solutions (up to ``limit``)."""
    rects: list[Rect] | None
    count: int
    limit: int | None
    nodes: int

    @property
    def solutions(self):
        return "more than one" if self.limit is not None and self.count >= self.limit > 1 else self.count

    def to_json(self) -> dict:
        return {"game": "patches", "rects": [list(x) for x in self.rects] if self.rects else None,
                "solutions": self.solutions}


def solve(p: PatchesPuzzle, limit: int | None = 2, keep: list[Rect] | None = None) -> PatchesAnswer:
    """Up to ``limit`` ways to divide the grid (the first one given);
    ``keep``: patches that must stay as they are (a player's right ones)."""
    full = (1 << (p.rows * p.cols)) - 1
    covered = 0
    kept = list(dict.fromkeys(keep or ()))
    for rect in kept:
        m = mask_of(rect, p.cols)
        if m & covered:
            return PatchesAnswer(None, 0, limit, 0)
        covered |= m
    placed = {cell for rect in kept for cell in cells_of(rect) if cell in p.clues}
    live = [m for clue, found in _candidate_masks(p).items() if clue not in placed
            for m in found if not m & covered]
    out: list[list[int]] = []
    nodes = [0]

    def search(cov: int, live: list[int], chosen: list[int]) -> bool:
        nodes[0] += 1
        while True:
            # the cells one live patch covers, and those two or more do
            once = twice = 0
            for m in live:
                twice |= once & m
                once |= m
            free = full & ~cov
            if free & ~once:  # a cell no patch can cover
                return False
            single = free & ~twice
            if not single:
                break
            # a cell with one patch left takes it: all such patches at once
            forced = [m for m in live if m & single]
            for m in forced:
                if m & cov:  # two forced patches overlap
                    return False
                cov |= m
            chosen = chosen + forced
            live = [m for m in live if not m & cov]
        if cov == full:
            out.append(chosen)
            return limit is not None and len(out) >= limit
        once = twice = thrice = 0
        for m in live:
            thrice |= twice & m
            twice |= once & m
            once |= m
        pick = free & ~thrice or free  # a cell with two patches left, else any
        low = pick & -pick
        for m in [m for m in live if m & low]:
            if search(cov | m, [x for x in live if not x & m], chosen + [m]):
                return True
        return False

    search(covered, live, [])
    rects = sorted(kept + rects_of_masks(out[0], p.cols)) if out else None
    return PatchesAnswer(rects, len(out), limit, nodes[0])


def no_solution(p: PatchesPuzzle) -> UnsolvableError:
    empty = [clue for clue, rects in candidates(p).items() if not rects]
    why = f" (no patch fits the clue at {cell_name(empty[0])})" if empty else ""
    return UnsolvableError(f"no solution: the grid cannot be divided as the clues ask{why}")


# --- hints ---------------------------------------------------------------------------------

@dataclass
class Hint:
    """The next patch to draw and why, or a wrong patch to take away."""
    rect: Rect | None = None
    clue: Cell | None = None
    rule: str = ""
    because: str = ""
    solved: bool = False
    wrong: Rect | None = None

    def level(self, k: int) -> str:
        if self.solved:
            return "the puzzle is solved already"
        if self.wrong is not None:
            return f"the patch {rect_name(self.wrong)} is not in the solution: take it away"
        if self.rect is None:
            return "no single step is forced: try a patch for the clue with fewest choices"
        if k == 1:
            return f"look at the clue at {cell_name(self.clue)}"
        if k == 2:
            return f"use the rule: {self.rule}"
        return f"the clue at {cell_name(self.clue)} takes the patch {rect_name(self.rect)}: {self.because}"


def hint(p: PatchesPuzzle) -> Hint:
    """The next forced patch, from the patches drawn: a clue with one
    possible patch left, or a cell only one clue's patches reach (when that
    leaves the clue one patch)."""
    ans = solve(p, limit=2)
    if p.rects and not violations(p, p.rects) and ans.count:
        return Hint(solved=True)
    if ans.count:
        right = set(ans.rects)
        for rect in p.rects:
            if rect not in right:
                return Hint(wrong=rect)
    kept = [x for x in p.rects]
    taken = 0
    for rect in kept:
        taken |= mask_of(rect, p.cols)
    placed = {cell for rect in kept for cell in cells_of(rect) if cell in p.clues}
    live = {clue: [x for x in rects if not mask_of(x, p.cols) & taken]
            for clue, rects in candidates(p).items() if clue not in placed}
    for clue, rects in sorted(live.items()):
        if len(rects) == 1:
            return Hint(rects[0], clue, "a clue with one patch left that fits it",
                        "no other rectangle of its shape and area holds it and no other clue")
    reach: dict[Cell, set[Cell]] = {}
    for clue, rects in live.items():
        for x in rects:
            for cell in cells_of(x):
                reach.setdefault(cell, set()).add(clue)
    for r in range(p.rows):
        for c in range(p.cols):
            who = reach.get((r, c), set())
            if (r, c) not in p.clues and not taken >> (r * p.cols + c) & 1 and len(who) == 1:
                clue = next(iter(who))
                rects = [x for x in live[clue] if (r, c) in cells_of(x)]
                if len(rects) == 1:
                    return Hint(rects[0], clue, "a cell only one clue can reach",
                                f"{cell_name((r, c))} can only belong to it, and one of its patches covers it")
    return Hint(None)


# --- generating ------------------------------------------------------------------------------

def _partition(rows: int, cols: int, rng: random.Random, max_area: int) -> list[Rect]:
    """A random division of the grid into rectangles of 2 to ``max_area``
    cells (split the largest piece at random until each is small)."""
    todo, out = [(0, 0, rows, cols)], []
    while todo:
        r, c, h, w = todo.pop()
        if h * w <= max_area and (h * w <= 3 or rng.random() < 0.45):
            out.append((r, c, h, w))
            continue
        cuts = [("h", k) for k in range(1, h) if k * w >= 2 and (h - k) * w >= 2] + \
               [("v", k) for k in range(1, w) if k * h >= 2 and (w - k) * h >= 2]
        if not cuts:
            out.append((r, c, h, w))
            continue
        how, k = rng.choice(cuts)
        todo += [(r, c, k, w), (r + k, c, h - k, w)] if how == "h" else [(r, c, h, k), (r, c + k, h, w - k)]
    return out


def shape_of(h: int, w: int) -> str:
    return "square" if h == w else "wide" if w > h else "tall"


def generate(rows: int, cols: int, seed: int, tries: int = 500, any_share: float = 0.15,
             hidden_share: float = 0.15) -> tuple[PatchesPuzzle, list[Rect]]:
    """A puzzle with exactly one solution, and that solution.  Clues sit in
    a random cell of each patch; some say "any" shape, some hide their area
    (never both)."""
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise InputError(f"a Patches grid is {MIN_SIDE} to {MAX_SIDE} a side, not {rows}x{cols}")
    rng = random.Random(seed)
    max_area = max(4, min(12, rows * cols // 5))
    for _ in range(tries):
        rects = _partition(rows, cols, rng, max_area)
        clues = {}
        for r, c, h, w in rects:
            cell = (r + rng.randrange(h), c + rng.randrange(w))
            shape, area = shape_of(h, w), h * w
            x = rng.random()
            if x < any_share:
                shape = "any"
            elif x < any_share + hidden_share:
                area = None
            clues[cell] = (shape, area)
        p = PatchesPuzzle(rows, cols, clues)
        if solve(p, limit=2).count == 1:
            return p, sorted(rects)
        # tell the clues more (shapes, then areas) before drawing again
        for cell, (shape, area) in list(clues.items()):
            rect = next(x for x in rects if cell in cells_of(x))
            clues[cell] = (shape_of(rect[2], rect[3]), rect[2] * rect[3])
            if solve(PatchesPuzzle(rows, cols, clues), limit=2).count == 1:
                return PatchesPuzzle(rows, cols, clues), sorted(rects)
    raise UnsolvableError(f"no {rows}x{cols} puzzle with one solution in {tries} tries (seed {seed})")


def render(p: PatchesPuzzle, rects: list[Rect]) -> str:
    """The grid with each patch's cells shown by one letter (the clue cells
    by its capital)."""
    names = "abcdefghijklmnopqrstuvwxyz0123456789"
    grid = [["."] * p.cols for _ in range(p.rows)]
    for k, rect in enumerate(sorted(rects)):
        ch = names[k % len(names)]
        for r, c in cells_of(rect):
            grid[r][c] = ch.upper() if (r, c) in p.clues else ch
    return "\n".join(" ".join(row) for row in grid)
