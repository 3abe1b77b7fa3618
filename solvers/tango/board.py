"""The Tango board: size, cell values, locked givens and edge constraints.

Formats (see ../shared/DESIGN.md):

* JSON: ``{"game": "tango", "rows": ["S....S", ...], "edges": [[0, 2, 0, 3,
  "x"], ...], "locked": ["S....S", ...]}``: ``rows`` every piece shown (upper
  case, as in every game's JSON), ``locked`` the givens among them.  We always
  write ``locked``; read without it, every piece in ``rows`` is a given.
* text: the rows (``S`` sun, ``M`` moon, ``.`` empty; lower-case ``s``/``m``
  for a piece placed by the player, not locked), then one constraint per
  line: ``r1 c1 r2 c2 =`` or ``r1 c1 r2 c2 x`` (0-based), or the JSON list
  form ``[0, 2, 0, 3, "x"]``.  Blank lines and ``#`` comments are ignored.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from puzzlebot.solvers import jsonio
from puzzlebot.solvers.errors import InputError, UnsolvableError
from puzzlebot.solvers.tango.rules import violations
from puzzlebot.solvers.tango.symbols import EMPTY, EQUAL, MOON, NAME, OPPOSITE, SUN, SYMBOL, cell_name, opposite

__all__ = ["EMPTY", "EQUAL", "MOON", "NAME", "OPPOSITE", "SUN", "SYMBOL", "cell_name", "opposite",
           "MAX_BOARD", "Edge", "TangoBoard", "parse_edges", "parse_tango", "parse_tango_many", "board_from_json"]

# The largest board read and solved: Tatham's Unruly deals 16x16 and larger
# (a 20x20 of its boards solves in about 50 ms; an empty 20x20 is counted to
# two answers in about 150 ms).  Generating stops at 14 (generate.MAX_SIZE).
MAX_BOARD = 20


@dataclass(frozen=True, order=True)
class Edge:
    """A constraint between orthogonal neighbours; (r1, c1) comes first."""

    r1: int
    c1: int
    r2: int
    c2: int
    kind: str  # "=" or "x"

    @property
    def horizontal(self) -> bool:
        return self.r1 == self.r2

    def cells(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return (self.r1, self.c1), (self.r2, self.c2)

    def as_list(self) -> list:
        return [self.r1, self.c1, self.r2, self.c2, self.kind]

    def describe(self) -> str:
        sign = "=" if self.kind == EQUAL else "×"
        return f"{cell_name(self.r1, self.c1)} {sign} {cell_name(self.r2, self.c2)}"


@dataclass
class TangoBoard:
    """A Tango board: its cells (pieces), which are given, and the = and x signs between cells."""
    size: int
    cells: list[list[int]]
    locked: list[list[bool]]
    edges: list[Edge] = field(default_factory=list)

    # --- construction -------------------------------------------------------

    @classmethod
    def empty(cls, size: int) -> "TangoBoard":
        return cls(size, [[EMPTY] * size for _ in range(size)], [[False] * size for _ in range(size)], [])

    @classmethod
    def from_rows(
        cls,
        rows: list[str],
        edges: list | None = None,
        locked: list[str] | None = None,
        where: str = "board",
    ) -> "TangoBoard":
        """Build and validate a board from rows of S/M/. (s/m: placed, unlocked)."""
        n = len(rows)
        if n == 0:
            raise InputError("no rows", where)
        if n % 2:
            raise InputError(f"Tango boards have an even size; this one is {n}x{n}", where)
        if n > MAX_BOARD:
            raise InputError(f"the board is {n}x{n}: boards up to {MAX_BOARD}x{MAX_BOARD} are supported "
                             "(LinkedIn's is 6x6)", where)
        cells: list[list[int]] = []
        lock: list[list[bool]] = []
        for i, row in enumerate(rows):
            if len(row) != n:
                raise InputError(f"row {i + 1} has {len(row)} cells, expected {n} (the board is {n}x{n})", where)
            crow, lrow = [], []
            for j, ch in enumerate(row):
                v = {"S": SUN, "M": MOON, ".": EMPTY, "s": SUN, "m": MOON}.get(ch)
                if v is None:
                    raise InputError(
                        f"row {i + 1}, column {j + 1}: unexpected {ch!r} (use S, M, . or s, m for unlocked pieces)",
                        where,
                    )
                crow.append(v)
                lrow.append(ch in "SM")
            cells.append(crow)
            lock.append(lrow)
        if locked is not None:
            if len(locked) != n or any(len(r) != n for r in locked):
                raise InputError(f"'locked' must be {n} rows of {n} characters", where)
            lock = [[ch in "SMsm" for ch in row] for row in locked]
            for i in range(n):
                for j in range(n):
                    if lock[i][j]:
                        want = {"S": SUN, "M": MOON, "s": SUN, "m": MOON}[locked[i][j]]
                        if cells[i][j] != want:
                            raise InputError(
                                f"{cell_name(i, j)} is locked as {NAME[want]} but rows show {NAME[cells[i][j]]}",
                                where,
                            )
        board = cls(n, cells, lock, [])
        board.edges = parse_edges(edges or [], n, where)
        broken = violations(board)
        if broken:  # well-formed, but no solution: exit 3 as every game's impossible puzzle
            raise UnsolvableError(f"{where}: no solution: the givens already break a rule: {broken[0].text}")
        return board

    def copy(self) -> "TangoBoard":
        return TangoBoard(self.size, [r[:] for r in self.cells], [r[:] for r in self.locked], list(self.edges))

    # --- views --------------------------------------------------------------

    def rows_text(self, show_unlocked: bool = True) -> list[str]:
        out = []
        for crow, lrow in zip(self.cells, self.locked):
            s = ""
            for v, lk in zip(crow, lrow):
                ch = SYMBOL[v]
                s += ch if lk or not show_unlocked else ch.lower()
            out.append(s)
        return out

    def givens(self) -> "TangoBoard":
        """The puzzle as the game starts: locked cells only."""
        b = self.copy()
        b.cells = [[v if lk else EMPTY for v, lk in zip(cr, lr)] for cr, lr in zip(self.cells, self.locked)]
        return b

    def is_full(self) -> bool:
        return all(v != EMPTY for row in self.cells for v in row)

    def count_clues(self) -> int:
        return sum(lk for row in self.locked for lk in row) + len(self.edges)

    def to_json(self) -> dict:
        return {"game": "tango", "rows": self.rows_text(show_unlocked=False),
                "locked": ["".join(SYMBOL[v] if lk else "." for v, lk in zip(cr, lr))
                           for cr, lr in zip(self.cells, self.locked)],
                "edges": [e.as_list() for e in self.edges]}

    def to_text(self) -> str:
        lines = self.rows_text()
        lines += [f"{e.r1} {e.c1} {e.r2} {e.c2} {e.kind}" for e in self.edges]
        return "\n".join(lines) + "\n"

    def render(self) -> str:
        """The board drawn for a terminal, with = and × between cells."""
        n = self.size
        h = {(e.r1, e.c1): e.kind for e in self.edges if e.horizontal}
        v = {(e.r1, e.c1): e.kind for e in self.edges if not e.horizontal}
        sym = {EQUAL: "=", OPPOSITE: "×"}
        lines = []
        for r in range(n):
            row = ""
            for c in range(n):
                ch = SYMBOL[self.cells[r][c]]
                if self.cells[r][c] != EMPTY and not self.locked[r][c]:
                    ch = ch.lower()
                row += ch
                if c < n - 1:
                    row += f" {sym.get(h.get((r, c)), ' ')} "
            lines.append(row.rstrip())
            if r < n - 1:
                sep = "   ".join(sym.get(v.get((r, c)), " ") for c in range(n)).rstrip()
                lines.append(sep)
        return "\n".join(lines)


def parse_edges(raw: list, n: int, where: str) -> list[Edge]:
    """Validate edge constraints: neighbours, on the grid, no disagreement."""
    seen: dict[tuple, str] = {}
    out: list[Edge] = []
    for i, item in enumerate(raw):
        label = f"constraint {i + 1} {json.dumps(item) if not isinstance(item, Edge) else item.as_list()}"
        if isinstance(item, Edge):
            item = item.as_list()
        if not (isinstance(item, (list, tuple)) and len(item) == 5):
            raise InputError(f"{label}: expected [r1, c1, r2, c2, \"=\" or \"x\"]", where)
        r1, c1, r2, c2, kind = item
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (r1, c1, r2, c2)):
            raise InputError(f"{label}: coordinates must be integers", where)
        kind = {"=": EQUAL, "x": OPPOSITE, "X": OPPOSITE, "×": OPPOSITE}.get(kind) if isinstance(kind, str) else None
        if kind is None:
            raise InputError(f"{label}: the sign must be \"=\" or \"x\"", where)
        for r, c in ((r1, c1), (r2, c2)):
            if not (0 <= r < n and 0 <= c < n):
                raise InputError(f"{label}: cell ({r}, {c}) is off the {n}x{n} grid (0-based)", where)
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise InputError(f"{label}: ({r1}, {c1}) and ({r2}, {c2}) are not neighbours", where)
        if (r2, c2) < (r1, c1):
            r1, c1, r2, c2 = r2, c2, r1, c1
        key = (r1, c1, r2, c2)
        if key in seen:
            if seen[key] != kind:
                raise InputError(
                    f"{label}: the edge {cell_name(r1, c1)}-{cell_name(r2, c2)} has both = and x", where
                )
            continue
        seen[key] = kind
        out.append(Edge(r1, c1, r2, c2, kind))
    return sorted(out)


_EDGE_LINE = re.compile(r"^\s*(\d+)\s*,?\s*(\d+)\s*,?\s*(\d+)\s*,?\s*(\d+)\s*,?\s*(\S+)\s*$")


def parse_tango(text: str, where: str = "input") -> TangoBoard:
    """A board in the JSON or the text format (chosen by the first character)."""
    stripped = text.strip()
    if not stripped:
        raise InputError("empty file: expected a Tango board (rows of S, M and .)", where)
    if stripped[0] == "{":
        return board_from_json(jsonio.loads(stripped, where), where)
    rows: list[str] = []
    edges: list = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if re.fullmatch(r"[SMsm.]+", line):
            if edges:
                raise InputError(f"line {lineno}: a board row after the constraints", where)
            rows.append(line)
            continue
        if line.startswith("["):
            try:
                edges.append(jsonio.loads(line, where))
            except InputError:
                raise InputError(f"line {lineno}: cannot read constraint {line[:40]!r}", where) from None
            continue
        if not edges and re.fullmatch(r"[^\s\d\[]+", line):  # meant as a board row
            bad = next(ch for ch in line if ch not in "SMsm.")
            raise InputError(
                f"line {lineno}, column {line.index(bad) + 1}: unexpected {bad!r} "
                f"(rows use S, M, . and s, m for unlocked pieces)", where
            )
        m = _EDGE_LINE.match(line)
        if not m:
            raise InputError(
                f"line {lineno}: expected a row of S/M/. or a constraint 'r1 c1 r2 c2 =|x', got {line!r}", where
            )
        edges.append([int(m.group(i)) for i in range(1, 5)] + [m.group(5)])
    return TangoBoard.from_rows(rows, edges, where=where)


def parse_tango_many(text: str, where: str = "input") -> list[tuple[str, TangoBoard]]:
    """Every puzzle in a file: one board (text or JSON), JSON Lines (one
    JSON board per line), or text boards separated by blank lines (as
    ``generate`` writes them).  Returns (where, board) pairs, ``where``
    naming the puzzle for messages."""
    stripped = text.strip()
    if not stripped:
        raise InputError("empty file: expected a Tango board (rows of S, M and .)", where)
    if stripped[0] == "{":
        lines = [ln for ln in stripped.splitlines() if ln.strip()]
        if len(lines) > 1 and all(ln.lstrip().startswith("{") for ln in lines):
            return [(f"{where}: puzzle {i}", board_from_json(jsonio.loads(ln, f"{where}: line {i}"), f"{where}: puzzle {i}"))
                    for i, ln in enumerate(lines, 1)]
        return [(where, parse_tango(text, where))]
    # text: a board row after constraints, or after a blank line that ends a
    # full board, starts the next puzzle
    blocks: list[list[str]] = [[]]
    rows = edges = 0
    blank = False
    for line in text.splitlines():
        body = line.split("#", 1)[0].strip()
        if not body:
            blank = blank or rows > 0
            blocks[-1].append(line)
            continue
        is_row = re.fullmatch(r"[SMsm.]+", body) is not None
        if is_row and (edges or (blank and rows >= len(body))):
            blocks.append([])
            rows = edges = 0
        if is_row:
            rows += 1
        else:
            edges += 1
        blank = False
        blocks[-1].append(line)
    blocks = [b for b in blocks if any(ln.split("#", 1)[0].strip() for ln in b)]
    if len(blocks) == 1:
        return [(where, parse_tango(text, where))]
    return [(f"{where}: puzzle {i}", parse_tango("\n".join(b), f"{where}: puzzle {i}")) for i, b in enumerate(blocks, 1)]


def board_from_json(data, where: str = "input") -> TangoBoard:
    if not isinstance(data, dict):
        raise InputError("JSON must be an object with 'rows' and 'edges'", where)
    game = data.get("game", "tango")
    if game != "tango":
        raise InputError(f"this is a {game!r} puzzle, not Tango", where)
    rows = data.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise InputError("'rows' must be a list of strings like \"S....M\"", where)
    edges = data.get("edges", [])
    if not isinstance(edges, list):
        raise InputError("'edges' must be a list of [r1, c1, r2, c2, \"=\"|\"x\"]", where)
    locked = data.get("locked")
    if locked is not None and not (isinstance(locked, list) and all(isinstance(r, str) for r in locked)):
        raise InputError("'locked' must be a list of strings", where)
    return TangoBoard.from_rows(rows, edges, locked, where)
