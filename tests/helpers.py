"""Test helpers: the project root, ../shared data, and running the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = SHARED / "data"


def shared_path(*parts: str) -> Path:
    """A path under ../shared/data, or skip the test where it is absent."""
    p = DATA.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"{p} is absent: the real data lives in ../shared/data (a developer/CI checkout)")
    return p


def run_cli(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``puzzlebot ARGS`` as a user would (a fresh process)."""
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )
