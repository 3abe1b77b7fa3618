"""Mini Sudoku's solver, formats, checker, hints and generator, against an
independent oracle (OR-Tools CP-SAT with AllDifferent constraints) and a
checker written here from the rules."""

from __future__ import annotations

import json
import random

import pytest

from bench.oracles import ortools_sudoku
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.sudoku import (BOXES, SudokuPuzzle, explain, generate, grade, hint, make_puzzle,
                                      parse_sudoku, parse_sudoku_many, solve, violations)

from .helpers import ROOT, run_cli


def obeys_rules(n: int, grid: list[list[int]]) -> bool:
    """Independent of the solver: every row, column and box is 1..n."""
    br, bc = BOXES[n]
    want = set(range(1, n + 1))
    units = [grid[r] for r in range(n)] + [[grid[r][c] for r in range(n)] for c in range(n)]
    units += [[grid[r][c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc)]
              for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return all(set(u) == want and len(u) == n for u in units)


def random_givens(n: int, rng: random.Random) -> list[list[int]]:
    """Some cells of a valid grid (one answer or many), or digits dropped
    anywhere (often none)."""
    if rng.random() < 0.7:
        full = solve(SudokuPuzzle(n, [[0] * n for _ in range(n)]), limit=1).grid
        perm = list(range(1, n + 1))
        rng.shuffle(perm)
        keep = rng.uniform(0.15, 0.6)
        return [[perm[v - 1] if rng.random() < keep else 0 for v in row] for row in full]
    return [[rng.randint(1, n) if rng.random() < 0.2 else 0 for _ in range(n)] for _ in range(n)]


@pytest.mark.parametrize("n", [4, 6, 9])
def test_counts_and_grids_agree_with_cp_sat(n):
    rng = random.Random(n)
    for _ in range(40 if n < 9 else 12):
        givens = random_givens(n, rng)
        ans = solve(SudokuPuzzle(n, givens), limit=2)
        count, _, complete = ortools_sudoku(givens, BOXES[n], limit=2)
        assert complete
        assert ans.count == count, givens
        if ans.grid:
            assert obeys_rules(n, ans.grid)
            assert all(g in (0, v) for gr, row in zip(givens, ans.grid) for g, v in zip(gr, row))


def test_checker_names_each_broken_rule():
    p = parse_sudoku("12....\n1.....\n......\n......\n......\n......\n")
    broken = violations(p, p.givens, whole=False)
    assert any("column 1" in b for b in broken) and any("box" in b for b in broken), broken
    grid = solve(parse_sudoku((ROOT / "examples/sudoku.txt").read_text())).grid
    assert violations(p, grid) and obeys_rules(6, grid)
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
    assert not obeys_rules(6, grid) and violations(SudokuPuzzle(6, [[0] * 6 for _ in range(6)]), grid)


def test_formats_round_trip_and_entries_are_kept_apart():
    p = generate(6, 11)
    again = parse_sudoku(json.dumps(p.to_json()))
    assert again.givens == p.givens
    assert parse_sudoku(p.to_text()).givens == p.givens
    grid = solve(p).grid
    empty = [(r, c) for r in range(6) for c in range(6) if not p.givens[r][c]]
    entries = [[0] * 6 for _ in range(6)]
    entries[empty[0][0]][empty[0][1]] = grid[empty[0][0]][empty[0][1]]
    q = make_puzzle(p.to_json()["givens"], ["".join(str(v) if v else "." for v in row) for row in entries])
    for back in (parse_sudoku(q.to_text()), parse_sudoku(json.dumps(q.to_json()))):
        assert back.givens == p.givens and back.entries == entries
    for n in (4, 9):
        g = generate(n, 3)
        assert parse_sudoku(g.to_text()).givens == g.givens and solve(g).count == 1


@pytest.mark.parametrize("text, words", [
    ("", "no board"),
    ("12345\n" * 5, "4x4, 6x6 or 9x9"),
    ("123456\n" * 5 + "12345\n", "row 6 has 5 cells"),
    ("12345x\n" + "......\n" * 5, "holds 'x'"),
    ("1234567\n" + ".......\n" * 6, "4x4, 6x6 or 9x9"),
    ('{"game": "zip", "givens": []}', "not Sudoku"),
    ('{"givens": ["1..."]}', "4x4, 6x6 or 9x9"),
    ('{"givens": "1...", "size": [4, 4]}', "list of strings"),
    ('{"givens": ["1...", "....", "....", "...."], "size": [6, 6]}', "size"),
    ('{"givens": ["1...", "....", "....", "...."], "entries": ["2...", "....", "....", "...."]}',
     "a given and an entry"),
    ("1...\n....\n....\n....\n\n....\n....\n....\n....\n\n....\n", "blank line"),
])
def test_bad_files_are_refused_naming_the_fault(text, words):
    with pytest.raises(InputError, match=words):
        parse_sudoku(text, "f.txt")


def test_generated_puzzles_are_unique_graded_and_reproducible():
    for seed in range(6):
        p = generate(6, seed)
        assert generate(6, seed).givens == p.givens
        count, _, _ = ortools_sudoku(p.givens, (2, 3))
        assert count == 1
    for level in ("easy", "medium"):
        p = generate(6, 5, level)
        assert grade(p) == level
        ex = explain(p)
        assert ex.deduced and (ex.hardest == "naked single") == (level == "easy")


def test_explain_and_hints_follow_the_solution_in_words():
    p = generate(6, 9, "medium")
    full = solve(p).grid
    ex = explain(p)
    for s in ex.steps:
        assert full[s.cell[0]][s.cell[1]] == s.digit
        assert s.rule in ("naked single", "hidden single") and s.because
    h = hint(p)
    assert h.step == ex.steps[0]
    assert f"r{h.step.cell[0] + 1}c{h.step.cell[1] + 1} = {h.step.digit}" in h.level(3)
    assert "rule" in h.level(2) and "look at" in h.level(1)
    # a wrong entry is named before any step
    r, c = next((r, c) for r in range(6) for c in range(6) if not p.givens[r][c])
    wrong = next(d for d in range(1, 7) if d != full[r][c])
    entries = [[0] * 6 for _ in range(6)]
    entries[r][c] = wrong
    assert f"r{r + 1}c{c + 1} holds {wrong}" in hint(SudokuPuzzle(6, p.givens, entries)).level(1)
    assert hint(SudokuPuzzle(6, full)).solved


def test_cli_solve_generate_round_trip(tmp_path):
    out = run_cli("generate", "sudoku", "--count", "3", "--seed", "4", "--difficulty", "medium")
    assert out.returncode == 0, out.stderr
    f = tmp_path / "three.txt"
    f.write_text(out.stdout)
    puzzles = parse_sudoku_many(out.stdout)
    assert len(puzzles) == 3
    res = run_cli("solve", "sudoku", str(f), "--json")
    assert res.returncode == 0, res.stderr
    answers = [json.loads(ln) for ln in res.stdout.splitlines() if ln.startswith("{")]
    assert len(answers) == 3
    for (_, p), a in zip(puzzles, answers):
        grid = [[int(ch) for ch in row] for row in a["grid"]]
        assert obeys_rules(6, grid) and a["solutions"] == 1
        assert all(g in (0, v) for gr, row in zip(p.givens, grid) for g, v in zip(gr, row))
    bad = tmp_path / "bad.txt"
    bad.write_text("11....\n" + "......\n" * 5)
    res = run_cli("solve", "sudoku", str(bad))
    assert res.returncode != 0 and "Traceback" not in res.stderr and "no solution" in res.stderr
