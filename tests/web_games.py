"""Running other people's web games for the tests: a folder served on
127.0.0.1, opened in a headed Chromium window on the test's virtual screen
with a DevTools port, real pointer moves and clicks (pyautogui), and the
game's own state read through DevTools (never from pixels)."""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlebot.sim.browser import Browser
from puzzlebot.sim.launch import free_port

from .helpers import ROOT, SHARED, pointer, run_cli


def shared_game(*parts: str) -> Path:
    """A game folder under ../shared/games, or skip where it is absent."""
    p = SHARED.joinpath("games", *parts)
    if not p.exists():
        pytest.skip(f"{p} is absent: the real games live in ../shared/games (a developer/CI checkout)")
    return p


def need_chromium() -> None:
    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")


class Server:
    """``python3 -m http.server`` on a free loopback port for ``folder``."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.proc = subprocess.Popen([sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                                      "-d", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > end or self.proc.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"http.server for {folder} did not start")
                time.sleep(0.1)
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


class Page:
    """A game page in a Chromium app window at (x, y), w x h."""

    def __init__(self, url: str, x: int = 0, y: int = 0, w: int = 900, h: int = 780):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.browser = Browser(url, x, y, w, h, debug_port=free_port())
        self.dt = self.browser.devtools()
        self.dt.wait_for("document.readyState == 'complete'", timeout=60)

    def state(self, expression: str):
        """A JSON-returning expression evaluated in the page, decoded."""
        return json.loads(self.dt.evaluate(expression))

    def to_screen(self, page_x: float, page_y: float) -> tuple[int, int]:
        """A point of the page (CSS pixels, device scale 1) on the screen."""
        ox, oy = self.state("JSON.stringify([window.screenX + (window.outerWidth - window.innerWidth) / 2, "
                            "window.screenY + window.outerHeight - window.innerHeight])")
        return int(round(ox + page_x)), int(round(oy + page_y))

    def click(self, page_x: float, page_y: float) -> None:
        sx, sy = self.to_screen(page_x, page_y)
        pointer(sx, sy, click=True)
        time.sleep(0.05)

    def park_pointer(self, page_x: float, page_y: float) -> None:
        sx, sy = self.to_screen(page_x, page_y)
        pointer(sx, sy)
        time.sleep(0.05)

    def grab(self, region: tuple[int, int, int, int] | None = None):
        """The window's pixels (or the screen's in ``region``: x, y, w, h),
        as the bot captures them (mss)."""
        from puzzlebot.bot.capture import Screen
        from puzzlebot.calibration.mapping import Region

        screen = Screen()
        try:
            return screen.grab(Region(*(region or (self.x, self.y, self.w, self.h))))
        finally:
            screen.close()

    def close(self) -> None:
        self.browser.close()


@contextlib.contextmanager
def our_page(page_folder: str, query: str, x: int = 0, y: int = 0, w: int = 900, h: int = 780):
    """A page of ours in tests/pages, served and open at (x, y), w x h,
    with ``query``; closed, its server stopped, after the block."""
    need_chromium()
    server = Server(ROOT / "tests" / "pages" / page_folder)
    page = None
    try:
        page = Page(f"{server.url}?{query}", x, y, w, h)
        time.sleep(0.5)
        yield page
    finally:
        if page is not None:
            page.close()
        server.stop()


def plays_to_solved(page: Page, game: str, region: str = "0,0,900,780") -> str:
    """``puzzlebot run GAME --region REGION`` with default options on an
    open page of ours; its stderr and stdout once the page itself says it
    is solved (``window.solved``, through DevTools)."""
    r = run_cli("run", game, "--region", region)
    assert r.returncode == 0, r.stderr + r.stdout
    page.dt.wait_for("window.solved === true", timeout=10)
    return r.stderr + r.stdout


def bot_plays_our_page(page_folder: str, query: str, game: str) -> str:
    """``puzzlebot run GAME --region 0,0,900,780`` with default options on a
    page of ours in tests/pages (written as another team might), served and
    open there; its stderr, then its stdout, once the page itself says it is
    solved (``window.solved``, through DevTools)."""
    with our_page(page_folder, query) as page:
        return plays_to_solved(page, game)
