"""``puzzlebot coach GAME``: watch a person play and show the next step;
``puzzlebot stats``: the solve times the coach kept."""

from __future__ import annotations

import sys

COACH_HELP = """\
The coach never touches the mouse or the keyboard: it only captures the
screen. Whenever the board changes and settles it reads it and shows the
next step (--level 1: where to look, 2: which rule, 3: the answer), in the
terminal and in a small always-on-top window beside the game (never over
it); a wrong move (a rule broken, or a value the only answer does not have)
is pointed out at once, with the reason. A board it cannot see whole or
read with certainty gets no advice, and it says why.
It stops when the board is solved; the time from the first change it saw
to the solved board is kept (see 'puzzlebot stats').
where the game is: --region, --window, --app or a saved calibration, as for
'puzzlebot run' (see its --help).

"""


def _examples() -> str:
    from puzzlebot.bot import games

    lines = [ln for g in games.able("coach") for ln in g.player.run_examples.splitlines()
             if ln.strip().startswith("puzzlebot coach")]
    return "examples:\n" + "\n".join(lines) + "\n"


STATS_EXAMPLES = """\
examples:
  puzzlebot stats                      # every game: best, median and the last times as bars
  puzzlebot stats tango --recent 3     # one game, its last three solves
  puzzlebot stats --json               # every solve kept, as JSON
"""


def register(sub) -> None:
    from puzzlebot.bot import games
    from puzzlebot.bot.options import number_in

    p = sub.add_parser("coach", help="watch a person play: the next step and why, wrong moves, solve times",
                       description="Watch a person play: the next step and why, wrong moves, solve times.",
                       epilog=COACH_HELP + _examples())
    p.add_argument("game", choices=games.names("coach"), metavar="GAME",
                   help="which game: " + ", ".join(g.name for g in games.able("coach")))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--region", metavar="X,Y,W,H", help="the screen region holding the game")
    where.add_argument("--window", metavar="TITLE", help="the window holding the game: a title pattern, or 'active'")
    where.add_argument("--app", metavar="NAME", help="the window of the program NAME")
    p.add_argument("--profile", metavar="FILE", help="calibration file (default ~/.config/puzzlebot/profile.json)")
    p.add_argument("--level", type=int, choices=(1, 2, 3), default=2,
                   help="how much to tell: 1 where to look, 2 which rule (default), 3 the answer")
    p.add_argument("--no-window", action="store_true", help="advice in the terminal only")
    p.add_argument("--timeout", type=number_in("--timeout", 1, 86_400), default=None, metavar="S",
                   help="stop after S seconds if the board is not solved by then (exit 1)")
    p.add_argument("--json", action="store_true", help="each advice as a JSON line on standard output")
    p.add_argument("--times", metavar="FILE", help="the times database (default: in the user's data directory)")
    p.set_defaults(func=coach_cmd)

    s = sub.add_parser("stats", help="the solve times the coach kept: best, median, recent",
                       description="The solve times the coach kept: best, median and recent, per game.",
                       epilog=STATS_EXAMPLES)
    s.add_argument("game", nargs="?", choices=games.names("coach"), metavar="GAME", help="one game only")
    s.add_argument("--recent", type=int, default=7, metavar="N", help="how many recent solves to chart (default 7)")
    s.add_argument("--json", action="store_true", help="every solve kept, as a JSON list")
    s.add_argument("--times", metavar="FILE", help="the times database (default: in the user's data directory)")
    s.set_defaults(func=stats_cmd)


def _times_path(args):
    from pathlib import Path

    from puzzlebot.bot import stats

    return Path(args.times).expanduser() if args.times else stats.default_path()


def coach_cmd(args) -> int:
    import json

    from puzzlebot.bot import games, stats
    from puzzlebot.bot.capture import Screen
    from puzzlebot.bot.cmd_run import _target
    from puzzlebot.bot.coach import Coach

    game = games.get(args.game, "coach")
    path = _times_path(args)
    stats.ready(path)  # refused now, not after a solve: a file that is not ours, a folder that cannot be made
    screen = Screen()
    target, _ = _target(args, game, screen)
    view = None
    if not args.no_window:
        from puzzlebot.bot.coach_window import CoachWindow

        view = CoachWindow(screen.bounds)
    say = (lambda m: print(m, file=sys.stderr)) if args.json else (lambda m: print(m, flush=True))
    emit = (lambda d: print(json.dumps(d), flush=True)) if args.json else None
    print(f"{game.name}: watching {target.region.as_tuple()} (Ctrl-C stops)", file=sys.stderr)
    coach = Coach(game, screen, target, args.level, say, view, emit=emit)
    try:
        result = coach.watch(args.timeout)
    finally:
        if coach.view is not None:
            coach.view.close()
    if result.seconds is None:
        say("the board was solved before any change was seen: no time kept")
        return 0
    size = f"{coach.lattice.rows}x{coach.lattice.cols}"
    stats.record(path, stats.now_solve(game.name, result.seconds, size, len(result.steps) - 1, result.wrong))
    say(f"solved in {stats.fmt_seconds(result.seconds)} ({result.wrong} wrong move{'s' if result.wrong != 1 else ''}"
        f" pointed out); kept in {path}")
    if emit is not None:
        emit({"event": "solved", "seconds": round(result.seconds, 3), "wrong": result.wrong, "times": str(path),
              "end_screen": result.ended_by_screen})
    return 0


def stats_cmd(args) -> int:
    import dataclasses
    import json

    from puzzlebot.bot import games, stats
    from puzzlebot.solvers.errors import InputError

    if args.recent < 1:
        raise InputError(f"--recent must be 1 or more, got {args.recent}")
    name = games.get(args.game).name if args.game else None
    solves = stats.load(_times_path(args), name)
    if args.json:
        print(json.dumps([dataclasses.asdict(s) for s in solves]))
    else:
        print(stats.report(solves, args.recent))
    return 0
