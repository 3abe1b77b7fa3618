"""The readers' colour conversions against the CIE formulas and OpenCV; their
medians and percentiles against numpy's."""

from __future__ import annotations

import cv2
import numpy as np

from puzzlebot.vision.colour_math import exact_lab, fixed_point_lab8, median, percentile, to_lab


def _cie_lab(bgr: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of 8-bit sRGB, in float64, straight from the
    definitions: the sRGB curve, the XYZ matrix, f(t) with its linear toe."""
    v = bgr[..., ::-1].astype(np.float64) / 255
    lin = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.412453, 0.357580, 0.180423], [0.212671, 0.715160, 0.072169], [0.019334, 0.119193, 0.950227]])
    xyz = lin @ m.T / np.array([0.950456, 1.0, 1.088754])
    eps = (6 / 29) ** 3
    f = np.where(xyz > eps, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def _colours() -> np.ndarray:
    rng = np.random.default_rng(7)
    greys = np.repeat(np.arange(256, dtype=np.uint8)[:, None], 3, axis=1)
    darks = rng.integers(0, 24, (2000, 3))  # under the cube root's threshold in some channel
    return np.concatenate([greys, darks, rng.integers(0, 256, (20000, 3))]).astype(np.uint8)[None]


def test_exact_lab_is_the_cie_formula():
    c = _colours()
    assert np.abs(exact_lab(c) - _cie_lab(c)).max() < 0.01


def test_exact_lab_is_opencvs_lab_less_its_rounding():
    """OpenCV's float conversion goes through its 8-bit tables (up to about
    0.2 L off); the readers' thresholds were set on it."""
    c = _colours()
    cv = cv2.cvtColor(np.multiply(c, np.float32(1 / 255), dtype=np.float32), cv2.COLOR_BGR2LAB)
    assert np.abs(exact_lab(c) - cv).max() < 0.5


def test_fixed_point_lab8_is_opencvs_8_bit_lab_for_every_colour():
    """Bit for bit, all 2**24 colours: the readers' thresholds were set on
    OpenCV's conversion, which builds tables at a process's first call, and
    the readers turn to it once those are built."""
    every = np.arange(1 << 24, dtype=np.uint32)
    img = np.stack([every >> 16, (every >> 8) & 255, every & 255], axis=-1).astype(np.uint8).reshape(4096, 4096, 3)
    ours = fixed_point_lab8(img)
    theirs = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
    assert np.count_nonzero(np.any(ours != theirs, axis=-1)) == 0


def test_to_lab_is_the_8_bit_lab_rescaled():
    c = _colours()
    lab8 = cv2.cvtColor(c, cv2.COLOR_BGR2LAB).astype(np.float32)
    assert np.array_equal(to_lab(c), np.dstack([lab8[..., 0] * np.float32(100 / 255), lab8[..., 1:] - 128]))


def _arrays(seed: int):
    """Arrays of 1 to 3 axes, float and integer, some with repeated values
    and some with a NaN (where the helpers hand over to numpy)."""
    rng = np.random.default_rng(seed)
    for _ in range(1500):
        shape = tuple(rng.integers(1, 8, rng.integers(1, 4)))
        dtype = rng.choice([np.float32, np.float64, np.int64, np.uint8])
        a = (rng.normal(size=shape) * 50).astype(dtype)
        if rng.random() < 0.3:
            a = np.round(a / 10).astype(dtype)
        if a.dtype.kind == "f" and rng.random() < 0.05:
            a.flat[rng.integers(a.size)] = np.nan
        yield rng, a


def _same(ours, theirs) -> bool:
    return (np.asarray(ours).dtype == np.asarray(theirs).dtype and np.shape(ours) == np.shape(theirs)
            and np.array_equal(ours, theirs, equal_nan=True))


def test_median_is_numpys():
    with np.errstate(invalid="ignore"):
        for rng, a in _arrays(3):
            axis = rng.choice([None, *range(a.ndim)])
            axis = None if axis is None else int(axis)
            keepdims = bool(rng.random() < 0.3)
            assert _same(median(a, axis, keepdims), np.median(a, axis=axis, keepdims=keepdims)), (a, axis, keepdims)


def test_percentile_is_numpys():
    with np.errstate(invalid="ignore"):
        for rng, a in _arrays(4):
            axis = int(rng.integers(a.ndim))
            q = tuple(rng.choice([0, 10, 12.5, 25, 50, 90, 100], rng.integers(1, 4)).tolist())
            assert _same(percentile(a, q, axis), np.percentile(a, q, axis=axis)), (a, q, axis)


def test_a_tall_image_converts_a_band_at_a_time_to_the_same_values():
    """Whole images go through fixed_point_lab8 in bands of rows (their
    temporaries reused): each pixel as when its row is converted alone
    (integer sums: no rounding depends on where a band ends)."""
    img = np.random.default_rng(3).integers(0, 256, (300, 1280, 3)).astype(np.uint8)
    whole = fixed_point_lab8(img)
    assert whole.shape == img.shape and whole.dtype == np.uint8
    assert np.array_equal(whole, np.concatenate([fixed_point_lab8(img[y:y + 1]) for y in range(img.shape[0])]))
