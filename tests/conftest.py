"""Fixtures: a virtual screen (Xvfb) for tests that open windows."""

from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def xvfb():
    """A virtual screen (Xvfb, 1280x800x24) for the session, on a display
    number Xvfb picks itself; yields the DISPLAY value."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (make test installs it: apt-get install xvfb)")
    from puzzlebot.sim.launch import start_xvfb, stop

    proc, display = start_xvfb(1280, 800)
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = display
    yield display
    stop(proc)
    if old is None:
        os.environ.pop("DISPLAY", None)
    else:
        os.environ["DISPLAY"] = old


@pytest.fixture
def stand_in_page(xvfb, tmp_path):
    """Our stand-in web pages in headed Chromium windows on the test screen:
    ``start(module, *page_args, mode=, x=, y=, w=, h=)`` opens one and
    returns (its event log, its region "x,y,w,h"); all are closed after the
    test."""
    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    import time

    from puzzlebot.sim import launch
    from puzzlebot.sim.browser import Browser

    procs, browsers = [], []

    def start(module: str, *args: str, mode: str = "light", x: int = 200, y: int = 20, w: int = 760, h: int = 760):
        ev = tmp_path / f"{module.split('.')[-2]}{len(procs)}.jsonl"
        port = launch.free_port()
        procs.append(launch.start_page(module, ev, port, *args))
        time.sleep(0.5)
        browsers.append(Browser(f"http://127.0.0.1:{port}/?mode={mode}", x, y, w, h))
        launch.wait_for(ev, "ready", 90)
        time.sleep(1.0)
        return ev, f"{x},{y},{w},{h}"

    yield start
    for b in browsers:
        b.close()
    launch.stop(*procs)
