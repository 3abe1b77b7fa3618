"""Switches (seed 001): the seed's example, input errors with line numbers,
and a cross-check against z3 on random graphs."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.oracles import z3_switches
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.switches import SwitchesPuzzle, check_answer, parse_switches, solve_switches

from .helpers import ROOT, run_cli

SEED_EXAMPLE = ROOT / "fixtures" / "switches" / "seed001.txt"


def test_seed_example_prints_the_seed_answer():
    r = run_cli("solve", "switches", str(SEED_EXAMPLE))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "a b e f g i j k\n"


def test_no_solution_prints_exactly_that_and_says_why():
    r = run_cli("solve", "switches", "-", stdin="a b c\na\na b\nb c\na c\n")
    assert r.stdout == "No solution\n"
    assert r.returncode == 3
    assert "even number" in r.stderr and "Traceback" not in r.stderr


def test_count_option():
    # a 4-cycle: pressing all four flips every light twice (quiet), so 2 answers
    r = run_cli("solve", "switches", "-", "--count", stdin="a b c d\na b\na b\nb c\nc d\nd a\n")
    assert r.returncode == 0
    line, count = r.stdout.splitlines()
    assert count.startswith("solutions: ")
    p = parse_switches("a b c d\na b\na b\nb c\nc d\nd a\n")
    assert int(count.split()[1]) == len(brute_force(p))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty file"),
        ("   \n\n", "empty file"),
        ("a b a\n\n", "line 1: node 'a' is listed twice"),
        ("a b\n", "line 2 is missing"),
        ("a b\nc\n", "line 2: 'c' is not a node"),
        ("a b\na a\n", "line 2: 'a' is listed twice"),
        ("a b c\na\na b\nb q\n", "line 4: 'q' is not a node"),
        ("a b c\na\na\n", "line 3: an edge needs exactly two node names, got 1"),
        ("a b c\na\na b c\n", "line 3: an edge needs exactly two node names, got 3"),
        ("a b\na\nb b\n", "line 3: an edge from 'b' to itself"),
    ],
)
def test_bad_input_names_the_line(text, message):
    with pytest.raises(InputError) as err:
        parse_switches(text, "puzzle.txt")
    assert message in str(err.value)
    assert str(err.value).startswith("puzzle.txt: ")
    r = run_cli("solve", "switches", "-", stdin=text)
    assert r.returncode == 2 and message in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def brute_force(p: SwitchesPuzzle) -> list[list[str]]:
    names = sorted(p.names)
    return [
        list(c)
        for k in range(len(names) + 1)
        for c in combinations(names, k)
        if check_answer(p, list(c))
    ]


@st.composite
def graphs(draw, max_nodes=9):
    n = draw(st.integers(1, max_nodes))
    names = [f"v{i}" for i in range(n)]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    flip = draw(st.lists(st.sampled_from(names), unique=True))
    return SwitchesPuzzle(names, flip, edges)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=graphs())
def test_small_graphs_fewest_presses_and_tie_break_match_brute_force(p):
    answers = brute_force(p)
    if not answers:
        with pytest.raises(Exception, match="no solution"):
            solve_switches(p)
        return
    ans = solve_switches(p)
    assert ans.solutions == len(answers)
    fewest = min(len(a) for a in answers)
    assert ans.press == min(a for a in answers if len(a) == fewest)  # sorted-order tie-break


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=graphs(max_nodes=60))
def test_random_graphs_agree_with_z3(p):
    status, z3_press = z3_switches(p.names, p.flip, p.edges)
    try:
        ans = solve_switches(p)
    except Exception as e:
        assert "no solution" in str(e)
        assert status == "unsat"
        return
    assert status == "sat"
    assert check_answer(p, ans.press)  # satisfies every XOR equation
    assert check_answer(p, z3_press)
    assert len(ans.press) <= len(z3_press) or not ans.minimal
