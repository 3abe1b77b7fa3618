"""Finding a window by its title, where the platform can list windows.

On X11 (Linux) this asks xdotool; elsewhere it is not available and the
user gives ``--region`` instead (or lets the bot search the whole screen).
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

from solvers.errors import PuzzlebotError

from .mapping import Region


class WindowError(PuzzlebotError):
    pass


@dataclass(frozen=True)
class Window:
    wid: str
    title: str
    region: Region


def _xdotool(*args: str) -> str:
    if shutil.which("xdotool") is None:
        raise WindowError("cannot list windows here (xdotool is missing: apt-get install xdotool); "
                          "give --region X,Y,W,H instead")
    r = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=5)
    if r.returncode != 0:
        raise WindowError(r.stderr.strip() or f"xdotool {' '.join(args)} failed")
    return r.stdout


# At most this many open windows' titles are named when none matches.
LIST_TITLES = 10


def open_titles() -> list[str]:
    """The titles of the visible windows that have one (for messages)."""
    try:
        ids = _xdotool("search", "--onlyvisible", "--name", "").split()
    except WindowError:
        return []
    titles = []
    for wid in ids:
        try:
            t = _xdotool("getwindowname", wid).strip()
        except WindowError:
            continue
        if t and t not in titles:
            titles.append(t)
    return titles


def _none_like(title: str) -> WindowError:
    titles = open_titles()
    if not titles:
        return WindowError(f"no window titled like {title!r} is open (no titled window is open at all)")
    shown = ", ".join(repr(t) for t in titles[:LIST_TITLES]) + (", ..." if len(titles) > LIST_TITLES else "")
    return WindowError(f"no window titled like {title!r} is open; open windows: {shown}")


def find_window(title: str) -> Window:
    """The visible window whose title contains ``title``; when none does,
    the error lists the open windows' titles."""
    try:
        out = _xdotool("search", "--onlyvisible", "--name", title)
    except WindowError as e:
        if "failed" in str(e) or not str(e):
            raise _none_like(title) from None
        raise
    ids = out.split()
    if not ids:
        raise _none_like(title)
    return window_by_id(ids[-1], title)


def window_by_id(wid: str, title: str = "") -> Window:
    try:
        out = _xdotool("getwindowgeometry", "--shell", wid)
    except WindowError:
        raise WindowError(f"the window {title or wid!r} is gone") from None
    vals = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return Window(wid, title, Region(int(vals["X"]), int(vals["Y"]), int(vals["WIDTH"]), int(vals["HEIGHT"])))
