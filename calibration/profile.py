"""Saved calibration: which game, where its board was, at what scale.

``puzzlebot calibrate`` writes one; ``puzzlebot run`` reads it as a *hint*:
the board is found again in the saved region at the start of every run, and
a lattice or screen scale that disagrees with the saved one is refused
(calibrate again).  Stored as JSON (default ~/.config/puzzlebot/profile.json,
or $PUZZLEBOT_PROFILE), validated on load: a hand-edited or broken profile
gives a one-line error, never a click.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from puzzlebot.calibration.mapping import Region
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.text_files import read_text_file, resolved
from puzzlebot.vision.lattice import Lattice

VERSION = 1
# Profiles larger than this are not ours (a profile is a few hundred bytes).
MAX_BYTES = 64 * 1024
# Screen scales (captured pixels per logical point) that exist: 100% to 400%,
# and down to 25% for a capture that was downscaled.
MIN_SCALE, MAX_SCALE = 0.25, 8.0
# Coordinates beyond this are no screen's (16K monitors side by side).
MAX_COORD = 100_000
# A cell smaller than this cannot be read; a board of more cells per side
# than this is no game of ours.
MIN_PITCH, MAX_CELLS = 4.0, 40
# What a probe taught is a few short facts (a game's answer to a click).
MAX_LEARNT, MAX_FACT = 16, 80


def default_path() -> Path:
    env = os.environ.get("PUZZLEBOT_PROFILE")
    if env:
        return Path(env)
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "puzzlebot" / "profile.json"


@dataclass
class Profile:
    """Where a game was found on screen and what was learnt of it, kept for the next run."""
    game: str
    region: Region  # physical screen pixels around the board
    scale: float
    lattice: Lattice  # the board's lattice, in the region's image coordinates
    window: str | None = None  # window title it was found in, if any
    learnt: dict[str, str] = field(default_factory=dict)  # what probing the game taught (calibrate --probe)

    def to_json(self) -> dict:
        return {"version": VERSION, "game": self.game, "region": list(self.region.as_tuple()),
                "scale": self.scale, "lattice": self.lattice.as_dict(digits=None), "window": self.window,
                "learnt": self.learnt}


def save(profile: Profile, path: Path | None = None) -> Path:
    """Write ``profile`` to ``path`` (through a temporary file), over a
    profile only: a file there that is not one (a screenshot named by
    mistake) is left as it is, with an InputError."""
    path = writable(path)
    dest = resolved(path) if path.is_symlink() else path  # a link (to a kept dotfile) stays a link
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(profile.to_json(), indent=1) + "\n")
        tmp.replace(dest)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise InputError(f"cannot write the profile: {e.strerror}", str(path)) from None
    return path


def writable(path: Path | None = None) -> Path:
    """``path`` (the default one for None) if a profile may be written there,
    else InputError: a folder, or a file that is not a profile (asked before
    a command does anything, and again when it saves)."""
    path = path or default_path()
    if path.exists() and path.is_dir():
        raise InputError("is a directory; give a file name for the profile", str(path))
    if path.exists() and not _a_profile(path):
        raise InputError("is there and is not a puzzlebot profile: not written over; name another file", str(path))
    return path


def _a_profile(path: Path) -> bool:
    """Whether ``path`` holds a profile, of any version, sound or not (one
    that is not is written over: 'run calibrate again' is its mend)."""
    try:
        d = json.loads(read_text_file(str(path), MAX_BYTES, "a puzzlebot profile"))
    except (InputError, ValueError, RecursionError):
        return False
    return isinstance(d, dict) and "version" in d and "game" in d


def _number(d: dict, key: str, where: str, lo: float, hi: float) -> float:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise InputError(f"{where}{key} must be a number, got {json.dumps(v)[:40]}")
    if not math.isfinite(v) or not lo <= v <= hi:
        raise InputError(f"{where}{key} = {v!r} is outside {lo:g}..{hi:g}")
    return float(v)


def _integer(d: dict, key: str, where: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int) and not (isinstance(v, float) and v.is_integer()):
        raise InputError(f"{where}{key} must be a whole number, got {json.dumps(v)[:40]}")
    if not lo <= v <= hi:
        raise InputError(f"{where}{key} = {v!r} is outside {lo}..{hi}")
    return int(v)


def parse(d: object, games: tuple[str, ...] | None = None) -> Profile:
    """A Profile from its JSON value, or InputError naming the bad field."""
    if not isinstance(d, dict):
        raise InputError("a profile is a JSON object")
    if d.get("version") != VERSION:
        raise InputError(f"profile version {d.get('version')!r}, this puzzlebot reads version {VERSION}")
    game = d.get("game")
    if not isinstance(game, str) or (games is not None and game not in games):
        raise InputError(f"game {game!r} is not one of {', '.join(games or ())}")
    reg = d.get("region")
    if not isinstance(reg, list) or len(reg) != 4:
        raise InputError("region must be [left, top, width, height]")
    rd = dict(zip(("left", "top", "width", "height"), reg))
    left = _integer(rd, "left", "region ", -MAX_COORD, MAX_COORD)
    top = _integer(rd, "top", "region ", -MAX_COORD, MAX_COORD)
    width = _integer(rd, "width", "region ", 8, MAX_COORD)
    height = _integer(rd, "height", "region ", 8, MAX_COORD)
    scale = _number(d, "scale", "", MIN_SCALE, MAX_SCALE)
    lat = d.get("lattice")
    if not isinstance(lat, dict):
        raise InputError("lattice must be an object with x0, y0, pitch_x, pitch_y, rows, cols")
    px = _number(lat, "pitch_x", "lattice ", MIN_PITCH, max(width, height))
    py = _number(lat, "pitch_y", "lattice ", MIN_PITCH, max(width, height))
    rows = _integer(lat, "rows", "lattice ", 1, MAX_CELLS)
    cols = _integer(lat, "cols", "lattice ", 1, MAX_CELLS)
    x0 = _number(lat, "x0", "lattice ", 0, width)
    y0 = _number(lat, "y0", "lattice ", 0, height)
    if x0 + cols * px > width + 1 or y0 + rows * py > height + 1:
        raise InputError(f"the lattice ({rows}x{cols} cells of {px:g}x{py:g} px at {x0:g},{y0:g}) runs past "
                         f"the region ({width}x{height})")
    window = d.get("window")
    if window is not None and not isinstance(window, str):
        raise InputError("window must be a title or null")
    learnt = d.get("learnt", {})
    if not isinstance(learnt, dict) or len(learnt) > MAX_LEARNT or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= MAX_FACT and len(v) <= MAX_FACT
            for k, v in learnt.items()):
        raise InputError(f"learnt must be an object of at most {MAX_LEARNT} short texts (what probing taught)")
    return Profile(game, Region(left, top, width, height), scale, Lattice(x0, y0, px, py, rows, cols), window,
                   dict(learnt))


def load(path: Path | None = None, games: tuple[str, ...] | None = None) -> Profile | None:
    """The saved profile, None if there is none, or InputError (one line:
    the file and what is wrong with it)."""
    path = path or default_path()
    if not path.exists():
        return None
    try:
        d = json.loads(read_text_file(str(path), MAX_BYTES, "a puzzlebot profile"))
        return parse(d, games)
    except InputError as e:
        raise InputError(f"bad profile: {e.detail}; run 'puzzlebot calibrate' again", str(path)) from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        msg = getattr(e, "strerror", None) or str(e).splitlines()[0][:80]
        raise InputError(f"not a puzzlebot profile ({msg}); run 'puzzlebot calibrate' again", str(path)) from None
