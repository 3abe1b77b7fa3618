"""Screen scale per platform: which pixels the captures hold and which
points the mouse moves to.

* Windows: a process that has not declared itself DPI aware gets scaled,
  blurry captures and virtualised coordinates at 125-200%; declaring
  per-monitor awareness *before* mss or pyautogui measure anything makes
  captured pixels and click points the same physical pixels.
* macOS (Retina): mss's coordinates are points, like pyautogui's, but its
  captures hold twice as many pixels; :func:`pixel_ratio` measures that, and
  the capture is resampled to points so that one image pixel is one point.
* Linux (X11): pixels everywhere; nothing to do.

The mapping from an image pixel to a screen point lives in one place,
:class:`puzzlebot.calibration.mapping.ScreenMap`.
"""

from __future__ import annotations

import sys

# Windows' PROCESS_PER_MONITOR_DPI_AWARE (shcore.SetProcessDpiAwareness).
PER_MONITOR = 2
_done: str | None = None


def make_dpi_aware(platform: str | None = None, ctypes_module=None) -> str:
    """Declare the process DPI aware where the platform needs it (Windows);
    once per process, before mss or pyautogui are imported.  Returns what
    was done, for messages and tests."""
    global _done
    platform = platform or sys.platform
    if not platform.startswith("win"):
        return "not needed"
    if _done is not None and ctypes_module is None:
        return _done
    if ctypes_module is None:
        import ctypes as ctypes_module
    how = "failed: captures and clicks may disagree at scales above 100%"
    try:
        ctypes_module.windll.shcore.SetProcessDpiAwareness(PER_MONITOR)
        how = "per-monitor"
    except Exception:  # noqa: BLE001 - Windows before 8.1, or already set by the host
        try:
            ctypes_module.windll.user32.SetProcessDPIAware()
            how = "system"
        except Exception:  # noqa: BLE001
            pass
    _done = how
    return how


def pixel_ratio(image_size: tuple[int, int], region_size: tuple[int, int]) -> float:
    """Captured pixels per screen unit (2 on a Retina display, else 1),
    checked to be the same on both axes."""
    rx, ry = image_size[0] / region_size[0], image_size[1] / region_size[1]
    if abs(rx - ry) > 0.02:
        raise ValueError(f"the capture is scaled differently across and down ({rx:.2f} x {ry:.2f})")
    return round((rx + ry) / 2, 3)
