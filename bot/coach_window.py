"""The coach's own small window (Tk): the advice in words and drawn on a
copy of the board, always on top, placed beside the game and never over
it.  Driven from the coach's loop (:meth:`CoachWindow.update`), no thread
of its own.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING

from puzzlebot.solvers.errors import PuzzlebotError

if TYPE_CHECKING:
    import numpy as np

    from puzzlebot.calibration.mapping import Region

TITLE = "puzzlebot coach"
WIDTH, HEIGHT = 340, 470  # the window, in screen pixels: a 320 px board copy and a few lines of text
PICTURE = 320  # the board copy's longest side
GAP = 12  # pixels between the game and the window (a window manager's border fits in it)
COLOURS = {"step": "#1d6b34", "wrong": "#b3261e", "solved": "#1d4f91", "note": "#555555"}


class WindowError(PuzzlebotError):
    """No window can be opened, or none fits beside the game."""
    exit_code = 1


def spot_beside(avoid: list[Region], screen: Region, size: tuple[int, int] = (WIDTH, HEIGHT)
                ) -> tuple[int, int] | None:
    """The top-left corner of a window of ``size`` on ``screen`` beside the
    first of ``avoid`` it can be (right, left, below, above: the game's
    window, then its board), over that one and those after it; None when
    there is no room."""
    from puzzlebot.calibration.mapping import Region

    w, h = size
    for i, near in enumerate(avoid):
        right, bottom = near.left + near.width, near.top + near.height
        top = min(max(near.top, screen.top), screen.top + screen.height - h)
        left = min(max(near.left, screen.left), screen.left + screen.width - w)
        for x, y in ((right + GAP, top), (near.left - GAP - w, top), (left, bottom + GAP), (left, near.top - GAP - h)):
            box = Region(x, y, w + GAP, h + GAP)  # with room for the window manager's frame
            if box.clip(screen) == box and all(box.clip(a) is None for a in avoid[i:]):
                return x, y
    return None


class CoachWindow:
    """The window, on ``screen`` (the bounds of all monitors)."""

    def __init__(self, screen: Region):
        try:
            import tkinter as tk
        except ImportError:
            raise WindowError("Tk is not installed (Debian: apt-get install python3-tk); give --no-window to "
                              "coach in the terminal only") from None
        try:
            self.root = tk.Tk(className="puzzlebot-coach")
        except tk.TclError as e:
            raise WindowError(f"cannot open the coach's window ({e}); give --no-window to coach in the "
                              "terminal only") from None
        self.tk, self.screen, self.closed, self.placed = tk, screen, False, False
        self.root.title(TITLE)
        self.root.attributes("-topmost", True)
        self.root.resizable(False, False)
        self.root.protocol("WM_DELETE_WINDOW", self._close_asked)
        self.text = tk.Label(self.root, text="watching the game...", wraplength=WIDTH - 20, justify="left",
                             anchor="w", font=("TkDefaultFont", 12, "bold"), fg=COLOURS["note"])
        self.text.pack(fill="x", padx=10, pady=(10, 4))
        self.picture = tk.Label(self.root)
        self.picture.pack(padx=10, pady=4)
        self.note_line = tk.Label(self.root, text="", wraplength=WIDTH - 20, justify="left", anchor="w",
                                  fg=COLOURS["note"])
        self.note_line.pack(fill="x", padx=10, pady=(0, 8))
        self.root.withdraw()  # shown once placed beside the board
        self._photo = None

    def _close_asked(self) -> None:
        self.closed = True
        self.root.withdraw()

    def place(self, avoid: list[Region]) -> bool:
        """Show the window beside the game; False (and stays hidden) when
        no place beside it is free."""
        spot = spot_beside(avoid, self.screen)
        if spot is None:
            return False
        self.root.geometry(f"{WIDTH}x{HEIGHT}+{spot[0]}+{spot[1]}")
        self.root.deiconify()
        self.root.attributes("-topmost", True)
        self.placed = True
        self.update()
        return True

    def show(self, text: str, wrong: bool, solved: bool, picture: np.ndarray) -> None:
        import cv2

        if self.closed:
            return
        kind = "wrong" if wrong else "solved" if solved else "step"
        self.text.configure(text=("Wrong move: " if wrong else "") + text, fg=COLOURS[kind])
        self.note_line.configure(text="")
        h, w = picture.shape[:2]
        k = PICTURE / max(h, w, 1)
        small = cv2.resize(picture, (max(1, round(w * k)), max(1, round(h * k))), interpolation=cv2.INTER_AREA)
        ok, png = cv2.imencode(".png", small)
        if ok:
            self._photo = self.tk.PhotoImage(data=base64.b64encode(png.tobytes()).decode("ascii"))
            self.picture.configure(image=self._photo)
        self.update()

    def note(self, text: str) -> None:
        if not self.closed:
            self.note_line.configure(text=text)
            self.update()

    def region(self) -> Region | None:
        """Where the window is on screen now (None while hidden)."""
        from puzzlebot.calibration.mapping import Region

        if self.closed or not self.placed:
            return None
        return Region(self.root.winfo_rootx(), self.root.winfo_rooty(), self.root.winfo_width(),
                      self.root.winfo_height())

    def update(self) -> None:
        try:
            self.root.update()
        except self.tk.TclError:  # the window was destroyed under us
            self.closed = True

    def close(self) -> None:
        try:
            self.root.destroy()
        except self.tk.TclError:
            pass
