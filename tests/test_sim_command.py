"""``puzzlebot sim GAME``: a stand-in opened by hand, at the size asked,
played by ``run`` with the region it prints, the game's own word that it
is solved, and Ctrl-C closing it cleanly."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import ROOT, run_cli


def _start(*args: str, temp: Path) -> subprocess.Popen:
    """``puzzlebot sim ARGS`` with ``temp`` for its temporary folder."""
    return subprocess.Popen([sys.executable, "-m", "puzzlebot.bot.cli", "sim", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, TMPDIR=str(temp)))


def _line(proc: subprocess.Popen, pattern: str, timeout: float = 90) -> re.Match:
    """The first line of the command's output matching ``pattern``."""
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        seen.append(line)
        m = re.search(pattern, line)
        if m:
            return m
    proc.kill()
    pytest.fail(f"no line like {pattern!r}: {''.join(seen)}{proc.stderr.read()[-800:]}")


@pytest.mark.display
@pytest.mark.browser
@pytest.mark.parametrize("game, args, label", [
    ("tango", ["--size", "4", "--seed", "3", "--dark"], "Tango 4x4"),
    ("lights", ["--size", "5", "--seed", "2"], "Enlight 5x5"),
])
def test_sim_opens_at_the_size_asked_and_run_plays_it(xvfb, game, args, label):
    if game == "tango" and shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    import tempfile

    temp = Path(tempfile.mkdtemp(prefix="pb-"))  # short: Chromium's socket path there has a length limit
    proc = _start(game, *args, temp=temp)
    try:
        _line(proc, re.escape(label) + r".*: open at")
        region = _line(proc, r"puzzlebot run \w+ --region (\S+)").group(1)
        _line(proc, "Ctrl-C closes it")
        r = run_cli("run", game, "--region", region, timeout=180)
        assert r.returncode == 0, r.stderr[-1500:]
        _line(proc, re.escape(label) + r".*: solved \(the game says so\)", timeout=30)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0 and "closed" in out, (proc.returncode, out, err)
        assert sorted(os.listdir(temp)) == []  # its logs, the browser's profile and socket folder: gone
    finally:
        if proc.poll() is None:
            proc.kill()
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.display
@pytest.mark.browser
def test_sim_says_when_the_stand_in_refuses_its_options(xvfb):
    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    t = time.monotonic()
    r = run_cli("sim", "queens", "--size", "3", timeout=120)
    assert r.returncode == 2 and "refused its options" in r.stderr and "--size" in r.stderr, r.stderr
    assert time.monotonic() - t < 30  # said at once, not after the page's 60 s wait


def test_sim_checks_its_own_input(tmp_path):
    r = run_cli("sim", "zip", "--puzzle", str(tmp_path / "none.txt"))
    assert r.returncode == 2 and "no such file" in r.stderr
    r = run_cli("sim", "switches")
    assert r.returncode == 2 and "invalid choice" in r.stderr  # no stand-in: not offered


@pytest.mark.parametrize("module", ["tango", "queens", "zip", "sudoku", "patches"])
def test_a_stand_in_given_a_picture_for_its_puzzle_says_so(module, tmp_path):
    """A binary file as --puzzle is bad input named in one line (the page
    exits 2, which 'sim' reports as such), not a UnicodeDecodeError."""
    import argparse
    import importlib

    from puzzlebot.solvers.errors import InputError

    page = importlib.import_module(f"puzzlebot.sim.{module}.page")
    shot = tmp_path / "shot.png"
    shot.write_bytes((ROOT / "examples" / "tango.png").read_bytes())
    with pytest.raises(InputError, match="not a text file"):
        page.load_puzzle(argparse.Namespace(puzzle=str(shot), size=6, seed=1, path=None, walls=0))
