"""``puzzlebot detect GAME PATH...`` over many images: folders and videos in,
one line per image and a summary out, optionally scored against labels
(``--labels``), as JSON Lines (``--json``) and as an HTML report with
pictures (``--report``).  Work is spread over a process pool; Ctrl-C stops
cleanly and keeps what was done.

Verdicts: *read* (sure), *unsure* (where), *refused* (why: no board of this
game), *error* (the file).  Scored against a label: *exact*, *safe* (unsure
or refused: the bot would not act) or *wrong* (read as sure and differing:
the dangerous kind; exit status 1).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from puzzlebot.bot.report import REPORT_TITLE
from puzzlebot.solvers.errors import InputError, PuzzlebotError
from puzzlebot.solvers.text_files import read_text_file, resolved

# Screenshots in the report are saved at most this wide (pixels): a report of
# 200 phone screenshots stays a few tens of MB and loads quickly.
REPORT_WIDTH = 900
# Modules the workers' server imports once before forking them (importing
# does not start OpenCV's threads; reading does).
PRELOAD = ["numpy", "cv2", "puzzlebot.vision.lattice", "puzzlebot.vision.board_checks", "puzzlebot.bot.games"]
# Tasks queued per worker: enough to keep every worker busy, few enough that
# decoded video frames do not pile up in memory.
QUEUE_PER_JOB = 3


@dataclass
class Result:
    """One image's outcome in a batch: what was read, against its label when there is one."""
    index: int
    name: str
    verdict: str  # read / unsure / refused / error
    why: str = ""
    size: str = ""  # "6x6"
    ms: float = 0.0
    data: dict | None = None
    score: str = ""  # exact / safe / wrong ("" without a label)
    kind: str = ""  # the label's kind of image
    diffs: list[str] = field(default_factory=list)
    picture: str = ""  # report files, relative to the report folder
    overlay: str = ""

    def line(self) -> str:
        verdict = self.verdict + (f" ({self.why})" if self.why else "")
        scored = f"  [{self.score}{': ' + '; '.join(self.diffs[:3]) if self.diffs else ''}]" if self.score else ""
        return f"{self.name}  {verdict}  {self.size or '-'}  {self.ms:.0f} ms{scored}"

    def as_json(self) -> dict:
        out = {"file": self.name, "verdict": self.verdict, "why": self.why, "ms": round(self.ms, 1)}
        if self.score:
            out.update({"score": self.score, "kind": self.kind, "differences": self.diffs})
        if self.data is not None:
            out["reading"] = self.data
        return out


# --- one image, in a worker -------------------------------------------------------

def _worker_init() -> None:
    import signal

    import cv2

    from puzzlebot.bot.memory import keep_freed_memory
    from puzzlebot.vision.colour_math import warm_lab

    cv2.setNumThreads(1)  # the pool is the parallelism
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
    keep_freed_memory()
    warm_lab()  # a worker reads many images: OpenCV's faster Lab, once its tables are built


def read_one(task: tuple) -> Result:
    """Read one image (a path or an array) with the game's reader, score it
    against its label, and write its report pictures."""
    index, name, source, game_name, label, report = task
    from puzzlebot.bot import games
    from puzzlebot.vision.errors import NoBoardError
    from puzzlebot.vision.frames import Frame

    game = games.get(game_name)
    res = Result(index, name, "error")
    frame = Frame(name, source if not isinstance(source, str) else None, source if isinstance(source, str) else None)
    t = time.perf_counter()
    img = det = None
    try:
        img = frame.load()
        det = game.reader.detect(img)
        res.verdict = "read" if det.sure else "unsure"
        res.why = "" if det.sure else "; ".join(w for w in det.unsure if w)[:200]
        res.size = f"{det.lattice.rows}x{det.lattice.cols}"
        res.data = det.data
    except NoBoardError as e:
        res.verdict, res.why = "refused", str(e)
    except PuzzlebotError as e:
        res.verdict, res.why = "error", str(e)
    res.ms = (time.perf_counter() - t) * 1e3
    cells = []
    if label is not None and res.verdict != "error":
        res.kind = label.get("kind", "")
        has_board = game.scorer.has_board(label)
        if res.verdict == "refused":
            res.score = "safe" if has_board else "exact"
        elif not has_board:
            res.score = "wrong" if res.verdict == "read" else "safe"
            res.diffs = ["a board read where the label says there is none"] if res.verdict == "read" else []
        else:
            try:
                diffs = game.scorer.score(res.data, label)
            except (TypeError, KeyError, ValueError, IndexError, AttributeError) as e:
                res.verdict, res.why = "error", f"its label cannot be compared ({type(e).__name__}: {e})"[:200]
                return res
            res.diffs = [d for d, _ in diffs]
            cells = [c for _, c in diffs if c is not None]
            res.score = ("exact" if not diffs else "wrong") if res.verdict == "read" else "safe"
    if report and img is not None:
        _pictures(res, img, det, cells, Path(report))
    return res


def _pictures(res: Result, img, det, cells, folder: Path) -> None:
    import cv2

    from puzzlebot.vision.overlay import RED

    def small(a):
        f = min(1.0, REPORT_WIDTH / a.shape[1])
        return cv2.resize(a, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else a

    res.picture = f"img/{res.index:05d}.jpg"
    cv2.imwrite(str(folder / res.picture), small(img), [cv2.IMWRITE_JPEG_QUALITY, 85])
    if det is not None and det.debug is not None:
        seen = det.debug(img)
        lat = det.lattice
        for r, c in cells:  # the differences from the label, boxed thick
            x0, y0, x1, y1 = lat.box(r, c, -0.05)
            cv2.rectangle(seen, (x0, y0), (x1, y1), RED, max(3, int(lat.px / 12)))
        res.overlay = f"img/{res.index:05d}-seen.jpg"
        cv2.imwrite(str(folder / res.overlay), small(seen), [cv2.IMWRITE_JPEG_QUALITY, 85])


# --- the batch ---------------------------------------------------------------------

# A labels file names each screenshot once, a few hundred bytes each: this
# bounds it far above any set of screenshots (the largest here is 240 KB).
MAX_LABELS_BYTES = 256 * 2**20


def _labels(path: str | None) -> tuple[dict, Path | None]:
    if path is None:
        return {}, None
    p = Path(path)
    text = read_text_file(path, MAX_LABELS_BYTES, "a labels file")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError(f"not a labels file ({str(e).splitlines()[0][:80]})", path) from None
    if not isinstance(data, list) or not all(isinstance(e, dict) and isinstance(e.get("file"), str) for e in data):
        raise InputError("a labels file is a JSON list of objects with a 'file' (see ../shared/data/README.md)", path)
    for e in data:
        bad = _label_fault(e)
        if bad:
            raise InputError(f"the label of {e['file'][:60]} is malformed: {bad}", path)
    return {e["file"]: e for e in data}, resolved(p).parent


def _label_fault(e: dict) -> str:
    """What is wrong with a label's common fields, or ''."""
    if "kind" in e and not isinstance(e["kind"], str):
        return f"'kind' must be a string, not {type(e['kind']).__name__}"
    if "size" in e:
        size = e["size"]
        ok = (isinstance(size, int) and not isinstance(size, bool)) or (
            isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                              for v in size))
        if not ok:
            return f"'size' must be n or [rows, cols], not {json.dumps(size)[:30]}"
    return ""


def _label_for(path: Path, labels: dict, base: Path | None):
    if not labels:
        return None
    try:
        rel = str(resolved(path).relative_to(base))
    except ValueError:
        rel = None
    if rel in labels:
        return labels[rel]
    named = [e for f, e in labels.items() if Path(f).name == path.name]
    return named[0] if len(named) == 1 else None


def _tasks(srcs, game, labels, base, every, report):
    from puzzlebot.vision.frames import video_frames

    index = 0
    for s in srcs:
        if s.video:
            try:
                for fr in video_frames(s.path, every):
                    yield (index, fr.name, fr.image, game.name, _label_for(s.path, labels, base), report)
                    index += 1
            except PuzzlebotError as e:  # this video only (cut short, no frame): the others are still read
                yield Result(index, str(s.path), "error", getattr(e, "detail", None) or str(e))
                index += 1
        else:
            yield (index, str(s.path), str(s.path), game.name, _label_for(s.path, labels, base), report)
            index += 1


class _Progress:
    """A bar on stderr when it is a terminal; nothing otherwise."""

    def __init__(self, total: int | None):
        self.total, self.done, self.start = total, 0, time.monotonic()
        self.on = sys.stderr.isatty()

    def step(self) -> None:
        self.done += 1
        if not self.on:
            return
        rate = self.done / max(1e-6, time.monotonic() - self.start)
        if self.total:
            k = int(30 * self.done / self.total)
            bar = f"[{'#' * k}{'.' * (30 - k)}] {self.done}/{self.total}"
        else:
            bar = f"{self.done} frames"
        print(f"\r  {bar}  {rate:.1f} images/s ", end="", file=sys.stderr, flush=True)

    def end(self) -> None:
        if self.on and self.done:
            print(file=sys.stderr)


def _check_report_folder(report: Path, srcs, name: str) -> None:
    """InputError unless a report can be written to ``report`` without
    writing over a file of the user's: a page there that is not one of our
    reports, or a screenshot read now among the report's pictures."""
    page = report / "index.html"
    if page.exists():
        try:
            ours = REPORT_TITLE in page.open("rb").read(200).decode("utf-8", "replace")
        except OSError:
            ours = False
        if not ours:
            raise InputError("holds an index.html that is not a puzzlebot report: not written over; "
                             "name another folder", name)
    pictures = resolved(report / "img")
    inside = next((s.path for s in srcs if resolved(s.path).is_relative_to(pictures)), None)
    if inside is not None:
        raise InputError(f"the report's pictures would be written among the screenshots read ({inside}): "
                         "name another folder", name)


def run_batch(game, args) -> int:
    from puzzlebot.vision.frames import parse_every, sources

    every = parse_every(args.every)
    srcs = sources(args.paths)
    labels, base = _labels(args.labels)
    report = None
    if args.report:
        report = Path(args.report)
        _check_report_folder(report, srcs, args.report)
        try:
            (report / "img").mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise InputError(f"cannot make the report folder: {e.strerror}", args.report) from None
    jobs = args.jobs or os.cpu_count() or 1
    total = None if any(s.video for s in srcs) else len(srcs)
    bar = _Progress(total)
    results: list[Result] = []
    waiting: dict[int, Result] = {}  # read, not yet printed (an earlier one is still being read)
    next_out = 0
    interrupted = False
    t0 = time.monotonic()
    # forkserver, not fork: the parent decodes video frames with OpenCV while
    # the pool starts workers, and a process forked from one whose OpenCV
    # threads are running can hang for ever
    import multiprocessing

    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)  # imported once in the server, shared by every worker
    pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init)
    try:
        pending = set()
        feed = _tasks(srcs, game, labels, base, every, str(report) if report else None)
        exhausted = False
        while True:
            while not exhausted and len(pending) < QUEUE_PER_JOB * jobs:
                try:
                    task = next(feed)
                except StopIteration:
                    exhausted = True
                    continue
                if isinstance(task, Result):  # known before any reading: an error of the source
                    pending.add(done_already := Future())
                    done_already.set_result(task)
                else:
                    pending.add(pool.submit(read_one, task))
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                res = f.result()
                results.append(res)
                bar.step()
                waiting[res.index] = res
            while next_out in waiting:  # JSON Lines stream out in the order of the input
                res = waiting.pop(next_out)
                next_out += 1
                if args.json:
                    print(json.dumps(res.as_json()), flush=True)
    except KeyboardInterrupt:
        interrupted = True
        pool.shutdown(wait=False, cancel_futures=True)
    finally:
        bar.end()
        pool.shutdown(wait=not interrupted, cancel_futures=True)
    if args.json:  # after Ctrl-C: what was read beyond a gap left by an unfinished image
        for i in sorted(waiting):
            print(json.dumps(waiting[i].as_json()), flush=True)
    seconds = time.monotonic() - t0
    results.sort(key=lambda r: r.index)
    if not args.json:
        for r in results:
            print(r.line())
    _summary(results, seconds, jobs, bool(labels), interrupted, args.json)
    if report:
        from puzzlebot.bot.report import write_report

        page = write_report(report, game, results, args.paths, bool(labels), interrupted)
        print(f"report: {page}", file=sys.stderr)
    if interrupted:
        return 130
    if any(r.score == "wrong" for r in results):
        return 1
    if results and all(r.verdict == "error" for r in results):
        return 2  # bad input: nothing named could be read (each said why above)
    if args.strict and any(r.verdict != "read" for r in results):
        return 4
    return 0


def _summary(results: list[Result], seconds: float, jobs: int, scored: bool, interrupted: bool,
             to_stderr: bool) -> None:
    """The counts, per kind of image when scored (on stderr when stdout carries JSON Lines)."""
    n = len(results)
    counts = Counter(r.verdict for r in results)
    parts = [f"{counts[v]} {v}" for v in ("read", "unsure", "refused", "error") if counts[v]]
    rate = n / seconds if seconds > 0 else 0.0
    head = "interrupted: " if interrupted else ""
    lines = [f"{head}{n} images in {seconds:.1f} s ({rate:.1f} images/s, {jobs} jobs): {', '.join(parts) or 'none'}"]
    if scored:
        labelled = [r for r in results if r.score]
        by_kind: dict[str, Counter] = {}
        for r in labelled:
            by_kind.setdefault(r.kind or "-", Counter())[r.score] += 1
        lines.append(f"scored against labels: {len(labelled)} of {n} images "
                     f"({n - len(labelled)} without a label)")
        lines.append(f"  {'kind':<16} {'exact':>6} {'safe':>6} {'wrong':>6}")
        for kind, c in sorted(by_kind.items()):
            lines.append(f"  {kind:<16} {c['exact']:>6} {c['safe']:>6} {c['wrong']:>6}")
        total = Counter(r.score for r in labelled)
        lines.append(f"  {'all':<16} {total['exact']:>6} {total['safe']:>6} {total['wrong']:>6}")
        wrong = [r.name for r in labelled if r.score == "wrong"]
        if wrong:
            lines.append("WRONG BUT SURE: " + ", ".join(wrong))
    print("\n".join(lines), file=sys.stderr if to_stderr else sys.stdout)
