"""Linear algebra over GF(2): rank, solve and nullspace.

Two representations, each where it is fastest:

* dense matrices: rows packed 64 columns to a ``uint64`` word (column ``c``
  is bit ``c % 64`` of word ``c // 64``), so one XOR of two rows touches n/64
  words.  Elimination is Gauss-Jordan in blocks of up to eight pivots (the
  "method of the four Russians"): the block's pivot rows are reduced among
  themselves, their 2^k XOR combinations tabulated once, and every other row
  is cleared of the whole block by one table lookup and XOR.  That is about a
  quarter of the word operations of pivot-by-pivot elimination, in a handful
  of numpy calls per block;
* sparse systems given by their non-zero entries (graphs, press matrices):
  one Python int per equation, see :func:`solve_entries`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_BLOCK = 8
_ONE = np.uint64(1)


def pack_rows(a: np.ndarray) -> np.ndarray:
    """Pack a 2-D 0/1 array (m, n) into (m, ceil(n/64)) uint64 words."""
    a = np.asarray(a)
    if a.ndim != 2:
        raise ValueError(f"expected a 2-D matrix, got shape {a.shape}")
    m, n = a.shape
    words = max(1, -(-n // 64))
    packed = np.packbits(a.astype(bool), axis=1, bitorder="little")
    out = np.zeros((m, words * 8), dtype=np.uint8)
    out[:, : packed.shape[1]] = packed
    return out.view("<u8").astype(np.uint64, copy=False)


def pack_entries(nrows: int, ncols: int, rows, cols) -> np.ndarray:
    """Packed (nrows, ncols) matrix with a 1 at each (rows[i], cols[i]).

    Repeated entries stay 1 (set semantics).  Builds sparse systems without
    a dense bool matrix in between.
    """
    rows = np.asarray(rows, dtype=np.intp)
    cols = np.asarray(cols, dtype=np.intp)
    words = max(1, -(-ncols // 64))
    p = np.zeros((nrows, words), dtype=np.uint64)
    if rows.size:
        bits = np.left_shift(np.uint64(1), (cols & 63).astype(np.uint64))
        np.bitwise_or.at(p, (rows, cols >> 6), bits)
    return p


def unpack_rows(p: np.ndarray, ncols: int) -> np.ndarray:
    """Inverse of :func:`pack_rows`: a bool array of shape (m, ncols)."""
    p = np.ascontiguousarray(p, dtype="<u8")
    bits = np.unpackbits(p.view(np.uint8), axis=1, bitorder="little")
    return bits[:, :ncols].astype(bool)


def _column(p: np.ndarray, col: int) -> np.ndarray:
    """Bit ``col`` of every row of packed matrix ``p`` as a uint64 0/1 array."""
    return (p[:, col >> 6] >> np.uint64(col & 63)) & _ONE


@dataclass
class RREF:
    """Reduced row echelon form of a matrix over GF(2).

    ``rows`` holds the ``rank`` non-zero rows (packed); row ``i`` has a 1 in
    column ``pivots[i]`` and 0 in every other pivot column.
    """

    rows: np.ndarray
    pivots: list[int]
    ncols: int

    @property
    def rank(self) -> int:
        return len(self.pivots)

    def free_columns(self, upto: int | None = None) -> list[int]:
        """Non-pivot columns below ``upto`` (default: all columns)."""
        upto = self.ncols if upto is None else upto
        pivot_set = set(self.pivots)
        return [c for c in range(upto) if c not in pivot_set]


def rref_packed(p: np.ndarray, ncols: int, *, stop_col: int | None = None) -> RREF:
    """Gauss-Jordan elimination of a packed matrix (modified in place).

    Pivots are searched only in columns below ``stop_col`` (default: all),
    which lets an augmented column ride along without becoming a pivot.
    """
    p = np.array(p, dtype=np.uint64, copy=True)
    m = p.shape[0]
    stop = ncols if stop_col is None else stop_col
    r = 0
    pivots: list[int] = []
    c = 0
    while c < stop and r < m:
        block_end = min(c + _BLOCK, stop)
        r, block_pivots = _eliminate_block(p, r, c, block_end)
        pivots.extend(block_pivots)
        c = block_end
    return RREF(rows=p[:r].copy(), pivots=pivots, ncols=ncols)


def _eliminate_block(p: np.ndarray, r: int, c0: int, c1: int) -> tuple[int, list[int]]:
    """Find pivots in columns c0..c1-1 among rows r.. and clear them everywhere.

    Returns the next free pivot row and the pivot columns found, in order.
    """
    m = p.shape[0]
    width = c1 - c0
    # Block bits of the remaining rows as small ints; elimination is simulated
    # on these to choose the pivot rows cheaply.
    vals = np.zeros(m - r, dtype=np.uint16)
    for j in range(width):
        vals |= (_column(p[r:], c0 + j).astype(np.uint16)) << np.uint16(j)
    if not vals.any():
        return r, []
    chosen: list[int] = []  # row offsets (relative to r) of the block's pivots
    chosen_cols: list[int] = []
    taken = np.zeros(m - r, dtype=bool)
    for j in range(width):
        bit = np.uint16(1 << j)
        has = ((vals & bit) != 0) & ~taken
        cand = np.flatnonzero(has)
        if cand.size == 0:
            continue
        piv = int(cand[0])
        taken[piv] = True
        has[piv] = False
        vals[has] ^= vals[piv]
        chosen.append(piv)
        chosen_cols.append(c0 + j)
    if not chosen:
        return r, []

    w0 = c0 >> 6
    # Full pivot rows, reduced so each is 1 at its own pivot column and 0 at
    # the block's other pivot columns.
    prows: list[np.ndarray] = []
    for off, col in zip(chosen, chosen_cols):
        row = p[r + off, w0:].copy()
        for prow, pcol in zip(prows, chosen_cols):
            if (row[(pcol >> 6) - w0] >> np.uint64(pcol & 63)) & _ONE:
                row ^= prow
        for prow in prows:
            if (prow[(col >> 6) - w0] >> np.uint64(col & 63)) & _ONE:
                prow ^= row
        prows.append(row)

    k = len(prows)
    table = np.zeros((1 << k, p.shape[1] - w0), dtype=np.uint64)
    for i, prow in enumerate(prows):
        half = 1 << i
        table[half : 2 * half] = table[:half] ^ prow

    def index_of(rows: np.ndarray) -> np.ndarray:
        idx = np.zeros(rows.shape[0], dtype=np.intp)
        for i, col in enumerate(chosen_cols):
            idx |= _column(rows, col).astype(np.intp) << i
        return idx

    # Clear the block's pivot columns in every row, above and below.
    _apply_table(p, 0, r, w0, table, index_of(p[:r]))
    _apply_table(p, r, m, w0, table, index_of(p[r:]))

    # Move the pivot rows (in pivot order) to rows r, r+1, ...; the rows they
    # displace are now zero on the pivot columns, as are all non-pivot rows.
    chosen_abs = {r + off for off in chosen}
    others = [i for i in range(r, r + k) if i not in chosen_abs]
    vacated = sorted(i for i in chosen_abs if i >= r + k)
    p[vacated] = p[others]
    for i, prow in enumerate(prows):
        p[r + i, :w0] = 0
        p[r + i, w0:] = prow
    return r + k, chosen_cols


def _apply_table(p, lo, hi, w0, table, idx) -> None:
    """XOR table[idx[i]] into row lo+i (from word w0 on).

    Sparse systems leave most indices 0 early on; touching only the rows that
    change is then much cheaper than a full contiguous pass.
    """
    if hi <= lo:
        return
    nz = np.flatnonzero(idx)
    if nz.size * 3 < idx.size:
        if nz.size:
            p[lo + nz, w0:] ^= table[idx[nz]]
    else:
        p[lo:hi, w0:] ^= table[idx]


def _as_packed(a: np.ndarray) -> tuple[np.ndarray, int]:
    a = np.asarray(a)
    if a.ndim != 2:
        raise ValueError(f"expected a 2-D matrix, got shape {a.shape}")
    return pack_rows(a), a.shape[1]


def rref(a: np.ndarray) -> RREF:
    """Reduced row echelon form of a 0/1 matrix."""
    p, n = _as_packed(a)
    return rref_packed(p, n)


def rank(a: np.ndarray) -> int:
    return rref(a).rank


def nullspace_from_rref(e: RREF, n: int | None = None) -> np.ndarray:
    """Basis of {x : A x = 0} as rows of a bool array (d, n), where A is the
    first ``n`` columns of the eliminated matrix (rows pivoting at or past
    ``n`` are zero there and impose nothing)."""
    n = e.ncols if n is None else n
    keep = [i for i, pc in enumerate(e.pivots) if pc < n]
    free = e.free_columns(n)
    basis = np.zeros((len(free), n), dtype=bool)
    if not free:
        return basis
    basis[np.arange(len(free)), free] = True
    if keep:
        piv = np.asarray([e.pivots[i] for i in keep])
        rows = e.rows[keep]
        for j, f in enumerate(free):
            basis[j, piv] = _column(rows, f).astype(bool)
    return basis


def nullspace(a: np.ndarray) -> np.ndarray:
    """Basis of the nullspace of ``a`` (rows of a bool array)."""
    return nullspace_from_rref(rref(a))


@dataclass
class Solution:
    """One solution ``x`` of A x = b and a basis of the nullspace of A.

    Every solution is ``x`` plus a sum of nullspace rows, so there are
    ``2 ** len(nullspace)`` of them.
    """

    x: np.ndarray
    nullspace: np.ndarray


def solve(a: np.ndarray, b: np.ndarray) -> Solution | None:
    """Solve A x = b over GF(2); None when the system is inconsistent."""
    a = np.asarray(a, dtype=bool)
    b = np.asarray(b, dtype=bool).reshape(-1)
    m, n = a.shape
    if b.shape[0] != m:
        raise ValueError(f"right-hand side has {b.shape[0]} entries for {m} equations")
    aug = np.concatenate([a, b[:, None]], axis=1)
    e = rref_packed(pack_rows(aug), n + 1)
    if e.pivots and e.pivots[-1] == n:  # a row reads 0 = 1
        return None
    x = np.zeros(n, dtype=bool)
    if e.rank:
        x[np.asarray(e.pivots)] = _column(e.rows, n).astype(bool)
    return Solution(x=x, nullspace=nullspace_from_rref(e, n))


def left_certificate(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """A vector y with y A = 0 and y . b = 1 (proof that A x = b has no
    solution), or None when the system is consistent."""
    a = np.asarray(a, dtype=bool)
    b = np.asarray(b, dtype=bool).reshape(-1)
    # Consistent iff b is orthogonal to every left-nullspace vector; a basis
    # vector with odd overlap is then the certificate.
    for y in nullspace(a.T):
        if np.count_nonzero(y & b) % 2:
            return y
    return None


# --- sparse systems on Python ints -----------------------------------------
#
# A system given by its non-zero entries (graphs, Lights Out press matrices)
# is solved with one Python int per equation: right-hand side in bit 0,
# unknown j in bit j + 1, each equation reduced against a basis keyed by its
# highest bit.  A row pivoting at bit h is only h bits long, so on sparse
# systems this beats the packed path by one to two orders of magnitude (no
# per-call numpy overhead, little fill-in).  Dense systems go to the packed
# path, where every row costs n/64 words no matter what.

_DENSE_PER_ROW = 16  # average non-zeros per row above which a system is dense
_DENSE_MIN = 400  # ... and only when it has at least this many unknowns


def _solve_ints(equations: list[int], nvars: int) -> tuple[int, list[int]] | None:
    basis: list[int] = [0] * (nvars + 1)  # basis[h]: the row whose top bit is h
    for row in equations:
        while row > 1:
            h = row.bit_length() - 1
            other = basis[h]
            if not other:
                basis[h] = row
                break
            row ^= other
        else:
            if row == 1:
                return None
    order = [h for h in range(1, nvars + 1) if basis[h]]
    x = 0
    for h in order:
        row = basis[h]
        if (row & 1) ^ ((row & x).bit_count() & 1):
            x |= 1 << h
    null = []
    for f in range(1, nvars + 1):
        if basis[f]:
            continue
        v = 1 << f
        for h in order:
            if h > f and (basis[h] & v).bit_count() & 1:
                v |= 1 << h
        null.append(v >> 1)
    return x >> 1, null


def int_to_bits(v: int, n: int) -> np.ndarray:
    """Bit j of ``v`` as element j of a bool array of length n."""
    raw = np.frombuffer(v.to_bytes(-(-n // 8) or 1, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:n].astype(bool)


def bits_to_int(bits: np.ndarray) -> int:
    """Inverse of :func:`int_to_bits`."""
    return int.from_bytes(np.packbits(np.asarray(bits, dtype=bool), bitorder="little").tobytes(), "little")


def solve_entries(nrows: int, ncols: int, rows, cols, b) -> Solution | None:
    """Solve A x = b where A is given by its non-zero (rows[i], cols[i])
    entries (repeats count once); None when inconsistent.  ``rows``/``cols``
    may be lists or arrays, ``b`` any sequence of truth values."""
    if len(rows) > _DENSE_PER_ROW * max(nrows, 1) and ncols >= _DENSE_MIN:
        b = np.asarray(b, dtype=bool).reshape(-1)
        flip = np.flatnonzero(b)
        packed = pack_entries(nrows, ncols + 1, np.concatenate([np.asarray(rows, dtype=np.intp), flip]),
                              np.concatenate([np.asarray(cols, dtype=np.intp), np.full(flip.size, ncols)]))
        e = rref_packed(packed, ncols + 1)
        if e.pivots and e.pivots[-1] == ncols:
            return None
        x = np.zeros(ncols, dtype=bool)
        if e.rank:
            x[np.asarray(e.pivots)] = _column(e.rows, ncols).astype(bool)
        return Solution(x=x, nullspace=nullspace_from_rref(e, ncols))
    if isinstance(rows, np.ndarray):
        rows, cols = rows.tolist(), cols.tolist()
    eqs = [1 if v else 0 for v in (b.tolist() if isinstance(b, np.ndarray) else b)]
    for r, c in zip(rows, cols):
        eqs[r] |= 2 << c
    res = _solve_ints(eqs, ncols)
    if res is None:
        return None
    x, null = res
    basis = np.array([int_to_bits(v, ncols) for v in null], dtype=bool).reshape(len(null), ncols)
    return Solution(x=int_to_bits(x, ncols), nullspace=basis)


def left_certificate_entries(nrows: int, ncols: int, rows, cols, b) -> np.ndarray | None:
    """As :func:`left_certificate` for a matrix given by its entries."""
    b = np.asarray(b, dtype=bool).reshape(-1)
    homog = solve_entries(ncols, nrows, cols, rows, [False] * ncols)
    assert homog is not None
    for y in homog.nullspace:
        if np.count_nonzero(y & b) % 2:
            return y
    return None
