"""Ripple Effect: the model, seed 002's reduction to exact cover, a checker.

Rules: a room of n cells holds 1..n once each; two equal numbers N in one row
or column need at least N cells between them.

Reduction (seed 002): one DLX row per (cell, value), covering
  primary    ("cell", r, c)       every cell gets exactly one number
             ("room", id, v)      every room holds each of its numbers once
  secondary  (dir, v, r', c')     for dir in up/down/left/right: the cell
                                  itself and the v cells beyond it that
                                  another v may not occupy (its "ripple")
Two equal values too close in a line share a ripple column, so at most one
of them can be chosen.  By default only the down and right ripples are used
(see REDUCTIONS); "seed" builds all four.

JSON format: ``{"game": "ripple", "rooms": [[0, 0, 1, ...], ...],
"givens": [[0, 2, 0, ...], ...]}`` (0 = empty); the files in
../shared/data/ripple/ add ``id``, ``solution`` and other keys, ignored here.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from puzzlebot.solvers import jsonio
from puzzlebot.solvers.dlx import CancelToken, ExactCover, StepCallback
from puzzlebot.solvers.errors import InputError, UnsolvableError

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
# The seed's four ripple sets are redundant in pairs: two equal values too
# close in a column always share a cell of the upper one's "down" set, and
# in a row of the left one's "right" set.  The compact reduction keeps only
# those two, halving the secondary columns per row (same search tree).
REDUCTIONS = {"seed": tuple(DIRECTIONS), "compact": ("down", "right")}


@dataclass
class RipplePuzzle:
    """A Ripple Effect board: its rooms and given digits."""
    rooms: list[list[int]]
    givens: list[list[int]]
    name: str = ""
    room_cells: dict[int, list[tuple[int, int]]] = field(default_factory=dict, repr=False)

    @property
    def rows(self) -> int:
        return len(self.rooms)

    @property
    def cols(self) -> int:
        return len(self.rooms[0])

    def room_size(self, r: int, c: int) -> int:
        return len(self.room_cells[self.rooms[r][c]])


def _grid(data, key: str, where: str) -> list[list[int]]:
    g = data.get(key)
    if not isinstance(g, list) or not g or not all(isinstance(row, list) for row in g):
        raise InputError(f"'{key}' must be a grid: a list of rows of integers", where)
    width = len(g[0])
    for i, row in enumerate(g):
        if len(row) != width:
            raise InputError(f"'{key}' is not rectangular: row {i + 1} has {len(row)} cells, row 1 has {width}", where)
        for j, v in enumerate(row):
            if not isinstance(v, int) or isinstance(v, bool):
                raise InputError(f"'{key}' row {i + 1}, column {j + 1}: {v!r} is not an integer", where)
    if width == 0:
        raise InputError(f"'{key}' has empty rows", where)
    return g


# Supported sizes: a room of n cells holds 1..n, so the search's options grow
# with the square of a room's size; published puzzles have rooms of under 10.
MAX_ROOM, MAX_SIDE = 40, 50


def make_puzzle(rooms: list[list[int]], givens: list[list[int]] | None = None, name: str = "",
                where: str = "puzzle") -> RipplePuzzle:
    """Validate and build a puzzle (rooms connected, givens fit their rooms)."""
    data = {"rooms": rooms, "givens": givens if givens is not None else [[0] * len(rooms[0]) for _ in rooms]}
    rooms = _grid(data, "rooms", where)
    givens = _grid(data, "givens", where)
    if (len(givens), len(givens[0])) != (len(rooms), len(rooms[0])):
        raise InputError(
            f"'givens' is {len(givens)}x{len(givens[0])} but 'rooms' is {len(rooms)}x{len(rooms[0])}", where
        )
    if len(rooms) > MAX_SIDE or len(rooms[0]) > MAX_SIDE:
        raise InputError(f"the grid is {len(rooms)}x{len(rooms[0])}: at most {MAX_SIDE}x{MAX_SIDE} is supported", where)
    cells: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(rooms):
        for c, rid in enumerate(row):
            cells.setdefault(rid, []).append((r, c))
    big = max(cells, key=lambda k: len(cells[k]))
    if len(cells[big]) > MAX_ROOM:
        raise InputError(f"room {big} has {len(cells[big])} cells: rooms of at most {MAX_ROOM} cells are supported "
                         "(its numbers would run to its size)", where)
    for rid, members in cells.items():
        seen = {members[0]}
        todo = deque([members[0]])
        mset = set(members)
        while todo:
            r, c = todo.popleft()
            for dr, dc in DIRECTIONS.values():
                nb = (r + dr, c + dc)
                if nb in mset and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != len(members):
            apart = next(m for m in members if m not in seen)
            raise InputError(
                f"room {rid} is not connected: r{members[0][0] + 1}c{members[0][1] + 1} and "
                f"r{apart[0] + 1}c{apart[1] + 1} are in separate parts", where
            )
    for r, row in enumerate(givens):
        for c, v in enumerate(row):
            size = len(cells[rooms[r][c]])
            if v < 0:
                raise InputError(f"given at r{r + 1}c{c + 1} is negative ({v})", where)
            if v > size:
                raise InputError(
                    f"given {v} at r{r + 1}c{c + 1} is larger than its room ({size} cells)", where
                )
    return RipplePuzzle(rooms, givens, name, cells)


def parse_ripple(text: str, where: str = "input") -> RipplePuzzle:
    if not text.strip():
        raise InputError("empty file: expected a Ripple Effect puzzle in JSON", where)
    data = jsonio.loads(text, where)
    if not isinstance(data, dict):
        raise InputError("JSON must be an object with 'rooms' and 'givens'", where)
    if data.get("game", "ripple") != "ripple":
        raise InputError(f"this is a {data.get('game')!r} puzzle, not Ripple Effect", where)
    rooms = _grid(data, "rooms", where)
    givens = _grid(data, "givens", where) if "givens" in data else None
    return make_puzzle(rooms, givens, str(data.get("id", "")), where)


# --- the reduction -----------------------------------------------------------


def _ripple(p: RipplePuzzle, r: int, c: int, v: int, directions) -> list[tuple]:
    out = []
    for name in directions:
        dr, dc = DIRECTIONS[name]
        for k in range(v + 1):
            rr, cc = r + k * dr, c + k * dc
            if 0 <= rr < p.rows and 0 <= cc < p.cols:
                out.append((name, v, rr, cc))
    return out


def reduction(p: RipplePuzzle, kind: str = "compact",
              cancel: CancelToken | None = None) -> tuple[ExactCover, list[tuple[int, int, int]]]:
    """The exact cover problem and what each of its rows means: (r, c, v).
    ``kind``: "seed" (up/down/left/right ripples) or "compact" (down/right).
    ``cancel`` is honoured while building too (big puzzles take seconds)."""
    directions = REDUCTIONS[kind]
    max_v = max(len(m) for m in p.room_cells.values())
    # DLX breaks ties between equally short columns by their order: cells of
    # small rooms first (their values are the most constrained) cut the
    # search on the real puzzles 3.5-fold against plain row-major order.
    cells = sorted(((r, c) for r in range(p.rows) for c in range(p.cols)),
                   key=lambda rc: (p.room_size(*rc), rc))
    primary = [("cell", r, c) for r, c in cells]
    primary += [("room", rid, v) for rid, m in sorted(p.room_cells.items()) for v in range(1, len(m) + 1)]
    secondary = [(d, v, r, c) for d in directions for v in range(1, max_v + 1)
                 for r in range(p.rows) for c in range(p.cols)]
    rows, meaning = [], []
    for r in range(p.rows):
        if cancel is not None:
            cancel.check("while building the problem")
        for c in range(p.cols):
            size = p.room_size(r, c)
            given = p.givens[r][c]
            for v in ([given] if given else range(1, size + 1)):
                rows.append([("cell", r, c), ("room", p.rooms[r][c], v)] + _ripple(p, r, c, v, directions))
                meaning.append((r, c, v))
    return ExactCover(primary, rows, secondary, cancel), meaning


def render(p: RipplePuzzle, grid: list[list[int]], marks: set[tuple[int, int]] | None = None) -> str:
    """ASCII drawing: '+', '-' and '|' only where two rooms meet.  ``marks``
    (e.g. the cell just placed) are shown in brackets."""
    R, C = p.rows, p.cols
    room = p.rooms
    marks = marks or set()
    out = []
    for r in range(R + 1):
        line = ""
        for c in range(C + 1):
            line += "+"
            if c < C:
                wall = r == 0 or r == R or room[r - 1][c] != room[r][c]
                line += "---" if wall else "   "
        out.append(line)
        if r == R:
            break
        line = ""
        for c in range(C + 1):
            wall = c == 0 or c == C or room[r][c - 1] != room[r][c]
            line += "|" if wall else " "
            if c < C:
                v = grid[r][c]
                txt = str(v) if v else "."
                line += f"[{txt}]" if (r, c) in marks else f" {txt} "
        out.append(line)
    return "\n".join(out)


@dataclass
class RippleAnswer:
    """The first solution found, and how many solutions (up to ``limit``)."""
    solution: list[list[int]] | None  # the first solution found
    count: int  # solutions found, up to the limit asked for
    limit: int | None
    nodes: int
    puzzle: RipplePuzzle | None = field(default=None, repr=False)

    def count_text(self) -> str:
        if self.limit is not None and self.count >= self.limit and self.limit > 1:
            return "more than one solution"
        return {0: "no solution", 1: "exactly one solution"}.get(self.count, f"{self.count} solutions")

    def to_text(self, count: bool = False) -> str:
        """The solved grid with its rooms drawn; how many solutions there are
        when asked (``count``) or when there is more than one."""
        if self.solution is None:
            return "no solution"
        out = render(self.puzzle, self.solution)
        if count or self.count > 1:
            out += "\n" + ("exactly one solution" if self.count == 1 else "more than one solution (this is one)")
        return out

    def to_json(self) -> dict:
        return {"game": "ripple", "grid": self.solution, "solutions": "more than one" if self.count > 1 else self.count}


PlaceCallback = Callable[[str, "tuple[int, int, int] | None", int], None]


def solve(p: RipplePuzzle, limit: int | None = 2, on_place: PlaceCallback | None = None,
          cancel: CancelToken | None = None, kind: str = "compact") -> RippleAnswer:
    """Search up to ``limit`` solutions (2 tells unique from not).

    ``on_place(event, (r, c, v) or None, depth)`` sees the search as
    placements: "cover" puts v at (r, c), "uncover" takes it back,
    "solution" marks a full grid (views animate this)."""
    ec, meaning = reduction(p, kind, cancel)
    on_step: StepCallback | None = None
    if on_place is not None:
        def on_step(event: str, row: int, depth: int) -> None:
            on_place(event, meaning[row] if row >= 0 else None, depth)
    first = None
    count = 0
    for rows in ec.solutions(limit=limit, on_step=on_step, cancel=cancel):
        count += 1
        if first is None:
            first = [[0] * p.cols for _ in range(p.rows)]
            for i in rows:
                r, c, v = meaning[i]
                first[r][c] = v
    return RippleAnswer(first, count, limit, ec.stats.nodes, p)


def no_solution(p: RipplePuzzle) -> UnsolvableError:
    """The error for a puzzle the search proved impossible."""
    givens = any(any(row) for row in p.givens)
    return UnsolvableError("no solution: no way to fill the rooms keeps equal numbers far enough apart"
                           + (" and keeps the givens" if givens else ""))


def violations(p: RipplePuzzle, grid: list[list[int]]) -> list[str]:
    """Every rule ``grid`` breaks, named (an independent check of answers)."""
    out = []
    for rid, members in sorted(p.room_cells.items()):
        vals = sorted(grid[r][c] for r, c in members)
        if vals != list(range(1, len(members) + 1)):
            out.append(f"room {rid} ({len(members)} cells) holds {vals}, not 1..{len(members)} once each")
    for r in range(p.rows):
        for c in range(p.cols):
            v = grid[r][c]
            if p.givens[r][c] and p.givens[r][c] != v:
                out.append(f"r{r + 1}c{c + 1} is given as {p.givens[r][c]} but holds {v}")
            for dr, dc in ((0, 1), (1, 0)):
                for k in range(1, v + 1):
                    rr, cc = r + k * dr, c + k * dc
                    if rr < p.rows and cc < p.cols and grid[rr][cc] == v:
                        out.append(f"two {v}s at r{r + 1}c{c + 1} and r{rr + 1}c{cc + 1} have only "
                                   f"{k - 1} cells between them (need {v})")
    return out
