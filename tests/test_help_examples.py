"""Every example in every ``--help`` runs as written.

The examples are collected from the parsers themselves (every command and
game), run by a shell from a folder that sees the project's ``examples/``
and ``fixtures/`` (so the files they write land in a temporary folder),
and must exit 0, or with the status their comment names ("exit 4: ...").
The screen commands (run, calibrate, demo) run on a virtual screen with the
Enlight simulator and the Tango page open, as a user would have them."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import stat
import subprocess
import sys

import pytest

from puzzlebot.bot.cli import build_parser

from .helpers import ROOT

SCREEN = ("run", "calibrate", "coach", "demo")
OPEN_UNTIL_CTRL_C = ("sim",)  # opens a window and keeps it open until interrupted


def _parsers(parser: argparse.ArgumentParser):
    parser.built()  # each command's GAME parsers wait until used
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def examples() -> list[str]:
    """Each distinct example line, in the order the help texts give them."""
    seen: dict[str, None] = {}
    for p in _parsers(build_parser()):
        for text in (p.epilog or "", p.description or ""):
            for line in text.splitlines():
                m = re.match(r"^\s+(puzzlebot \S.*)$", line)
                if m:
                    seen.setdefault(m.group(1).strip(), None)
    return list(seen)


def expected_status(example: str) -> int:
    m = re.search(r"#\s*exit (\d+):", example)
    return int(m.group(1)) if m else 0


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    """A folder holding links to the project's examples/ and fixtures/ and
    a ``puzzlebot`` command on PATH, with HOME inside it; shared by the
    examples in the order the help gives them (one may read what the one
    before it wrote, as 'generate ... > puzzles.jsonl' then 'solve')."""
    tmp_path = tmp_path_factory.mktemp("examples")
    for name in ("examples", "fixtures"):
        (tmp_path / name).symlink_to(ROOT / name)
    bindir = tmp_path / "bin"
    bindir.mkdir()
    exe = bindir / "puzzlebot"
    exe.write_text(f"#!/bin/sh\nPYTHONPATH={ROOT} exec {sys.executable} -m puzzlebot.bot.cli \"$@\"\n")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH=f"{bindir}:{os.environ['PATH']}", HOME=str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path, env


def run_example(example: str, cwd, env, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", example], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def test_every_help_has_examples_that_name_real_files():
    found = examples()
    assert len(found) >= 20
    for ex in found:
        for word in re.findall(r"\b(?:examples|fixtures)/\S+", ex):
            assert (ROOT / word).exists(), f"{ex!r} names {word}, which does not exist"


@pytest.mark.parametrize("example", [e for e in examples() if e.split()[1] not in SCREEN + OPEN_UNTIL_CTRL_C])
@pytest.mark.slow
def test_offline_example_runs_as_written(example, sandbox):
    folder, env = sandbox
    r = run_example(example, folder, env)
    assert r.returncode == expected_status(example), f"{example}\nexit {r.returncode}\n{r.stderr}{r.stdout[-500:]}"
    assert "Traceback" not in r.stderr


@pytest.mark.display
def test_screen_examples_run_as_written(xvfb, sandbox):
    """run, calibrate and coach with each game's stand-in open on its own
    (our simulator from the registry; calibrations first, then the dry run,
    the coach, then the runs; the game must then say it is solved), then
    the demo."""
    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    from puzzlebot.bot import games

    folder, env = sandbox
    env["DISPLAY"] = xvfb
    screen = [e for e in examples() if e.split()[1] in SCREEN]
    order = {"calibrate": 0, "coach": 1.5, "run": 2, "demo": 3}  # the coach watches a board not solved yet
    screen.sort(key=lambda e: order[e.split()[1]] - ("--dry-run" in e))
    defaults = build_parser().parse_args(["demo"])
    old = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = xvfb
    try:
        for game in games.able("run"):
            mine = [e for e in screen if not e.startswith("puzzlebot demo") and e.split()[2] in game.names]
            if not mine:
                continue
            stand = game.stand_in.open(folder, defaults)
            try:
                for ex in mine:
                    r = run_example(ex, folder, env)
                    assert r.returncode == expected_status(ex), f"{ex}\nexit {r.returncode}\n{r.stderr}{r.stdout[-500:]}"
                if any(e.split()[1] == "run" and "--dry-run" not in e for e in mine):
                    assert stand.solved(5), f"{stand.label}: the examples ran but the game is not solved"
            finally:
                stand.close()
    finally:
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old
    for ex in [e for e in screen if e.startswith("puzzlebot demo")]:
        r = run_example(ex, folder, env)
        assert r.returncode == expected_status(ex), f"{ex}\nexit {r.returncode}\n{r.stderr}{r.stdout[-500:]}"
        # every game of the demo solved by the game's own word, its screenshots saved where the example says
        out = folder / re.search(r"--out (\S+)", ex).group(1) if "--out" in ex else folder / "demo-out"
        solved = re.findall(r"^(.+): solved\. ", r.stdout, re.M)
        assert len(solved) == len(games.able("demo")), r.stdout
        shots = sorted(p.name for p in out.glob("*_after.png"))
        assert len(shots) == len(solved) and all((out / s).stat().st_size > 1000 for s in shots), shots


@pytest.mark.display
@pytest.mark.browser
def test_sim_examples_open_and_close_as_written(xvfb, sandbox):
    """Each 'puzzlebot sim' example opens its stand-in (it says where), and
    Ctrl-C closes it with status 0."""
    import signal
    import time

    if shutil.which("chromium") is None:
        pytest.skip("Chromium is not installed (make test installs it)")
    folder, env = sandbox
    env = dict(env, DISPLAY=xvfb)
    for ex in [e for e in examples() if e.split()[1] in OPEN_UNTIL_CTRL_C]:
        proc = subprocess.Popen(["bash", "-c", ex], cwd=folder, env=env, text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        try:
            end, out = time.monotonic() + 90, ""
            while "Ctrl-C closes it" not in out and time.monotonic() < end and proc.poll() is None:
                out += proc.stdout.readline()
            why = proc.stderr.read() if proc.poll() is not None else ""
            assert "open at" in out and "Ctrl-C closes it" in out, f"{ex}\n{out}{why}"
            os.killpg(proc.pid, signal.SIGINT)
            rest, err = proc.communicate(timeout=30)
            assert proc.returncode == 0 and "closed" in rest, f"{ex}\nexit {proc.returncode}\n{err}"
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
