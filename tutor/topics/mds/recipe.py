"""Classical multidimensional scaling (seed 004, "Multidimensional Scaling")."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.eigen import ETA, LAMBDA
from tutor.exact.tidy import Scaled, is_zero, numeric, tidy
from tutor.recipes.eigenpairs import EigenRow, eigen_rows
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
class MdsBData(StepData, kind="mds_b"):
    brief_formula = "inline"
    worked_checks = True  # the row sums are written out beside B
    worked_checks_full = True  # at the full level too ("Its row sums: …")
    brief_note = False  # B = X_c X_cᵀ is said where the eigenvalues are read
    H: sp.ImmutableMatrix  # the centring matrix
    sums: tuple[sp.Expr, ...]  # the row sums of B, each 0


def b_matrix_step(A: sp.ImmutableMatrix) -> Step:
    n = A.rows
    H = centring_matrix(n)
    B = sp.ImmutableMatrix((H * A * H).applyfunc(tidy))
    sums = tuple(tidy(sum(B.row(i))) for i in range(B.rows))
    return Step(key="b_matrix", kind="mds_b", title="Double centring", formula=r"B = H A H, \qquad H = I - \tfrac1n \mathbf 1 \mathbf 1^T",
                result=B, data=MdsBData(H, sums),
                checks=(_row_sums_check(sums),),
                note="If the distances come from points, $B = X_c X_c^T$ is the Gram matrix of the centred points.")


def _row_sums_check(sums: tuple[sp.Expr, ...]) -> Check:
    """The row sums of B written out (B1 = (0, …, 0)ᵀ), not only asserted."""
    shown = ", ".join(sp.latex(s) for s in sums)
    return Check(rf"B\mathbf 1 = \left({shown}\right)^T", all(is_zero(s) for s in sums))


@dataclass(frozen=True)
class MdsSpectrumData(StepData, kind="mds_spectrum"):
    brief_formula = "none"
    worked_checks = True  # each row shows Bw beside w
    brief_note = False  # the brief line says what the signs of the eigenvalues mean
    shifted: sp.ImmutableMatrix  # B − λI
    char_poly: sp.Expr  # in λ
    factored: sp.Expr
    rows: tuple[EigenRow, ...]  # eta is the eigenvalue λ_i of B
    negative: int  # how many eigenvalues are negative
    positive: int  # how many are positive: the dimension of an exact configuration
    repeated: bool  # some eigenvalue has multiplicity > 1
    named: str = ""  # why some roots are named, plain text with $…$ maths


def spectrum_step(B: sp.ImmutableMatrix, spec) -> Step:
    values = spec.values
    negative = [v for v in values if numeric(v, 30) < -sp.Float("1e-25")]
    positive = sum(1 for v in values if numeric(v, 30) > sp.Float("1e-25"))
    rows, checks = eigen_rows(B, spec, matrix="B", value=r"\lambda", vector=r"\mathbf v")
    note = ("$B$ has a negative eigenvalue, so the distances are not Euclidean: no configuration of points "
            "reproduces them exactly. The positive eigenvalues still give the best configuration."
            if negative else "Every eigenvalue is $\\ge 0$: the distances are Euclidean.")
    return Step(key="eigenvalues", kind="mds_spectrum", title="Spectral decomposition of B",
                formula=r"B = V \Lambda V^T", result=values,
                data=MdsSpectrumData(sp.ImmutableMatrix(B - LAMBDA * sp.eye(B.rows)), spec.char_poly.subs(ETA, LAMBDA),
                                     spec.char_poly_factored.subs(ETA, LAMBDA), rows, len(negative), positive,
                                     any(p.multiplicity > 1 for p in spec.pairs), spec.note),
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
