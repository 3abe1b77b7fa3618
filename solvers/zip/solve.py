"""Solving Zip by reasoning on the grid's sides, as a person does.

The answer uses some sides between neighbouring cells (``yes``) and not the
others (``no``): every cell has two used sides, the ends of the path (1 and
the last number) one.  Rules, applied until nothing changes:

* **count**: a cell with all the used sides it needs uses no more; a cell
  with exactly as many sides left as it needs uses all of them;
* **no loop**: a side that would join a piece of path to itself is not used;
* **in order**: a side that would join two pieces whose numbers could not
  then be met in order (3..5 next to 7, or 4 next to 2 the wrong way round)
  is not used; two pieces that would join 1 to the last number without every
  cell are not joined;
* **one piece**: the cells must stay connected through the sides not ruled
  out (a flood over bit masks), or the branch is dead;
* **probe**: a side at the end of a piece whose use leads at once to a
  contradiction is not used (near the top of the search only, PROBE_DEPTH:
  deeper down, probing costs more time than the branches it saves).

Then the search branches on the side of the cell with the fewest choices.
Each piece of path is kept with its two ends, its length and the first and
last number met from each end, so joining two pieces is checked in constant
time.  :func:`solve` returns up to ``limit`` answers (2 tells a unique puzzle
from one that is not); ``start`` keeps a path already drawn from 1.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from puzzlebot.solvers.dlx import CancelToken
from puzzlebot.solvers.errors import UnsolvableError
from puzzlebot.solvers.zip.board import Cell, ZipPuzzle, cell_name

# Probe at search depths up to this (measured on real and generated 6x6 to
# 10x10 puzzles: 4 gave the lowest median and worst times; every depth and no
# probing cost more at one end or the other).
PROBE_DEPTH = 4


class Net:
    """The puzzle's cells and open sides, built once per puzzle."""

    def __init__(self, p: ZipPuzzle):
        R, C = self.rows, self.cols = p.rows, p.cols
        self.n = R * C
        self.all = (1 << self.n) - 1
        self.edges: list[tuple[int, int]] = []
        self.cell_edges: list[list[int]] = [[] for _ in range(self.n)]
        self.right = self.down = 0  # cells whose right / lower side is open
        self.bit: list[tuple[bool, int]] = []  # per side: (is it a lower side, its cell's bit)
        for r in range(R):
            for c in range(C):
                for dr, dc in ((0, 1), (1, 0)):
                    rr, cc = r + dr, c + dc
                    if rr < R and cc < C and p.open((r, c), (rr, cc)):
                        a, b = r * C + c, rr * C + cc
                        e = len(self.edges)
                        self.edges.append((a, b))
                        self.cell_edges[a].append(e)
                        self.cell_edges[b].append(e)
                        self.bit.append((dr == 1, 1 << a))
                        if dr:
                            self.down |= 1 << a
                        else:
                            self.right |= 1 << a
        self.num = [0] * self.n
        for (r, c), k in p.numbers.items():
            self.num[r * C + c] = k
        self.k = p.last
        self.start = (lambda r, c: r * C + c)(*p.cell_of(1))
        self.end = (lambda r, c: r * C + c)(*p.cell_of(self.k))
        self.deg = [2] * self.n
        self.deg[self.start] = self.deg[self.end] = 1

    def other(self, e: int, c: int) -> int:
        a, b = self.edges[e]
        return b if a == c else a


class Dead(Exception):
    """This branch has no answer."""


class OverBudget(Exception):
    """The search visited more nodes than it was allowed (the generator
    keeps puzzles it can prove unique quickly)."""


class State:
    """What is decided: each side's use (0 open, 1 used, -1 not), each cell's
    used and open sides, and each piece of path (by its ends)."""

    __slots__ = ("st", "yes", "unk", "far", "nums", "size", "right", "down", "todo")

    def __init__(self, net: Net):
        self.st = [0] * len(net.edges)
        self.yes = [0] * net.n
        self.unk = [len(es) for es in net.cell_edges]
        self.far = list(range(net.n))  # a piece's end -> its other end
        # a piece's end -> (first, last) number met walking from this end, or None
        self.nums = [(k, k) if k else None for k in net.num]
        self.size = [1] * net.n  # a piece's end -> the piece's cells
        self.right, self.down = net.right, net.down
        self.todo = list(range(net.n))

    def copy(self) -> "State":
        s = object.__new__(State)
        s.st, s.yes, s.unk, s.far = self.st[:], self.yes[:], self.unk[:], self.far[:]
        s.nums, s.size = self.nums[:], self.size[:]
        s.right, s.down, s.todo = self.right, self.down, []
        return s


def _joined(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None | bool:
    """The numbers of two pieces joined end to end (``a`` read towards the
    join, ``b`` away from it), or False when they could not be met in order."""
    if a is None:
        return b
    if b is None:
        return a
    (a0, a1), (b0, b1) = a, b
    step = b0 - a1
    if step not in (1, -1):
        return False
    if (a1 - a0) * step < 0 or (b1 - b0) * step < 0:
        return False
    return (a0, b1)


class Solver:
    def __init__(self, net: Net, cancel: CancelToken | None = None, budget: int | None = None):
        self.net = net
        self.cancel = cancel
        self.budget = budget
        self.nodes = 0

    # --- deciding one side ----------------------------------------------------

    def no(self, s: State, e: int) -> None:
        if s.st[e] == -1:
            return
        if s.st[e] == 1:
            raise Dead
        s.st[e] = -1
        lower, bit = self.net.bit[e]
        if lower:
            s.down &= ~bit
        else:
            s.right &= ~bit
        a, b = self.net.edges[e]
        s.unk[a] -= 1
        s.unk[b] -= 1
        s.todo += (a, b)

    def yes(self, s: State, e: int) -> None:
        if s.st[e] == 1:
            return
        if s.st[e] == -1:
            raise Dead
        net = self.net
        a, b = net.edges[e]
        if s.yes[a] >= net.deg[a] or s.yes[b] >= net.deg[b]:
            raise Dead
        A, B = s.far[a], s.far[b]
        if A == b:
            raise Dead  # a loop
        nums = _joined(s.nums[A], s.nums[b])
        if nums is False:
            raise Dead
        size = s.size[a] + s.size[b]
        if net.deg[A] == 1 and net.deg[B] == 1 and size != net.n:
            raise Dead  # 1 joined to the last number with cells left over
        s.st[e] = 1
        s.yes[a] += 1
        s.yes[b] += 1
        s.unk[a] -= 1
        s.unk[b] -= 1
        s.far[A], s.far[B] = B, A
        s.nums[A] = nums
        s.nums[B] = None if nums is None else (nums[1], nums[0])
        s.size[A] = s.size[B] = size
        s.todo += (a, b, A, B)

    # --- the rules --------------------------------------------------------------

    def propagate(self, s: State) -> None:
        net = self.net
        deg, cell_edges, st = net.deg, net.cell_edges, s.st
        while s.todo:
            c = s.todo.pop()
            need, u = deg[c] - s.yes[c], s.unk[c]
            if need < 0 or need > u:
                raise Dead
            if not u:
                continue
            if need == 0:
                for e in cell_edges[c]:
                    if st[e] == 0:
                        self.no(s, e)
            elif need == u:
                for e in cell_edges[c]:
                    if st[e] == 0:
                        self.yes(s, e)
            else:
                self._ends(s, c)

    def _ends(self, s: State, c: int) -> None:
        """Rule out the sides from the piece ending at ``c`` that would make a
        loop, meet numbers out of order, or close the path too early."""
        net = self.net
        oc = s.far[c]
        mine = s.nums[oc]
        for e in net.cell_edges[c]:
            if s.st[e] != 0:
                continue
            d = net.other(e, c)
            od = s.far[d]
            if od == c or s.yes[d] >= net.deg[d] or _joined(mine, s.nums[d]) is False \
                    or (net.deg[oc] == 1 and net.deg[od] == 1 and s.size[c] + s.size[d] != net.n):
                self.no(s, e)

    def connected(self, s: State) -> bool:
        C, R, D = self.net.cols, s.right, s.down
        reach = 1
        while True:
            nxt = reach | ((reach & R) << 1) | ((reach >> 1) & R) | ((reach & D) << C) | ((reach >> C) & D)
            if nxt == reach:
                return reach == self.net.all
            reach = nxt

    def settle(self, s: State) -> None:
        """The rules until nothing changes; Dead when they contradict."""
        self.propagate(s)
        if not self.connected(s):
            raise Dead

    def probe(self, s: State) -> None:
        """A side at the end of a piece whose use settles into a
        contradiction is not used (repeated until nothing changes)."""
        net = self.net
        changed = True
        while changed:
            changed = False
            for c in range(net.n):
                if not (s.yes[c] or net.deg[c] == 1) or s.yes[c] >= net.deg[c]:
                    continue
                for e in net.cell_edges[c]:
                    if s.st[e] != 0:
                        continue
                    t = s.copy()
                    try:
                        self.yes(t, e)
                        self.settle(t)
                    except Dead:
                        self.no(s, e)
                        self.settle(s)
                        changed = True

    # --- search -------------------------------------------------------------------

    def search(self, s: State, limit: int | None, out: list[State], depth: int = 0) -> None:
        self.nodes += 1
        if self.cancel is not None:
            self.cancel.check()
        if self.budget is not None and self.nodes > self.budget:
            raise OverBudget
        try:
            self.settle(s)
            if depth <= PROBE_DEPTH:
                self.probe(s)
        except Dead:
            return
        net = self.net
        best, best_key = -1, None
        for c in range(net.n):
            need = net.deg[c] - s.yes[c]
            if need > 0:
                key = (s.unk[c] - need, 0 if s.yes[c] or net.deg[c] == 1 else 1)
                if best_key is None or key < best_key:
                    best, best_key = c, key
        if best < 0:
            out.append(s)
            return
        for e in net.cell_edges[best]:
            if s.st[e] != 0:
                continue
            t = s.copy()
            try:
                self.yes(t, e)
            except Dead:
                pass
            else:
                self.search(t, limit, out, depth + 1)
                if limit is not None and len(out) >= limit:
                    return
            try:  # the other branches: this side is not used
                self.no(s, e)
                self.settle(s)
            except Dead:
                return
        self.search(s, limit, out, depth + 1)

    def path(self, s: State) -> list[Cell]:
        net = self.net
        out, prev, cur = [net.start], -1, net.start
        while True:
            nxt = next((net.other(e, cur) for e in net.cell_edges[cur]
                        if s.st[e] == 1 and net.other(e, cur) != prev), None)
            if nxt is None:
                return [divmod(i, net.cols) for i in out]
            prev, cur = cur, nxt
            out.append(cur)


@dataclass
class ZipAnswer:
    """The first path found, and how many paths (up to ``limit``)."""
    path: list[Cell] | None  # the first path found
    count: int  # paths found, up to the limit asked for
    limit: int | None
    nodes: int
    puzzle: ZipPuzzle | None = field(default=None, repr=False)

    @property
    def solutions(self) -> str | int:
        return "more than one" if self.limit is not None and self.count >= self.limit > 1 else self.count

    def to_json(self) -> dict:
        return {"game": "zip", "path": [list(c) for c in self.path] if self.path else None, "solutions": self.solutions}

    def to_text(self) -> str:
        count = {1: "exactly one solution", 0: "no solution"}.get(
            self.count, "more than one solution (this is one of them)")
        return f"{self.puzzle.render(self.path)}\npath: {' '.join(cell_name(c) for c in self.path)}\n{count}"


def solve(p: ZipPuzzle, limit: int | None = 2, cancel: CancelToken | None = None,
          start: list[Cell] | None = None) -> ZipAnswer:
    """Up to ``limit`` paths; ``start``: a path from 1 already drawn, kept."""
    net = Net(p)
    sv = Solver(net, cancel)
    s = State(net)
    out: list[State] = []
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 4 * len(net.edges) + 200))
    try:
        C = net.cols
        for a, b in zip(start or [], (start or [])[1:]):
            i, j = a[0] * C + a[1], b[0] * C + b[1]
            e = next((e for e in net.cell_edges[i] if net.other(e, i) == j), None)
            if e is None:
                raise Dead
            sv.yes(s, e)
        sv.search(s, limit, out)
    except Dead:
        pass
    finally:
        sys.setrecursionlimit(old)
    first = sv.path(out[0]) if out else None
    return ZipAnswer(first, len(out), limit, sv.nodes, p)


def no_solution(p: ZipPuzzle) -> UnsolvableError:
    return UnsolvableError("no solution: no path from 1 through every cell meets the numbers in order "
                           "without crossing a wall")
