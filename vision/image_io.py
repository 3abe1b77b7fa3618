"""Loading images for the readers: any format OpenCV reads, as 8-bit BGR."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.vision.errors import ImageFileError

# Screenshots are at most a few monitors wide (three 4K screens: 25 MP); a
# bigger image is refused before it is decoded (it would take gigabytes).
MAX_PIXELS = 50_000_000
MAX_BYTES = 200 * 1024 * 1024
# An image whose pixels are mostly semi-transparent does not show what the
# screen showed (a window shadow around a screenshot is fine).
MAX_SEMI_TRANSPARENT = 0.5


@contextmanager
def quiet_stderr():
    """Silence what C libraries write to file descriptor 2 meanwhile."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _header_size(p: Path) -> tuple[int, int] | None:
    """(width, height) from the file's header, without decoding it: PNG and
    JPEG read here (importing Pillow costs more than reading a screenshot),
    other formats through Pillow."""
    try:
        with open(p, "rb") as f:
            head = f.read(32)
            if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
                return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            if head[:2] == b"\xff\xd8":
                return _jpeg_size(f)
    except OSError:
        return None
    from PIL import Image

    try:
        with Image.open(p) as im:
            return im.size
    except Exception:  # not a format Pillow knows, or a damaged header: OpenCV decides
        return None


def _jpeg_size(f) -> tuple[int, int] | None:
    """Walk a JPEG's markers to its frame header (SOFn)."""
    f.seek(2)
    while True:
        b = f.read(1)
        while b == b"\xff":
            b = f.read(1)
        if not b:
            return None
        marker = b[0]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            continue  # markers without a length
        size = f.read(2)
        if len(size) < 2:
            return None
        length = int.from_bytes(size, "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            data = f.read(5)
            return (int.from_bytes(data[3:5], "big"), int.from_bytes(data[1:3], "big")) if len(data) == 5 else None
        f.seek(length - 2, 1)


def load_image(path: str | Path) -> np.ndarray:
    p = Path(path)
    if not p.exists():
        raise ImageFileError("no such file", str(path))
    if p.is_dir():
        raise ImageFileError("is a directory, expected an image", str(path))
    try:
        nbytes = p.stat().st_size
    except OSError as e:
        raise ImageFileError(f"cannot read: {e.strerror}", str(path)) from None
    if nbytes > MAX_BYTES:
        raise ImageFileError(f"is {nbytes / 2**20:.0f} MB: screenshots over {MAX_BYTES // 2**20} MB are refused",
                             str(path))
    size = _header_size(p)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise ImageFileError(f"is {size[0]}x{size[1]} pixels: images over {MAX_PIXELS // 10**6} million pixels "
                             "are refused (crop or scale the screenshot down)", str(path))
    with quiet_stderr():  # libpng/OpenCV print warnings of their own on damaged files
        img = cv2.imread(str(p), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise ImageFileError("not an image OpenCV can read (PNG, JPEG, BMP, ...)", str(path))
    if img.ndim == 3 and img.shape[2] == 4:
        alpha = img[:, :, 3]
        top = np.iinfo(alpha.dtype).max
        semi = float(np.mean((alpha > 0) & (alpha < top)))
        if semi > MAX_SEMI_TRANSPARENT:
            raise ImageFileError(f"{semi:.0%} of its pixels are semi-transparent: its colours are not what the screen "
                                 "showed (save the screenshot without transparency)", str(path))
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


def write_image(path: str | Path, img: np.ndarray) -> None:
    """Save a picture (the format from the extension), or ImageFileError
    naming the file when it cannot be written."""
    try:
        ok = cv2.imwrite(str(path), img)
    except cv2.error:
        ok = False
    if not ok:
        raise ImageFileError("cannot write the picture (unknown extension or folder missing)", str(path))
