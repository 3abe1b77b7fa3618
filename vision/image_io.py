"""Loading images for the readers: any format OpenCV reads, as 8-bit BGR."""

from __future__ import annotations

import os
import stat
import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager, suppress
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.solvers.text_files import resolved
from puzzlebot.vision.errors import ImageFileError, NoBoardError

# Screenshots are at most a few monitors wide (three 4K screens: 25 MP); a
# bigger image is refused before it is decoded (it would take gigabytes).
MAX_PIXELS = 50_000_000
MAX_BYTES = 200 * 1024 * 1024
# No screen is over 50 times as wide as it is tall (nor a board): such an
# image is a strip, not a screenshot, and readers would scale it to nothing.
MAX_ASPECT = 50
# A decode taking longer than this (seconds) is given up (a crafted file).
DECODE_SECONDS = 30.0
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
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():  # a damaged file's warnings ("Corrupt EXIF data"): OpenCV decides
            warnings.simplefilter("ignore")
            with Image.open(p) as im:
                return im.size
    except Exception:  # not a format Pillow knows, or a damaged header: OpenCV decides
        return None


def _is_jpeg(p: Path) -> bool:
    try:
        with open(p, "rb") as f:
            return f.read(2) == b"\xff\xd8"
    except OSError:
        return False


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


def gif_cut_short(p: Path) -> bool:
    """Whether ``p`` is a GIF whose bytes end before its trailer (';', after
    the last image): a cut file, which FFmpeg decodes anyway, the missing
    rows in the background colour (a reader would see a smaller board)."""
    try:
        with open(p, "rb") as f:
            if f.read(4) != b"GIF8":
                return False
            f.seek(max(0, p.stat().st_size - 4096))
            tail = f.read()
    except OSError:
        return False
    return not tail.rstrip(b"\0").endswith(b";")


def jpeg_cut_short(data: bytes) -> bool:
    """Whether a JPEG's bytes end before its image does: its markers walked
    and its scans' coded data skipped (where 0xFF is followed by 0x00 or a
    restart marker) to an end-of-image marker, which a cut file lacks (the
    decoder then fills the rest grey, and a reader would see a smaller
    board).  Bytes after that marker (a phone's trailer) do not count."""
    pos, n = 2, len(data)
    while pos < n:
        if data[pos] != 0xFF:
            return False  # not a marker where one must be: a damaged file, OpenCV decides
        while pos < n and data[pos] == 0xFF:
            pos += 1
        if pos >= n:
            return True
        marker = data[pos]
        pos += 1
        if marker == 0xD9:
            return False  # end of image
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            continue  # markers without a length
        if pos + 2 > n:
            return True
        pos += int.from_bytes(data[pos:pos + 2], "big")
        if marker != 0xDA:
            continue
        while True:  # a scan's coded data, up to the next marker
            pos = data.find(b"\xff", pos)
            if pos < 0 or pos + 1 >= n:
                return True
            if data[pos + 1] == 0x00 or 0xD0 <= data[pos + 1] <= 0xD7:
                pos += 2
                continue
            break
    return True


def check_shape(img, game: str, min_side: int = 40) -> None:
    """NoBoardError unless ``img`` is a colour image a reader can look at:
    three channels, each side at least ``min_side`` pixels, neither side
    over MAX_ASPECT times the other."""
    if img is None or getattr(img, "ndim", 0) != 3 or img.shape[2] != 3:
        raise NoBoardError(f"no {game} board: not a colour image")
    h, w = img.shape[:2]
    if min(h, w) < min_side:
        raise NoBoardError(f"no {game} board: the image is {w}x{h} pixels, too small to hold one")
    if max(h, w) > MAX_ASPECT * min(h, w):
        raise NoBoardError(f"no {game} board: the image is {w}x{h} pixels, a strip rather than a screenshot")


def _decode(p: Path, meanwhile: Callable[[], object] | None = None) -> np.ndarray | None:
    """cv2.imread within DECODE_SECONDS (in a worker thread: a decode that
    hangs is left behind, and the caller told), running ``meanwhile`` on
    this thread as it decodes (OpenCV lets go of the interpreter while it
    decodes, so the two go on at once)."""
    out: list = []

    def work():
        with quiet_stderr():  # libpng/OpenCV print warnings of their own on damaged files
            out.append(cv2.imread(str(p), cv2.IMREAD_UNCHANGED))

    t = threading.Thread(target=work, daemon=True)
    deadline = time.monotonic() + DECODE_SECONDS
    t.start()
    try:
        if meanwhile is not None:
            meanwhile()  # writes nothing to stderr: the decode has file descriptor 2 silenced
    finally:
        t.join(max(0.0, deadline - time.monotonic()))
    if t.is_alive():
        raise ImageFileError(f"decoding took over {DECODE_SECONDS:.0f} s: given up (a damaged or crafted file?)",
                             str(p))
    return out[0] if out else None


def refuse_unless_regular(st: os.stat_result, path: str | Path) -> None:
    """ImageFileError unless ``st`` (of ``path``) is a regular file's: a pipe
    or a device would be waited on, or read for ever."""
    if not stat.S_ISREG(st.st_mode):
        raise ImageFileError("is not a regular file (a pipe, socket or device): save it to a file", str(path))


def load_image(path: str | Path, meanwhile: Callable[[], object] | None = None) -> np.ndarray:
    """The image file at ``path`` as a BGR image, after the checks above
    (ImageFileError naming what is wrong); ``meanwhile``: work for this
    thread while the file decodes (a command imports its reader)."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise ImageFileError("no such file", str(path)) from None
    except OSError as e:
        raise ImageFileError(f"cannot read: {e.strerror}", str(path)) from None
    if stat.S_ISDIR(st.st_mode):
        raise ImageFileError("is a directory, expected an image", str(path))
    refuse_unless_regular(st, path)
    nbytes = st.st_size
    if nbytes > MAX_BYTES:
        raise ImageFileError(f"is {nbytes / 2**20:.0f} MB: screenshots over {MAX_BYTES // 2**20} MB are refused",
                             str(path))
    size = _header_size(p)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise ImageFileError(f"is {size[0]}x{size[1]} pixels: images over {MAX_PIXELS // 10**6} million pixels "
                             "are refused (crop or scale the screenshot down)", str(path))
    if size is not None and max(size) > MAX_ASPECT * max(1, min(size)):
        raise ImageFileError(f"is {size[0]}x{size[1]} pixels: a strip, not a screenshot (a side over {MAX_ASPECT} "
                             "times the other)", str(path))
    img = _decode(p, meanwhile)
    if img is None:
        raise ImageFileError("not an image OpenCV can read (PNG, JPEG, BMP, ...)", str(path))
    if size is not None and _is_jpeg(p) and jpeg_cut_short(p.read_bytes()):
        raise ImageFileError("the JPEG file ends before its image does (cut short: its lower part is the "
                             "decoder's grey, not the screen): save or copy the screenshot again", str(path))
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


def check_picture_path(path: str | Path) -> None:
    """ImageFileError unless a picture can be written at ``path``: not a
    folder, an extension OpenCV writes, in a folder that exists (asked
    before a command does its work, and again as it writes)."""
    p = Path(path)
    if p.is_dir():
        raise ImageFileError("is a folder: name a file for the picture (out.png)", str(path))
    if not cv2.haveImageWriter(str(p)):
        kind = f"'{p.suffix}' is not a picture format OpenCV writes" if p.suffix else "has no extension"
        raise ImageFileError(f"{kind}: name the picture .png (or .jpg, .webp, ...)", str(path))
    if not p.parent.is_dir():
        raise ImageFileError("its folder does not exist", str(path))


def write_image(path: str | Path, img: np.ndarray) -> None:
    """Save a picture (the format from the extension) through a temporary
    file beside it, renamed into place (a failed or interrupted write never
    leaves a half-written file under the name), or ImageFileError naming
    the file when it cannot be written."""
    check_picture_path(path)
    p = Path(path)
    tmp = p.with_name(f".{p.stem}.{os.getpid()}.tmp{p.suffix}")
    try:
        ok = cv2.imwrite(str(tmp), img)
    except cv2.error:
        ok = False
    if ok:
        try:
            os.replace(tmp, p)
            return
        except OSError as e:
            with suppress(OSError):  # (its folder may be missing, or a file)
                tmp.unlink()
            raise ImageFileError(f"cannot write the picture: {e.strerror}", str(path)) from None
    with suppress(OSError):
        tmp.unlink()
    raise ImageFileError("cannot write the picture there (no permission, or the disk full?)", str(path))


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file (an output that would overwrite an
    input): the same file on disk, or the same resolved path."""
    try:
        if Path(a).exists() and Path(b).exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return resolved(a) == resolved(b)
