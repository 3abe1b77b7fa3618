"""Patches' solver, formats, checker, hints and generator, against our
Dancing Links over rectangles listed here by brute force, and OR-Tools
CP-SAT over a model of the rules alone."""

from __future__ import annotations

import json
import random

import pytest

from bench.oracles import ortools_patches
from puzzlebot.solvers.dlx import ExactCover
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.patches import (PatchesPuzzle, candidates, cells_of, fits, generate, hint, parse_patches,
                                       parse_patches_many, solve, violations)

from .helpers import run_cli


def brute_candidates(p: PatchesPuzzle) -> dict:
    """Every rectangle of the grid holding one clue and fitting it; a clue
    with no area shown gets no more cells than the other clues leave (their
    areas, one cell each where hidden)."""
    out = {clue: [] for clue in p.clues}
    for r in range(p.rows):
        for c in range(p.cols):
            for h in range(1, p.rows - r + 1):
                for w in range(1, p.cols - c + 1):
                    inside = [x for x in cells_of((r, c, h, w)) if x in p.clues]
                    if len(inside) == 1:
                        s, a = p.clues[inside[0]]
                        left = p.rows * p.cols - sum(1 if b is None else b for cell, (_, b) in p.clues.items()
                                                     if cell != inside[0])
                        if fits(s, h, w) and a in (None, h * w) and h * w <= left:
                            out[inside[0]].append((r, c, h, w))
    return {k: sorted(v) for k, v in out.items()}


def dlx_count(p: PatchesPuzzle, limit: int = 2) -> int:
    rects = [x for rs in brute_candidates(p).values() for x in rs]
    cells = [(r, c) for r in range(p.rows) for c in range(p.cols)]
    return ExactCover(cells, [cells_of(x) for x in rects]).count(limit=limit) if rects else 0


def random_puzzle(rng: random.Random) -> PatchesPuzzle:
    """A generated puzzle with some clues loosened (several answers), or
    clues dropped anywhere (mostly none)."""
    rows, cols = rng.randint(3, 6), rng.randint(3, 6)
    if rng.random() < 0.7:
        p, _ = generate(rows, cols, rng.randrange(10**6))
        for cell in list(p.clues):
            if rng.random() < 0.3:
                p.clues[cell] = ("any", None if rng.random() < 0.5 else p.clues[cell][1])
        return p
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(2, 6))
    clues = {cell: (rng.choice(("square", "wide", "tall", "any")), rng.choice((None, 2, 3, 4, 6)))
             for cell in cells}
    return PatchesPuzzle(rows, cols, clues)


def test_candidates_and_counts_agree_with_brute_force_and_dancing_links():
    rng = random.Random(5)
    several = 0
    for _ in range(120):
        p = random_puzzle(rng)
        assert {k: sorted(v) for k, v in candidates(p).items()} == brute_candidates(p)
        ans = solve(p, limit=2)
        assert ans.count == dlx_count(p)
        if ans.rects:
            assert not violations(p, ans.rects)
        several += ans.count > 1
    assert several >= 5  # boards with several answers were among them


def test_answers_agree_with_cp_sat_on_the_rules():
    rng = random.Random(9)
    for _ in range(6):
        p, _ = generate(rng.randint(4, 5), rng.randint(4, 5), rng.randrange(10**6))
        count, rects, complete = ortools_patches(p.rows, p.cols, p.clues)
        ans = solve(p)
        assert complete and count == ans.count == 1 and rects == ans.rects


def test_checker_names_each_broken_rule():
    p = parse_patches("S4 . .\n. . .\n. . T2\n")
    assert any("holds 2 clues" in v for v in violations(p, [(0, 0, 3, 3)]))
    assert any("covers 2 cells" in v for v in violations(p, [(0, 0, 1, 2)], whole=False))
    assert any("not square" in v for v in violations(p, [(0, 0, 1, 2)], whole=False))
    assert any("in no patch" in v for v in violations(p, [(0, 0, 2, 2)]))
    assert any("two patches" in v for v in violations(p, [(0, 0, 2, 2), (1, 1, 2, 1)], whole=False))


def test_formats_round_trip():
    p, sol = generate(7, 7, 3)
    assert parse_patches(p.to_text()).clues == p.clues
    assert parse_patches(json.dumps(p.to_json())).clues == p.clues
    p.rects = sol[:2]
    for again in (parse_patches(p.to_text()), parse_patches(json.dumps(p.to_json()))):
        assert again.clues == p.clues and again.rects == sol[:2]


@pytest.mark.parametrize("text, words", [
    ("", "no grid"),
    ("S4 .\n. . .\n", "row 2 has 3 cells"),
    ("X4 .\n. .\n", "not a clue"),
    ('{"game": "zip"}', "not Patches"),
    ('{"size": [3, 3], "clues": [[5, 0, "wide", 2]]}', "off the 3x3 grid"),
    ('{"size": [3, 3], "clues": [[0, 0, "round", 2]]}', "not one of"),
    ('{"size": [3, 3], "clues": [[0, 0, "wide", 0]]}', "area"),
    ('{"size": [1, 30], "clues": [[0, 0, "wide", 2]]}', "2 to 20"),
    ("S4 .\n. .\npatches:\nr1c1 2by2\n", "patch line"),
    ('{"size": [2, 2], "clues": [[0, 0, "any", 4]], "rects": [[0, 0, 3, 3]]}', "off the 2x2 grid"),
])
def test_bad_files_are_refused_naming_the_fault(text, words):
    with pytest.raises(InputError, match=words):
        parse_patches(text, "f.txt")


def test_generated_puzzles_are_unique_and_reproducible():
    for size in (4, 6, 8, 12):
        p, sol = generate(size, size, 21)
        again, _ = generate(size, size, 21)
        assert again.clues == p.clues
        ans = solve(p)
        assert ans.count == 1 and ans.rects == sol and not violations(p, sol)


def test_hints_give_a_patch_of_the_answer_with_a_reason():
    for seed in range(6):
        p, sol = generate(6, 6, seed)
        for _ in range(len(sol)):
            h = hint(p)
            if h.rect is None:
                break
            assert h.rect in sol and h.because and h.rule
            assert "look at the clue" in h.level(1) and "rule" in h.level(2) and "patch" in h.level(3)
            p.rects.append(h.rect)
        assert hint(p).solved or hint(p).rect is None
    p, sol = generate(6, 6, 1)
    r, c, h_, w = sol[0]
    p.rects = [(r, c, 1, 1)] if (h_, w) != (1, 1) else []
    if p.rects:
        assert "take it away" in hint(p).level(1)


def test_cli_solve_generate_round_trip(tmp_path):
    out = run_cli("generate", "patches", "--size", "6", "--count", "3", "--seed", "4")
    assert out.returncode == 0, out.stderr
    f = tmp_path / "three.txt"
    f.write_text(out.stdout)
    puzzles = parse_patches_many(out.stdout)
    assert len(puzzles) == 3
    res = run_cli("solve", "patches", str(f), "--json")
    assert res.returncode == 0, res.stderr
    answers = [json.loads(ln) for ln in res.stdout.splitlines() if ln.startswith("{")]
    for (_, p), a in zip(puzzles, answers):
        assert a["solutions"] == 1 and not violations(p, [tuple(x) for x in a["rects"]])
    bad = tmp_path / "bad.txt"
    bad.write_text("S4 S4\n. .\n")
    res = run_cli("solve", "patches", str(bad))
    assert res.returncode != 0 and "Traceback" not in res.stderr and "no solution" in res.stderr
