"""Benchmark: how long the readers take, one core, medians.

Run:  .venv/bin/python -m bench.vision

Rows: the Enlight simulator's window read from a 1280x800 desktop
screenshot, (a) searching the whole frame and (b) the window's region:
searched, read whole at its calibrated lattice (the coach's read) and read
cell by cell as the bot does between clicks; the real Lights Out screenshots;
the reader's look sizes on a phone screenshot against a norm per cell.
Tango: a 1280x720 page frame and a 1284x2778 phone screenshot (real, from
../shared/data): board search, whole read, the calibrated read the bot does
between clicks, and ``puzzlebot detect tango IMAGE`` as a whole command,
each against the LinkedIn-only reader it replaced, timed in the same run:
that reader is taken from the project's own history (``git archive`` of
BASELINE_REV's vision/ and solvers/ into a temporary folder, imported under
their old top-level names beside today's ``puzzlebot``), not kept as a copy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

from puzzlebot.bot import games
from puzzlebot.sim.lights.fixtures import desktop
from puzzlebot.sim.lights.game import EnlightGame, builtin_level
from puzzlebot.sim.lights.render import render_device
from puzzlebot.vision.image_io import load_image
from puzzlebot.vision.lights_reader import read as read_lights
from puzzlebot.vision.lights_reader import rows_text
from puzzlebot.vision.tango.reader import read as read_tango

from ._util import fmt_ratio, fmt_time, median_time, print_table

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
ROOT = Path(__file__).resolve().parents[1]
# The last commit whose Tango reader knew LinkedIn's look only (the next one,
# 22b546e, made it learn each game's look).
BASELINE_REV = "5d4550426b6d182a20eb8c2ff515a220c6bde683"


def baseline_tango_reader():
    """The old Tango reader module, from BASELINE_REV of this repository's
    history; None (with the reason printed) where git or the revision is
    not at hand (a shallow clone, a source archive)."""
    import importlib
    import shutil
    import tarfile
    import tempfile

    if shutil.which("git") is None:
        print("baseline: git is not installed; the baseline columns are left empty", file=sys.stderr)
        return None
    folder = Path(tempfile.mkdtemp(prefix="puzzlebot-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE_REV, "vision", "solvers"],
                             capture_output=True)
    if archive.returncode != 0:
        print(f"baseline: revision {BASELINE_REV[:7]} is not in this clone ({archive.stderr.decode().strip()}); "
              "the baseline columns are left empty", file=sys.stderr)
        return None
    import io

    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    sys.path.insert(0, str(folder))  # the old code's names (vision, solvers) do not clash with puzzlebot.*
    return importlib.import_module("vision.tango_reader")


def one_core() -> None:
    """Pin to one core and one OpenCV thread: the target is per core."""
    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def lights_rows(repeat: int) -> list[list[str]]:
    game = EnlightGame(builtin_level(3), level=3)
    dev = render_device(game, "classic", 1)
    frame = desktop(0)
    x, y = 640, 160
    frame[y:y + dev.shape[0], x:x + dev.shape[1]] = dev
    window = np.ascontiguousarray(frame[y:y + dev.shape[0], x:x + dev.shape[1]])
    for img in (frame, window):
        rd = read_lights(img)
        assert rd.sure and rows_text(rd) == game.rows_text()
    known = read_lights(window).lattice  # what calibration saves
    assert rows_text(read_lights(window, known)) == game.rows_text()
    lights = games.get("lights").reader  # what the bot reads between clicks with
    reading = lights.read_board(window, lattice=known)
    assert np.array_equal(lights.read_cells(window, reading.lattice, reading), reading.state)
    rows = [
        ["Enlight window in a 1280x800 frame, whole frame searched",
         fmt_time(median_time(lambda: read_lights(frame), repeat=repeat)), "-"],
        [f"Enlight window region ({dev.shape[1]}x{dev.shape[0]}), board searched",
         fmt_time(median_time(lambda: read_lights(window), repeat=repeat)), "-"],
        [f"Enlight window region ({dev.shape[1]}x{dev.shape[0]}), calibrated lattice, whole read (the coach's "
         "read of a settled board)", fmt_time(median_time(lambda: read_lights(window, known), repeat=repeat)),
         "< 20 ms"],
        [f"Enlight window region ({dev.shape[1]}x{dev.shape[0]}), calibrated read between clicks (every cell)",
         fmt_time(median_time(lambda: lights.read_cells(window, reading.lattice, reading), repeat=repeat)),
         "<= 10 ms"],
    ]
    labels_path = SHARED / "lights" / "screens" / "labels.json"
    if labels_path.exists():
        times = []
        for label in json.loads(labels_path.read_text()):
            img = load_image(labels_path.parent / label["file"])
            times.append(median_time(lambda img=img: read_lights(img), repeat=3))
        rows.append([f"real Lights Out screenshots ({len(times)}), median of per-image medians",
                     fmt_time(statistics.median(times)), "-"])
        rows.append(["real Lights Out screenshots, slowest", fmt_time(max(times)), "-"])
    return rows


def per_cell_look_sizes(lab: np.ndarray, lat, labels: np.ndarray, looks: list[np.ndarray],
                        ground: np.ndarray) -> tuple[float, float]:
    """The baseline for ``lights_reader.look_sizes``: the same shares, three
    Lab norms for every pixel of every cell in a loop over the cells (what
    the reader did before b409dbc)."""
    from puzzlebot.vision.cells import cell_patch
    from puzzlebot.vision.colour_math import median

    shares: list[list[float]] = [[], []]
    rivals = [np.asarray(v) for v in looks] + [ground]
    for r in range(lat.rows):
        for c in range(lat.cols):
            patch = cell_patch(lab, lat, r, c).reshape(-1, 3)
            if patch.size:
                d = np.stack([np.linalg.norm(patch - v, axis=1) for v in rivals])
                shares[int(labels[r, c])].append(float(np.mean(d.argmin(axis=0) == labels[r, c])))
    return tuple(float(median(s)) if s else 0.0 for s in shares)


def look_sizes_rows(repeat: int) -> list[list[str]]:
    """The Lights reader's look sizes on a 2208x1242 phone screenshot (its
    board's cells some 500 px a side), against the per-cell baseline, with
    the arguments the reader passes them (caught in one read)."""
    from puzzlebot.vision import lights_reader

    path = SHARED / "lights" / "screens" / "AlfredBr__Merlins-Magic-Square" / "mmagic_3x3_olive_5.5in.png"
    if not path.exists():
        return []
    seen = []
    real = lights_reader.look_sizes
    lights_reader.look_sizes = lambda *a: seen.append(a) or real(*a)
    try:
        read_lights(load_image(path))
    finally:
        lights_reader.look_sizes = real
    args = seen[0]
    ours, base = real(*args), per_cell_look_sizes(*args)
    assert np.allclose(ours, base, atol=1e-6), (ours, base)
    t_ours = median_time(lambda: real(*args), repeat=repeat)
    t_base = median_time(lambda: per_cell_look_sizes(*args), repeat=repeat)
    return [["Merlin 3x3 phone screenshot (2208x1242): the two looks' sizes", fmt_time(t_ours), fmt_time(t_base),
             fmt_ratio(t_base, t_ours)]]


def _command_time(path: Path, repeat: int) -> float:
    """``puzzlebot detect tango IMAGE`` as a user runs it: a fresh process."""
    cmd = [sys.executable, "-m", "puzzlebot.bot.cli", "detect", "tango", str(path)]
    root = Path(__file__).resolve().parents[1]

    def run():
        r = subprocess.run(cmd, cwd=root, capture_output=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
        assert r.returncode in (0, 4), r.stderr
    return median_time(run, repeat=repeat)


def tango_rows(repeat: int) -> list[list[str]]:
    """Today's Tango reader against the LinkedIn-only reader it replaced
    (:func:`baseline_tango_reader`), same images, same run."""
    from puzzlebot.vision.tango.board import locate
    from puzzlebot.vision.tango.reader import read_cells

    base = baseline_tango_reader()
    rows = []
    folder = SHARED / "tango" / "screens"
    cases = [("1280x720 page frame (video)", folder / "wswebcreation__rn-tango" / "thumbnails" / "tango-003.png", "30 ms"),
             ("1284x2778 phone screenshot", folder / "darcipeoples__linkedin-solvers" / "linkedin-light_2025-05-03.png",
              "100 ms")]
    for name, path, target in cases:
        if not path.exists():
            rows.append([name, "skipped: ../shared absent", "-", "-", "-"])
            continue
        img = load_image(path)
        rd = read_tango(img)
        assert rd.sure, path
        known = rd.lattice  # what calibration saves
        assert (read_cells(img, known, rd) >= 0).all()
        ours_find = median_time(lambda: locate(img), repeat=repeat)
        ours_read = median_time(lambda: read_tango(img), repeat=repeat)
        ours_cal = median_time(lambda: read_cells(img, known, rd), repeat=repeat)
        if base is not None:
            base_find = median_time(lambda: base.read_tango(img), repeat=max(3, repeat // 4))
            base_rd = base.read_tango(img)
            base_cal = median_time(lambda: base.read_cells(img, base_rd.lattice, base_rd), repeat=repeat)
            cols = {"find": (fmt_time(base_find), fmt_ratio(base_find, ours_find)),
                    "read": (fmt_time(base_find), fmt_ratio(base_find, ours_read)),
                    "cal": (fmt_time(base_cal), fmt_ratio(base_cal, ours_cal))}
        else:
            cols = dict.fromkeys(("find", "read", "cal"), ("-", "-"))
        rows.append([f"{name}: board searched (ours: locate; baseline: its whole read)",
                     fmt_time(ours_find), *cols["find"], f"<= {target}"])
        rows.append([f"{name}: whole read (board, pieces, givens, marks)", fmt_time(ours_read), *cols["read"], "-"])
        rows.append([f"{name}: calibrated read between clicks (every cell)",
                     fmt_time(ours_cal), *cols["cal"], "<= 10 ms"])
        rows.append([f"{name}: `puzzlebot detect tango IMAGE`, whole command",
                     fmt_time(_command_time(path, max(3, repeat // 4))), "-", "-", "<= 0.5 s"])
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=21, help="timed runs per row (median reported)")
    args = ap.parse_args(argv)
    one_core()
    print_table("Lights Out reader: median time per image (one core)", ["image", "median", "target"],
                lights_rows(args.repeat))
    print_table("Lights Out reader's look sizes: median time (one core), against a norm per cell in a loop",
                ["image", "ours", "baseline", "speed-up"], look_sizes_rows(args.repeat))
    print_table("Tango reader: median time per image (one core), against the LinkedIn-only reader it replaced",
                ["image", "ours", "baseline", "speed-up", "target"], tango_rows(args.repeat))


if __name__ == "__main__":
    main()
