"""PCA pieces shared by the PCA-side topics: centring the data, the covariance, its spectrum."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..errors import ProblemError
from ..exact.eigen import ETA, LAMBDA, spectrum
from ..exact.implicit import IMPLICIT
from ..exact.tidy import Scaled, as_expr, count_ops, is_zero, primitive, sign_of, tidy
from ..exact.vectors import combine, matvec, transpose_matvec
from ..steps import Check, Step, StepData
from .eigenpairs import (CharPolyHand, EigenRow, HandRoute, Separation, char_poly_hand, eigen_rows, hand_route, separation,
                         sign_note)


@dataclass(frozen=True)
class CovarianceData(StepData, kind="covariance"):
    brief_formula = "none"  # the brief lines are x̄, the rows of X_c and S = (1/n) X_cᵀX_c = S
    means: tuple[sp.Expr, ...]  # x̄, one per feature
    centred: sp.ImmutableMatrix  # X_c
    n: int
    rows: tuple[tuple[sp.Expr, ...], ...] = ()  # the rows of X_c: the centred points


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
        data=CovarianceData(means, centred, n, tuple(tuple(centred.row(i)) for i in range(n))),
    )


@dataclass(frozen=True)
class CovarianceSpectrumData(StepData, kind="covariance_spectrum"):
    brief_formula = "none"  # the brief line is det(S − λI) = factored: λ₁, λ₂, …; λ₁/Σλ = share
    shifted: sp.ImmutableMatrix  # S − λI
    char_poly: sp.Expr
    factored: sp.Expr
    etas: tuple[sp.Expr, ...]  # the eigenvalues λ, descending
    total: sp.Expr
    share: sp.Expr  # λ₁ / Σλ
    decimals: bool = False  # the eigenvalues are named roots: the share is shown as λ₁ / tr S ≈ its decimal


def covariance_spectrum_step(S: sp.ImmutableMatrix, *, key: str, title: str, spec=None) -> Step:
    """``spec``: S's spectrum when the caller computed it already (for its eigenvectors)."""
    spec = spec if spec is not None else spectrum(S)
    values = spec.values
    total = tidy(sum(values))
    share = tidy(values[0] / total) if total != 0 else sp.Integer(0)
    d = S.rows
    named = named_roots(values)
    if named:  # Σλ would print as ρ₁ + ρ₂ + ρ₃: its value is tr S
        total = tidy(S.trace())
    return Step(
        key=key,
        kind="covariance_spectrum",
        title=title,
        formula=r"\det(S - \lambda I) = 0, \qquad \text{share of PC 1} = \frac{\lambda_1}{\sum_j \lambda_j}",
        result=values,
        data=CovarianceSpectrumData(sp.ImmutableMatrix(S - LAMBDA * sp.eye(d)), spec.char_poly.subs(ETA, LAMBDA),
                                    spec.char_poly_factored.subs(ETA, LAMBDA), values, total, share, named),
    )


@dataclass(frozen=True)
class MappedPointsData(StepData, kind="mapped_points"):
    brief_formula = "inline"  # φ(x) = (…) is one short line
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


# --- how big a problem the hand route takes (topics pca, pca-gram, svd) -------------------

HAND_DEGREE = 4  # the quartic is the last degree solved by a formula (Abel–Ruffini): beyond it, refuse
MAX_SIDE = 8  # points, attributes, rows or columns


def hand_degree(G: sp.Matrix, rank_bound: int) -> int:
    """The degree of the equations the non-zero eigenvalues of the symmetric matrix G solve: the largest
    irreducible factor of det(G − λI) other than λ, over the rationals. ``rank_bound`` bounds G's rank
    (the number of non-zero eigenvalues), and is the answer when it is at most 4 (nothing to factor) or
    when G's entries are not all rational (surds: the safe answer). Berkowitz and factoring over Q cost
    milliseconds for 8 × 8, so the limit is decided before any eigenvector is sought."""
    if rank_bound <= HAND_DEGREE or not all(e.is_Rational for e in G):
        return rank_bound
    from sympy.polys.matrices import DomainMatrix
    coeffs = DomainMatrix.from_Matrix(sp.Matrix(G)).convert_to(sp.QQ).charpoly()
    factors = sp.Poly(coeffs, LAMBDA, domain=sp.QQ).factor_list()[1]
    return max((f.degree() for f, _ in factors if f.degree() > 0 and f.as_expr() != LAMBDA), default=0)


POINTS_FIX = f"use at most {HAND_DEGREE} coordinates or {HAND_DEGREE + 1} points (or data of lower rank)"


def refuse_beyond_hand(degree: int, field: str, what: str, fix: str = POINTS_FIX) -> None:
    """One line saying which limit was hit and why: ``what`` names the problem's shape and side."""
    if degree > HAND_DEGREE:
        raise ProblemError(
            f"{what} are the roots of an irreducible polynomial of degree {degree}, and beyond degree "
            f"{HAND_DEGREE} there is no formula to solve it by hand: {fix}", field=field)


@dataclass(frozen=True)
class PcaSide:
    """Which matrix PCA diagonalises: the d × d covariance, or the n × n Gram matrix X_c X_cᵀ."""

    gram: bool
    line: str = ""  # why, in one sentence (the Gram route only: the covariance is the notes' own route)


def pca_side(centred: sp.ImmutableMatrix) -> PcaSide:
    """The covariance when d ≤ 4 or d ≤ n (today's route), else the smaller n × n Gram side; refuses,
    in one line, data whose non-zero variances need a polynomial of degree above 4 on both sides."""
    n, d = centred.shape
    if d <= HAND_DEGREE:
        return PcaSide(False)
    # centring leaves at most n − 1 independent rows; a checker's variant may pass data not centred
    centred_rows = all(sum(centred.col(j)) == 0 for j in range(d))
    rank = min(d, n - 1 if centred_rows else n)
    gram = n < d
    size = n if gram else d
    side = f"the {n} × {n} Gram matrix X_c X_cᵀ" if gram else f"the {d} × {d} covariance"
    G = centred * centred.T if gram else centred.T * centred
    refuse_beyond_hand(hand_degree(G, rank), "points",
                       f"{n} points in {d} dimensions: the non-zero variances (of {side}, the smaller side)")
    if not gram:
        return PcaSide(False)
    return PcaSide(True, f"$d = {d} > n = {n}$: the ${size} \\times {size}$ Gram matrix $K = X_c X_c^T$ has the same "
                         f"non-zero eigenvalues as $n$ times the ${d} \\times {d}$ covariance (at most "
                         f"$n - 1 = {n - 1}$ of them), so it is the side to diagonalise by hand.")


# --- the PCA recipe, step by step (topic pca) -----------------------------------------

def _means(X: sp.Matrix) -> tuple[sp.Expr, ...]:
    return tuple(tidy(sum(X.col(j)) / X.rows) for j in range(X.cols))


def _centred(X: sp.Matrix, means) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix(X.rows, X.cols, lambda i, j: tidy(X[i, j] - means[j]))


def named_roots(values) -> bool:
    """Whether exact values involve roots named rather than written out (of an irreducible cubic, or
    implicit): their derived values (directions, scores, reconstructions) are then far too long to
    read, and the solution shows them as decimals beside the exact formula that defines them."""
    return any(as_expr(v).has(sp.CRootOf, *IMPLICIT) for v in values)


@dataclass(frozen=True)
class PcaMeansData(StepData, kind="pca_means"):
    brief_formula = "none"  # the brief line is x̄ = (1/n)(column sums) = x̄
    sums: tuple[sp.Expr, ...]  # the column sums of X
    n: int


def means_step(X: sp.Matrix) -> Step:
    n, d = X.shape
    means = _means(X)
    return Step(key="means", kind="pca_means", title="Feature means",
                formula=r"\bar x_j = \frac1n \sum_i x_{ij}", result=means,
                data=PcaMeansData(tuple(tidy(sum(X.col(j))) for j in range(d)), n))


@dataclass(frozen=True)
class CentredDataData(StepData, kind="centred_data"):
    brief_formula = "inline"
    # The brief line lists the rows; the column sums are 0 by construction and only the full level
    # lists that check (a bare "sums to 0 ✓" shows nothing).
    worked_checks = True
    rows: tuple[tuple[sp.Expr, ...], ...]  # the rows of X_c: the centred points


def centred_step(X: sp.Matrix, means) -> Step:
    d = X.cols
    centred = _centred(X, means)
    return Step(key="centred", kind="centred_data", title="Centred data",
                formula=r"X_c = X - \mathbf 1 \bar{\mathbf x}^T", result=centred,
                data=CentredDataData(tuple(tuple(centred.row(i)) for i in range(centred.rows))),
                checks=(Check(r"\text{every column of } X_c \text{ sums to } 0",
                              all(is_zero(sum(centred.col(j))) for j in range(d))),))


@dataclass(frozen=True)
class PcaCovarianceData(StepData, kind="pca_covariance"):
    brief_formula = "none"  # the brief display is S = (1/n) X_cᵀX_c = (1/n)(product) = S
    worked_checks = True  # S = Sᵀ is seen on the page; the full level lists it
    brief_note = False  # why n (or n − 1): the Watch-out line says it
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
    brief_formula = "none"  # the brief line is det(S − λI) = expanded = factored
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
    brief_formula = "none"
    brief_note = False  # the title says they are the variances
    etas: tuple[sp.Expr, ...]  # λ, descending
    trace: sp.Expr = sp.Integer(0)  # tr S: the eigenvalues add up to it
    diagonal: tuple[sp.Expr, ...] = ()  # S's diagonal, whose sum is tr S
    trace_shown: bool = False  # the eigenvalues are written out exactly, so their sum is worth showing


@dataclass(frozen=True)
class PcaEigenvectorsData(StepData, kind="pca_eigenvectors"):
    brief_formula = "inline"
    worked_checks = True  # the brief line shows S w beside each w (or says how the named ones were found)
    worked_checks_full = True  # the full level shows the product beside w too (shared/hand/eigenvectors.j2)
    brief_note = False  # the sign freedom is a care line of the scores
    rows: tuple[EigenRow, ...]
    decimals: bool = False  # the eigenvalues are named roots: the unit vectors are shown as decimals
    general: tuple[sp.Expr, ...] = ()  # then, when one formula in λ gives every w_i: that formula
    route: HandRoute | None = None  # how each w is found by hand (a rational 2 × 2 or 3 × 3, simple λ)


_LAMBDA_I = sp.Symbol("lambda_i")  # prints \lambda_{i}
_GENERAL_CHARS = 90  # characters of the formula's plain text, a rough width: at most about one line
_MU_I = sp.Symbol("mu_i")


def _general(rows, symbol: sp.Symbol = _LAMBDA_I) -> tuple[sp.Expr, ...]:
    """The one vector in ``symbol`` (λ_i) whose value at each named eigenvalue is that row's w_i
    (rows with a named root in them; the others are written out), when there is one."""
    forms = set()
    for r in rows:
        found = sp.Tuple(*r.found)
        if found.has(*IMPLICIT):
            return ()
        roots = found.atoms(sp.CRootOf)
        if not roots:
            continue
        if len(roots) != 1:
            return ()
        (root,) = roots
        forms.add(tuple(sp.expand(e.xreplace({root: symbol})) for e in r.found))
    if len(forms) != 1:
        return ()
    (form,) = forms
    # Only a formula that fits a line is worth writing (a quartic's coefficients run to five digits).
    return form if sum(len(sp.sstr(e)) for e in form) <= _GENERAL_CHARS else ()


def pca_eigen_steps(S: sp.ImmutableMatrix, spec) -> tuple[Step, Step]:
    values = spec.values
    named = named_roots(values)
    trace = tidy(S.trace())
    total = tidy(sum(values))
    eigenvalues = Step(key="eigenvalues", kind="pca_eigenvalues", title="Eigenvalues: the variances",
                       formula=r"\lambda_1 \ge \lambda_2 \ge \dots \ge \lambda_d", result=values,
                       data=PcaEigenvaluesData(values, trace, tuple(S[i, i] for i in range(S.rows)),
                                               not named and is_zero(total - trace)),
                       note="Each eigenvalue is the variance of the data along its eigenvector.")
    rows, checks = eigen_rows(S, spec, matrix="S", value=r"\lambda", vector=r"\mathbf u")
    vectors = Step(key="eigenvectors", kind="pca_eigenvectors", title="Principal directions",
                   formula=r"(S - \lambda_i I)\,\mathbf w_i = \mathbf 0, \qquad \mathbf u_i = \frac{\mathbf w_i}{\|\mathbf w_i\|}",
                   result=tuple(p.unit for p in spec.pairs),
                   data=PcaEigenvectorsData(rows, named, _general(rows) if named else (),
                                            None if named else hand_route(S, rows)), checks=checks,
                   note=sign_note(spec, "direction"))
    return eigenvalues, vectors


@dataclass(frozen=True)
class ScoresRow:
    index: int  # the component, 1-based
    found: tuple[sp.Expr, ...]  # w as found
    projected: tuple[sp.Expr, ...]  # X_c w
    scores: Scaled  # X_c w / ‖w‖
    written: tuple[sp.Expr, ...] = ()  # the scores written out, when that is short (√2, −√2, …)


@dataclass(frozen=True)
class PcaScoresData(StepData, kind="pca_scores"):
    brief_formula = "inline"
    rows: tuple[ScoresRow, ...]
    separations: tuple[Separation, ...] = ()  # one per kept component: what it separates
    decimals: bool = False  # the eigenvalues are named roots: the scores are shown as decimals


_SHORT = 4  # operations: a score this short is written out beside scalar × (X_c w)


def scores_step(centred: sp.ImmutableMatrix, spec, k: int) -> Step:
    rows, result = [], []
    for j, p in enumerate(spec.pairs[:k], start=1):
        projected = matvec(centred, p.found)
        scaled = Scaled(tidy(1 / sp.sqrt(p.norm_sq)), projected)
        short = scaled.scalar != 1 and all(count_ops(v, _SHORT) <= _SHORT for v in scaled.value)
        rows.append(ScoresRow(j, p.found, projected, scaled, scaled.value if short else ()))
        result.append(scaled.value)
    return Step(key="scores", kind="pca_scores", title="Projected coordinates",
                formula=r"y_{ij} = (\mathbf x_i - \bar{\mathbf x})^T \mathbf u_j", result=tuple(result),
                data=PcaScoresData(tuple(rows), tuple(separation(i, y) for i, y in enumerate(result, start=1)),
                                   named_roots(spec.values)))


@dataclass(frozen=True)
class PcaCapturedData(StepData, kind="pca_captured"):
    brief_formula = "none"  # the brief line is λ₁ + … + λ_k = their values = the sum
    kept: tuple[sp.Expr, ...]  # λ₁ … λ_k
    k: int
    decimals: bool = False  # the eigenvalues are named roots: the sum is shown as a decimal


@dataclass(frozen=True)
class PcaFractionData(StepData, kind="pca_fraction"):
    brief_formula = "none"
    kept: sp.Expr  # Σ_{j ≤ k} λ_j
    total: sp.Expr
    dropped: sp.Expr = sp.Integer(0)  # the fraction the dropped components carry
    k: int = 1
    d: int = 1
    decimals: bool = False
    # the brief line divides with a slash, (75/2) / 50 = 3/4, when the kept or the total variance is a fraction:
    # not a fraction over a fraction, nor both scaled (75/100), which hides where the numbers come from
    slash: bool = False


def captured_steps(values, k: int, trace: sp.Expr | None = None) -> tuple[Step, Step]:
    """``trace``: tr S, the total the fraction shows when the eigenvalues are named roots (their sum
    would print as ρ₁ + ρ₂ + ρ₃)."""
    kept = tidy(sum(values[:k]))
    total = tidy(sum(values))
    fraction = tidy(kept / total) if total != 0 else sp.Integer(0)
    named = named_roots(values)
    if named and trace is not None:
        total = tidy(trace)
    captured = Step(key="captured_variance", kind="pca_captured", title="Variance captured",
                    formula=r"\sum_{j \le k} \lambda_j", result=kept,
                    data=PcaCapturedData(tuple(values[:k]), k, named))
    share = Step(key="captured_fraction", kind="pca_fraction", title="Fraction of the variance",
                 formula=r"\frac{\sum_{j \le k} \lambda_j}{\sum_j \lambda_j} = \frac{\sum_{j \le k} \lambda_j}{\operatorname{tr} S}",
                 result=fraction,
                 data=PcaFractionData(kept, total, tidy(1 - fraction), k, len(values), named,
                                      not (kept.is_Integer and total.is_Integer)))
    return captured, share


@dataclass(frozen=True)
class PcaReconstructionData(StepData, kind="pca_reconstruction"):
    brief_formula = "inline"
    rows: tuple[tuple[tuple[sp.Expr, ...], tuple[sp.Expr, ...]], ...]  # (x_i, x̂_i)
    decimals: bool = False  # the eigenvalues are named roots: x̂ is shown as decimals


@dataclass(frozen=True)
class PcaErrorData(StepData, kind="pca_error"):
    brief_formula = "inline"
    worked_checks = True  # the brief line works the error out and sets it beside the dropped eigenvalues
    brief_note = False
    residuals: tuple[sp.Expr, ...]  # ‖x_i − x̂_i‖²
    n: int
    discarded: tuple[sp.Expr, ...]  # λ_j for j > k
    via_eigen: sp.Expr  # their sum, scaled
    scale: sp.Expr  # divisor / n: 1, or (n − 1)/n
    k: int = 1
    decimals: bool = False  # the eigenvalues are named roots: the residuals are shown as decimals


def reconstruction_steps(X: sp.Matrix, means, scores, spec, k: int, divisor: int) -> tuple[Step, Step]:
    n, d = X.shape
    named = named_roots(spec.values)
    units = [p.unit for p in spec.pairs[:k]]
    rebuilt = [combine(means, [(scores[j][i], units[j]) for j in range(k)]) for i in range(n)]
    reconstruction = Step(key="reconstruction", kind="pca_reconstruction", title="Reconstruction from the kept components",
                          formula=r"\hat{\mathbf x}_i = \bar{\mathbf x} + \sum_{j \le k} y_{ij}\, \mathbf u_j",
                          result=tuple(rebuilt),
                          data=PcaReconstructionData(tuple(zip((tuple(X.row(i)) for i in range(n)), rebuilt)), named))
    residuals = tuple(tidy(sum((X[i, j] - rebuilt[i][j]) ** 2 for j in range(d))) for i in range(n))
    direct = tidy(sum(residuals) / n)
    discarded = spec.values[k:]
    via_eigen = tidy(sum(discarded) * sp.Rational(divisor, n))
    # The identity for the convention in use: with S = X_cᵀX_c/(n − 1) the mean error is (n − 1)/n of the
    # dropped eigenvalues, not their sum.
    scaled = divisor != n
    error = Step(key="reconstruction_error", kind="pca_error", title="Mean squared reconstruction error",
                 formula=r"\frac1n \sum_i \|\mathbf x_i - \hat{\mathbf x}_i\|^2 = "
                         + (r"\frac{n - 1}{n} \sum_{j > k} \lambda_j" if scaled else r"\sum_{j > k} \lambda_j"),
                 result=direct,
                 data=PcaErrorData(residuals, n, discarded, via_eigen, sp.Rational(divisor, n), k, named),
                 checks=(Check(r"\text{direct} = " + (r"\tfrac{n - 1}{n} \times " if scaled else "")
                               + r"\text{sum of the discarded eigenvalues}", is_zero(direct - via_eigen)),),
                 note="Each point's error is the sum of its squared coordinates on the discarded directions, "
                      "so the mean error is the variance along them: the sum of the discarded eigenvalues"
                      + (" (times $(n-1)/n$, because $S$ was divided by $n - 1$)." if divisor != n else "."))
    return reconstruction, error


# --- the Gram trick (topic pca-gram) ---------------------------------------------------


@dataclass(frozen=True)
class PcaGramMatrixData(StepData, kind="pca_gram_matrix"):
    brief_formula = "none"  # the brief display is K = X_c X_cᵀ = K, with the side it is on in a clause
    brief_note = False
    n: int  # points
    d: int  # attributes
    smaller: bool = False  # n < d: K is the smaller side of X_c X_cᵀ / X_cᵀX_c


def gram_matrix_step(centred: sp.ImmutableMatrix, side: str = "") -> Step:
    """``side``: the sentence saying why this side was chosen, when the caller (topic pca) chose it."""
    K = sp.ImmutableMatrix((centred * centred.T).applyfunc(tidy))
    n, d = centred.shape
    # Which side of X_cᵀX_c / X_c X_cᵀ is diagonalised, and why: the smaller matrix is the hand route.
    side = side or (f"$K$ is ${n} \\times {n}$ while the covariance $\\tfrac1n X_c^T X_c$ is ${d} \\times {d}$: "
            + ("the smaller side, so the one to diagonalise by hand." if n < d else
               f"here the covariance is the smaller side ($d = {d} < n = {n}$), so by hand it is less work; "
               "the Gram route pays off when $d > n$."))
    return Step(key="gram", kind="pca_gram_matrix", title="The Gram matrix of the centred points",
                formula=r"K = X_c X_c^T, \qquad K_{ij} = (\mathbf x_i - \bar{\mathbf x})^T (\mathbf x_j - \bar{\mathbf x})",
                result=K, data=PcaGramMatrixData(n, d, n < d),
                note=f"{side} $K$ is also the centred linear-kernel matrix $\\hat{{\\mathbf K}}$ of kernel PCA.")


@dataclass(frozen=True)
class GramSpectrumRow:
    index: int  # 1-based
    value: sp.Expr  # μ
    found: tuple[sp.Expr, ...]  # v as found
    norm_sq: sp.Expr
    product: tuple[sp.Expr, ...] = ()  # K w, to see K w = μ w
    positive: bool = False  # μ > 0: a principal component (μ = 0 gives none)


@dataclass(frozen=True)
class PcaGramSpectrumData(StepData, kind="pca_gram_spectrum"):
    brief_formula = "inline"
    brief_note = False  # the brief line names the roots it names
    char_poly: sp.Expr  # in μ
    factored: sp.Expr
    rows: tuple[GramSpectrumRow, ...]
    decimals: bool = False  # some μ are named roots: their vectors are given by one formula in μ_i
    general: tuple[sp.Expr, ...] = ()  # that formula, when there is one
    hand: CharPolyHand | None = None  # the full level: det(K − μI) by cofactors (recipes.eigenpairs)
    hand_rows: tuple[EigenRow, ...] = ()  # the full level: each v by row reduction of K − μI


def gram_spectrum_step(K: sp.ImmutableMatrix, spec) -> Step:
    rows = []
    named = named_roots(spec.values)
    for i, p in enumerate(spec.pairs, start=1):
        rows.append(GramSpectrumRow(i, p.value, p.found, p.norm_sq, matvec(K, p.found), _positive(p.value)))
    mu = sp.Symbol("mu")
    hand_rows, _ = eigen_rows(K, spec, matrix="K", value=r"\mu", vector=r"\mathbf v")
    return Step(key="gram_eigenvalues", kind="pca_gram_spectrum", title="Eigenvalues and eigenvectors of K",
                formula=r"K \mathbf v = \mu \mathbf v", result=spec.values,
                data=PcaGramSpectrumData(spec.char_poly.subs(ETA, sp.Symbol("mu")),
                                         spec.char_poly_factored.subs(ETA, sp.Symbol("mu")), tuple(rows),
                                         named, _general(rows, _MU_I) if named else (),
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
    brief_formula = "inline"
    worked_checks = True  # the brief line sets λ = μ/n beside each u; the next step sets them beside S's own
    brief_note = False  # why it works: the full level's note
    rows: tuple[GramMapRow, ...]  # the positive μ only
    n: int = 1  # points: λ = μ/n
    flipped: bool = False  # some u points against X_cᵀw (taken with its first entry positive)
    decimals: bool = False  # the μ are named roots: u and λ are shown as decimals


@dataclass(frozen=True)
class PcaGramCompareData(StepData, kind="pca_gram_compare"):
    brief_formula = "none"
    worked_checks = True  # the brief line lists S's own eigenvalues beside the μ/n
    brief_note = False  # the Gram side was said with K
    direct: tuple[sp.Expr, ...]  # the eigenvalues of S, computed directly
    d: int
    n: int


def _uniform(unit: Scaled) -> tuple[sp.Expr, ...]:
    """The unit vector's entries, each the entry of the direction over the same root when that root is
    nested (1/√(40√3 + 72)): simplified one by one they take different forms (√6·√(5√3 + 9)/12 beside
    (−3 − √3)/√(40√3 + 72)), so the final answers would not write the value as the step does."""
    nested = any(q.base.is_Add and q.exp.is_Rational and q.exp.q == 2 for q in unit.scalar.atoms(sp.Pow))
    return tuple(sp.Mul(unit.scalar, e) for e in unit.entries) if nested else unit.value


def gram_map_steps(centred: sp.ImmutableMatrix, S: sp.ImmutableMatrix, spec, n: int) -> tuple[Step, Step]:
    """``n``: S's divisor, the number of points or one less (the formulas name the one in use)."""
    rows, units, variances, checks = [], [], [], []
    div = "n" if n == centred.rows else "n - 1"
    flipped = False
    for i, p in enumerate(spec.pairs, start=1):
        if not _positive(p.value):
            continue
        image = transpose_matvec(centred, p.found)
        content, direction = primitive(image)  # same direction, first non-zero entry positive
        flipped = flipped or sign_of(content) < 0
        norm_sq = tidy(sum(e**2 for e in direction))
        unit = Scaled(tidy(1 / sp.sqrt(norm_sq)), direction)
        variance = tidy(p.value / n)
        product = matvec(S, image)
        checks.append(Check(rf"S\,X_c^T\mathbf w_{i} = \tfrac{{\mu_{i}}}{{{div}}}\,X_c^T\mathbf w_{i}",
                            all(is_zero(a - variance * b) for a, b in zip(product, image))))
        rows.append(GramMapRow(i, p.value, p.found, image, norm_sq, unit, variance))
        units.append(_uniform(unit))
        variances.append(variance)
    vectors = Step(key="eigenvectors", kind="pca_gram_map", title="Back to the covariance's eigenvectors",
                   formula=r"\mathbf u = \frac{X_c^T \mathbf v}{\|X_c^T \mathbf v\|}, \qquad \lambda = \frac{\mu}{" + div + "}",
                   result=tuple(units), data=PcaGramMapData(tuple(rows), n, flipped, named_roots(spec.values)), checks=tuple(checks),
                   note=f"Multiplying $K\\mathbf v = \\mu\\mathbf v$ by $\\tfrac{{1}}{{{div}}} X_c^T$ gives "
                        f"$S (X_c^T\\mathbf v) = \\tfrac{{\\mu}}{{{div}}} (X_c^T \\mathbf v)$.")
    direct = spectrum(S).values
    positive = [v for v in direct if sp.N(v, 30) > 0]
    agree = len(positive) == len(variances) and all(is_zero(a - b) for a, b in zip(positive, variances))
    values = Step(key="eigenvalues", kind="pca_gram_compare", title="The same as PCA on the covariance",
                  formula=r"\lambda_i = \frac{\mu_i}{" + div + "}", result=tuple(variances),
                  data=PcaGramCompareData(direct, S.rows, n),
                  checks=(Check(r"\text{the non-zero eigenvalues of } S \text{ are the } \mu_i / " + div.replace(" ", ""), agree),),
                  note="Both routes give the same principal directions and variances; the Gram route "
                       "diagonalises an $n \\times n$ matrix instead of a $d \\times d$ one, so it is cheaper "
                       "when there are far more attributes than points ($d \\gg n$).")
    return vectors, values


def _positive(value: sp.Expr) -> bool:
    return bool(value.is_positive or sp.N(value, 30) > 0)
