"""Ripple Effect: every real puzzle solved and counted, errors, views."""

from __future__ import annotations

import json

import pytest

from bench.oracles import ortools_ripple
from puzzlebot.bot.ripple_view import render, save_steps
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.ripple import make_puzzle, parse_ripple, reduction, solve, violations

from .helpers import run_cli, shared_path


@pytest.fixture(scope="module")
def real():
    path = shared_path("ripple", "puzzles.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.slow
def test_every_real_puzzle(real):
    assert len(real) == 48
    for d in real:
        p = parse_ripple(json.dumps(d), d["id"])
        ans = solve(p, limit=2)
        if d["unique"]:
            assert ans.count == 1, d["id"]
            assert ans.solution == d["solution"], d["id"]
        elif "NO SOLUTION" in d["notes"]:
            assert ans.count == 0, d["id"]
        else:
            assert ans.count == 2, d["id"]  # several solutions, as the notes say
        if ans.solution is not None:
            assert violations(p, ans.solution) == []


def test_seed_and_compact_reductions_agree(real):
    for d in real[::3]:
        p = parse_ripple(json.dumps(d))
        a, b = solve(p, kind="seed"), solve(p, kind="compact")
        assert (a.count, a.solution) == (b.count, b.solution)


@pytest.mark.slow
def test_counts_agree_with_ortools(real):
    for d in real[::4]:
        p = parse_ripple(json.dumps(d))
        count, grid, complete = ortools_ripple(d["rooms"], d["givens"], limit=2)
        assert complete and count == solve(p, limit=2).count


def test_checker_names_broken_rules():
    p = make_puzzle([[0, 0], [1, 1]], [[0, 0], [0, 0]])
    assert violations(p, [[1, 2], [2, 1]]) == []
    p = make_puzzle([[0, 0, 1], [2, 2, 1]], [[0, 0, 0], [0, 0, 0]])
    bad = violations(p, [[1, 1, 1], [2, 1, 2]])
    assert any("room 0" in v and "[1, 1]" in v for v in bad)
    assert any("two 1s at r1c1 and r1c2" in v for v in bad)
    assert any("two 2s at r2c1 and r2c3 have only 1 cells between them (need 2)" in v for v in bad)
    assert solve(p).count == 0


@pytest.mark.parametrize("text, message", [
    ("", "empty file"),
    ("{", "invalid JSON"),
    ('{"rooms": [[0, 0], [0]]}', "not rectangular"),
    ('{"rooms": [[0, 1, 0]]}', "room 0 is not connected"),
    ('{"rooms": [[0, 0]], "givens": [[3, 0]]}', "larger than its room"),
    ('{"rooms": [[0, 0]], "givens": [[0, 0], [0, 0]]}', "'givens' is 2x2 but 'rooms' is 1x2"),
    ('{"rooms": [[0, "a"]]}', "is not an integer"),
    ('{"game": "tango", "rooms": [[0]]}', "not Ripple Effect"),
])
def test_bad_input(text, message):
    with pytest.raises(InputError, match=message):
        parse_ripple(text, "r.json")
    r = run_cli("solve", "ripple", "-", stdin=text)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_render_draws_room_borders():
    p = make_puzzle([[0, 0], [1, 1]])
    assert render(p, [[1, 2], [2, 1]]).splitlines() == [
        "+---+---+",
        "| 1   2 |",
        "+---+---+",
        "| 2   1 |",
        "+---+---+",
    ]


def test_cli_count_and_no_solution(real):
    no = next(d for d in real if "NO SOLUTION" in d["notes"])
    r = run_cli("solve", "ripple", "-", "--count", stdin=json.dumps(no))
    assert r.returncode == 3 and r.stdout.strip() == "no solution"  # exit 3 as without --count, as every game
    r = run_cli("solve", "ripple", "-", stdin=json.dumps(no))
    assert r.returncode == 3 and "no solution" in r.stderr
    many = next(d for d in real if not d["unique"] and "NO SOLUTION" not in d["notes"])
    r = run_cli("solve", "ripple", "-", "--count", stdin=json.dumps(many))
    assert "more than one solution" in r.stdout


def test_steps_pictures(tmp_path, real):
    p = parse_ripple(json.dumps(real[1]))
    for name in ("s.gif", "s.png"):
        frames, steps = save_steps(p, str(tmp_path / name), max_frames=30)
        assert frames == min(30, steps) and (tmp_path / name).stat().st_size > 1000
    from PIL import Image

    assert Image.open(tmp_path / "s.gif").n_frames == 30


def test_animate_runs_and_timeout_cancels_cleanly(real):
    d = next(x for x in real if x["id"] == "penpa-Ripple-1")  # the longest search
    r = run_cli("solve", "ripple", "-", "--animate", "--speed", "0", "--timeout", "0.5", stdin=json.dumps(d))
    # a deadline is a failure to answer in time (exit 1), not an interrupt (130 is Ctrl-C's)
    assert r.returncode == 1 and "no answer within the time limit" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("solve", "ripple", "-", "--animate", "--speed", "0", stdin=json.dumps(real[1]))
    assert r.returncode == 0 and "\x1b[H" in r.stdout and r.stdout.rstrip().endswith("+")


def test_reduction_shape():
    p = make_puzzle([[0, 0]], [[0, 0]])
    ec, meaning = reduction(p, "seed")
    assert sorted(meaning) == [(0, 0, 1), (0, 0, 2), (0, 1, 1), (0, 1, 2)]
    assert ec.n_primary == 2 + 2  # two cells, room 0 values 1 and 2
