"""Lights Out: answers checked by simulating the rules, counts and minima
checked by brute force, the 10x10 answer against the seed's own search."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.seed_dfs import seed_solve
from puzzlebot.solvers.lights.solve import (
    NEIGHBOURHOODS,
    LightsRules,
    NoSolution,
    apply_presses,
    quiet_patterns,
    solve,
)


def brute_force(board: np.ndarray, rules: LightsRules) -> list[np.ndarray]:
    """Every press pattern that clears the board (tiny boards only)."""
    out = []
    for flat in product(range(rules.states), repeat=rules.cells):
        presses = np.array(flat, dtype=np.int64).reshape(board.shape)
        if not apply_presses(board, presses, rules).any():
            out.append(presses)
    return out


def solvable(rules: LightsRules, rng) -> np.ndarray:
    blank = np.zeros((rules.rows, rules.cols), dtype=np.int64)
    return apply_presses(blank, rng.integers(0, rules.states, blank.shape), rules)


def test_10x10_every_board_has_exactly_one_answer_the_seed_search_agrees():
    rules = LightsRules(10, 10)
    assert quiet_patterns(rules).shape[0] == 0
    rng = np.random.default_rng(10)
    for _ in range(5):
        board = rng.integers(0, 2, (10, 10))  # any board: nullity 0
        ans = solve(board, rules)
        assert ans.solutions == 1 and ans.minimal
        assert not apply_presses(board, ans.presses, rules).any()
        seed, calls = seed_solve(board)
        assert calls == 93_183
        assert np.array_equal(seed, ans.presses)


@pytest.mark.parametrize("n, nullity", [(4, 4), (5, 2)])
def test_4x4_and_5x5_have_quiet_patterns(n, nullity):
    rules = LightsRules(n, n)
    quiet = quiet_patterns(rules)
    assert quiet.shape[0] == nullity
    for q in quiet:  # pressing a quiet pattern changes nothing
        assert q.any() and not apply_presses(np.zeros((n, n), int), q, rules).any()
    rng = np.random.default_rng(n)
    board = solvable(rules, rng)
    ans = solve(board, rules)
    assert ans.solutions == 2**nullity
    assert not apply_presses(board, ans.presses, rules).any()


@pytest.mark.slow
def test_4x4_count_and_fewest_presses_match_brute_force():
    rules = LightsRules(4, 4)
    rng = np.random.default_rng(4)
    for _ in range(3):
        board = solvable(rules, rng)
        all_answers = brute_force(board, rules)
        ans = solve(board, rules)
        assert ans.solutions == len(all_answers) == 16
        assert ans.minimal and ans.total == min(int(a.sum()) for a in all_answers)


def test_5x5_unsolvable_board_is_explained_by_a_quiet_pattern():
    rules = LightsRules(5, 5)
    board = np.zeros((5, 5), dtype=np.int64)
    board[0, 0] = 1  # a lone corner is not solvable at 5x5
    with pytest.raises(NoSolution) as err:
        solve(board, rules)
    e = err.value
    q = e.pattern
    assert np.count_nonzero(q & board) % 2 == 1
    assert not apply_presses(np.zeros((5, 5), int), q, rules).any()  # it is quiet
    assert "odd" in str(e) and "quiet pattern" in str(e)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(1, 3),
    cols=st.integers(1, 3),
    torus=st.booleans(),
    nb=st.sampled_from(sorted(NEIGHBOURHOODS)),
    k=st.sampled_from([2, 3]),
    seed=st.integers(0, 2**32 - 1),
)
@pytest.mark.slow
def test_variants_against_brute_force(rows, cols, torus, nb, k, seed):
    rules = LightsRules(rows, cols, torus=torus, neighbourhood=NEIGHBOURHOODS[nb], states=k)
    board = np.random.default_rng(seed).integers(0, k, (rows, cols))
    answers = brute_force(board, rules)
    if not answers:
        with pytest.raises(NoSolution) as err:
            solve(board, rules)
        pattern = err.value.pattern
        # the proof: no single press changes the weighted sum, the board's is non-zero
        assert int((pattern * board).sum()) % k != 0
        for r in range(rows):
            for c in range(cols):
                one = np.zeros((rows, cols), dtype=np.int64)
                one[r, c] = 1
                assert int((pattern * apply_presses(np.zeros_like(one), one, rules)).sum()) % k == 0
        return
    ans = solve(board, rules)
    assert ans.solutions == len(answers)
    assert not apply_presses(board, ans.presses, rules).any()
    assert ans.minimal and ans.total == min(int(a.sum()) for a in answers)


@pytest.mark.slow
def test_custom_neighbourhood_and_non_square():
    rules = LightsRules(3, 5, neighbourhood=((0, 0), (0, 1), (1, 0)))  # not symmetric
    rng = np.random.default_rng(3)
    for _ in range(5):
        board = rng.integers(0, 2, (3, 5))
        answers = brute_force(board, rules)
        if answers:
            ans = solve(board, rules)
            assert not apply_presses(board, ans.presses, rules).any()
            assert ans.total == min(int(a.sum()) for a in answers)
        else:
            with pytest.raises(NoSolution):
                solve(board, rules)


@pytest.mark.parametrize("n", [33, 200])
def test_large_boards_are_cleared(n):
    rules = LightsRules(n, n)
    board = solvable(rules, np.random.default_rng(n))
    ans = solve(board, rules)
    assert not apply_presses(board, ans.presses, rules).any()


def test_bad_rules_are_input_errors():
    from puzzlebot.solvers.errors import InputError

    with pytest.raises(InputError, match="prime"):
        LightsRules(3, 3, states=4)
    with pytest.raises(InputError, match="at least 1x1"):
        LightsRules(0, 3)
    with pytest.raises(InputError, match="0..1"):
        solve(np.array([[0, 2]]), LightsRules(1, 2))
