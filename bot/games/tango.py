"""LinkedIn Tango: fill the grid with suns and moons, as many of each in
every row and column, no three alike in a line, = and x between cells.  A
click cycles a cell empty -> sun -> moon -> empty; locked givens are never
clicked."""

from __future__ import annotations

import json

from puzzlebot.bot.games.base import (
    Advice, Detection, Game, Generator, Player, Reader, Scorer, Solver, WebStandIn, cells_text, click_plan, solve_each,
    unsure_json
)
from puzzlebot.solvers.errors import UnsolvableError

EXAMPLES = """\
file format: rows of S (sun), M (moon), . (empty), lower-case s/m for pieces
you placed (not locked), then one constraint per line 'r1 c1 r2 c2 =' or
'r1 c1 r2 c2 x' (0-based); or JSON
  {"game": "tango", "rows": ["S....S", ...], "edges": [[0, 2, 0, 3, "x"]]}

examples:
  puzzlebot solve tango examples/tango.txt             # the solution and how many exist
  puzzlebot solve tango examples/tango.txt --explain   # every deduction, in order
  puzzlebot solve tango examples/tango.txt --hint 2    # the next step: 1 where, 2 rule, 3 cell
"""

GENERATE_EXAMPLES = """\
difficulty: easy, medium, hard, expert (bands of the real puzzles' scores,
scaled to the size), any, a range like 20-30, or a single score.

examples:
  puzzlebot generate tango --size 6 --count 5 --difficulty hard --seed 1
  puzzlebot generate tango --size 8 --count 3 --format json > puzzles.jsonl
  puzzlebot solve tango puzzles.jsonl           # solves each puzzle in the file
Several puzzles come out as JSON Lines (--format json) or as text blocks
separated by a blank line; 'solve tango' reads both back.
"""

DETECT_EXAMPLES = """\
examples:
  puzzlebot detect tango examples/tango.png
  puzzlebot detect tango examples/tango.png --json
  puzzlebot detect tango examples/tango.png --debug seen.png   # reads drawn over it
  puzzlebot detect tango examples/tango_pointer.png --strict   # exit 4: a pointer hides a mark

exit status 4 when the image holds no Tango board (or only part of one);
with --strict also when any cell or mark is unsure.
"""

# --count beyond this is refused at once (a million puzzles is hours of work).
MAX_COUNT = 100_000


class TangoSolver(Solver):
    description = ("Solve a Tango board by deduction (as a person would), searching only when "
                   "deduction stalls. Reports whether the solution is unique and a difficulty score.")
    epilog = EXAMPLES

    def arguments(self, p) -> None:
        p.add_argument("file", help="puzzle file ('-' for standard input)")
        p.add_argument("--explain", action="store_true", help="print every deduction step in order")
        p.add_argument("--hint", type=int, nargs="?", const=1, choices=(1, 2, 3), metavar="LEVEL",
                       help="print only the next step: 1 where to look, 2 which rule, 3 which cell")
        p.add_argument("--json", action="store_true", help="print the answer as JSON")

    def solve(self, args) -> int:
        from puzzlebot.bot.options import read_text
        from puzzlebot.solvers.tango.board import parse_tango_many

        return solve_each(parse_tango_many(read_text(args.file), args.file), args, _solve_one)


class TangoGenerator(Generator):
    description = "Tango puzzles of a given size and difficulty, reproducible with --seed."
    epilog = GENERATE_EXAMPLES

    def arguments(self, t) -> None:
        t.add_argument("--size", type=int, default=6, help="even board size, 4 to 14 (default 6)")
        t.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
        t.add_argument("--difficulty", default="any", help="score band (default any)")
        t.add_argument("--seed", type=int, help="random seed, for reproducible output")
        t.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (our board format, puzzles separated by a blank line) or json (one per line)")

    def generate(self, args) -> int:
        from puzzlebot.bot.options import progress
        from puzzlebot.solvers.errors import InputError
        from puzzlebot.solvers.tango.generate import MAX_SIZE, MIN_SIZE, generate_iter, parse_band

        if not 1 <= args.count <= MAX_COUNT:
            raise InputError(f"--count must be 1 to {MAX_COUNT}, got {args.count}")
        if args.size % 2 or not MIN_SIZE <= args.size <= MAX_SIZE:
            raise InputError(f"--size must be even, {MIN_SIZE} to {MAX_SIZE}; got {args.size}")
        band = parse_band(args.difficulty, args.size)
        for i, g in enumerate(generate_iter(args.size, args.count, band, args.seed, progress("generated"))):
            if args.format == "json":
                print(json.dumps(g.to_json()), flush=True)
            else:
                if i:
                    print()
                print(f"# puzzle {i + 1}: {args.size}x{args.size}, difficulty {g.score}, "
                      f"{g.puzzle.count_clues()} clues")
                print(g.puzzle.to_text(), end="", flush=True)
        return 0


class TangoReader(Reader):
    description = ("Read a Tango board (4x4 to 20x20, any look): suns, moons, locked givens "
                   "and = / x marks, and say how each was told.")
    epilog = DETECT_EXAMPLES
    example_image = "examples/tango.png"
    vision_module = "puzzlebot.vision.tango.reader"

    def read_board(self, img, lattice=None, hint=None):
        from puzzlebot.vision.tango import reader

        return reader.read(img, lattice)

    def check(self, reading) -> None:
        from puzzlebot.solvers.tango.rules import violations

        broken = violations(reading.board)
        if broken:
            raise UnsolvableError(f"the board on screen breaks a rule: {broken[0].text}; not clicking")

    def probe_tells(self, reading) -> set:
        """One kind of piece only, named by no cue: the game's answer to a
        click names it (see ``TangoPlayer.probe``)."""
        from puzzlebot.vision.tango.reader import named_by_probe

        return named_by_probe(reading)

    def moot(self, reading) -> set:
        """Pieces not told given or placed: taken as givens, never clicked;
        an answer that keeps them all is the puzzle's (see ``plan``)."""
        return set(getattr(reading.looks, "given_or_placed", ()))

    def read_cells(self, img, lattice, reading, only=None):
        from puzzlebot.vision.tango.reader import read_cells

        return read_cells(img, lattice, reading, only)

    def whole_in(self, img, lattice, reading):
        from puzzlebot.vision.tango.reader import whole_in

        return whole_in(img, lattice, reading)

    def describe(self, rd) -> Detection:
        b, lat, looks = rd.board, rd.lattice, rd.looks
        lines = b.render().split("\n")
        # rows are every other line, cells every fourth column, marks between
        moot = set(looks.given_or_placed)  # drawn as givens (the bot takes them so), said below
        at = [(2 * r, 4 * c) for r, c in rd.unsure_cells if (r, c) not in moot]
        at += [(2 * r1 + (r2 - r1), 4 * c1 + 2 * (c2 - c1)) for r1, c1, r2, c2 in rd.unsure_edges]
        for y, x in at:
            row = lines[y].ljust(4 * b.size)
            lines[y] = (row[:x] + "?" + row[x + 1:]).rstrip()
        lines.append(f"{b.size}x{b.size} board ({'dark' if looks.dark else 'light'} ground), cells bounded by "
                     f"{looks.how}, pitch {lat.px:.1f} px at ({lat.x0:.0f}, {lat.y0:.0f}); upper case = locked "
                     "given, lower case = placed, ? = unsure (a cell or a mark)")
        lines.append(f"pieces: {looks.pieces}")
        lines.append(f"givens: {looks.givens}")
        edges = " ".join(f"r{a + 1}c{b_ + 1}-r{c + 1}c{d + 1}" for a, b_, c, d in rd.unsure_edges)
        if moot:
            lines.append("given, or placed by the player? (the look does not tell; taken as givens): "
                         + cells_text(sorted(moot)))
        if set(rd.unsure_cells) - moot:
            lines.append("unsure cells: " + cells_text(sorted(set(rd.unsure_cells) - moot)))
        if rd.unsure_edges:
            lines.append("unsure edges: " + edges)
        data = b.to_json()
        data.update({"size": [b.size, b.size], "lattice": lat.as_dict(), "dark": looks.dark, "sure": rd.sure,
                     "unsure": unsure_json(rd),
                     "cells_by": looks.how, "pieces": looks.pieces, "givens": looks.givens,
                     "given_or_placed": [list(rc) for rc in sorted(moot)]})
        unsure = [w for w in (cells_text(rd.unsure_cells), edges and "marks " + edges) if w]
        return Detection(rd, "\n".join(lines), data, unsure, lambda image: _debug(image, rd))


class TangoPlayer(Player):
    window_title = "Tango"
    run_examples = """\
  puzzlebot calibrate tango              # search the whole screen
  puzzlebot calibrate tango --window Tango --probe   # also learn what no look tells, by one click put back
  puzzlebot run tango --window Tango --interval 0.02
  puzzlebot run tango --dry-run --hint plan.png      # show the plan, touch nothing
  puzzlebot coach tango --window Tango --timeout 3   # exit 1: not solved within 3 s (the coach only watches)
"""
    labels = {1: "S", 2: "M"}

    def plan(self, reading):
        import numpy as np

        from puzzlebot.solvers.tango.solve import NoTangoSolution, solve

        board = reading.board
        try:
            answer = solve(board.givens())
        except NoTangoSolution as e:
            maybe = getattr(reading.looks, "given_or_placed", ())
            why = (f"; {len(maybe)} pieces were taken as givens that the player may have placed: one may be "
                   "wrong" if maybe else "")
            raise UnsolvableError(f"the puzzle on screen has {e}{why}") from None
        if answer.solutions > 1:
            raise UnsolvableError("the puzzle on screen has more than one solution: refusing to guess")
        target = np.array(answer.solution.cells, dtype=np.int64)
        return click_plan(reading.state, target, 3, np.array(board.locked, bool))

    def advise(self, reading):
        """The solver's next deduction (the line to look at, the rule, the
        cell), or the piece that breaks a rule or the only answer."""
        from puzzlebot.solvers.tango.solve import hint

        h = hint(reading.board)
        if h.solved:
            return Advice.done()
        if h.wrong is not None:
            return Advice.mistake(h.cell, h.wrong)
        if h.step is None:
            return Advice((h.where, h.rule, h.cell))
        return Advice((h.where, h.rule, h.cell), (h.step.cell,), answer={h.step.cell: self.labels[h.step.value]})

    def probe(self, reading, plan, asked=False):
        """Which piece a click puts first is the game's to say: LinkedIn's
        cycle runs sun, moon; another game's may run moon, sun, and pieces
        drawn as fills carry no sun or moon cue at all (the darker is taken
        as the first).  Until the game has answered one click (the plan's
        first that puts a piece on an empty cell; then kept in the profile),
        that click is tried first and its answer learnt.  Where one kind of
        piece only was on the board, the other's look is learnt the same
        way, from the plan's first action that puts one (when it needs one)."""
        from puzzlebot.bot.actions import Click
        from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN

        if _first_known(reading):
            if asked or reading.looks.fills is not None or len(reading.looks.cells.looks) != 1:
                return None
            # the second piece's look is not known yet: the plan's first
            # action that puts one shows it (from an empty cell, by way of the first)
            a = next((a for a in plan if a.after[a.cell] == MOON and reading.state[a.cell] in (EMPTY, SUN)), None)
            if a is None:
                return None  # the answer needs none: never drawn, never read
            presses = 2 if reading.state[a.cell] == EMPTY else 1
            after = reading.state.copy()
            after[a.cell] = MOON
            return Click(a.cell, presses, before=reading.state, after=after)
        cell = next((a.cell for a in plan if a.presses == 1 and reading.state[a.cell] == EMPTY), None)
        if cell is None:
            return None
        after = reading.state.copy()
        after[cell] = SUN
        return Click(cell, before=reading.state, after=after)  # on the board as it is now

    def learn(self, reading, probe, seen, shot=None, lat=None):
        import copy
        import dataclasses

        from puzzlebot.bot.actions import cell_name
        from puzzlebot.solvers.tango.board import MOON, SUN
        from puzzlebot.vision.tango.reader import with_look

        on = cell_name(probe.cell)
        elsewhere = self.changed_elsewhere(probe, seen, f"a click on {on}")
        if elsewhere:
            return None, elsewhere
        got, want = int(seen[probe.cell]), int(probe.after[probe.cell])
        fills = reading.looks.fills is not None
        one_look = not fills and len(reading.looks.cells.looks) == 1
        if got in (-1, int(probe.before[probe.cell])) and one_look and shot is not None:
            # a piece no cell showed: the other kind, whose look is learnt
            # here (the one seen is the other of what the click put)
            known = reading.looks.cells.values_of[0]
            if _first_known(reading) and known == want:
                return None, f"clicks on {on} showed the first piece's look twice: not Tango's cycle"
            learnt, why = with_look(reading, shot, lat, probe.cell, MOON if known == SUN else SUN)
            if learnt is None:
                return None, f"a click on {on} put something there that is not a piece of its own ({why})"
            base = _in_click_order(_named(learnt), swap=known == want)
            what = "first" if want == SUN else "second"
            why = f"the {what} piece a click puts was not on the board: its look learnt from {on}"
        elif got not in (SUN, MOON):
            return None, f"a click on {on} put no piece there"
        elif _first_known(reading):
            return None, f"a click on {on} put the {'first' if got == SUN else 'second'} piece, not the other"
        else:
            first, second = ("darker fill", "lighter fill") if fills else ("sun", "moon")
            why = (f"a click puts the {first} first, as guessed ({on})" if got == SUN else
                   f"a click puts the {second} first ({on}): " +
                   ("suns and moons swapped" if fills else "the cycle runs moon, sun (the rules are the same)"))
            if not fills and reading.looks.cells.one_kind_named:
                why = f"a click puts the one kind of piece on the board first ({on})"
            base = _in_click_order(_named(reading), swap=got == MOON)
        board = copy.deepcopy(base.board)
        board.cells[probe.cell[0]][probe.cell[1]] = want
        state = base.state.copy()
        state[probe.cell] = want
        return dataclasses.replace(base, board=board, state=state), why

    FIRST = "first piece a click puts"
    # what the profile keeps: (as read first, swapped first) for fills, then for symbols
    ORDERS = (("darker fill", "lighter fill"), ("piece read as a sun", "piece read as a moon"))

    def put_back(self, reading, probe):
        from puzzlebot.bot.actions import Click
        from puzzlebot.solvers.tango.board import EMPTY

        after = reading.state.copy()
        after[probe.cell] = EMPTY
        return Click(probe.cell, 2, before=reading.state, after=after)  # first piece -> second -> empty

    def facts(self, reading):
        if not _first_known(reading):
            return {}
        fills = reading.looks.fills
        as_read, swapped = self.ORDERS[fills is None]
        if fills is not None:
            return {self.FIRST: as_read if fills.colours[1][0] <= fills.colours[2][0] else swapped}
        return {self.FIRST: swapped if reading.looks.swapped else as_read}

    def recall(self, reading, facts):
        if reading.looks.fills is None and reading.looks.cells.one_kind_named:
            return reading  # no cue named the one kind seen: what was kept is of names it does not have
        told = facts.get(self.FIRST)
        orders = self.ORDERS[reading.looks.fills is None]
        if told not in orders:
            return reading  # nothing kept, or kept of another look: a new probe
        return _in_click_order(reading, swap=told == orders[1])


def _named(reading):
    """The reading without the doubt of which kind its one kind of piece
    is: named by the game's answer to a click now."""
    import dataclasses

    from puzzlebot.vision.tango.reader import named_by_probe

    named = named_by_probe(reading)
    if not named:
        return reading
    cells = dataclasses.replace(reading.looks.cells, one_kind_named=False)
    return dataclasses.replace(reading, unsure={w: why for w, why in reading.unsure.items() if w not in named},
                               looks=dataclasses.replace(reading.looks, cells=cells))


def _first_known(reading) -> bool:
    """Whether the reading knows which piece a click puts first."""
    fills = reading.looks.fills
    return fills.first_known if fills is not None else reading.looks.first_known


def _in_click_order(reading, swap: bool):
    """The reading with the order of a click's cycle known: as read (a sun,
    or the darker fill, first), or (``swap``) with every sun a moon and
    every moon a sun, and the looks learnt in that order: the bot plays by
    the game's cycle, and Tango's rules are the same either way."""
    import dataclasses

    import numpy as np

    from puzzlebot.solvers.tango.board import EMPTY, MOON, SUN

    looks = reading.looks
    fills = looks.fills
    if not swap:
        if fills is not None:
            return dataclasses.replace(reading, looks=dataclasses.replace(
                looks, fills=dataclasses.replace(fills, first_known=True)))
        return dataclasses.replace(reading, looks=dataclasses.replace(looks, first_known=True))
    turn = np.array([EMPTY, MOON, SUN])
    board = dataclasses.replace(reading.board, cells=[[int(turn[v]) for v in row] for row in reading.board.cells])
    state = np.where(reading.state >= 0, turn[np.clip(reading.state, 0, 2)], reading.state)
    if fills is not None:
        looks = dataclasses.replace(looks, fills=dataclasses.replace(fills, colours=fills.colours[[0, 2, 1]],
                                                                     first_known=True))
    else:
        cells = dataclasses.replace(looks.cells, values_of=[int(turn[v]) for v in looks.cells.values_of])
        looks = dataclasses.replace(looks, cells=cells, first_known=True, swapped=not looks.swapped)
    return dataclasses.replace(reading, board=board, state=state, looks=looks)


class TangoScorer(Scorer):
    def has_board(self, label):
        return label.get("kind") != "no-tango-board"

    def score(self, data, label):
        """Against ../shared/data's Tango labels: ``locked`` givens and
        ``edges`` always; ``visible`` (every piece shown) where the label has
        it (not for video frames, where a player's pieces are unlabelled)."""
        n = label["size"]
        if data["size"] != [n, n]:
            return [(f"read {data['size'][0]}x{data['size'][1]}, the label says {n}x{n}", None)]
        rows = [r.upper() for r in data["rows"]]
        locked = data.get("locked", rows)
        out = []
        for r in range(n):
            for c in range(n):
                want, got = label["locked"][r][c], locked[r][c]
                if want != got:
                    out.append((f"r{r + 1}c{c + 1}: given {got} read, label {want}", (r, c)))
                elif "visible" in label and label["kind"] != "video-frame" and label["visible"][r][c] != rows[r][c]:
                    out.append((f"r{r + 1}c{c + 1}: {rows[r][c]} read, label {label['visible'][r][c]}", (r, c)))
        want = {tuple(e[:4]): e[4] for e in label.get("edges", [])}
        got = {tuple(e[:4]): e[4] for e in data.get("edges", [])}
        for k in sorted(set(want) | set(got)):
            if want.get(k) != got.get(k):
                a, b_, c, d = k
                out.append((f"mark r{a + 1}c{b_ + 1}-r{c + 1}c{d + 1}: {got.get(k, 'none')} read, label "
                            f"{want.get(k, 'none')}", (a, b_)))
        return out


def _solve_one(board, args) -> int:
    from puzzlebot.solvers.tango.solve import hint, solve

    if args.hint is not None:
        print(hint(board).level(args.hint))
        return 0
    answer = solve(board, explain=args.explain or args.json)
    print(json.dumps(answer.to_json()) if args.json else answer.to_text(explain=args.explain))
    return 0


def _debug(img, rd):
    import cv2

    from puzzlebot.solvers.tango.board import EMPTY, SYMBOL
    from puzzlebot.vision.overlay import GREY, dots, draw_lattice, label_cells

    b, lat = rd.board, rd.lattice
    unsure = set(rd.unsure_cells)
    texts, empty = {}, []
    for r in range(b.size):
        for c in range(b.size):
            if b.cells[r][c] == EMPTY:
                empty.append((r, c))
            else:
                t = SYMBOL[b.cells[r][c]]
                texts[(r, c)] = (t + "*") if b.locked[r][c] else t
    out = dots(label_cells(draw_lattice(img, lat), lat, texts, unsure), lat, empty, GREY, 0.05)
    for e in b.edges:
        (r1, c1), (r2, c2) = e.cells()
        x = lat.x0 + ((c1 + c2) / 2 + 0.5) * lat.px
        y = lat.y0 + ((r1 + r2) / 2 + 0.5) * lat.py
        cv2.putText(out, "=" if e.kind == "=" else "x", (int(x) - 6, int(y) + 6), cv2.FONT_HERSHEY_SIMPLEX,
                    0.6, (0, 0, 255), 2, cv2.LINE_AA)
    for r1, c1, r2, c2 in rd.unsure_edges:
        x = lat.x0 + ((c1 + c2) / 2 + 0.5) * lat.px
        y = lat.y0 + ((r1 + r2) / 2 + 0.5) * lat.py
        cv2.circle(out, (int(x), int(y)), max(4, int(lat.px * 0.12)), (0, 0, 255), 2)
    return out


GAME = Game(
    name="tango",
    title="LinkedIn Tango",
    summary="LinkedIn Tango: suns and moons",
    values={0: "empty", 1: "a sun", 2: "a moon"},
    solver=TangoSolver(),
    generator=TangoGenerator(),
    reader=TangoReader(),
    player=TangoPlayer(),
    scorer=TangoScorer(),
    stand_in=WebStandIn("puzzlebot.sim.tango.page", "tango", "Tango 6x6", (400, 20, 820, 760)),
)
