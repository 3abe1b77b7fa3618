"""Keeping the memory a read frees for the next one (glibc's ``mallopt``),
and a command's imports out of Python's cyclic collector.

By default glibc hands an array of over 128 KB straight back to the
system when it is freed (raising that bar only after such frees), so a
read's large temporaries (a 1280x720 Lab image in float32 is 11 MB)
fault fresh pages in, in every read: about 3150 page faults a Tango read
of a 1280x720 page (its fastest of 21 in a row 69 ms, 60 ms with them
kept).  A process that reads (a command, the run loop, the coach, each
worker of ``detect FOLDER``) keeps them instead.  Elsewhere (macOS,
Windows, musl): nothing to do.

The imports a read needs (numpy, OpenCV, the readers) leave some 40 000
objects that live as long as the process; while they load, each of the
cyclic collector's full passes walks all of them again, and so does every
pass during the read: about 10 ms of a 200 ms ``detect``
(:func:`imports_kept`).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# glibc's mallopt parameters: arrays up to KEEP_BELOW bytes come from the
# heap, not fresh mappings, and up to KEEP_FREED bytes of freed heap are
# kept for the next use.
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
KEEP_BELOW, KEEP_FREED = 32 << 20, 256 << 20


def keep_freed_memory() -> None:
    """Have glibc keep what the reads free (once a process; idempotent)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return
    mallopt(M_MMAP_THRESHOLD, KEEP_BELOW)
    mallopt(M_TRIM_THRESHOLD, KEEP_FREED)


@contextmanager
def imports_kept() -> Iterator[None]:
    """Run the block (a command's imports) with the cyclic collector off,
    then move every object alive into the collector's permanent generation
    (``gc.freeze``: modules, classes and tables, never garbage) and turn
    it back on: later passes walk only what the command makes."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_on:
            gc.enable()
