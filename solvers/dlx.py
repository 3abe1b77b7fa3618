"""Exact cover by Knuth's Dancing Links (Algorithm X), with secondary columns.

Choose a set of rows so that every *primary* column is covered exactly once
and every *secondary* column at most once.  Secondary headers are left out of
the ring of column headers, so they are never chosen, but covering them still
removes every other row that uses them.

Links live in flat Python lists (left, right, up, down, column), which is
much faster in CPython than node objects.  The search is iterative, with an
explicit stack, so it can yield solutions one by one, report each step to a
callback, and stop promptly on cancellation, leaving the links as they were.
Columns are chosen by the minimum-remaining-values rule (fewest rows).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Hashable, Iterator, Sequence

from puzzlebot.solvers.errors import InputError, PuzzlebotError

_CHECK_EVERY = 2048  # search steps between cancellation checks


class Cancelled(PuzzlebotError):
    """The search was stopped by its token (Ctrl-C)."""

    exit_code = 130


class TimedOut(Cancelled):
    """The search reached its deadline (--timeout) without an answer: a
    stop like Ctrl-C, but reported as a failure (exit 1), not an interrupt."""

    exit_code = 1


class CancelToken:
    """Stops a running search: call :meth:`cancel` (e.g. from a signal
    handler or another thread) or give a deadline in seconds from now."""

    def __init__(self, seconds: float | None = None):
        self.cancelled = False
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def cancel(self) -> None:
        self.cancelled = True

    def expired(self) -> bool:
        return self.cancelled or (self.deadline is not None and time.monotonic() >= self.deadline)

    def stop(self, when: str) -> None:
        """Raise what the stop was: Cancelled (Ctrl-C, exit 130) or
        TimedOut (the deadline, exit 1), saying ``when`` it happened."""
        if self.cancelled:
            raise Cancelled(f"search cancelled {when}")
        raise TimedOut(f"no answer within the time limit: gave up {when}")

    def check(self, when: str) -> None:
        """Stop now if cancelled or past the deadline (for set-up loops)."""
        if self.expired():
            self.stop(when)


StepCallback = Callable[[str, int, int], None]  # (event, row, depth); event: cover | uncover | solution


@dataclass
class Stats:
    """What a Dancing Links search did: rows tried and solutions found."""
    nodes: int = 0  # rows tried (search tree nodes)
    solutions: int = 0


class ExactCover:
    """An exact cover problem.

    ``primary`` and ``secondary`` name the columns (any hashables);
    ``rows`` lists, for each row, the names of the columns it covers (at
    least one primary, as in Knuth's definition).
    """

    def __init__(self, primary: Sequence[Hashable], rows: Sequence[Sequence[Hashable]],
                 secondary: Sequence[Hashable] = (), cancel: "CancelToken | None" = None):
        names = list(primary) + list(secondary)
        index: dict[Hashable, int] = {}
        for name in names:
            if name in index:
                raise InputError(f"column {name!r} is named twice")
            index[name] = len(index) + 1  # header nodes are 1..ncols; 0 is the root
        self.n_primary = len(primary)
        self.ncols = len(names)
        self.names = names
        self.rows = [list(r) for r in rows]
        ncols = self.ncols
        size = ncols + 1
        L = list(range(-1, size - 1))
        R = list(range(1, size + 1))
        L[0], R[size - 1] = self.n_primary, 0
        # primary headers form the ring 0 <-> 1 .. n_primary; secondary ones loop on themselves
        if self.n_primary:
            R[self.n_primary] = 0
        else:
            R[0] = 0
        for h in range(self.n_primary + 1, size):
            L[h] = R[h] = h
        U = list(range(size))
        D = list(range(size))
        C = list(range(size))
        row_of = [-1] * size
        S = [0] * size
        for ri, row in enumerate(self.rows):
            if cancel is not None and ri % _CHECK_EVERY == 0:
                cancel.check("while building the problem")
            if not row:
                raise InputError(f"row {ri} covers no column")
            cols = []
            for name in row:
                h = index.get(name)
                if h is None:
                    raise InputError(f"row {ri} names an unknown column {name!r}")
                cols.append(h)
            if len(set(cols)) != len(cols):
                raise InputError(f"row {ri} names a column twice")
            if min(cols) > self.n_primary:
                raise InputError(f"row {ri} covers only secondary columns, so it could never be chosen")
            first = len(L)
            for k, h in enumerate(cols):
                node = first + k
                L.append(node - 1 if k else first + len(cols) - 1)
                R.append(node + 1 if k < len(cols) - 1 else first)
                U.append(U[h])
                D.append(h)
                D[U[h]] = node
                U[h] = node
                C.append(h)
                row_of.append(ri)
                S[h] += 1
        self._L, self._R, self._U, self._D, self._C, self._row, self._S = L, R, U, D, C, row_of, S
        self.stats = Stats()

    def solutions(self, limit: int | None = None, on_step: StepCallback | None = None,
                  cancel: CancelToken | None = None) -> Iterator[list[int]]:
        """Yield solutions (lists of row indices) until ``limit`` or the end.

        Raises :class:`Cancelled` when ``cancel`` fires; the links are restored
        either way, so the problem can be searched again.
        """
        L, R, U, D, C, ROW, S = self._L, self._R, self._U, self._D, self._C, self._row, self._S
        stats = self.stats = Stats()

        def cover(c: int) -> None:
            R[L[c]] = R[c]
            L[R[c]] = L[c]
            i = D[c]
            while i != c:
                j = R[i]
                while j != i:
                    u = U[j]
                    d = D[j]
                    U[d] = u
                    D[u] = d
                    S[C[j]] -= 1
                    j = R[j]
                i = D[i]

        def uncover(c: int) -> None:
            i = U[c]
            while i != c:
                j = L[i]
                while j != i:
                    S[C[j]] += 1
                    U[D[j]] = j
                    D[U[j]] = j
                    j = L[j]
                i = U[i]
            R[L[c]] = c
            L[R[c]] = c

        stack: list[int] = []  # the chosen row node at each depth
        found = 0
        steps = 0
        descend = True
        try:
            while True:
                steps += 1
                if cancel is not None and steps % _CHECK_EVERY == 1 and cancel.expired():
                    cancel.stop(f"after {steps} search steps")
                if descend:
                    if R[0] == 0:  # every primary column covered
                        found += 1
                        stats.solutions = found
                        sol = [ROW[r] for r in stack]
                        if on_step:
                            on_step("solution", -1, len(stack))
                        yield sol
                        if limit is not None and found >= limit:
                            return
                        descend = False
                        continue
                    c, best = 0, 1 << 60
                    h = R[0]
                    while h:
                        if S[h] < best:
                            c, best = h, S[h]
                            if best <= 1:
                                break
                        h = R[h]
                    if best == 0:
                        descend = False
                        continue
                    cover(c)
                    r = D[c]
                else:
                    if not stack:
                        return
                    r = stack.pop()
                    j = L[r]
                    while j != r:
                        uncover(C[j])
                        j = L[j]
                    if on_step:
                        on_step("uncover", ROW[r], len(stack))
                    c = C[r]
                    r = D[r]
                    if r == c:  # this column has no rows left to try
                        uncover(c)
                        continue
                stats.nodes += 1
                stack.append(r)
                j = R[r]
                while j != r:
                    cover(C[j])
                    j = R[j]
                if on_step:
                    on_step("cover", ROW[r], len(stack) - 1)
                descend = True
        finally:
            # restore the links: take back every row still chosen, then its column
            while stack:
                r = stack.pop()
                j = L[r]
                while j != r:
                    uncover(C[j])
                    j = L[j]
                uncover(C[r])

    def first(self, **kw) -> list[int] | None:
        return next(iter(self.solutions(limit=1, **kw)), None)

    def count(self, limit: int | None = None, **kw) -> int:
        return sum(1 for _ in self.solutions(limit=limit, **kw))
