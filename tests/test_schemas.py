"""Every command's --json output matches the game's JSON Schema
(bot/schemas/GAME.json: ``board`` what solve reads and generate --json
writes, ``answer`` what solve --json prints, ``reading`` what detect --json
prints), and every game keeps the shared rules (common.json): a "game" key,
cells as [row, col] from 0, sizes as [rows, cols], "sure" with "unsure"
places and reasons."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test dependency: pip install -e '.[test]'")
from referencing import Registry, Resource  # noqa: E402  (installed with jsonschema)

from puzzlebot.bot import games  # noqa: E402
from puzzlebot.bot.games.base import Capability  # noqa: E402

from .helpers import EXAMPLE_FILES as FILES  # noqa: E402
from .helpers import EXAMPLES, ROOT  # noqa: E402
from .helpers import cli_here as cli  # noqa: E402

SCHEMAS = ROOT / "bot" / "schemas"
IMAGES = {"lights": ["enlight.png", "../fixtures/lights/style_dark-theme_5x5.png"],
          "tango": ["tango.png", "tango_pointer.png", "../fixtures/tango/tango_21_6x6_plain_70px.png"],
          "queens": ["queens.png"], "zip": ["zip.png"], "sudoku": ["sudoku.png"], "patches": ["patches.png"]}


def _registry() -> Registry:
    resources = []
    for path in sorted(SCHEMAS.glob("*.json")):
        doc = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(doc)
        resources.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources)


REGISTRY = _registry()


def check(game: str, part: str, data) -> None:
    """``data`` against ``urn:puzzlebot:GAME#/$defs/PART``; a failure names
    the path inside the JSON and the rule broken."""
    v = jsonschema.Draft202012Validator({"$ref": f"urn:puzzlebot:{game}#/$defs/{part}"}, registry=REGISTRY)
    errors = sorted(v.iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, f"{game} {part}: " + "; ".join(
        f"at {'/'.join(map(str, e.absolute_path)) or 'top'}: {e.message[:200]}" for e in errors[:5])


def lines(text: str) -> list:
    return [json.loads(x) for x in text.splitlines() if x.strip()]


def test_every_game_has_its_schemas():
    for g in games.all_games():
        path = SCHEMAS / f"{g.name}.json"
        assert path.exists(), f"no schema for {g.name} ({path})"
        defs = json.loads(path.read_text())["$defs"]
        want = {"answer"} if Capability.SOLVE in g.can else set()
        if Capability.DETECT in g.can:
            want.add("reading")
        assert want <= set(defs), f"{g.name}: {sorted(want - set(defs))} missing from {path.name}"


@pytest.mark.parametrize("game", sorted(FILES))
def test_solve_json_is_an_answer(game):
    status, out, err = cli("solve", game, str(FILES[game]), "--json")
    assert status == 0, err
    (data,) = lines(out)
    check(game, "answer", data)


@pytest.mark.parametrize("game", ["tango", "queens", "zip", "sudoku", "patches"])
def test_generated_boards_and_their_answers(game, tmp_path):
    status, out, err = cli("generate", game, "--size", "6", "--count", "2", "--seed", "3", "--json")
    assert status == 0, err
    boards = lines(out)
    assert len(boards) == 2
    for b in boards:
        check(game, "board", {k: v for k, v in b.items() if k not in ("solution", "difficulty")})
    f = tmp_path / "two.jsonl"
    f.write_text(out)
    status, out, err = cli("solve", game, str(f), "--json")  # the two read back, one answer line each
    assert status == 0, err
    answers = lines(out)
    assert len(answers) == 2
    for a in answers:
        check(game, "answer", a)


@pytest.mark.parametrize("game", ["lights", "tango", "queens", "zip", "sudoku", "patches"])
def test_boards_written_are_boards(game):
    """The board each game's parser builds from the example, written back as JSON."""
    text = FILES[game].read_text()
    if game == "lights":
        from puzzlebot.solvers.lights.board import parse_lights, to_json

        f = parse_lights(text)
        board = to_json(f.board, f.rules())
    else:
        parse = {"tango": "puzzlebot.solvers.tango.board:parse_tango",
                 "queens": "puzzlebot.solvers.queens:parse_queens",
                 "zip": "puzzlebot.solvers.zip.board:parse_zip", "sudoku": "puzzlebot.solvers.sudoku:parse_sudoku",
                 "patches": "puzzlebot.solvers.patches:parse_patches"}[game]
        module, name = parse.split(":")
        board = getattr(importlib.import_module(module), name)(text).to_json()
    check(game, "board", board)
    check(game, "board", json.loads(json.dumps(board)))  # as a file holds it


@pytest.mark.parametrize("game", sorted(IMAGES))
def test_detect_json_is_a_reading(game):
    for name in IMAGES[game]:
        status, out, err = cli("detect", game, str(EXAMPLES / name), "--json")
        assert status == 0, err
        (data,) = lines(out)
        check(game, "reading", data)


def test_an_unsure_reading_names_where_and_why(tmp_path):
    """A Tango board with one cell blotted out: unsure there, said in the schema's form."""
    import cv2

    img = cv2.imread(str(EXAMPLES / "tango.png"))
    status, out, _ = cli("detect", "tango", str(EXAMPLES / "tango.png"), "--json")
    lat = json.loads(out)["lattice"]
    x, y = int(lat["x0"] + 2.5 * lat["pitch_x"]), int(lat["y0"] + 2.5 * lat["pitch_y"])
    q = int(lat["pitch_x"] * 0.3)
    img[y - q:y + q, x - q:x + q] = (40, 40, 220)  # a red blot no Tango piece looks like
    path = tmp_path / "blotted.png"
    cv2.imwrite(str(path), img)
    status, out, err = cli("detect", "tango", str(path), "--json")
    (data,) = lines(out)
    check("tango", "reading", data)
    assert status == 0 and data["sure"] is False and {"where": [2, 2], "why": data["unsure"][0]["why"]} in \
        data["unsure"], data["unsure"]


def test_batch_lines_carry_readings(tmp_path):
    status, out, err = cli("detect", "queens", str(EXAMPLES / "queens.png"), str(EXAMPLES / "tango.png"), "--json")
    rows = {Path(x["file"]).name: x for x in lines(out)}
    check("queens", "reading", rows["queens.png"]["reading"])
    assert rows["tango.png"]["verdict"] != "read"
