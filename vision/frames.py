"""Where images come from: a :class:`Frame` is an image with its origin
(a file, a video at a time, a screen region) and scale; :func:`sources`
expands files, folders (recursively, image files only) and videos (anything
OpenCV's VideoCapture opens) into the frames to read, sampling videos and
skipping frames identical to the one before."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import numpy as np

from puzzlebot.solvers.errors import InputError
from puzzlebot.vision.errors import ImageFileError

IMAGE_EXTS = {".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"}
VIDEO_EXTS = {".mp4", ".webm", ".avi", ".mkv", ".mov", ".m4v", ".mpg", ".mpeg", ".ogv", ".gif"}


@dataclass
class Frame:
    """An image and where it came from."""

    name: str  # how the user names it: a path, "clip.mp4@1.5s"
    image: np.ndarray | None = None  # None: still to be loaded from ``path``
    path: str | None = None  # the file it is (or is in)
    at: float | None = None  # seconds into a video
    region: tuple[int, int, int, int] | None = None  # where on the screen, for captures
    scale: float = 1.0  # image pixels per screen point

    def load(self) -> np.ndarray:
        if self.image is None:
            from puzzlebot.vision.image_io import load_image

            self.image = load_image(self.path)
        return self.image


@dataclass
class Source:
    """An input named on the command line: an image file or a video."""
    path: Path
    video: bool


def sources(paths: list[str]) -> list[Source]:
    """Every image file and video under the paths, in the order given
    (folders sorted by name); ImageFileError naming a path that does not
    exist, or a folder with nothing to read."""
    out: list[Source] = []
    for text in paths:
        p = Path(text)
        if not p.exists():
            raise ImageFileError("no such file or folder", text)
        if p.is_dir():
            found = [f for f in sorted(p.rglob("*")) if f.is_file() and f.suffix.lower() in IMAGE_EXTS | VIDEO_EXTS]
            if not found:
                raise ImageFileError("holds no image or video files", text)
            out += [Source(f, f.suffix.lower() in VIDEO_EXTS) for f in found]
        else:
            from puzzlebot.vision.image_io import refuse_unless_regular

            refuse_unless_regular(p.stat(), text)
            out.append(Source(p, p.suffix.lower() in VIDEO_EXTS))
    return out


def parse_every(text: str) -> float:
    """``--every``: "0.5s", "0.5" (seconds) or "250ms", up to an hour;
    InputError otherwise."""
    t = text.strip().lower()
    scale = 1.0
    if t.endswith("ms"):
        t, scale = t[:-2], 0.001
    elif t.endswith("s"):
        t = t[:-1]
    try:
        v = float(t) * scale
    except ValueError:
        v = float("nan")
    if not 0 < v <= 3600:
        raise InputError(f"--every wants seconds like 0.5s or 250ms (up to an hour), got {text!r}")
    return v


def video_frames(path: Path, every: float) -> Iterator[Frame]:
    """Frames of a video, one per ``every`` seconds (by the video's own
    clock), each unless identical to the frame read before it."""
    import cv2

    from puzzlebot.vision.image_io import gif_cut_short, quiet_stderr

    if gif_cut_short(path):
        raise ImageFileError("the GIF file ends before its image does (cut short: the rest is the decoder's fill, "
                             "not the screen): save or copy it again", str(path))
    with quiet_stderr():  # FFmpeg's own complaints about a file it cannot open ("moov atom not found")
        cap = cv2.VideoCapture(str(path))
    if not cap.isOpened():
        raise ImageFileError("not a video OpenCV can open", str(path))
    fps = cap.get(cv2.CAP_PROP_FPS) or 0.0
    if not 0 < fps < 1000:
        fps = 25.0  # no rate in the file: a common one
    try:
        index, next_at, last, shown = 0, 0.0, None, 0
        while True:
            ok, img = cap.read()
            if not ok:
                break
            at = index / fps
            index += 1
            if at + 1e-9 < next_at:
                continue
            next_at = (np.floor(at / every + 1e-9) + 1) * every
            if last is not None and img.shape == last.shape and np.array_equal(img, last):
                continue
            last = img
            shown += 1
            yield Frame(f"{path}@{at:.2f}s", np.ascontiguousarray(img), str(path), at)
        if shown == 0:
            raise ImageFileError("no frame could be decoded", str(path))
    finally:
        cap.release()
