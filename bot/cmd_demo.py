"""``puzzlebot demo``: the product's main job shown end to end.

For now it solves the seed examples in the terminal (the switches graph of
seed 001 and a 10x10 Enlight board); the bot turns it into an on-screen demo.
"""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def register(sub) -> None:
    p = sub.add_parser(
        "demo",
        help="run the built-in demo",
        description="Solve the seed examples and show the answers.",
        epilog="example:\n  puzzlebot demo",
    )
    p.set_defaults(func=demo_cmd)


def demo_cmd(args) -> int:
    import numpy as np

    from solvers.lights_format import format_hint
    from solvers.lightsout import LightsRules, apply_presses, solve
    from solvers.switches import parse_switches, solve_switches

    path = FIXTURES / "switches" / "seed001.txt"
    puzzle = parse_switches(path.read_text(), str(path))
    print(f"== switches (seed 001): {len(puzzle.names)} nodes, {len(puzzle.edges)} edges")
    print(solve_switches(puzzle).line())

    rng = np.random.default_rng(33)
    board = rng.integers(0, 2, (10, 10))
    rules = LightsRules(10, 10)
    answer = solve(board, rules)
    assert not apply_presses(board, answer.presses, rules).any()
    print(f"\n== Enlight 10x10: press the {answer.total} bracketed cells ({answer.method})")
    print(format_hint(board, answer.presses))
    print("pressing them leaves every light off: checked by simulation")
    return 0
