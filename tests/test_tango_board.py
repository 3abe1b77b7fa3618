"""The Tango board type, its formats, and the rule checker's messages."""

from __future__ import annotations

import pytest

from puzzlebot.solvers.errors import InputError, UnsolvableError
from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN, TangoBoard, board_from_json, parse_tango
from puzzlebot.solvers.tango.rules import check_solution, violations

TEXT = """\
S....S
......
..M...
......
......
.M..M.
0 1 0 2 =
[1, 1, 2, 1, "x"]
"""


def test_text_and_json_round_trip():
    b = parse_tango(TEXT)
    assert b.size == 6 and b.cells[0][0] == SUN and b.cells[2][2] == MOON and b.locked[0][0]
    assert [e.as_list() for e in b.edges] == [[0, 1, 0, 2, "="], [1, 1, 2, 1, "x"]]
    again = parse_tango(b.to_text())
    assert again.cells == b.cells and again.edges == b.edges and again.locked == b.locked
    from_json = board_from_json(b.to_json())
    assert from_json.cells == b.cells and from_json.edges == b.edges


def test_unlocked_pieces_keep_their_state():
    b = parse_tango("Ss....\n" + "......\n" * 5)
    assert b.locked[0][0] and not b.locked[0][1] and b.cells[0][1] == SUN
    assert board_from_json(b.to_json()).locked == b.locked
    assert b.givens().cells[0][1] == EMPTY


@pytest.mark.parametrize(
    "text, message",
    [
        ("S....\n" * 5, "even size"),
        ("S.....\n" * 5 + "S....\n", "row 6 has 5 cells"),
        ("S..Q..\n" + "......\n" * 5, "line 1, column 4: unexpected 'Q'"),
        ("......\n" * 6 + "0 0 1 1 =\n", "are not neighbours"),
        ("......\n" * 6 + "0 5 0 6 =\n", "off the 6x6 grid"),
        ("......\n" * 6 + "0 0 0 1 =\n0 1 0 0 x\n", "has both = and x"),
        ("......\n" * 6 + "0 0 0 1 ?\n", 'must be "=" or "x"'),
        ("", "empty file"),
        ('{"game": "lights", "rows": []}', "not Tango"),
    ],
)
def test_bad_boards_are_named(text, message):
    with pytest.raises(InputError) as err:
        parse_tango(text, "p.txt")
    assert message in str(err.value) and str(err.value).startswith("p.txt")


@pytest.mark.parametrize(
    "text, message",
    [
        ("SSS...\n" + "......\n" * 5, "three suns in a row"),
        ("S.S.SS\n" + "......\n" * 5, "row 1 has 4 suns"),
        ("SM....\n" + "......\n" * 5 + "0 0 0 1 =\n", "r1c1 = r1c2 but one is a sun"),
    ],
)
def test_givens_that_break_a_rule_have_no_solution(text, message):
    """Well-formed, so not bad input: no solution (exit 3, as in every game)."""
    with pytest.raises(UnsolvableError) as err:
        parse_tango(text, "p.txt")
    assert message in str(err.value) and str(err.value).startswith("p.txt: no solution")


def test_checker_names_every_violation():
    b = TangoBoard.from_rows(["SSMSMM", "MMSMSS", "SSMSMM", "MMSMSS", "SSMSMM", "MMSMSS"])
    assert not violations(b)
    b.cells[0][2] = SUN  # row 1: S S S M M M -> three suns, and column 3 now has 4 suns
    found = {(v.rule, v.text) for v in violations(b)}
    assert ("three-in-a-row", "row 1: three suns in a row at r1c1, r1c2, r1c3") in found
    assert ("count", "column 3 has 4 suns, at most 3 allowed") in found
    puzzle = TangoBoard.from_rows(["..M...", "......", "......", "......", "......", "......"])
    assert any(v.rule == "given" and "r1c3 is a locked moon" in v.text for v in check_solution(b, puzzle))
    b.cells[5][5] = EMPTY
    assert any(v.text == "r6c6 is empty" for v in check_solution(b))


def test_render_draws_signs_between_cells():
    text = parse_tango("S.....\n......\n......\n......\n......\n.....M\n0 0 0 1 =\n0 0 1 0 x\n").render()
    lines = text.splitlines()
    assert lines[0].startswith("S = .")
    assert lines[1].startswith("×")
