"""A stand-in desktop for tests: a window covering the whole (virtual)
screen beneath the games that logs every click it receives.

    python -m puzzlebot.sim.desktop --events FILE [--size 1280x800]

A click that misses every game window lands here and is written as a JSON
line ``{"event": "click", "x": .., "y": ..}``, so a test can prove that no
click went anywhere but where it should.  Start it before the game windows
(on a screen without a window manager, later windows stack above it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puzzlebot.sim.desktop", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", required=True, metavar="FILE", help="append JSON-line events here")
    ap.add_argument("--size", default="1280x800", metavar="WxH")
    args = ap.parse_args(argv)
    import tkinter as tk

    w, h = (int(v) for v in args.size.split("x"))
    out = open(args.events, "a", buffering=1)
    root = tk.Tk()
    root.title("puzzlebot test desktop")
    root.overrideredirect(True)  # no frame: the whole screen
    root.geometry(f"{w}x{h}+0+0")
    root.configure(background="#3a6ea5")

    def on_click(event) -> None:
        out.write(json.dumps({"event": "click", "x": event.x_root, "y": event.y_root}) + "\n")

    root.bind("<Button>", on_click)
    root.update_idletasks()
    out.write(json.dumps({"event": "start", "pid": os.getpid()}) + "\n")
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
