"""``puzzlebot generate tango``: new puzzles with one, deducible solution."""

from __future__ import annotations

import json
import sys

from .cli import game_choices

EXAMPLES = """\
difficulty: easy, medium, hard, expert (bands of the real puzzles' scores,
scaled to the size), any, a range like 20-30, or a single score.

examples:
  puzzlebot generate tango --size 6 --count 5 --difficulty hard --seed 1
  puzzlebot generate tango --size 8 --count 3 --format json > puzzles.jsonl
  puzzlebot solve tango puzzles.jsonl           # solves each puzzle in the file
Several puzzles come out as JSON Lines (--format json) or as text blocks
separated by a blank line; 'solve tango' reads both back.
"""


def register(sub) -> None:
    p = sub.add_parser(
        "generate",
        help="make new puzzles",
        description="Generate puzzles with exactly one solution that deduction alone reaches.",
        epilog=EXAMPLES,
    )
    games = game_choices(p)
    t = games.add_parser(
        "tango",
        help="LinkedIn-style Tango puzzles",
        description="Tango puzzles of a given size and difficulty, reproducible with --seed.",
        epilog=EXAMPLES,
    )
    t.add_argument("--size", type=int, default=6, help="even board size, 4 to 14 (default 6)")
    t.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
    t.add_argument("--difficulty", default="any", help="score band (default any)")
    t.add_argument("--seed", type=int, help="random seed, for reproducible output")
    t.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (our board format, puzzles separated by a blank line) or json (one per line)")
    t.set_defaults(func=generate_tango_cmd)


# --count beyond this is refused at once (a million puzzles is hours of work).
MAX_COUNT = 100_000


def generate_tango_cmd(args) -> int:
    from solvers.errors import InputError
    from solvers.tango.generate import MAX_SIZE, MIN_SIZE, generate_iter, parse_band

    if not 1 <= args.count <= MAX_COUNT:
        raise InputError(f"--count must be 1 to {MAX_COUNT}, got {args.count}")
    if args.size % 2 or not MIN_SIZE <= args.size <= MAX_SIZE:
        raise InputError(f"--size must be even, {MIN_SIZE} to {MAX_SIZE}; got {args.size}")
    band = parse_band(args.difficulty, args.size)

    def progress(done: int, total: int) -> None:
        if total > 1 and sys.stderr.isatty():
            print(f"\r  generated {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    for i, g in enumerate(generate_iter(args.size, args.count, band, args.seed, progress)):
        if args.format == "json":
            print(json.dumps(g.to_json()), flush=True)
        else:
            if i:
                print()
            print(f"# puzzle {i + 1}: {args.size}x{args.size}, difficulty {g.score}, "
                  f"{g.puzzle.count_clues()} clues")
            print(g.puzzle.to_text(), end="", flush=True)
    return 0
