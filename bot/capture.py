"""Screen capture with mss (imported only when a capture is made)."""

from __future__ import annotations

import numpy as np

from calibration.mapping import Region
from solvers.errors import PuzzlebotError


class CaptureError(PuzzlebotError):
    pass


class Screen:
    """Grabs regions of the virtual screen (all monitors) as BGR images."""

    def __init__(self):
        try:
            import mss
        except ImportError as e:  # pragma: no cover - a dependency
            raise CaptureError(f"mss is not installed: {e}") from None
        try:
            self._mss = mss.MSS()
        except Exception as e:  # no display
            raise CaptureError(f"cannot capture the screen: {e} (is DISPLAY set?)") from None

    @property
    def bounds(self) -> Region:
        m = self._mss.monitors[0]  # the union of all monitors
        return Region(m["left"], m["top"], m["width"], m["height"])

    def grab(self, region: Region | None = None) -> np.ndarray:
        region = region or self.bounds
        b = self.bounds
        if (region.left < b.left or region.top < b.top or region.left + region.width > b.left + b.width
                or region.top + region.height > b.top + b.height):
            raise CaptureError(f"region {region.as_tuple()} is not on the screen {b.as_tuple()}")
        shot = self._mss.grab({"left": region.left, "top": region.top, "width": region.width,
                               "height": region.height})
        return np.ascontiguousarray(np.asarray(shot)[:, :, :3])

    def close(self) -> None:
        self._mss.close()
