"""Recipe: centre a kernel matrix by hand (row means, grand mean, K̂)."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact.tidy import is_zero, tidy
from ..steps import Check, Step, StepData


def centring_matrix(n: int) -> sp.ImmutableMatrix:
    """H = I − (1/n)𝟏𝟏ᵀ."""
    return sp.ImmutableMatrix(sp.eye(n) - sp.ones(n, n) / n)


@dataclass(frozen=True)
class RowMeansData(StepData, kind="row_means"):
    brief_formula = "inline"  # short: in the brief lead-in line
    sums: tuple[sp.Expr, ...]  # the row sums of K
    n: int
    equal: bool = False  # every row sums to the same value: one line says so (a square, a triangle)


def row_means_step(K: sp.ImmutableMatrix) -> Step:
    n = K.rows
    sums = tuple(tidy(sum(K.row(i))) for i in range(n))
    means = tuple(tidy(s / n) for s in sums)
    return Step(
        key="row_means",
        kind="row_means",
        title="Row means",
        formula=r"\bar r_i = \frac1n \sum_j K_{ij}",
        result=means,
        data=RowMeansData(sums, n, all(is_zero(s - sums[0]) for s in sums)),
    )


@dataclass(frozen=True)
class GrandMeanData(StepData, kind="grand_mean"):
    brief_formula = "inline"  # short: in the brief lead-in line
    brief_note = False  # the brief line says ḡ = ‖μ_φ‖² itself
    row_means: tuple[sp.Expr, ...]
    n: int
    equal: bool = False  # every row mean is the same, so ḡ is that value


def grand_mean_step(row_means: tuple[sp.Expr, ...]) -> Step:
    n = len(row_means)
    g = tidy(sum(row_means) / n)
    return Step(
        key="grand_mean",
        kind="grand_mean",
        title="Grand mean",
        formula=r"\bar g = \frac1n \sum_i \bar r_i = \frac{1}{n^2}\mathbf 1^T \mathbf K \mathbf 1",
        result=g,
        data=GrandMeanData(tuple(row_means), n, all(is_zero(r - row_means[0]) for r in row_means)),
        note=r"The grand mean is $\|\boldsymbol\mu_\phi\|^2$, the squared length of the mean in feature space.",
    )


@dataclass(frozen=True)
class RowSums:
    """The recipe's check "every row of K̂ sums to 0", as it is written out: each row's entries added
    (5 − 3 − 2 = 0) when they are rational; else the first row's decimals, whose sum is 0 to rounding."""

    rows: tuple[tuple[sp.Expr, ...], ...]  # the rows of K̂ (all of them when exact, else the first)
    exact: bool  # every entry rational: the sums are written exactly


def row_sums(Khat: sp.ImmutableMatrix) -> RowSums:
    exact = all(x.is_Rational for x in Khat)
    rows = tuple(tuple(Khat.row(i)) for i in range(Khat.rows if exact else 1))
    return RowSums(rows, exact)


@dataclass(frozen=True)
class CentredKernelData(StepData, kind="centred_kernel"):
    brief_formula = "inline"  # short: in the brief lead-in line
    worked_checks = True  # the check line writes the row sums out
    worked_checks_full = True  # the same Checks line at the full level
    entries: tuple[tuple[int, int, sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (i, j, K_ij, r̄_i, r̄_j, K̂_ij), i ≤ j
    grand_mean: sp.Expr
    n: int
    sums: RowSums | None = None
    # Every row mean is the same r̄ (= ḡ): then K̂ᵢⱼ = Kᵢⱼ − r̄, the hand shortcut for a symmetric set of points.
    equal_means: bool = False
    # The entry the brief level works out beside the matrix (one of entries: K̂₁₂), or None: the centring
    # topic shows the skill once; kernel PCA, where centring is one step of many, shows only the matrix.
    worked: tuple[int, int, sp.Expr, sp.Expr, sp.Expr, sp.Expr] | None = None


@dataclass(frozen=True)
class CentredGivenData(StepData, kind="centred_given"):
    worked_checks = True  # the check line writes the row sums out
    worked_checks_full = True  # the same Checks line at the full level
    sums: RowSums


def centred_step(K: sp.ImmutableMatrix, row_means, grand_mean, *, worked: bool = False) -> Step:
    n = K.rows
    Khat = sp.ImmutableMatrix(n, n, lambda i, j: tidy(K[i, j] - row_means[i] - row_means[j] + grand_mean))
    H = centring_matrix(n)
    hkh = H * K * H
    entries = tuple((i + 1, j + 1, K[i, j], row_means[i], row_means[j], Khat[i, j])
                    for i in range(n) for j in range(i, n))
    equal = all(is_zero(r - row_means[0]) for r in row_means)
    return Step(
        key="centred_kernel",
        kind="centred_kernel",
        title="Centred kernel matrix",
        formula=r"\hat K_{ij} = K_{ij} - \bar r_i - \bar r_j + \bar g",
        result=Khat,
        data=CentredKernelData(entries, grand_mean, n, row_sums(Khat), equal,
                               entries[1] if worked and n > 1 else None),  # (1, 2): the first off the diagonal
        checks=centred_checks(Khat) + (Check(r"\hat{\mathbf K} = \mathbf H \mathbf K \mathbf H \text{ with } \mathbf H = \mathbf I - \tfrac1n \mathbf 1\mathbf 1^T",
                                              all(is_zero(a - b) for a, b in zip(Khat, hkh))),),
    )


def centred_checks(Khat: sp.ImmutableMatrix) -> tuple[Check, ...]:
    n = Khat.rows
    return (
        Check(r"\hat{\mathbf K} = \hat{\mathbf K}^T", Khat == Khat.T),
        Check(r"\text{every row of } \hat{\mathbf K} \text{ sums to } 0",
              all(is_zero(sum(Khat.row(i))) for i in range(n))),
    )


def given_centred_step(Khat: sp.ImmutableMatrix) -> Step:
    return Step(key="centred_kernel", kind="centred_given", title="Centred kernel matrix (given)",
                formula="", result=Khat, data=CentredGivenData(row_sums(Khat)), checks=centred_checks(Khat))


def centring_steps(K: sp.ImmutableMatrix, *, worked: bool = False) -> list[Step]:
    """Row means, grand mean and K̂; ``worked``: the brief level works one entry of K̂ out beside it."""
    rows = row_means_step(K)
    grand = grand_mean_step(rows.result)
    return [rows, grand, centred_step(K, rows.result, grand.result, worked=worked)]
