"""Finding the game's window: by title (a regular expression, or plain
text), by the program that owns it, or the active one; its client area (the
inside, without frame and title bar), whether it is visible, and raising it.

PyWinCtl does the work on every platform (Win32 on Windows, Quartz on
macOS, EWMH on Linux).  On Linux PyWinCtl needs a window manager; on a bare
X server (a virtual screen without one) the top-level windows are listed
from the X server's own tree through python-xlib, the library PyWinCtl
itself uses there.  Both are imported only when a window is looked up: they
connect to the display at import time.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from puzzlebot.calibration.mapping import Region
from puzzlebot.solvers.errors import PuzzlebotError


class WindowError(PuzzlebotError):
    pass


@dataclass(frozen=True)
class Window:
    """A top-level window: its handle, title, client area and owning program."""
    wid: str  # the platform's handle, as text
    title: str
    region: Region  # the client area, in screen pixels
    visible: bool = True
    app: str = ""  # the owning program's name, where known


# At most this many open windows' titles are named when none matches.
LIST_TITLES = 10
# "--window active": the window that has the focus.
ACTIVE = "active"


# --- backends ------------------------------------------------------------------------

def xauthority() -> None:
    """python-xlib (under pyautogui and PyWinCtl; some of its releases) insists on
    an Xauthority file even for a display without access control (a bare Xvfb);
    give it an empty one, for this process and its children, when the user has
    none. The system's null device reads as an empty file and leaves nothing
    behind (a file of our own per run would be left in the temporary folder)."""
    if os.environ.get("XAUTHORITY") or not os.environ.get("DISPLAY"):
        return
    if (Path.home() / ".Xauthority").exists():
        return
    os.environ["XAUTHORITY"] = os.devnull



def _quiet():
    """python-xlib prints a warning on standard output for a display with
    an empty Xauthority (ours, see :func:`xauthority`): kept out of the
    commands' output."""
    import contextlib
    import io

    return contextlib.redirect_stdout(io.StringIO())


def _pywinctl():
    """The PyWinCtl module, or None where it cannot be used (not installed,
    no display to connect to)."""
    xauthority()
    try:
        with _quiet():
            import pywinctl
    except Exception:  # noqa: BLE001 - it raises whatever its platform layer raises without a display
        return None
    return pywinctl


def _from_pwc(w, with_app: bool = False) -> Window | None:
    try:
        title = w.title or ""
        try:
            f = w.getClientFrame()
            region = Region(int(f.left), int(f.top), int(f.right - f.left), int(f.bottom - f.top))
        except Exception:  # noqa: BLE001 - a platform without client frames: the whole window
            region = Region(int(w.left), int(w.top), int(w.width), int(w.height))
        visible = bool(w.isVisible) and not bool(w.isMinimized)
        return Window(str(w.getHandle()), title, region, visible, _app_name(w) if with_app else "")
    except Exception:  # noqa: BLE001 - the window closed while we looked
        return None


def _app_name(w) -> str:
    """The program that owns a PyWinCtl window (X11: its WM_CLASS and
    process name; elsewhere PyWinCtl's own answer)."""
    if sys.platform.startswith("linux"):
        try:
            return _x11_app(int(w.getHandle()))
        except Exception:  # noqa: BLE001
            return ""
    try:
        return str(w.getAppName() or "")
    except Exception:  # noqa: BLE001 - no owning process known
        return ""


def _x11_app(xid: int, d=None) -> str:
    """WM_CLASS and, where the window names its process, the process name."""
    from Xlib import display

    own = d is None
    if d is None:
        with _quiet():
            d = display.Display()
    try:
        w = d.create_resource_object("window", xid)
        names = list(w.get_wm_class() or ())
        pid = w.get_full_property(d.intern_atom("_NET_WM_PID"), 0)
        if pid and pid.value:
            try:
                with open(f"/proc/{int(pid.value[0])}/comm") as f:
                    names.append(f.read().strip())
            except OSError:
                pass
        return " ".join(dict.fromkeys(n for n in names if n))
    finally:
        if own:
            d.close()


# python-xlib's connection, made once: a lookup before every move must be cheap.
_display = None


def _x_display():
    """(python-xlib's X constants, the shared connection), or None where
    there is no X display to connect to."""
    xauthority()
    try:
        from Xlib import X, display
    except Exception:  # noqa: BLE001
        return None
    global _display
    if _display is None:
        try:
            with _quiet():
                _display = display.Display()
        except Exception:  # noqa: BLE001
            return None
    return X, _display


def _xlib_windows(with_app: bool = False) -> list[Window]:
    """Top-level windows from the X server's tree (no window manager)."""
    global _display
    x = _x_display()
    if x is None:
        return []
    X, d = x
    out = []
    try:
        root = d.screen().root
        name_atom = d.intern_atom("_NET_WM_NAME")
        utf8 = d.intern_atom("UTF8_STRING")
        for w in root.query_tree().children:
            try:
                if w.get_attributes().map_state != X.IsViewable:
                    continue
                prop = w.get_full_property(name_atom, utf8)
                title = prop.value.decode("utf-8", "replace") if prop else (w.get_wm_name() or "")
                if isinstance(title, bytes):
                    title = title.decode("latin-1")
                g = w.get_geometry()
                pos = w.translate_coords(root, 0, 0)
                app = _x11_app(w.id, d) if with_app else ""
                out.append(Window(str(w.id), str(title), Region(-pos.x, -pos.y, g.width, g.height), True, app))
            except Exception:  # noqa: BLE001 - gone meanwhile
                continue
    except Exception:  # noqa: BLE001 - the connection broke: make a new one next time
        _display = None
    return out


def _x11_title(w, name_atom, utf8, depth: int = 2) -> str:
    """A window's title, or that of the client window a window manager's
    frame holds (searched ``depth`` levels down)."""
    prop = w.get_full_property(name_atom, utf8)
    title = prop.value.decode("utf-8", "replace") if prop else (w.get_wm_name() or "")
    if isinstance(title, bytes):
        title = title.decode("latin-1")
    if title or depth == 0:
        return str(title)
    for child in w.query_tree().children:
        found = _x11_title(child, name_atom, utf8, depth - 1)
        if found:
            return found
    return ""


def _x11_stack() -> list[tuple[Region, str]] | None:
    """Every window shown on the X screen, bottom to top (a window manager's
    frames, pop-ups and notifications that no manager lists included): its
    outer region and title.  None where this cannot be known."""
    global _display
    x = _x_display()
    if x is None:
        return None
    X, d = x
    out = []
    try:
        root = d.screen().root
        name_atom, utf8 = d.intern_atom("_NET_WM_NAME"), d.intern_atom("UTF8_STRING")
        for w in root.query_tree().children:  # the X server lists them in stacking order
            try:
                a = w.get_attributes()
                if a.map_state != X.IsViewable or a.win_class == X.InputOnly:
                    continue
                g = w.get_geometry()
                pos = w.translate_coords(root, 0, 0)
                out.append((Region(-pos.x, -pos.y, g.width, g.height), _x11_title(w, name_atom, utf8)))
            except Exception:  # noqa: BLE001 - gone meanwhile
                continue
    except Exception:  # noqa: BLE001 - the connection broke: make a new one next time
        _display = None
        return None
    return out


def covering(board: Region, margin: int) -> list[str] | None:
    """What lies over the board or within ``margin`` pixels of it, stacked
    above the window that shows the board (the topmost one holding its
    middle) and over part of that window: each such window's title (or how
    it looks when untitled).  A window there may hide cells the board goes
    on with; one beside the game's window (tiled next to it) hides nothing
    of it.  None where the platform does not tell the stacking order (only
    X11 does here)."""
    if not sys.platform.startswith("linux"):
        return None
    stack = _x11_stack()
    if stack is None:
        return None
    mx, my = board.left + board.width // 2, board.top + board.height // 2
    below = [i for i, (r, _) in enumerate(stack) if r.contains(mx, my)]
    if not below:
        return []
    near = Region(board.left - margin, board.top - margin, board.width + 2 * margin, board.height + 2 * margin)
    game = stack[below[-1]][0]
    out = []
    for r, title in stack[below[-1] + 1:]:
        if r.clip(near) is not None and r.clip(game) is not None:
            out.append(repr(title) if title else f"an untitled {r.width}x{r.height} window at {r.left},{r.top}")
    return out


def all_windows(with_app: bool = False) -> list[Window]:
    """Every window there is (``with_app``: with its program's name, which
    costs a process lookup per window)."""
    pwc = _pywinctl()
    found = []
    if pwc is not None:
        try:
            found = [w for w in (_from_pwc(x, with_app) for x in pwc.getAllWindows()) if w is not None]
        except Exception:  # noqa: BLE001
            found = []
    if not found and sys.platform.startswith("linux"):
        found = _xlib_windows(with_app)
    return found


# --- lookups -------------------------------------------------------------------------

def open_titles() -> list[str]:
    """The titles of the visible windows that have one (for messages)."""
    titles = []
    for w in all_windows():
        if w.visible and w.title and w.title not in titles:
            titles.append(w.title)
    return titles


def _none_like(what: str) -> WindowError:
    titles = open_titles()
    if not titles:
        return WindowError(f"no window {what} is open (no titled window is open at all)")
    shown = ", ".join(repr(t) for t in titles[:LIST_TITLES]) + (", ..." if len(titles) > LIST_TITLES else "")
    return WindowError(f"no window {what} is open; open windows: {shown}")


def _matcher(pattern: str):
    """A title test: the pattern as a regular expression (case-insensitive),
    or as plain text when it is not a valid one."""
    try:
        rx = re.compile(pattern, re.IGNORECASE)
        return lambda t: rx.search(t) is not None
    except re.error:
        low = pattern.lower()
        return lambda t: low in t.lower()


def find_window(title: str | None = None, app: str | None = None) -> Window:
    """The visible window whose title matches ``title`` (a regular
    expression; "active" for the focused window), or that ``app`` owns;
    when none does, the error lists the open windows' titles."""
    if title == ACTIVE:
        pwc = _pywinctl()
        w = _from_pwc(pwc.getActiveWindow()) if pwc is not None and pwc.getActiveWindow() is not None else None
        if w is None:
            raise WindowError("cannot tell which window is active here; give --window TITLE or --region X,Y,W,H")
        return w
    wins = [w for w in all_windows(with_app=app is not None) if w.visible]
    if title is not None:
        ok = _matcher(title)
        wins = [w for w in wins if ok(w.title)]
    if app is not None:
        low = app.lower()
        wins = [w for w in wins if low in w.app.lower()]
    if not wins:
        raise _none_like(f"titled like {title!r}" if title is not None else f"of the program {app!r}")
    return wins[-1]  # the newest (X11) or topmost of those that match


def window_by_id(wid: str, title: str = "") -> Window:
    """The same window now (it may have moved); WindowError when it is gone."""
    for w in all_windows():
        if w.wid == wid:
            return w
    raise WindowError(f"the window {title or wid!r} is gone")


def raise_window(win: Window) -> bool:
    """Bring the window to the front where the platform allows; whether it did."""
    pwc = _pywinctl()
    if pwc is None:
        return False
    for w in pwc.getAllWindows():
        try:
            if str(w.getHandle()) == win.wid:
                return bool(w.activate(wait=True))
        except Exception:  # noqa: BLE001
            return False
    return False
