"""SVD by hand and the Eckart–Young theorem (seed 004, "Eckart-Young Theorem")."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.eigen import ETA, LAMBDA
from tutor.exact.tidy import Scaled, is_zero, numeric, primitive, tidy
from tutor.exact.vectors import matvec
from tutor.steps import Check, Step, StepData


def gram_step(D: sp.ImmutableMatrix) -> Step:
    G = sp.ImmutableMatrix((D.T * D).applyfunc(tidy))
    return Step(key="dtd", kind="svd_dtd", title=r"The matrix $D^T D$", formula=r"D^T D",
                result=G)


@dataclass(frozen=True)
class RightVectorRow:
    index: int  # 1-based
    value: sp.Expr  # λ, an eigenvalue of DᵀD
    found: tuple[sp.Expr, ...]  # w as found
    unit: Scaled  # r = w/‖w‖


@dataclass(frozen=True)
class SvdRightData(StepData, kind="svd_right"):
    values: tuple[sp.Expr, ...]  # the eigenvalues of DᵀD, descending
    char_poly: sp.Expr  # in λ
    factored: sp.Expr
    rows: tuple[RightVectorRow, ...]


def right_vectors_step(G: sp.ImmutableMatrix, spec) -> Step:
    rows = tuple(RightVectorRow(i, p.value, p.found, Scaled(tidy(1 / sp.sqrt(p.norm_sq)), p.found))
                 for i, p in enumerate(spec.pairs, start=1))
    return Step(key="right_vectors", kind="svd_right", title=r"Eigenvalues of $D^T D$ and right singular vectors",
                formula=r"D^T D\, \mathbf r_i = \delta_i^2\, \mathbf r_i",
                result=tuple(p.unit for p in spec.pairs),
                data=SvdRightData(spec.values, spec.char_poly.subs(ETA, LAMBDA),
                                  spec.char_poly_factored.subs(ETA, LAMBDA), rows),
                note=("Sign convention: each right singular vector's first non-zero entry is positive; "
                      f"each left vector follows from it. {spec.note}").strip())


@dataclass(frozen=True)
class SvdSingularData(StepData, kind="svd_singular"):
    values: tuple[sp.Expr, ...]  # the eigenvalues λ of DᵀD, zeros included


def singular_values_step(values) -> Step:
    singular = tuple(tidy(sp.sqrt(v)) for v in values if numeric(v, 30) > sp.Float("1e-25"))
    return Step(key="singular_values", kind="svd_singular", title="Singular values",
                formula=r"\delta_i = \sqrt{\lambda_i} \quad (\lambda_i > 0)", result=singular,
                data=SvdSingularData(tuple(values)),
                note=f"The rank of $D$ is the number of non-zero singular values: {len(singular)}.")


@dataclass(frozen=True)
class LeftVectorRow:
    index: int  # 1-based
    delta: sp.Expr  # δ_i
    found: tuple[sp.Expr, ...]  # w_i, with r_i = w_i/‖w_i‖
    image: tuple[sp.Expr, ...]  # D w_i
    left: Scaled  # l_i = D r_i / δ_i


@dataclass(frozen=True)
class SvdLeftData(StepData, kind="svd_left"):
    rows: tuple[LeftVectorRow, ...]


def left_vectors_step(D: sp.ImmutableMatrix, spec, singular) -> tuple[Step, tuple]:
    rows, lefts, rights = [], [], []
    for i, (p, delta) in enumerate(zip(spec.pairs, singular), start=1):
        image = matvec(D, p.found)  # D w_i, with r_i = w_i/‖w_i‖
        content, direction = primitive(image)
        left = Scaled(tidy(content / (delta * sp.sqrt(p.norm_sq))), direction)  # l_i = D r_i / δ_i
        rows.append(LeftVectorRow(i, delta, p.found, image, left))
        lefts.append(left.value)
        rights.append(p.unit)
    return Step(key="left_vectors", kind="svd_left", title="Left singular vectors",
                formula=r"\mathbf l_i = \frac{D \mathbf r_i}{\delta_i}", result=tuple(lefts),
                data=SvdLeftData(tuple(rows)),
                checks=(Check(r"\|\mathbf l_i\| = 1", all(is_zero(sum(x**2 for x in l) - 1) for l in lefts)),)), \
        tuple(rights)


@dataclass(frozen=True)
class SvdTruncationData(StepData, kind="svd_truncation"):
    rank: int


@dataclass(frozen=True)
class SvdErrorData(StepData, kind="svd_error"):
    residual: sp.ImmutableMatrix  # D − D_r
    direct_sq: sp.Expr  # ‖D − D_r‖_F², entry by entry
    via: sp.Expr  # Σ_{i > r} δ_i²
    discarded: tuple[sp.Expr, ...]  # δ_i for i > r


def truncation_steps(D: sp.ImmutableMatrix, singular, lefts, rights, rank: int) -> tuple[Step, Step]:
    m, n = D.shape
    Dr = sp.zeros(m, n)
    for delta, l, r in list(zip(singular, lefts, rights))[:rank]:
        Dr += delta * sp.Matrix(l) * sp.Matrix(r).T
    Dr = sp.ImmutableMatrix(Dr.applyfunc(tidy))
    full = sp.zeros(m, n)
    for delta, l, r in zip(singular, lefts, rights):
        full += delta * sp.Matrix(l) * sp.Matrix(r).T
    rebuilt = all(is_zero(a - b) for a, b in zip(full, D))
    truncation = Step(key="truncation", kind="svd_truncation", title=rf"The rank-{rank} truncation",
                      formula=r"D_r = \sum_{i \le r} \delta_i\, \mathbf l_i \mathbf r_i^T", result=Dr,
                      data=SvdTruncationData(rank),
                      checks=(Check(r"\textstyle\sum_i \delta_i \mathbf l_i \mathbf r_i^T = D \text{ (reduced SVD)}", rebuilt),))
    residual = (D - Dr).applyfunc(tidy)
    direct_sq = tidy(sum(e**2 for e in residual))
    via = tidy(sum(d**2 for d in singular[rank:]))
    error = Step(key="frobenius_error", kind="svd_error", title="Eckart–Young",
                 formula=r"\|D - D_r\|_F = \sqrt{\sum_{i > r} \delta_i^2}", result=tidy(sp.sqrt(direct_sq)),
                 data=SvdErrorData(sp.ImmutableMatrix(residual), direct_sq, via, tuple(singular[rank:])),
                 checks=(Check(r"\|D - D_r\|_F^2 = \textstyle\sum_{i>r} \delta_i^2", is_zero(direct_sq - via)),),
                 note="By Eckart–Young no matrix of rank $r$ is closer to $D$ in the Frobenius norm.")
    return truncation, error


@dataclass(frozen=True)
class SvdFactorsData(StepData, kind="svd_factors"):
    L: sp.ImmutableMatrix  # the left singular vectors as columns
    Delta: sp.ImmutableMatrix  # diag(δ_1, …, δ_k)
    R: sp.ImmutableMatrix  # the right singular vectors as columns


def factors_step(singular, lefts, rights) -> Step:
    """The reduced SVD written out at the end, L, Δ and R together, as a student hands it in."""
    L = sp.ImmutableMatrix.hstack(*(sp.ImmutableMatrix(l) for l in lefts))
    R = sp.ImmutableMatrix.hstack(*(sp.ImmutableMatrix(r) for r in rights[:len(singular)]))
    Delta = sp.ImmutableMatrix(sp.diag(*singular))
    return Step(key="factors", kind="svd_factors", title=r"The SVD: $L$, $\Delta$ and $R$ together",
                formula=r"D = L\,\Delta\,R^T",
                data=SvdFactorsData(L, Delta, R),
                note="The columns of $L$ and $R$ are the singular vectors above, in the order of the $\\delta_i$; "
                     "changing the sign of a column of $L$ together with the same column of $R$ gives the same $D$.")

