"""Zip's solver, formats, checker, hints and generator, against an
independent oracle (OR-Tools CP-SAT with a circuit constraint) and the real
LinkedIn puzzles of ../shared/data."""

from __future__ import annotations

import json
import random

import pytest

from bench.oracles import ortools_zip
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.zip.board import ZipPuzzle, make_puzzle, parse_zip, parse_zip_many, path_violations
from puzzlebot.solvers.zip.generate import generate
from puzzlebot.solvers.zip.hints import hint
from puzzlebot.solvers.zip.solve import solve

from .helpers import shared_path


def real_puzzles() -> list[tuple[str, ZipPuzzle]]:
    folder = shared_path("zip", "screens")
    labels = json.loads((folder / "labels.json").read_text())
    return [(e["file"], make_puzzle(*e["size"], e["numbers"], e["walls"])) for e in labels if e["kind"] != "no-board"]


def test_real_linkedin_puzzles_have_one_answer_that_obeys_the_rules():
    cases = real_puzzles()
    assert len(cases) == 10
    for name, p in cases:
        ans = solve(p)
        assert ans.count == 1, name
        assert path_violations(p, ans.path) == [], name
        count, path, complete = ortools_zip(p.rows, p.cols, p.numbers, p.walls)
        assert complete and count == 1 and path == ans.path, name


def random_puzzle(rng: random.Random) -> ZipPuzzle:
    """Numbers along a random path through every cell (one answer or more),
    or numbers dropped anywhere (mostly none); walls anywhere."""
    from puzzlebot.solvers.zip.generate import random_path

    rows, cols = rng.randint(4, 5), rng.randint(4, 5)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    if rng.random() < 0.6:
        path = random_path(rows, cols, rng)
        at = sorted({0, len(path) - 1} | set(rng.sample(range(1, len(path) - 1), rng.randint(0, 5))))
        numbered = [path[i] for i in at]
    else:
        numbered = rng.sample(cells, rng.randint(2, 6))
    walls = set()
    for _ in range(rng.randint(0, 4)):
        r, c = rng.choice(cells)
        dr, dc = rng.choice(((0, 1), (1, 0)))
        if r + dr < rows and c + dc < cols:
            walls.add(((r, c), (r + dr, c + dc)))
    return ZipPuzzle(rows, cols, {cell: k for k, cell in enumerate(numbered, 1)}, walls)


def test_counts_agree_with_cp_sat_on_random_boards():
    rng = random.Random(5)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(120):
        p = random_puzzle(rng)
        ans = solve(p)
        count, _, complete = ortools_zip(p.rows, p.cols, p.numbers, p.walls)
        assert complete
        assert ans.count == count, p.to_json()
        seen[count] += 1
        if ans.count:
            assert path_violations(p, ans.path) == [], p.to_json()
    assert all(v >= 5 for v in seen.values()), seen  # none, one and several answers all tried


def test_a_drawn_start_is_kept_and_a_wrong_one_leaves_no_answer():
    p, path = generate(6, 6, 3)
    assert solve(p, start=path[:9]).path == path
    wrong = path[:3] + [c for c in p.neighbours(path[2]) if c not in path[:4]][:1]
    if wrong[-1] != path[3]:
        assert solve(p, start=wrong).count == 0


def test_checker_names_each_broken_rule():
    p = ZipPuzzle(4, 4, {(0, 0): 1, (3, 3): 3, (0, 3): 2}, {((0, 1), (1, 1))})
    assert "not on 1" in path_violations(p, [(0, 1), (0, 0)])[0]
    assert any("not neighbours" in v for v in path_violations(p, [(0, 0), (1, 1)]))
    assert any("crosses the wall" in v for v in path_violations(p, [(0, 0), (0, 1), (1, 1)]))
    assert any("twice" in v for v in path_violations(p, [(0, 0), (0, 1), (0, 0)]))
    assert any("order" in v for v in path_violations(p, [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3)]))
    assert any("not on the path" in v for v in path_violations(p, [(0, 0), (0, 1)]))


def test_formats_round_trip():
    p, _ = generate(7, 7, 11, walls=True)
    assert parse_zip(json.dumps(p.to_json())).to_json() == p.to_json()
    assert parse_zip(p.to_text()).to_json() == p.to_json()
    many = "\n".join(json.dumps(generate(5, 5, s)[0].to_json()) for s in range(3))
    assert len(parse_zip_many(many)) == 3
    blocks = "\n".join(f"# puzzle {s}\n" + generate(5, 5, s)[0].to_text() for s in range(3))
    assert [q.to_json() for _, q in parse_zip_many(blocks)] == [generate(5, 5, s)[0].to_json() for s in range(3)]


@pytest.mark.parametrize("text, words", [
    ('{"size": [2, 3], "numbers": [[0, 0, 1], [1, 2, 2]]}', "3 to 12 rows"),
    ('{"size": [4, 4], "numbers": [[0, 0, 1], [2, 2, 3]]}', "1 to k, each once"),
    ('{"size": [4, 4], "numbers": [[0, 0, 1], [9, 2, 2]]}', "is not a [row, col]"),
    ('{"size": [4, 4], "numbers": [[0, 0, 1], [0, 0, 2]]}', "holds two numbers"),
    ('{"size": [4, 4], "numbers": [[0, 0, 1], [3, 3, 2]], "walls": [[0, 0, 2, 2]]}', "not neighbours"),
    ('{"game": "tango", "size": [4, 4]}', "not Zip"),
    ("1 . .\n. . 2\n", "3 to 12 rows, not 2"),
    ("1 . . .\n. . . 2\n. x . .\n. . . .\n", "got 'x'"),
    ("1 . . .\n. . . 2\n. . .\n. . . .\n", "row 3 has 3 cells"),
    ("1 . . .\n. . . 2\n. . . .\n. . . .\nwalls:\nr1c1 r9c9\n", "is not a [row, col]"),
])
def test_bad_files_are_refused_naming_the_fault(text, words):
    with pytest.raises(InputError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_zip(text, "f")


def test_generated_puzzles_are_unique_reproducible_and_solved():
    for size, seed, walls in ((5, 1, False), (6, 2, True), (8, 3, True), (10, 4, False)):
        p, path = generate(size, size, seed, walls=walls)
        assert generate(size, size, seed, walls=walls)[0].to_json() == p.to_json()
        ans = solve(p)
        assert ans.count == 1 and ans.path == path
        assert bool(p.walls) or not walls or size == 5


def test_hints_name_the_answers_next_step_with_a_reason():
    for seed in range(6):
        p, path = generate(6, 6, 100 + seed, walls=True)
        for at in (1, 5, 12, 20):
            p.path = path[:at]
            h = hint(p)  # a unique puzzle, a right start: the next step is forced
            assert h.cell == path[at], (seed, at, h)
            assert h.because and h.level(2).startswith("use the rule") and h.level(1).startswith("look at")
    p, path = generate(6, 6, 7)
    p.path = [path[0], path[1], path[0]]
    assert "wrong" in hint(p).level(3)
    p.path = path
    assert hint(p).solved
