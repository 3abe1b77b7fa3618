"""Trust (the hostile pass of issue 25): inputs never overwritten, only
regular files read as images, strips and rotations refused in one line,
malformed labels named, the stand-ins answering only their own page."""

from __future__ import annotations

import hashlib
import os
import time
import urllib.error
import urllib.request

import cv2
import numpy as np
import pytest

from puzzlebot.bot import games
from puzzlebot.sim import launch
from puzzlebot.vision.errors import NoBoardError
from puzzlebot.vision.image_io import load_image

from .helpers import ROOT, run_cli
from .test_hostile import one_line_error


def _md5(path) -> str:
    return hashlib.md5(open(path, "rb").read()).hexdigest()


@pytest.mark.parametrize("args", [("detect", "tango", "{img}", "--debug", "{img}"),
                                  ("hint", "tango", "{img}", "{img}"),
                                  ("detect", "tango", "{img}", "--debug", "{alias}")])
def test_an_output_never_overwrites_the_input(tmp_path, args):
    img = tmp_path / "shot.png"
    img.write_bytes((ROOT / "examples/tango.png").read_bytes())
    os.symlink(img, tmp_path / "alias.png")
    before = _md5(img)
    r = run_cli(*(a.format(img=img, alias=tmp_path / "alias.png") for a in args))
    assert "screenshot itself" in one_line_error(r)
    assert _md5(img) == before


def test_outputs_are_written_whole_or_not_at_all(tmp_path):
    out = tmp_path / "hint.png"
    r = run_cli("hint", "tango", "examples/tango.png", str(out))
    assert r.returncode == 0, r.stderr
    assert load_image(out).shape[:2] == load_image(ROOT / "examples/tango.png").shape[:2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hint.png"]  # no temporary file left


def test_only_regular_files_are_read_as_images(tmp_path):
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    t = time.monotonic()
    for game in ("lights", "tango"):
        r = run_cli("detect", game, str(fifo), timeout=30)
        assert "not a regular file" in one_line_error(r)
    assert time.monotonic() - t < 25


def test_strips_and_rotations_end_in_one_line(tmp_path):
    strip = tmp_path / "strip.png"
    cv2.imwrite(str(strip), np.full((3, 100000, 3), 200, np.uint8))
    assert "a strip" in one_line_error(run_cli("detect", "queens", str(strip)))
    for name in ("lights", "tango", "queens", "zip", "sudoku"):
        with pytest.raises(NoBoardError):
            games.get(name).reader.read_board(np.full((3, 5000, 3), 200, np.uint8))
    img = load_image(ROOT / "examples/tango.png")
    h, w = img.shape[:2]
    for angle in (3, -3, 45):
        rot = tmp_path / f"rot{angle}.png"
        m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        cv2.imwrite(str(rot), cv2.warpAffine(img, m, (w, h), borderValue=(255, 255, 255)))
        r = run_cli("detect", "tango", str(rot))
        assert "Traceback" not in r.stderr and r.returncode in (0, 4), r.stderr


def test_a_malformed_label_is_named(tmp_path):
    (tmp_path / "shots").mkdir()
    (tmp_path / "shots" / "tango.png").write_bytes((ROOT / "examples/tango.png").read_bytes())
    labels = tmp_path / "labels.json"
    labels.write_text('[{"file": "tango.png", "kind": 5, "size": "x"}]')
    assert "malformed" in one_line_error(run_cli("detect", "tango", str(tmp_path / "shots"), "--labels", str(labels)))
    labels.write_text('[{"file": "tango.png", "kind": "start", "size": [6, "six"]}]')
    assert "'size'" in one_line_error(run_cli("detect", "tango", str(tmp_path / "shots"), "--labels", str(labels)))


def test_a_stand_in_answers_only_its_own_page(tmp_path):
    port = launch.free_port()
    proc = launch.start_page("puzzlebot.sim.sudoku.page", tmp_path / "ev.jsonl", port)
    try:
        url = f"http://127.0.0.1:{port}/puzzle.json"
        end = time.monotonic() + 20
        while True:
            try:
                assert urllib.request.urlopen(url, timeout=5).status == 200
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > end:
                    raise
                time.sleep(0.2)
        for headers, method in (({"Host": "evil.example"}, "GET"), ({"Origin": "http://evil.example"}, "POST")):
            req = urllib.request.Request(url if method == "GET" else f"http://127.0.0.1:{port}/event",
                                         data=b"{}" if method == "POST" else None, headers=headers, method=method)
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(req, timeout=5)
            assert e.value.code == 403
        assert launch.events(tmp_path / "ev.jsonl") == []  # the foreign post was not logged
    finally:
        launch.stop(proc)


def test_chromium_keeps_its_sandbox_and_its_devtools_to_our_client():
    from puzzlebot.sim import browser

    assert "--no-sandbox" not in browser.FLAGS
    src = (ROOT / "sim" / "browser.py").read_text()
    assert "remote-allow-origins" not in src and "geteuid() == 0" in src
