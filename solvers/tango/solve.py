"""Solving a Tango board: answer, number of solutions, steps, hints, score.

Deduction first (fast line propagation, or the named rules when the steps
are wanted); search only when deduction stalls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlebot.solvers.errors import UnsolvableError
from puzzlebot.solvers.tango.board import EMPTY, NAME, SYMBOL, TangoBoard, cell_name
from puzzlebot.solvers.tango.engine import RULES, Contradiction, Explainer, LineState, Propagator, Step, difficulty
from puzzlebot.solvers.tango.rules import check_solution, violations
from puzzlebot.solvers.tango.search import count_solutions


@dataclass
class TangoAnswer:
    """The solution, how many there are, and the deductions when they alone finish it."""
    solution: TangoBoard
    solutions: int  # 1, or 2 meaning "more than one"
    deduced: bool  # True when deduction alone finished it
    steps: list[Step] = field(default_factory=list)
    score: int | None = None
    branches: int = 0

    @property
    def unique(self) -> bool:
        return self.solutions == 1

    def to_json(self) -> dict:
        return {"game": "tango", "solution": ["".join(SYMBOL[v] for v in row) for row in self.solution.cells],
                "solutions": "more than one" if self.solutions > 1 else 1,
                "deduced": self.deduced, "difficulty": self.score,
                "steps": [{"cell": list(st.cell), "value": SYMBOL[st.value], "rule": st.rule, "because": st.because}
                          for st in self.steps]}

    def to_text(self, explain: bool = False) -> str:
        """The solved board, whether it is the only solution and how it was
        reached; ``explain``: every deduction first, the rules used last."""
        lines = []
        if explain:
            lines += [f"{i:3d}. [{st.rule}] {st.text()}" for i, st in enumerate(self.steps, 1)] + [""]
        lines.append(self.solution.render())
        how = ("by deduction alone" if self.deduced else
               f"deduction stalls; search needed ({self.branches} branch points)")
        count = "more than one solution (this is one of them)" if self.solutions > 1 else "exactly one solution"
        score = f", difficulty {self.score}" if self.score is not None else ""
        lines.append(f"{count}; solved {how}{score}")
        if explain:
            used = sorted({st.rule for st in self.steps}, key=lambda r: RULES[r].tier)
            lines.append("rules used: " + ", ".join(used))
        return "\n".join(lines)


class NoTangoSolution(UnsolvableError):
    pass


def _with_cells(board: TangoBoard, cells: list[list[int]]) -> TangoBoard:
    out = board.copy()
    out.cells = [row[:] for row in cells]
    return out


def solve(board: TangoBoard, explain: bool = False) -> TangoAnswer:
    """Solve ``board`` (its current pieces count as placed).

    Raises :class:`NoTangoSolution` with the reason when nothing fits.
    """
    broken = violations(board)
    if broken:
        raise NoTangoSolution(f"no solution: the board already breaks a rule: {broken[0].text}")
    if explain:
        ex = Explainer(board)
        try:
            done = ex.run()
        except Contradiction as e:
            raise NoTangoSolution(f"no solution: {e} (after {len(ex.steps)} forced moves)") from None
        state, steps = ex.s, ex.steps
    else:
        p = Propagator(LineState(board))
        try:
            p.run()
        except Contradiction as e:
            raise NoTangoSolution(f"no solution: {e}") from None
        state, steps, done = p.s, [], p.s.solved()
    if done:
        sol = _with_cells(board, state.cells())
        broken = check_solution(sol, board)
        if broken:  # deduction filled every cell but missed a clash: no board can satisfy the rules
            raise NoTangoSolution(f"no solution: deduction forces every cell, and the result breaks a rule: {broken[0].text}")
        return TangoAnswer(sol, 1, True, steps, difficulty(steps) if explain else None)
    res = count_solutions(board, limit=2, state=state)
    if res.count == 0:
        raise NoTangoSolution(
            f"no solution: deduction fills {state.filled} of {board.size ** 2} cells, "
            f"then every way to go on breaks a rule ({res.branches} branch points tried)"
        )
    sol = _with_cells(board, res.solution)
    if explain:
        rnd = (steps[-1].round if steps else 0) + 1
        for r in range(board.size):
            for c in range(board.size):
                if state.value(r, c) == EMPTY:
                    steps.append(Step("search", (r, c), res.solution[r][c], "search",
                                      "no rule decides the rest; search finds this value", (), rnd))
    score = difficulty(steps) + res.branches * RULES["search"].weight if explain else None
    return TangoAnswer(sol, res.count, False, steps, score, res.branches)


@dataclass
class Hint:
    """The next deduction, in words at three levels."""
    where: str  # level 1
    rule: str  # level 2
    cell: str  # level 3
    step: Step | None = None
    solved: bool = False
    wrong: tuple[tuple[int, int], ...] | None = None  # a rule broken or a piece the answer has not: the cells

    def level(self, k: int) -> str:
        return [self.where, self.rule, self.cell][max(1, min(3, k)) - 1]


def hint(board: TangoBoard) -> Hint:
    """The next step for a player at ``board``, in three levels of detail.

    If a placed (unlocked) piece is wrong the hint says so instead.
    """
    if board.is_full() and not check_solution(board):
        return Hint("The board is solved.", "The board is solved.", "The board is solved.", solved=True)
    broken = violations(board)
    if broken:
        v = broken[0]
        return Hint(f"Something breaks a rule near {cell_name(*v.cells[0])}.",
                    f"A rule is broken: {v.rule.replace('-', ' ')}.", v.text, wrong=tuple(v.cells))
    givens = board.givens()
    truth = solve(givens)
    several = truth.solutions > 1
    if several:
        # no single answer to compare with: a piece is only wrong when no solution keeps them all
        if count_solutions(board, limit=1).count == 0:
            return Hint("One of your pieces is wrong; this puzzle has more than one solution.",
                        "No solution keeps all your pieces (the puzzle has more than one solution).",
                        "No solution keeps all your pieces; as the puzzle has more than one solution, "
                        "no single piece can be named as the wrong one.", wrong=())
    for r in (range(board.size) if not several else ()):
        for c in range(board.size):
            v = board.cells[r][c]
            if v != EMPTY and not board.locked[r][c] and v != truth.solution.cells[r][c]:
                return Hint(f"One of your pieces in row {r + 1} is wrong.",
                            "A placed piece contradicts the only solution.",
                            f"{cell_name(r, c)} should be a {NAME[truth.solution.cells[r][c]]}, not a {NAME[v]}.",
                            wrong=((r, c),))
    ex = Explainer(board)
    steps = ex.next_steps()
    if not steps:
        if several:
            return Hint("This puzzle has more than one solution: no line decides a cell now.",
                        "More than one solution: any value that keeps the rules can be right.",
                        "This puzzle has more than one solution; pick a value for any empty cell that breaks no rule.")
        return Hint("No single line decides a cell now.", RULES["search"].summary,
                    "Try a value and follow it until something breaks.")
    st = steps[0]
    return Hint(f"Look at {st.line}.", f"Look at {st.line}: {RULES[st.rule].summary}.", st.text() + ".", st)
