"""The Enlight device-window simulator: a Tk window titled like the Windows
Mobile device emulator, a phone skin, and the game on its 240x320 screen.

    python -m puzzlebot.sim.lights.enlight [--level N | --random --seed S] [--size N] [--theme T]
                          [--scale 2] [--events FILE] [--position X,Y]
                          [--fade MS] [--redraw-delay MS] [--win-screen]
    python -m puzzlebot.sim.lights.enlight --render OUT.png [...]      (no window)

Clicking a cell toggles it and its four neighbours; a solved board shows a
banner, and a click (or the N key) loads the next level.  For tests, every
event is written as one JSON line (to stdout, or to --events FILE):
``start``, ``click`` (window coordinates and the cell, or null off the
board), ``press``, ``ignored``, ``solved``, ``level``, ``closed``.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time

import cv2
import numpy as np

from puzzlebot.sim.lights.game import EnlightGame, builtin_level, check_size, random_board
from puzzlebot.sim.lights.render import THEMES, layout, render_device, render_screen, screen_offset
from puzzlebot.solvers.errors import InputError, PuzzlebotError
from puzzlebot.solvers.lights.board import parse_lights
from puzzlebot.solvers.text_files import read_puzzle_file

TITLE = "Device Emulator - Enlight"


class EventLog:
    def __init__(self, path: str | None):
        self.out = sys.stdout if path in (None, "-") else open(path, "a", buffering=1)

    def __call__(self, event: str, **data) -> None:
        self.out.write(json.dumps({"event": event, **data}) + "\n")
        self.out.flush()


class LevelSource:
    """Where boards come from: the built-in levels, random ones, or a file."""

    def __init__(self, args):
        self.args = args

    def board(self, level: int) -> np.ndarray:
        a = self.args
        if a.board:
            return parse_lights(read_puzzle_file(a.board), a.board).board
        if a.random or a.size != 10:
            seed = None if a.seed is None else a.seed + level - 1
            return random_board(a.size, seed)
        return builtin_level(level)


def make_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m puzzlebot.sim.lights.enlight",
        description="Enlight on a stand-in Windows Mobile device emulator (our simulator).",
        epilog="example:\n  python -m puzzlebot.sim.lights.enlight --level 3 --theme night --events events.jsonl",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--level", type=int, default=1, help="built-in level to start at (default 1)")
    src.add_argument("--random", action="store_true", help="random solvable boards")
    src.add_argument("--board", metavar="FILE", help="start from this board (rows of # and .)")
    ap.add_argument("--seed", type=int, help="seed for --random (level k uses seed+k-1)")
    ap.add_argument("--size", type=int, default=10, help="board size, 3 to 20 (default 10; not 10 implies --random)")
    ap.add_argument("--theme", choices=sorted(THEMES), default="classic")
    ap.add_argument("--scale", type=int, choices=(1, 2), default=1, help="1: 240x320 screen, 2: 480x640")
    ap.add_argument("--events", metavar="FILE", help="append JSON-line events here (default stdout)")
    ap.add_argument("--position", metavar="X,Y", help="window position on the screen")
    ap.add_argument("--fade", type=_millis, default=0, metavar="MS",
                    help="blend each change in over MS milliseconds, 0 to 500 (default 0: instant)")
    ap.add_argument("--redraw-delay", type=_millis, default=0, metavar="MS",
                    help="show each change only after MS milliseconds, 0 to 1500 (a slow redraw)")
    ap.add_argument("--win-screen", action="store_true", help="a solved board gives way to a YOU WIN screen")
    ap.add_argument("--ignore-click", type=int, action="append", default=[], metavar="K",
                    help="test fault: ignore the K-th click on a cell (repeatable)")
    ap.add_argument("--freeze-after", type=int, metavar="K",
                    help="test fault: after the K-th press show no change for --freeze MS (a busy machine)")
    ap.add_argument("--freeze", type=_millis_upto(10000), default=3000, metavar="MS",
                    help="how long --freeze-after holds the picture, 0 to 10000 ms (default 3000)")
    ap.add_argument("--close-after", type=int, metavar="K", help="test fault: close the window after the K-th press")
    ap.add_argument("--move-after", type=int, metavar="K", help="test fault: move the window 60 px after the K-th press")
    ap.add_argument("--render", metavar="OUT.png", help="write the device image to a PNG and exit (no window)")
    ap.add_argument("--screen-only", action="store_true", help="with --render: the phone screen without the skin")
    return ap


def _millis_upto(most: int):
    """An argparse type: whole milliseconds from 0 to ``most``."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"want whole milliseconds, got {text!r}") from None
        if not 0 <= v <= most:
            raise argparse.ArgumentTypeError(f"want 0 to {most} ms, got {v}")
        return v
    return parse


_millis = _millis_upto(1500)


# a fade shows a new frame this often (ms)
FADE_FRAME_MS = 25


def _png_b64(img: np.ndarray) -> str:
    ok, buf = cv2.imencode(".png", img)
    return base64.b64encode(buf.tobytes()).decode("ascii")


class EnlightApp:
    def __init__(self, args, log: EventLog):
        import tkinter as tk

        self.args, self.log = args, log
        self.source = LevelSource(args)
        start_level = args.level if not (args.random or args.board or args.size != 10) else 1
        self.game = EnlightGame(self.source.board(start_level), level=start_level)
        self.start_board = self.game.board.copy()
        self.clicks = 0
        self.root = tk.Tk()
        self.root.title(TITLE)
        self.root.resizable(False, False)
        if args.position:
            x, y = args.position.split(",")
            self.root.geometry(f"+{int(x)}+{int(y)}")
        self.label = tk.Label(self.root, borderwidth=0, highlightthickness=0)
        self.label.pack()
        self.label.bind("<Button-1>", self.on_click)
        self.root.bind("<Key-n>", lambda e: self.next_level())
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self.draw()
        self.root.update_idletasks()
        log("start", level=self.game.level, board=self.game.rows_text(), theme=args.theme, scale=args.scale,
            title=TITLE, pid=__import__("os").getpid())

    def draw(self, animate: bool = False) -> None:
        """Show the game; ``animate``: as a change (after --redraw-delay,
        blended over --fade), else at once."""
        target = render_device(self.game, self.args.theme, self.args.scale, self.args.win_screen)
        self.generation = getattr(self, "generation", 0) + 1  # a newer change cancels an older animation
        gen = self.generation
        frozen = max(0, int(1000 * (getattr(self, "frozen_until", 0.0) - time.monotonic())))
        delay = max(self.args.redraw_delay, frozen)
        if not animate or (not self.args.fade and not delay):
            self._show(target)
            return
        start = self.shown.astype(np.float32)

        def frame(t: int) -> None:
            if gen != self.generation:
                return
            a = 1.0 if t >= self.args.fade else t / self.args.fade
            self._show(target if a >= 1 else (start * (1 - a) + target.astype(np.float32) * a).astype(np.uint8))
            if a < 1:
                self.root.after(FADE_FRAME_MS, frame, t + FADE_FRAME_MS)

        self.root.after(delay, frame, 0 if self.args.fade else 1)

    def _show(self, img: np.ndarray) -> None:
        import tkinter as tk

        self.shown = img
        self.photo = tk.PhotoImage(data=_png_b64(img), format="png")
        self.label.configure(image=self.photo)

    def on_click(self, event) -> None:
        ox, oy = screen_offset(self.args.scale)
        lay = layout(self.game.rows, self.game.cols, self.args.scale)
        cell = lay.cell_at(event.x - ox, event.y - oy)
        self.log("click", x=event.x, y=event.y, cell=list(cell) if cell else None)
        if cell is None:
            sy = event.y - oy
            if lay.height - 24 * self.args.scale <= sy < lay.height and event.x - ox > lay.width / 2:
                self.game = EnlightGame(self.start_board.copy(), level=self.game.level)  # Restart soft key
                self.log("restart", board=self.game.rows_text())
                self.draw()
            return
        if self.game.solved:
            self.next_level()
            return
        self.clicks += 1
        if self.clicks in self.args.ignore_click:
            self.log("ignored", cell=list(cell), click=self.clicks)
            return
        self.game.press(*cell)
        self.log("press", cell=list(cell), moves=self.game.moves, board=self.game.rows_text())
        if self.args.freeze_after and self.game.moves == self.args.freeze_after:
            self.frozen_until = time.monotonic() + self.args.freeze / 1000
            self.log("frozen", ms=self.args.freeze)
        self.draw(animate=True)
        if self.game.solved:
            self.log("solved", level=self.game.level, moves=self.game.moves)
        if self.args.close_after and self.game.moves == self.args.close_after:
            self.close()
            return
        if self.args.move_after and self.game.moves == self.args.move_after:
            x, y = self.root.winfo_rootx(), self.root.winfo_rooty()
            self.root.geometry(f"+{x + 60}+{y + 60}")
            self.log("moved", x=x + 60, y=y + 60)

    def next_level(self) -> None:
        level = self.game.level + 1
        self.game = EnlightGame(self.source.board(level), level=level)
        self.start_board = self.game.board.copy()
        self.log("level", level=level, board=self.game.rows_text())
        self.draw()

    def close(self) -> None:
        self.log("closed")
        self.root.destroy()

    def run(self) -> None:
        self.root.mainloop()


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    try:
        check_size(args.size, args.size)
        if args.render:
            source = LevelSource(args)
            level = args.level if not (args.random or args.board or args.size != 10) else 1
            game = EnlightGame(source.board(level), level=level)
            img = render_screen(game, args.theme, args.scale) if args.screen_only else render_device(
                game, args.theme, args.scale)
            if not cv2.imwrite(args.render, img):
                raise InputError(f"cannot write {args.render}")
            return 0
        app = EnlightApp(args, EventLog(args.events))
    except PuzzlebotError as e:
        print(f"puzzlebot.sim.lights.enlight: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"puzzlebot.sim.lights.enlight: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # no display, Tk missing
        if type(e).__name__ == "TclError":
            print(f"puzzlebot.sim.lights.enlight: cannot open a window: {e}", file=sys.stderr)
            return 1
        raise
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
