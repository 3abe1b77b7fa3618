"""Generating Tango puzzles with one solution that deduction alone reaches.

1. A random valid solution (search with branches in random order).
2. Clues are drawn at random, givens and ``=``/``×`` signs about half and
   half, each one taken from the solution, and added to a running line-rule
   propagation until it completes the board.  Deduction only makes forced
   moves, so a board it completes has exactly that one solution, and it was
   reached without guessing: seed 003's guarantee, built in.
3. Redundant clues are dropped (a clue goes if the rest still deduce the
   board) until a LinkedIn-like count is left: 10 to 16 at 6x6, scaled by
   area for other sizes.
4. The named-rule solver scores it; puzzles outside the asked band are
   thrown away and another is made.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from puzzlebot.solvers.errors import InputError, PuzzlebotError
from puzzlebot.solvers.tango.board import EQUAL, OPPOSITE, Edge, TangoBoard
from puzzlebot.solvers.tango.engine import RULES, Explainer, LineState, Propagator, difficulty
from puzzlebot.solvers.tango.search import count_solutions

# Generated boards stay within the sizes whose making was timed and tested
# (a unique 14x14 takes seconds; boards up to MAX_BOARD are read and solved).
MIN_SIZE, MAX_SIZE = 4, 14

# Score bands at 6x6, set from the 501 real puzzles (median 23, quartiles
# 18 and 28; Monday's median 16, Saturday's 29.5 -- bench/tango.py prints the
# table).  Named bands scale with the board's area; numeric ranges do not.
BANDS: dict[str, tuple[int, int]] = {
    "easy": (0, 17),
    "medium": (18, 24),
    "hard": (25, 32),
    "expert": (33, 10**6),
    "any": (0, 10**6),
}


def parse_band(spec: str, n: int = 6) -> tuple[int, int]:
    """A band name (easy, medium, hard, expert, any), "LO-HI" or one score."""
    spec = spec.strip().lower()
    if spec in BANDS:
        lo, hi = BANDS[spec]
        scale = n * n / 36
        return round(lo * scale), (hi if hi >= 10**6 else round((hi + 1) * scale) - 1)
    try:
        if "-" in spec:
            lo, hi = (int(v) for v in spec.split("-", 1))
        else:
            lo = hi = int(spec)
    except ValueError:
        raise InputError(
            f"difficulty {spec!r}: use one of {', '.join(BANDS)}, a range like 20-30, or a score"
        ) from None
    if lo > hi or lo < 0:
        raise InputError(f"difficulty {spec!r}: the range is empty")
    top = max_score(n)
    if lo > top:
        raise InputError(f"difficulty {spec!r}: a {n}x{n} puzzle scores at most {top} (every cell its own "
                         "round of the hardest rule); ask for less")
    return lo, hi


def max_score(n: int) -> int:
    """An upper bound on a size-n puzzle's difficulty: each round fills at
    least one cell and counts one rule's weight."""
    return n * n * max(rule.weight for rule in RULES.values())


@dataclass
class Generated:
    """A generated puzzle, its solution and its difficulty score."""
    puzzle: TangoBoard
    solution: list[list[int]]
    score: int

    def to_json(self) -> dict:
        from puzzlebot.solvers.tango.board import SYMBOL

        out = self.puzzle.to_json()
        out["solution"] = ["".join(SYMBOL[v] for v in row) for row in self.solution]
        out["difficulty"] = self.score
        return out


class GenerationFailed(PuzzlebotError):
    pass


def clue_range(n: int) -> tuple[int, int]:
    """How many clues to keep: LinkedIn's 10-16 at 6x6, scaled by area."""
    scale = n * n / 36
    return max(2, round(10 * scale)), max(3, round(16 * scale))


def _all_clues(n: int):
    cells = [("given", r, c) for r in range(n) for c in range(n)]
    edges = [("edge", r, c, r, c + 1) for r in range(n) for c in range(n - 1)]
    edges += [("edge", r, c, r + 1, c) for r in range(n - 1) for c in range(n)]
    return cells, edges


def _board_from(n: int, clues, solution) -> TangoBoard:
    b = TangoBoard.empty(n)
    for clue in clues:
        if clue[0] == "given":
            _, r, c = clue
            b.cells[r][c] = solution[r][c]
            b.locked[r][c] = True
        else:
            _, r1, c1, r2, c2 = clue
            kind = EQUAL if solution[r1][c1] == solution[r2][c2] else OPPOSITE
            b.edges.append(Edge(r1, c1, r2, c2, kind))
    b.edges.sort()
    return b


def deduces(board: TangoBoard) -> bool:
    """True when line-rule deduction alone completes the board."""
    p = Propagator(LineState(board))
    p.run()
    return p.s.solved()


def _add_clues(n: int, solution, rng: random.Random) -> list[tuple]:
    """Random clues from the solution until deduction completes the board."""
    state = LineState(TangoBoard.empty(n))
    prop = Propagator(state)
    cells, edges = _all_clues(n)
    rng.shuffle(cells)
    rng.shuffle(edges)
    clues = []
    while not state.solved():
        use_edge = edges and (not cells or rng.random() < 0.5)
        pool = edges if use_edge else cells
        clue = pool.pop()
        if clue[0] == "given":
            _, r, c = clue
            if state.value(r, c):
                continue  # already known: no information
            state.set(r, c, solution[r][c])
            prop.run([r, n + c])
        else:
            _, r1, c1, r2, c2 = clue
            if state.value(r1, c1) and state.value(r2, c2):
                continue
            line, pos = (r1, c1) if r1 == r2 else (n + c1, r1)
            bit = 1 << pos
            if solution[r1][c1] == solution[r2][c2]:
                state.eq = state.eq[:]
                state.eq[line] |= bit
                prop.cands[line] = [p for p in prop.cands[line] if not (p ^ (p >> 1)) & bit]
            else:
                state.ne = state.ne[:]
                state.ne[line] |= bit
                prop.cands[line] = [p for p in prop.cands[line] if (p ^ (p >> 1)) & bit]
            prop.run([line])
        clues.append(clue)
    return clues


def generate_one(n: int, rng: random.Random, band: tuple[int, int] = BANDS["any"],
                 max_attempts: int = 500) -> Generated:
    """One puzzle of size n with a score in ``band``."""
    if n % 2 or not MIN_SIZE <= n <= MAX_SIZE:
        raise InputError(f"size must be even, {MIN_SIZE} to {MAX_SIZE}; got {n}")
    lo_clues, hi_clues = clue_range(n)
    lo, hi = band
    bias = 0  # fewer clues make harder puzzles: steer toward the band
    for _ in range(max_attempts):
        solution = count_solutions(TangoBoard.empty(n), limit=1, rng=rng).solution
        clues = _add_clues(n, solution, rng)
        target = min(hi_clues, max(lo_clues, rng.randint(lo_clues, hi_clues) + bias))
        rng.shuffle(clues)
        kept = list(clues)
        for clue in clues:
            if len(kept) <= target:
                break
            trial = [c for c in kept if c is not clue]
            if deduces(_board_from(n, trial, solution)):
                kept = trial
        puzzle = _board_from(n, kept, solution)
        ex = Explainer(puzzle)
        ex.run()
        score = difficulty(ex.steps)
        if lo <= score <= hi:
            return Generated(puzzle, solution, score)
        bias += 1 if score > hi else -1
        bias = max(-(hi_clues - lo_clues), min(hi_clues - lo_clues, bias))
    raise GenerationFailed(
        f"no {n}x{n} puzzle with difficulty {lo}-{hi} found in {max_attempts} attempts "
        f"(small boards cannot be very hard; try a wider band)"
    )


def generate(n: int, count: int, band: tuple[int, int] = BANDS["any"], seed: int | None = None,
             progress=None) -> list[Generated]:
    """``count`` puzzles, reproducible from ``seed``."""
    return list(generate_iter(n, count, band, seed, progress))


def generate_iter(n: int, count: int, band: tuple[int, int] = BANDS["any"], seed: int | None = None,
                  progress=None):
    """The same puzzles as :func:`generate`, each yielded as soon as it is made."""
    rng = random.Random(seed)
    for i in range(count):
        yield generate_one(n, rng, band)
        if progress:
            progress(i + 1, count)
