"""Finding a board's extent by playing, where the image cannot show it.

A Lights Out whose unlit cells are drawn as the page, with no frame round
the board, shows only its lit cells: the board may go on past them on any
side.  The game's rule can tell: a press on an outer cell toggles its
neighbour past the edge, which then shows lit if it exists.  The bot
presses such cells (each proven like any click, the board checked before and
after it), grows the lattice by a row or column where a cell lit up past the
edge, and closes a side where the page stayed as it was.  Where the images
cannot tell (the place off the region, covered), it stops.  The presses
are moves of the game: the board is read afresh at the proven extent and
solved from there.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

import numpy as np

from puzzlebot.bot import safety
from puzzlebot.calibration.mapping import Region
from puzzlebot.calibration.windows import raise_window
from puzzlebot.vision.reading import Reading

if TYPE_CHECKING:
    from puzzlebot.bot.loop import Runner

# At most this many presses to find the extent: a side grows a row or
# column per press, and no board read is over MAX_SIDE cells a side.
MAX_REVEALS, MAX_SIDE = 48, 24
# Between looks at the board after a press (s).
REVEAL_POLL = 0.01
# Past the region's edges the screen is looked at this many pitches further
# (a cell past a board that reaches the region's edge lights there).
LOOK_PAST = 1.5
# A board found reaching past the region's edge by more than this (pitches)
# goes on outside it; less is the gap round its outer cells.
EDGE_SLACK = 0.25


def _grown(lat, side: str):
    """The lattice with a row or column more on ``side``."""
    r0, c0 = -(side == "top"), -(side == "left")
    return lat.sub(r0, c0, lat.rows + (side in ("top", "bottom")), lat.cols + (side in ("left", "right")))


def prove_extent(run: "Runner", reading: Reading) -> tuple[Reading, np.ndarray]:
    """The board read at the extent the game's answers prove (its reader's
    open sides closed), and the capture of the region it was read in.
    Stopped when a press does not do what the rules say, the images cannot
    tell whether the board goes on, or it goes on past the region."""
    from puzzlebot.bot.loop import Stopped

    reader, player = run.game.reader, run.game.player
    sides = list(reader.open_sides(reading))
    run.say(f"the board's extent is unknown past its {', '.join(sides)} (cells drawn as the page, nothing "
            "frames it): pressing cells there to see whether it goes on")
    lat, state = reading.lattice, reading.state
    reg = run.target.region
    # past the region's edges too: where the board may go on, there is no cell
    # to see in the region (the screen is looked at, never clicked, there)
    mx, my = int(np.ceil(LOOK_PAST * lat.px)), int(np.ceil(LOOK_PAST * lat.py))
    wide = Region(reg.left - mx, reg.top - my, reg.width + 2 * mx, reg.height + 2 * my).clip(run.screen.bounds) \
        or reg
    ox, oy = reg.left - wide.left, reg.top - wide.top

    def look() -> tuple[np.ndarray, np.ndarray]:  # (the wider capture, the region's part of it)
        img = run._grab(wide)
        return img, np.ascontiguousarray(img[oy:oy + reg.height, ox:ox + reg.width])

    screens = run._screens()
    if run.target.window is not None:
        raise_window(run.target.window)
    shot = None
    for _ in range(MAX_REVEALS):
        if not sides:
            break
        asked = player.reveal(dataclasses.replace(reading, board=state, state=state, lattice=lat, unsure={}),
                              tuple(sides))
        if asked is None:
            raise Stopped(f"the board's extent is unknown past its {', '.join(sides)} and the game cannot be "
                          "asked; give --region round the board alone")
        click, told = asked
        bounds = safety.Bounds(run.target.region, screens, run.target.current_window())
        wide_before, before = look()
        now = reader.read_cells(before, lat, reading)
        if not np.array_equal(now, click.before):
            rr, cc = (int(v) for v in np.argwhere(now != click.before)[0])
            raise Stopped(f"before {click.describe()}: r{rr + 1}c{cc + 1} shows {run._name(now[rr, cc])}, read as "
                          f"{run._name(click.before[rr, cc])} (the game changed); stopped")
        gesture = safety.prove(click, lat, run.map, bounds, run._clicked())
        run._perform(click, gesture, run._park_point(lat, bounds))
        wide_after, shot = _settled(run, look, lat, lat.shifted(-ox, -oy).sub(-1, -1, lat.rows + 2, lat.cols + 2),
                                    reading, click)
        grow = []
        for side, place in told.items():  # (each place in the lattice the press was made on)
            seen = reader.cell_beyond(wide_before, wide_after, lat.shifted(-ox, -oy), place, reading)
            if seen is None:
                raise Stopped(f"after {gesture.what}: the place past the board's {side} is covered or off the "
                              "screen, so whether the board goes on there cannot be seen; stopped")
            if seen:
                grow.append(side)
            else:
                sides.remove(side)
        for side in grow:
            lat = _grown(lat, side)
        x0, y0, x1, y1 = lat.bbox
        sx, sy = EDGE_SLACK * lat.px, EDGE_SLACK * lat.py  # (a lattice's pitch boxes hold the gaps between cells)
        out = [side for side, past in (("top", y0 < -sy), ("bottom", y1 > reg.height + sy), ("left", x0 < -sx),
                                       ("right", x1 > reg.width + sx)) if past]
        if out:
            raise Stopped(f"after {gesture.what}: a cell lit past the region's {' and '.join(out)}: the board goes "
                          "on there, outside the region the bot may click in; give --region round the whole board; "
                          "stopped")
        if max(lat.rows, lat.cols) > MAX_SIDE:
            raise Stopped(f"the board grew to {lat.rows}x{lat.cols} cells as cells were pressed: not one board; "
                          "stopped")
        state = reader.read_cells(shot, lat, reading)
        if (state == -1).any():
            rr, cc = (int(v) for v in np.argwhere(state == -1)[0])
            raise Stopped(f"after {gesture.what}: r{rr + 1}c{cc + 1} of the board found so far shows neither "
                          "look; stopped")
    if sides:
        raise Stopped(f"after {MAX_REVEALS} presses the board still goes on past its {', '.join(sides)}; stopped")
    found = reader.read_board(shot, lattice=lat)
    if found.lattice != lat or reader.in_doubt(found) or not np.array_equal(found.state, state):
        raise Stopped(f"the board was found to be {lat.rows}x{lat.cols} cells by pressing, but a read there is "
                      f"not sure of it ({found.doubts() if found.unsure else 'another board'}); stopped")
    run.say(f"learnt from the game: the board is {lat.rows}x{lat.cols} cells (no cell lit past its edges when "
            "pressed beside them)")
    return found, shot


def _settled(run: "Runner", look, lat, around, reading: Reading, click) -> tuple[np.ndarray, np.ndarray]:
    """``look()`` once the board shows what ``click`` predicts and it and
    the places round it (``around``: the lattice a cell larger each way, in
    the wider capture) have held still (a cell lit past the edge may still be
    fading in)."""
    from puzzlebot.bot.loop import STABLE_LEVELS, Stopped

    start, prev = time.perf_counter(), None
    while True:
        wide, img = look()
        means = around.cell_means(wide)
        if prev is not None and float(np.abs(means - prev).max()) <= STABLE_LEVELS \
                and np.array_equal(run.game.reader.read_cells(img, lat, reading), click.after):
            run.t.waiting += time.perf_counter() - start
            run.t.settle.append(time.perf_counter() - start)
            return wide, img
        if time.perf_counter() - start > run._ceiling():
            raise Stopped(f"after {click.describe()}: the board did not show what the game's rules say it does "
                          f"within {run._ceiling():.1f} s; stopped")
        prev = means
        time.sleep(REVEAL_POLL)
