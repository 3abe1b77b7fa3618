"""Every game with a generator: what ``generate G --count K`` writes (text
and JSON Lines), ``solve G`` reads back, solving each puzzle once."""

from __future__ import annotations

import json

import pytest

from puzzlebot.bot import games

from .helpers import run_cli

GENERATED = [g.name for g in games.able("generate")]


@pytest.mark.parametrize("name", GENERATED)
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_generated_files_are_solved_back_puzzle_by_puzzle(tmp_path, name, fmt):
    out = run_cli("generate", name, "--count", "3", "--seed", "2", "--format", fmt)
    assert out.returncode == 0, out.stderr
    f = tmp_path / f"three.{'jsonl' if fmt == 'json' else 'txt'}"
    f.write_text(out.stdout)
    res = run_cli("solve", name, str(f), "--json")
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    answers = [json.loads(ln) for ln in res.stdout.splitlines() if ln.startswith("{")]
    assert len(answers) == 3 and not any("error" in a for a in answers), res.stdout[-500:]


def test_every_game_with_a_generator_is_covered():
    assert {"tango", "queens", "zip", "sudoku", "patches"} <= set(GENERATED)
