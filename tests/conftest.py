"""Fixtures: a virtual screen (Xvfb) for tests that open windows."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest


def _free_display() -> int:
    for n in range(90, 140):
        if not os.path.exists(f"/tmp/.X{n}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture(scope="session")
def xvfb():
    """Start Xvfb at 1280x800x24 for the session; yields the DISPLAY value."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (make test installs it: apt-get install xvfb)")
    n = _free_display()
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    display = f":{n}"
    for _ in range(100):
        if os.path.exists(f"/tmp/.X11-unix/X{n}"):
            break
        if proc.poll() is not None:
            pytest.fail("Xvfb exited at start")
        time.sleep(0.05)
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = display
    yield display
    proc.terminate()
    proc.wait(timeout=10)
    if old is None:
        os.environ.pop("DISPLAY", None)
    else:
        os.environ["DISPLAY"] = old
