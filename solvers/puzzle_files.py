"""Files holding several puzzles: JSON Lines (one puzzle a line), or text
puzzles each after a ``# puzzle`` line, as ``generate GAME --count K``
writes them; a file of one puzzle is that puzzle."""

from __future__ import annotations

from typing import Callable, TypeVar

P = TypeVar("P")


def split_puzzles(text: str, where: str, parse: Callable[[str, str], P]) -> list[tuple[str, P]]:
    """(where, puzzle) for each puzzle in ``text``, each parsed by ``parse``
    (text, where) and named for messages ("FILE, line 2", "FILE, puzzle 2")."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) > 1 and all(ln.lstrip().startswith("{") for ln in lines):
        return [(f"{where}, line {i}", parse(ln, f"{where}, line {i}")) for i, ln in enumerate(lines, 1)]
    parts, cur = [], []
    for ln in text.splitlines():
        if ln.lstrip().startswith("# puzzle") and any(x.strip() for x in cur):
            parts.append(cur)
            cur = []
        cur.append(ln)
    parts.append(cur)
    if len(parts) <= 1:
        return [(where, parse(text, where))]
    return [(f"{where}, puzzle {i}", parse("\n".join(b), f"{where}, puzzle {i}")) for i, b in enumerate(parts, 1)]
