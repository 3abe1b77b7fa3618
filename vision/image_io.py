"""Loading images for the readers: any format OpenCV reads, as 8-bit BGR."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .errors import ImageFileError


def load_image(path: str | Path) -> np.ndarray:
    p = Path(path)
    if not p.exists():
        raise ImageFileError("no such file", str(path))
    if p.is_dir():
        raise ImageFileError("is a directory, expected an image", str(path))
    img = cv2.imread(str(p), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise ImageFileError("not an image OpenCV can read (PNG, JPEG, BMP, ...)", str(path))
    return as_bgr(img)


def as_bgr(img: np.ndarray) -> np.ndarray:
    """8-bit, 3-channel BGR from grey, BGRA or 16-bit input."""
    if img.dtype != np.uint8:
        img = cv2.normalize(img, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 4:
        alpha = img[:, :, 3:4].astype(np.float32) / 255
        return (img[:, :, :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)  # over white
    return np.ascontiguousarray(img[:, :, :3])
