"""SVD by hand and the Eckart–Young theorem (seed 004, "Eckart-Young Theorem").

The hand route decomposes the smaller Gram matrix: DᵀD (n×n) when D (m×n) is square or tall, and
DDᵀ (m×m) when D is wide, so a 2×4 matrix needs the eigenvectors of a 2×2 matrix, not a 4×4 one.
The side decomposed gives its singular vectors as unit eigenvectors (all of them, zeros included);
the other side follows one per δ: l_i = D r_i/δ_i, or r_i = Dᵀ l_i/δ_i on the wide route.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.eigen import ETA, LAMBDA
from tutor.exact.tidy import Scaled, ScaledMatrix, is_zero, numeric, primitive, scaled_matrix, sign_of, tidy
from tutor.exact.vectors import matvec, transpose_matvec
from tutor.recipes.eigenpairs import EigenRow, HandRoute, eigen_rows, hand_route
from tutor.recipes.pca import named_roots
from tutor.steps import Check, Step, StepData


@dataclass(frozen=True)
class Side:
    """Which Gram matrix the hand route decomposes, and the names that follow from it."""

    wide: bool  # D has more columns than rows: decompose DDᵀ

    @property
    def gram(self) -> str:
        return r"D D^T" if self.wide else r"D^T D"

    @property
    def key(self) -> str:
        return "ddt" if self.wide else "dtd"

    @property
    def first(self) -> str:  # the singular vectors read off the Gram matrix: "l" or "r"
        return "l" if self.wide else "r"

    @property
    def second(self) -> str:
        return "r" if self.wide else "l"


def side_of(D: sp.ImmutableMatrix) -> Side:
    return Side(wide=D.rows < D.cols)


_NAME = {"l": "left", "r": "right"}


@dataclass(frozen=True)
class SvdGramData(StepData, kind="svd_gram"):
    brief_formula = "none"  # the brief line says which side and why, then the matrix
    m: int  # rows of D
    n: int  # columns of D
    wide: bool  # DDᵀ (m×m) is the smaller side
    symbol: str  # "D^T D" or "D D^T", in LaTeX


def gram_step(D: sp.ImmutableMatrix, side: Side) -> Step:
    G = D * D.T if side.wide else D.T * D
    G = sp.ImmutableMatrix(G.applyfunc(tidy))
    entry = r"\sum_k D_{ik} D_{jk}" if side.wide else r"\sum_k D_{ki} D_{kj}"
    return Step(key=side.key, kind="svd_gram", title=rf"The matrix ${side.gram}$",
                formula=rf"({side.gram})_{{ij}} = {entry}",
                result=G, data=SvdGramData(D.rows, D.cols, side.wide, side.gram))


@dataclass(frozen=True)
class SvdEigenData(StepData, kind="svd_eigen"):
    brief_formula = "none"
    worked_checks = True  # each row shows Gw beside w; the unit vectors divide w by the norm shown
    brief_note = False  # the sign freedom is a care line of the factors
    symbol: str  # the Gram matrix, "D^T D" or "D D^T"
    vector: str  # "r" or "l": the singular vectors this side gives
    shifted: sp.ImmutableMatrix  # G − λI
    char_poly: sp.Expr  # in λ
    factored: sp.Expr
    rows: tuple[EigenRow, ...]  # eta is the eigenvalue λ_i = δ_i² of the Gram matrix
    shifted_rows: tuple[sp.ImmutableMatrix, ...]  # G − λ_i I, one per row, solved for w_i
    repeated: bool  # some eigenvalue has multiplicity > 1
    named: str = ""  # why some roots are named (a root of an irreducible cubic), plain text with $…$ maths
    decimals: bool = False  # some λ are named roots: the brief line gives the unit vectors as decimals
    route: HandRoute | None = None  # how each w is found by hand (a rational 2 × 2 or 3 × 3, simple λ)


def eigen_step(G: sp.ImmutableMatrix, spec, side: Side) -> Step:
    v = side.first
    rows, checks = eigen_rows(G, spec, matrix=side.gram, value=r"\lambda", vector=rf"\mathbf {v}")
    n = G.rows
    shifted_rows = tuple(sp.ImmutableMatrix((G - p.value * sp.eye(n)).applyfunc(tidy)) for p in spec.pairs)
    return Step(key=f"{_NAME[v]}_vectors", kind="svd_eigen",
                title=rf"Eigenvalues of ${side.gram}$ and {_NAME[v]} singular vectors",
                formula=rf"({side.gram} - \lambda_i I)\,\mathbf w_i = \mathbf 0, \quad \mathbf {v}_i = \frac{{\mathbf w_i}}{{\|\mathbf w_i\|}}",
                result=tuple(r.unit.value for r in rows),
                data=SvdEigenData(side.gram, v, sp.ImmutableMatrix(G - LAMBDA * sp.eye(n)),
                                  spec.char_poly.subs(ETA, LAMBDA), spec.char_poly_factored.subs(ETA, LAMBDA),
                                  rows, shifted_rows, any(p.multiplicity > 1 for p in spec.pairs), spec.note,
                                  named_roots(spec.values), hand_route(G, rows)),
                checks=checks,
                note=(f"Sign convention: each {_NAME[v]} singular vector's first non-zero entry is positive; "
                      f"each {_NAME[side.second]} vector follows from it. {spec.note}").strip())


@dataclass(frozen=True)
class SvdSingularData(StepData, kind="svd_singular"):
    brief_formula = "inline"
    brief_note = False  # the brief line gives the rank
    values: tuple[sp.Expr, ...]  # the eigenvalues λ of the Gram matrix, zeros included
    squares: tuple[sp.Expr, ...]  # the positive ones, λ_i = δ_i²
    rank: int


def singular_values_step(values) -> Step:
    squares = tuple(v for v in values if numeric(v, 30) > sp.Float("1e-25"))
    singular = tuple(tidy(sp.sqrt(v)) for v in squares)
    return Step(key="singular_values", kind="svd_singular", title="Singular values",
                formula=r"\delta_i = \sqrt{\lambda_i} \quad (\lambda_i > 0)", result=singular,
                data=SvdSingularData(tuple(values), squares, len(singular)),
                note=f"The rank of $D$ is the number of non-zero singular values: {len(singular)}.")


@dataclass(frozen=True)
class OtherVectorRow:
    index: int  # 1-based
    delta: sp.Expr  # δ_i
    found: tuple[sp.Expr, ...]  # w_i of the side decomposed, whose unit vector is w_i/‖w_i‖
    norm: sp.Expr  # ‖w_i‖
    unit_found: bool  # ‖w_i‖ = 1: nothing to divide by
    image: tuple[sp.Expr, ...]  # D w_i (or Dᵀ w_i on the wide route)
    scale: sp.Expr  # 1/(‖w_i‖ δ_i), the factor in front of the image
    plain: bool  # ‖w_i‖ δ_i = 1: nothing to divide by
    vector: Scaled  # l_i = D r_i/δ_i (or r_i = Dᵀ l_i/δ_i)


@dataclass(frozen=True)
class SvdOtherData(StepData, kind="svd_other"):
    brief_formula = "inline"
    vector: str  # "l" or "r": the singular vectors this step gives
    given: str  # "r" or "l": those they follow from
    matrix: str  # "D" or "D^T"
    rows: tuple[OtherVectorRow, ...]
    # The δ are named roots (an irreducible cubic or quartic): the brief line gives the vectors as decimals,
    # since their exact entries (polynomials in the root over long denominators) run off a line of 8.
    decimals: bool = False


def other_vectors_step(D: sp.ImmutableMatrix, spec, singular, side: Side) -> tuple[Step, tuple, tuple]:
    """The other side's vectors, one per δ: returns the step, and the left and right vectors."""
    v, u = side.second, side.first
    rows, others = [], []
    for i, (p, delta) in enumerate(zip(spec.pairs, singular), start=1):
        image = transpose_matvec(D, p.found) if side.wide else matvec(D, p.found)
        content, direction = primitive(image)
        norm = tidy(sp.sqrt(p.norm_sq))
        scale = tidy(1 / (delta * norm))
        factor = tidy(content * scale)
        if sign_of(factor) < 0:  # the signs stay inside, as a student writes l_1 = (0, −1), not −(0, 1)
            factor, direction = -factor, tuple(-e for e in direction)
        vector = Scaled(factor, direction)
        rows.append(OtherVectorRow(i, delta, p.found, norm, norm == 1, image, scale, scale == 1, vector))
        others.append(vector.value)
    matrix = "D^T" if side.wide else "D"
    unit = all(is_zero(sum(x**2 for x in w) - 1) for w in others)
    step = Step(key=f"{_NAME[v]}_vectors", kind="svd_other", title=f"{_NAME[v].capitalize()} singular vectors",
                formula=rf"\mathbf {v}_i = \frac{{{matrix} \mathbf {u}_i}}{{\delta_i}} = \frac{{{matrix} \mathbf w_i}}{{\|\mathbf w_i\|\,\delta_i}}",
                result=tuple(others), data=SvdOtherData(v, u, matrix, tuple(rows), named_roots(singular)),
                checks=(Check(rf"\|\mathbf {v}_i\| = 1", unit),))
    firsts = tuple(p.unit for p in spec.pairs)  # every vector of the side decomposed, zeros included
    lefts, rights = (firsts, tuple(others)) if side.wide else (tuple(others), firsts)
    return step, lefts, rights


@dataclass(frozen=True)
class SvdTruncationData(StepData, kind="svd_truncation"):
    brief_formula = "inline"
    rank: int
    decimals: bool = False  # the δ are named roots: D_r is shown as decimals (its exact entries run long)


def truncation_step(D: sp.ImmutableMatrix, singular, lefts, rights, rank: int) -> Step:
    m, n = D.shape
    Dr = sp.zeros(m, n)
    for delta, l, r in list(zip(singular, lefts, rights))[:rank]:
        Dr += delta * sp.Matrix(l) * sp.Matrix(r).T
    Dr = sp.ImmutableMatrix(Dr.applyfunc(tidy))
    return Step(key="truncation", kind="svd_truncation", title=rf"The rank-{rank} truncation",
                formula=r"D_r = \sum_{i \le r} \delta_i\, \mathbf l_i \mathbf r_i^T", result=Dr,
                data=SvdTruncationData(rank, named_roots(singular)))


@dataclass(frozen=True)
class SvdErrorData(StepData, kind="svd_error"):
    brief_formula = "inline"
    worked_checks = True  # the line writes both sums out
    brief_note = False  # the line names Eckart–Young
    rank: int
    residual: sp.ImmutableMatrix  # D − D_r
    squares: tuple[sp.Expr, ...]  # the squares of its non-zero entries
    direct_sq: sp.Expr  # ‖D − D_r‖_F², entry by entry
    via: sp.Expr  # Σ_{i > r} δ_i²
    discarded: tuple[sp.Expr, ...]  # δ_i for i > r
    decimals: bool = False  # the δ are named roots: D − D_r and its norm are shown as decimals


def error_step(D: sp.ImmutableMatrix, Dr: sp.ImmutableMatrix, singular, rank: int) -> Step:
    residual = (D - Dr).applyfunc(tidy)
    squares = tuple(tidy(e**2) for e in residual if not is_zero(e))
    direct_sq = tidy(sum(squares))
    via = tidy(sum(d**2 for d in singular[rank:]))
    return Step(key="frobenius_error", kind="svd_error", title="Eckart–Young",
                formula=r"\|D - D_r\|_F = \sqrt{\sum_{i > r} \delta_i^2}", result=tidy(sp.sqrt(direct_sq)),
                data=SvdErrorData(rank, sp.ImmutableMatrix(residual), squares, direct_sq, via, tuple(singular[rank:]),
                                  named_roots(singular)),
                checks=(Check(r"\|D - D_r\|_F^2 = \textstyle\sum_{i>r} \delta_i^2", is_zero(direct_sq - via)),),
                note="By Eckart–Young no matrix of rank $r$ is closer to $D$ in the Frobenius norm.")


SHORT_OPS = 8  # operations per entry: factors this simple are printed exactly in the summary


@dataclass(frozen=True)
class SvdFactorsData(StepData, kind="svd_factors"):
    brief_formula = "inline"
    worked_checks = True  # the display ends with the product, D's own entries
    L: sp.ImmutableMatrix  # the left singular vectors as columns
    Delta: sp.ImmutableMatrix  # diag(δ_1, …, δ_k)
    R: sp.ImmutableMatrix  # the right singular vectors as columns
    product: sp.ImmutableMatrix  # L Δ Rᵀ, entry by entry
    repeated: bool  # a repeated δ: its vectors are any orthonormal basis of their space
    exact: bool  # L, Δ and R short enough to print exactly; else in decimals (the steps above are exact)
    reduced: bool = False  # L or R is not square: the reduced (thin) SVD, k columns each, Δ k × k
    # L and R as a student writes them, a common unit scale outside: 1/√10 [[1, 3], [3, −1]] (scale 1: none)
    L_shown: ScaledMatrix | None = None
    R_shown: ScaledMatrix | None = None


def factors_step(D: sp.ImmutableMatrix, singular, lefts, rights) -> Step:
    """The reduced SVD written out at the end, L, Δ and R together, as a student hands it in."""
    k = len(singular)
    L = sp.ImmutableMatrix.hstack(*(sp.ImmutableMatrix(l) for l in lefts[:k]))
    R = sp.ImmutableMatrix.hstack(*(sp.ImmutableMatrix(r) for r in rights[:k]))
    Delta = sp.ImmutableMatrix(sp.diag(*singular))
    product = sp.ImmutableMatrix((L * Delta * R.T).applyfunc(tidy))
    rebuilt = all(is_zero(a - b) for a, b in zip(product, D))
    if rebuilt:  # shown as D's own entries: with named roots the raw products run pages long (each is D's entry)
        product = D
    repeated = any(is_zero(a - b) for i, a in enumerate(singular) for b in singular[i + 1:])
    reduced = L.rows != L.cols or R.rows != R.cols
    title = ("The reduced SVD" if reduced else "The SVD") + r": $L$, $\Delta$ and $R$ together"
    return Step(key="factors", kind="svd_factors", title=title,
                formula=r"D = L\,\Delta\,R^T",
                data=SvdFactorsData(L, Delta, R, product, repeated,
                                    all(sp.count_ops(e) <= SHORT_OPS for M in (L, Delta, R) for e in M),
                                    reduced, scaled_matrix(L), scaled_matrix(R)),
                checks=(Check(r"L \Delta R^T = \textstyle\sum_i \delta_i \mathbf l_i \mathbf r_i^T = D", rebuilt),),
                note="Each pair $\\mathbf l_i$, $\\mathbf r_i$ is fixed only up to a common sign: "
                     "$-\\mathbf l_i$ and $-\\mathbf r_i$ give the same $D$.")
