"""Screen capture with mss (imported only when a capture is made)."""

from __future__ import annotations

import numpy as np

from puzzlebot.calibration.mapping import Region
from puzzlebot.solvers.errors import PuzzlebotError


class CaptureError(PuzzlebotError):
    pass


class Screen:
    """Grabs regions of the virtual screen (all monitors) as BGR images."""

    def __init__(self):
        from puzzlebot.calibration.dpi import make_dpi_aware

        make_dpi_aware()  # Windows: before mss measures anything
        self.pixel_ratio = 1.0  # captured pixels per screen unit (2 on Retina), from the last grab
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

    def monitors(self) -> list[Region]:
        """Each monitor, in screen units (one left of or above the primary
        has negative coordinates)."""
        return [Region(m["left"], m["top"], m["width"], m["height"]) for m in self._mss.monitors[1:]]

    def grab(self, region: Region | None = None) -> np.ndarray:
        region = region or self.bounds
        b = self.bounds
        if (region.left < b.left or region.top < b.top or region.left + region.width > b.left + b.width
                or region.top + region.height > b.top + b.height):
            raise CaptureError(f"region {region.as_tuple()} is not on the screen {b.as_tuple()}")
        shot = self._mss.grab({"left": region.left, "top": region.top, "width": region.width,
                               "height": region.height})
        img = np.ascontiguousarray(np.asarray(shot)[:, :, :3])
        if img.shape[:2] != (region.height, region.width):
            # a Retina capture: twice the pixels of the points asked for;
            # resampled so that one image pixel is one screen unit again
            import cv2

            from puzzlebot.calibration.dpi import pixel_ratio

            self.pixel_ratio = pixel_ratio((img.shape[1], img.shape[0]), (region.width, region.height))
            img = cv2.resize(img, (region.width, region.height), interpolation=cv2.INTER_AREA)
        return img

    def covering(self, board: Region, margin: int) -> list[str] | None:
        """The windows over the board or within ``margin`` of it, stacked above
        the game's (None where the platform does not say)."""
        from puzzlebot.calibration.windows import covering

        return covering(board, margin)

    def close(self) -> None:
        self._mss.close()
