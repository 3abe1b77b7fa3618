"""Linear algebra modulo a prime p on dense integer matrices.

Used by the k-state Lights Out variants (a press adds 1 mod k).  Sizes there
are small (the light-chasing reduction leaves one unknown per column), so
plain Gauss-Jordan on int64 numpy arrays is enough; GF(2) has its own
bit-packed module, :mod:`puzzlebot.solvers.gf2`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def is_prime(k: int) -> bool:
    return k >= 2 and all(k % d for d in range(2, int(k**0.5) + 1))


def _check_prime(p: int) -> None:
    if not is_prime(p):
        raise ValueError(f"modulus {p} is not prime")


@dataclass
class RREFMod:
    """A matrix in reduced row echelon form modulo ``p``, with its pivot columns."""
    rows: np.ndarray  # rank x ncols, reduced: pivot entries 1, pivot columns clear
    pivots: list[int]
    p: int

    @property
    def rank(self) -> int:
        return len(self.pivots)


def rref_mod(a: np.ndarray, p: int, *, stop_col: int | None = None) -> RREFMod:
    """Reduced row echelon form of ``a`` modulo prime ``p``."""
    _check_prime(p)
    m = np.array(a, dtype=np.int64, copy=True) % p
    nrows, ncols = m.shape
    stop = ncols if stop_col is None else stop_col
    pivots: list[int] = []
    r = 0
    for c in range(stop):
        if r == nrows:
            break
        nz = np.flatnonzero(m[r:, c])
        if nz.size == 0:
            continue
        piv = r + int(nz[0])
        if piv != r:
            m[[r, piv]] = m[[piv, r]]
        inv = pow(int(m[r, c]), -1, p)
        m[r] = (m[r] * inv) % p
        factors = m[:, c].copy()
        factors[r] = 0
        rows = np.flatnonzero(factors)
        if rows.size:
            m[rows] = (m[rows] - np.outer(factors[rows], m[r])) % p
        pivots.append(c)
        r += 1
    return RREFMod(rows=m[:r], pivots=pivots, p=p)


def nullspace_mod(a: np.ndarray, p: int) -> np.ndarray:
    """Basis of {x : A x = 0 mod p}, one vector per row."""
    a = np.asarray(a)
    e = rref_mod(a, p)
    return _nullspace_from(e, a.shape[1])


def _nullspace_from(e: RREFMod, n: int) -> np.ndarray:
    pivot_set = set(e.pivots)
    free = [c for c in range(n) if c not in pivot_set]
    basis = np.zeros((len(free), n), dtype=np.int64)
    for j, f in enumerate(free):
        basis[j, f] = 1
        if e.rank:
            basis[j, e.pivots] = (-e.rows[:, f]) % e.p
    return basis


@dataclass
class SolutionMod:
    """One solution of a linear system modulo p and a basis of its null space."""
    x: np.ndarray
    nullspace: np.ndarray


def solve_mod(a: np.ndarray, b: np.ndarray, p: int) -> SolutionMod | None:
    """Solve A x = b (mod p); None when inconsistent."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64).reshape(-1)
    n = a.shape[1]
    e = rref_mod(np.concatenate([a, b[:, None]], axis=1), p)
    if e.pivots and e.pivots[-1] == n:
        return None
    x = np.zeros(n, dtype=np.int64)
    if e.rank:
        x[e.pivots] = e.rows[:, n]
    return SolutionMod(x=x, nullspace=_nullspace_from(e, n))


def left_certificate_mod(a: np.ndarray, b: np.ndarray, p: int) -> np.ndarray | None:
    """y with y A = 0 and y . b != 0 (mod p): proof of no solution; or None."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64).reshape(-1)
    for y in nullspace_mod(a.T, p):
        if int(y @ b) % p:
            return y
    return None
