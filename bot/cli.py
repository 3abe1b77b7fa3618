"""The ``puzzlebot`` command line: parses arguments and dispatches.

Every command lives in a ``bot/cmd_*.py`` module that registers its
sub-parser here.  Errors from any layer are :class:`PuzzlebotError`s; they
are printed as one line on stderr with a non-zero exit status, never as a
traceback.
"""

from __future__ import annotations

import sys

from puzzlebot.bot.options import Parser
from puzzlebot.solvers.errors import PuzzlebotError

EPILOG = """\
exit status (the same for every game): 0 done, 1 failed, 2 bad input,
3 puzzle has no solution, 4 no (readable) board in the image, or a reading
not sure (run; detect --strict), 5 the bot stopped because the screen did
not behave as predicted, 130 interrupted.
Run 'puzzlebot COMMAND --help' for a command's options."""

def build_parser() -> Parser:
    from puzzlebot.bot import cmd_coach, cmd_demo, cmd_detect, cmd_generate, cmd_run, cmd_sim, cmd_solve
    from puzzlebot.bot.games import all_games

    parser = Parser(
        prog="puzzlebot",
        description=(
            "Reads a puzzle game on the screen (or in a file or screenshot), solves it and "
            "clicks the answer in. Games: " + ", ".join(g.title for g in all_games()) + "."
        ),
        epilog=EPILOG,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for module in (cmd_solve, cmd_generate, cmd_detect, cmd_run, cmd_coach, cmd_sim, cmd_demo):
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except PuzzlebotError as e:
        print(f"puzzlebot: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("puzzlebot: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
