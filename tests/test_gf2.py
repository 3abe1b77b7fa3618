"""GF(2) and GF(p) elimination against a naive reference, on random matrices."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from puzzlebot.solvers import gf2, gfp


def naive_rank_mod(a: np.ndarray, p: int) -> int:
    """Textbook row reduction, one entry at a time."""
    m = [list(map(int, row)) for row in np.asarray(a) % p]
    rank, ncols = 0, len(m[0]) if m else 0
    for c in range(ncols):
        piv = next((i for i in range(rank, len(m)) if m[i][c] % p), None)
        if piv is None:
            continue
        m[rank], m[piv] = m[piv], m[rank]
        inv = pow(m[rank][c], -1, p)
        m[rank] = [(v * inv) % p for v in m[rank]]
        for i in range(len(m)):
            if i != rank and m[i][c]:
                f = m[i][c]
                m[i] = [(v - f * w) % p for v, w in zip(m[i], m[rank])]
        rank += 1
    return rank


matrices = st.integers(1, 70).flatmap(
    lambda m: st.integers(1, 90).flatmap(lambda n: arrays(bool, (m, n), elements=st.booleans()))
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(a=matrices, seed=st.integers(0, 2**32 - 1))
def test_dense_gf2_matches_naive(a, seed):
    rank = naive_rank_mod(a, 2)
    assert gf2.rank(a) == rank
    null = gf2.nullspace(a)
    assert null.shape == (a.shape[1] - rank, a.shape[1])
    assert not ((a.astype(int) @ null.T.astype(int)) % 2).any()
    assert gf2.rank(null) == null.shape[0]  # a basis, not just vectors
    b = np.random.default_rng(seed).random(a.shape[0]) < 0.5
    sol = gf2.solve(a, b)
    consistent = naive_rank_mod(np.concatenate([a, b[:, None]], axis=1), 2) == rank
    assert (sol is not None) == consistent
    if sol is not None:
        assert (((a.astype(int) @ sol.x) % 2) == b).all()
    else:
        y = gf2.left_certificate(a, b)
        assert not ((y.astype(int) @ a) % 2).any() and np.count_nonzero(y & b) % 2 == 1


@settings(max_examples=150, deadline=None)
@given(a=matrices, seed=st.integers(0, 2**32 - 1))
def test_sparse_entries_path_matches_dense(a, seed):
    b = np.random.default_rng(seed).random(a.shape[0]) < 0.5
    rows, cols = np.nonzero(a)
    dense = gf2.solve(a, b)
    sparse = gf2.solve_entries(a.shape[0], a.shape[1], rows, cols, b)
    assert (dense is None) == (sparse is None)
    if sparse is not None:
        assert (((a.astype(int) @ sparse.x) % 2) == b).all()
        assert sparse.nullspace.shape == dense.nullspace.shape
        assert not ((a.astype(int) @ sparse.nullspace.T.astype(int)) % 2).any()
    else:
        y = gf2.left_certificate_entries(a.shape[0], a.shape[1], rows, cols, b)
        assert not ((y.astype(int) @ a) % 2).any() and np.count_nonzero(y & b) % 2 == 1


@pytest.mark.slow
def test_dense_entries_take_the_packed_path_and_agree(monkeypatch):
    def no_ints(*a, **k):
        raise AssertionError("a dense system must not take the Python-int path")

    monkeypatch.setattr(gf2, "_solve_ints", no_ints)
    rng = np.random.default_rng(1)
    a = rng.random((500, 450)) < 0.5  # > 16 non-zeros per row, >= 400 unknowns
    rows, cols = np.nonzero(a)
    x0 = rng.random(450) < 0.5
    b = (a.astype(int) @ x0) % 2 == 1
    sol = gf2.solve_entries(500, 450, rows, cols, b)
    assert sol is not None and ((a.astype(int) @ sol.x) % 2 == b).all()
    b2 = b.copy()
    b2[0] ^= True  # full column rank and 500 > 450 rows: now inconsistent
    assert naive_rank_mod(a, 2) == 450
    assert gf2.solve_entries(500, 450, rows, cols, b2) is None


@pytest.mark.slow
def test_large_dense_rank():
    rng = np.random.default_rng(7)
    a = rng.random((300, 300)) < 0.5
    a[:, 5] = a[:, 3] ^ a[:, 9]  # force a dependency
    assert gf2.rank(a) == naive_rank_mod(a, 2)


@settings(max_examples=80, deadline=None)
@given(
    p=st.sampled_from([3, 5, 7]),
    shape=st.tuples(st.integers(1, 12), st.integers(1, 12)),
    seed=st.integers(0, 2**32 - 1),
)
def test_gfp_matches_naive(p, shape, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, p, shape) * (rng.random(shape) < 0.6)
    rank = naive_rank_mod(a, p)
    assert gfp.rref_mod(a, p).rank == rank
    null = gfp.nullspace_mod(a, p)
    assert null.shape[0] == shape[1] - rank
    assert not ((a @ null.T) % p).any()
    b = rng.integers(0, p, shape[0])
    sol = gfp.solve_mod(a, b, p)
    consistent = naive_rank_mod(np.concatenate([a, b[:, None]], axis=1), p) == rank
    assert (sol is not None) == consistent
    if sol is not None:
        assert ((a @ sol.x) % p == b).all()
    else:
        y = gfp.left_certificate_mod(a, b, p)
        assert not ((y @ a) % p).any() and int(y @ b) % p
