"""Reading a user's text file (a puzzle, labels, a profile) so that no file
makes a command hang or read without end: a device (``/dev/zero``, a
terminal) or a socket is refused by what it is, a pipe only where asked for
(a puzzle given as ``<(command)``), and no more than a bound is ever read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from puzzlebot.solvers.errors import InputError


# Puzzle files are small (a 100x100 board is 10 KB); a bigger one is refused
# before it is read, not parsed for minutes.
MAX_PUZZLE_BYTES = 4 * 1024 * 1024


def read_puzzle_file(path: str, pipes: bool = False) -> str:
    """A puzzle file's text ('solve', our stand-ins' --puzzle), as
    read_text_file."""
    return read_text_file(path, MAX_PUZZLE_BYTES, "a puzzle file", pipes)


def read_text_file(path: str, limit: int, what: str, pipes: bool = False) -> str:
    """The UTF-8 text of ``path`` (``what`` names such a file in messages:
    "a puzzle file"), read to at most ``limit`` bytes, or an InputError
    naming the file and what is wrong with it.  A named pipe is read only
    with ``pipes`` (a process substitution's), and then up to the bound."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", path) from None
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise InputError(f"is a directory, expected {what}", path)
    if not (stat.S_ISREG(mode) or (pipes and stat.S_ISFIFO(mode))):
        kinds = "a socket or device" if pipes else "a pipe, socket or device"
        raise InputError(f"is not a regular file ({kinds}), expected {what}", path)
    too_big = f"is larger than {_size(limit)}: not {what}"
    if stat.S_ISREG(mode) and st.st_size > limit:
        raise InputError(too_big, path)
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", path) from None
    if len(data) > limit:
        raise InputError(too_big, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("not a text file (expected UTF-8 text)", path) from None


def resolved(path: str | os.PathLike) -> Path:
    """``path`` made absolute with its links followed, or, where they loop
    or cannot be followed, made absolute as written (Path.resolve raises on
    a loop of links; a command then reports the file, not a traceback)."""
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError):
        return Path(os.path.abspath(path))


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n // 1024} KB"
