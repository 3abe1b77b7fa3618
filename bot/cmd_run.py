"""``puzzlebot run GAME`` and ``puzzlebot calibrate GAME``: play on the real screen."""

from __future__ import annotations

import sys

RUN_EXAMPLES = """\
where the game is (first that applies):
  --region X,Y,W,H   a screen region, in screen pixels
  --window TITLE     the window whose title contains TITLE (X11, via xdotool)
  a saved calibration (puzzlebot calibrate), else the whole screen is searched

safety: nothing is clicked unless every cell is read with certainty, the board
obeys the rules and has exactly one answer; every click lands inside the board;
each move is checked on screen and the run stops at the first surprise; moving
the mouse into a screen corner aborts (pyautogui fail-safe).

examples:
  puzzlebot run enlight --window "Device Emulator - Enlight"
  puzzlebot run tango --region 400,100,600,700 --interval 0.02
  puzzlebot run tango --dry-run --hint plan.png      # show the plan, touch nothing
"""

CAL_EXAMPLES = """\
examples:
  puzzlebot calibrate enlight --window "Device Emulator - Enlight"
  puzzlebot calibrate tango              # search the whole screen
then 'puzzlebot run tango' reuses the saved board position and scale.
"""


def _region(text: str):
    from calibration.mapping import Region
    from solvers.errors import InputError

    try:
        x, y, w, h = (int(v) for v in text.split(","))
    except ValueError:
        raise InputError(f"--region wants X,Y,W,H in pixels, got {text!r}") from None
    if w <= 0 or h <= 0:
        raise InputError(f"--region {text!r}: width and height must be positive")
    return Region(x, y, w, h)


def register(sub) -> None:
    for name, helptext, epilog, func in (
        ("run", "find the game on screen, solve it and click the answer in", RUN_EXAMPLES, run_cmd),
        ("calibrate", "find the game on screen and save where it is", CAL_EXAMPLES, calibrate_cmd),
    ):
        p = sub.add_parser(name, help=helptext, description=helptext[0].upper() + helptext[1:] + ".",
                           epilog=epilog)
        p.add_argument("game", choices=("tango", "enlight"), help="which game")
        where = p.add_mutually_exclusive_group()
        where.add_argument("--region", metavar="X,Y,W,H", help="the screen region holding the game")
        where.add_argument("--window", metavar="TITLE", help="the window holding the game")
        p.add_argument("--profile", metavar="FILE", help="calibration file (default ~/.config/puzzlebot/profile.json)")
        if name == "run":
            p.add_argument("--dry-run", action="store_true", help="read and solve, print the plan; never touch the mouse")
            p.add_argument("--hint", metavar="OUT.png", help="write the screenshot with the moves marked")
            p.add_argument("--interval", type=float, default=0.02, metavar="S",
                           help="pause after each click, seconds (default 0.02)")
            p.add_argument("--timeout", type=float, default=1.0, metavar="S",
                           help="how long a cell may take to show a click's effect (default 1.0)")
        p.set_defaults(func=func)


def _target(args, game, screen, use_profile: bool = True):
    """(Target, lattice hint, profile) from the arguments, a saved profile,
    or the whole screen."""
    from pathlib import Path

    from calibration import profile as profiles
    from calibration.windows import find_window

    from .loop import Target

    if args.region:
        return Target(_region(args.region)), None, None
    if args.window:
        w = find_window(args.window)
        region = w.region.clip(screen.bounds)
        if region is None:
            from .capture import CaptureError

            raise CaptureError(f"the window {args.window!r} is off the screen")
        return Target(region, w), None, None
    prof = profiles.load(Path(args.profile) if args.profile else None) if use_profile else None
    if prof is not None and prof.game == game.name:
        return Target(prof.region), prof.lattice, prof
    return Target(screen.bounds), None, None


def _scale(screen, mouse) -> float:
    from calibration.mapping import scale_between

    b = screen.bounds
    if mouse is None:
        return 1.0
    return scale_between((b.width, b.height), mouse.logical_size())


def run_cmd(args) -> int:
    from . import games
    from .actuate import Mouse
    from .capture import Screen
    from .loop import Runner

    game = games.get(args.game)
    screen = Screen()
    mouse = None if args.dry_run else Mouse(args.interval)
    target, hint, prof = _target(args, game, screen)
    scale = prof.scale if prof else _scale(screen, mouse)
    runner = Runner(game, screen, mouse, target, scale, hint, args.timeout)
    where = f"window {target.window.title!r}" if target.window else (
        "the calibrated region" if prof else f"region {target.region.as_tuple()}")
    print(f"{game.name}: looking at {where}", file=sys.stderr)
    result = runner.run(dry_run=args.dry_run)
    lat = result.reading.lattice
    n_clicks = sum(s.clicks for s in result.steps)
    if args.hint:
        _write_hint(args.hint, runner.image, lat, result.steps, game.name)
    if args.dry_run:
        print(f"read a {lat.rows}x{lat.cols} board at screen {result.board_region.as_tuple()}; "
              f"plan: {len(result.steps)} moves, {n_clicks} clicks (dry run: nothing clicked)")
        for s in result.steps:
            r, c = s.cell
            print(f"  r{r + 1}c{c + 1}: {s.clicks} click(s)")
        return 0
    if not result.steps:
        print("the board is already solved: nothing to click")
        return 0
    print(f"solved: {result.timings.line()}")
    return 0


def _write_hint(path: str, img, lat, steps, game: str) -> None:
    import cv2

    from .cmd_detect import _write

    out = img.copy()
    for s in steps:
        r, c = s.cell
        cx, cy = (int(round(v)) for v in lat.center(r, c))
        rad = max(4, int(lat.px * 0.16))
        cv2.circle(out, (cx, cy), rad + 2, (255, 255, 255), -1, cv2.LINE_AA)
        cv2.circle(out, (cx, cy), rad, (0, 140, 255), -1, cv2.LINE_AA)
        if game == "tango":
            label = {1: "S", 2: "M"}.get(int(s.after[r, c]), "")
            cv2.putText(out, label, (cx - rad // 2, cy + rad // 2), cv2.FONT_HERSHEY_SIMPLEX,
                        max(0.3, rad / 14), (255, 255, 255), 1, cv2.LINE_AA)
    _write(path, out)


def calibrate_cmd(args) -> int:
    from pathlib import Path

    from calibration import profile as profiles
    from calibration.mapping import Region
    from vision.lattice import Lattice

    from . import games
    from .capture import Screen

    game = games.get(args.game)
    screen = Screen()
    target, _, _ = _target(args, game, screen, use_profile=False)
    reading = game.read(screen.grab(target.region))
    lat = reading.lattice
    x0, y0, x1, y1 = lat.bbox
    m = lat.px  # keep a cell of margin around the board
    b = screen.bounds
    left = int(max(b.left, target.region.left + x0 - m))
    top = int(max(b.top, target.region.top + y0 - m))
    right = int(min(b.left + b.width, target.region.left + x1 + m))
    bottom = int(min(b.top + b.height, target.region.top + y1 + m))
    region = Region(left, top, right - left, bottom - top)
    local = Lattice(lat.x0 + target.region.left - left, lat.y0 + target.region.top - top, lat.px, lat.py,
                    lat.rows, lat.cols)
    try:
        from .actuate import Mouse

        scale = _scale(screen, Mouse(0))
    except Exception:
        scale = 1.0
    prof = profiles.Profile(game.name, region, scale, local, args.window)
    path = profiles.save(prof, Path(args.profile) if args.profile else None)
    print(f"{game.name}: {lat.rows}x{lat.cols} board at screen {region.as_tuple()}, scale {scale}; saved to {path}")
    return 0
