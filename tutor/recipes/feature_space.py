"""Cards "Norm, distance and cosine in feature space", "The mean in feature space" and
"Choosing γ": every dot product replaced by a kernel value."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact.tidy import is_zero, tidy
from ..steps import Check, Step, StepData


@dataclass(frozen=True)
class KernelValuesData(StepData, kind="kernel_values"):
    brief_formula = "none"  # the brief line names the three values itself
    x: tuple[sp.Expr, ...]
    y: tuple[sp.Expr, ...]
    values: tuple[sp.Expr, sp.Expr, sp.Expr]  # K(x, x), K(y, y), K(x, y)
    kernel: str  # "linear", "polynomial" or "rbf"
    # What each kernel value comes from, as a student computes it first: the dot products xᵀx, yᵀy, xᵀy
    # (linear, polynomial) or the squared distance ‖x − y‖² (rbf; ‖x − x‖² = 0 needs no working).
    inner: tuple[sp.Expr, ...]
    degree: int
    offset: sp.Expr
    gamma: sp.Expr | None


def kernel_values_step(kernel, x, y) -> Step:
    values = tuple(tidy(kernel.value(a, b)) for a, b in ((x, x), (y, y), (x, y)))
    if kernel.name == "rbf":
        inner = (tidy(sum((a - b) ** 2 for a, b in zip(x, y))),)
    else:
        inner = tuple(tidy(sum(a * b for a, b in zip(u, v))) for u, v in ((x, x), (y, y), (x, y)))
    return Step(
        key="kernel_values",
        kind="kernel_values",
        title="The three kernel values",
        formula=r"K(\mathbf x, \mathbf x),\quad K(\mathbf y, \mathbf y),\quad K(\mathbf x, \mathbf y)",
        result=values,
        data=KernelValuesData(tuple(x), tuple(y), values, kernel.name, inner, kernel.degree, kernel.offset,
                              kernel.gamma),
    )


@dataclass(frozen=True)
class FeatureNormsData(StepData, kind="feature_norms"):
    brief_formula = "inline"  # short: in the brief lead-in line
    kxx: sp.Expr
    kyy: sp.Expr


def norms_step(kxx, kyy) -> Step:
    norms = (tidy(sp.sqrt(kxx)), tidy(sp.sqrt(kyy)))
    return Step(
        key="norms",
        kind="feature_norms",
        title="Lengths in feature space",
        formula=r"\|\phi(\mathbf x)\| = \sqrt{\phi(\mathbf x)^T\phi(\mathbf x)} = \sqrt{K(\mathbf x, \mathbf x)}",
        result=norms,
        data=FeatureNormsData(kxx, kyy),
    )


@dataclass(frozen=True)
class FeatureDistanceData(StepData, kind="feature_distance"):
    brief_formula = "inline"  # short: in the brief lead-in line
    kxx: sp.Expr
    kyy: sp.Expr
    kxy: sp.Expr
    distance: sp.Expr  # d_φ, the square root of the result


def distance_step(kxx, kyy, kxy) -> Step:
    sq = tidy(kxx + kyy - 2 * kxy)
    return Step(
        key="distance_sq",
        kind="feature_distance",
        title="Distance in feature space",
        formula=r"d_\phi(\mathbf x, \mathbf y)^2 = K(\mathbf x, \mathbf x) + K(\mathbf y, \mathbf y) - 2K(\mathbf x, \mathbf y)",
        result=sq,
        data=FeatureDistanceData(kxx, kyy, kxy, tidy(sp.sqrt(sq))),
        checks=(Check(r"d_\phi^2 \ge 0", not sq.is_negative),),
    )


@dataclass(frozen=True)
class FeatureCosineData(StepData, kind="feature_cosine"):
    brief_formula = "inline"  # short: in the brief lead-in line
    kxx: sp.Expr
    kyy: sp.Expr
    kxy: sp.Expr


def cosine_step(kxx, kyy, kxy) -> Step:
    cosine = tidy(kxy / sp.sqrt(kxx * kyy))
    return Step(
        key="cosine",
        kind="feature_cosine",
        title="Cosine in feature space",
        formula=r"\cos\theta = \frac{K(\mathbf x, \mathbf y)}{\sqrt{K(\mathbf x, \mathbf x)\,K(\mathbf y, \mathbf y)}}",
        result=cosine,
        data=FeatureCosineData(kxx, kyy, kxy),
        checks=(Check(r"-1 \le \cos\theta \le 1", bool(abs(sp.N(cosine, 30)) <= 1 + sp.Float("1e-25"))),),
        note="Each formula is the input-space one with every dot product replaced by a kernel value.",
    )


@dataclass(frozen=True)
class MeanNormData(StepData, kind="mean_norm"):
    brief_formula = "inline"  # short: in the brief lead-in line
    brief_note = False  # the statement says it
    total: sp.Expr  # 1ᵀK1, the sum of all entries
    n: int


def mean_norm_step(K: sp.ImmutableMatrix) -> Step:
    n = K.rows
    total = tidy(sum(K))
    value = tidy(total / n**2)
    return Step(
        key="mean_norm_sq",
        kind="mean_norm",
        title="Squared length of the feature-space mean",
        formula=r"\|\boldsymbol\mu_\phi\|^2 = \frac{1}{n^2}\mathbf 1^T \mathbf K \mathbf 1",
        result=value,
        data=MeanNormData(total, n),
        note=("The mean of the mapped points is never formed (an RBF kernel's has infinitely many coordinates): "
              "its squared length is the average of all the entries of K."),
    )


@dataclass(frozen=True)
class DistanceToMeanRow:
    i: int  # 1-based
    kii: sp.Expr
    row_sum: sp.Expr
    value: sp.Expr  # ‖φ(x_i) − μ_φ‖²


@dataclass(frozen=True)
class DistancesToMeanData(StepData, kind="distances_to_mean"):
    brief_formula = "inline"  # short: in the brief lead-in line
    worked_checks = True  # the check line writes out the mean of the squared distances and tr K
    worked_checks_full = True  # the same Checks line at the full level
    rows: tuple[DistanceToMeanRow, ...]
    n: int
    mean_norm_sq: sp.Expr
    trace: sp.Expr = sp.Integer(0)  # tr K
    mean: sp.Expr = sp.Integer(0)  # the mean of the squared distances, which must be tr K / n − ‖μ_φ‖²
    # Every entry of K rational: the lines write ‖μ_φ‖² and the sums as numbers; else by name and in
    # decimals (a sum of a dozen exponentials, written again in every line, would not fit it).
    exact: bool = True


def distances_to_mean_step(K: sp.ImmutableMatrix, mean_norm_sq) -> Step:
    n = K.rows
    rows = []
    values = []
    for i in range(n):
        row_sum = tidy(sum(K.row(i)))
        sq = tidy(K[i, i] - 2 * row_sum / n + mean_norm_sq)
        rows.append(DistanceToMeanRow(i + 1, K[i, i], row_sum, sq))
        values.append(sq)
    return Step(
        key="distances_sq",
        kind="distances_to_mean",
        title="Squared distance of each point to the mean",
        formula=r"\|\phi(\mathbf x_i) - \boldsymbol\mu_\phi\|^2 = K_{ii} - \frac2n \sum_j K_{ij} + \frac{1}{n^2}\mathbf 1^T\mathbf K\mathbf 1",
        result=tuple(values),
        data=DistancesToMeanData(tuple(rows), n, mean_norm_sq, K.trace(), tidy(sum(values) / n),
                                 all(x.is_Rational for x in K)),
        checks=(Check(r"\text{every squared distance} \ge 0", all(not v.is_negative for v in values)),
                Check(r"\tfrac1n\textstyle\sum_i \|\phi(\mathbf x_i) - \boldsymbol\mu_\phi\|^2 = \tfrac1n \operatorname{tr}\mathbf K - \|\boldsymbol\mu_\phi\|^2",
                      is_zero(sum(values) / n - K.trace() / n + mean_norm_sq))),
    )


@dataclass(frozen=True)
class RbfGammaData(StepData, kind="rbf_gamma"):
    brief_formula = "inline"  # short: in the brief lead-in line
    s: sp.Expr  # the similarity e^(−γd²)
    d: sp.Expr  # at this distance
    d_sq: sp.Expr


def gamma_step(similarity, distance) -> Step:
    gamma = tidy(-sp.log(similarity) / distance**2)
    return Step(
        key="gamma",
        kind="rbf_gamma",
        title=r"Find $\gamma$",
        formula=r"e^{-\gamma d^2} = s \;\Longrightarrow\; \gamma = -\frac{\ln s}{d^2}",
        result=gamma,
        data=RbfGammaData(similarity, distance, distance**2),
    )


# The card's own letter for a distance: K = 2^(−d²/4), with d = ‖x − y‖ (also the table's column).
D = sp.Symbol("d", nonnegative=True)


@dataclass(frozen=True)
class RbfSimplifiedData(StepData, kind="rbf_simplified"):
    brief_formula = "inline"  # short: in the brief lead-in line
    base: sp.Expr  # 1/s
    exponent: sp.Expr  # −d²/d₀², in the symbol d


def simplified_kernel_step(similarity, distance) -> Step:
    base = 1 / similarity  # K = s^(d²/d₀²) = (1/s)^(−d²/d₀²), the card's 2^(−d²/4)
    return Step(
        key="simplified_kernel",
        kind="rbf_simplified",
        title=r"The kernel with this $\gamma$",
        formula=r"K(\mathbf x, \mathbf y) = e^{-\gamma d^2}, \quad d = \|\mathbf x - \mathbf y\|",
        data=RbfSimplifiedData(base, -D**2 / distance**2),
    )


@dataclass(frozen=True)
class RbfFeatureDistanceData(StepData, kind="rbf_feature_distance"):
    """The card's part (b), d_φ² = 2 − 2K: its formula and the sentence that shows it (the step's note)."""

    brief_formula = "inline"  # short: in the brief lead-in line


def rbf_feature_distance_step() -> Step:
    return Step(
        key="feature_distance_formula",
        kind="rbf_feature_distance",
        title="Distance in feature space",
        formula=r"d_\phi^2 = K(\mathbf x, \mathbf x) + K(\mathbf y, \mathbf y) - 2K(\mathbf x, \mathbf y) = 2 - 2K",
        data=RbfFeatureDistanceData(),
        note="For the RBF kernel $K(\\mathbf x, \\mathbf x) = e^0 = 1$ for every point, so $d_\\phi^2 = 1 + 1 - 2K = 2 - 2K$.",
    )


@dataclass(frozen=True)
class RbfKernelValuesData(StepData, kind="rbf_kernel_values"):
    brief_formula = "none"  # the brief line starts with K = 2^(−d²/4) itself
    rows: tuple[tuple[sp.Expr, sp.Expr], ...]  # (input distance d, K)
    base: sp.Expr  # 1/s
    exponent: sp.Expr  # −d²/d₀², in the symbol d


def rbf_kernel_values_step(similarity, distance, distances) -> Step:
    values = tuple(tidy(similarity ** (t**2 / distance**2)) for t in distances)
    return Step(
        key="kernel_values",
        kind="rbf_kernel_values",
        title="Kernel values",
        formula="",  # the table's heading is the formula, K = 2^(−d²/4)
        result=values,
        data=RbfKernelValuesData(tuple(zip(distances, values)), 1 / similarity, -D**2 / distance**2),
        checks=(Check(r"0 < K \le 1", all(0 < sp.N(k, 30) <= 1 for k in values)),),
    )


@dataclass(frozen=True)
class RbfFeatureDistancesData(StepData, kind="rbf_feature_distances"):
    brief_formula = "inline"  # short: in the brief lead-in line
    rows: tuple[tuple[sp.Expr, sp.Expr, sp.Expr], ...]  # (input distance, K, d_φ)


def rbf_feature_distances_step(distances, kernel_values) -> Step:
    feature = tuple(tidy(sp.sqrt(2 - 2 * k)) for k in kernel_values)
    return Step(
        key="feature_distances",
        kind="rbf_feature_distances",
        title="Feature-space distances",
        formula=r"d_\phi = \sqrt{2 - 2K}",
        result=feature,
        data=RbfFeatureDistancesData(tuple(zip(distances, kernel_values, feature))),
        checks=(Check(r"d_\phi < \sqrt 2", all(sp.N(f, 30) < sp.sqrt(2) for f in feature)),),
        note="Far-apart points all look equally far: as the input distance grows, $K \\to 0$ and "
             "$d_\\phi \\to \\sqrt 2 \\approx 1.414$. The RBF kernel is local; $\\gamma$ decides where far begins.",
    )
