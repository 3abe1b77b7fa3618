"""Moves as actions: clicks, drags and keys, each proven point by point
before it happens and performed as the exact events it was proven as.

A recording fake mouse plays a small game drawn in an image (its cells
change when the fake mouse clicks, drags across or types on them); the run
loop plays plans of every kind on it and verifies each action against the
board it predicts.  The event sequences at the X server itself are checked
in tests/test_pointer_events.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from puzzlebot.bot import safety
from puzzlebot.bot.actions import BadAction, Click, Drag, Key, hint_marks, plan_summary
from puzzlebot.bot.games.base import Detection, Game, Player, Reader
from puzzlebot.bot.loop import Runner, Stopped, Target
from puzzlebot.calibration.mapping import Region, ScreenMap
from puzzlebot.vision.board_checks import Wholeness
from puzzlebot.vision.lattice import Lattice
from puzzlebot.vision.reading import Reading

from .helpers import FakePointer

SCREEN = Region(0, 0, 1280, 800)
REGION = Region(200, 100, 400, 400)
LAT = Lattice(40.0, 40.0, 60.0, 60.0, 4, 4)  # in the region's image
MAP = ScreenMap(REGION, 1.0)
BOUNDS = safety.Bounds(REGION, [SCREEN])
LEVELS = (30, 90, 150, 210)  # a cell's grey level shows its value 0..3


def board(*cells) -> np.ndarray:
    b = np.zeros((4, 4), np.int64)
    for (r, c), v in cells:
        b[r, c] = v
    return b


# --- proofs ----------------------------------------------------------------------


def test_a_click_is_a_move_then_clicks_a_few_points_apart():
    """Each click after the first names its cell: it waits for the game to
    draw the one before; every other one goes REPEAT_SHIFT to the side, so
    that no two make a double-click (a page would select the cell's text)."""
    g = safety.prove(Click((1, 2), 3, before=board(), after=board()), LAT, MAP, BOUNDS)
    x, y = 200 + 40 + 2.5 * 60, 100 + 40 + 1.5 * 60
    s = x + safety.REPEAT_SHIFT
    assert g.events == (("move", x, y), ("click", x, y), ("repeat", s, y, (1, 2)), ("repeat", x, y, (1, 2)))
    assert g.points == [(x, y), (x, y), (s, y), (x, y)]
    tiny = Lattice(200 + 40, 100 + 40, 12, 12, 8, 8)  # no room for the shift inside a 12-point cell's middle
    g = safety.prove(Click((1, 2), 2, before=board(), after=board()), tiny, MAP, BOUNDS)
    assert g.points[-1] == g.points[0]


def test_a_click_where_the_last_one_went_just_now_starts_aside():
    """A separate action's click on the point the last click went to
    within the double-click time (a probe's second click on its cell, a
    cell put back) starts REPEAT_SHIFT aside, and its repeats alternate from
    there: two single clicks, not a double-click (a page selected the
    crown's text, and the queen read unreadable)."""
    x, y = 200 + 40 + 2.5 * 60, 100 + 40 + 1.5 * 60
    s = x + safety.REPEAT_SHIFT
    g = safety.prove(Click((1, 2), 2, before=board(), after=board()), LAT, MAP, BOUNDS, clicked=(x, y))
    assert g.events == (("move", s, y), ("click", s, y), ("repeat", x, y, (1, 2)))
    g = safety.prove(Click((1, 2), before=board(), after=board()), LAT, MAP, BOUNDS, clicked=(x + 1, y))
    assert g.events == (("move", x, y), ("click", x, y))  # elsewhere: as ever


def test_a_key_selects_its_cell_then_types():
    g = safety.prove(Key((0, 0), "4", before=board(), after=board()), LAT, MAP, BOUNDS)
    assert [e[0] for e in g.events] == ["move", "click", "key"] and g.events[-1][:2] == ("key", "4")


def _screen_key(x: float, y: float):
    from puzzlebot.vision.screen_keys import ScreenKey

    return ScreenKey("4", (x, y), (int(x) - 5, int(y) - 8, int(x) + 5, int(y) + 8), np.ones((16, 10), bool), False,
                     60.0, 16)


def test_a_key_the_game_draws_is_clicked_after_the_cell_and_only_off_the_board():
    """A game that takes digits only from its own pad: the cell is
    selected, then the pad's key clicked (its value watched in the cell),
    never a key on the board or outside the region."""
    g = safety.prove(Key((0, 0), "4", _screen_key(330, 120), before=board(), after=board()), LAT, MAP, BOUNDS)
    x, y = 200 + 40 + 30, 100 + 40 + 30
    assert g.events == (("move", x, y), ("click", x, y, (0, 0)), ("move", 530, 220), ("press", 530, 220, (0, 0)))
    for at, why in (((150, 150), "lies on the board"), ((284, 120), "lies on the board"),
                    ((420, 120), "outside the region")):
        with pytest.raises(safety.UnsafePoint, match=why):
            safety.prove(Key((0, 0), "4", _screen_key(*at), before=board(), after=board()), LAT, MAP, BOUNDS)


@pytest.mark.parametrize("key", ["enter", "ctrl", "\t", "esc", "f5", "!"])
def test_keys_that_do_anything_but_enter_a_value_are_refused(key):
    with pytest.raises(safety.UnsafePoint, match="refusing to type"):
        safety.prove(Key((0, 0), key, before=board(), after=board()), LAT, MAP, BOUNDS)


def test_a_drag_presses_moves_through_every_cell_and_releases():
    path = ((0, 0), (0, 1), (1, 1), (1, 2))
    g = safety.prove(Drag(path, before=board(), after=board()), LAT, MAP, BOUNDS)
    kinds = [e[0] for e in g.events]
    assert kinds[:2] == ["move", "down"] and kinds[-1] == "up" and set(kinds[2:-1]) == {"move"}
    pts = g.points[1:-1]  # from the press to the last step
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):  # small steps: no cell jumped over
        assert np.hypot(bx - ax, by - ay) <= safety.DRAG_STEP * 60 + 1
    for r, c in path:  # every waypoint is a cell centre, in order
        assert MAP.to_screen(*LAT.center(r, c)) in pts
    order = [pts.index(MAP.to_screen(*LAT.center(r, c))) for r, c in path]
    assert order == sorted(order)
    assert g.events[-1][1:] == MAP.to_screen(*LAT.center(1, 2))


def test_a_drag_that_jumps_a_cell_or_cuts_a_corner_is_refused():
    with pytest.raises(safety.UnsafePoint, match="passes over r1c2"):  # r1c1 -> r1c3 crosses r1c2
        safety.prove(Drag(((0, 0), (0, 2)), before=board(), after=board()), LAT, MAP, BOUNDS)
    with pytest.raises(safety.UnsafePoint, match="must not touch"):  # diagonal: past two other corners
        safety.prove(Drag(((0, 0), (1, 1)), before=board(), after=board()), LAT, MAP, BOUNDS)
    # corner to corner across a rectangle whose cells the drag may cross
    rect = frozenset((r, c) for r in range(3) for c in range(2))
    g = safety.prove(Drag(((0, 0), (2, 1)), over=rect, before=board(), after=board()), LAT, MAP, BOUNDS)
    assert g.events[1][0] == "down"


def test_a_drag_whose_game_takes_only_its_ends_goes_in_pitch_long_steps():
    """A rectangle drawn corner to corner (follow=False): the same press and
    release, a pitch a step between them (a quarter of the steps), each
    step still proven inside the rectangle."""
    rect = frozenset((r, c) for r in range(4) for c in range(3))
    follows = safety.prove(Drag(((0, 0), (3, 2)), over=rect, before=board(), after=board()), LAT, MAP, BOUNDS)
    ends = safety.prove(Drag(((0, 0), (3, 2)), over=rect, follow=False, before=board(), after=board()),
                        LAT, MAP, BOUNDS)
    assert [e[:3] for e in ends.events[:2]] == [e[:3] for e in follows.events[:2]]
    assert ends.events[-1][:3] == follows.events[-1]
    # the cells the mouse may watch drawn: a followed drag's press and each arrival, this one's press and release
    assert [(e[0], e[3]) for e in follows.events if len(e) > 3] == [("down", (0, 0)), ("move", (3, 2))]
    assert [(e[0], e[3]) for e in ends.events if len(e) > 3] == [("down", (0, 0)), ("up", (3, 2))]
    steps = ends.points[1:]
    assert all(np.hypot(bx - ax, by - ay) <= safety.ENDS_STEP * 60 + 1 for (ax, ay), (bx, by) in zip(steps, steps[1:]))
    assert 3 <= len(steps) - 1 <= len(follows.points[1:]) // 3
    with pytest.raises(safety.UnsafePoint, match="must not touch"):  # the way still keeps inside what it may cross
        safety.prove(Drag(((0, 0), (3, 2)), over=rect - {(1, 1)}, follow=False, before=board(), after=board()),
                     LAT, MAP, BOUNDS)


def test_a_drag_off_the_board_or_out_of_the_region_is_refused():
    with pytest.raises(safety.UnsafePoint, match="not a cell"):
        safety.prove(Drag(((0, 3), (0, 4)), before=board(), after=board()), LAT, MAP, BOUNDS)
    small = safety.Bounds(Region(200, 100, 200, 400), [SCREEN])  # the region ends inside column 3
    with pytest.raises(safety.UnsafePoint, match="outside the region"):
        safety.prove(Drag(((0, 1), (0, 2), (0, 3)), before=board(), after=board()), LAT, MAP, small)
    with pytest.raises(BadAction):
        Drag(((0, 0),), before=board(), after=board())


def test_hint_pictures_and_summaries_cover_every_kind():
    plan = [Click((0, 0), 2, before=board(), after=board(((0, 0), 2))),
            Drag(((1, 0), (1, 1)), before=board(), after=board()),
            Key((3, 3), "5", before=board(), after=board())]
    dots, ways = hint_marks(plan, {2: "M"})
    assert dots == [((0, 0), "M"), ((3, 3), "5")] and ways == [[(1, 0), (1, 1)]]
    assert plan_summary(plan) == "1 cells to press (2 clicks), 1 drag through 2 cells, 1 cells to type in"


# --- the loop, on a game drawn in an image -----------------------------------------


class DrawnGame:
    """A 4x4 board in a 400x400 image: a click adds one to a cell (mod 4), a
    drag sets every cell it enters to 3, a key sets the selected cell to
    its digit.  ``deaf``: cells that ignore everything."""

    def __init__(self, state: np.ndarray, deaf=()):
        self.state, self.deaf, self.selected = state.copy(), set(deaf), None

    def image(self) -> np.ndarray:
        img = np.full((400, 400, 3), 250, np.uint8)
        for r in range(4):
            for c in range(4):
                x0, y0, x1, y1 = LAT.box(r, c, 0.05)
                img[y0:y1, x0:x1] = LEVELS[self.state[r, c]]
        return img

    def cell_at(self, x: int, y: int):
        ix, iy = MAP.to_image(x, y)
        r, c = int((iy - LAT.y0) // LAT.py), int((ix - LAT.x0) // LAT.px)
        return (r, c) if 0 <= r < 4 and 0 <= c < 4 and (r, c) not in self.deaf else None


class FakeScreen:
    bounds = SCREEN

    def __init__(self, game: DrawnGame):
        self.game = game

    def grab(self, region: Region) -> np.ndarray:
        full = np.full((SCREEN.height, SCREEN.width, 3), 250, np.uint8)
        full[REGION.top:REGION.top + 400, REGION.left:REGION.left + 400] = self.game.image()
        return full[region.top:region.top + region.height, region.left:region.left + region.width].copy()


class RecordingMouse(FakePointer):
    """Records every event and plays it on the drawn game."""

    screens_list = [SCREEN]

    def __init__(self, game: DrawnGame):
        self.game, self.events, self.pos, self.down = game, [], (5, 400), False

    def move(self, x, y):
        self.perform(safety.Gesture((("move", x, y),), "park"))

    def perform(self, gesture, watch=None):
        g = self.game
        for ev in gesture.events:
            self.events.append(ev)
            if ev[0] == "move":
                self.pos = ev[1:3]
                if self.down and g.cell_at(*self.pos) is not None:
                    g.state[g.cell_at(*self.pos)] = 3
            elif ev[0] in ("click", "repeat"):
                if ev[0] == "repeat":  # Mouse.click moves there first (a repeat goes a few points aside)
                    self.pos = ev[1:3]
                assert self.pos == ev[1:3], "a click where the pointer is not"
                cell = g.selected = g.cell_at(*self.pos)
                if cell is not None:
                    g.state[cell] = (g.state[cell] + 1) % 4
            elif ev[0] == "down":
                self.down = True
                if g.cell_at(*self.pos) is not None:
                    g.state[g.cell_at(*self.pos)] = 3
            elif ev[0] == "up":
                self.down = False
            elif ev[0] == "key" and g.selected is not None:
                g.state[g.selected] = int(ev[1])


class GreyReader(Reader):
    def read_board(self, img, lattice=None, hint=None):
        state = self.read_cells(img, LAT, None)
        return Reading(state, state, LAT)

    def read_cells(self, img, lattice, reading, only=None):
        means = lattice.cell_means(img)[:, :, 0]
        out = np.argmin(np.abs(means[:, :, None] - np.array(LEVELS)[None, None]), axis=2).astype(np.int64)
        if only is not None:
            out[~only] = -1
        return out

    def whole_in(self, img, lattice, reading):
        return Wholeness()

    def describe(self, reading):
        return Detection(reading, "", {})


class GreyPlayer(Player):
    def __init__(self, plan_of):
        self.plan_of = plan_of

    def plan(self, reading):
        return self.plan_of(reading.state)


def grey(plan_of) -> Game:
    return Game("grey", "grey cells", "cells of four greys", values={0: "black", 1: "dark", 2: "light", 3: "white"},
                reader=GreyReader(), player=GreyPlayer(plan_of))


def play(start: np.ndarray, plan_of, deaf=()):
    game = DrawnGame(start, deaf)
    mouse = RecordingMouse(game)
    runner = Runner(grey(plan_of), FakeScreen(game), mouse, Target(REGION), timeout=0.3, say=lambda m: None)
    return runner, mouse, game


def mixed_plan(state):
    s0 = state.copy()
    s1 = s0.copy()
    s1[0, 0] = 2
    s2 = s1.copy()
    s2[1, 0] = s2[1, 1] = s2[2, 1] = 3
    s3 = s2.copy()
    s3[3, 3] = 1
    return [Click((0, 0), 2, before=s0, after=s1),
            Drag(((1, 0), (1, 1), (2, 1)), before=s1, after=s2),
            Key((3, 3), "1", before=s2, after=s3)]  # the select click makes it 1, the key keeps 1


def test_the_loop_plays_clicks_drags_and_keys_and_verifies_each():
    runner, mouse, game = play(board(), mixed_plan)
    result = runner.run()
    assert result.outcome == "solved"
    assert game.state[0, 0] == 2 and game.state[3, 3] == 1
    assert {tuple(x) for x in np.argwhere(game.state == 3)} == {(1, 0), (1, 1), (2, 1)}
    kinds = [e[0] for e in mouse.events]
    # the click and its repeat at one point, the drag's press .. release, the key after its select click
    first_down = kinds.index("down")
    assert kinds[:3] == ["move", "click", "repeat"]
    assert kinds[first_down - 1:first_down + 1] == ["move", "down"] and "up" in kinds[first_down:]
    assert kinds[-3:] == ["click", "key", "move"]  # select, type, then the pointer parks off the board
    assert result.timings.actions == 3 and result.timings.clicks == 4


def test_a_drag_the_game_ignores_stops_the_run_naming_the_cell():
    runner, mouse, game = play(board(), mixed_plan, deaf={(2, 1)})
    with pytest.raises(Stopped, match=r"r3c2 did not change as predicted after dragging r2c1 -> r2c2 -> r3c2"):
        runner.run()
    assert "key" not in [e[0] for e in mouse.events]  # nothing after the failed action


def one_click_each(state):
    """A click on every cell in reading order (each adds one)."""
    plan, cur = [], state.copy()
    for r in range(4):
        for c in range(4):
            after = cur.copy()
            after[r, c] = (after[r, c] + 1) % 4
            plan.append(Click((r, c), before=cur, after=after))
            cur = after
    return plan


class CountingScreen(FakeScreen):
    def __init__(self, game):
        super().__init__(game)
        self.grabs = 0

    def grab(self, region):
        self.grabs += 1
        return super().grab(region)


def test_a_game_that_redraws_at_once_gets_its_clicks_in_batches_each_checked():
    """After the first moves show the game redraws at once, clicks go in
    batches of loop.BATCH and the board is checked after each batch: fewer
    looks, the same end."""
    from puzzlebot.bot.loop import BATCH, STATIC_LEARN

    game = DrawnGame(board())
    mouse, screen = RecordingMouse(game), CountingScreen(game)
    runner = Runner(grey(one_click_each), screen, mouse, Target(REGION), timeout=0.3, say=lambda m: None)
    result = runner.run()
    assert result.outcome == "solved" and (game.state == (board() + 1) % 4).all()
    assert runner.static is True and result.timings.clicks == 16
    # fewer looks at the screen than clicks (each alone: 23 looks here, at least one a click)
    assert screen.grabs < 16 and BATCH > 1 and STATIC_LEARN < 16


def test_a_click_lost_in_a_batch_stops_the_run_naming_the_cell():
    runner, mouse, game = play(board(), one_click_each, deaf={(2, 3)})
    with pytest.raises(Stopped, match=r"r3c4 did not change as predicted"):
        runner.run()
    clicked = [e for e in mouse.events if e[0] == "click"]
    assert len(clicked) < 16  # stopped at the end of that batch, not at the end of the plan


def one_key_each(state):
    """Every cell typed 2, in reading order (the select click adds one
    first, the key sets 2: a key lost shows as 1 or more)."""
    plan, cur = [], state.copy()
    for r in range(4):
        for c in range(4):
            after = cur.copy()
            after[r, c] = 2
            plan.append(Key((r, c), "2", before=cur, after=after))
            cur = after
    return plan


def test_typed_values_and_rectangles_go_in_batches_too_but_never_on_a_cell_the_batch_acts_on():
    from puzzlebot.bot.loop import BATCH

    game = DrawnGame(board())
    mouse, screen = RecordingMouse(game), CountingScreen(game)
    runner = Runner(grey(one_key_each), screen, mouse, Target(REGION), timeout=0.3, say=lambda m: None)
    result = runner.run()
    assert result.outcome == "solved" and (game.state == 2).all() and runner.static is True
    assert screen.grabs < 16 and result.timings.actions == 16 and BATCH > 1
    b = board()
    rect = Drag(((1, 1), (2, 2)), before=b, after=b, over=frozenset((r, c) for r in (1, 2) for c in (1, 2)),
                follow=False)
    assert runner._batches(rect, Key((3, 3), "1", before=b, after=b), 0)
    assert not runner._batches(rect, Click((2, 1), before=b, after=b), 0)  # inside the rectangle
    assert not runner._batches(Key((0, 0), "1", before=b, after=b), Key((0, 0), "2", before=b, after=b), 0)
    assert not runner._batches(Key((0, 0), "1", before=b, after=b), Key((0, 1), "2", before=b, after=b), BATCH - 1)
    runner, mouse, game = play(board(), one_key_each, deaf={(3, 1)})
    with pytest.raises(Stopped, match=r"r4c2 did not change as predicted") as stop:
        runner.run()
    assert "actions sent together, the last typing '2' on r4c" in str(stop.value)  # the batch, not one action
    assert "fixed pace" not in str(stop.value)


def test_a_batch_of_keys_typed_at_the_fixed_pace_that_went_wrong_says_so():
    """A game that showed no selection in time gets its keys at a fixed
    pace, where a key can overtake its click and reach the cell selected
    before: the stop says so (and names the batch, not its last action)."""
    runner, mouse, game = play(board(), one_key_each, deaf={(3, 1)})
    mouse.keys_unwatched = True
    with pytest.raises(Stopped, match=r"r4c2 did not change as predicted after \d+ actions sent together, the last "
                       r"typing '2' on r4c\d: .*the keys went at a fixed pace .* the cell selected before; stopped"):
        runner.run()


def test_a_board_that_differs_before_an_action_stops_before_it():
    def plan_of(state):
        wrong = state.copy()
        wrong[2, 2] = 1  # the plan expects a cell the board does not show
        return [Click((0, 0), before=wrong, after=wrong)]

    runner, mouse, game = play(board(), plan_of)
    with pytest.raises(Stopped, match="before acting on r1c1: r3c3 shows black, expected dark"):
        runner.run()
    assert not [e for e in mouse.events if e[0] in ("click", "down", "key")]


def test_an_empty_plan_says_the_board_is_solved_and_a_rectangle_drag_is_outlined():
    assert plan_summary([]) == "the board is solved: nothing to do"
    board = np.zeros((4, 4), np.int64)
    rect = Drag(((1, 1), (2, 3)), before=board, after=board, over=frozenset((r, c) for r in (1, 2) for c in (1, 2, 3)))
    line = Drag(((0, 0), (0, 2)), before=board, after=board)
    _, ways = hint_marks([rect, line], {})
    assert ways == [[(1, 1), (1, 3), (2, 3), (2, 1), (1, 1)], [(0, 0), (0, 2)]]


class DotGame(DrawnGame):
    """Cells of one grey; a click puts a dot three pixels wide in a cell's
    middle (its value 1): the cell's mean colour moves by about a level."""

    def image(self) -> np.ndarray:
        img = np.full((400, 400, 3), 250, np.uint8)
        for r in range(4):
            for c in range(4):
                x0, y0, x1, y1 = LAT.box(r, c, 0.05)
                img[y0:y1, x0:x1] = 150
                if self.state[r, c]:
                    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
                    img[cy - 1:cy + 2, cx - 1:cx + 2] = 30
        return img


class DotReader(GreyReader):
    def read_cells(self, img, lattice, reading, only=None):
        out = np.zeros((lattice.rows, lattice.cols), np.int64)
        for r in range(lattice.rows):
            for c in range(lattice.cols):
                x0, y0, x1, y1 = lattice.box(r, c, 0.05)
                out[r, c] = int(img[(y0 + y1) // 2, (x0 + x1) // 2, 0] < 90)
        if only is not None:
            out[~only] = -1
        return out


def test_a_mark_too_thin_to_move_a_cells_colour_is_seen_at_once():
    """A thin mark (a Queens x drawn in a light thin font) barely moves its
    cell's mean colour: the loop, which reads again only the cells whose
    colour changed, waited each move out to its settle ceiling before one
    full read saw it (15.7 s for a 6x6 Queens page of 9 moves).  The cells a
    move must change are read on every look now: a few looks a move."""
    def dots(state):
        plan, cur = [], state.copy()
        for r, c in ((0, 0), (1, 2), (2, 1), (3, 3)):
            after = cur.copy()
            after[r, c] = 1
            plan.append(Click((r, c), before=cur, after=after))
            cur = after
        return plan

    game = DotGame(board())
    mouse, screen = DotMouse(game), CountingScreen(game)
    g = Game("dots", "dots", "a dot per click", values={0: "empty", 1: "dot"}, reader=DotReader(),
             player=GreyPlayer(dots))
    runner = Runner(g, screen, mouse, Target(REGION), timeout=5.0, say=lambda m: None)
    result = runner.run()
    assert result.outcome == "solved" and int(game.state.sum()) == 4
    assert screen.grabs <= 10 * 4, screen.grabs  # (waiting out the ceiling: hundreds a move)


class DotMouse(RecordingMouse):
    """A click puts a dot (value 1) in the cell."""

    def perform(self, gesture, watch=None):
        for ev in gesture.events:
            self.events.append(ev)
            if ev[0] in ("move", "click", "repeat"):
                self.pos = ev[1:3]
            if ev[0] == "click" and self.game.cell_at(*self.pos) is not None:
                self.game.state[self.game.cell_at(*self.pos)] = 1
