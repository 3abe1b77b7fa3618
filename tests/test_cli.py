"""The command line as a user meets it: help texts, one-line errors, exit codes."""

from __future__ import annotations

import pytest

from .helpers import run_cli

COMMANDS = [
    ["solve", "lights"], ["solve", "switches"], ["solve", "tango"], ["solve", "ripple"],
    ["generate", "tango"], ["detect", "lights"], ["detect", "tango"], ["hint", "lights"],
    ["run"], ["calibrate"], ["demo"],
]


def test_top_level_help_lists_commands():
    r = run_cli("--help")
    assert r.returncode == 0
    for cmd in ("solve", "generate", "detect", "hint", "run", "calibrate", "demo"):
        assert cmd in r.stdout


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: " ".join(c))
def test_every_command_help_has_an_example(cmd):
    r = run_cli(*cmd, "--help")
    assert r.returncode == 0
    assert "example" in r.stdout.lower()
    assert "puzzlebot " + cmd[0] in r.stdout


def test_missing_file_is_one_line():
    r = run_cli("solve", "lights", "no/such/board.txt")
    assert r.returncode == 2
    assert r.stderr.strip() == "puzzlebot: no/such/board.txt: no such file"


def test_usage_error_points_to_help():
    r = run_cli("solve")
    assert r.returncode == 2 and "--help" in r.stderr and "Traceback" not in r.stderr


def test_one_games_run_option_is_refused_for_another_before_the_screen():
    r = run_cli("run", "tango", "--goal", "lit", "--dry-run")
    assert r.returncode == 2 and r.stderr.strip() == "puzzlebot: --goal is an option of lights, not of tango"
    r = run_cli("run", "lights", "--goal", "on")
    assert r.returncode == 2 and "invalid choice: 'on'" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty file"),
        ("#.#\n##\n", "row 2 has 2 cells, row 1 has 3"),
        ("#x#\n", "row 1, column 2: unexpected 'x'"),
        ('{"rows": [1, 2]}', "'rows' must be a list of strings"),
        ('{"rows": ["#."], ', "invalid JSON at line 1"),
        ('{"game": "tango", "rows": ["S."]}', "not a Lights Out board"),
    ],
)
def test_malformed_lights_files(text, message):
    r = run_cli("solve", "lights", "-", stdin=text)
    assert r.returncode == 2, r.stdout
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_lights_hint_marks_exactly_the_answer():
    board = "#.#\n.#.\n#.#\n"  # pressing all nine cells clears it (and only that)
    r = run_cli("solve", "lights", "-", "--hint", stdin=board)
    assert r.returncode == 0
    grid = r.stdout.splitlines()[:3]
    assert grid == ["[#][.][#]", "[.][#][.]", "[#][.][#]"]


def test_lights_json_and_k_states():
    r = run_cli("solve", "lights", "-", "--json", stdin='{"rows": ["12", "00"], "states": 3}')
    assert r.returncode == 0, r.stderr
    import json

    import numpy as np

    from puzzlebot.solvers.lights.solve import LightsRules, apply_presses

    out = json.loads(r.stdout)
    presses = np.zeros((2, 2), dtype=np.int64)
    for rr, cc in out["presses"]:
        presses[rr, cc] += 1
    board = np.array([[1, 2], [0, 0]])
    assert not apply_presses(board, presses, LightsRules(2, 2, states=3)).any()


def test_lights_unsolvable_says_why():
    r = run_cli("solve", "lights", "-", stdin="#....\n.....\n.....\n.....\n.....\n")
    assert r.returncode == 3
    assert "no solution" in r.stderr and "quiet pattern" in r.stderr


def test_lights_explain_answers_the_seed_questions():
    r = run_cli("solve", "lights", "-", "--explain", stdin="\n".join(["....."] * 5))
    assert r.returncode == 0
    for q in ("Is the answer unique?", "Why do some boards have no answer?",
              "Which single-light boards can be solved?", "nullity 2"):
        assert q in r.stdout

