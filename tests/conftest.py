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
