"""Starting the stand-ins as separate processes: a virtual screen, the
Enlight window, the Tango page (server + Chromium).  Used by the demo, the
tests and the benchmarks."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from solvers.errors import PuzzlebotError

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_xvfb(width: int = 1280, height: int = 800) -> tuple[subprocess.Popen, str]:
    if shutil.which("Xvfb") is None:
        raise PuzzlebotError("no screen and no Xvfb to make one (apt-get install xvfb)")
    for n in range(90, 140):
        if not os.path.exists(f"/tmp/.X{n}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            break
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return proc, f":{n}"
        time.sleep(0.05)
    proc.terminate()
    raise PuzzlebotError("Xvfb did not start")


def start_enlight(events: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sim.enlight", "--events", str(events), *args], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def start_tango_server(events: Path, port: int, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sim.tango_page", "--port", str(port), "--events", str(events),
                             *args], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def events(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def wait_for(path: Path, event: str, timeout: float = 30.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for e in events(path):
            if e.get("event") == event:
                return e
        time.sleep(0.05)
    raise PuzzlebotError(f"the simulator did not report {event!r} within {timeout:.0f} s ({path})")


def stop(*procs) -> None:
    for p in procs:
        if p is not None and p.poll() is None:
            p.terminate()
    for p in procs:
        if p is not None:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
