"""Classical multidimensional scaling (seed 004, "Multidimensional Scaling")."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.eigen import ETA, LAMBDA
from tutor.exact.tidy import Scaled, is_zero, numeric, tidy
from tutor.recipes.eigenpairs import EigenRow, eigen_rows
from tutor.exact.vectors import matvec
from tutor.recipes.symmetry import ONES, SymmetryRow, by_symmetry, symmetry_rows
from tutor.steps import Check, Step, StepData
from tutor.recipes.centring import centring_matrix


@dataclass(frozen=True)
class MdsDistancesData(StepData, kind="mds_distances"):
    brief_formula = "inline"  # the brief line is the formula, then the matrix


@dataclass(frozen=True)
class MdsAData(StepData, kind="mds_a"):
    brief_formula = "inline"


def squared_distances_from_points_step(points) -> Step:
    n = len(points)
    D2 = sp.ImmutableMatrix(n, n, lambda i, j: tidy(sum((a - b) ** 2 for a, b in zip(points[i], points[j]))))
    return Step(key="squared_distances", kind="mds_distances", title="Squared distances",
                formula=r"d_{ij}^2 = \|\mathbf x_i - \mathbf x_j\|^2", result=D2,
                data=MdsDistancesData())


def squared_distances_from_table_step(D2: sp.ImmutableMatrix) -> Step:
    """The given table of distances, each squared: A is built from the d_ij², not the d_ij."""
    return Step(key="squared_distances", kind="mds_distances", title="Squared distances",
                formula=r"d_{ij}^2 = d_{ij} \cdot d_{ij}", result=sp.ImmutableMatrix(D2.applyfunc(tidy)),
                data=MdsDistancesData())


def a_matrix_step(D2: sp.ImmutableMatrix) -> Step:
    A = sp.ImmutableMatrix(D2.applyfunc(lambda v: tidy(-v / 2)))
    return Step(key="a_matrix", kind="mds_a", title="The matrix A", formula=r"A = -\tfrac12 \left[d_{ij}^2\right]",
                result=A, data=MdsAData())


@dataclass(frozen=True)
class MdsBEntry:
    """One entry of B worked out as the notes' double centring: b_ij = −½(d²_ij − d²_i• − d²_•j + d²_••)."""

    i: int  # 1-based
    j: int
    d2: sp.Expr  # d²_ij
    row: sp.Expr  # d²_i•
    col: sp.Expr  # d²_•j
    value: sp.Expr  # b_ij


@dataclass(frozen=True)
class MdsBData(StepData, kind="mds_b"):
    brief_formula = "inline"
    worked_checks = True  # the row sums are written out beside B
    worked_checks_full = True  # at the full level too ("Its row sums: …")
    brief_note = False  # B = X_c X_cᵀ is said where the eigenvalues are read
    H: sp.ImmutableMatrix  # the centring matrix
    sums: tuple[sp.Expr, ...]  # the row sums of B, each 0
    row_sums: tuple[sp.Expr, ...] = ()  # Σ_j d²_ij, the row sums of the table (the full level divides them by n)
    means: tuple[sp.Expr, ...] = ()  # d²_i•, the row means of the table (its column means too: it is symmetric)
    grand: sp.Expr = sp.Integer(0)  # d²_••, the mean of all n² entries
    entries: tuple[MdsBEntry, ...] = ()  # worked out: b_12 at the brief level; every b_ij, i ≤ j, at the full
    table: sp.ImmutableMatrix | None = None  # d², whose rows the full level sums


FULL_ENTRIES_N = 4  # the full level works every b_ij (i ≤ j) out up to this n; beyond, the first row


def b_matrix_step(A: sp.ImmutableMatrix) -> Step:
    """B by the notes' double centring of d² (A = −½d², so b_ij = a_ij − ā_i• − ā_•j + ā_••), which is
    HAH; each entry worked out is checked against HAH."""
    n = A.rows
    H = centring_matrix(n)
    B = sp.ImmutableMatrix((H * A * H).applyfunc(tidy))
    sums = tuple(tidy(sum(B.row(i))) for i in range(B.rows))
    D2 = A.applyfunc(lambda a: tidy(-2 * a))
    row_sums = tuple(tidy(sum(D2.row(i))) for i in range(n))
    means = tuple(tidy(r / n) for r in row_sums)
    grand = tidy(sum(means) / n)
    pairs = [(i, j) for i in range(n) for j in range(i, n)] if n <= FULL_ENTRIES_N else [(0, j) for j in range(n)]
    entries = tuple(MdsBEntry(i + 1, j + 1, D2[i, j], means[i], means[j],
                              tidy(-(D2[i, j] - means[i] - means[j] + grand) / 2)) for i, j in pairs)
    return Step(key="b_matrix", kind="mds_b", title="Double centring",
                formula=r"b_{ij} = -\tfrac12\left(d_{ij}^2 - d_{i\bullet}^2 - d_{\bullet j}^2 + d_{\bullet\bullet}^2\right)",
                result=B, data=MdsBData(H, sums, row_sums, means, grand, entries, D2),
                checks=(_row_sums_check(sums),
                        Check(r"b_{ij} = (HAH)_{ij}", all(is_zero(e.value - B[e.i - 1, e.j - 1]) for e in entries))),
                note="If the distances come from points, $B = X_c X_c^T$ is the Gram matrix of the centred points.")


def _row_sums_check(sums: tuple[sp.Expr, ...]) -> Check:
    """The row sums of B written out (B1 = (0, …, 0)ᵀ), not only asserted."""
    shown = ", ".join(sp.latex(s) for s in sums)
    return Check(rf"B\mathbf 1 = \left({shown}\right)^T", all(is_zero(s) for s in sums))


@dataclass(frozen=True)
class TraceRoute:
    """The non-zero eigenvalues of a B of rank r ≤ 2 as a student finds them without det(B − λI):
    λ₁ + λ₂ = tr B and λ₁² + λ₂² = ‖B‖²_F, so λ₁λ₂ = ((tr B)² − ‖B‖²_F)/2 and λ₁, λ₂ are the roots of
    λ² − (tr B)λ + λ₁λ₂ = 0 (rank 1: λ₁ = tr B)."""

    count: int  # k: at most this many eigenvalues are non-zero (1 or 2)
    why: str  # why, plain text with $…$ maths
    trace: sp.Expr
    diagonal: tuple[sp.Expr, ...]  # b_ii, summed to tr B
    upper: tuple[sp.Expr, ...]  # b_ij, i < j: ‖B‖²_F = Σ b_ii² + 2 Σ_{i<j} b_ij²
    frobenius: sp.Expr  # ‖B‖²_F = Σ b_ij²
    product: sp.Expr  # λ₁λ₂ (k = 2)
    quadratic: sp.Expr  # λ² − (tr B)λ + λ₁λ₂ (k = 2)
    roots: tuple[sp.Expr, ...]  # λ₁, …, λ_k, descending (a root may be 0)
    rref: sp.ImmutableMatrix | None = None  # B row-reduced, when the rank is found that way (a table alone)


def trace_route(B: sp.ImmutableMatrix, values, dimension: int | None) -> TraceRoute | None:
    """The trace route when a student can say that at most k ≤ 2 eigenvalues are non-zero: B𝟏 = 0 leaves
    at most n − 1, B = X_c X_cᵀ for points given in ℝ^d at most d, and else B's rank by row reduction.
    k = 1: λ₁ = tr B; k = 2: the quadratic (one root 0 when the rank is 1)."""
    n = B.rows
    if any(numeric(v, 30) < -sp.Float("1e-25") for v in values):
        return None  # a negative eigenvalue would sit between the roots and the zeros: det(B − λI) names them
    bounds = []
    if n - 1 <= 2:
        bounds.append((n - 1, rf"$B\mathbf 1 = \mathbf 0$, so at most $n - 1 = {n - 1}$ eigenvalue"
                              rf"{'s are' if n > 2 else ' is'} non-zero"))
    if dimension is not None and dimension <= min(2, n - 2):
        bounds.append((dimension, rf"$B = X_c X_c^T$ for points in $\mathbb R^{dimension}$, so rank $B \le {dimension}$"))
    rref = None
    if not bounds:  # a table alone: the rank by row reduction, a hand step when it is at most 2
        reduced, pivots = sp.Matrix(B).rref(iszerofunc=is_zero, simplify=tidy)
        if len(pivots) > 2:
            return None
        rref = sp.ImmutableMatrix(reduced.applyfunc(tidy))
        k = len(pivots)
        bounds.append((k, rf"$B$ row-reduces to ${k}$ non-zero row{'s' if k > 1 else ''}, so rank $B = {k}$"))
    k, why = min(bounds)
    nonzero = [v for v in values if not is_zero(v)]
    if len(nonzero) > k:  # never: the bound is a theorem
        raise AssertionError(f"B has {len(nonzero)} non-zero eigenvalues, more than {k}")
    trace = tidy(B.trace())
    frob = tidy(sum(x**2 for x in B))
    diagonal = tuple(B[i, i] for i in range(n))
    upper = tuple(B[i, j] for i in range(n) for j in range(i + 1, n))
    roots = tuple(sorted(nonzero + [sp.Integer(0)] * (k - len(nonzero)), key=lambda v: -numeric(v, 30)))
    if k == 1:
        return TraceRoute(1, why, trace, diagonal, upper, frob, sp.Integer(0), sp.Integer(0), roots, rref)
    product = tidy((trace**2 - frob) / 2)
    return TraceRoute(2, why, trace, diagonal, upper, frob, product, sp.expand(LAMBDA**2 - trace * LAMBDA + product), roots,
                      rref)


@dataclass(frozen=True)
class MdsSpectrumData(StepData, kind="mds_spectrum"):
    brief_formula = "none"
    worked_checks = True  # each row shows Bw beside w
    brief_note = False  # the brief line says what the signs of the eigenvalues mean
    shifted: sp.ImmutableMatrix  # B − λI
    char_poly: sp.Expr  # in λ
    factored: sp.Expr
    rows: tuple[EigenRow, ...]  # eta is the eigenvalue λ_i of B: the kept ones only (the others are discarded)
    negative: int  # how many eigenvalues are negative
    positive: int  # how many are positive: the dimension of an exact configuration
    repeated: bool  # some eigenvalue has multiplicity > 1
    named: str = ""  # why some roots are named, plain text with $…$ maths
    trace: TraceRoute | None = None  # the hand route by trace and rank, when B has it
    values: tuple[sp.Expr, ...] = ()  # every eigenvalue, descending
    zeros: int = 0  # eigenvalues λ = 0 (their eigenvectors are not needed)
    # without the trace route: every eigenvector found by symmetry (recipes/symmetry.py), the eigenvalues
    # read off Bw = λw and det(B − λI) only confirming them
    symmetry: tuple[SymmetryRow, ...] = ()
    matrix: sp.ImmutableMatrix | None = None  # B, multiplied out at the full level of the symmetry route
    trace_value: sp.Expr = sp.Integer(0)  # tr B, which the λ found by symmetry add up to
    # with the trace route: the kept eigenvectors found by symmetry (the notes' "try w = (1, −1, 0)"), in the
    # order found; a row's before names 0 for 𝟏 (B𝟏 = 0), else the kept index. Empty: solve (B − λI)w = 0
    kept_symmetry: tuple[SymmetryRow, ...] = ()


def kept_by_symmetry(B: sp.ImmutableMatrix, spec, keep: int) -> tuple[SymmetryRow, ...]:
    """The kept eigenvectors (the first ``keep`` pairs) each found by symmetry, relying on no vector but 𝟏
    and kept ones found before: the discarded zero eigenvalues' vectors are never tried. Empty when some
    kept vector is not found so (a repeated eigenvalue whose basis differs, no symmetry)."""
    tried = by_symmetry(B) if keep else None
    if not tried:
        return ()
    index = {}  # position in tried -> 0 for 𝟏, else the kept pair's index
    for k, t in enumerate(tried):
        if t.reason == ONES:
            index[k] = 0
        for i, pair in enumerate(spec.pairs[:keep], start=1):
            if t.vector == tuple(pair.found):
                index[k] = i
    kept = [k for k, t in enumerate(tried) if index.get(k, 0) > 0]
    if len(kept) != keep or any(b not in index for k in kept for b in tried[k].before):
        return ()
    rows = []
    for k in kept:
        t, i = tried[k], index[k]
        product = matvec(B, t.vector)
        rows.append(SymmetryRow(i, t, spec.pairs[i - 1].value, product, all(x.is_Rational for x in product),
                                tuple(index[b] for b in t.before),
                                tuple((a, b, c, d, B[a - 1, b - 1]) for (a, b), (c, d) in t.equal)))
    return tuple(rows)


def positive_count(values) -> int:
    return sum(1 for v in values if numeric(v, 30) > sp.Float("1e-25"))


def spectrum_step(B: sp.ImmutableMatrix, spec, keep: int | None = None, dimension: int | None = None) -> Step:
    """B's eigenvalues (by trace and rank where that is the hand route), and unit eigenvectors of the
    ``keep`` largest positive ones only: the discarded eigenvalues' vectors are never used."""
    values = spec.values
    negative = [v for v in values if numeric(v, 30) < -sp.Float("1e-25")]
    positive = positive_count(values)
    keep = positive if keep is None else keep
    rows, checks = eigen_rows(B, spec, matrix="B", value=r"\lambda", vector=r"\mathbf v")
    checks = checks[:keep] + checks[-1:]  # Bw = λw for the kept eigenvectors, and their orthonormality
    count = len(negative)
    note = (f"$B$ has {count} negative eigenvalue{'s' if count > 1 else ''}, so the distances are not Euclidean: "
            "no configuration of points reproduces them exactly; the positive eigenvalues still give the best one."
            if negative else
            f"Every eigenvalue is $\\ge 0$, so the distances are Euclidean: $B = X X^T$ for centred points in "
            f"$p = {positive}$ dimension{'s' if positive != 1 else ''}, one per positive eigenvalue.")
    route = trace_route(B, values, dimension)
    symmetric = symmetry_rows(B, spec, by_symmetry(B)) if route is None else None
    kept_sym = kept_by_symmetry(B, spec, keep) if route is not None else ()
    if symmetric or kept_sym:
        checks = checks + (Check(r"B \mathbf w_i = \lambda_i \mathbf w_i \text{ (each vector tried)}",
                                 all(is_zero(tidy(a - r.eta * b)) for r in (symmetric or kept_sym)
                                     for a, b in zip(r.product, r.tried.vector))),)
    if route is not None:
        checks = checks + (Check(r"\lambda_1 + \dots + \lambda_n = \operatorname{tr} B", is_zero(tidy(sum(values) - route.trace))),
                           Check(r"\lambda_1^2 + \dots + \lambda_n^2 = \|B\|_F^2",
                                 is_zero(tidy(sum(v**2 for v in values) - route.frobenius))))
    return Step(key="eigenvalues", kind="mds_spectrum", title="Spectral decomposition of B",
                formula=r"B = V \Lambda V^T", result=values,
                data=MdsSpectrumData(sp.ImmutableMatrix(B - LAMBDA * sp.eye(B.rows)), spec.char_poly.subs(ETA, LAMBDA),
                                     spec.char_poly_factored.subs(ETA, LAMBDA), rows[:keep], len(negative), positive,
                                     any(p.multiplicity > 1 for p in spec.pairs[:keep]), spec.note, route, values,
                                     sum(1 for v in values if is_zero(v)), symmetric or (), B, tidy(B.trace()),
                                     kept_sym),
                checks=checks,
                note=f"{note} {spec.note}".strip())


SHORT_OPS = 8  # operations per entry: a matrix of recovered points this simple is printed exactly


@dataclass(frozen=True)
class MdsColumnRow:
    index: int  # 1-based, among the kept eigenvalues
    value: sp.Expr  # λ_j
    column: Scaled  # √λ_j v_j


@dataclass(frozen=True)
class MdsCoordinatesData(StepData, kind="mds_coordinates"):
    brief_formula = "inline"
    rows: tuple[MdsColumnRow, ...]
    p: int  # dimensions kept
    X: sp.ImmutableMatrix  # the recovered points, one per row
    exact: bool  # X short enough to print exactly; else its rows in decimals (the columns above are exact)
    repeated: bool  # two kept eigenvalues are equal: any rotation within their eigenspace is as good


def coordinates_step(spec, p: int) -> Step:
    kept = [pair for pair in spec.pairs if numeric(pair.value, 30) > sp.Float("1e-25")][:p]
    columns = []
    rows = []
    for j, pair in enumerate(kept, start=1):
        column = Scaled(tidy(sp.sqrt(tidy(pair.value / pair.norm_sq))), pair.found)
        columns.append(column.value)
        rows.append(MdsColumnRow(j, pair.value, column))
    n = len(spec.pairs)
    points = tuple(tuple(col[i] for col in columns) for i in range(n))
    X = sp.ImmutableMatrix(n, len(kept), lambda i, j: points[i][j])
    repeated = any(is_zero(a.value - b.value) for i, a in enumerate(kept) for b in kept[i + 1:])
    return Step(key="coordinates", kind="mds_coordinates", title="The recovered points",
                formula=r"X = V_p \Lambda_p^{1/2}", result=points,
                data=MdsCoordinatesData(tuple(rows), len(kept), X, all(sp.count_ops(e) <= SHORT_OPS for e in X),
                                        repeated),
                note="The configuration is fixed only up to rotation, reflection and translation (this one is "
                     "centred at the origin): only the distances are given."
                     + (" Two kept eigenvalues are equal, so a rotation within their eigenspace gives another "
                        "basis of unit eigenvectors, and as good an answer." if repeated else ""))


@dataclass(frozen=True)
class MdsReproduceData(StepData, kind="mds_reproduce"):
    brief_formula = "none"
    worked_checks = True  # one pair worked out, and the table compared
    same: bool  # every distance reproduced exactly
    pair: tuple[int, int]  # 1-based (i, j) of the pair worked out: the first two points
    squares: tuple[sp.Expr, ...]  # its squared coordinate differences
    value: sp.Expr  # their sum, ‖x̂_1 − x̂_2‖²
    target: sp.Expr  # d_12²


def reproduce_step(points, D2: sp.ImmutableMatrix, exact_expected: bool) -> Step:
    n = D2.rows
    computed = [[tidy(sum((a - b) ** 2 for a, b in zip(points[i], points[j]))) for j in range(n)] for i in range(n)]
    equal = [[is_zero(computed[i][j] - D2[i, j]) for j in range(n)] for i in range(n)]
    # an entry proven equal to the input is shown as the input's (tidy) value
    R = sp.ImmutableMatrix(n, n, lambda i, j: D2[i, j] if equal[i][j] else computed[i][j])
    same = all(all(row) for row in equal)
    return Step(key="recovered_distances", kind="mds_reproduce", title="The distances of the recovered points",
                formula=r"\|\hat{\mathbf x}_i - \hat{\mathbf x}_j\|^2 \overset{?}{=} d_{ij}^2", result=R,
                data=MdsReproduceData(same, (1, 2), tuple(tidy((a - b) ** 2) for a, b in zip(points[0], points[1])),
                                      tidy(computed[0][1]), D2[0, 1]),
                checks=((Check(r"\|\hat{\mathbf x}_i - \hat{\mathbf x}_j\|^2 = d_{ij}^2", same),) if exact_expected else ()),
                note=("" if same else f"These are the best points in $p = {len(points[0])}$ dimension"
                      f"{'s' if len(points[0]) != 1 else ''}; they do not reproduce every distance."))
