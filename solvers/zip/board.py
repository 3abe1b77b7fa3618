"""LinkedIn Zip's vocabulary: the puzzle, its file formats and the rules.

An r x c grid (3x3 to 12x12; LinkedIn deals 6x6 to 8x8) with numbered cells 1..k and walls between some
pairs of neighbouring cells.  The answer is one path that starts on 1,
visits the numbers in order, ends on k, passes through every cell exactly
once and never crosses a wall; consecutive cells of the path share a side.

* JSON: ``{"game": "zip", "size": [r, c], "numbers": [[r, c, k], ...],
  "walls": [[r1, c1, r2, c2], ...]}`` (rows and columns from 0; a wall names
  the two cells it separates), optionally ``"path": [[r, c], ...]``: the
  path drawn so far from 1 (``detect`` writes it, ``--hint`` continues it);
* text: one line per row, a token per cell (``.`` or the cell's number),
  then optionally ``walls:`` and one wall per line, ``r2c3 r2c4`` (rows and
  columns from 1, as a person counts them);
* :func:`violations`: the independent rules checker of a path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.jsonio import loads

MIN_SIDE, MAX_SIDE = 3, 12
Cell = tuple[int, int]
# A cell's path links, as bits: the way to the neighbour above, right, below, left.
UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
STEPS = ((UP, -1, 0), (RIGHT, 0, 1), (DOWN, 1, 0), (LEFT, 0, -1))
# The bit of a cell (0..) that says it is on the path drawn (besides its links).
ON_PATH = 16


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def wall_key(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    """The one spelling of the wall (or edge) between two cells: sorted."""
    return (a, b) if a <= b else (b, a)


@dataclass
class ZipPuzzle:
    """A Zip grid: its numbers, walls and the path drawn so far."""
    rows: int
    cols: int
    numbers: dict[Cell, int]  # cell -> its number, 1..k
    walls: set[tuple[Cell, Cell]] = field(default_factory=set)  # wall_key pairs of neighbours
    path: list[Cell] = field(default_factory=list)  # drawn so far, from 1

    @property
    def last(self) -> int:
        return max(self.numbers.values())

    def cell_of(self, k: int) -> Cell:
        return next(c for c, v in self.numbers.items() if v == k)

    def open(self, a: Cell, b: Cell) -> bool:
        """Whether the path may step between neighbours a and b."""
        return wall_key(a, b) not in self.walls

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        out = []
        for _, dr, dc in STEPS:
            n = (r + dr, c + dc)
            if 0 <= n[0] < self.rows and 0 <= n[1] < self.cols and self.open(cell, n):
                out.append(n)
        return out

    def to_json(self) -> dict:
        out = {"game": "zip", "size": [self.rows, self.cols],
               "numbers": [[r, c, k] for (r, c), k in sorted(self.numbers.items(), key=lambda kv: kv[1])],
               "walls": [[a[0], a[1], b[0], b[1]] for a, b in sorted(self.walls)],
               "path": [list(p) for p in self.path or []]}
        return out

    def to_text(self) -> str:
        width = len(str(self.last))
        lines = [" ".join(str(self.numbers.get((r, c), ".")).rjust(width) for c in range(self.cols))
                 for r in range(self.rows)]
        if self.walls:
            lines.append("walls:")
            lines += [f"{cell_name(a)} {cell_name(b)}" for a, b in sorted(self.walls)]
        return "\n".join(lines) + "\n"

    def render(self, path: list[Cell] | None = None) -> str:
        """The grid drawn in text: numbers (``o`` for the other cells of the
        path, ``.`` off it), the path's steps as ``---`` and ``|``, walls as
        ``#``."""
        path = self.path if path is None else path
        on = set(path)
        links = {wall_key(a, b) for a, b in zip(path, path[1:])}
        out = []
        for r in range(self.rows):
            line = ""
            for c in range(self.cols):
                v = self.numbers.get((r, c))
                line += (str(v) if v is not None else ("o" if (r, c) in on else ".")).center(3)
                if c + 1 < self.cols:
                    e = wall_key((r, c), (r, c + 1))
                    line += "#" if e in self.walls else ("-" if e in links else " ")
            out.append(line.rstrip())
            if r + 1 < self.rows:
                below = ""
                for c in range(self.cols):
                    e = wall_key((r, c), (r + 1, c))
                    below += (" # " if e in self.walls else " | " if e in links else "   ") + " "
                out.append(below.rstrip())
        return "\n".join(out)


def _check_cell(v, rows: int, cols: int, what: str, where: str) -> Cell:
    if (not isinstance(v, (list, tuple)) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
            or not (0 <= v[0] < rows and 0 <= v[1] < cols)):
        raise InputError(f"{what}: {str(v)[:40]} is not a [row, col] of the {rows}x{cols} board", where)
    return (v[0], v[1])


def make_puzzle(rows: int, cols: int, numbers, walls, path=(), where: str = "input") -> ZipPuzzle:
    """A checked puzzle: sizes, numbers 1..k each once, walls between
    neighbours; InputError naming what is wrong."""
    for name, v in (("rows", rows), ("columns", cols)):
        if not isinstance(v, int) or isinstance(v, bool) or not MIN_SIDE <= v <= MAX_SIDE:
            raise InputError(f"a Zip board has {MIN_SIDE} to {MAX_SIDE} {name}, not {str(v)[:20]}", where)
    nums: dict[Cell, int] = {}
    if not isinstance(numbers, (list, tuple)):
        raise InputError("numbers must be a list of [row, col, k]", where)
    for item in numbers:
        if not isinstance(item, (list, tuple)) or len(item) != 3:
            raise InputError(f"numbers: {str(item)[:40]} is not [row, col, k]", where)
        cell = _check_cell(list(item[:2]), rows, cols, "numbers", where)
        k = item[2]
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= rows * cols:
            raise InputError(f"numbers: {str(k)[:20]} at {cell_name(cell)} is not a number from 1 to "
                             f"{rows * cols}", where)
        if cell in nums:
            raise InputError(f"numbers: {cell_name(cell)} holds two numbers", where)
        nums[cell] = k
    ks = sorted(nums.values())
    if len(ks) < 2 or ks != list(range(1, len(ks) + 1)):
        raise InputError(f"the numbers must be 1 to k, each once, with k at least 2 (got {ks[:12]})", where)
    ws = set()
    if not isinstance(walls, (list, tuple)):
        raise InputError("walls must be a list of [r1, c1, r2, c2]", where)
    for w in walls:
        if not isinstance(w, (list, tuple)) or len(w) != 4:
            raise InputError(f"walls: {str(w)[:40]} is not [r1, c1, r2, c2]", where)
        a = _check_cell(list(w[:2]), rows, cols, "walls", where)
        b = _check_cell(list(w[2:]), rows, cols, "walls", where)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InputError(f"walls: {cell_name(a)} and {cell_name(b)} are not neighbours", where)
        ws.add(wall_key(a, b))
    if not isinstance(path, (list, tuple)):
        raise InputError("path must be a list of [row, col]", where)
    p = ZipPuzzle(rows, cols, nums, ws)
    p.path = [_check_cell(v, rows, cols, "path", where) for v in path]
    broken = path_violations(p, p.path, whole=False)
    if broken:
        raise InputError(f"path: {broken[0]}", where)
    return p


def parse_zip(text: str, where: str = "input") -> ZipPuzzle:
    """Our JSON or text format (see the module's docstring)."""
    if text.lstrip().startswith("{"):
        d = loads(text, where)
        if not isinstance(d, dict):
            raise InputError("expected a JSON object", where)
        if d.get("game", "zip") != "zip":
            raise InputError(f"this is a {str(d.get('game'))[:20]!r} puzzle, not Zip", where)
        size = d.get("size")
        if not isinstance(size, list) or len(size) != 2:
            raise InputError('"size" must be [rows, cols]', where)
        return make_puzzle(size[0], size[1], d.get("numbers", []), d.get("walls", []), d.get("path", []), where)
    lines = [ln.split("#", 1)[0].strip() if not ln.lstrip().startswith("#") else "" for ln in text.splitlines()]
    grid, walls, in_walls = [], [], False
    for i, ln in enumerate(lines, 1):
        if not ln:
            continue
        if ln.lower().rstrip(":") == "walls":
            in_walls = True
            continue
        if in_walls:
            m = re.fullmatch(r"r(\d+)c(\d+)\s*[-\s|,]\s*r(\d+)c(\d+)", ln.lower())
            if not m:
                raise InputError(f"line {i}: a wall is two cells like 'r2c3 r2c4', got {ln[:40]!r}", where)
            walls.append([int(m.group(1)) - 1, int(m.group(2)) - 1, int(m.group(3)) - 1, int(m.group(4)) - 1])
            continue
        row = []
        for tok in ln.split():
            if tok == ".":
                row.append(None)
            elif tok.isascii() and tok.isdigit() and len(tok) <= 4:  # "²" is a digit to str.isdigit
                row.append(int(tok))
            else:
                raise InputError(f"line {i}: a cell is '.' or its number, got {tok[:20]!r}", where)
        grid.append(row)
    if not grid:
        raise InputError("no board found (expected rows of '.' and numbers)", where)
    cols = len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise InputError(f"row {r + 1} has {len(row)} cells, row 1 has {cols}", where)
    numbers = [[r, c, v] for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None]
    return make_puzzle(len(grid), cols, numbers, walls, (), where)


def parse_zip_many(text: str, where: str = "input") -> list[tuple[str, ZipPuzzle]]:
    """One puzzle, or several: JSON Lines, or text blocks separated by a
    blank line (what ``generate zip --count K`` writes)."""
    stripped = text.strip()
    if stripped.startswith("{") and "\n" in stripped and not stripped.startswith("{\n"):
        lines = [ln for ln in stripped.splitlines() if ln.strip()]
        if all(ln.lstrip().startswith("{") for ln in lines) and len(lines) > 1:
            return [(f"{where}, line {i}", parse_zip(ln, f"{where}, line {i}")) for i, ln in enumerate(lines, 1)]
    if stripped.startswith("{"):
        return [(where, parse_zip(text, where))]
    blocks, cur = [], []
    for ln in text.splitlines() + [""]:
        if ln.strip():
            cur.append(ln)
        elif cur and any(x.strip() and not x.lstrip().startswith("#") for x in cur):
            blocks.append(cur)
            cur = []
        else:
            cur = []
    # a blank line inside one puzzle (before "walls:") keeps it one puzzle
    merged: list[list[str]] = []
    for b in blocks:
        first = next(x for x in b if not x.lstrip().startswith("#")).strip().lower()
        if merged and first.rstrip(":") == "walls":
            merged[-1] += b
        else:
            merged.append(b)
    if len(merged) <= 1:
        return [(where, parse_zip(text, where))]
    return [(f"{where}, puzzle {i}", parse_zip("\n".join(b), f"{where}, puzzle {i}")) for i, b in enumerate(merged, 1)]


def path_violations(p: ZipPuzzle, path: list[Cell], whole: bool = True) -> list[str]:
    """Every rule a path breaks, in words (empty: it obeys them all).
    ``whole``: it must be the whole answer; else a start drawn from 1."""
    out = []
    if not path:
        return ["the path is empty"] if whole else []
    if path[0] != p.cell_of(1):
        out.append(f"the path starts on {cell_name(path[0])}, not on 1 at {cell_name(p.cell_of(1))}")
    seen = set()
    for a, b in zip(path, path[1:]):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            out.append(f"{cell_name(a)} and {cell_name(b)} are not neighbours")
        elif not p.open(a, b):
            out.append(f"the path crosses the wall between {cell_name(a)} and {cell_name(b)}")
    for cell in path:
        if not (0 <= cell[0] < p.rows and 0 <= cell[1] < p.cols):
            out.append(f"{cell} is off the board")
        if cell in seen:
            out.append(f"the path passes {cell_name(cell)} twice")
        seen.add(cell)
    order = [p.numbers[c] for c in path if c in p.numbers]
    if order != list(range(1, len(order) + 1)):
        out.append(f"the path meets the numbers in the order {order[:12]}, not 1, 2, 3, ...")
    if whole:
        missing = [(r, c) for r in range(p.rows) for c in range(p.cols) if (r, c) not in seen]
        if missing:
            out.append(f"{len(missing)} cells are not on the path ({cell_name(missing[0])} first)")
        if path[-1] != p.cell_of(p.last):
            out.append(f"the path ends on {cell_name(path[-1])}, not on {p.last} at {cell_name(p.cell_of(p.last))}")
    return out


def unjoinable(numbers: dict[Cell, int], cells: int) -> str:
    """Why numbers on a grid of ``cells`` cannot be a Zip puzzle, or "": the
    path passes the numbers in order, so between k and k + 1 it crosses at
    least their distance less one cells without a number, none of them shared
    with another stretch.  Number tiles of other games (Tatham's Fifteen and
    Twiddle: a number on every cell, or all but one) need far more free cells
    than they leave; every Zip puzzle that has an answer needs at most as
    many as it leaves."""
    at = {k: rc for rc, k in numbers.items()}
    ks = sorted(at)
    need = sum(abs(at[a][0] - at[b][0]) + abs(at[a][1] - at[b][1]) - 1 for a, b in zip(ks, ks[1:]))
    free = cells - len(numbers)
    if need <= free:
        return ""
    return (f"joining its {len(ks)} numbers in order takes at least {need} cells without a number, and the grid "
            f"has {free}")


def links(p: ZipPuzzle, path: list[Cell]) -> list[list[int]]:
    """Each cell's value as the bot reads it off the screen: ON_PATH when
    the path drawn covers it, plus a bit (UP, RIGHT, DOWN, LEFT) for each
    side the path leaves it by."""
    out = [[0] * p.cols for _ in range(p.rows)]
    for cell in path:
        out[cell[0]][cell[1]] |= ON_PATH
    for a, b in zip(path, path[1:]):
        for bit, dr, dc in STEPS:
            if (a[0] + dr, a[1] + dc) == b:
                out[a[0]][a[1]] |= bit
                out[b[0]][b[1]] |= {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}[bit]
    return out
