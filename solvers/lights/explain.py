"""Plain-words answers to the questions seed 000 asks about a board size.

Is the answer always unique?  Why do some boards have none?  Which
single-light boards can be solved, and what do their answers look like?  What
happens if you solve the solution?  All of it follows from the quiet patterns
(press sets that change nothing) of :mod:`puzzlebot.solvers.lights.solve`.
"""

from __future__ import annotations

import numpy as np

from puzzlebot.solvers.lights.solve import LightsRules, NoSolution, quiet_patterns, solve

_MAX_DRAWN = 3


def _draw(pattern: np.ndarray, on: str = "#", off: str = ".") -> list[str]:
    return ["".join(on if v else off for v in row) for row in pattern]


def _side_by_side(blocks: list[list[str]], gap: str = "   ") -> list[str]:
    height = max(len(b) for b in blocks)
    width = [max(len(line) for line in b) for b in blocks]
    out = []
    for i in range(height):
        out.append(gap.join((b[i] if i < len(b) else "").ljust(w) for b, w in zip(blocks, width)).rstrip())
    return out


def explain(rules: LightsRules, board: np.ndarray | None = None) -> str:
    """A report for ``rules``' size (and, if given, for ``board``)."""
    k = rules.states
    n = rules.cells
    quiet = quiet_patterns(rules)
    d = quiet.shape[0]
    lines = [f"Lights Out {rules.rows}x{rules.cols}"
             + (", torus" if rules.torus else "")
             + (f", {k} states" if k != 2 else "")
             + f": {n} cells, press matrix rank {n - d}, nullity {d}."]

    lines.append("")
    lines.append("Is the answer unique?")
    if d == 0:
        lines.append(f"  Yes. The presses are independent, so every one of the {k}^{n} boards has "
                     f"exactly one answer (never press a cell twice: that undoes it).")
    else:
        lines.append(f"  No. {d} independent quiet pattern(s) exist: pressing one changes nothing. "
                     f"A board that can be cleared has {k ** d} answers, and only 1 board in "
                     f"{k ** d} can be cleared.")

    lines.append("")
    lines.append("Why do some boards have no answer?")
    if d == 0:
        lines.append("  They all have one at this size.")
    else:
        rule = ("an even number of the cells of every quiet pattern" if k == 2
                else "a weighted sum of 0 (mod k) on every invariant pattern")
        lines.append(f"  Every press toggles an even number of cells of each quiet pattern, so a board "
                     f"can be cleared exactly when it lights {rule}.")
        shown = quiet[:_MAX_DRAWN]
        lines.append(f"  Quiet pattern(s){' (first ' + str(_MAX_DRAWN) + ')' if d > _MAX_DRAWN else ''}:")
        lines.extend("    " + line for line in _side_by_side([_draw(q) for q in shown]))

    lines.append("")
    lines.append("Which single-light boards can be solved?")
    covered = np.zeros((rules.rows, rules.cols), dtype=bool)
    for q in quiet:
        covered |= q != 0
    good = int((~covered).sum())
    if d == 0:
        lines.append(f"  All {n} of them.")
    else:
        lines.append(f"  {good} of {n}: those on no quiet pattern (o = solvable, x = not):")
        lines.extend("    " + line for line in _draw(~covered, "o", "x"))
    if good:
        r, c = (int(v[0]) for v in np.nonzero(~covered))
        single = np.zeros((rules.rows, rules.cols), dtype=np.int64)
        single[r, c] = 1
        ans = solve(single, rules)
        lines.append(f"  Lighting only cell ({r + 1},{c + 1}) takes {ans.total} presses "
                     f"({ans.total / n:.0%} of the board):")
        lines.extend("    " + line for line in _draw(ans.presses))

    if board is not None:
        lines.append("")
        lines.append("This board:")
        try:
            first = solve(board, rules)
        except NoSolution as e:
            lines.append(f"  {e}")
        else:
            lines.append(f"  {first.total} presses ({first.method}).")
            lines.append("What if you apply the solution to the solution?")
            try:
                second = solve(first.presses % k, rules)
            except NoSolution:
                lines.append("  The solution, read as a board, cannot itself be cleared.")
            else:
                same = np.array_equal(second.presses, np.asarray(board) % k)
                lines.append(f"  Solving the solution takes {second.total} presses"
                             + (", and gives back the board you started with." if same
                                else "; it is not the starting board."))
                lines.extend("    " + line for line in _side_by_side(
                    [["board"] + _draw(board), ["its answer"] + _draw(first.presses),
                     ["answer's answer"] + _draw(second.presses)]))
    return "\n".join(lines)
