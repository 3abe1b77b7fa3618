"""Tango deduction: named rules as a person applies them, and fast propagation.

State is kept per line (n rows then n columns) as two bitmasks, suns and
moons; bit j of line L is the j-th cell along it.  Every constraint sits
inside exactly one line (a horizontal ``=`` in its row, a vertical one in
its column), so every rule here reasons about one line at a time:

tier 0  sign      an ``=``/``×`` with one side known fixes the other
        pair      two equal neighbours: the cells either side are opposite
        sandwich  X _ X: the middle is opposite
tier 1  count     a line holding n/2 suns (moons) has moons (suns) elsewhere
tier 2  pairs     the seed's count patterns with an empty ``=`` or ``×`` pair:
                  S S _=_ _ _ -> the pair is moons; S S _×_ _ _ -> the rest
                  are moons (the × pair holds the third sun)
tier 3  line      the seed's line rule: every valid way to complete the line
                  (constraints inside it included) agrees on the cell

:class:`Explainer` applies the lowest tier that makes progress anywhere,
records each deduction as a :class:`Step`, and starts again from tier 0.
:func:`propagate` uses only the line rule (it subsumes the others) with a
work list of changed lines; it is what search and the generator run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from puzzlebot.solvers.tango.board import EMPTY, EQUAL, MOON, NAME, SUN, TangoBoard, cell_name


class Contradiction(Exception):
    """The board cannot be completed; the message says where it breaks."""


@lru_cache(maxsize=None)
def valid_lines(n: int) -> tuple[int, ...]:
    """Every valid full line of length n as a sun bitmask: n/2 suns, no
    three equal in a row."""
    full = (1 << n) - 1
    out = []
    for p in range(1 << n):
        if p.bit_count() != n // 2:
            continue
        q = ~p & full
        if p & (p >> 1) & (p >> 2) or q & (q >> 1) & (q >> 2):
            continue
        out.append(p)
    return tuple(out)


class LineState:
    """Sun/moon masks per line plus the static constraints inside each line."""

    def __init__(self, board: TangoBoard):
        n = board.size
        self.n = n
        self.half = n // 2
        self.full = (1 << n) - 1
        self.sun = [0] * (2 * n)
        self.moon = [0] * (2 * n)
        self.eq = [0] * (2 * n)  # bit i: "=" between positions i and i+1
        self.ne = [0] * (2 * n)  # bit i: "x" between positions i and i+1
        self.edge_at: dict[tuple[int, int], object] = {}
        for e in board.edges:
            line, pos = (e.r1, e.c1) if e.horizontal else (n + e.c1, e.r1)
            if e.kind == EQUAL:
                self.eq[line] |= 1 << pos
            else:
                self.ne[line] |= 1 << pos
            self.edge_at[(line, pos)] = e
        self.filled = 0
        for r in range(n):
            for c in range(n):
                if board.cells[r][c] != EMPTY:
                    self.set(r, c, board.cells[r][c])

    def copy(self) -> "LineState":
        other = object.__new__(LineState)
        other.__dict__.update(self.__dict__)
        other.sun = self.sun[:]
        other.moon = self.moon[:]
        return other

    def cell(self, line: int, j: int) -> tuple[int, int]:
        return (line, j) if line < self.n else (j, line - self.n)

    def label(self, line: int) -> str:
        return f"row {line + 1}" if line < self.n else f"column {line - self.n + 1}"

    def value(self, r: int, c: int) -> int:
        if self.sun[r] >> c & 1:
            return SUN
        if self.moon[r] >> c & 1:
            return MOON
        return EMPTY

    def set(self, r: int, c: int, v: int) -> bool:
        """Place v at (r, c); False if it was already there."""
        n = self.n
        own, other = (self.sun, self.moon) if v == SUN else (self.moon, self.sun)
        if other[r] >> c & 1:
            raise Contradiction(f"{cell_name(r, c)} would have to be both a sun and a moon")
        if own[r] >> c & 1:
            return False
        own[r] |= 1 << c
        own[n + c] |= 1 << r
        self.filled += 1
        return True

    def solved(self) -> bool:
        return self.filled == self.n * self.n

    def cells(self) -> list[list[int]]:
        return [[self.value(r, c) for c in range(self.n)] for r in range(self.n)]

    def static_candidates(self, line: int) -> list[int]:
        eq, ne = self.eq[line], self.ne[line]
        out = []
        for p in valid_lines(self.n):
            d = p ^ (p >> 1)
            if d & eq or (d & ne) != ne:
                continue
            out.append(p)
        return out


def line_rule(cands: list[int], S: int, M: int, full: int, state: "LineState", L: int) -> tuple[list[int], int, int]:
    """Tango's line rule, the one place it is written (the propagator and
    the explainer both use it): of a line's candidate fillings (sun masks),
    those that keep its suns ``S`` and moons ``M``, and the empty cells that
    every one of them makes a sun, and a moon.  Contradiction when none is
    left."""
    cs = [p for p in cands if p & S == S and not p & M]
    if not cs:
        raise Contradiction(f"{state.label(L)} cannot be completed")
    all_s, any_s = full, 0
    for p in cs:
        all_s &= p
        any_s |= p
    empty = ~(S | M) & full
    return cs, all_s & empty, ~any_s & empty


# --- fast propagation (line rule only) --------------------------------------


class Propagator:
    """Line-rule propagation to a fixpoint; candidate lists only shrink."""

    def __init__(self, state: LineState, cands: list[list[int]] | None = None):
        self.s = state
        self.cands = cands if cands is not None else [state.static_candidates(L) for L in range(2 * state.n)]

    def copy(self) -> "Propagator":
        return Propagator(self.s.copy(), self.cands[:])

    def run(self, lines=None) -> None:
        """Propagate; raises Contradiction when some line has no completion."""
        s = self.s
        n, full = s.n, s.full
        sun, moon, cands = s.sun, s.moon, self.cands
        todo = set(range(2 * n) if lines is None else lines)
        while todo:
            L = todo.pop()
            cands[L], new_s, new_m = line_rule(cands[L], sun[L], moon[L], full, s, L)
            for mask, v in ((new_s, SUN), (new_m, MOON)):
                while mask:
                    low = mask & -mask
                    j = low.bit_length() - 1
                    mask ^= low
                    r, c = (L, j) if L < n else (j, L - n)
                    s.set(r, c, v)
                    todo.add(n + c if L < n else r)


# --- named rules, for people ------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """A deduction rule: its name, how hard it is, and what it says in a hint."""
    name: str
    tier: int
    weight: int
    summary: str  # hint level 2: which rule, without the cell


RULES = {
    "sign": Rule("sign", 0, 1, "an = or × sign next to a filled cell fixes its partner"),
    "pair": Rule("pair", 0, 1, "two equal symbols side by side: the cells on either end must be the opposite"),
    "sandwich": Rule("sandwich", 0, 1, "two equal symbols with one gap: the gap must be the opposite"),
    "count": Rule("count", 1, 2, "a line already holding half suns (or half moons) is full of that symbol"),
    "pairs": Rule("pairs", 2, 4, "count what an empty = or × pair must hold against what the line still needs"),
    "line": Rule("line", 3, 8, "try every valid way to complete the line: a cell that is the same in all of them is forced"),
    "search": Rule("search", 4, 30, "no single line decides any cell: it takes trial and error"),
}


@dataclass
class Step:
    """One deduction: ``cell`` gets ``value`` by ``rule``; ``because`` is the
    sentence that justifies it, ``used`` the cells it looked at."""

    rule: str
    cell: tuple[int, int]
    value: int
    line: str
    because: str
    used: tuple[tuple[int, int], ...] = field(default=())
    round: int = 0  # steps found in the same sweep share a round

    def text(self) -> str:
        return f"{cell_name(*self.cell)} is a {NAME[self.value]}: {self.because}"


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Explainer:
    """Applies the named rules simplest first and records every step."""

    def __init__(self, board: TangoBoard):
        self.s = LineState(board)
        self.steps: list[Step] = []
        self.static = [self.s.static_candidates(L) for L in range(2 * self.s.n)]

    # each finder returns [(line, j, value, because, used)]

    def _sign(self, L):
        s = self.s
        S, M, eq, ne = s.sun[L], s.moon[L], s.eq[L], s.ne[L]
        empty = ~(S | M) & s.full
        out = []
        for j in _bits(empty):
            for k, pos in ((j - 1, j - 1), (j + 1, j)):  # neighbour k, edge position pos
                if not 0 <= k < s.n:
                    continue
                kv = SUN if S >> k & 1 else MOON if M >> k & 1 else EMPTY
                if kv == EMPTY:
                    continue
                if eq >> pos & 1:
                    v, sign = kv, "="
                elif ne >> pos & 1:
                    v, sign = (MOON if kv == SUN else SUN), "×"
                else:
                    continue
                a, b = s.cell(L, k), s.cell(L, j)
                out.append((L, j, v, f"{cell_name(*a)} {sign} {cell_name(*b)} and {cell_name(*a)} is a {NAME[kv]}", (a,)))
                break
        return out

    def _pair(self, L):
        s = self.s
        out = []
        for X, v in ((s.sun[L], MOON), (s.moon[L], SUN)):
            pairs = X & (X >> 1)
            empty = ~(s.sun[L] | s.moon[L]) & s.full
            for i in _bits(pairs):
                for j in (i - 1, i + 2):
                    if 0 <= j < s.n and empty >> j & 1:
                        a, b = s.cell(L, i), s.cell(L, i + 1)
                        out.append((L, j, v, f"{cell_name(*a)} and {cell_name(*b)} are both {NAME[3 - v]}s and a third may not follow", (a, b)))
        return out

    def _sandwich(self, L):
        s = self.s
        out = []
        empty = ~(s.sun[L] | s.moon[L]) & s.full
        for X, v in ((s.sun[L], MOON), (s.moon[L], SUN)):
            for i in _bits(X & (X >> 2) & (empty >> 1)):
                a, b = s.cell(L, i), s.cell(L, i + 2)
                out.append((L, i + 1, v, f"it sits between {cell_name(*a)} and {cell_name(*b)}, both {NAME[3 - v]}s", (a, b)))
        return out

    def _count(self, L):
        s = self.s
        out = []
        empty = ~(s.sun[L] | s.moon[L]) & s.full
        for X, v in ((s.sun[L], MOON), (s.moon[L], SUN)):
            if X.bit_count() == s.half and empty:
                used = tuple(s.cell(L, i) for i in _bits(X))
                for j in _bits(empty):
                    out.append((L, j, v, f"{s.label(L)} already has its {s.half} {NAME[3 - v]}s", used))
        return out

    def _pairs(self, L):
        s = self.s
        S, M = s.sun[L], s.moon[L]
        empty = ~(S | M) & s.full
        out = []
        counts = {SUN: S.bit_count(), MOON: M.bit_count()}
        # an empty "=" pair that would overfill the line with one symbol
        for i in _bits(s.eq[L] & empty & (empty >> 1)):
            for sym in (SUN, MOON):
                if counts[sym] + 2 > s.half:
                    v = 3 - sym
                    a, b = s.cell(L, i), s.cell(L, i + 1)
                    why = (f"{s.label(L)} has {counts[sym]} {NAME[sym]}s, so {cell_name(*a)} = {cell_name(*b)} "
                           f"cannot be two more {NAME[sym]}s")
                    out += [(L, i, v, why, (a, b)), (L, i + 1, v, why, (a, b))]
                    break
        # disjoint empty "x" pairs each hold one sun and one moon
        xs, taken = [], 0
        for i in _bits(s.ne[L] & empty & (empty >> 1)):
            if not taken >> i & 1:
                xs.append(i)
                taken |= 0b11 << i
        if xs:
            rest = empty & ~taken
            for sym in (SUN, MOON):
                if rest and counts[sym] + len(xs) == s.half:
                    v = 3 - sym
                    pairs = ", ".join(f"{cell_name(*s.cell(L, i))} × {cell_name(*s.cell(L, i + 1))}" for i in xs)
                    why = (f"{s.label(L)} has {counts[sym]} {NAME[sym]}s and {pairs} "
                           f"{'holds one more' if len(xs) == 1 else f'hold {len(xs)} more'}, "
                           f"which makes {s.half}")
                    used = tuple(s.cell(L, i + d) for i in xs for d in (0, 1))
                    out += [(L, j, v, why, used) for j in _bits(rest)]
        return out

    def _line(self, L):
        s = self.s
        S, M = s.sun[L], s.moon[L]
        cs, new_s, new_m = line_rule(self.static[L], S, M, s.full, s, L)
        self.static[L] = cs
        ways = (f"all {len(cs)} valid ways to fill {s.label(L)} put a {{}} there" if len(cs) > 1
                else f"only one valid way to fill {s.label(L)} is left")
        used = tuple(s.cell(L, i) for i in _bits(S | M))
        out = [(L, j, SUN, ways.format("sun"), used) for j in _bits(new_s)]
        out += [(L, j, MOON, ways.format("moon"), used) for j in _bits(new_m)]
        return out

    FINDERS = (("sign", "_sign"), ("pair", "_pair"), ("sandwich", "_sandwich"),
               ("count", "_count"), ("pairs", "_pairs"), ("line", "_line"))

    def next_steps(self) -> list[Step]:
        """The deductions of the simplest rule that applies anywhere now."""
        s = self.s
        for rule, attr in self.FINDERS:
            finder = getattr(self, attr)
            found: dict[tuple[int, int], Step] = {}
            for L in range(2 * s.n):
                for line, j, v, why, used in finder(L):
                    cell = s.cell(line, j)
                    prev = found.get(cell)
                    if prev is not None and prev.value != v:
                        raise Contradiction(f"{cell_name(*cell)} would have to be both a sun and a moon")
                    if prev is None:
                        found[cell] = Step(rule, cell, v, s.label(line), why, used)
            if found:
                return list(found.values())
        return []

    def run(self) -> bool:
        """Deduce until solved (True) or stalled (False)."""
        rnd = 0
        while not self.s.solved():
            steps = self.next_steps()
            if not steps:
                return False
            rnd += 1
            for st in steps:
                st.round = rnd
                self.s.set(*st.cell, st.value)
                self.steps.append(st)
        return True


def difficulty(steps: list[Step]) -> int:
    """How hard a solve is: each round (a moment where the solver must find
    the next deduction) counts the weight of the simplest rule that works
    then.  Counting rounds, not cells, tracks LinkedIn's Monday-to-Sunday
    difficulty on the real puzzles (bench/tango.py prints the table)."""
    seen: dict[int, str] = {}
    for st in steps:
        seen.setdefault(st.round, st.rule)
    return sum(RULES[rule].weight for rule in seen.values())
