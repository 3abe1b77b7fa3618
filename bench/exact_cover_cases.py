"""Classic exact cover problems, for the DLX tests and benchmark."""

from __future__ import annotations

from puzzlebot.solvers.dlx import ExactCover

PENTOMINOES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def queens(n: int) -> ExactCover:
    """n-queens: ranks and files primary, both diagonal families secondary."""
    primary = [("rank", i) for i in range(n)] + [("file", i) for i in range(n)]
    secondary = [("diag", i) for i in range(2 * n - 1)] + [("anti", i) for i in range(2 * n - 1)]
    rows = [[("rank", r), ("file", c), ("diag", r + c), ("anti", r - c + n - 1)]
            for r in range(n) for c in range(n)]
    return ExactCover(primary, rows, secondary)


def _orientations(cells):
    shapes = set()
    pts = cells
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]  # rotate
        for flip in (False, True):
            q = [(r, -c) for r, c in pts] if flip else pts
            mr, mc = min(r for r, _ in q), min(c for _, c in q)
            shapes.add(tuple(sorted((r - mr, c - mc) for r, c in q)))
    return sorted(shapes)


def pentominoes(rows: int = 6, cols: int = 10, break_symmetry: bool = True) -> ExactCover:
    """The 12 pentominoes in a rows x cols box.  With ``break_symmetry`` the
    X piece's centre is kept in the top-left quarter, so each solution is
    counted once up to the box's four symmetries (6x10: 2339; 9356 in all).
    That needs both sides even: then no X centre lies on a mirror axis."""
    if break_symmetry and (rows % 2 or cols % 2):
        raise ValueError("symmetry breaking by the X quarter needs an even x even box")
    primary = list(PENTOMINOES) + [(r, c) for r in range(rows) for c in range(cols)]
    options = []
    for name, cells in PENTOMINOES.items():
        for shape in _orientations(cells):
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            for r0 in range(rows - h + 1):
                for c0 in range(cols - w + 1):
                    if name == "X" and break_symmetry and not (r0 + 1 < rows / 2 and c0 + 1 < cols / 2):
                        continue
                    options.append([name] + [(r0 + r, c0 + c) for r, c in shape])
    return ExactCover(primary, options)
