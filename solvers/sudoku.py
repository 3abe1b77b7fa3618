"""LinkedIn Mini Sudoku (and the 4x4 and 9x9 kinds): every row, column and
box holds 1..n once.  A 6x6 grid has six 2x3 boxes; 4x4 four 2x2; 9x9 nine
3x3.

* files: n lines of digits and ``.`` (the givens), optionally a blank line
  and n lines of the digits a player entered (``.`` elsewhere); or JSON
  ``{"game": "sudoku", "size": [6, 6], "givens": ["1..2..", ...],
  "entries": ["......", ...]}``;
* :func:`solve`: candidates as bit masks, the two singles a person uses
  (a cell with one candidate left; a digit with one place left in a row,
  column or box) until they stall, then a guess on the cell with the fewest
  candidates; up to ``limit`` solutions;
* :func:`hint` / :func:`explain`: those singles in words;
* :func:`violations`: an independent rules checker;
* :func:`generate`: puzzles with one solution, graded by the deductions
  they need.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from puzzlebot.solvers.errors import InputError, UnsolvableError
from puzzlebot.solvers.jsonio import loads
from puzzlebot.solvers.puzzle_files import split_puzzles

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}  # side -> (box rows, box cols)
Cell = tuple[int, int]


def cell_name(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


@dataclass
class SudokuPuzzle:
    """A Sudoku grid: its givens and the digits a player entered."""
    n: int
    givens: list[list[int]]  # 0 empty
    entries: list[list[int]] = field(default_factory=list)  # digits a player entered (0 elsewhere)

    def __post_init__(self):
        if not self.entries:
            self.entries = [[0] * self.n for _ in range(self.n)]

    @property
    def box(self) -> tuple[int, int]:
        return BOXES[self.n]

    def shown(self) -> list[list[int]]:
        """Every digit on the board: givens and entries."""
        return [[g or e for g, e in zip(gr, er)] for gr, er in zip(self.givens, self.entries)]

    def units(self) -> list[tuple[str, list[Cell]]]:
        """Rows, columns and boxes, named as a person names them."""
        n, (br, bc) = self.n, self.box
        out = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
        out += [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                name = f"the box of rows {r0 + 1}-{r0 + br}, columns {c0 + 1}-{c0 + bc}"
                out.append((name, [(r, c) for r in range(r0, r0 + br) for c in range(c0, c0 + bc)]))
        return out

    def to_json(self) -> dict:
        return {"game": "sudoku", "size": [self.n, self.n], "givens": rows_text(self.givens),
                "entries": rows_text(self.entries)}

    def to_text(self) -> str:
        text = "\n".join(rows_text(self.givens)) + "\n"
        if any(any(row) for row in self.entries):
            text += "\n" + "\n".join(rows_text(self.entries)) + "\n"
        return text


def rows_text(grid: list[list[int]]) -> list[str]:
    return ["".join(str(v) if v else "." for v in row) for row in grid]


def _grid(rows, n: int | None, what: str, where: str) -> list[list[int]]:
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise InputError(f"{what} must be a list of strings, one character per cell", where)
    rows = [r.strip() for r in rows]
    n = n or len(rows)
    if n not in BOXES:
        raise InputError(f"a Sudoku is 4x4, 6x6 or 9x9, this one has {len(rows)} rows", where)
    if len(rows) != n:
        raise InputError(f"{what}: {len(rows)} rows, expected {n}", where)
    out = []
    for i, row in enumerate(rows, 1):
        if len(row) != n:
            raise InputError(f"{what}: row {i} has {len(row)} cells, expected {n}", where)
        vals = []
        for ch in row:
            if ch in ".0":
                vals.append(0)
            elif ch.isascii() and ch.isdigit() and 1 <= int(ch) <= n:  # "²" is a digit to str.isdigit
                vals.append(int(ch))
            else:
                raise InputError(f"{what}: row {i} holds {ch!r}; a cell is 1 to {n} or '.'", where)
        out.append(vals)
    return out


def make_puzzle(givens, entries=None, where: str = "input") -> SudokuPuzzle:
    g = _grid(givens, None, "givens", where)
    n = len(g)
    e = _grid(entries, n, "entries", where) if entries else [[0] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            if g[r][c] and e[r][c]:
                raise InputError(f"{cell_name((r, c))} holds a given and an entry", where)
    return SudokuPuzzle(n, g, e)


def parse_sudoku(text: str, where: str = "input") -> SudokuPuzzle:
    if text.lstrip().startswith("{"):
        d = loads(text, where)
        if not isinstance(d, dict):
            raise InputError("expected a JSON object", where)
        if d.get("game", "sudoku") != "sudoku":
            raise InputError(f"this is a {str(d.get('game'))[:20]!r} puzzle, not Sudoku", where)
        p = make_puzzle(d.get("givens"), d.get("entries"), where)
        size = d.get("size", [p.n, p.n])
        if size != [p.n, p.n]:
            raise InputError(f'"size" says {size}, the givens are {p.n}x{p.n}', where)
        return p
    blocks, cur = [], []
    for ln in [ln.strip() for ln in text.splitlines() if not ln.lstrip().startswith("#")] + [""]:
        if ln:
            cur.append(ln)
        elif cur:
            blocks.append(cur)
            cur = []
    if not blocks:
        raise InputError("no board found (expected rows of digits and '.')", where)
    if len(blocks) > 2:
        raise InputError("expected the givens, then optionally the entries, separated by a blank line", where)
    return make_puzzle(blocks[0], blocks[1] if len(blocks) > 1 else None, where)


def parse_sudoku_many(text: str, where: str = "input") -> list[tuple[str, SudokuPuzzle]]:
    """One puzzle, or several: JSON Lines, or text blocks each after a
    ``# puzzle`` line (what ``generate sudoku --count K`` writes)."""
    return split_puzzles(text, where, parse_sudoku)


def violations(p: SudokuPuzzle, grid: list[list[int]], whole: bool = True) -> list[str]:
    """Every rule the grid breaks, in words (empty: none); ``whole``: every
    cell must be filled; the givens must be kept."""
    out = []
    n = p.n
    for r in range(n):
        for c in range(n):
            if p.givens[r][c] and grid[r][c] != p.givens[r][c]:
                out.append(f"{cell_name((r, c))} must keep its given {p.givens[r][c]}")
            if whole and not grid[r][c]:
                out.append(f"{cell_name((r, c))} is empty")
    for name, cells in p.units():
        seen: dict[int, Cell] = {}
        for cell in cells:
            v = grid[cell[0]][cell[1]]
            if v and v in seen:
                out.append(f"{name} holds {v} twice ({cell_name(seen[v])} and {cell_name(cell)})")
            seen.setdefault(v, cell)
    return out


# --- solving --------------------------------------------------------------------


class _Board:
    """Candidates of every cell as bit masks (bit d-1 for digit d), with the
    peers and units computed once per size."""

    _tables: dict[int, tuple] = {}

    def __init__(self, n: int):
        if n not in self._tables:
            p = SudokuPuzzle(n, [[0] * n for _ in range(n)])
            units = [[r * n + c for r, c in cells] for _, cells in p.units()]
            peers = [sorted({x for u in units if i in u for x in u} - {i}) for i in range(n * n)]
            self._tables[n] = (units, peers, [name for name, _ in p.units()])
        self.n = n
        self.units, self.peers, self.unit_names = self._tables[n]
        self.all = (1 << n) - 1


def _assign(b: _Board, cand: list[int], i: int, d: int) -> bool:
    """Put digit d (bit) in cell i and propagate the singles; False on a contradiction."""
    todo = [(i, d)]
    while todo:
        i, bit = todo.pop()
        if not cand[i] & bit:
            return False
        cand[i] = bit
        for j in b.peers[i]:
            if cand[j] & bit:
                cand[j] &= ~bit
                if not cand[j]:
                    return False
                if cand[j] & (cand[j] - 1) == 0:  # one candidate left
                    todo.append((j, cand[j]))
    return True


def _hidden(b: _Board, cand: list[int]) -> bool | None:
    """One pass of hidden singles; True when something was placed, None on a
    contradiction.  Per unit, the digits seen once and more than once are
    two masks: the once-only digits not yet placed are the singles."""
    placed = False
    for unit in b.units:
        once = twice = done = 0
        for i in unit:
            m = cand[i]
            twice |= once & m
            once |= m
            if m & (m - 1) == 0:
                done |= m
        if once != b.all:
            return None  # a digit with no place left in this unit
        singles = once & ~twice & ~done
        while singles:
            bit = singles & -singles
            singles &= singles - 1
            at = [i for i in unit if cand[i] & bit]  # (placing the others may have moved it)
            if not at:
                return None
            if len(at) == 1 and cand[at[0]] != bit:
                if not _assign(b, cand, at[0], bit):
                    return None
                placed = True
    return placed


def _search(b: _Board, cand: list[int], limit: int | None, out: list[list[int]], stats: list[int]) -> None:
    stats[0] += 1
    while True:
        h = _hidden(b, cand)
        if h is None:
            return
        if not h:
            break
    best, best_n = -1, 99
    for i, m in enumerate(cand):
        k = m.bit_count()
        if k > 1 and k < best_n:
            best, best_n = i, k
            if k == 2:
                break
    if best < 0:
        out.append(list(cand))
        return
    m = cand[best]
    while m:
        bit = m & -m
        m &= m - 1
        nxt = list(cand)
        if _assign(b, nxt, best, bit):
            _search(b, nxt, limit, out, stats)
            if limit is not None and len(out) >= limit:
                return


@dataclass
class SudokuAnswer:
    """The first filled grid found, and how many solutions (up to ``limit``)."""
    grid: list[list[int]] | None
    count: int
    limit: int | None
    nodes: int
    puzzle: SudokuPuzzle | None = field(default=None, repr=False)

    @property
    def solutions(self):
        return "more than one" if self.limit is not None and self.count >= self.limit > 1 else self.count

    def to_json(self) -> dict:
        return {"game": "sudoku", "grid": rows_text(self.grid) if self.grid else None, "solutions": self.solutions}

    def to_text(self) -> str:
        n, (br, bc) = self.puzzle.n, self.puzzle.box
        lines = []
        for r, row in enumerate(self.grid):
            if r and r % br == 0:
                lines.append("-" * (2 * n + 2 * (n // bc - 1) - 1))
            cells = []
            for c, v in enumerate(row):
                if c and c % bc == 0:
                    cells.append("|")
                cells.append(str(v))
            lines.append(" ".join(cells))
        count = {1: "exactly one solution", 0: "no solution"}.get(self.count, "more than one solution "
                                                                          "(this is one of them)")
        return "\n".join(lines) + "\n" + count


def _start(p: SudokuPuzzle, with_entries: bool) -> tuple[_Board, list[int]] | None:
    b = _Board(p.n)
    cand = [b.all] * (p.n * p.n)
    grid = p.shown() if with_entries else p.givens
    for r in range(p.n):
        for c in range(p.n):
            if grid[r][c] and not _assign(b, cand, r * p.n + c, 1 << (grid[r][c] - 1)):
                return None
    return b, cand


def solve(p: SudokuPuzzle, limit: int | None = 2, with_entries: bool = False) -> SudokuAnswer:
    """Up to ``limit`` solutions of the givens (and the entries, when
    ``with_entries``: is what the player wrote still right?)."""
    started = _start(p, with_entries)
    out: list[list[int]] = []
    stats = [0]
    if started is not None:
        b, cand = started
        _search(b, cand, limit, out, stats)
    grid = None
    if out:
        grid = [[out[0][r * p.n + c].bit_length() for c in range(p.n)] for r in range(p.n)]
    return SudokuAnswer(grid, len(out), limit, stats[0], p)


def no_solution(p: SudokuPuzzle) -> UnsolvableError:
    broken = violations(p, p.givens, whole=False)
    why = f" ({broken[0]})" if broken else ""
    return UnsolvableError(f"no solution: the givens leave no way to fill every row, column and box{why}")


# --- deductions, in words ------------------------------------------------------------


@dataclass
class Step:
    """One deduction: a digit placed in a cell, by which rule and why."""
    cell: Cell
    digit: int
    rule: str  # "naked single" or "hidden single"
    because: str

    def text(self) -> str:
        return f"{cell_name(self.cell)} = {self.digit}: {self.because}"


RULE_NAMES = {
    "naked single": "a cell with one digit left that no row, column or box already holds",
    "hidden single": "a digit with one place left in a row, column or box",
}
TIER = {"naked single": 1, "hidden single": 2}


def _next_step(p: SudokuPuzzle, grid: list[list[int]]) -> Step | None:
    """The cheapest single on the board: naked first, then hidden."""
    n = p.n
    units = p.units()
    cand = {}
    for r in range(n):
        for c in range(n):
            if not grid[r][c]:
                seen = {grid[x][y] for _, cells in units if (r, c) in cells for x, y in cells}
                cand[(r, c)] = set(range(1, n + 1)) - seen
    for cell, digits in sorted(cand.items()):
        if len(digits) == 1:
            d = next(iter(digits))
            others = ", ".join(str(v) for v in range(1, n + 1) if v != d)
            return Step(cell, d, "naked single", f"its row, column and box already hold {others}")
    for name, cells in units:
        for d in range(1, n + 1):
            if any(grid[r][c] == d for r, c in cells):
                continue
            places = [cell for cell in cells if cell in cand and d in cand[cell]]
            if len(places) == 1:
                return Step(places[0], d, "hidden single", f"in {name}, {cell_name(places[0])} is the only "
                                                            f"cell that can hold {d}")
    return None


@dataclass
class Explanation:
    """The deductions that fill a grid, in order."""
    steps: list[Step]
    deduced: bool  # the singles alone filled the grid

    @property
    def hardest(self) -> str:
        return max((s.rule for s in self.steps), key=TIER.get, default="naked single")


def explain(p: SudokuPuzzle) -> Explanation:
    grid = [list(row) for row in p.givens]
    steps = []
    while True:
        s = _next_step(p, grid)
        if s is None:
            break
        grid[s.cell[0]][s.cell[1]] = s.digit
        steps.append(s)
    return Explanation(steps, all(all(row) for row in grid))


@dataclass
class Hint:
    """The next digit to enter and why, or an entry the solution contradicts."""
    step: Step | None
    solved: bool = False
    wrong: str = ""  # an entry the solution contradicts, in words
    wrong_cell: Cell | None = None  # that entry's cell

    def level(self, k: int) -> str:
        if self.solved:
            return "the puzzle is solved already"
        if self.wrong:
            return self.wrong
        if self.step is None:
            return "no single applies: try a candidate in a cell with two and look for a contradiction"
        if k == 1:
            r, c = self.step.cell
            return f"look at row {r + 1}, column {c + 1} and their box" if self.step.rule == "naked single" \
                else f"look at {self.step.because.split(',')[0][3:]}"
        if k == 2:
            return f"use the rule: {RULE_NAMES[self.step.rule]}"
        return self.step.text()


def hint(p: SudokuPuzzle) -> Hint:
    """The next single from the digits on the board (givens and entries),
    after checking the entries against the solution."""
    grid = p.shown()
    if all(all(row) for row in grid) and not violations(p, grid):
        return Hint(None, solved=True)
    ans = solve(p, limit=2)
    if ans.count == 1:
        for r in range(p.n):
            for c in range(p.n):
                if p.entries[r][c] and p.entries[r][c] != ans.grid[r][c]:
                    return Hint(None, wrong=f"{cell_name((r, c))} holds {p.entries[r][c]}, which the givens "
                                            f"rule out: take it away", wrong_cell=(r, c))
    return Hint(_next_step(p, grid))


# --- generating -------------------------------------------------------------------------

DIFFICULTIES = ("easy", "medium", "hard")


def grade(p: SudokuPuzzle) -> str:
    """easy: naked singles alone fill it; medium: hidden singles needed;
    hard: the singles stall (a guess is needed)."""
    ex = explain(p)
    if not ex.deduced:
        return "hard"
    return "easy" if ex.hardest == "naked single" else "medium"


def generate(n: int, seed: int, difficulty: str | None = None, tries: int = 200) -> SudokuPuzzle:
    """A puzzle with exactly one solution (of ``difficulty`` when given)."""
    if n not in BOXES:
        raise InputError(f"a Sudoku is 4x4, 6x6 or 9x9, not {n}x{n}")
    rng = random.Random(seed)
    for _ in range(tries):
        b = _Board(n)
        cand = [b.all] * (n * n)
        order = list(range(n * n))
        rng.shuffle(order)
        # a random full grid: random digits in random cells, propagated, then solved
        for i in order[: n]:
            m = cand[i]
            bits = [1 << k for k in range(n) if m >> k & 1]
            if bits and not _assign(b, cand, i, rng.choice(bits)):
                break
        out: list[list[int]] = []
        _search(b, list(cand), 1, out, [0])
        if not out:
            continue
        full = [[out[0][r * n + c].bit_length() for c in range(n)] for r in range(n)]
        givens = [row[:] for row in full]
        cells = [(r, c) for r in range(n) for c in range(n)]
        rng.shuffle(cells)
        for r, c in cells:
            keep = givens[r][c]
            givens[r][c] = 0
            if solve(SudokuPuzzle(n, givens), limit=2).count != 1:
                givens[r][c] = keep
        p = SudokuPuzzle(n, givens)
        if difficulty is None or grade(p) == difficulty:
            return p
    raise UnsolvableError(f"no {difficulty} {n}x{n} puzzle found in {tries} tries (seed {seed})")
