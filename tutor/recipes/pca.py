"""PCA pieces shared by the PCA-side topics: centring the data, the covariance, its spectrum."""

from __future__ import annotations

import sympy as sp

from ..exact.eigen import ETA, spectrum
from ..exact.tidy import tidy
from ..steps import Step


def covariance_step(points, *, key: str, title: str) -> Step:
    """Feature means, centred data and S = (1/n) XᵀX with the points as rows."""
    X = sp.Matrix(points)
    n, d = X.shape
    means = tuple(tidy(sum(X.col(j)) / n) for j in range(d))
    centred = sp.ImmutableMatrix(n, d, lambda i, j: tidy(X[i, j] - means[j]))
    S = sp.ImmutableMatrix((centred.T * centred / n).applyfunc(tidy))
    return Step(
        key=key,
        kind="covariance",
        title=title,
        formula=r"S = \frac1n X_c^T X_c, \qquad X_c = X - \mathbf 1 \bar{\mathbf x}^T",
        result=S,
        data={"means": means, "centred": centred, "n": n},
    )


def covariance_spectrum_step(S: sp.ImmutableMatrix, *, key: str, title: str) -> Step:
    spec = spectrum(S)
    values = spec.values
    total = tidy(sum(values))
    share = tidy(values[0] / total) if total != 0 else sp.Integer(0)
    d = S.rows
    lam = sp.Symbol("lambda")  # the covariance's eigenvalues are λ in the notes, not η
    return Step(
        key=key,
        kind="covariance_spectrum",
        title=title,
        formula=r"\det(S - \lambda I) = 0, \qquad \text{share of PC 1} = \frac{\lambda_1}{\sum_j \lambda_j}",
        result=values,
        data={"shifted": sp.ImmutableMatrix(S - lam * sp.eye(d)), "char_poly": spec.char_poly.subs(ETA, lam),
              "factored": spec.char_poly_factored.subs(ETA, lam), "etas": values, "total": total, "share": share},
    )


def mapped_points_step(points, phi, xs) -> Step:
    mapped = tuple(tuple(tidy(f.subs(dict(zip(xs, p)))) for f in phi) for p in points)
    return Step(
        key="mapped_points",
        kind="mapped_points",
        title="The mapped points",
        formula=r"\phi(\mathbf x) = " + r"\left(" + ", ".join(sp.latex(f) for f in phi) + r"\right)",
        result=mapped,
        data={"rows": list(zip(points, mapped))},
    )
