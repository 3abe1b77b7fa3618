"""The HTML report of a batch detection (``detect --report DIR``): one
self-contained page (inline CSS, no network), the pictures as files beside
it; for each image the screenshot and what the reader saw side by side, the
verdict, and the differences from the label; failures first."""

from __future__ import annotations

import html
from pathlib import Path

ORDER = {"wrong": 0, "error": 1, "refused": 2, "unsure": 3, "safe": 4, "read": 5, "exact": 6}
COLOUR = {"wrong": "#c62828", "error": "#6a1b9a", "refused": "#ef6c00", "unsure": "#f9a825", "safe": "#f9a825",
          "read": "#2e7d32", "exact": "#2e7d32"}

CSS = """
body { font-family: system-ui, sans-serif; margin: 24px; color: #1f1f1f; background: #fafafa; }
h1 { font-size: 22px; margin: 0 0 4px; } .meta { color: #555; margin-bottom: 16px; }
table.sum { border-collapse: collapse; margin-bottom: 24px; } table.sum td, table.sum th { padding: 3px 10px;
  border-bottom: 1px solid #ddd; text-align: right; } table.sum td:first-child { text-align: left; }
.item { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 12px; margin-bottom: 16px; }
.item h2 { font-size: 15px; margin: 0 0 6px; word-break: break-all; }
.badge { display: inline-block; color: #fff; border-radius: 10px; padding: 1px 10px; font-size: 13px; margin-right: 8px; }
.why { color: #444; font-size: 13px; margin: 4px 0; } .diffs { color: #c62828; font-size: 13px; margin: 4px 0 8px 18px; }
.pics { display: flex; gap: 12px; flex-wrap: wrap; } .pics figure { margin: 0; }
.pics img { max-width: 560px; max-height: 560px; border: 1px solid #ccc; display: block; }
figcaption { font-size: 12px; color: #666; }
"""


def _status(r) -> str:
    return r.score or r.verdict


# How a report's page begins (its title): a page that does not is not one of
# ours, and is never written over.
REPORT_TITLE = "puzzlebot detect"


def write_report(folder: Path, game, results, paths, scored: bool, interrupted: bool) -> Path:
    """Write ``folder/index.html``; returns its path."""
    from collections import Counter

    items = sorted(results, key=lambda r: (ORDER.get(_status(r), 9), r.index))
    counts = Counter(_status(r) for r in results)
    rows = "".join(f"<tr><td>{html.escape(k)}</td><td>{v}</td></tr>"
                   for k, v in sorted(counts.items(), key=lambda kv: ORDER.get(kv[0], 9)))
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{REPORT_TITLE} "
             f"{html.escape(game.name)}</title><style>{CSS}</style></head><body>",
             f"<h1>puzzlebot detect {html.escape(game.name)}: {len(results)} images"
             f"{' (interrupted)' if interrupted else ''}</h1>",
             f"<div class='meta'>{html.escape(' '.join(map(str, paths)))}"
             f"{'; scored against labels (exact / safe: unsure or refused / wrong: read as sure and wrong)' if scored else ''}"
             "; failures first</div>",
             f"<table class='sum'><tr><th>verdict</th><th>images</th></tr>{rows}</table>"]
    for r in items:
        st = _status(r)
        badge = f"<span class='badge' style='background:{COLOUR.get(st, '#555')}'>{html.escape(st)}</span>"
        extra = f" {html.escape(r.verdict)}" if r.score else ""
        parts.append(f"<div class='item' id='item{r.index}'><h2>{badge}{html.escape(r.name)}</h2>")
        parts.append(f"<div class='why'>{extra} {html.escape(r.size or '')} {r.ms:.0f} ms"
                     f"{' &mdash; ' + html.escape(r.why) if r.why else ''}</div>")
        if r.diffs:
            parts.append("<ul class='diffs'>" + "".join(f"<li>{html.escape(d)}</li>" for d in r.diffs[:20])
                         + (f"<li>... {len(r.diffs) - 20} more</li>" if len(r.diffs) > 20 else "") + "</ul>")
        pics = []
        if r.picture:
            pics.append(f"<figure><img src='{r.picture}' alt='screenshot'><figcaption>screenshot</figcaption></figure>")
        if r.overlay:
            pics.append(f"<figure><img class='seen' src='{r.overlay}' alt='what the reader saw'>"
                        "<figcaption>what the reader saw (differences from the label boxed in red)</figcaption>"
                        "</figure>")
        parts.append(f"<div class='pics'>{''.join(pics)}</div></div>")
    parts.append("</body></html>")
    page = folder / "index.html"
    page.write_text("\n".join(parts), encoding="utf-8")
    return page
