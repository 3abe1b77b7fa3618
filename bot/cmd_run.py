"""``puzzlebot run GAME`` and ``puzzlebot calibrate GAME``: play on the real
screen (the games of the registry that the bot can play)."""

from __future__ import annotations

import sys

from puzzlebot.bot.options import CLICK_INTERVAL, number_in

RUN_HELP = """\
where the game is (first that applies):
  --region X,Y,W,H   a screen region, in screen pixels
  --window TITLE     the window whose title matches TITLE, a regular expression
                     (any case); "active" for the focused window; when none
                     matches, the open windows are listed
  --app NAME         the window of the program NAME (e.g. lightsoff)
  a saved calibration (puzzlebot calibrate), else the game's usual window
  (Enlight: the device emulator's), else the whole screen is searched
A window is found through PyWinCtl (Windows, macOS, Linux), brought to the
front before the first click, and followed when it moves during a run.
A region or a saved calibration says where to look; the board is found again
in it at every start, and a saved lattice or screen scale that disagrees with
what is measured now is refused (calibrate again).  A region that cuts the
board is refused.

safety: nothing is clicked unless every cell is read with certainty, the board
obeys the rules and has exactly one answer; every click point is checked to
lie in its cell, the board, the region, the window and on a screen; before
each move the whole board must still be where it was and show what the plan
expects, after it the board must settle into the predicted state; the run
stops at the first surprise; moving the mouse into a screen corner aborts
(pyautogui fail-safe).

"""

CAL_TAIL = """\
then 'puzzlebot run GAME' looks for the board where it was saved.
"""


def _examples(command: str) -> str:
    """The run/calibrate example lines of every game that can be played."""
    from puzzlebot.bot import games

    lines = [ln for g in games.able("run") for ln in g.player.run_examples.splitlines()
             if ln.strip().startswith(f"puzzlebot {command}")]
    return "examples:\n" + "\n".join(lines) + "\n"



def _region(text: str):
    from puzzlebot.calibration.mapping import Region
    from puzzlebot.solvers.errors import InputError

    try:
        x, y, w, h = (int(v) for v in text.split(","))
    except ValueError:
        raise InputError(f"--region wants X,Y,W,H in whole pixels, got {text!r}") from None
    if w <= 0 or h <= 0:
        raise InputError(f"--region {text!r}: width and height must be positive")
    if max(abs(x), abs(y), w, h) > 100_000:
        raise InputError(f"--region {text!r}: no screen is that large")
    return Region(x, y, w, h)


def register(sub) -> None:
    from puzzlebot.bot import games

    for name, helptext, epilog, func in (
        ("run", "find the game on screen, solve it and click the answer in", RUN_HELP + _examples("run"),
         run_cmd),
        ("calibrate", "find the game on screen and save where it is", _examples("calibrate") + CAL_TAIL,
         calibrate_cmd),
    ):
        p = sub.add_parser(name, help=helptext, description=helptext[0].upper() + helptext[1:] + ".",
                           epilog=epilog)
        p.add_argument("game", choices=games.names("run"), metavar="GAME",
                       help="which game: " + ", ".join(
                           g.name + "".join(f" (or {a})" for a in g.aliases) for g in games.able("run")))
        where = p.add_mutually_exclusive_group()
        where.add_argument("--region", metavar="X,Y,W,H", help="the screen region holding the game")
        where.add_argument("--window", metavar="TITLE",
                           help="the window holding the game: a title pattern, or 'active'")
        where.add_argument("--app", metavar="NAME", help="the window of the program NAME")
        p.add_argument("--profile", metavar="FILE", help="calibration file (default ~/.config/puzzlebot/profile.json)")
        if name == "calibrate":
            p.add_argument("--probe", action="store_true",
                           help="also learn from the game what no look tells (which piece a click puts, for "
                                "pieces drawn as plain fills): one cell is clicked through and put back as it "
                                "was; kept in the profile, so 'run' does not ask again")
        if name == "run":
            p.add_argument("--dry-run", action="store_true", help="read and solve, print the plan; never touch the mouse")
            p.add_argument("--hint", metavar="OUT.png",
                           help="write the screenshot with the moves marked (and the final screen after a run)")
            p.add_argument("--interval", type=number_in("--interval", 0, 10), default=CLICK_INTERVAL, metavar="S",
                           help=f"pause after each click, seconds (default {CLICK_INTERVAL:g})")
            p.add_argument("--clicks", metavar="FILE.json",
                           help="write every pointer action (click/move, screen point) and the board's screen box "
                                "to FILE.json, also when the run stops: an audit of where the bot clicked")
            p.add_argument("--timeout", type=number_in("--timeout", 0.05, 120), default=None, metavar="S",
                           help="how long the game may take to show a move (default: learned from the "
                                "first moves, at most 6 s)")
            for g in games.able("run"):  # the options one game takes, named for it
                for flag, kw in g.player.options:
                    p.add_argument(flag, **dict(kw, default=None, help=f"({g.name}) {kw['help']}"))
        p.set_defaults(func=func)


def _target(args, game, screen, use_profile: bool = True):
    """(Target, saved profile or None) from the arguments, a saved profile,
    or the whole screen."""
    from pathlib import Path

    from puzzlebot.bot import games
    from puzzlebot.bot.loop import Target
    from puzzlebot.calibration import profile as profiles
    from puzzlebot.calibration.windows import find_window

    if args.region:
        region = _region(args.region)
        if region.clip(screen.bounds) != region:  # bad input (exit 2), as a malformed --region is
            from puzzlebot.solvers.errors import InputError

            raise InputError(f"--region {region.as_tuple()} is not inside the screen {screen.bounds.as_tuple()}")
        return Target(region), None
    if args.window or getattr(args, "app", None):
        w = find_window(args.window, getattr(args, "app", None))
        return _window_target(w, screen), None
    prof = profiles.load(Path(args.profile) if args.profile else None, games.names("run")) if use_profile else None
    if prof is not None and games.get(prof.game) is game:
        if prof.region.clip(screen.bounds) != prof.region:
            from puzzlebot.bot.loop import CalibrationMismatch

            raise CalibrationMismatch(f"the calibrated region {prof.region.as_tuple()} is not inside the screen "
                                      f"{screen.bounds.as_tuple()} now: run 'puzzlebot calibrate' again")
        return Target(prof.region), prof
    if game.player.default_window:
        from puzzlebot.calibration.windows import WindowError

        try:
            return _window_target(find_window(game.player.default_window), screen), None
        except WindowError:  # not open: search the whole screen, and say so
            print(f"{game.name}: no window titled {game.player.default_window!r} is open (give --window or "
                  "--region to name the game's place): searching the whole screen", file=sys.stderr)
    return Target(screen.bounds), None


def _window_target(w, screen):
    from puzzlebot.bot.loop import Target

    region = w.region.clip(screen.bounds)
    if region is None:
        from puzzlebot.bot.capture import CaptureError

        raise CaptureError(f"the window {w.title!r} is off the screen")
    return Target(region, w)


def _scale(screen, mouse) -> float:
    from puzzlebot.bot.loop import CalibrationMismatch
    from puzzlebot.calibration.mapping import scale_between

    b = screen.bounds
    if mouse is None:
        return 1.0
    try:
        return scale_between((b.width, b.height), mouse.logical_size())
    except ValueError as e:
        raise CalibrationMismatch(f"cannot tell the screen scale: {e}") from None


def run_cmd(args) -> int:
    from puzzlebot.bot import games
    from puzzlebot.bot.actuate import Mouse
    from puzzlebot.bot.capture import Screen
    from puzzlebot.bot.loop import Runner

    game = games.get(args.game, "run")
    _game_options(args, game)
    _check_outputs(args)
    screen = Screen()
    mouse = None if args.dry_run else Mouse(args.interval)
    target, prof = _target(args, game, screen)
    scale = _scale(screen, mouse)
    runner = Runner(game, screen, mouse, target, scale, prof.lattice if prof else None, args.timeout,
                    say=lambda m: print(m, file=sys.stderr), expect_scale=prof.scale if prof and mouse else None,
                    facts=prof.learnt if prof else None)
    where = f"window {target.window.title!r} at {target.region.as_tuple()}" if target.window else (
        f"the calibrated region {target.region.as_tuple()}" if prof else
        f"the whole screen {target.region.as_tuple()}" if target.region == screen.bounds else
        f"region {target.region.as_tuple()}")
    print(f"{game.name}: looking at {where}", file=sys.stderr)
    try:
        result = runner.run(dry_run=args.dry_run)
    finally:
        if getattr(args, "clicks", None):
            _write_clicks(args.clicks, runner, mouse)
    if prof is not None and not args.dry_run:
        _keep_learnt(args, game, prof, result.reading)
    lat = result.reading.lattice
    if args.hint:
        from puzzlebot.bot.actions import hint_marks
        from puzzlebot.vision.image_io import write_image
        from puzzlebot.vision.overlay import plan_overlay

        write_image(args.hint, plan_overlay(result.first.image, lat, *hint_marks(result.plan, game.player.labels)))
        if result.outcome.startswith("solved") and result.final is not None:
            write_image(_hint_final(args.hint), result.final.image)
    if args.dry_run:
        from puzzlebot.bot.actions import plan_summary

        print(f"read a {lat.rows}x{lat.cols} board at screen {result.board_region.as_tuple()}; "
              f"plan: {plan_summary(result.plan)} (dry run: nothing clicked)")
        for a in result.plan:
            print(f"  {a.describe()}")
        return 0
    if result.outcome == "already solved":  # (a plan done by its first action, tried alone, is "solved")
        print("the board is already solved: nothing to click")
        return 0
    print(f"{result.outcome}: {result.timings.line()}")
    return 0


def _hint_final(path: str) -> str:
    """Where ``--hint OUT.png`` puts the board as the run left it."""
    from pathlib import Path

    p = Path(path)
    return str(p.with_name(f"{p.stem}-final{p.suffix or '.png'}"))


def _check_outputs(args) -> None:
    """InputError, before anything is captured or clicked, when a file the
    run would write (``--clicks``, ``--hint`` and its final picture) is the
    profile it reads or another of its outputs, or cannot be written there."""
    from pathlib import Path

    from puzzlebot.calibration import profile as profiles
    from puzzlebot.solvers.errors import InputError
    from puzzlebot.vision.image_io import check_picture_path, same_file

    if getattr(args, "clicks", None) and (not Path(args.clicks).parent.is_dir() or Path(args.clicks).is_dir()):
        raise InputError("cannot be written: its folder is missing, or it is a folder", args.clicks)
    if getattr(args, "hint", None):
        check_picture_path(args.hint)

    outs = [(f"--clicks {args.clicks}", args.clicks)] if getattr(args, "clicks", None) else []
    if getattr(args, "hint", None):
        outs += [(f"--hint {args.hint}", args.hint), (f"--hint's final picture {_hint_final(args.hint)}",
                                                      _hint_final(args.hint))]
    profile = args.profile or str(profiles.default_path())
    for i, (name, out) in enumerate(outs):
        if same_file(out, profile):
            raise InputError(f"{name} is the calibration profile the run reads: name another file")
        other = next((n for n, o in outs[:i] if same_file(o, out)), None)
        if other:
            raise InputError(f"{name} is also {other}: name two files")


def _keep_learnt(args, game, prof, reading) -> None:
    """What the run learnt from the game (a probe's answer) kept in the
    profile it ran with, so the next run does not ask again."""
    import dataclasses
    from pathlib import Path

    from puzzlebot.calibration import profile as profiles
    from puzzlebot.solvers.errors import InputError

    learnt = game.player.facts(reading)
    if learnt and any(prof.learnt.get(k) != v for k, v in learnt.items()):
        try:
            path = profiles.save(dataclasses.replace(prof, learnt={**prof.learnt, **learnt}),
                                 Path(args.profile) if args.profile else None)
        except InputError as e:  # the run itself went well: say so, and why the next one will ask again
            print(f"{game.name}: could not keep what the game taught ({e})", file=sys.stderr)
            return
        print(f"{game.name}: kept what the game taught in {path}", file=sys.stderr)


def _game_options(args, game) -> None:
    """Give the game its own options; one of another game's is an error."""
    from puzzlebot.bot import games
    from puzzlebot.solvers.errors import InputError

    for other in games.able("run"):
        for flag, _ in other.player.options:
            if other is not game and getattr(args, flag.lstrip("-").replace("-", "_"), None) is not None:
                raise InputError(f"{flag} is an option of {other.name}, not of {game.name}")
    game.player.configure(args)


def _write_clicks(path: str, runner, mouse) -> None:
    """The audit file of ``--clicks``: pointer actions and the board's box."""
    import json

    from puzzlebot.solvers.errors import InputError

    box = runner.board_region.as_tuple() if runner.board_region is not None else None
    data = {"game": runner.game.name, "scale": runner.scale, "board": box,
            "region": runner.target.region.as_tuple(),
            "actions": [{"action": a, "x": x, "y": y} if a != "key" else {"action": a, "key": x}
                        for a, x, y in (mouse.log if mouse else [])]}
    import contextlib
    import os
    from pathlib import Path

    tmp = Path(path).with_name(f".{Path(path).name}.{os.getpid()}.tmp")
    try:  # through a temporary file: an interrupted write never leaves half a file under the name
        with open(tmp, "w") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise InputError(f"cannot write --clicks {path}: {e.strerror}") from None


# After bringing the game's window to the front, the window manager redraws it
# within this many seconds before the capture.
RAISED_SETTLE = 0.3


def calibrate_cmd(args) -> int:
    from pathlib import Path

    from puzzlebot.bot import games
    from puzzlebot.bot.capture import Screen
    from puzzlebot.bot.loop import Runner
    from puzzlebot.calibration import profile as profiles
    from puzzlebot.calibration.mapping import Region

    game = games.get(args.game, "run")
    profiles.writable(Path(args.profile) if args.profile else None)  # before a probe's clicks
    screen = Screen()
    target, _ = _target(args, game, screen, use_profile=False)
    try:
        from puzzlebot.bot.actuate import Mouse

        scale = _scale(screen, Mouse(0))
    except Exception:
        scale = 1.0
    hands = None
    if args.probe:  # the probe's clicks; otherwise calibrating never touches the mouse
        from puzzlebot.bot.actuate import Mouse

        hands = Mouse(0.02)
    runner = Runner(game, screen, hands, target, scale, say=lambda m: print(m, file=sys.stderr))
    if target.window is not None:
        import time

        from puzzlebot.calibration.windows import raise_window

        if raise_window(target.window):  # what is captured is the game, not a window over it
            time.sleep(RAISED_SETTLE)
    reading = game.reader.read(screen.grab(target.region))
    runner._check_whole(reading)
    runner._check_uncovered(reading)  # a profile of a covered board would hold a board of the wrong size
    lat = reading.lattice
    x0, y0, x1, y1 = lat.bbox
    m = lat.px  # keep a cell of margin around the board
    b = screen.bounds
    left = int(max(b.left, target.region.left + x0 - m))
    top = int(max(b.top, target.region.top + y0 - m))
    right = int(min(b.left + b.width, target.region.left + x1 + m))
    bottom = int(min(b.top + b.height, target.region.top + y1 + m))
    region = Region(left, top, right - left, bottom - top)
    local = lat.shifted(left - target.region.left, top - target.region.top)
    facts = {}
    if args.probe:
        facts, taught = runner.probe_and_put_back(reading)
        print(f"{game.name}: {taught}", file=sys.stderr)
    prof = profiles.Profile(game.name, region, scale, local, args.window, facts)
    path = profiles.save(prof, Path(args.profile) if args.profile else None)
    print(f"{game.name}: {lat.rows}x{lat.cols} board at screen {region.as_tuple()}, scale {scale}; saved to {path}")
    return 0
