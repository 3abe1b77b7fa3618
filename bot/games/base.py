"""What a game is to the commands: one :class:`Game` value per game, made of
typed parts, one for each kind of user.

The commands (``solve``, ``generate``, ``detect``, ``hint``, ``run``,
``calibrate``, ``demo``) and the run loop are built from the registry
(:mod:`puzzlebot.bot.games`) and never name a game.  A game states what it
has by the parts it is given, and what it can do follows from them
(:attr:`Game.can`):

* :class:`Solver`    -- ``solve``: a puzzle file in, the answer out (printing, ``--json``);
* :class:`Generator` -- ``generate``: new puzzles, in a form ``solve`` reads back;
* :class:`Reader`    -- ``detect``: a screenshot read into the one
  :class:`puzzlebot.vision.reading.Reading`, re-read cell by cell between
  moves, checked whole in a wider capture, and described in words and JSON;
* :class:`Player`    -- with a reader, ``run``, ``hint`` and ``coach``: the
  actions that solve a board read, the next step in words (:class:`Advice`),
  and where the game's window usually is;
* :class:`Scorer`    -- ``detect --labels``: a reading against our data's labels;
* :class:`StandIn`   -- with a player, ``demo``: opens our simulator of it.

Each part is an abstract class: a part missing a method fails when the game
module is imported (the class cannot be instantiated), and a game whose parts
do not fit together (a player without a reader) fails in :class:`Game`
itself, not in the middle of a command.
"""

from __future__ import annotations

import enum
import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from puzzlebot.bot.actions import Action, Click, cell_name
from puzzlebot.solvers.errors import PuzzlebotError, UnsolvableError

if TYPE_CHECKING:  # annotations only: the command line starts without numpy or OpenCV
    import argparse

    import numpy as np

    from puzzlebot.vision.board_checks import Wholeness
    from puzzlebot.vision.lattice import Lattice
    from puzzlebot.vision.reading import Reading


class Capability(enum.Enum):
    SOLVE = "solve"
    GENERATE = "generate"
    DETECT = "detect"
    HINT = "hint"
    RUN = "run"
    COACH = "coach"
    DEMO = "demo"


@dataclass
class Detection:
    """What ``detect`` shows of one screenshot: the reading, in words, as
    JSON, and drawn over the image.  Sure exactly when the reading is."""

    reading: Reading
    text: str  # the board as text plus a summary line or two
    data: dict  # the --json object
    unsure: list[str] = field(default_factory=list)  # where the reader is unsure, in words (batch lines)
    debug: Callable[[np.ndarray], np.ndarray] | None = None  # draws the reading over the image

    @property
    def sure(self) -> bool:
        return self.reading.sure

    @property
    def lattice(self) -> Lattice:
        return self.reading.lattice


@dataclass
class OpenStandIn:
    """One of our simulators open on the screen (see :meth:`StandIn.open`)."""

    label: str  # "Enlight level 3", for messages
    slug: str  # "enlight": names its before/after screenshots
    region: object  # calibration.mapping.Region holding the game
    solved: Callable[[float], bool]  # asks the game itself, waiting up to the given seconds
    close: Callable[[], None]
    window: str | None = None  # a window title to follow, when the game has its own window


@dataclass(frozen=True)
class Advice:
    """What the coach shows of a board as it stands: the next step in words
    at three levels (where to look, which rule, the answer), and the cells
    it is about; or a wrong move (a rule broken, or a value the only answer
    does not have) and why; or that the board is solved."""

    levels: tuple[str, str, str]
    cells: tuple[tuple[int, int], ...] = ()
    wrong: bool = False
    solved: bool = False
    answer: dict[tuple[int, int], str] = field(default_factory=dict)  # cell -> label drawn at level 3

    def level(self, k: int) -> str:
        return self.levels[max(1, min(3, k)) - 1]

    @classmethod
    def done(cls) -> Advice:
        return cls(("the puzzle is solved",) * 3, solved=True)

    @classmethod
    def mistake(cls, text: str, cells=()) -> Advice:
        return cls((text,) * 3, tuple(cells), wrong=True)


class Solver(ABC):
    """``solve GAME FILE``: files of the game's format in, answers out."""

    description = ""  # --help's description
    epilog = ""  # --help's epilog: the format and examples ("  puzzlebot ..." lines are run by the tests)

    @abstractmethod
    def arguments(self, parser: argparse.ArgumentParser) -> None:
        """The command's arguments (the file, and the game's options)."""

    @abstractmethod
    def solve(self, args: argparse.Namespace) -> int:
        """Solve the file, print the answer (``answer.to_text()``, or
        ``to_json()`` with --json); the exit status."""


class Generator(ABC):
    """``generate GAME``: puzzles with one solution, as ``solve`` reads them."""

    description = ""
    epilog = ""

    @abstractmethod
    def arguments(self, parser: argparse.ArgumentParser) -> None: ...

    @abstractmethod
    def generate(self, args: argparse.Namespace) -> int: ...


class Reader(ABC):
    """The game seen in a screenshot (:mod:`puzzlebot.vision`)."""

    description = ""
    epilog = ""
    example_image = ""  # a screenshot under examples/, for --help
    # Whether a cell's value shows in the cell's own middle, so that between
    # moves only the cells whose middles changed colour need reading again
    # (False where a value is drawn on the cell's sides: Zip's trail).
    values_in_middles = True
    # The vision module read_board reads with: a command imports it while
    # the screenshot decodes (prepare), so that the two go on at once.
    vision_module = ""

    def prepare(self) -> None:
        """Import what read_board needs, ahead of the first image."""
        if self.vision_module:
            importlib.import_module(self.vision_module)

    @abstractmethod
    def read_board(self, img: np.ndarray, lattice: Lattice | None = None, hint: Lattice | None = None) -> Reading:
        """What the image shows, sure or not (the vision reader's ``read``);
        NoBoardError when it holds no board of this game.  ``lattice``: where
        the board is known to be; ``hint``: a calibrated lattice, used only
        where the image cannot show the board's extent by itself (and
        checked against what it shows)."""

    @abstractmethod
    def read_cells(self, img: np.ndarray, lattice: Lattice, reading: Reading,
                   only: np.ndarray | None = None) -> np.ndarray:
        """Every cell of a fresh capture, judged by the looks of ``reading``
        (-1 where a cell cannot be told); ``only``: a mask of the cells to
        read, the others come back -1."""

    @abstractmethod
    def whole_in(self, img: np.ndarray, lattice: Lattice, reading: Reading) -> Wholeness:
        """Whether the board read before is whole in a larger capture."""

    @abstractmethod
    def describe(self, reading: Reading) -> Detection:
        """The reading in words, as JSON and drawn (``detect``)."""

    def check(self, reading: Reading) -> None:
        """Refuse (UnsolvableError) a sure reading that breaks the game's rules."""

    def moot(self, reading: Reading) -> set:
        """The places of ``reading.unsure`` whose doubt cannot change what the
        bot does (the bot may act with them; ``detect`` still says them)."""
        return set()

    def probe_tells(self, reading: Reading) -> set:
        """The places of ``reading.unsure`` whose doubt the game's answer to
        the player's probe settles (the bot may start on them, and acts on
        nothing before the probe has settled them)."""
        return set()

    def open_sides(self, reading: Reading) -> tuple[str, ...]:
        """The sides of the board read where the image cannot show whether it
        goes on (cells drawn as the page, no frame), when that is its only
        doubt but for single cells': the bot may find them out by playing
        (:meth:`Player.reveal`).  Empty: the extent is known, or other
        doubts of the whole board remain."""
        return ()

    def cell_beyond(self, before: np.ndarray, after: np.ndarray, lattice: Lattice, cell: tuple[int, int],
                    reading: Reading) -> bool | None:
        """After a move that would change ``cell`` (lattice coordinates, just
        outside ``lattice``) if the board went on there: True when a cell
        shows there in ``after`` that ``before`` did not show, False when its
        place shows the page, unchanged, None when the images cannot tell."""
        return None

    def in_doubt(self, reading: Reading, probing: bool = False) -> bool:
        """Whether the reading leaves a doubt that could change what the bot
        does (one not :meth:`moot`; ``probing``: nor one the player's probe
        settles, :meth:`probe_tells`): then it does not act, nor advise."""
        settled = self.probe_tells(reading) if probing else set()
        return bool(set(reading.unsure) - self.moot(reading) - settled)

    def detect(self, img: np.ndarray) -> Detection:
        return self.describe(self.read_board(img))

    def read(self, img: np.ndarray, hint: Lattice | None = None, probing: bool = False) -> Reading:
        """The board found afresh in ``img``, for acting on: every cell sure
        and the rules kept, else an error saying where and why.  ``hint``: a
        calibrated lattice, used only where the image cannot show the board's
        extent by itself (and checked against what it shows).  ``probing``:
        the caller probes the game before acting (doubts a probe settles are
        let through: :meth:`probe_tells`)."""
        from puzzlebot.vision.errors import UnreadableBoardError

        reading = self.read_board(img, hint=hint)
        if self.in_doubt(reading, probing):
            raise UnreadableBoardError(f"not sure what the board shows ({reading.doubts()}); not clicking",
                                       reading.lattice)
        self.check(reading)
        return reading


class Player(ABC):
    """How the bot plays the game on screen."""

    window_title = ""  # the title of our stand-in's window
    default_window = ""  # a title pattern tried when no --window/--region/profile says where the game is
    run_examples = ""  # lines for the epilog of 'run'/'calibrate'
    labels: dict[int, str] = {}  # cell value -> a letter drawn on the hint picture
    # (flag, argparse keywords) of 'run' that only this game takes (default None: not given)
    options: tuple[tuple[str, dict], ...] = ()

    def configure(self, args) -> None:
        """Take this game's own 'run' options from the parsed arguments."""

    def probe(self, reading: Reading, plan: list[Action], asked: bool = False) -> Action | None:
        """An action to try first when the reading leaves unknown how the game
        answers one (which piece a first click puts, when no look says which
        is which), or (``asked``: 'calibrate --probe') one that checks the
        game keeps the rules the bot assumes: the bot performs it, waits for
        the board to settle and gives what it shows to :meth:`learn`.  None:
        nothing to learn."""
        return None

    def learn(self, reading: Reading, probe: Action, seen, shot: np.ndarray | None = None,
              lat: Lattice | None = None) -> tuple[Reading | None, str]:
        """(the reading made right by what the game showed after ``probe``,
        what was learnt), or (None, why the game's answer fits no rule).
        ``seen``: the cells read after it; where the probed cell shows a
        look not known yet (read as before, or -1, its colour changed and
        still), ``shot`` (captured at ``lat``) shows it to learn from."""
        return reading, ""

    def reveal(self, reading: Reading, sides: tuple[str, ...]) -> tuple[Action, dict[str, tuple[int, int]]] | None:
        """A move that shows whether the board goes on past ``sides``
        (:meth:`Reader.open_sides`): (the action, within the board read, and
        for each side it tells, the place just outside the lattice whose
        cell it would change); None: the game cannot be asked so."""
        return None

    def other_way(self, reading: Reading, action: Action) -> bool:
        """Whether another way to play may be left to try should the game
        take no notice of ``action``, the plan's first (then the loop waits
        only NO_ANSWER for it, and asks :meth:`instead`)."""
        return False

    def instead(self, reading: Reading, action: Action, shot: np.ndarray) -> tuple[Reading, str] | None:
        """When the game took no notice of the plan's first action (no cell
        changed colour for the loop's NO_ANSWER after it; ``shot``: the
        region captured now): (the reading with what that taught, in words)
        when another way to play is left to try, whose plan :meth:`plan`
        then gives; None: the bot stops."""
        return None

    def answered(self, reading: Reading, probe: Action, seen) -> bool:
        """Whether the game's answer to ``probe`` so far (``seen``: the
        cells read, the probed one's colour changed) is all :meth:`learn`
        needs, with no look to learn from it: the bot goes on at once
        instead of waiting for the cell to hold still (LOOK_STILL)."""
        return False

    @staticmethod
    def changed_elsewhere(probe: Action, seen, what: str) -> str:
        """Why the game's answer to ``probe`` (``what`` it was, in words) is
        not one cell's (another cell of ``seen`` changed too), or ''."""
        import numpy as np

        others = seen != probe.before
        others[probe.cell] = False
        if not others.any():
            return ""
        r, c = (int(v) for v in np.argwhere(others)[0])
        return f"{what} changed r{r + 1}c{c + 1} too: not one cell's cycle"

    def put_back(self, reading: Reading, probe: Action) -> Action | None:
        """The action that returns the probed cell to what it showed before
        (``reading``: after the probe, learnt), for 'calibrate --probe'."""
        return None

    def facts(self, reading: Reading) -> dict[str, str]:
        """What a learnt reading knows that no look told, to keep in the profile."""
        return {}

    def recall(self, reading: Reading, facts: dict[str, str]) -> Reading:
        """The reading with facts kept from an earlier probe applied (those
        that fit this board's look; the others are left for a new probe)."""
        return reading

    @abstractmethod
    def plan(self, reading: Reading) -> list[Action]:
        """The actions that solve the board read, each with the whole board
        before and after it; raises (why) when there is no single answer."""

    rule = "the move is part of the only answer"  # level 2 of the plan's advice, where no deduction is told

    def advise(self, reading: Reading) -> Advice:
        """The next step for a person at this board (``coach``).  Here: the
        plan's first move (games whose solver explains its deductions give
        the deduction and its rule instead, and point out wrong moves)."""
        from puzzlebot.bot.actions import Drag, Key

        try:
            plan = self.plan(reading)
        except UnsolvableError as e:  # the puzzle's (no single answer), not a move's: no move is blamed
            return Advice((str(e).replace("; not clicking", "").replace(": not clicking", ""),) * 3)
        if not plan:
            return Advice.done()
        a = plan[0]
        cells = tuple(a.path) if isinstance(a, Drag) else (a.cell,)
        label = a.key if isinstance(a, Key) else self.labels.get(int(a.after[a.cell]), "")
        move = a.describe()
        return Advice((f"look at {cell_name(a.cell)}", f"use the rule: {self.rule}",
                       f"{move[0].upper()}{move[1:]} ({len(plan)} move{'s' if len(plan) > 1 else ''} left)"),
                      cells, answer={a.cell: label} if label else {})


class Scorer(ABC):
    """A reading against our data's labels (``detect --labels``)."""

    def has_board(self, label: dict) -> bool:
        """Whether a labelled image shows a board of this game (else the
        reader must refuse it)."""
        return True

    @abstractmethod
    def score(self, data: dict, label: dict) -> list[tuple[str, tuple[int, int] | None]]:
        """How a reading (``Detection.data``) differs from a label: (what,
        cell or None) per difference; empty when exact."""


class StandIn(ABC):
    """Our simulator of the game, for the demo and the screen tests."""

    options: tuple[tuple[str, dict], ...] = ()  # (flag, argparse keywords) for 'demo'

    @abstractmethod
    def open(self, workdir, options) -> OpenStandIn:
        """Open it on the current display (``options``: the demo's parsed arguments)."""


class BadGame(TypeError):
    """A game declared with parts that do not fit: a programming error,
    raised when the game's module is imported."""


_PARTS = {"solver": Solver, "generator": Generator, "reader": Reader, "player": Player, "scorer": Scorer,
          "stand_in": StandIn}


@dataclass(frozen=True)
class Game:
    """One game of the registry: its names and what it can do (solve, generate, read, play)."""
    name: str  # the command-line name
    title: str  # in messages: "Lights Out"
    summary: str  # one line, in the lists of games in --help
    aliases: tuple[str, ...] = ()  # other names that mean this game
    values: dict[int, str] = field(default_factory=dict)  # cell value -> words for messages
    solver: Solver | None = None
    generator: Generator | None = None
    reader: Reader | None = None
    player: Player | None = None
    scorer: Scorer | None = None
    stand_in: StandIn | None = None

    def __post_init__(self):
        for name, kind in _PARTS.items():
            part = getattr(self, name)
            if part is not None and not isinstance(part, kind):
                raise BadGame(f"game {self.name!r}: its {name} is a {type(part).__name__}, not a {kind.__name__}")
        for needs, what in (("player", "reader"), ("scorer", "reader"), ("stand_in", "player")):
            if getattr(self, needs) is not None and getattr(self, what) is None:
                raise BadGame(f"game {self.name!r} has a {needs} but no {what}")
        if not (self.name and self.title and self.summary):
            raise BadGame(f"game {self.name!r}: a name, a title and a summary are needed")

    @property
    def can(self) -> frozenset[Capability]:
        have = set()
        if self.solver:
            have.add(Capability.SOLVE)
        if self.generator:
            have.add(Capability.GENERATE)
        if self.reader:
            have.add(Capability.DETECT)
        if self.reader and self.player:
            have |= {Capability.RUN, Capability.HINT, Capability.COACH}
        if self.stand_in:
            have.add(Capability.DEMO)
        return frozenset(have)

    def value_name(self, v) -> str:
        if v is None or v == -1:
            return "unreadable"
        return self.values.get(int(v), str(v))

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def unsure_json(reading) -> list[dict]:
    """Where a reading is unsure and why, as every game's ``detect --json``
    gives it: ``[{"where": [r, c] | [r1, c1, r2, c2] | "board", "why": "..."}]``
    (a cell, the mark between two cells, or the whole board)."""
    items = sorted(reading.unsure.items(), key=lambda kv: (isinstance(kv[0], str), str(kv[0])))
    return [{"where": w if isinstance(w, str) else [int(v) for v in w], "why": why} for w, why in items]


def cells_text(cells) -> str:
    """Cells as the user counts them: r1c2 r3c4 ..."""
    return " ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def cycle_clicks(cycle: tuple[int, ...], frm: int, to: int) -> int:
    """How many clicks take a cell from ``frm`` to ``to`` around ``cycle``
    (the values a click moves it through, in order; both in it)."""
    return (cycle.index(to) - cycle.index(frm)) % len(cycle)


def click_plan(state: np.ndarray, target: np.ndarray, cycle: int | tuple[int, ...],
               skip: np.ndarray | None = None) -> list[Click]:
    """Clicks that turn ``state`` into ``target`` in a game where a click
    moves a cell one value on around a cycle: of ``cycle`` values 0, 1, ...
    (Tango: empty -> sun -> moon; Queens: empty -> x -> queen), or of the
    values ``cycle`` lists in click order (a Queens game whose click puts a
    queen at once: (empty, queen)); ``skip``: cells never clicked (locked
    givens).  With a listed cycle, a cell to change from or to a value not
    in it is an UnsolvableError (no click gets it there)."""
    steps, cur = [], state.copy()
    for r in range(cur.shape[0]):
        for c in range(cur.shape[1]):
            if skip is not None and skip[r, c]:
                continue
            if isinstance(cycle, int):
                k = int((target[r, c] - cur[r, c]) % cycle)
            elif target[r, c] == cur[r, c]:
                k = 0
            elif cur[r, c] in cycle and target[r, c] in cycle:
                k = cycle_clicks(cycle, int(cur[r, c]), int(target[r, c]))
            else:
                raise UnsolvableError(f"{cell_name((r, c))} must change from {int(cur[r, c])} to "
                                      f"{int(target[r, c])}, and this game's click cycles through "
                                      f"{', '.join(map(str, cycle))} only: not clicking")
            if k:
                after = cur.copy()
                after[r, c] = target[r, c]
                steps.append(Click((r, c), k, before=cur, after=after))
                cur = after
    return steps


def solve_each(puzzles: list, args, solve_one: Callable) -> int:
    """``solve`` over a file of one puzzle or several: each solved by
    ``solve_one(puzzle, args)``, a bad one reported on its own line (and as
    a JSON error line with --json) without stopping the others; the worst
    exit status."""
    import json
    import sys

    if len(puzzles) == 1:
        return solve_one(puzzles[0][1], args)
    worst = 0
    for i, (where, p) in enumerate(puzzles, 1):
        if not args.json:
            print(f"{chr(10) if i > 1 else ''}# puzzle {i}")
        try:
            solve_one(p, args)
        except PuzzlebotError as e:  # one bad puzzle does not stop the others
            msg = str(e) if str(e).startswith(where) else f"{where}: {e}"
            print(f"puzzlebot: {msg}", file=sys.stderr)
            if args.json:
                print(json.dumps({"puzzle": i, "error": str(e)}))
            worst = max(worst, e.exit_code)
        sys.stdout.flush()
    return worst


# The demo options of the games whose stand-in is a generated web page.
WEB_DEMO_OPTIONS = (
    ("--seed", {"type": int, "default": 7, "help": "puzzle seed of the generated stand-ins (default 7)"}),
    ("--dark", {"action": "store_true", "help": "web stand-ins in dark mode"}),
)


def web_stand_in(module: str, slug: str, label: str, box: tuple[int, int, int, int], workdir, options,
                 *page_args: str) -> OpenStandIn:
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
        launch.wait_for(ev, "ready", 60, proc)
        time.sleep(1.0)
    except BaseException:
        if browser is not None:
            browser.close()
        launch.stop(proc)
        raise

    def close():
        browser.close()
        launch.stop(proc)

    return OpenStandIn(label, slug, Region(*box), lambda t: logged_solved(ev, t), close)


class WebStandIn(StandIn):
    """A stand-in web page of ours (``python -m MODULE``) in a headed
    Chromium window at ``box`` (x, y, w, h), its puzzle made from the demo's
    --seed (and --dark)."""

    options = WEB_DEMO_OPTIONS

    def __init__(self, module: str, slug: str, title: str, box: tuple[int, int, int, int], *page_args: str):
        self.module, self.slug, self.title, self.box, self.page_args = module, slug, title, box, page_args

    def open(self, workdir, options) -> OpenStandIn:
        """``options``: ``seed``, ``dark``, and (``sim``) ``size`` or ``puzzle``."""
        seed = getattr(options, "seed", 7)
        args, title = list(self.page_args), self.title
        size, puzzle = getattr(options, "size", None), getattr(options, "puzzle", None)
        if "--size" in args and (size or puzzle):
            del args[args.index("--size"):args.index("--size") + 2]
        if puzzle:
            return web_stand_in(self.module, self.slug, f"{title.rsplit(' ', 1)[0]} ({puzzle})", self.box, workdir,
                                options, "--puzzle", str(puzzle), *args)
        if size:
            args += ["--size", str(size)]
            title = f"{title.rsplit(' ', 1)[0]} {size}x{size}"
        return web_stand_in(self.module, self.slug, f"{title} (seed {seed})", self.box, workdir, options,
                            "--seed", str(seed), *args)


def logged_solved(events, timeout: float) -> bool:
    """Whether one of our simulators logged "solved" in its event file
    within ``timeout`` seconds: the game's word, not the bot's."""
    from puzzlebot.sim import launch

    try:
        launch.wait_for(events, "solved", timeout)
        return True
    except PuzzlebotError:
        return False


class UnknownGame(PuzzlebotError):
    exit_code = 2
