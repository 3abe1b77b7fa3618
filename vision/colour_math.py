"""Colour distances and medians over many pixels, as numpy computes them
but without its general-purpose overhead: the readers call these on every
edge window and cell patch, where the overhead was much of a read's time.

Each function returns exactly (bit for bit) what the numpy expression in
its docstring returns; the readers' results do not depend on which is used.
"""

from __future__ import annotations

import numpy as np


def squared_distance(a: np.ndarray, b: np.ndarray | float = 0.0) -> np.ndarray:
    """The squared Euclidean distance of three-channel colours (Lab),
    ``np.einsum("...k,...k->...", a - b, a - b)``: the channels summed in
    order, without a reduction over a short last axis (numpy's slow case)."""
    d = np.subtract(a, b)
    d *= d
    return d[..., 0] + d[..., 1] + d[..., 2]


def distance(a: np.ndarray, b: np.ndarray | float = 0.0) -> np.ndarray:
    """``np.linalg.norm(a - b, axis=-1)`` for three-channel colours (Lab)."""
    return np.sqrt(squared_distance(a, b))


def median_first(x: np.ndarray) -> np.ndarray:
    """``np.median(x, axis=0)`` for a float array without NaNs.  Sorted, not
    partitioned: numpy sorts floats with SIMD, several times faster than its
    selection along an axis, and the middle values are the same."""
    n = x.shape[0]
    flat = np.sort(x.reshape(n, -1), axis=0)
    k = n // 2
    if n % 2:
        return flat[k].reshape(x.shape[1:])
    return np.mean(flat[k - 1:k + 1], axis=0).reshape(x.shape[1:])
