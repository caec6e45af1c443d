"""The kernel PCA algorithm from K̂: eigen-decomposition, variances, scaling, coordinates.

Notation follows the notes: eigenvalues η of K̂, variances λ = η/n, unit
eigenvectors v, coefficients c = v/√η and coordinates a = K̂c = √η v.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.eigen import ETA, Spectrum
from tutor.exact.implicit import PolyRoot
from tutor.exact.tidy import Scaled, is_zero, sign_of, tidy
from tutor.exact.vectors import matvec
from tutor.kernels import Kernel
from tutor.steps import Check, Step
from tutor.recipes.eigenpairs import eigen_rows, sign_note


@dataclass(frozen=True)
class Component:
    """One kept principal component, written as scalar × (the eigenvector as found)."""

    index: int  # 1-based
    eta: sp.Expr
    found: tuple[sp.Expr, ...]
    norm_sq: sp.Expr
    coefficient: Scaled  # c = v/√η = found/√(‖found‖² η)
    coordinate: Scaled  # a = √η v = found·√(η/‖found‖²)


def char_poly_step(Khat: sp.ImmutableMatrix, spec: Spectrum) -> Step:
    n = Khat.rows
    shifted = sp.ImmutableMatrix(Khat - ETA * sp.eye(n))
    return Step(
        key="char_poly",
        kind="char_poly",
        title="Characteristic polynomial",
        formula=r"\det(\hat{\mathbf K} - \eta \mathbf I) = 0",
        result=spec.char_poly,
        data={"shifted": shifted, "expanded": spec.char_poly, "factored": spec.char_poly_factored},
    )


def eigenvalues_step(spec: Spectrum, *, centred: bool = True) -> Step:
    values = spec.values
    repeated = sorted({i + 1 for i, p in enumerate(spec.pairs) if p.multiplicity > 1})
    note = ("One eigenvalue of $\\hat{\\mathbf K}$ is always $0$, with eigenvector $(1, \\dots, 1)^T$: "
            "centring makes the feature vectors add up to zero." if centred else "")
    if any(isinstance(v, PolyRoot) for v in values):
        note = f"{note} {spec.note}".strip()
    return Step(
        key="eigenvalues",
        kind="eigenvalues",
        title="Eigenvalues",
        formula=r"\eta_1 \ge \eta_2 \ge \dots \ge \eta_n",
        result=values,
        data={"etas": values, "repeated": repeated},
        note=note,
    )


def eigenvectors_step(Khat: sp.ImmutableMatrix, spec: Spectrum) -> Step:
    rows, checks = eigen_rows(Khat, spec, matrix=r"\hat{\mathbf K}", value=r"\eta", vector=r"\mathbf v")
    return Step(
        key="eigenvectors",
        kind="eigenvectors",
        title="Unit eigenvectors",
        formula=r"(\hat{\mathbf K} - \eta_i \mathbf I)\,\mathbf w_i = \mathbf 0, \qquad \mathbf v_i = \frac{\mathbf w_i}{\|\mathbf w_i\|}",
        result=tuple(p.unit for p in spec.pairs),
        data={"rows": rows, "repeated": any(p.multiplicity > 1 for p in spec.pairs)},
        checks=checks,
        note=sign_note(spec, "eigenvector", budget=False),  # the eigenvalues' step says why roots are named
    )


def variances_step(values: tuple[sp.Expr, ...], n: int) -> Step:
    variances = tuple(tidy(v / n) for v in values)
    return Step(
        key="variances",
        kind="variances",
        title="Variances in feature space",
        formula=r"\lambda_i = \frac{\eta_i}{n}",
        result=variances,
        data={"etas": values, "n": n},
    )


def fractions_step(values: tuple[sp.Expr, ...]) -> Step:
    total = tidy(sum(values))
    fractions = tuple(tidy(v / total) for v in values)
    cumulative = tuple(tidy(sum(fractions[: i + 1])) for i in range(len(fractions)))
    return Step(
        key="variance_fractions",
        kind="variance_fractions",
        title="Fraction of variance",
        formula=r"\frac{\eta_i}{\sum_j \eta_j}",
        result=fractions,
        data={"etas": values, "total": total, "cumulative": cumulative},
    )


def components(spec: Spectrum, keep: int) -> tuple[Component, ...]:
    out = []
    for i, p in enumerate(spec.pairs[:keep], start=1):
        c_scalar = tidy(1 / sp.sqrt(tidy(p.norm_sq * p.value)))
        a_scalar = tidy(sp.sqrt(tidy(p.value / p.norm_sq)))
        out.append(Component(i, p.value, p.found, p.norm_sq, Scaled(c_scalar, p.found), Scaled(a_scalar, p.found)))
    return tuple(out)


def coefficients_step(comps: tuple[Component, ...], zero_count: int, dropped: int) -> Step:
    return Step(
        key="coefficients",
        kind="coefficients",
        title="Scaling: coefficients",
        formula=r"\mathbf c_i = \frac{\mathbf v_i}{\sqrt{\eta_i}}",
        result=tuple(c.coefficient.value for c in comps),
        data={"components": comps, "zero_count": zero_count, "dropped": dropped},
        note=("An eigenvalue $\\eta = 0$ gives no component: its direction has no variance, "
              "and $\\mathbf v/\\sqrt{\\eta}$ is undefined." if zero_count else ""),
    )


def coordinates_step(Khat: sp.ImmutableMatrix, comps: tuple[Component, ...]) -> Step:
    rows = []
    for c in comps:
        product = matvec(Khat, c.found)
        rows.append({"component": c, "product": product})
    return Step(
        key="coordinates",
        kind="coordinates",
        title="Coordinates of the training points",
        formula=r"\mathbf a_i = \hat{\mathbf K} \mathbf c_i = \sqrt{\eta_i}\, \mathbf v_i",
        result=tuple(c.coordinate.value for c in comps),
        data={"rows": rows},
    )


def recipe_checks_step(Khat: sp.ImmutableMatrix, comps, variances, all_kept: bool) -> Step:
    n = Khat.rows
    checks = []
    rows = []
    for c, lam in zip(comps, variances):
        a = c.coordinate.value
        sq = tuple(tidy(x**2) for x in a)
        mean_sq = tidy(sum(sq) / n)
        rows.append({"index": c.index, "squares": sq, "mean": mean_sq, "variance": lam})
        checks.append(Check(rf"\tfrac1{{{n}}}\|\mathbf a_{c.index}\|^2 = \lambda_{c.index}", is_zero(mean_sq - lam)))
    point_rows = []
    if all_kept and comps:
        for j in range(n):
            total = tidy(sum(c.coordinate.value[j] ** 2 for c in comps))
            point_rows.append({"point": j + 1, "total": total, "diag": Khat[j, j]})
            checks.append(Check(rf"\textstyle\sum_i a_{{i{j + 1}}}^2 = \hat K_{{{j + 1}{j + 1}}}",
                                is_zero(total - Khat[j, j])))
    trace_mean = tidy(Khat.trace() / n)
    total_var = tidy(sum(variances))
    return Step(
        key="recipe_checks",
        kind="recipe_checks",
        title="Checks",
        formula=r"\tfrac1n \|\mathbf a_i\|^2 = \lambda_i",
        data={"rows": rows, "point_rows": point_rows, "trace_mean": trace_mean, "n": n,
              "total_variance": total_var, "all_kept": all_kept},
        checks=tuple(checks) + (Check(r"\textstyle\sum_i \lambda_i = \tfrac1n \operatorname{tr} \hat{\mathbf K}",
                                      is_zero(total_var - trace_mean)),),
    )


def new_points_step(points, kernel: Kernel, new_points, row_means, grand_mean, comps) -> Step:
    rows = []
    results = []
    for x in new_points:
        k = tuple(tidy(kernel.value(p, x)) for p in points)
        mean_k = tidy(sum(k) / len(k))
        centred = tuple(tidy(ki - mean_k - r + grand_mean) for ki, r in zip(k, row_means))
        coords = tuple(tidy(sum(ci * kt for ci, kt in zip(c.coefficient.value, centred))) for c in comps)
        rows.append({"x": x, "k": k, "mean": mean_k, "centred": centred, "coords": coords})
        results.append(coords)
    return Step(
        key="new_coordinates",
        kind="new_coordinates",
        title="Projecting new points",
        formula=r"y_i(\mathbf x) = \mathbf c_i^T \tilde{\mathbf k}(\mathbf x), \quad "
                r"\tilde k_j = K(\mathbf x_j, \mathbf x) - \bar k - \bar r_j + \bar g",
        result=tuple(results),
        data={"rows": rows, "grand_mean": grand_mean, "row_means": row_means},
        note="The kernel row of a new point is centred with the training means, as the training rows were.",
    )


def positive_count(values) -> int:
    return sum(1 for v in values if sign_of(v) > 0)
