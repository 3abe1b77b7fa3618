"""The Tango generator: unique, deducible, in band, LinkedIn-like, reproducible."""

from __future__ import annotations

import json

import pytest

from bench.oracles import z3_tango_count
from bench.tango_baselines import backtrack_count
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.tango.board import board_from_json, parse_tango
from puzzlebot.solvers.tango.generate import clue_range, generate, parse_band
from puzzlebot.solvers.tango.rules import check_solution
from puzzlebot.solvers.tango.solve import solve

from .helpers import run_cli


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 14])
def test_every_size_gives_unique_deducible_puzzles(n):
    for g in generate(n, 3 if n <= 10 else 1, seed=n):
        ans = solve(g.puzzle, explain=True)
        assert ans.deduced and ans.solution.cells == g.solution
        assert not check_solution(ans.solution, g.puzzle)
        assert ans.score == g.score
        lo, hi = clue_range(n)
        assert lo <= g.puzzle.count_clues() <= hi


def test_6x6_uniqueness_by_independent_solvers():
    for g in generate(6, 5, seed=11):
        assert backtrack_count(g.puzzle, limit=2)[0] == 1
        assert z3_tango_count(6, g.puzzle.cells, [e.as_list() for e in g.puzzle.edges], limit=2) == 1


def test_mix_of_givens_and_signs_like_linkedin():
    gs = generate(6, 40, seed=5)
    givens = sum(sum(map(sum, g.puzzle.locked)) for g in gs)
    signs = sum(len(g.puzzle.edges) for g in gs)
    assert 0.3 < givens / (givens + signs) < 0.7


@pytest.mark.parametrize("band", ["easy", "medium", "hard", "expert", "20-24"])
def test_difficulty_band_is_respected(band):
    lo, hi = parse_band(band, 6)
    for g in generate(6, 4, parse_band(band, 6), seed=3):
        assert lo <= g.score <= hi


def test_reproducible_with_a_seed():
    a = [g.to_json() for g in generate(6, 3, seed=42)]
    b = [g.to_json() for g in generate(6, 3, seed=42)]
    c = [g.to_json() for g in generate(6, 3, seed=43)]
    assert a == b and a != c


def test_bad_arguments():
    with pytest.raises(InputError, match="even"):
        generate(7, 1)
    with pytest.raises(InputError, match="4 to 14"):
        generate(16, 1)
    with pytest.raises(InputError, match="difficulty"):
        parse_band("impossible")


def test_cli_text_and_json_parse_back():
    r = run_cli("generate", "tango", "--size", "6", "--count", "2", "--seed", "9")
    assert r.returncode == 0, r.stderr
    puzzles = r.stdout.strip().split("\n\n")
    assert len(puzzles) == 2
    for text in puzzles:
        assert solve(parse_tango(text)).deduced
    r = run_cli("generate", "tango", "--size", "8", "--format", "json", "--seed", "9")
    data = json.loads(r.stdout)
    assert solve(board_from_json(data)).solution.cells == board_from_json(
        {"rows": data["solution"], "edges": []}).cells
    r = run_cli("generate", "tango", "--size", "5")
    assert r.returncode == 2 and "even" in r.stderr
