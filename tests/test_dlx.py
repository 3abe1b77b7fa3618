"""Dancing Links against brute force, OR-Tools, and the classic counts."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.exact_cover_cases import PENTOMINOES, pentominoes, queens
from bench.oracles import ortools_exact_cover_count
from puzzlebot.solvers.dlx import Cancelled, CancelToken, ExactCover
from puzzlebot.solvers.errors import InputError


@st.composite
def problems(draw):
    n_primary = draw(st.integers(1, 6))
    n_secondary = draw(st.integers(0, 3))
    ncols = n_primary + n_secondary
    rows = draw(st.lists(
        st.tuples(st.integers(0, n_primary - 1),
                  st.sets(st.integers(0, ncols - 1), max_size=ncols - 1)).map(lambda t: sorted({t[0]} | t[1])),
        max_size=9))
    return n_primary, n_secondary, rows


def brute_force(n_primary, n_secondary, rows):
    out = []
    for k in range(len(rows) + 1):
        for comb in itertools.combinations(range(len(rows)), k):
            cnt = [0] * (n_primary + n_secondary)
            for r in comb:
                for c in rows[r]:
                    cnt[c] += 1
            if all(v == 1 for v in cnt[:n_primary]) and all(v <= 1 for v in cnt[n_primary:]):
                out.append(list(comb))
    return out


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(problems())
def test_matches_brute_force(prob):
    n_primary, n_secondary, rows = prob
    ec = ExactCover(range(n_primary), rows, range(n_primary, n_primary + n_secondary))
    expected = sorted(brute_force(*prob))
    assert sorted(sorted(s) for s in ec.solutions()) == expected
    assert ec.count() == len(expected)  # links restored: searchable again
    assert ec.count(limit=1) == min(1, len(expected))
    first = ec.first()
    assert (first is None) == (not expected)


@pytest.mark.slow
def test_larger_random_matrices_agree_with_ortools():
    rng = random.Random(5)
    for _ in range(12):
        n_primary, n_secondary = rng.randint(15, 30), rng.randint(0, 10)
        ncols = n_primary + n_secondary
        rows = []
        for _ in range(rng.randint(30, 80)):
            size = rng.randint(1, 4)
            row = {rng.randrange(n_primary)} | {rng.randrange(ncols) for _ in range(size - 1)}
            rows.append(sorted(row))
        ours = ExactCover(range(n_primary), rows, range(n_primary, ncols)).count()
        theirs, complete = ortools_exact_cover_count(n_primary, n_secondary, rows)
        assert complete and ours == theirs


@pytest.mark.parametrize("n, count", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)])
def test_n_queens(n, count):
    assert queens(n).count() == count


@pytest.mark.slow
def test_pentominoes_6x10_with_x_and_i_fixed_agree_with_ortools():
    """A slice of the 6x10 count: X centred at r2c4 (one of its eight
    places in the top-left quarter) and I down the right side from r1c10.
    Dancing Links and CP-SAT must agree, and every tiling found must cover
    the box with each piece once.  The full count (2339 up to symmetry, 9356
    in all) is in bench.ripple; the X-only slice (342) took 27 s here."""
    ec = pentominoes(6, 10)
    names = ec.names[:ec.n_primary]
    xs = [i for i, row in enumerate(ec.rows) if row[0] == "X"]
    keep_x = next(i for i in xs if (1, 3) in ec.rows[i][1:] and (0, 3) in ec.rows[i][1:])
    keep_i = next(i for i, row in enumerate(ec.rows) if row[0] == "I" and sorted(row[1:]) == [(r, 9) for r in range(5)])
    rows = [row for i, row in enumerate(ec.rows) if row[0] not in ("X", "I") or i in (keep_x, keep_i)]
    sub = ExactCover(names, rows)
    sols = list(sub.solutions())
    for sol in sols:
        cells = [p for i in sol for p in rows[i][1:]]
        assert sorted(cells) == [(r, c) for r in range(6) for c in range(10)]
        assert sorted(rows[i][0] for i in sol) == sorted(PENTOMINOES)
    assert len({frozenset(sol) for sol in sols}) == len(sols)  # each tiling once
    idx = {n: k for k, n in enumerate(names)}
    count, complete = ortools_exact_cover_count(len(names), 0, [[idx[x] for x in row] for row in rows])
    assert complete and count == len(sols) > 20


@pytest.mark.slow
def test_small_pentomino_box_without_symmetry_breaking():
    assert pentominoes(3, 20, break_symmetry=False).count() == 8  # 2 up to symmetry
    assert len(PENTOMINOES) == 12


def test_step_callback_reports_cover_uncover_solution():
    events = []
    ec = queens(4)
    ec.count(on_step=lambda e, row, depth: events.append((e, depth)))
    kinds = {e for e, _ in events}
    assert kinds == {"cover", "uncover", "solution"}
    assert sum(e == "solution" for e, _ in events) == 2
    assert sum(e == "cover" for e, _ in events) == sum(e == "uncover" for e, _ in events)


def test_cancellation_is_prompt_and_restores_the_links():
    ec = queens(13)
    token = CancelToken(0.3)
    t = time.monotonic()
    with pytest.raises(Cancelled):
        ec.count(cancel=token)
    assert time.monotonic() - t < 1.0
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        ec.count(cancel=token)
    small = queens(6)
    with pytest.raises(Cancelled):
        small.count(cancel=CancelToken(0))
    assert small.count() == 4  # intact after a cancelled search


@pytest.mark.parametrize("rows, message", [
    ([["a", "zz"]], "unknown column 'zz'"),
    ([["a", "a"]], "names a column twice"),
    ([[]], "covers no column"),
    ([["s"]], "only secondary columns"),
])
def test_bad_matrices(rows, message):
    with pytest.raises(InputError, match=message):
        ExactCover(["a", "b"], rows, ["s"])
