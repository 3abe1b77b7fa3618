"""Joining things into groups: items joined in pairs (regions' cells that
share a fill, glyphs alike and near) end up in one group each, by union-find."""

from __future__ import annotations

from collections.abc import Iterable


def group_labels(n: int, pairs: Iterable[tuple[int, int]]) -> list[int]:
    """A label for each of ``n`` items (0, 1, ... in order of each group's
    first item) such that items joined by ``pairs``, directly or through
    others, share one."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in pairs:
        parent[root(a)] = root(b)
    labels: dict[int, int] = {}
    return [labels.setdefault(root(i), len(labels)) for i in range(n)]
