"""Image pixels to screen points.

A capture covers a region of the screen in *physical* pixels, with its
top-left corner at (left, top) of the virtual screen (all monitors; a
monitor left of or above the primary one has negative coordinates).  Mouse
libraries work in *logical* points: on a Retina display or with 125-200%
Windows scaling, scale = physical / logical is above 1.  A point (x, y) of
the captured image is the logical point ((left + x) / scale, (top + y) / scale).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Region:
    """A rectangle of screen (or image) pixels: its top-left corner and size."""
    left: int
    top: int
    width: int
    height: int

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.left + self.width and self.top <= y < self.top + self.height

    def as_tuple(self) -> tuple[int, int, int, int]:
        return self.left, self.top, self.width, self.height

    def clip(self, bounds: "Region") -> "Region | None":
        """The part of this region inside ``bounds`` (None if nothing)."""
        left, top = max(self.left, bounds.left), max(self.top, bounds.top)
        right = min(self.left + self.width, bounds.left + bounds.width)
        bottom = min(self.top + self.height, bounds.top + bounds.height)
        if right <= left or bottom <= top:
            return None
        return Region(left, top, right - left, bottom - top)


@dataclass(frozen=True)
class ScreenMap:
    """Maps pixels of an image captured from ``region`` to logical points."""

    region: Region
    scale: float = 1.0

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.region.left + x) / self.scale, (self.region.top + y) / self.scale

    def to_image(self, sx: float, sy: float) -> tuple[float, float]:
        return sx * self.scale - self.region.left, sy * self.scale - self.region.top


def scale_between(physical_size: tuple[int, int], logical_size: tuple[int, int]) -> float:
    """physical / logical, checked to be the same on both axes."""
    sx = physical_size[0] / logical_size[0]
    sy = physical_size[1] / logical_size[1]
    if abs(sx - sy) > 0.02:
        raise ValueError(f"screen scale differs between axes ({sx:.2f} x {sy:.2f})")
    return round((sx + sy) / 2, 3)
