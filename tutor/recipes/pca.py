"""PCA pieces shared by the PCA-side topics: centring the data, the covariance, its spectrum."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact.eigen import ETA, LAMBDA, spectrum
from ..exact.tidy import Scaled, is_zero, primitive, tidy
from ..exact.vectors import combine, matvec, transpose_matvec
from ..steps import Check, Step, StepData
from .eigenpairs import CharPolyHand, EigenRow, char_poly_hand, eigen_rows, sign_note


@dataclass(frozen=True)
class CovarianceData(StepData, kind="covariance"):
    means: tuple[sp.Expr, ...]  # x̄, one per feature
    centred: sp.ImmutableMatrix  # X_c
    n: int


def covariance_step(points, *, key: str, title: str) -> Step:
    """Feature means, centred data and S = (1/n) XᵀX with the points as rows."""
    X = sp.Matrix(points)
    n = X.rows
    means = _means(X)
    centred = _centred(X, means)
    S = sp.ImmutableMatrix((centred.T * centred / n).applyfunc(tidy))
    return Step(
        key=key,
        kind="covariance",
        title=title,
        formula=r"S = \frac1n X_c^T X_c, \qquad X_c = X - \mathbf 1 \bar{\mathbf x}^T",
        result=S,
        data=CovarianceData(means, centred, n),
    )


@dataclass(frozen=True)
class CovarianceSpectrumData(StepData, kind="covariance_spectrum"):
    shifted: sp.ImmutableMatrix  # S − λI
    char_poly: sp.Expr
    factored: sp.Expr
    etas: tuple[sp.Expr, ...]  # the eigenvalues λ, descending
    total: sp.Expr
    share: sp.Expr  # λ₁ / Σλ


def covariance_spectrum_step(S: sp.ImmutableMatrix, *, key: str, title: str) -> Step:
    spec = spectrum(S)
    values = spec.values
    total = tidy(sum(values))
    share = tidy(values[0] / total) if total != 0 else sp.Integer(0)
    d = S.rows
    return Step(
        key=key,
        kind="covariance_spectrum",
        title=title,
        formula=r"\det(S - \lambda I) = 0, \qquad \text{share of PC 1} = \frac{\lambda_1}{\sum_j \lambda_j}",
        result=values,
        data=CovarianceSpectrumData(sp.ImmutableMatrix(S - LAMBDA * sp.eye(d)), spec.char_poly.subs(ETA, LAMBDA),
                                    spec.char_poly_factored.subs(ETA, LAMBDA), values, total, share),
    )


@dataclass(frozen=True)
class MappedPointsData(StepData, kind="mapped_points"):
    rows: tuple[tuple[tuple[sp.Expr, ...], tuple[sp.Expr, ...]], ...]  # (x, φ(x))


def mapped_points_step(points, phi, xs) -> Step:
    mapped = tuple(tuple(tidy(f.subs(dict(zip(xs, p)))) for f in phi) for p in points)
    return Step(
        key="mapped_points",
        kind="mapped_points",
        title="The mapped points",
        formula=r"\phi(\mathbf x) = " + r"\left(" + ", ".join(sp.latex(f) for f in phi) + r"\right)",
        result=mapped,
        data=MappedPointsData(tuple(zip(points, mapped))),
    )


# --- the PCA recipe, step by step (topic pca) -----------------------------------------

def _means(X: sp.Matrix) -> tuple[sp.Expr, ...]:
    return tuple(tidy(sum(X.col(j)) / X.rows) for j in range(X.cols))


def _centred(X: sp.Matrix, means) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(X.rows, X.cols, lambda i, j: tidy(X[i, j] - means[j]))


@dataclass(frozen=True)
class FeatureMeansData(StepData, kind="feature_means"):
    sums: tuple[sp.Expr, ...]  # the column sums of X
    n: int


def means_step(X: sp.Matrix) -> Step:
    n, d = X.shape
    means = _means(X)
    return Step(key="means", kind="feature_means", title="Feature means",
                formula=r"\bar x_j = \frac1n \sum_i x_{ij}", result=means,
                data=FeatureMeansData(tuple(tidy(sum(X.col(j))) for j in range(d)), n))


def centred_step(X: sp.Matrix, means) -> Step:
    d = X.cols
    centred = _centred(X, means)
    return Step(key="centred", kind="centred_data", title="Centred data",
                formula=r"X_c = X - \mathbf 1 \bar{\mathbf x}^T", result=centred,
                checks=(Check(r"\text{every column of } X_c \text{ sums to } 0",
                              all(is_zero(sum(centred.col(j))) for j in range(d))),))


@dataclass(frozen=True)
class PcaCovarianceData(StepData, kind="pca_covariance"):
    divisor: int  # n, or n − 1 for the unbiased estimate
    product: sp.ImmutableMatrix  # X_cᵀX_c


def pca_covariance_step(centred: sp.ImmutableMatrix, divisor: int, unbiased: bool) -> Step:
    S = sp.ImmutableMatrix((centred.T * centred / divisor).applyfunc(tidy))
    why = ("The problem asks for $1/(n-1)$, the unbiased estimate of the population covariance."
           if unbiased else
           "Dividing by $n$ makes $\\mathbf u^T S \\mathbf u$ exactly the variance of the projected data, "
           "as in the derivation of PCA as variance maximisation.")
    return Step(key="covariance", kind="pca_covariance", title="Covariance matrix",
                formula=rf"S = \frac{{1}}{{{'n - 1' if unbiased else 'n'}}} X_c^T X_c", result=S,
                data=PcaCovarianceData(divisor, sp.ImmutableMatrix((centred.T * centred).applyfunc(tidy))),
                checks=(Check(r"S = S^T", S == S.T),), note=why)


@dataclass(frozen=True)
class PcaCharPolyData(StepData, kind="pca_char_poly"):
    shifted: sp.ImmutableMatrix  # S − λI
    factored: sp.Expr
    hand: CharPolyHand | None = None  # the full level: det(S − λI) by cofactors (recipes.eigenpairs)


def pca_char_poly_step(S: sp.ImmutableMatrix, spec) -> Step:
    return Step(key="char_poly", kind="pca_char_poly", title="Characteristic polynomial",
                formula=r"\det(S - \lambda I) = 0", result=spec.char_poly.subs(ETA, LAMBDA),
                data=PcaCharPolyData(sp.ImmutableMatrix(S - LAMBDA * sp.eye(S.rows)),
                                     spec.char_poly_factored.subs(ETA, LAMBDA),
                                     char_poly_hand(S, spec, matrix="S", symbol=LAMBDA)))


@dataclass(frozen=True)
class PcaEigenvaluesData(StepData, kind="pca_eigenvalues"):
    etas: tuple[sp.Expr, ...]  # λ, descending


@dataclass(frozen=True)
class PcaEigenvectorsData(StepData, kind="pca_eigenvectors"):
    rows: tuple[EigenRow, ...]


def pca_eigen_steps(S: sp.ImmutableMatrix, spec) -> tuple[Step, Step]:
    values = spec.values
    eigenvalues = Step(key="eigenvalues", kind="pca_eigenvalues", title="Eigenvalues: the variances",
                       formula=r"\lambda_1 \ge \lambda_2 \ge \dots \ge \lambda_d", result=values,
                       data=PcaEigenvaluesData(values),
                       note="Each eigenvalue is the variance of the data along its eigenvector.")
    rows, checks = eigen_rows(S, spec, matrix="S", value=r"\lambda", vector=r"\mathbf u")
    vectors = Step(key="eigenvectors", kind="pca_eigenvectors", title="Principal directions",
                   formula=r"(S - \lambda_i I)\,\mathbf w_i = \mathbf 0, \qquad \mathbf u_i = \frac{\mathbf w_i}{\|\mathbf w_i\|}",
                   result=tuple(p.unit for p in spec.pairs), data=PcaEigenvectorsData(rows), checks=checks,
                   note=sign_note(spec, "direction"))
    return eigenvalues, vectors


@dataclass(frozen=True)
class ScoresRow:
    index: int  # the component, 1-based
    found: tuple[sp.Expr, ...]  # w as found
    projected: tuple[sp.Expr, ...]  # X_c w
    scores: Scaled  # X_c w / ‖w‖


@dataclass(frozen=True)
class PcaScoresData(StepData, kind="pca_scores"):
    rows: tuple[ScoresRow, ...]


def scores_step(centred: sp.ImmutableMatrix, spec, k: int) -> Step:
    rows, result = [], []
    for j, p in enumerate(spec.pairs[:k], start=1):
        projected = matvec(centred, p.found)
        scaled = Scaled(tidy(1 / sp.sqrt(p.norm_sq)), projected)
        rows.append(ScoresRow(j, p.found, projected, scaled))
        result.append(scaled.value)
    return Step(key="scores", kind="pca_scores", title="Projected coordinates",
                formula=r"y_{ij} = (\mathbf x_i - \bar{\mathbf x})^T \mathbf u_j", result=tuple(result),
                data=PcaScoresData(tuple(rows)))


@dataclass(frozen=True)
class PcaCapturedData(StepData, kind="pca_captured"):
    kept: tuple[sp.Expr, ...]  # λ₁ … λ_k
    k: int


@dataclass(frozen=True)
class PcaFractionData(StepData, kind="pca_fraction"):
    kept: sp.Expr  # Σ_{j ≤ k} λ_j
    total: sp.Expr


def captured_steps(values, k: int) -> tuple[Step, Step]:
    kept = tidy(sum(values[:k]))
    total = tidy(sum(values))
    fraction = tidy(kept / total) if total != 0 else sp.Integer(0)
    captured = Step(key="captured_variance", kind="pca_captured", title="Variance captured",
                    formula=r"\sum_{j \le k} \lambda_j", result=kept,
                    data=PcaCapturedData(tuple(values[:k]), k))
    share = Step(key="captured_fraction", kind="pca_fraction", title="Fraction of the variance",
                 formula=r"\frac{\sum_{j \le k} \lambda_j}{\sum_j \lambda_j} = \frac{\sum_{j \le k} \lambda_j}{\operatorname{tr} S}",
                 result=fraction, data=PcaFractionData(kept, total))
    return captured, share


@dataclass(frozen=True)
class PcaReconstructionData(StepData, kind="pca_reconstruction"):
    rows: tuple[tuple[tuple[sp.Expr, ...], tuple[sp.Expr, ...]], ...]  # (x_i, x̂_i)


@dataclass(frozen=True)
class PcaErrorData(StepData, kind="pca_error"):
    residuals: tuple[sp.Expr, ...]  # ‖x_i − x̂_i‖²
    n: int
    discarded: tuple[sp.Expr, ...]  # λ_j for j > k
    via_eigen: sp.Expr  # their sum, scaled
    scale: sp.Expr  # divisor / n: 1, or (n − 1)/n


def reconstruction_steps(X: sp.Matrix, means, scores, spec, k: int, divisor: int) -> tuple[Step, Step]:
    n, d = X.shape
    units = [p.unit for p in spec.pairs[:k]]
    rebuilt = [combine(means, [(scores[j][i], units[j]) for j in range(k)]) for i in range(n)]
    reconstruction = Step(key="reconstruction", kind="pca_reconstruction", title="Reconstruction from k components",
                          formula=r"\hat{\mathbf x}_i = \bar{\mathbf x} + \sum_{j \le k} y_{ij}\, \mathbf u_j",
                          result=tuple(rebuilt),
                          data=PcaReconstructionData(tuple(zip((tuple(X.row(i)) for i in range(n)), rebuilt))))
    residuals = tuple(tidy(sum((X[i, j] - rebuilt[i][j]) ** 2 for j in range(d))) for i in range(n))
    direct = tidy(sum(residuals) / n)
    discarded = spec.values[k:]
    via_eigen = tidy(sum(discarded) * sp.Rational(divisor, n))
    error = Step(key="reconstruction_error", kind="pca_error", title="Mean squared reconstruction error",
                 formula=r"\frac1n \sum_i \|\mathbf x_i - \hat{\mathbf x}_i\|^2 = \sum_{j > k} \lambda_j",
                 result=direct,
                 data=PcaErrorData(residuals, n, discarded, via_eigen, sp.Rational(divisor, n)),
                 checks=(Check(r"\text{direct} = \text{sum of the discarded eigenvalues}", is_zero(direct - via_eigen)),),
                 note="Each point's error is the sum of its squared coordinates on the discarded directions, "
                      "so the mean error is the variance along them: the sum of the discarded eigenvalues"
                      + (" (times $(n-1)/n$, because $S$ was divided by $n - 1$)." if divisor != n else "."))
    return reconstruction, error


# --- the Gram trick (topic pca-gram) ---------------------------------------------------


@dataclass(frozen=True)
class PcaGramMatrixData(StepData, kind="pca_gram_matrix"):
    n: int  # points
    d: int  # attributes


def gram_matrix_step(centred: sp.ImmutableMatrix) -> Step:
    K = sp.ImmutableMatrix((centred * centred.T).applyfunc(tidy))
    n, d = centred.shape
    return Step(key="gram", kind="pca_gram_matrix", title="The small matrix of dot products",
                formula=r"K = X_c X_c^T, \qquad K_{ij} = (\mathbf x_i - \bar{\mathbf x})^T (\mathbf x_j - \bar{\mathbf x})",
                result=K, data=PcaGramMatrixData(n, d),
                note=f"$K$ is ${n} \\times {n}$ while the covariance is ${d} \\times {d}$. $K$ is also the "
                     "centred linear-kernel matrix $\\hat{\\mathbf K}$ of kernel PCA.")


@dataclass(frozen=True)
class GramSpectrumRow:
    index: int  # 1-based
    value: sp.Expr  # μ
    found: tuple[sp.Expr, ...]  # v as found
    norm_sq: sp.Expr


@dataclass(frozen=True)
class PcaGramSpectrumData(StepData, kind="pca_gram_spectrum"):
    char_poly: sp.Expr  # in μ
    factored: sp.Expr
    rows: tuple[GramSpectrumRow, ...]
    hand: CharPolyHand | None = None  # the full level: det(K − μI) by cofactors (recipes.eigenpairs)
    hand_rows: tuple[EigenRow, ...] = ()  # the full level: each v by row reduction of K − μI


def gram_spectrum_step(K: sp.ImmutableMatrix, spec) -> Step:
    rows = []
    for i, p in enumerate(spec.pairs, start=1):
        rows.append(GramSpectrumRow(i, p.value, p.found, p.norm_sq))
    mu = sp.Symbol("mu")
    hand_rows, _ = eigen_rows(K, spec, matrix="K", value=r"\mu", vector=r"\mathbf v")
    return Step(key="gram_eigenvalues", kind="pca_gram_spectrum", title="Eigenvalues and eigenvectors of K",
                formula=r"K \mathbf v = \mu \mathbf v", result=spec.values,
                data=PcaGramSpectrumData(spec.char_poly.subs(ETA, sp.Symbol("mu")),
                                         spec.char_poly_factored.subs(ETA, sp.Symbol("mu")), tuple(rows),
                                         char_poly_hand(K, spec, matrix="K", symbol=mu), hand_rows),
                note=spec.note)


@dataclass(frozen=True)
class GramMapRow:
    index: int  # 1-based, as in the spectrum of K
    mu: sp.Expr
    found: tuple[sp.Expr, ...]  # v as found
    image: tuple[sp.Expr, ...]  # X_cᵀv
    norm_sq: sp.Expr  # of the image's primitive direction
    unit: Scaled  # u
    variance: sp.Expr  # μ/n


@dataclass(frozen=True)
class PcaGramMapData(StepData, kind="pca_gram_map"):
    rows: tuple[GramMapRow, ...]  # the positive μ only


@dataclass(frozen=True)
class PcaGramCompareData(StepData, kind="pca_gram_compare"):
    direct: tuple[sp.Expr, ...]  # the eigenvalues of S, computed directly
    d: int
    n: int


def gram_map_steps(centred: sp.ImmutableMatrix, S: sp.ImmutableMatrix, spec, n: int) -> tuple[Step, Step]:
    rows, units, variances, checks = [], [], [], []
    for i, p in enumerate(spec.pairs, start=1):
        if not p.value.is_positive and not sp.N(p.value, 30) > 0:
            continue
        image = transpose_matvec(centred, p.found)
        _, direction = primitive(image)  # same direction, first non-zero entry positive
        norm_sq = tidy(sum(e**2 for e in direction))
        unit = Scaled(tidy(1 / sp.sqrt(norm_sq)), direction)
        variance = tidy(p.value / n)
        product = matvec(S, image)
        checks.append(Check(rf"S\,X_c^T\mathbf w_{i} = \tfrac{{\mu_{i}}}{{n}}\,X_c^T\mathbf w_{i}",
                            all(is_zero(a - variance * b) for a, b in zip(product, image))))
        rows.append(GramMapRow(i, p.value, p.found, image, norm_sq, unit, variance))
        units.append(unit.value)
        variances.append(variance)
    vectors = Step(key="eigenvectors", kind="pca_gram_map", title="Back to the covariance's eigenvectors",
                   formula=r"\mathbf u = \frac{X_c^T \mathbf v}{\|X_c^T \mathbf v\|}, \qquad \lambda = \frac{\mu}{n}",
                   result=tuple(units), data=PcaGramMapData(tuple(rows)), checks=tuple(checks),
                   note="Multiplying $K\\mathbf v = \\mu\\mathbf v$ by $\\tfrac1n X_c^T$ gives "
                        "$S (X_c^T\\mathbf v) = \\tfrac{\\mu}{n} (X_c^T \\mathbf v)$.")
    direct = spectrum(S).values
    positive = [v for v in direct if sp.N(v, 30) > 0]
    agree = len(positive) == len(variances) and all(is_zero(a - b) for a, b in zip(positive, variances))
    values = Step(key="eigenvalues", kind="pca_gram_compare", title="The same as PCA on the covariance",
                  formula=r"\lambda_i = \frac{\mu_i}{n}", result=tuple(variances),
                  data=PcaGramCompareData(direct, S.rows, n),
                  checks=(Check(r"\text{the non-zero eigenvalues of } S \text{ are the } \mu_i / n", agree),),
                  note="Both routes give the same principal directions and variances; the Gram route "
                       "diagonalises an $n \\times n$ matrix instead of a $d \\times d$ one, so it is cheaper "
                       "when there are far more attributes than points ($d \\gg n$).")
    return vectors, values
