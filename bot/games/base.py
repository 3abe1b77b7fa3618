"""What a game is to the commands: one :class:`Game` object per game.

The commands (``solve``, ``generate``, ``detect``, ``hint``, ``run``,
``calibrate``, ``demo``) and the run loop are built from the registry
(:mod:`puzzlebot.bot.games`) and never name a game.  A game says what it can do in
``can`` and supplies the matching methods:

* ``solve``     -- ``solve_arguments(parser)`` and ``solve(args)``: a puzzle file in, the answer out;
* ``generate``  -- ``generate_arguments(parser)`` and ``generate(args)``;
* ``detect``    -- ``detect(img)``: a screenshot read into a :class:`Detection`;
* ``run``       -- ``read``, ``read_cells``, ``whole_in`` and ``plan``: what the
  bot needs to play it on screen (and ``hint``, which draws the plan);
* ``demo``      -- ``stand_in(...)``: opens our simulator of it, for the demo and
  the screen tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from puzzlebot.bot.actions import Action, Click
from puzzlebot.solvers.errors import PuzzlebotError

if TYPE_CHECKING:  # annotations only: the command line starts without numpy or OpenCV
    import numpy as np

    from puzzlebot.vision.lattice import Lattice


@dataclass
class Reading:
    state: np.ndarray  # per cell, the game's values (see Game.values)
    lattice: Lattice
    raw: object = None  # the reader's own result (its looks, for re-reading cells)
    touches: list[str] = field(default_factory=list)  # sides where the image ended at the board


@dataclass
class Detection:
    """What ``detect`` shows of one screenshot: the reading in words, as
    JSON, and drawn over the image."""

    sure: bool
    lattice: Lattice
    text: str  # the board as text plus a summary line or two
    data: dict  # the --json object
    unsure: list[str] = field(default_factory=list)  # where the reader is unsure, in words
    debug: Callable[[np.ndarray], np.ndarray] | None = None  # draws the reading over the image


@dataclass
class StandIn:
    """One of our simulators open on the screen (see ``Game.stand_in``)."""

    label: str  # "Enlight level 3", for messages
    slug: str  # "enlight": names its before/after screenshots
    region: object  # puzzlebot.calibration.mapping.Region holding the game
    solved: Callable[[float], bool]  # asks the game itself, waiting up to the given seconds
    close: Callable[[], None]
    window: str | None = None  # a window title to follow, when the game has its own window


class Game:
    name = ""  # the command-line name
    aliases: tuple[str, ...] = ()  # other names that mean this game
    title = ""  # in messages: "Lights Out"
    summary = ""  # one line, in the lists of games in --help
    can: frozenset[str] = frozenset()  # of: solve generate detect run demo
    window_title = ""  # the title of our stand-in's window
    default_window = ""  # a title pattern tried when no --window/--region/profile says where the game is
    values: dict[int, str] = {}  # cell value -> words for messages
    labels: dict[int, str] = {}  # cell value -> a letter drawn on the hint picture
    # help texts: epilogs with examples ("  puzzlebot ..." lines are run by the tests)
    solve_description = solve_epilog = ""
    generate_description = generate_epilog = ""
    detect_description = detect_epilog = ""
    run_examples = ""  # lines for the epilog of 'run'/'calibrate'
    demo_options: tuple[tuple[str, dict], ...] = ()  # (flag, argparse keywords) for 'demo'

    # --- files --------------------------------------------------------------

    def solve_arguments(self, parser) -> None:
        raise NotImplementedError

    def solve(self, args) -> int:
        raise NotImplementedError

    def generate_arguments(self, parser) -> None:
        raise NotImplementedError

    def generate(self, args) -> int:
        raise NotImplementedError

    # --- screenshots ----------------------------------------------------------

    def detect(self, img: np.ndarray) -> Detection:
        """What the reader sees in ``img``; NoBoardError when no board of this game."""
        raise NotImplementedError

    # --- the bot ---------------------------------------------------------------

    def read(self, img: np.ndarray, hint: Lattice | None = None) -> Reading:
        """The board found afresh in ``img``; raises unless every cell is sure.
        ``hint``: a calibrated lattice, used only where the image cannot
        show the board's extent by itself (and checked against what it shows)."""
        raise NotImplementedError

    def read_cells(self, img: np.ndarray, lattice: Lattice, reading: Reading,
                   only: np.ndarray | None = None) -> np.ndarray:
        """Every cell of a fresh capture, judged by the looks of ``reading``
        (-1 where a cell cannot be told); ``only``: a mask of the cells to
        read, the others come back -1."""
        raise NotImplementedError

    def whole_in(self, img: np.ndarray, lattice: Lattice, reading: Reading):
        """The board's :class:`puzzlebot.vision.board_checks.Wholeness` in a larger capture."""
        raise NotImplementedError

    def plan(self, reading: Reading) -> list[Action]:
        """The actions that solve the board read, each with the whole board
        before and after it; raises (why) when there is no single answer."""
        raise NotImplementedError

    # --- scoring against labels (detect --labels) -------------------------------

    def label_has_board(self, label: dict) -> bool:
        """Whether a labelled image shows a board of this game (else the
        reader must refuse it)."""
        return True

    def score(self, data: dict, label: dict) -> list[tuple[str, tuple[int, int] | None]]:
        """How a reading (``Detection.data``) differs from a label in our
        data format: (what, cell or None) per difference; empty when exact."""
        raise NotImplementedError

    def stand_in(self, workdir, options) -> StandIn:
        """Open our simulator of this game on the current display
        (``options``: the demo's parsed arguments)."""
        raise NotImplementedError

    # --- words -----------------------------------------------------------------

    def value_name(self, v) -> str:
        if v is None or v == -1:
            return "unreadable"
        return self.values.get(int(v), str(v))

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def cells_text(cells) -> str:
    """Cells as the user counts them: r1c2 r3c4 ..."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def click_plan(state: np.ndarray, target: np.ndarray, cycle: int, skip: np.ndarray | None = None) -> list[Click]:
    """Clicks that turn ``state`` into ``target`` in a game where a click
    moves a cell one value on around a cycle of ``cycle`` values (Tango:
    empty -> sun -> moon; Queens: empty -> x -> queen); ``skip``: cells never
    clicked (locked givens)."""
    steps, cur = [], state.copy()
    for r in range(cur.shape[0]):
        for c in range(cur.shape[1]):
            if skip is not None and skip[r, c]:
                continue
            k = int((target[r, c] - cur[r, c]) % cycle)
            if k:
                after = cur.copy()
                after[r, c] = target[r, c]
                steps.append(Click((r, c), k, before=cur, after=after))
                cur = after
    return steps


# The demo options of the games whose stand-in is a generated web page.
WEB_DEMO_OPTIONS = (
    ("--seed", {"type": int, "default": 7, "help": "puzzle seed of the generated stand-ins (default 7)"}),
    ("--dark", {"action": "store_true", "help": "web stand-ins in dark mode"}),
)


def web_stand_in(module: str, slug: str, label: str, box: tuple[int, int, int, int], workdir, options,
                 *page_args: str) -> StandIn:
    """A stand-in web page (``python -m MODULE``, our page server) open in a
    headed Chromium window at ``box`` (x, y, w, h), in dark mode when the
    options say so; ready once the page logs "ready"."""
    import time

    from puzzlebot.calibration.mapping import Region
    from puzzlebot.sim import launch
    from puzzlebot.sim.browser import Browser

    ev = workdir / f"{slug}.jsonl"
    port = launch.free_port()
    proc = launch.start_page(module, ev, port, *page_args)
    browser = None
    try:
        time.sleep(0.5)
        url = f"http://127.0.0.1:{port}/" + ("?mode=dark" if getattr(options, "dark", False) else "")
        browser = Browser(url, *box)
        launch.wait_for(ev, "ready", 60)
        time.sleep(1.0)
    except BaseException:
        if browser is not None:
            browser.close()
        launch.stop(proc)
        raise

    def close():
        browser.close()
        launch.stop(proc)

    return StandIn(label, slug, Region(*box), lambda t: logged_solved(ev, t), close)


def logged_solved(events, timeout: float) -> bool:
    """Whether one of our simulators logged "solved" in its event file
    within ``timeout`` seconds: the game's word, not the bot's."""
    from puzzlebot.sim import launch

    try:
        launch.wait_for(events, "solved", timeout)
        return True
    except PuzzlebotError:
        return False


# A board found with its extent unknown agrees with a calibrated lattice when
# the pitches differ by at most this share and its cells fall on the
# calibrated cells within this share of a pitch.
HINT_PITCH, HINT_OFFSET = 0.02, 0.1


def on_lattice(seen: Lattice, hint: Lattice) -> bool:
    """Whether the cells seen lie on the calibrated lattice's cells."""
    for a, b, o in ((seen.px, hint.px, seen.x0 - hint.x0), (seen.py, hint.py, seen.y0 - hint.y0)):
        if abs(a - b) > HINT_PITCH * b:
            return False
        k = o / b
        if abs(k - round(k)) > HINT_OFFSET:
            return False
    return True


class UnknownGame(PuzzlebotError):
    exit_code = 2
