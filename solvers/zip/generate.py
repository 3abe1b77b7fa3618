"""New Zip puzzles with exactly one solution.

1. A random path through every cell: a snake, then many *backbite* moves
   (join an end of the path to one of its grid neighbours and reverse the
   piece between; every result is again a path through every cell).
2. Numbers on a few cells along it (1 on its first cell, k on its last);
   with walls, walls on some of the grid's sides the path does not use.
3. While the puzzle has another answer, the first cell where that answer
   leaves the path gets a number (or, with walls, the other answer's first
   step off the path gets a wall); then clues whose removal keeps the
   answer unique are taken away again, so the puzzle is not over-told.
   Every check runs on a budget of search nodes (CHECK_BUDGET): a puzzle
   whose uniqueness takes longer to prove gets a clue more (a quick proof
   for the solver is a fair puzzle for a person too).
"""

from __future__ import annotations

import random

from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.zip.board import Cell, ZipPuzzle, wall_key
from puzzlebot.solvers.zip.solve import OverBudget

MIN_SIZE, MAX_SIZE = 5, 10
# Backbite moves per cell: enough to forget the snake it started from.
MIXING = 40
# Numbers to start with (a share of the cells) and walls (a share of the
# sides the path does not use), before clues are added for uniqueness.
START_NUMBERS, START_WALLS = 0.12, 0.08
# Search nodes a uniqueness check may take (a 10x10 proof in well under a second).
CHECK_BUDGET = 200


def random_path(rows: int, cols: int, rng: random.Random) -> list[Cell]:
    """A random Hamiltonian path of the grid (backbite moves from a snake)."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    for _ in range(MIXING * rows * cols):
        if rng.random() < 0.5:
            path.reverse()  # work on the other end
        end = path[-1]
        r, c = end
        nbrs = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < rows and 0 <= c + dc < cols]
        nb = rng.choice(nbrs)
        if nb == path[-2]:
            continue
        j = path.index(nb)
        path[j + 1:] = path[j + 1:][::-1]
    return path


def _puzzle(rows: int, cols: int, path: list[Cell], marks: set[int], walls: set) -> ZipPuzzle:
    nums = {path[i]: k for k, i in enumerate(sorted(marks), 1)}
    return ZipPuzzle(rows, cols, nums, set(walls))


def generate(rows: int, cols: int, seed: int, walls: bool = True) -> tuple[ZipPuzzle, list[Cell]]:
    """A puzzle with exactly one answer, and that answer."""
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise InputError(f"Zip puzzles are generated {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")
    rng = random.Random(seed)
    path = random_path(rows, cols, rng)
    n = rows * cols
    pos = {cell: i for i, cell in enumerate(path)}
    used = {wall_key(a, b) for a, b in zip(path, path[1:])}
    sides = [wall_key((r, c), (r + dr, c + dc)) for r in range(rows) for c in range(cols)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < rows and c + dc < cols]
    free_sides = [s for s in sides if s not in used]
    marks = {0, n - 1} | set(rng.sample(range(1, n - 1), max(0, int(START_NUMBERS * n) - 2)))
    wall_set = set(rng.sample(free_sides, int(START_WALLS * len(free_sides)))) if walls else set()
    while True:
        try:
            other = _other_path(rows, cols, path, marks, wall_set)
        except OverBudget:  # too hard to tell: one more number, anywhere on the path
            marks.add(rng.choice([i for i in range(n) if i not in marks]))
            continue
        if other is None:
            break
        # the first step where the other answer leaves the path: a wall there,
        # or numbers on both cells it could take (it would meet them out of order)
        i = next(i for i, (a, b) in enumerate(zip(path, other)) if a != b)
        step = wall_key(other[i - 1], other[i])
        if walls and step not in used and rng.random() < 0.5:
            wall_set.add(step)
        else:
            marks |= {i, pos[other[i]]}
    # take away what is not needed
    for kind, item in rng.sample([("mark", m) for m in marks if m not in (0, n - 1)] +
                                 [("wall", w) for w in wall_set], len(marks) - 2 + len(wall_set)):
        trial_marks = marks - {item} if kind == "mark" else marks
        trial_walls = wall_set - {item} if kind == "wall" else wall_set
        try:
            unique = _other_path(rows, cols, path, trial_marks, trial_walls) is None
        except OverBudget:
            unique = False
        if unique:
            marks, wall_set = trial_marks, trial_walls
    return _puzzle(rows, cols, path, marks, wall_set), path


def _other_path(rows, cols, path, marks, wall_set) -> list[Cell] | None:
    """A second answer besides ``path`` (the solver's first may be ``path``)."""
    from puzzlebot.solvers.zip.solve import Net, Solver, State

    net = Net(_puzzle(rows, cols, path, marks, wall_set))
    sv, out = Solver(net, budget=CHECK_BUDGET), []
    sv.search(State(net), 2, out)
    for s in out:
        cells = sv.path(s)
        if cells != path:
            return cells
    return None
