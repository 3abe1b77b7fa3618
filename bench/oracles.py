"""Independent solvers (z3, OR-Tools) used as baselines and as test oracles.

Nothing here shares code with the product's solvers; that is the point.
"""

from __future__ import annotations


def z3_switches(names, flip, edges, timeout_s: float | None = None):
    """The seed-001 model: one Bool per switch, each light the XOR of the
    switches touching it.  Returns (status, pressed names) where status is
    "sat", "unsat" or "unknown" (timeout)."""
    import z3

    sw = {n: z3.Bool(f"s_{i}") for i, n in enumerate(names)}
    touch = {n: {n} for n in names}
    for a, b in edges:
        touch[a].add(b)
        touch[b].add(a)
    s = z3.Solver()
    if timeout_s is not None:
        s.set("timeout", int(timeout_s * 1000))
    flips = set(flip)
    for n in names:
        terms = [sw[m] for m in sorted(touch[n])]
        expr = terms[0]
        for t in terms[1:]:
            expr = z3.Xor(expr, t)
        s.add(expr == (n in flips))
    res = s.check()
    if res == z3.sat:
        m = s.model()
        return "sat", sorted(n for n in names if z3.is_true(m.eval(sw[n], model_completion=True)))
    return ("unsat" if res == z3.unsat else "unknown"), None


def z3_tango_count(size, cells, edges, limit: int = 50) -> int:
    """Solutions of a Tango board, counted by z3 with blocking clauses.

    ``cells``: rows of 0 (empty), 1 (sun), 2 (moon); ``edges``: (r1, c1, r2,
    c2, "=" | "x").  Stops at ``limit``.
    """
    import z3

    n = size
    x = [[z3.Bool(f"sun_{r}_{c}") for c in range(n)] for r in range(n)]
    s = z3.Solver()
    lines = [[x[r][c] for c in range(n)] for r in range(n)] + [[x[r][c] for r in range(n)] for c in range(n)]
    for line in lines:
        s.add(z3.PbEq([(v, 1) for v in line], n // 2))
        for i in range(n - 2):
            s.add(z3.Not(z3.And(line[i], line[i + 1], line[i + 2])))
            s.add(z3.Or(line[i], line[i + 1], line[i + 2]))
    for r in range(n):
        for c in range(n):
            if cells[r][c] == 1:
                s.add(x[r][c])
            elif cells[r][c] == 2:
                s.add(z3.Not(x[r][c]))
    for r1, c1, r2, c2, kind in edges:
        s.add(x[r1][c1] == x[r2][c2] if kind == "=" else x[r1][c1] != x[r2][c2])
    count = 0
    while count < limit and s.check() == z3.sat:
        m = s.model()
        count += 1
        s.add(z3.Or([v != m.eval(v, model_completion=True) for row in x for v in row]))
    return count
