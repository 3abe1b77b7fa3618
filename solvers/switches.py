"""The "switches" puzzle of seed 001: lights on an arbitrary graph.

Each node has a light and a switch; a switch flips its own light and the
lights of its neighbours.  Given which lights must flip, find which switches
to press.  Over GF(2) that is A x = b with A = I + adjacency, solved by
:mod:`puzzlebot.solvers.gf2`.

Plain-text format (as in the seed)::

    a b c d        <- line 1: every node name (any non-space tokens)
    a d            <- line 2: the nodes whose light must flip (may be empty)
    a b            <- then one edge per line
    b c

The answer printed is the sorted names to press, space separated, or
``No solution``.  Of several answers the one with the fewest presses is
chosen, ties broken by the sorted order of names.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzlebot.solvers import gf2
from puzzlebot.solvers.errors import InputError, UnsolvableError

# (number of answers) x (words per answer) we are willing to enumerate
_EXHAUSTIVE_BUDGET = 1 << 24


@dataclass
class SwitchesPuzzle:
    """A switches graph: its nodes, the ones to flip and the edges."""
    names: list[str]  # every node, in file order
    flip: list[str]
    edges: list[tuple[str, str]]


def parse_switches(text: str, where: str = "input") -> SwitchesPuzzle:
    """Parse the seed's format; errors name the line that is wrong."""
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise InputError("empty file: line 1 must list every node name", where)
    names = lines[0].split()
    if not names:
        raise InputError("line 1 is blank: it must list every node name", where)
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise InputError(f"line 1: node {name!r} is listed twice", where)
        seen.add(name)
    if len(lines) < 2:
        raise InputError("line 2 is missing: it lists the nodes whose light must flip (it may be blank)", where)
    flip = lines[1].split()
    flip_seen: set[str] = set()
    for name in flip:
        if name not in seen:
            raise InputError(f"line 2: {name!r} is not a node (line 1 lists the nodes)", where)
        if name in flip_seen:
            raise InputError(f"line 2: {name!r} is listed twice", where)
        flip_seen.add(name)
    edges: list[tuple[str, str]] = []
    for lineno, line in enumerate(lines[2:], start=3):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 2:
            raise InputError(
                f"line {lineno}: an edge needs exactly two node names, got {len(parts)}: {line.strip()!r}",
                where,
            )
        a, b = parts
        for name in (a, b):
            if name not in seen:
                raise InputError(f"line {lineno}: {name!r} is not a node (line 1 lists the nodes)", where)
        if a == b:
            raise InputError(f"line {lineno}: an edge from {a!r} to itself (a switch always flips its own light)", where)
        edges.append((a, b))
    return SwitchesPuzzle(names=names, flip=flip, edges=edges)


@dataclass
class SwitchesAnswer:
    """The switches to press, how many sets of presses solve it (2 to the nullity) and whether this one is
    the smallest."""
    press: list[str]  # sorted
    solutions: int  # 2 ** nullity
    nullity: int
    minimal: bool
    method: str

    def line(self) -> str:
        return " ".join(self.press)

    def to_text(self, count: bool = False) -> str:
        """The names to press (seed 001's output); ``count``: how many answers exist."""
        if not count:
            return self.line()
        return self.line() + "\n" + f"solutions: {self.solutions}" + (
            f" (2^{self.nullity})" if self.nullity > 1 else "")

    def to_json(self) -> dict:
        return {"game": "switches", "press": self.press, "solutions": self.solutions, "minimal": self.minimal,
                "method": self.method}


class NoSwitchSolution(UnsolvableError):
    """``nodes``: a set of nodes each switch flips an even number of, yet an
    odd number of them must flip; that proves there is no answer."""

    def __init__(self, message: str, nodes: list[str]):
        super().__init__(message)
        self.nodes = nodes


def system(puzzle: SwitchesPuzzle) -> tuple[list[str], tuple[list[int], list[int]], np.ndarray]:
    """(names in sorted order, A's non-zero (rows, cols), b); A = I + adjacency."""
    names = sorted(puzzle.names)
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    rows = list(range(n))
    cols = list(range(n))
    for a, b in puzzle.edges:
        i, j = index[a], index[b]
        rows += (i, j)
        cols += (j, i)
    b = np.zeros(n, dtype=bool)
    b[[index[name] for name in puzzle.flip]] = True
    return names, (rows, cols), b


def solve_switches(puzzle: SwitchesPuzzle) -> SwitchesAnswer:
    names, (rows, cols), b = system(puzzle)
    n = len(names)
    sol = gf2.solve_entries(n, n, rows, cols, b)
    if sol is None:
        raise _explain_no_solution(names, rows, cols, b)
    best, minimal, method = _fewest(sol.x, sol.nullspace)
    d = sol.nullspace.shape[0]
    return SwitchesAnswer(
        press=[names[i] for i in np.flatnonzero(best)],
        solutions=2**d,
        nullity=d,
        minimal=minimal,
        method=method,
    )


def _better(cur: int, best: int) -> bool:
    """Fewer presses wins; on a tie, the sorted name list that comes first,
    i.e. the one holding the lowest-ranked name where they differ."""
    cc, bc = cur.bit_count(), best.bit_count()
    if cc != bc:
        return cc < bc
    diff = cur ^ best
    return bool(diff and cur & (diff & -diff))


def _fewest(x: np.ndarray, null: np.ndarray) -> tuple[np.ndarray, bool, str]:
    d = null.shape[0]
    n = x.size
    if d == 0:
        return x, True, "unique answer"
    words = max(1, n // 64)
    cur = gf2.bits_to_int(x)
    q = [gf2.bits_to_int(v) for v in null]
    best = cur
    if (1 << d) * words <= _EXHAUSTIVE_BUDGET:
        for i in range(1, 1 << d):
            cur ^= q[(i & -i).bit_length() - 1]  # Gray code: one vector per step
            if _better(cur, best):
                best = cur
        minimal, method = True, f"tried all {1 << d} answers"
    else:
        improved = True
        while improved:
            improved = False
            for v in q:
                if _better(best ^ v, best):
                    best ^= v
                    improved = True
        minimal = False
        method = (
            f"2^{d} answers are too many to try; improved greedily (no single "
            f"nullspace vector lowers the count), not proven the fewest"
        )
    return gf2.int_to_bits(best, n), minimal, method


def _explain_no_solution(names: list[str], rows, cols, b: np.ndarray) -> NoSwitchSolution:
    n = len(names)
    y = gf2.left_certificate_entries(n, n, rows, cols, b)
    assert y is not None, "inconsistent system without a certificate"
    nodes = [names[i] for i in np.flatnonzero(y)]
    must = [names[i] for i in np.flatnonzero(y & b)]
    shown = " ".join(nodes) if len(nodes) <= 12 else " ".join(nodes[:12]) + f" ... ({len(nodes)} nodes)"
    return NoSwitchSolution(
        f"no solution: every switch flips an even number of the nodes {{{shown}}}, "
        f"but {len(must)} of them (an odd number) must flip",
        nodes,
    )


def check_answer(puzzle: SwitchesPuzzle, press: list[str]) -> bool:
    """Independent check: pressing ``press`` flips exactly the nodes to flip."""
    flips = {name: 0 for name in puzzle.names}
    neighbours: dict[str, set[str]] = {name: {name} for name in puzzle.names}
    for a, b in puzzle.edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    for s in press:
        for t in neighbours[s]:
            flips[t] ^= 1
    return {name for name, f in flips.items() if f} == set(puzzle.flip)
