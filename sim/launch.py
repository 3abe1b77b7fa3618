"""Starting the stand-ins as separate processes: a virtual screen, the
Enlight window, the web pages' servers (Chromium: :mod:`puzzlebot.sim.browser`).  Used by the demo, the
tests and the benchmarks."""

from __future__ import annotations

import json
import os
import select
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from puzzlebot.solvers.errors import InputError, PuzzlebotError

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_xvfb(width: int = 1280, height: int = 800, timeout: float = 20.0) -> tuple[subprocess.Popen, str]:
    """Start Xvfb on a display number it picks itself (``-displayfd``: no
    check-then-start race with other sessions on the machine) and return the
    process and the DISPLAY value once the server accepts connections."""
    if shutil.which("Xvfb") is None:
        raise PuzzlebotError("no screen and no Xvfb to make one (apt-get install xvfb)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24",
                             "-nolisten", "tcp"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    end = time.monotonic() + timeout
    try:
        while not number.endswith(b"\n") and time.monotonic() < end:
            ready, _, _ = select.select([read_fd], [], [], 0.2)
            if ready:
                chunk = os.read(read_fd, 16)
                if not chunk:
                    break  # Xvfb exited without naming a display
                number += chunk
    finally:
        os.close(read_fd)
    if not number.strip().isdigit():
        stop(proc)
        raise PuzzlebotError("Xvfb did not start (no display number within "
                             f"{timeout:.0f} s)")
    return proc, f":{int(number)}"


def _errors_beside(events: Path):
    """Where a stand-in's stderr goes: beside its event log (``wait_for``
    quotes its last line when the stand-in ends before it is ready)."""
    return open(events.with_suffix(".err"), "ab")


def start_enlight(events: Path, *args: str) -> subprocess.Popen:
    with _errors_beside(events) as err:
        return subprocess.Popen([sys.executable, "-m", "puzzlebot.sim.lights.enlight", "--events", str(events), *args],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)


def start_page(module: str, events: Path, port: int, *args: str) -> subprocess.Popen:
    """A stand-in web game's server (``python -m MODULE``) on ``port``,
    logging its events to ``events``."""
    with _errors_beside(events) as err:
        return subprocess.Popen([sys.executable, "-m", module, "--port", str(port), "--events", str(events),
                                 *args], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err)


def start_tango_server(events: Path, port: int, *args: str) -> subprocess.Popen:
    return start_page("puzzlebot.sim.tango.page", events, port, *args)


def events(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def wait_for(path: Path, event: str, timeout: float = 30.0, proc: subprocess.Popen | None = None) -> dict:
    """The first ``event`` the stand-in logs in ``path``; an error when it
    does not come within ``timeout`` s, or when ``proc`` (the stand-in) ends
    first (quoting the last line it wrote to stderr: a bad option, say)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for e in events(path):
            if e.get("event") == event:
                return e
        if proc is not None and proc.poll() is not None:
            why = _last_said(path)
            if proc.returncode == 2:  # its own usage error: the options given were bad input
                raise InputError(f"the simulator refused its options before it was ready{why}")
            raise PuzzlebotError(f"the simulator ended (exit {proc.returncode}) before it was ready{why}")
        time.sleep(0.05)
    raise PuzzlebotError(f"the simulator did not report {event!r} within {timeout:.0f} s{_last_said(path)}")


def _last_said(events_path: Path) -> str:
    """The last line the stand-in wrote to its stderr, as ': LINE' (its log
    folder is gone when the command ends), or nothing."""
    err = events_path.with_suffix(".err")
    lines = err.read_text(errors="replace").strip().splitlines() if err.exists() else []
    return f": {lines[-1][:200]}" if lines else ""


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
