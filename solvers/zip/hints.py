"""Zip hints: the next step of the path drawn so far, and why, in words.

From the end of the path drawn (the head), each way on is tried against the
rules a person checks at a glance, each a few whole-board bit operations
(cells are bits ``i = r * cols + c`` of one int):

* **order**: the cell holds a number that is not the next one;
* **cut off**: the cells left, with the head, would no longer be one piece;
* **dead end**: a cell left, other than the last number's, would have fewer
  than two ways in and out;
* **order, further on**: the next number could not be reached without
  passing a later one;
* **colours**: the grid is a chessboard and a path alternates colours.

When one way on survives, that is the hint, with the others' reasons; when
several survive, the search (:func:`puzzlebot.solvers.zip.solve.solve`)
decides which lead to a full path.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlebot.solvers.zip.board import Cell, ZipPuzzle, cell_name, path_violations
from puzzlebot.solvers.zip.solve import solve

RULES = {
    "order": "the numbers are met in order",
    "cut-off": "the path must not cut the cells left in two",
    "dead-end": "every cell needs a way in and a way out",
    "colours": "a path alternates the colours of a chessboard",
    "only-way": "the path has one way on that does not break a rule",
    "search": "every other way on runs into a contradiction further along",
}


class Grid:
    """The board as bit masks: for each direction, the cells that may step that way."""

    def __init__(self, p: ZipPuzzle):
        R, C = self.rows, self.cols = p.rows, p.cols
        self.n = R * C
        self.all = (1 << self.n) - 1
        self.up = self.down = self.left = self.right = 0
        self.nbrs: list[list[int]] = [[] for _ in range(self.n)]
        for r in range(R):
            for c in range(C):
                i = r * C + c
                for dr, dc, attr in ((-1, 0, "up"), (1, 0, "down"), (0, -1, "left"), (0, 1, "right")):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < R and 0 <= cc < C and p.open((r, c), (rr, cc)):
                        setattr(self, attr, getattr(self, attr) | (1 << i))
                        self.nbrs[i].append(rr * C + cc)
        self.num = [0] * self.n
        for (r, c), k in p.numbers.items():
            self.num[r * C + c] = k
        self.k = p.last
        self.cell_of = {k: r * C + c for (r, c), k in p.numbers.items()}
        self.end = self.cell_of[self.k]
        self.black = sum(1 << i for i in range(self.n) if (i // C + i % C) % 2 == 0)
        self.from_k = [0] * (self.k + 2)  # cells holding number k or later
        for k in range(self.k, 0, -1):
            self.from_k[k] = self.from_k[k + 1] | (1 << self.cell_of[k])

    def spread(self, reach: int, allowed: int) -> int:
        C = self.cols
        while True:
            nxt = (reach | ((reach & self.up) >> C) | ((reach & self.down) << C)
                   | ((reach & self.left) >> 1) | ((reach & self.right) << 1)) & allowed
            if nxt == reach:
                return reach
            reach = nxt

    def two_ways(self, cells: int) -> tuple[int, int]:
        """(cells with at least one neighbour in ``cells``, with at least two)."""
        C = self.cols
        a, b = (cells << C) & self.up, (cells >> C) & self.down
        c, d = (cells << 1) & self.left, (cells >> 1) & self.right
        return a | b | c | d, (a & b) | (c & d) | ((a | b) & (c | d))

    def doomed(self, head: int, left: int, nextk: int) -> tuple[str, str] | None:
        """(rule, why) a path whose head is ``head``, with the cells ``left``
        still to visit, cannot be finished; None when no quick rule says so."""
        if not left:
            return None if head == self.end else ("order", "the path would end before the last number")
        hb = 1 << head
        free = left | hb
        end = 1 << self.end
        nb = (free & self.black).bit_count()
        head_black, length = bool(hb & self.black), free.bit_count()
        if (nb if head_black else length - nb) != (length + 1) // 2 or \
                bool(end & self.black) != (head_black if length % 2 else not head_black):
            return "colours", "the cells left could not be walked alternating colours to the last number"
        one, two = self.two_ways(free)
        stuck = left & ~two & ~end
        if stuck:
            return "dead-end", f"{cell_name(divmod(stuck.bit_length() - 1, self.cols))} would be a dead end"
        if not one & end or self.spread(hb, free) != free:
            return "cut-off", "the cells left would be cut in two"
        if nextk <= self.k and not self.spread(hb, free & ~self.from_k[nextk + 1]) & (1 << self.cell_of[nextk]):
            return "order", f"{nextk} could not be reached before a later number"
        return None


@dataclass
class Hint:
    """The next cell the path must take and why."""
    cell: Cell | None  # where the path must go next (None: solved, or no single next step)
    head: Cell | None  # the path's end now
    rule: str  # the rule that forces it, in words
    because: str  # the reason, about this board
    solved: bool = False
    wrong: bool = False  # the path drawn breaks a rule (``because`` says which)

    def level(self, k: int) -> str:
        if self.solved:
            return "the puzzle is solved already"
        if self.cell is None:
            return self.because
        if k == 1:
            return f"look at the end of the path, {cell_name(self.head)}"
        if k == 2:
            return f"use the rule: {self.rule}"
        return f"go on to {cell_name(self.cell)}: {self.because}"


def hint(p: ZipPuzzle) -> Hint:
    """The next step of the path drawn so far (``p.path``, from 1), and why
    it is forced; or that the drawn path is already wrong."""
    path = p.path or [p.cell_of(1)]
    broken = path_violations(p, path, whole=False)
    if broken:
        return Hint(None, path[-1], "", f"the path drawn is wrong: {broken[0]}; take it back to 1", wrong=True)
    g = Grid(p)
    C = g.cols
    left, nextk = g.all, 1
    for r, c in path:
        left &= ~(1 << (r * C + c))
        nextk += bool(g.num[r * C + c])
    head = path[-1][0] * C + path[-1][1]
    if not left:
        ok = head == g.end
        return Hint(None, path[-1], "", "" if ok else "every cell is on the path but it does not end on the "
                                                        "last number: take it back", solved=ok, wrong=not ok)
    good, why_not = [], []
    for nb in g.nbrs[head]:
        if not left >> nb & 1:
            continue
        k, name = g.num[nb], cell_name(divmod(nb, C))
        if k and k != nextk:
            why_not.append(("order", f"{name} holds {k}, but {nextk} comes first"))
            continue
        doom = g.doomed(nb, left & ~(1 << nb), nextk + 1 if k else nextk)
        if doom is not None:
            why_not.append((doom[0], f"going to {name}, {doom[1]}"))
        else:
            good.append(nb)
    if len(good) == 1:
        rule = why_not[0][0] if why_not else "only-way"
        because = "; ".join(w for _, w in why_not) or "it is the only cell next to the path's end not on it yet"
        return Hint(divmod(good[0], C), path[-1], RULES[rule], because)
    if not good:
        return Hint(None, path[-1], "", "no way on from the path's end keeps the puzzle solvable: take some of the "
                                        "path back", wrong=True)
    bare = ZipPuzzle(p.rows, p.cols, p.numbers, p.walls)
    ok = [nb for nb in good if solve(bare, 1, start=path + [divmod(nb, C)]).count]
    if len(ok) == 1:
        dead = [cell_name(divmod(nb, C)) for nb in good if nb != ok[0]]
        return Hint(divmod(ok[0], C), path[-1], RULES["search"],
                    f"from {' or '.join(dead)} no full path is left (every way tried)")
    if not ok:
        return Hint(None, path[-1], "", "the path drawn cannot be finished: take some of it back", wrong=True)
    return Hint(None, path[-1], "", "more than one way on leads to a full path here: the puzzle has several answers "
                                    "from this point")
