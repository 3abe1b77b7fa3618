"""Test helpers: the project root, ../shared data, and running the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"
EXAMPLES = ROOT / "examples"
# each game's example puzzle file and screenshot (examples/)
EXAMPLE_FILES = {"lights": EXAMPLES / "lights.txt", "switches": EXAMPLES / "switches.txt",
                 "tango": EXAMPLES / "tango.txt", "ripple": EXAMPLES / "ripple.json",
                 "queens": EXAMPLES / "queens.txt", "zip": EXAMPLES / "zip.txt", "sudoku": EXAMPLES / "sudoku.txt",
                 "patches": EXAMPLES / "patches.txt"}
EXAMPLE_IMAGES = {"lights": EXAMPLES / "enlight.png", "tango": EXAMPLES / "tango.png",
                  "queens": EXAMPLES / "queens.png", "zip": EXAMPLES / "zip.png", "sudoku": EXAMPLES / "sudoku.png",
                  "patches": EXAMPLES / "patches.png"}


def shared_path(*parts: str) -> Path:
    """A path under ../shared/data, or skip the test where it is absent."""
    p = DATA.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"{p} is absent: the real data lives in ../shared/data (a developer/CI checkout)")
    return p


def cli_here(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``puzzlebot ARGS`` in this process (as fast as a call): its status,
    stdout and stderr; argparse's exits give their status too."""
    import contextlib
    import io

    from puzzlebot.bot.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as e:
                status = e.code
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def run_cli(*args: str, stdin: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``puzzlebot ARGS`` as a user would (a fresh process), its output
    captured; a run that hangs fails the test after ``timeout`` seconds,
    with where each of its threads was waiting (Python's fault handler,
    woken by SIGABRT) in the failure's message."""
    import os
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "puzzlebot.bot.cli", *args], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONFAULTHANDLER": "1"})
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)  # the fault handler prints every thread's stack, then it dies
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
        pytest.fail(f"puzzlebot {' '.join(args)} did not end within {timeout:.0f} s; its stderr, with where it "
                    f"waited:\n{err[-6000:]}")
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def pmap(func, items: list, workers: int | None = None) -> list:
    """``[func(x) for x in items]`` over a process pool (the machine's cores):
    the tests that read every real screenshot take half the time on two
    cores.  ``func`` must be a module-level function."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    workers = workers or min(len(items), os.cpu_count() or 1)
    if workers <= 1:
        return [func(x) for x in items]
    # forkserver, not fork (as bot/batch.py): a worker forked from this
    # process, which has run OpenCV on threads, can hang for ever in its
    # first decode (seen once in CI: test_other_puzzles stopped 10 minutes)
    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(workers, mp_context=ctx) as pool:
        return list(pool.map(func, items, chunksize=max(1, len(items) // (4 * workers))))


# How a screen or a capture may change a screenshot: a night light's warm
# tint (blue down a quarter; "night": nearly half, green down too), a cool
# tint, a dimmed screen, a washed-out one (less contrast), a page zoomed out
# to 60%, a brighter and a darker gamma, and JPEG at quality 35; "grey": the
# screenshot saved in grey (asked for by name: no colour is a look of its own).
SHIFTS = ("warm", "night", "cool", "dim", "flat", "x0.6")
MORE_SHIFTS = ("bright", "dark", "jpeg35")


def shifted(img, how: str):
    """``img`` (BGR) as the screen change ``how`` (one of SHIFTS or MORE_SHIFTS, or "x" and a zoom, or
    "nearest" and a zoom: scaled without smoothing, each pixel kept or dropped; or "swapped") shows it."""
    import cv2
    import numpy as np

    if how.startswith(("x", "nearest")):  # a page zoomed out (x0.6, x0.825: by that factor)
        k = float(how.removeprefix("nearest").removeprefix("x"))
        return cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_AREA if how[0] == "x" else cv2.INTER_NEAREST)
    if how == "grey":
        return cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    if how == "swapped":  # red and blue swapped (a capture's BGR taken for RGB)
        return np.ascontiguousarray(img[:, :, ::-1])
    if how == "jpeg35":
        return cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 35])[1], cv2.IMREAD_COLOR)
    f = img.astype(np.float32)
    if how == "flat":
        f = 0.65 * f + 45
    elif how in ("bright", "dark"):
        f = 255 * (f / 255) ** (0.7 if how == "bright" else 1.5)
    else:
        f *= np.float32({"warm": (0.75, 0.92, 1.0), "night": (0.55, 0.82, 1.0), "cool": (1.0, 0.95, 0.82),
                         "dim": (0.7, 0.7, 0.7)}[how])
    return np.clip(f + 0.5, 0, 255).astype(np.uint8)


def read_sure_wrong(img, read, seen, want, shifts=SHIFTS + MORE_SHIFTS) -> list[str]:
    """The screen changes (of ``shifts``) under which the reader ``read``
    reads ``img`` sure but ``seen(reading)`` is not ``want``: refused
    (any PuzzlebotError) or unsure is right."""
    from puzzlebot.solvers.errors import PuzzlebotError

    wrong = []
    for how in shifts:
        try:
            rd = read(shifted(img, how))
        except PuzzlebotError:
            continue
        if rd.sure and seen(rd) != want:
            wrong.append(f"{how}: {seen(rd)}")
    return wrong


def render_verdict(img, jpeg: bool, read, matches) -> str:
    """How a rendered board (saved as JPEG 80 first when ``jpeg``) is read
    by ``read``: "refused" (any PuzzlebotError), "unsure", "exact", or
    "WRONG" (sure, and ``matches(reading)`` says it is unlike its label)."""
    import cv2

    from puzzlebot.solvers.errors import PuzzlebotError

    if jpeg:
        img = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 80])[1], cv2.IMREAD_COLOR)
    try:
        rd = read(img)
    except PuzzlebotError:
        return "refused"
    if not rd.sure:
        return "unsure"
    return "exact" if matches(rd) else "WRONG"


def pointer(x: int | None = None, y: int | None = None, click: bool = False) -> tuple[int, int]:
    """Move (and click) the real pointer on the test display, as a user's
    hand would, and say where it is: pyautogui in the test process, with
    its fail-safe off here only (tests put the pointer in corners on purpose;
    the bot's own process keeps it on)."""
    from puzzlebot.calibration.windows import xauthority

    xauthority()
    import pyautogui

    pyautogui.FAILSAFE = False
    pyautogui.PAUSE = 0
    if x is not None:
        pyautogui.moveTo(x, y)
    if click:
        pyautogui.click()
    px, py = pyautogui.position()
    return int(px), int(py)


class FakePointer:
    """What the bot's loop asks of a mouse besides its gestures, for drawn
    games in tests: screens ``self.screens_list``, the pointer at ``self.pos``."""

    screens_list: list = []
    pos: tuple = (0, 0)

    def check_not_in_corner(self):
        pass

    def screens(self):
        return self.screens_list

    def position(self):
        return self.pos

    def move(self, x, y):
        self.pos = (x, y)
