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


def _cp_count(model, variables, limit: int | None, timeout_s: float | None):
    from ortools.sat.python import cp_model

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.count = 0
            self.first = None

        def on_solution_callback(self):
            self.count += 1
            if self.first is None:
                self.first = [self.Value(v) for v in variables]
            if limit is not None and self.count >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if timeout_s is not None:
        solver.parameters.max_time_in_seconds = timeout_s
    cb = Counter()
    status = solver.Solve(model, cb)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or (limit is not None and cb.count >= limit)
    return cb.count, cb.first, complete


def ortools_exact_cover_count(n_primary: int, n_secondary: int, rows, limit: int | None = None,
                              timeout_s: float | None = 60):
    """Exact cover counted by OR-Tools CP-SAT: columns 0..n_primary-1 are
    covered exactly once, the next n_secondary at most once."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    x = [m.NewBoolVar(f"row{i}") for i in range(len(rows))]
    by_col: dict[int, list] = {}
    for i, row in enumerate(rows):
        for c in row:
            by_col.setdefault(c, []).append(x[i])
    for c in range(n_primary):
        m.Add(sum(by_col.get(c, [])) == 1)
    for c in range(n_primary, n_primary + n_secondary):
        if c in by_col:
            m.Add(sum(by_col[c]) <= 1)
    count, _, complete = _cp_count(m, x, limit, timeout_s)
    return count, complete


def ortools_ripple(rooms, givens, limit: int = 2, timeout_s: float | None = 60):
    """Ripple Effect with CP-SAT: (solutions up to limit, first grid, complete)."""
    from ortools.sat.python import cp_model

    R, C = len(rooms), len(rooms[0])
    cells: dict[int, list[tuple[int, int]]] = {}
    for r in range(R):
        for c in range(C):
            cells.setdefault(rooms[r][c], []).append((r, c))
    m = cp_model.CpModel()
    b = {}
    for r in range(R):
        for c in range(C):
            n = len(cells[rooms[r][c]])
            b[r, c] = {v: m.NewBoolVar(f"b{r}_{c}_{v}") for v in range(1, n + 1)}
            m.AddExactlyOne(b[r, c].values())
            if givens[r][c]:
                m.Add(b[r, c][givens[r][c]] == 1)
    for members in cells.values():
        for v in range(1, len(members) + 1):
            m.AddExactlyOne(b[rc][v] for rc in members)
    for r in range(R):
        for c in range(C):
            for dr, dc in ((0, 1), (1, 0)):
                for k in range(1, max(len(m_) for m_ in cells.values()) + 1):
                    rr, cc = r + k * dr, c + k * dc
                    if rr >= R or cc >= C:
                        break
                    for v, var in b[r, c].items():
                        if v >= k and v in b[rr, cc]:
                            m.AddBoolOr([var.Not(), b[rr, cc][v].Not()])
    order = [(r, c, v) for r in range(R) for c in range(C) for v in b[r, c]]
    count, first, complete = _cp_count(m, [b[r, c][v] for r, c, v in order], limit, timeout_s)
    grid = None
    if first is not None:
        grid = [[0] * C for _ in range(R)]
        for (r, c, v), val in zip(order, first):
            if val:
                grid[r][c] = v
    return count, grid, complete


def ortools_zip(rows: int, cols: int, numbers: dict, walls: set, limit: int = 2, timeout_s: float | None = 60):
    """Zip with CP-SAT: a circuit through every cell and a dummy node that
    closes it from the last number back to 1 (AddCircuit), each cell's place
    on the path as an integer; the numbers' places in order.  ``numbers``:
    {(r, c): k}; ``walls``: {((r1, c1), (r2, c2))} either way round.
    Returns (paths up to limit, the first path as [(r, c), ...], complete)."""
    from ortools.sat.python import cp_model

    n = rows * cols
    k = max(numbers.values())
    cell_of = {v: r * cols + c for (r, c), v in numbers.items()}
    blocked = {frozenset(w) for w in walls}
    m = cp_model.CpModel()
    pos = [m.NewIntVar(0, n - 1, f"pos{i}") for i in range(n)]
    arcs, lits = [], {}
    for r in range(rows):
        for c in range(cols):
            a = r * cols + c
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and frozenset({(r, c), (rr, cc)}) not in blocked:
                    b = rr * cols + cc
                    lit = m.NewBoolVar(f"a{a}_{b}")
                    lits[a, b] = lit
                    arcs.append((a + 1, b + 1, lit))  # node 0 is the dummy
                    m.Add(pos[b] == pos[a] + 1).OnlyEnforceIf(lit)
    arcs.append((0, cell_of[1] + 1, m.NewConstant(1)))
    arcs.append((cell_of[k] + 1, 0, m.NewConstant(1)))
    m.AddCircuit(arcs)
    m.Add(pos[cell_of[1]] == 0)
    m.Add(pos[cell_of[k]] == n - 1)
    for v in range(1, k):
        m.Add(pos[cell_of[v]] < pos[cell_of[v + 1]])
    count, first, complete = _cp_count(m, pos, limit, timeout_s)
    path = None
    if first is not None:
        order = sorted(range(n), key=lambda i: first[i])
        path = [divmod(i, cols) for i in order]
    return count, path, complete


def ortools_sudoku(givens: list[list[int]], box: tuple[int, int], limit: int = 2, timeout_s: float | None = 60):
    """Sudoku with CP-SAT (AllDifferent on rows, columns, boxes): (solutions
    up to limit, the first grid, complete)."""
    from ortools.sat.python import cp_model

    n = len(givens)
    m = cp_model.CpModel()
    x = [[m.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        m.AddAllDifferent(x[r])
    for c in range(n):
        m.AddAllDifferent([x[r][c] for r in range(n)])
    br, bc = box
    for r0 in range(0, n, br):
        for c0 in range(0, n, bc):
            m.AddAllDifferent([x[r][c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc)])
    for r in range(n):
        for c in range(n):
            if givens[r][c]:
                m.Add(x[r][c] == givens[r][c])
    flat = [v for row in x for v in row]
    count, first, complete = _cp_count(m, flat, limit, timeout_s)
    grid = None if first is None else [first[r * n:(r + 1) * n] for r in range(n)]
    return count, grid, complete


def ortools_patches(rows: int, cols: int, clues: dict, limit: int = 2, timeout_s: float | None = 60):
    """Patches (Shikaku) with CP-SAT, from the rules alone (not our list of
    candidate rectangles): each clue's rectangle as top, left, height and
    width variables holding the clue, of its shape and area; every cell
    inside exactly one rectangle.  (solutions up to limit, the first as
    sorted (r, c, h, w), complete)."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    boxes, flat = [], []
    for (cr, cc), (shape, area) in sorted(clues.items()):
        r = m.NewIntVar(0, cr, "r")
        c = m.NewIntVar(0, cc, "c")
        h = m.NewIntVar(1, rows, "h")
        w = m.NewIntVar(1, cols, "w")
        m.Add(r + h >= cr + 1)
        m.Add(c + w >= cc + 1)
        m.Add(r + h <= rows)
        m.Add(c + w <= cols)
        if area is not None:
            m.AddMultiplicationEquality(area, [h, w])
        if shape == "square":
            m.Add(h == w)
        elif shape == "wide":
            m.Add(w > h)
        elif shape == "tall":
            m.Add(h > w)
        boxes.append((r, c, h, w))
        flat += [r, c, h, w]
    for i in range(rows):
        for j in range(cols):
            inside = []
            for r, c, h, w in boxes:
                b = m.NewBoolVar("in")
                conds = [m.NewBoolVar("a") for _ in range(4)]
                m.Add(r <= i).OnlyEnforceIf(conds[0])
                m.Add(r > i).OnlyEnforceIf(conds[0].Not())
                m.Add(r + h > i).OnlyEnforceIf(conds[1])
                m.Add(r + h <= i).OnlyEnforceIf(conds[1].Not())
                m.Add(c <= j).OnlyEnforceIf(conds[2])
                m.Add(c > j).OnlyEnforceIf(conds[2].Not())
                m.Add(c + w > j).OnlyEnforceIf(conds[3])
                m.Add(c + w <= j).OnlyEnforceIf(conds[3].Not())
                m.AddBoolAnd(conds).OnlyEnforceIf(b)
                m.AddBoolOr([x.Not() for x in conds]).OnlyEnforceIf(b.Not())
                inside.append(b)
            m.AddExactlyOne(inside)
    count, first, complete = _cp_count(m, flat, limit, timeout_s)
    rects = None if first is None else sorted(tuple(first[k:k + 4]) for k in range(0, len(first), 4))
    return count, rects, complete
