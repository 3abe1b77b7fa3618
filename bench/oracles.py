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
