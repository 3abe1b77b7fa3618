"""Lights Out on a rows x cols grid: the rules, the solver, and quiet patterns.

A press adds 1 (mod k) to the pressed light and to every light its
neighbourhood reaches; the goal is every light at 0.  Two lights states (k=2)
is the classic game and Enlight; prime k covers the multi-colour variants.

How it is solved:

* the classic neighbourhood (the "plus": the cell and its four neighbours)
  without wrap-around is solved by *light chasing*: once the top row's presses
  x are chosen, every later row's presses are forced (press under each light
  still on), and what is left lit in the bottom row is an affine function
  L x + c of x.  So an n x n board is a system of n unknowns, not n^2.
  L depends only on the size and is computed once per size (cached) with the
  recurrence L[i+1] = A L[i] + L[i-1] (A: the row's own plus, tridiagonal);
* anything else (torus, a custom neighbourhood) builds the full press matrix
  and eliminates it, which is fine up to tens of thousands of cells.

All solutions are one particular answer plus any combination of the *quiet
patterns* (press sets that change nothing), so there are k^d of them, d the
nullity.  The fewest-press answer is found by trying every combination while
that is cheap; past that the answer is improved greedily and marked as not
proven minimal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

import numpy as np

from puzzlebot.solvers import gf2, gfp
from puzzlebot.solvers.errors import InputError, UnsolvableError

PLUS = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))
NEIGHBOURHOODS: dict[str, tuple[tuple[int, int], ...]] = {
    "plus": PLUS,
    "x": ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)),
    "king": tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)),
}

# Exhaustive search of the solution set is allowed while (number of
# solutions) x (machine words per pattern) stays under this many operations.
_EXHAUSTIVE_BUDGET = 1 << 24
# Beyond this many cells the general (non-chasing) path would take too long.
_GENERAL_MAX_CELLS = {2: 12_000}
# States per light: a prime up to this (no game has more; bigger primes only
# make the numbers, the work and the output grow without bound).
MAX_STATES = 251
_GENERAL_MAX_CELLS_MODK = 1_600


def parse_neighbourhood(spec: str) -> tuple[tuple[int, int], ...]:
    """A named neighbourhood (plus, x, king) or offsets like "0,0;-1,0;1,0"."""
    name = spec.strip().lower()
    if name in NEIGHBOURHOODS:
        return NEIGHBOURHOODS[name]
    offsets = []
    for part in name.replace(" ", "").split(";"):
        if not part:
            continue
        try:
            dr, dc = (int(v) for v in part.split(","))
        except ValueError:
            raise InputError(
                f"bad neighbourhood offset {part!r}: expected 'dr,dc' pairs separated by ';' "
                f"or one of {', '.join(NEIGHBOURHOODS)}"
            ) from None
        offsets.append((dr, dc))
    if not offsets:
        raise InputError("empty neighbourhood")
    if len(set(offsets)) != len(offsets):
        raise InputError(f"neighbourhood {spec!r} repeats an offset")
    return tuple(offsets)


@dataclass(frozen=True)
class LightsRules:
    """The game: grid size, wrap-around, neighbourhood and states per light."""

    rows: int
    cols: int
    torus: bool = False
    neighbourhood: tuple[tuple[int, int], ...] = PLUS
    states: int = 2

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InputError(f"grid must be at least 1x1, got {self.rows}x{self.cols}")
        if not (isinstance(self.states, int) and 2 <= self.states <= MAX_STATES and gfp.is_prime(self.states)):
            raise InputError(f"states per light must be a prime from 2 to {MAX_STATES} (2, 3, 5, ...), "
                             f"got {str(self.states)[:20]}")
        if not self.neighbourhood:
            raise InputError("empty neighbourhood")

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def chases(self) -> bool:
        """True when light chasing applies (plus neighbourhood, no wrap)."""
        return not self.torus and set(self.neighbourhood) == set(PLUS)

    def affected(self, r: int, c: int) -> list[tuple[int, int]]:
        """The cells a press at (r, c) changes."""
        out = []
        for dr, dc in self.neighbourhood:
            rr, cc = r + dr, c + dc
            if self.torus:
                rr %= self.rows
                cc %= self.cols
            elif not (0 <= rr < self.rows and 0 <= cc < self.cols):
                continue
            out.append((rr, cc))
        return out


def press_entries(rules: LightsRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The press matrix by its non-zeros: pressing cell ``cols[i]`` adds
    ``values[i]`` to cell ``rows[i]`` (cells numbered row-major)."""
    rows, cols = [], []
    for r in range(rules.rows):
        for c in range(rules.cols):
            for rr, cc in rules.affected(r, c):
                rows.append(rr * rules.cols + cc)
                cols.append(r * rules.cols + c)
    rows_a, cols_a = np.asarray(rows, dtype=np.intp), np.asarray(cols, dtype=np.intp)
    # a small torus can make two offsets hit the same cell: add them up
    keys, counts = np.unique(rows_a * rules.cells + cols_a, return_counts=True)
    values = counts % rules.states
    keep = values != 0
    return keys[keep] // rules.cells, keys[keep] % rules.cells, values[keep]


def press_matrix(rules: LightsRules) -> np.ndarray:
    """Dense form of :func:`press_entries` (small boards, k > 2)."""
    a = np.zeros((rules.cells, rules.cells), dtype=np.int64)
    rows, cols, values = press_entries(rules)
    a[rows, cols] = values
    return a


def apply_presses(board: np.ndarray, presses: np.ndarray, rules: LightsRules) -> np.ndarray:
    """The board after pressing each cell ``presses[r, c]`` times.

    A direct simulation of the rules, independent of the solver, so tests and
    the bot can check an answer with it.
    """
    board = np.asarray(board, dtype=np.int64)
    presses = np.asarray(presses, dtype=np.int64)
    out = board.copy()
    for dr, dc in rules.neighbourhood:
        if rules.torus:
            out += np.roll(presses, (dr, dc), axis=(0, 1))
        else:
            shifted = np.zeros_like(presses)
            src = presses[
                max(0, -dr) : rules.rows - max(0, dr), max(0, -dc) : rules.cols - max(0, dc)
            ]
            shifted[
                max(0, dr) : rules.rows - max(0, -dr), max(0, dc) : rules.cols - max(0, -dc)
            ] = src
            out += shifted
    return out % rules.states


@dataclass
class LightsAnswer:
    """How to clear a board.

    ``presses[r, c]`` is how many times to press each cell (0/1 for two
    states).  ``solutions`` counts the distinct press patterns that clear the
    board (k ** nullity); ``minimal`` says whether ``presses`` is proven to
    use the fewest presses, and ``method`` how that was settled.
    """

    presses: np.ndarray
    solutions: int
    nullity: int
    minimal: bool
    method: str
    quiet: np.ndarray = field(repr=False)  # (nullity, rows, cols) quiet patterns
    board: np.ndarray | None = field(default=None, repr=False)  # the board solved
    states: int = 2

    @property
    def total(self) -> int:
        return int(self.presses.sum())

    def to_json(self) -> dict:
        return {"game": "lights", "presses": [[r, c] for r, c in self.cells()], "total": self.total,
                "solutions": self.solutions,
                "minimal": self.minimal, "method": self.method}

    def to_text(self, hint: bool = False) -> str:
        """The cells to press drawn as X on the board (``hint``: the board
        with them in brackets), the presses, and how many answers exist."""
        from puzzlebot.solvers.lights.board import format_board, format_hint

        if hint:
            lines = [format_hint(self.board, self.presses, self.states)]
        else:
            marks = self.presses if self.states > 2 else (self.presses > 0)
            lines = [format_board(marks, max(self.states, 2)).replace("#", "X")]
        cells = " ".join(f"({r + 1},{c + 1})" for r, c in self.cells())
        lines.append(f"{self.total} presses (row,col from 1): {cells}" if self.total else "already solved: no presses")
        lines.append(f"{self.solutions} solution{'s' if self.solutions != 1 else ''}; {self.method}")
        return "\n".join(lines)

    def cells(self) -> list[tuple[int, int]]:
        """Cells to press, row-major (each listed once per press)."""
        out = []
        for r, c in zip(*np.nonzero(self.presses)):
            out.extend([(int(r), int(c))] * int(self.presses[r, c]))
        return out


class NoSolution(UnsolvableError):
    """The board cannot be cleared.  ``pattern`` is the proof: a set of cells
    (with weights for k > 2) whose weighted lit count no press can change,
    and which the board has non-zero."""

    def __init__(self, message: str, pattern: np.ndarray, value: int):
        super().__init__(message)
        self.pattern = pattern
        self.value = value


def check_board(board: np.ndarray, rules: LightsRules) -> np.ndarray:
    board = np.asarray(board)
    if board.shape != (rules.rows, rules.cols):
        raise InputError(f"board is {board.shape[0]}x{board.shape[1]}, rules say {rules.rows}x{rules.cols}")
    if board.size and (board.min() < 0 or board.max() >= rules.states):
        raise InputError(f"light values must be 0..{rules.states - 1}")
    return board.astype(np.int64)


def solve(board: np.ndarray, rules: LightsRules | None = None) -> LightsAnswer:
    """Fewest-press answer for ``board`` (2-D array of light states).

    Raises :class:`NoSolution` (an :class:`UnsolvableError`) with the quiet
    pattern that proves it when the board cannot be cleared.
    """
    board = np.asarray(board)
    if board.ndim != 2:
        raise InputError("a Lights Out board must be a 2-D grid")
    if rules is None:
        rules = LightsRules(*board.shape)
    board = check_board(board, rules)
    if rules.states == 2 and rules.chases:
        presses, quiet = _solve_chase2(board, rules)
    elif rules.chases:
        presses, quiet = _solve_chase_mod(board, rules)
    else:
        presses, quiet = _solve_general(board, rules)
    d = quiet.shape[0]
    best, minimal, method = _fewest(presses, quiet, rules.states)
    return LightsAnswer(
        presses=best,
        solutions=rules.states**d,
        nullity=d,
        minimal=minimal,
        method=method,
        quiet=quiet,
        board=board,
        states=rules.states,
    )


def _no_solution(board: np.ndarray, pattern: np.ndarray, rules: LightsRules, index: int) -> NoSolution:
    k = rules.states
    value = int((pattern.astype(np.int64) * board).sum()) % k
    size = int(np.count_nonzero(pattern))
    if k == 2:
        lit = int(np.count_nonzero(pattern & (board > 0)))
        msg = (
            f"no solution: the board has {lit} lit cells on quiet pattern {index} "
            f"({size} cells), an odd number; every press toggles an even number of "
            f"those cells, so that count stays odd and the lights can never all go out"
        )
    else:
        msg = (
            f"no solution: on invariant pattern {index} ({size} weighted cells) the board's "
            f"weighted sum is {value} mod {k}; no press changes that sum, and an all-off "
            f"board has sum 0"
        )
    return NoSolution(msg, pattern.astype(np.int64), value)


# --- two states, light chasing on Python ints (one int per row) -------------


@dataclass
class _ChasePlan:
    """Light chasing precomputed for one board size: which top-row presses clear what the chase leaves
    in the bottom row, and the top-row presses that change nothing."""
    cols: int
    t_rows: list[int]  # x[pivots[i]] = parity(t_rows[i] & residual)
    pivots: list[int]
    null_x: list[int]  # nullspace of L as top-row press masks


@lru_cache(maxsize=32)
def chase_plan(rows: int, cols: int) -> _ChasePlan:
    """Per-size work for the two-state chase: L = L_rows and its inverse."""
    words = -(-cols // 64)
    prev = np.zeros((cols, words), dtype=np.uint64)
    cur = gf2.pack_rows(np.eye(cols, dtype=bool))
    for _ in range(rows):
        nxt = cur.copy()
        nxt[1:] ^= cur[:-1]
        nxt[:-1] ^= cur[1:]
        nxt ^= prev
        prev, cur = cur, nxt
    lmat = gf2.unpack_rows(cur, cols)
    aug = np.concatenate([lmat, np.eye(cols, dtype=bool)], axis=1)
    e = gf2.rref_packed(gf2.pack_rows(aug), 2 * cols, stop_col=cols)
    t_rows = [int.from_bytes(row.tobytes(), "little") >> cols for row in e.rows]
    null = gf2.nullspace_from_rref(e, cols)
    null_x = [gf2.bits_to_int(v) for v in null]
    return _ChasePlan(cols=cols, t_rows=t_rows, pivots=list(e.pivots), null_x=null_x)


def _rows_to_ints(board: np.ndarray) -> list[int]:
    if board.shape[1] <= 62:  # one int64 per row: a single numpy call
        weights = np.left_shift(1, np.arange(board.shape[1], dtype=np.int64))
        return (board.astype(np.int64) @ weights).tolist()
    packed = np.packbits(board.astype(bool), axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def _ints_to_rows(rows: list[int], cols: int) -> np.ndarray:
    if cols <= 62:
        arr = np.array(rows, dtype=np.int64).reshape(-1, 1)
        return (arr >> np.arange(cols, dtype=np.int64)) & 1
    nbytes = -(-cols // 8)
    buf = b"".join(r.to_bytes(nbytes, "little") for r in rows)
    arr = np.frombuffer(buf, dtype=np.uint8).reshape(len(rows), nbytes)
    return np.unpackbits(arr, axis=1, bitorder="little")[:, :cols].astype(np.int64)


def chase(b_rows: list[int], top: int, cols: int) -> tuple[list[int], int]:
    """Chase lights down from top-row presses ``top``.

    Returns the presses of every row and what is left lit in the bottom row
    (0 means the board is cleared).
    """
    mask = (1 << cols) - 1
    presses = []
    p_prev, p = 0, top
    for b in b_rows:
        presses.append(p)
        p_prev, p = p, b ^ p ^ ((p << 1) & mask) ^ (p >> 1) ^ p_prev
    return presses, p


def _solve_chase2(board: np.ndarray, rules: LightsRules) -> tuple[np.ndarray, np.ndarray]:
    plan = chase_plan(rules.rows, rules.cols)
    b_rows = _rows_to_ints(board)
    _, residual = chase(b_rows, 0, rules.cols)
    top = 0
    for t, pc in zip(plan.t_rows, plan.pivots):
        if (t & residual).bit_count() & 1:
            top |= 1 << pc
    presses, left = chase(b_rows, top, rules.cols)
    quiet = np.array(
        [_ints_to_rows(chase([0] * rules.rows, z, rules.cols)[0], rules.cols) for z in plan.null_x],
        dtype=np.int64,
    ).reshape(len(plan.null_x), rules.rows, rules.cols)
    if left:
        for i, q in enumerate(quiet, 1):
            if np.count_nonzero(q & board) % 2:
                raise _no_solution(board, q, rules, i)
        raise AssertionError("chase left lights on but no quiet pattern explains it")
    return _ints_to_rows(presses, rules.cols), quiet


# --- k states, light chasing on integer vectors mod k -----------------------


def _tri(v: np.ndarray) -> np.ndarray:
    """Apply the row's plus (self and left/right) along axis 0."""
    out = v.copy()
    out[1:] += v[:-1]
    out[:-1] += v[1:]
    return out


@lru_cache(maxsize=32)
def _chase_matrix_mod(rows: int, cols: int, k: int) -> np.ndarray:
    prev = np.zeros((cols, cols), dtype=np.int64)
    cur = np.eye(cols, dtype=np.int64)
    for _ in range(rows):
        prev, cur = cur, (-(_tri(cur) + prev)) % k
    return cur


def _chase_mod(board: np.ndarray, top: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    presses = np.zeros_like(board)
    p_prev = np.zeros(board.shape[1], dtype=np.int64)
    p = top % k
    for i in range(board.shape[0]):
        presses[i] = p
        p_prev, p = p, (-(board[i] + _tri(p) + p_prev)) % k
    return presses, p


def _solve_chase_mod(board: np.ndarray, rules: LightsRules) -> tuple[np.ndarray, np.ndarray]:
    k = rules.states
    lmat = _chase_matrix_mod(rules.rows, rules.cols, k)
    zero = np.zeros(rules.cols, dtype=np.int64)
    _, c = _chase_mod(board, zero, k)
    # final residual is L x + c; we need it to be 0
    sol = gfp.solve_mod(lmat, (-c) % k, k)
    null = gfp.nullspace_mod(lmat, k)
    blank = np.zeros_like(board)
    quiet = np.array([_chase_mod(blank, z, k)[0] for z in null], dtype=np.int64).reshape(
        len(null), rules.rows, rules.cols
    )
    if sol is None:
        _raise_general(board, rules)
    presses, left = _chase_mod(board, sol.x, k)
    assert not left.any()
    return presses, quiet


# --- anything else: the full press matrix -----------------------------------


def _raise_general(board: np.ndarray, rules: LightsRules) -> None:
    b = (-board.reshape(-1)) % rules.states
    if rules.states == 2:
        rows, cols, _ = press_entries(rules)
        y = gf2.left_certificate_entries(rules.cells, rules.cells, rows, cols, b.astype(bool))
    else:
        y = gfp.left_certificate_mod(press_matrix(rules), b, rules.states)
    assert y is not None
    raise _no_solution(board, np.asarray(y, dtype=np.int64).reshape(board.shape), rules, 1)


def _solve_general(board: np.ndarray, rules: LightsRules) -> tuple[np.ndarray, np.ndarray]:
    k = rules.states
    limit = _GENERAL_MAX_CELLS.get(k, _GENERAL_MAX_CELLS_MODK)
    if rules.cells > limit:
        raise InputError(
            f"{rules.rows}x{rules.cols} with this neighbourhood/wrap is too large for the general "
            f"solver ({rules.cells} cells, limit {limit}); only the plain plus without wrap "
            f"uses light chasing"
        )
    b = (-board.reshape(-1)) % k
    if k == 2:
        rows, cols, _ = press_entries(rules)
        sol = gf2.solve_entries(rules.cells, rules.cells, rows, cols, b.astype(bool))
    else:
        sol = gfp.solve_mod(press_matrix(rules), b, k)
    if sol is None:
        _raise_general(board, rules)
    x = np.asarray(sol.x, dtype=np.int64).reshape(board.shape)
    quiet = np.asarray(sol.nullspace, dtype=np.int64).reshape(-1, rules.rows, rules.cols)
    return x, quiet


# --- the fewest presses ------------------------------------------------------


def _fewest(x: np.ndarray, quiet: np.ndarray, k: int) -> tuple[np.ndarray, bool, str]:
    d = quiet.shape[0]
    if d == 0:
        return x, True, "unique solution"
    words = max(1, x.size // 64)
    count = k**d
    if count * words <= _EXHAUSTIVE_BUDGET:
        best = _exhaustive(x, quiet, k)
        return best, True, f"tried all {count} solutions"
    best = _greedy(x, quiet, k)
    return (
        best,
        False,
        f"{k}^{d} solutions are too many to try; improved greedily (no single quiet pattern "
        f"lowers the count further), not proven the fewest",
    )


def _exhaustive(x: np.ndarray, quiet: np.ndarray, k: int) -> np.ndarray:
    shape = x.shape
    if k == 2:
        cur = gf2.bits_to_int(x.reshape(-1))
        q = [gf2.bits_to_int(v.reshape(-1)) for v in quiet]
        best_key = (cur.bit_count(), cur)
        for i in range(1, 1 << len(q)):
            cur ^= q[(i & -i).bit_length() - 1]  # Gray code: one pattern per step
            key = (cur.bit_count(), cur)
            if key < best_key:
                best_key = key
        return gf2.int_to_bits(best_key[1], x.size).astype(np.int64).reshape(shape)
    flat_x = x.reshape(-1)
    flat_q = quiet.reshape(quiet.shape[0], -1)
    best, best_total = flat_x, int(flat_x.sum())
    combos = np.array(list(product(range(k), repeat=quiet.shape[0])), dtype=np.int64)
    for start in range(0, len(combos), 4096):
        chunk = combos[start : start + 4096]
        cand = (flat_x + chunk @ flat_q) % k
        totals = cand.sum(axis=1)
        i = int(np.argmin(totals))
        if totals[i] < best_total:
            best, best_total = cand[i], int(totals[i])
    return best.reshape(shape)


def _greedy(x: np.ndarray, quiet: np.ndarray, k: int) -> np.ndarray:
    cur = x.copy()
    improved = True
    while improved:
        improved = False
        for q in quiet:
            for m in range(1, k):
                cand = (cur + m * q) % k
                if cand.sum() < cur.sum():
                    cur, improved = cand, True
    return cur


def quiet_patterns(rules: LightsRules) -> np.ndarray:
    """Basis of the press patterns that change nothing, shape (d, rows, cols)."""
    blank = np.zeros((rules.rows, rules.cols), dtype=np.int64)
    return solve(blank, rules).quiet
