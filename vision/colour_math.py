"""Colour for every reader: the one conversion to Lab, and colour distances
and medians over many pixels.

Lab units: L on 0-100, a and b centred on 0 (OpenCV's 8-bit Lab rescaled);
a distance of about 2 is the smallest difference a person sees, JPEG noise
stays under 4.

The distance and median functions return exactly (bit for bit) what the
numpy expression in their docstrings returns, without numpy's
general-purpose overhead: the readers call them on every edge window and
cell patch, where the overhead was much of a read's time.
"""

from __future__ import annotations

import threading

import cv2
import numpy as np

# OpenCV's 8-bit Lab to L on 0-100 and a, b around 0, per channel.
_LAB_SCALE = np.empty((1, 256, 3), np.float32)
_LAB_SCALE[0, :, 0] = np.arange(256, dtype=np.float32) * (100 / 255)
_LAB_SCALE[0, :, 1] = _LAB_SCALE[0, :, 2] = np.arange(256, dtype=np.float32) - 128


# An image has no colour when COLOURLESS_SHARE of its pixels have chroma
# under COLOURLESS_C (JPEG noise on grey stays under 3; a game's colours,
# even pale ones, are well over).
COLOURLESS_C, COLOURLESS_SHARE = 5.0, 0.99

# OpenCV's 8-bit BGR to Lab, in its own fixed point: the sRGB curve to
# 11 bits, XYZ (divided by the D65 white) with 12-bit coefficients, f(t)
# to 15 bits from a table of 3072 steps, then L, a, b rounded to bytes.
_XYZ_BITS, _GAMMA_BITS = 12, 3
_F_BITS = _XYZ_BITS + _GAMMA_BITS
_STEPS = 255 << _GAMMA_BITS  # linear light 0..1 in this many steps
# sRGB to CIE XYZ under D65, and the D65 white: what OpenCV's Lab uses.
_SRGB_TO_XYZ = np.array([[0.412453, 0.357580, 0.180423],
                         [0.212671, 0.715160, 0.072169],
                         [0.019334, 0.119193, 0.950227]])  # rows X, Y, Z; columns R, G, B
_D65 = np.array([0.950456, 1.0, 1.088754])
# sRGB's 8-bit values made linear (the standard curve), 0 to 1.
_SRGB_CURVE = np.where(np.arange(256) / 255 <= 0.04045, np.arange(256) / 255 / 12.92,
                       ((np.arange(256) / 255 + 0.055) / 1.055) ** 2.4)


def _fixed_point_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    curve = np.rint(_STEPS * _SRGB_CURVE)
    # XYZ in table steps, from the curve's steps, plus the half that makes
    # the float-to-int truncation below OpenCV's rounding to nearest
    coeff = np.rint((1 << _XYZ_BITS) * _SRGB_TO_XYZ / _D65[:, None])[:, ::-1] / (1 << _XYZ_BITS)
    to_xyz = np.hstack([coeff, np.full((3, 1), 0.5)]).astype(np.float32)
    t = np.arange(_STEPS * 3 // 2) / _STEPS
    f = np.rint((1 << _F_BITS) * np.where(t < 216 / 24389, t * 841 / 108 + 16 / 116, np.cbrt(t)))
    # OpenCV builds this table in 32-bit floats: at these two steps the
    # value lies within 2e-4 of a half and rounds the other way
    f[49] -= 1
    f[628] += 1
    # L, a, b from f(X), f(Y), f(Z) (each scaled by 2**15), rounded half up
    half, one = 0.5, float(1 << _F_BITS)
    to_lab = np.array([[0, (116 * 255 + 50) // 100, 0, -((16 * 255 * (1 << _F_BITS) + 50) // 100) / one + half],
                       [500, -500, 0, 128 + half], [0, 200, -200, 128 + half]]) / [one, one, one, 1]
    return curve.astype(np.float32)[None], to_xyz, f.astype(np.float32), to_lab.astype(np.float32)


_CURVE, _TO_XYZ, _F, _F_TO_LAB = _fixed_point_tables()


# Set once OpenCV's own Lab tables are built (:func:`warm_lab`): from then
# on its conversion, the same bytes several times faster, is used.
_OPENCV_LAB = threading.Event()
_WARMING = threading.Lock()


def to_lab8(img: np.ndarray) -> np.ndarray:
    """OpenCV's 8-bit Lab (``cv2.cvtColor(img, cv2.COLOR_BGR2LAB)``, bit for
    bit) of an 8-bit BGR image, without waiting for the tables OpenCV
    builds at a process's first Lab conversion (0.12 s, longer than reading
    a frame): :func:`fixed_point_lab8` until :func:`warm_lab` has had them
    built, OpenCV's conversion after."""
    if _OPENCV_LAB.is_set():
        return cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    return fixed_point_lab8(img)


# A whole image is converted a band of rows at a time, each band's float
# temporaries about this many bytes: the next band reuses the memory and
# they stay in cache (a Tango page's 634x634 crop at once took 24 MB of
# temporaries, fresh pages on a command's first read: 1650 page faults).
BAND_BYTES = 1 << 20


def _by_bands(convert, img: np.ndarray, dtype) -> np.ndarray:
    """``convert(img)`` for a pixel-by-pixel conversion to three channels of
    ``dtype``, a band of rows at a time (the same values)."""
    h, w = img.shape[:2]
    rows = max(1, BAND_BYTES // max(1, w * 3 * 4))
    if h <= rows:
        return convert(img)
    out = np.empty((h, w, 3), dtype)
    for y in range(0, h, rows):
        out[y:y + rows] = convert(img[y:y + rows])
    return out


def _fixed_point_lab8(img: np.ndarray) -> np.ndarray:
    xyz = cv2.transform(cv2.LUT(img, _CURVE), _TO_XYZ)
    lab = cv2.transform(np.take(_F, xyz.astype(np.int32)), _F_TO_LAB)
    np.clip(lab, 0, 255, out=lab)
    return lab.astype(np.uint8)  # truncation: the floor of the values plus a half


def fixed_point_lab8(img: np.ndarray) -> np.ndarray:
    """OpenCV's 8-bit BGR-to-Lab conversion in its own fixed point, with
    numpy and no table built at the first call.  Every sum is of integers
    (or halves) under 2**24, exact in float32."""
    return _by_bands(_fixed_point_lab8, img, np.uint8)


def warm_lab() -> None:
    """Have OpenCV build its Lab tables on a thread of their own, for what
    reads many frames (the bot's runs, the coach); :func:`to_lab8` turns to
    OpenCV's conversion once they are built.  A command that reads once
    never calls it: it would only wait for the thread at exit.  The thread
    is not a daemon, so a process that ends sooner waits for it rather
    than unload OpenCV under it; a process forked meanwhile does not use
    OpenCV's conversion (the event is not set in it)."""
    if _OPENCV_LAB.is_set() or not _WARMING.acquire(blocking=False):
        return

    def build() -> None:
        cv2.cvtColor(np.zeros((1, 1, 3), np.uint8), cv2.COLOR_BGR2LAB)
        _OPENCV_LAB.set()

    threading.Thread(target=build, name="opencv-lab-tables").start()


def to_lab(img: np.ndarray) -> np.ndarray:
    """Lab of a BGR image (8-bit) as float32: L 0-100, a and b -128..127
    (OpenCV's 8-bit Lab, rescaled)."""
    return cv2.LUT(to_lab8(img), _LAB_SCALE)


# For exact_lab: sRGB in OpenCV's B, G, R order to XYZ, each row divided by
# the white's X, Y, Z; the curve as a table.
_XYZ_N = (_SRGB_TO_XYZ[:, ::-1] / _D65[:, None]).astype(np.float32)
_LINEAR = _SRGB_CURVE.astype(np.float32)[None]
# CIE's f(t) is a cube root above this (and a line below it) ...
_CUBE_FROM = 0.008856
# ... and L, a, b are these sums of f(X), f(Y), f(Z).
_FXYZ_TO_LAB = np.array([[0, 116, 0, -16], [500, -500, 0, 0], [0, 200, -200, 0]], np.float32)


def exact_lab(img: np.ndarray) -> np.ndarray:
    """CIE Lab (float32; L 0-100) of an 8-bit BGR image by the formula, not
    rounded to bytes as :func:`to_lab` is (by up to 0.2 L, 0.4 in a and b):
    for gradients, where those steps would show."""
    xyz = cv2.transform(cv2.LUT(img, _LINEAR), _XYZ_N)
    f = cv2.pow(xyz, 1 / 3)
    np.copyto(f, xyz * np.float32(7.787) + np.float32(16 / 116), where=xyz <= _CUBE_FROM)
    return cv2.transform(f, _FXYZ_TO_LAB)


def colourless(lab: np.ndarray) -> bool:
    """Whether a Lab image has no colour (a game drawn in greys, or a
    screenshot saved in grey): COLOURLESS_SHARE of its pixels under
    COLOURLESS_C of chroma."""
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    return float(np.mean(chroma < COLOURLESS_C)) >= COLOURLESS_SHARE


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


def median(a, axis: int | None = None, keepdims: bool = False):
    """``np.median(a, axis, keepdims=keepdims)``, the same value and type,
    without numpy's check of the result for masked arrays: that check
    imports ``numpy.ma`` (15 ms, a tenth of a command's start-up).  With a
    NaN in the data, an empty or a 0-d array, it is numpy's median."""
    a = np.asarray(a)
    if a.size == 0 or a.ndim == 0:
        return np.median(a, axis=axis, keepdims=keepdims)
    flat, ax = (a.reshape(-1), 0) if axis is None else (a, axis)
    n = flat.shape[ax]
    k = n // 2
    kth = [k - 1, k] if n % 2 == 0 else [k]
    inexact = a.dtype.kind in "fc"
    if inexact:
        kth.append(-1)  # the largest last: a NaN, if any, is there
    part = np.partition(flat, kth, axis=ax)
    if inexact and np.isnan(part.take(-1, axis=ax)).any():
        return np.median(a, axis=axis, keepdims=keepdims)
    middle = [slice(None)] * part.ndim
    middle[ax] = slice(k - 1, k + 1) if n % 2 == 0 else slice(k, k + 1)
    out = np.mean(part[tuple(middle)], axis=ax)
    if keepdims:
        out = np.reshape(out, (1,) * a.ndim) if axis is None else np.expand_dims(out, ax)
    return out


def percentile(a, q: tuple[float, ...], axis: int) -> np.ndarray:
    """``np.percentile(a, q, axis=axis)`` (linear; ``q`` a sequence of
    percentages, 0 to 100, as numpy checks and this does not), the
    same values and type, without the ``np.unique`` inside numpy's, which
    imports ``numpy.ma``.  With a NaN in the data, it is numpy's."""
    a = np.asarray(a)
    n = a.shape[axis]
    at = (n - 1) * np.true_divide(q, 100)  # where each percentile lies, between two of the sorted values
    below = np.floor(at)
    above = below + 1
    last = at >= n - 1
    below[last] = above[last] = -1
    ordered = np.moveaxis(np.sort(a, axis=axis), axis, 0)
    if a.dtype.kind in "fc" and np.isnan(ordered[-1]).any():
        return np.percentile(a, q, axis=axis)
    t = (at - below).reshape((-1,) + (1,) * (a.ndim - 1))
    lo, hi = ordered[below.astype(np.intp)], ordered[above.astype(np.intp)]
    step = hi - lo
    out = np.add(lo, step * t)
    np.subtract(hi, step * (1 - t), out=out, where=t >= 0.5, casting="unsafe", dtype=type(out.dtype))
    return out


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
