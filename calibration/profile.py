"""Saved calibration: which game, where its board is, at what scale.

``puzzlebot calibrate`` writes one; ``puzzlebot run`` reads it so later runs
need not search the screen.  Stored as JSON (default
~/.config/puzzlebot/profile.json, or $PUZZLEBOT_PROFILE).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from solvers.errors import InputError
from vision.lattice import Lattice

from .mapping import Region


def default_path() -> Path:
    env = os.environ.get("PUZZLEBOT_PROFILE")
    if env:
        return Path(env)
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "puzzlebot" / "profile.json"


@dataclass
class Profile:
    game: str
    region: Region  # physical screen pixels around the board
    scale: float
    lattice: Lattice  # the board's lattice, in the region's image coordinates
    window: str | None = None  # window title it was found in, if any

    def to_json(self) -> dict:
        d = asdict(self)
        d["region"] = list(self.region.as_tuple())
        d["lattice"] = {"x0": self.lattice.x0, "y0": self.lattice.y0, "px": self.lattice.px, "py": self.lattice.py,
                        "rows": self.lattice.rows, "cols": self.lattice.cols}
        return d


def save(profile: Profile, path: Path | None = None) -> Path:
    path = path or default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(profile.to_json(), indent=1) + "\n")
    return path


def load(path: Path | None = None) -> Profile | None:
    path = path or default_path()
    if not path.exists():
        return None
    try:
        d = json.loads(path.read_text())
        lat = d["lattice"]
        return Profile(d["game"], Region(*d["region"]), float(d["scale"]),
                       Lattice(float(lat["x0"]), float(lat["y0"]), float(lat["px"]), float(lat["py"]),
                               int(lat["rows"]), int(lat["cols"])), d.get("window"))
    except (KeyError, TypeError, ValueError, json.JSONDecodeError) as e:
        raise InputError(f"not a puzzlebot profile ({e}); run 'puzzlebot calibrate' again", str(path)) from None
