"""Tango's values and how they are named: shared by the board, the rules
checker and the solvers (kept apart so that the checker needs no board
module and the board can use the checker)."""

from __future__ import annotations

EMPTY, SUN, MOON = 0, 1, 2
SYMBOL = {EMPTY: ".", SUN: "S", MOON: "M"}
NAME = {SUN: "sun", MOON: "moon", EMPTY: "empty"}
EQUAL, OPPOSITE = "=", "x"


def opposite(v: int) -> int:
    return MOON if v == SUN else SUN


def cell_name(r: int, c: int) -> str:
    """How cells are named to people: 1-based row and column."""
    return f"r{r + 1}c{c + 1}"
