"""The Tango solver on the 501 real puzzles, against z3 and plain
backtracking, and its explanations and hints."""

from __future__ import annotations

import datetime
import json
import random
import statistics

import pytest

from bench.oracles import z3_tango_count
from bench.tango_baselines import backtrack_count
from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN, SYMBOL, TangoBoard, board_from_json, parse_tango
from puzzlebot.solvers.tango.engine import Explainer, difficulty
from puzzlebot.solvers.tango.rules import check_solution
from puzzlebot.solvers.tango.search import count_solutions
from puzzlebot.solvers.tango.solve import NoTangoSolution, hint, solve

from .helpers import run_cli, shared_path


@pytest.fixture(scope="module")
def real_puzzles():
    path = shared_path("tango", "puzzles.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def rows(cells):
    return ["".join(SYMBOL[v] for v in r) for r in cells]


def test_every_real_puzzle_is_deduced_to_its_known_unique_solution(real_puzzles):
    assert len(real_puzzles) == 501
    for p in real_puzzles:
        board = board_from_json(p, f"puzzle {p['puzzle_no']}")
        ans = solve(board, explain=True)
        assert ans.deduced, p["puzzle_no"]  # deduction alone, no search
        assert rows(ans.solution.cells) == p["solution"], p["puzzle_no"]
        assert not check_solution(ans.solution, board)  # the independent rule checker
        assert count_solutions(board, limit=2).count == 1
        # every explained step is sound: it names the solution's value
        for st in ans.steps:
            assert p["solution"][st.cell[0]][st.cell[1]] == SYMBOL[st.value]


def test_plain_backtracking_agrees_on_real_puzzles(real_puzzles):
    for p in real_puzzles[::10]:
        count, sol = backtrack_count(board_from_json(p), limit=2)
        assert count == 1 and rows(sol) == p["solution"]


def test_difficulty_rises_from_monday_to_sunday(real_puzzles):
    by_day: dict[int, list[int]] = {}
    for p in real_puzzles:
        ex = Explainer(board_from_json(p))
        assert ex.run()
        by_day.setdefault(datetime.date.fromisoformat(p["date"]).weekday(), []).append(difficulty(ex.steps))
    means = [statistics.mean(by_day[d]) for d in range(7)]
    assert means[0] < means[3] < means[5]  # Monday < Thursday < Saturday
    assert min(means[5], means[6]) > max(means[0], means[1]) + 5  # weekend clearly harder


def random_board(n: int, rng: random.Random) -> TangoBoard | None:
    rows_ = [["."] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            if rng.random() < 0.15:
                rows_[r][c] = rng.choice("SM")
    edges = []
    for _ in range(rng.randint(0, n)):
        r, c = rng.randrange(n), rng.randrange(n - 1)
        edges.append([r, c, r, c + 1, rng.choice("=x")] if rng.random() < 0.5 else [c, r, c + 1, r, rng.choice("=x")])
    try:
        return TangoBoard.from_rows(["".join(r) for r in rows_], edges)
    except Exception:
        return None  # givens already broke a rule


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 6])
def test_solution_counts_agree_with_z3_on_random_boards(n):
    rng = random.Random(n)
    checked = 0
    while checked < 25:
        b = random_board(n, rng)
        if b is None:
            continue
        ours = count_solutions(b, limit=40).count
        theirs = z3_tango_count(n, b.cells, [e.as_list() for e in b.edges], limit=40)
        assert ours == theirs, b.to_text()
        if ours:
            ans = solve(b)
            assert not check_solution(ans.solution, b)
            assert (ans.solutions == 1) == (ours == 1)
        else:
            with pytest.raises(NoTangoSolution):
                solve(b)
        checked += 1


@pytest.mark.slow
def test_empty_boards_counts():
    assert count_solutions(TangoBoard.empty(4), limit=None).count == z3_tango_count(4, [[0] * 4] * 4, [], 1000)
    assert count_solutions(TangoBoard.empty(6), limit=None).count == backtrack_count(TangoBoard.empty(6), 10**6)[0]


def test_unsolvable_board_says_why():
    # rows 1 and 2 force column 1 to start S S, and the = below forces a third S
    b = parse_tango("S.....\nS.....\n......\n......\n......\n......\n1 0 2 0 =\n")
    with pytest.raises(NoTangoSolution) as err:
        solve(b)
    assert "no solution" in str(err.value)


def test_hint_levels_and_wrong_piece(real_puzzles):
    p = real_puzzles[0]
    b = board_from_json(p)
    h = hint(b)
    assert h.level(1).startswith("Look at ")
    assert h.level(2).startswith(h.level(1)[:-1])
    r, c = h.step.cell
    assert p["solution"][r][c] == SYMBOL[h.step.value]
    assert f"r{r + 1}c{c + 1} is a" in h.level(3)
    # place a wrong (unlocked) piece: the hint points at it
    wrong = b.copy()
    for rr in range(6):
        for cc in range(6):
            if wrong.cells[rr][cc] == EMPTY:
                truth = SUN if p["solution"][rr][cc] == "S" else MOON
                wrong.cells[rr][cc] = MOON if truth == SUN else SUN
                try:
                    h = hint(wrong)
                except Exception:
                    wrong.cells[rr][cc] = EMPTY
                    continue
                assert f"r{rr + 1}c{cc + 1} should be a" in h.level(3)
                return
    pytest.fail("no cell could take a wrong piece")


def test_cli_explain_and_hint(tmp_path, real_puzzles):
    f = tmp_path / "p.json"
    f.write_text(json.dumps(real_puzzles[5]))
    r = run_cli("solve", "tango", str(f), "--explain")
    assert r.returncode == 0, r.stderr
    assert "exactly one solution; solved by deduction alone, difficulty" in r.stdout
    assert "  1. [" in r.stdout
    r = run_cli("solve", "tango", str(f), "--hint", "3")
    assert r.returncode == 0 and " is a " in r.stdout
    r = run_cli("solve", "tango", str(f), "--json")
    assert json.loads(r.stdout)["solution"] == real_puzzles[5]["solution"]


def test_cli_reports_more_than_one_solution():
    r = run_cli("solve", "tango", "-", stdin="......\n" * 6)
    assert r.returncode == 0 and "more than one solution" in r.stdout


def by_the_rules(cells: list[list[int]], given: TangoBoard) -> bool:
    """Checked here, apart from the solver's own rules: every cell filled,
    half suns in each line, never three alike side by side, givens kept."""
    n = len(cells)
    lines = [list(r) for r in cells] + [[cells[r][c] for r in range(n)] for c in range(n)]
    return (all(v in (SUN, MOON) for line in lines for v in line)
            and all(line.count(SUN) * 2 == n for line in lines)
            and all(not line[i] == line[i + 1] == line[i + 2] for line in lines for i in range(n - 2))
            and all(cells[r][c] == given.cells[r][c] for r in range(n) for c in range(n) if given.cells[r][c] != EMPTY))


@pytest.mark.parametrize("n", [16, 20])
def test_boards_as_large_as_unruly_deals_are_solved(n):
    """Tatham's Unruly deals 16x16 and larger: a random full board with a
    share of its cells given is solved by the rules, the count (unique or
    not) agreeing with z3."""
    rng = random.Random(n)
    full = count_solutions(TangoBoard.empty(n), limit=1, rng=rng).solution
    for share in (0.6, 0.45):
        rows_ = ["".join(SYMBOL[v] if rng.random() < share else "." for v in row) for row in full]
        board = TangoBoard.from_rows(rows_)
        ans = solve(board)
        assert by_the_rules(ans.solution.cells, board)
        theirs = z3_tango_count(n, board.cells, [], limit=2)
        assert (ans.solutions == 1) == (theirs == 1)
