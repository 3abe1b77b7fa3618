"""LinkedIn Queens: an n x n grid cut into n coloured regions; one queen in
every row, every column and every region, and no two queens touching, not
even diagonally.

* files: rows of region letters (any non-space character names a region),
  optionally followed by a blank line and n rows of the board's state
  (``Q`` queen, ``x`` mark, ``.`` empty); or JSON
  ``{"game": "queens", "regions": [...], "queens": [[r, c], ...], "marks": [...]}``;
* :func:`solve`: search with propagation (:mod:`queens_search`: the
  deductions below, cheap enough for every node), up to ``limit`` solutions;
* :func:`explain` / :func:`hint`: deductions a person makes, in words;
* :func:`violations`: an independent rules checker;
* :func:`generate`: puzzles with exactly one solution.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from itertools import combinations

from puzzlebot.solvers.dlx import CancelToken
from puzzlebot.solvers.errors import InputError, UnsolvableError
from puzzlebot.solvers.jsonio import loads
from puzzlebot.solvers.puzzle_files import split_puzzles
from puzzlebot.solvers.queens_search import QueensSearch

# LinkedIn deals 7x7 to 11x11; smaller boards are puzzles too (n = 4 is the
# smallest with an answer), clones go to 24 a side; a text file names each
# region with a letter, so 26 at most.
MIN_SIZE, MAX_SIZE = 4, 26
# Boards generated are at most this side: making one unique takes ~0.1-10 s
# at 14 and did not end in 5 minutes at 20 (measured).
GENERATE_MAX = 14
EMPTY, MARK, QUEEN = 0, 1, 2
SYMBOL = {EMPTY: ".", MARK: "x", QUEEN: "Q"}


@dataclass
class QueensPuzzle:
    """A Queens board: its colour regions, and the queens and marks on it now."""
    regions: list[list[int]]  # region index 0..n-1 per cell
    names: list[str]  # a letter per region, as the file named it
    queens: set[tuple[int, int]] = field(default_factory=set)  # queens on the board now
    marks: set[tuple[int, int]] = field(default_factory=set)  # x marks on the board now

    @property
    def n(self) -> int:
        return len(self.regions)

    def region_cells(self) -> list[list[tuple[int, int]]]:
        out: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for r, row in enumerate(self.regions):
            for c, k in enumerate(row):
                out[k].append((r, c))
        return out

    def rows_text(self) -> list[str]:
        return ["".join(self.names[k] for k in row) for row in self.regions]

    def to_json(self) -> dict:
        return {"game": "queens", "regions": self.rows_text(), "queens": sorted(map(list, self.queens)),
                "marks": sorted(map(list, self.marks))}

    def to_text(self) -> str:
        text = "\n".join(self.rows_text()) + "\n"
        if self.queens or self.marks:
            text += "\n" + "\n".join(
                "".join("Q" if (r, c) in self.queens else "x" if (r, c) in self.marks else "."
                        for c in range(self.n)) for r in range(self.n)) + "\n"
        return text

    def render(self, queens=None) -> str:
        """The grid: region letters, the queens as ``Q``."""
        qs = self.queens if queens is None else set(queens)
        return "\n".join(" ".join("Q" if (r, c) in qs else self.names[self.regions[r][c]].lower()
                                  for c in range(self.n)) for r in range(self.n))


def make_puzzle(rows: list[str], where: str = "input", queens=(), marks=()) -> QueensPuzzle:
    """A puzzle from rows of region letters; InputError naming what is wrong."""
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise InputError("regions must be a list of strings, one letter per cell", where)
    rows = [r.strip() for r in rows if r.strip()]
    n = len(rows)
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise InputError(f"a Queens board has {MIN_SIZE} to {MAX_SIZE} rows, this one {n}", where)
    for i, r in enumerate(rows):
        if len(r) != n or any(ch.isspace() for ch in r):
            raise InputError(f"row {i + 1} has {len(r)} letters, expected {n} (the board is square)", where)
    names = sorted({ch for r in rows for ch in r})
    if len(names) != n:
        raise InputError(f"a {n}x{n} board needs {n} regions, this one has {len(names)} "
                         f"({''.join(names)[:40]})", where)
    index = {ch: k for k, ch in enumerate(names)}
    p = QueensPuzzle([[index[ch] for ch in r] for r in rows], names)
    for label, cells in (("queens", queens), ("marks", marks)):
        got = set()
        for cell in cells:
            if (not isinstance(cell, (list, tuple)) or len(cell) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
                    or not (0 <= cell[0] < n and 0 <= cell[1] < n)):
                raise InputError(f"{label}: {json.dumps(cell)[:40]} is not a [row, col] on the board", where)
            got.add((cell[0], cell[1]))
        setattr(p, label, got)
    if p.queens & p.marks:
        raise InputError("a cell holds both a queen and a mark", where)
    return p


def parse_queens_many(text: str, where: str = "input") -> list[tuple[str, QueensPuzzle]]:
    """One puzzle, or several: JSON Lines, or text blocks each after a
    ``# puzzle`` line (what ``generate queens --count K`` writes)."""
    return split_puzzles(text, where, parse_queens)


def parse_queens(text: str, where: str = "input") -> QueensPuzzle:
    """Our text format or JSON (see the module's docstring)."""
    if text.lstrip().startswith("{"):
        d = loads(text, where)
        if not isinstance(d, dict):
            raise InputError("expected a JSON object", where)
        if d.get("game", "queens") != "queens":
            raise InputError(f"this is a {d.get('game')!r} puzzle, not Queens", where)
        for key in ("queens", "marks"):
            if not isinstance(d.get(key, []), list):
                raise InputError(f"{key} must be a list of [row, col]", where)
        return make_puzzle(d.get("regions"), where, d.get("queens", []), d.get("marks", []))
    lines = [ln.rstrip() for ln in text.splitlines() if not ln.lstrip().startswith("#")]
    blocks, cur = [], []
    for ln in lines + [""]:
        if ln.strip():
            cur.append(ln.strip())
        elif cur:
            blocks.append(cur)
            cur = []
    if not blocks:
        raise InputError("no board found (expected rows of region letters)", where)
    if len(blocks) > 2:
        raise InputError("expected the regions, then optionally the board's state, separated by a blank line",
                         where)
    p = make_puzzle(blocks[0], where)
    if len(blocks) == 2:
        state = blocks[1]
        if len(state) != p.n or any(len(r) != p.n for r in state):
            raise InputError(f"the state block must be {p.n} rows of {p.n} cells (Q, x or .)", where)
        for r, row in enumerate(state):
            for c, ch in enumerate(row):
                if ch in "Qq":
                    p.queens.add((r, c))
                elif ch in "xX":
                    p.marks.add((r, c))
                elif ch != ".":
                    raise InputError(f"state row {r + 1} holds {ch!r}; cells are Q, x or .", where)
    return p


def touching(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def violations(p: QueensPuzzle, queens) -> list[str]:
    """Every rule the queens break, in words (empty: a solution).  Written
    apart from the solver, as the independent check of its answers."""
    qs = sorted(set(queens))
    out = []
    if len(qs) != p.n:
        out.append(f"{len(qs)} queens on a {p.n}x{p.n} board, expected {p.n}")
    for what, key in (("row", lambda q: q[0]), ("column", lambda q: q[1]),
                      ("region", lambda q: p.names[p.regions[q[0]][q[1]]])):
        seen: dict = {}
        for q in qs:
            seen.setdefault(key(q), []).append(q)
        for k, group in sorted(seen.items(), key=lambda kv: str(kv[0])):
            if len(group) > 1:
                label = f"{what} {k + 1}" if what != "region" else f"region {k}"
                out.append(f"{label} holds {len(group)} queens")
    for a, b in combinations(qs, 2):
        if touching(a, b):
            out.append(f"the queens at r{a[0] + 1}c{a[1] + 1} and r{b[0] + 1}c{b[1] + 1} touch")
    return out


@dataclass
class QueensAnswer:
    """The queens of the first solution found, and how many solutions (up to ``limit``)."""
    solution: list[tuple[int, int]] | None  # the first solution's queens, sorted by row
    count: int  # solutions found, up to ``limit``
    limit: int | None
    nodes: int
    puzzle: QueensPuzzle | None = field(default=None, repr=False)
    explanation: Explanation | None = None  # the deductions, when asked for

    def count_text(self) -> str:
        if self.limit is not None and self.count >= self.limit > 1:
            return "more than one solution"
        return {0: "no solution", 1: "exactly one solution"}.get(self.count, f"{self.count} solutions")

    def to_json(self) -> dict:
        ex = self.explanation
        out = {"game": "queens", "queens": [list(q) for q in self.solution or []],
               "solutions": "more than one" if self.count > 1 else self.count}
        if ex is not None:
            out["deduced"] = ex.deduced
            out["steps"] = [{"cell": list(s.cell), "queen": s.queen, "rule": s.rule, "because": s.because,
                             **({"cells": [list(x) for x in s.cells]} if s.cells else {})} for s in ex.steps]
        return out

    def to_text(self) -> str:
        """The deductions (when explained), the board with its queens, and
        whether the answer is the only one."""
        ex, lines = self.explanation, []
        if ex is not None:
            lines += [f"{i:3d}. [{s.rule}] {s.text()}" for i, s in enumerate(ex.steps, 1)] + [""]
        lines.append(self.puzzle.render(self.solution))
        count = "more than one solution (this is one of them)" if self.count > 1 else "exactly one solution"
        how = "" if ex is None else ("; deduction alone reaches it" if ex.deduced else
                                     "; deduction stalls, search finishes it")
        lines.append(f"queens: {' '.join(f'r{r + 1}c{c + 1}' for r, c in self.solution)}\n{count}{how}")
        return "\n".join(lines)


def solve(p: QueensPuzzle, limit: int | None = 2, cancel: CancelToken | None = None) -> QueensAnswer:
    """Up to ``limit`` solutions (2 tells a unique puzzle from one that is not)."""
    search = QueensSearch(p.regions)
    first, count = None, 0
    for cells in search.solutions(limit=limit, cancel=cancel):
        count += 1
        if first is None:
            first = [divmod(i, p.n) for i in cells]
    return QueensAnswer(first, count, limit, search.nodes, p)


def no_solution(p: QueensPuzzle) -> UnsolvableError:
    return UnsolvableError("no solution: the regions leave no way to place one queen in every row, column "
                           "and region without two touching")


# --- deduction -----------------------------------------------------------------

@dataclass
class Step:
    """One deduction: a queen placed or a cell ruled out, by which rule and why."""
    cell: tuple[int, int]
    queen: bool  # a queen placed (True) or the cell ruled out (False)
    rule: str
    because: str
    cells: list[tuple[int, int]] = field(default_factory=list)  # "neighbour": every cell the queen rules out

    def text(self) -> str:
        r, c = self.cell
        if self.rule == "neighbour":
            return f"the queen at r{r + 1}c{c + 1} rules out {self.because}"
        what = "queen" if self.queen else "no queen"
        return f"r{r + 1}c{c + 1}: {what}, because {self.because}"


RULE_NAMES = {
    "neighbour": "a queen's row, column, region and neighbours hold no other queen",
    "last-cell": "the only cell left for a row, column or region",
    "confined": "k regions that fit in k rows (or columns) fill them",
    "would-empty": "a queen here would leave a row, column or region no cell",
}


class _State:
    def __init__(self, p: QueensPuzzle):
        self.p = p
        self.n = p.n
        self.cand = {(r, c) for r in range(self.n) for c in range(self.n)}
        self.queens: set[tuple[int, int]] = set()
        self.steps: list[Step] = []

    def units(self):
        n, p = self.n, self.p
        for i in range(n):
            yield f"row {i + 1}", {(i, c) for c in range(n)}
        for i in range(n):
            yield f"column {i + 1}", {(r, i) for r in range(n)}
        for k, cells in enumerate(p.region_cells()):
            yield f"region {p.names[k]}", set(cells)

    def attacked(self, q):
        p = self.p
        reg = p.regions[q[0]][q[1]]
        return {x for x in self.cand if x != q and (x[0] == q[0] or x[1] == q[1] or touching(x, q)
                                                  or p.regions[x[0]][x[1]] == reg)}

    def place(self, q, rule, because):
        self.queens.add(q)
        self.cand.discard(q)
        self.steps.append(Step(q, True, rule, because))
        gone = self.attacked(q)
        for x in sorted(gone):
            self.cand.discard(x)
        if gone:
            listed = " ".join(f"r{r + 1}c{c + 1}" for r, c in sorted(gone))
            self.steps.append(Step(q, False, "neighbour", f"{listed} (its row, column, region and neighbours)",
                                   sorted(gone)))

    def rule_out(self, cells, rule, because):
        for x in sorted(cells):
            if x in self.cand:
                self.cand.discard(x)
                self.steps.append(Step(x, False, rule, because))

    def open_units(self):
        for name, cells in self.units():
            if not (cells & self.queens):
                yield name, cells & self.cand

    def step(self) -> bool:
        """Make the easiest deduction there is; False when none is left."""
        for name, cells in self.open_units():
            if len(cells) == 1:
                q = next(iter(cells))
                self.place(q, "last-cell", f"it is the only cell left for a queen in {name}")
                return True
        if self._confined():
            return True
        for x in sorted(self.cand):
            gone = self.attacked(x) | {x}
            for name, cells in self.open_units():
                if x not in cells and cells and cells <= gone:
                    self.rule_out({x}, "would-empty", f"a queen there would leave {name} no cell")
                    return True
        return False

    def _confined(self) -> bool:
        """k regions whose cells lie within k rows (columns) take those
        rows' queens: the rows' other cells hold none; and k rows (columns)
        whose cells lie within k regions take those regions' queens."""
        p = self.p
        regions = [(p.names[k], {x for x in cells if x in self.cand})
                   for k, cells in enumerate(p.region_cells()) if not (set(cells) & self.queens)]
        lines = []
        for axis, word in ((0, "row"), (1, "column")):
            open_lines = sorted({x[axis] for x in self.cand})
            lines.append((axis, word, open_lines))
        for axis, word, open_lines in lines:
            for k in range(1, len(regions)):
                for group in combinations(regions, k):
                    span = {x[axis] for _, cells in group for x in cells}
                    if len(span) != k:
                        continue
                    inside = set().union(*(cells for _, cells in group))
                    outside = {x for x in self.cand if x[axis] in span} - inside
                    if outside:
                        names = ", ".join(name for name, _ in group)
                        which = ", ".join(str(v + 1) for v in sorted(span))
                        if k == 1:
                            because = (f"region {names} lies wholly in {word} {which}, so {word} {which}'s queen "
                                       f"is region {names}'s")
                        else:
                            because = (f"regions {names} lie wholly in {word}s {which}, so those {word}s' queens "
                                       "are theirs")
                        self.rule_out(outside, "confined", because)
                        return True
                if k >= 3:
                    break  # larger groups are rare and costly; search takes over
        for axis, word, open_lines in lines:
            by_line = {v: {x for x in self.cand if x[axis] == v} for v in open_lines}
            for k in range(1, min(3, len(by_line)) + 1):
                for group in combinations(sorted(by_line), k):
                    cells = set().union(*(by_line[v] for v in group))
                    regs = {p.regions[x[0]][x[1]] for x in cells}
                    if len(regs) != k:
                        continue
                    outside = {x for x in self.cand if p.regions[x[0]][x[1]] in regs} - cells
                    if outside:
                        names = ", ".join(p.names[g] for g in sorted(regs))
                        which = ", ".join(str(v + 1) for v in group)
                        self.rule_out(outside, "confined",
                                      f"{word}{'s' if k > 1 else ''} {which} can only take queens of region"
                                      f"{'s' if k > 1 else ''} {names}, so the rest of "
                                      f"{'those regions' if k > 1 else 'that region'} holds none")
                        return True
        return False


@dataclass
class Explanation:
    """The deductions that solve a board, in order."""
    steps: list[Step]
    queens: set[tuple[int, int]]
    deduced: bool  # deduction alone placed every queen


def explain(p: QueensPuzzle) -> Explanation:
    """The deductions a person makes, in order, until every queen is
    placed or deduction stalls (search then finishes the puzzle)."""
    s = _State(p)
    while len(s.queens) < p.n and s.step():
        pass
    return Explanation(s.steps, set(s.queens), len(s.queens) == p.n)


@dataclass
class Hint:
    """The next deduction for a board as it stands, in words at three levels."""
    step: Step | None
    solved: bool = False

    def level(self, k: int) -> str:
        if self.solved:
            return "the puzzle is solved already"
        if self.step is None:
            return "no deduction applies: try a cell and see whether it leads to a contradiction"
        r, c = self.step.cell
        if k == 1:
            return f"look at row {r + 1} and column {c + 1}"
        if k == 2:
            return f"use the rule: {RULE_NAMES[self.step.rule]}"
        return self.step.text()


def hint(p: QueensPuzzle, marks_known: bool = False) -> Hint:
    """The next deduction from the queens already on the board (those that
    agree with the rules).  Marks are the player's own notes and prove
    nothing, unless ``marks_known`` (the caller has checked them against
    the answer: a coach): then the cells they mark are out already, and no
    step tells what they show."""
    s = _State(p)
    for q in sorted(p.queens):
        if q in s.cand:
            s.place(q, "given", "it is on the board")
    if marks_known:
        s.cand -= p.marks
    if len(s.queens) == p.n:
        return Hint(None, solved=not violations(p, s.queens))
    s.steps.clear()
    if s.step():
        return Hint(s.steps[0])
    return Hint(None)


# --- generating ----------------------------------------------------------------

def _random_queens(n: int, rng: random.Random) -> list[tuple[int, int]]:
    """One queen per row and column, none touching (a random permutation
    with neighbouring rows' columns at least 2 apart)."""
    while True:
        cols: list[int] = []
        free = list(range(n))

        def place(r: int) -> bool:
            options = [c for c in free if not cols or abs(c - cols[-1]) > 1]
            rng.shuffle(options)
            for c in options:
                cols.append(c)
                free.remove(c)
                if r + 1 == n or place(r + 1):
                    return True
                free.append(c)
                cols.pop()
            return False

        if place(0):
            return [(r, c) for r, c in enumerate(cols)]


def _grow(n: int, seeds: list[tuple[int, int]], rng: random.Random) -> list[list[int]]:
    """Regions grown from the seeds until they fill the grid: each round a
    region drawn at random (not a cell: big regions would snowball; each
    region with a weight of its own, so that sizes vary as LinkedIn's do,
    and small regions make a single answer likely) takes one free
    neighbouring cell."""
    reg = [[-1] * n for _ in range(n)]
    frontier: dict[int, list[tuple[int, int]]] = {}
    weight = [rng.random() ** 2 + 0.02 for _ in seeds]
    for k, (r, c) in enumerate(seeds):
        reg[r][c] = k
        frontier[k] = [(r, c)]
    while frontier:
        keys = sorted(frontier)
        k = rng.choices(keys, [weight[i] for i in keys])[0]
        cells = frontier[k]
        r, c = cells[rng.randrange(len(cells))]
        opts = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < n and 0 <= c + dc < n and reg[r + dr][c + dc] < 0]
        if not opts:
            cells.remove((r, c))
            if not cells:
                del frontier[k]
            continue
        nr, nc = rng.choice(opts)
        reg[nr][nc] = k
        cells.append((nr, nc))
    return reg


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def generate(n: int, seed: int | None = None, tries: int = 2000) -> QueensPuzzle:
    """A puzzle of side ``n`` with exactly one solution: queens placed at
    random, regions grown from them, then cells moved between regions until
    every other solution is broken."""
    if not MIN_SIZE <= n <= GENERATE_MAX:
        raise InputError(f"--size must be {MIN_SIZE} to {GENERATE_MAX}, got {n}")
    rng = random.Random(seed)
    for _ in range(tries):
        queens = _random_queens(n, rng)
        reg = _grow(n, queens, rng)
        home = set(queens)
        for _ in range(4 * n * n):
            p = QueensPuzzle([row[:] for row in reg], list(LETTERS[:n]))
            # our queens solve it by construction; any other solution: give one
            # of its queens' cells (not ours) to a neighbouring region, which
            # breaks that solution (or changes it)
            other = solve_other(p, home)
            if other is None:
                return p
            movable = [x for x in other if x not in home]
            rng.shuffle(movable)
            moved = False
            for r, c in movable:
                nbr = [reg[r + dr][c + dc] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                       if 0 <= r + dr < n and 0 <= c + dc < n and reg[r + dr][c + dc] != reg[r][c]]
                rng.shuffle(nbr)
                for k in nbr:
                    old = reg[r][c]
                    reg[r][c] = k
                    if _connected(reg, old):
                        moved = True
                        break
                    reg[r][c] = old
                if moved:
                    break
            if not moved:
                break
    raise UnsolvableError(f"could not make a {n}x{n} puzzle with one solution in {tries} tries")


def solve_other(p: QueensPuzzle, known: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """A solution other than ``known``, or None."""
    for cells in QueensSearch(p.regions).solutions(limit=2):
        sol = [divmod(i, p.n) for i in cells]
        if set(sol) != known:
            return sol
    return None


def _connected(reg: list[list[int]], k: int) -> bool:
    cells = [(r, c) for r, row in enumerate(reg) for c, v in enumerate(row) if v == k]
    if not cells:
        return False
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            x = (r + dr, c + dc)
            if x not in seen and 0 <= x[0] < len(reg) and 0 <= x[1] < len(reg) and reg[x[0]][x[1]] == k:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(cells)
