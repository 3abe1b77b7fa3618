"""Reading and writing Lights Out boards.

Text: one line per row, ``#`` lit and ``.`` off (digits 0..k-1 for k-state
boards).  JSON: ``{"game": "lights", "rows": ["#..#", ...]}`` with optional
``"torus": true``, ``"neighbourhood": "plus" | "x" | "king" | [[dr, dc], ...]``
and ``"states": k``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzlebot.solvers import jsonio
from puzzlebot.solvers.errors import InputError
from puzzlebot.solvers.lights.solve import MAX_STATES, PLUS, LightsRules, parse_neighbourhood

_LIT, _OFF = "#", "."
_DIGITS = "0123456789"


def _short(v) -> str:
    """A number for a message, shortened when it is huge."""
    text = str(v)
    return text if len(text) <= 20 else f"{text[:8]}...({len(text)} digits)"


@dataclass
class LightsFile:
    """A Lights Out puzzle as a file gives it: the board and its rules (torus, neighbourhood, states)."""
    board: np.ndarray
    torus: bool = False
    neighbourhood: tuple[tuple[int, int], ...] = PLUS
    states: int = 2

    def rules(self) -> LightsRules:
        return LightsRules(
            self.board.shape[0],
            self.board.shape[1],
            torus=self.torus,
            neighbourhood=self.neighbourhood,
            states=self.states,
        )


def parse_rows(rows: list[str], where: str, states: int = 2) -> np.ndarray:
    """Rows of ``#``/``.`` (or digits) into an int array."""
    rows = [r.strip() for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    while rows and not rows[0]:
        rows.pop(0)
    if not rows:
        raise InputError("no board: expected rows of '#' (lit) and '.' (off)", where)
    width = len(rows[0])
    out = np.zeros((len(rows), width), dtype=np.int64)
    for i, row in enumerate(rows):
        if len(row) != width:
            raise InputError(f"row {i + 1} has {len(row)} cells, row 1 has {width}: rows must be equally long", where)
        for j, ch in enumerate(row):
            if ch == _LIT:
                out[i, j] = 1
            elif ch == _OFF:
                out[i, j] = 0
            elif ch in _DIGITS and int(ch) < states:  # ASCII only: '²' is a digit to str.isdigit
                out[i, j] = int(ch)
            else:
                allowed = "'#' and '.'" + (f" or digits 0-{states - 1}" if states > 2 else "")
                raise InputError(f"row {i + 1}, column {j + 1}: unexpected {ch!r} (allowed: {allowed})", where)
    return out


def parse_lights(text: str, where: str = "input", states: int | None = None) -> LightsFile:
    """A board in the text or the JSON format (chosen by the first character).
    ``states``: lights per cell when the text format is used with digits
    (the command line's --states); JSON says it itself."""
    stripped = text.lstrip()
    if not stripped:
        raise InputError("empty file: expected rows of '#' (lit) and '.' (off)", where)
    if stripped[0] != "{":
        k = 2 if states is None else states
        if not 2 <= k <= MAX_STATES:
            raise InputError(f"--states must be a prime from 2 to {MAX_STATES}, got {_short(k)}", where)
        return LightsFile(board=parse_rows(text.splitlines(), where, k), states=k)
    data = jsonio.loads(text, where)
    if not isinstance(data, dict):
        raise InputError("JSON must be an object with a 'rows' list", where)
    game = data.get("game", "lights")
    if game not in ("lights", "enlight"):
        raise InputError(f"this is a {game!r} puzzle, not a Lights Out board", where)
    rows = data.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise InputError("'rows' must be a list of strings like \"#..#\"", where)
    states = data.get("states", 2)
    if not isinstance(states, int) or isinstance(states, bool):
        raise InputError("'states' must be an integer", where)
    if not 2 <= states <= MAX_STATES:
        raise InputError(f"'states' must be a prime from 2 to {MAX_STATES}, got {_short(states)}", where)
    nb = data.get("neighbourhood", "plus")
    if isinstance(nb, str):
        neighbourhood = parse_neighbourhood(nb)
    elif isinstance(nb, list) and all(isinstance(p, list) and len(p) == 2 for p in nb):
        neighbourhood = parse_neighbourhood(";".join(f"{a},{b}" for a, b in nb))
    else:
        raise InputError("'neighbourhood' must be a name or a list of [dr, dc] pairs", where)
    torus = data.get("torus", False)
    if not isinstance(torus, bool):
        raise InputError("'torus' must be true or false", where)
    return LightsFile(
        board=parse_rows(rows, where, states),
        torus=torus,
        neighbourhood=neighbourhood,
        states=states,
    )


def format_board(board: np.ndarray, states: int = 2) -> str:
    if states == 2:
        return "\n".join("".join(_LIT if v else _OFF for v in row) for row in board)
    return "\n".join("".join(str(int(v)) for v in row) for row in board)


def format_hint(board: np.ndarray, presses: np.ndarray, states: int = 2) -> str:
    """The board with each cell to press shown in brackets: ``[#]`` / ``[.]``
    (for k states the bracket holds the press count after a ``x``)."""
    lines = []
    for brow, prow in zip(board, presses):
        cells = []
        for v, p in zip(brow, prow):
            ch = (_LIT if v else _OFF) if states == 2 else str(int(v))
            if not p:
                cells.append(f" {ch} ")
            elif states == 2:
                cells.append(f"[{ch}]")
            else:
                cells.append(f"{ch}x{int(p)}")
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def to_json(board: np.ndarray, rules: LightsRules) -> dict:
    out: dict = {"game": "lights", "rows": format_board(board, rules.states).splitlines()}
    if rules.torus:
        out["torus"] = True
    if set(rules.neighbourhood) != set(PLUS):
        out["neighbourhood"] = [list(o) for o in rules.neighbourhood]
    if rules.states != 2:
        out["states"] = rules.states
    return out
