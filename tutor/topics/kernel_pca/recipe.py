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
from tutor.steps import Check, Step, StepData
from tutor.recipes.eigenpairs import (CharPolyHand, EigenRow, HandRoute, Separation, char_poly_hand, eigen_rows, hand_route,
                                     separation, sign_note)
from tutor.recipes.symmetry import SymmetryRow


LONG_VECTOR = 60  # characters of a vector's plain text (scalar and entries) beyond which a line cannot hold it


def long_vectors(*vectors: Scaled) -> bool:
    """Whether some vector is too long to be one unbreakable atom in a line of text (nested radicals of an
    RBF kernel on scattered points): the brief line then writes it so that it may break between entries."""
    return any(len(sp.sstr(v.scalar)) + sum(len(sp.sstr(x)) for x in v.entries) > LONG_VECTOR for v in vectors)


@dataclass(frozen=True)
class Component:
    """One kept principal component, written as scalar × (the eigenvector as found)."""

    index: int  # 1-based
    eta: sp.Expr
    found: tuple[sp.Expr, ...]
    norm_sq: sp.Expr
    coefficient: Scaled  # c = v/√η = found/√(‖found‖² η)
    coordinate: Scaled  # a = √η v = found·√(η/‖found‖²)


@dataclass(frozen=True)
class CharPolyData(StepData, kind="char_poly"):
    brief_formula = "none"  # the brief line is det(K̂ − ηI) = its factored form
    shifted: sp.ImmutableMatrix  # K̂ − ηI
    expanded: sp.Expr
    factored: sp.Expr
    hand: CharPolyHand | None = None  # the full level: det(K̂ − ηI) by cofactors (recipes.eigenpairs)
    # the eigenvalues were found by symmetry before it: one line at both levels, whose roots confirm them
    confirms: bool = False


def char_poly_step(Khat: sp.ImmutableMatrix, spec: Spectrum, *, confirms: bool = False) -> Step:
    n = Khat.rows
    shifted = sp.ImmutableMatrix(Khat - ETA * sp.eye(n))
    if confirms:
        return Step(
            key="char_poly",
            kind="char_poly",
            title="Characteristic polynomial",
            formula="",  # the one line is the formula
            result=spec.char_poly,
            data=CharPolyData(shifted, spec.char_poly, spec.char_poly_factored, confirms=True),
        )
    return Step(
        key="char_poly",
        kind="char_poly",
        title="Characteristic polynomial",
        formula=r"\det(\hat{\mathbf K} - \eta \mathbf I) = 0",
        result=spec.char_poly,
        data=CharPolyData(shifted, spec.char_poly, spec.char_poly_factored,
                          char_poly_hand(Khat, spec, matrix=r"\hat{\mathbf K}", symbol=ETA)),
    )


@dataclass(frozen=True)
class RootOf:
    """Eigenvalues that are roots of one irreducible polynomial of degree ≥ 3 with rational coefficients,
    as the notes say them: "η₁ ≈ 4.214, the largest root of η³ − … = 0"."""

    positions: tuple[int, ...]  # the eigenvalues' 1-based positions (descending order)
    ranks: tuple[str, ...]  # "largest", "second largest", …, "smallest", one per position
    polynomial: sp.Expr  # monic, in η
    every_root: bool  # the positions are all its roots: "the roots of … = 0, largest first"


_ORDINALS = ("", "second ", "third ", "fourth ", "fifth ", "sixth ", "seventh ", "eighth ")


def _rank(from_top: int, degree: int) -> str:
    if from_top == degree - 1 and degree > 1:
        return "smallest"
    return (_ORDINALS[from_top] if from_top < len(_ORDINALS) else f"{from_top + 1}th ") + "largest"


def roots_of(values) -> tuple[RootOf, ...]:
    groups: dict = {}
    for i, v in enumerate(values, start=1):
        if isinstance(v, sp.CRootOf):
            groups.setdefault(v.poly, []).append((i, v))
    out = []
    for poly, members in groups.items():
        degree = poly.degree()
        ranks = tuple(_rank(degree - 1 - v.index, degree) for _, v in members)
        monic = sp.Poly(poly.monic().as_expr().subs(poly.gen, ETA), ETA).as_expr()
        out.append(RootOf(tuple(i for i, _ in members), ranks, monic, len(members) == degree))
    return tuple(out)


@dataclass(frozen=True)
class EigenvaluesData(StepData, kind="eigenvalues"):
    brief_formula = "none"
    brief_note = False  # the brief line says why roots are named (named); the zero eigenvalue is a care line
    etas: tuple[sp.Expr, ...]  # descending
    repeated: tuple[int, ...]  # 1-based positions of eigenvalues of multiplicity > 1
    named: str = ""  # why some roots are named (a root of an irreducible cubic), plain text with $…$ maths
    roots: tuple[RootOf, ...] = ()  # eigenvalues that are roots of an irreducible polynomial (CRootOf)
    zero_reason: bool = False  # K̂ is centred and one η is 0: the brief line says why (K̂𝟏 = 0)
    # Read off eigenvectors found by symmetry (the notes' Example 3), when there are: each K̂w = ηw is written
    # out, and the trace check too, at both levels. One payload for the kind, as every kind has.
    symmetry: tuple[SymmetryRow, ...] = ()  # found by symmetry (recipes.symmetry), in the order found
    trace: sp.Expr = sp.Integer(0)  # tr K̂, which the η found add up to
    matrix: sp.ImmutableMatrix | None = None  # K̂, multiplied out at the full level

    @property
    def worked_checks(self) -> bool:  # type: ignore[override]
        return bool(self.symmetry)

    @property
    def worked_checks_full(self) -> bool:  # type: ignore[override]
        return bool(self.symmetry)


def eigenvalues_step(spec: Spectrum, *, centred: bool = True, symmetry: tuple[SymmetryRow, ...] | None = None,
                     matrix: sp.ImmutableMatrix | None = None) -> Step:
    values = spec.values
    repeated = tuple(sorted({i + 1 for i, p in enumerate(spec.pairs) if p.multiplicity > 1}))
    if symmetry:
        trace = tidy(matrix.trace())
        return Step(
            key="eigenvalues",
            kind="eigenvalues",
            title="Eigenvectors from symmetry",
            formula=r"\hat{\mathbf K} \mathbf w_i = \eta_i \mathbf w_i",
            result=values,
            data=EigenvaluesData(values, repeated, symmetry=symmetry, trace=trace, matrix=matrix),
            checks=tuple(Check(rf"\hat{{\mathbf K}} \mathbf w_{r.index} = \eta_{r.index} \mathbf w_{r.index}",
                               all(is_zero(tidy(a - r.eta * b)) for a, b in zip(r.product, r.tried.vector)))
                         for r in symmetry)
                   + (Check(r"\textstyle\sum_i \eta_i = \operatorname{tr} \hat{\mathbf K}",
                            is_zero(tidy(sum(values) - trace))),),
        )
    repeated = tuple(sorted({i + 1 for i, p in enumerate(spec.pairs) if p.multiplicity > 1}))
    note = ("One eigenvalue of $\\hat{\\mathbf K}$ is always $0$, with eigenvector $(1, \\dots, 1)^T$: "
            "centring makes the feature vectors add up to zero." if centred else "")
    named = spec.note if any(isinstance(v, PolyRoot) for v in values) else ""
    if named:
        note = f"{note} {named}".strip()
    return Step(
        key="eigenvalues",
        kind="eigenvalues",
        title="Eigenvalues",
        formula=r"\eta_1 \ge \eta_2 \ge \dots \ge \eta_n",
        result=values,
        data=EigenvaluesData(values, repeated, named, roots_of(values), centred and any(is_zero(v) for v in values)),
        note=note,
    )


@dataclass(frozen=True)
class EigenvectorsData(StepData, kind="eigenvectors"):
    brief_formula = "inline"
    worked_checks = True  # each row shows K̂w beside w
    worked_checks_full = True  # the full level shows the product beside w too (shared/hand/eigenvectors.j2)
    brief_note = False  # the sign freedom is a care line of the coordinates
    rows: tuple[EigenRow, ...]
    repeated: bool  # some eigenvalue has multiplicity > 1
    # K̂w as the brief line writes it: written out when its entries are rational (the notes' (8, −8, 0)ᵀ),
    # else as η·w, which it equals (checked): (1 − e⁻²)(0, 1, −1, 0)ᵀ, not four long entries.
    products: tuple[Scaled, ...] = ()
    written_out: bool = True  # every K̂w written out: "so η₁ = 8, …" reads the eigenvalues off them
    long: bool = False  # some vector too long for one unbreakable atom (long_vectors)
    by_symmetry: bool = False  # each w and K̂w are in the eigenvalues' step before: only the unit vectors here
    route: HandRoute | None = None  # how each w is found by hand when K̂ has no symmetry to use (3 × 3)


def _product(row: EigenRow) -> Scaled:
    if all(x.is_Rational for x in row.product):
        return Scaled(sp.Integer(1), tuple(row.product))
    return Scaled(row.eta, tuple(row.found))


def eigenvectors_step(Khat: sp.ImmutableMatrix, spec: Spectrum, *, by_symmetry: bool = False) -> Step:
    rows, checks = eigen_rows(Khat, spec, matrix=r"\hat{\mathbf K}", value=r"\eta", vector=r"\mathbf v")
    products = tuple(_product(r) for r in rows)
    unit = r"\mathbf v_i = \frac{\mathbf w_i}{\|\mathbf w_i\|}"
    return Step(
        key="eigenvectors",
        kind="eigenvectors",
        title="Unit eigenvectors",
        formula=unit if by_symmetry else r"(\hat{\mathbf K} - \eta_i \mathbf I)\,\mathbf w_i = \mathbf 0, \qquad " + unit,
        result=tuple(p.unit for p in spec.pairs),
        data=EigenvectorsData(rows, any(p.multiplicity > 1 for p in spec.pairs), products,
                              all(p.scalar == 1 for p in products),
                              long_vectors(*products, *(r.unit for r in rows)), by_symmetry,
                              None if by_symmetry else hand_route(Khat, rows, centred=True)),
        checks=checks,
        note=sign_note(spec, "eigenvector", budget=False),  # the eigenvalues' step says why roots are named
    )


@dataclass(frozen=True)
class VariancesData(StepData, kind="variances"):
    brief_formula = "inline"
    etas: tuple[sp.Expr, ...]
    n: int


def variances_step(values: tuple[sp.Expr, ...], n: int) -> Step:
    variances = tuple(tidy(v / n) for v in values)
    return Step(
        key="variances",
        kind="variances",
        title="Variances in feature space",
        formula=r"\lambda_i = \frac{\eta_i}{n}",
        result=variances,
        data=VariancesData(tuple(values), n),
    )


@dataclass(frozen=True)
class VarianceFractionsData(StepData, kind="variance_fractions"):
    brief_formula = "inline"
    etas: tuple[sp.Expr, ...]
    total: sp.Expr
    cumulative: tuple[sp.Expr, ...]  # running sums of the fractions
    positive: int = 0  # how many eigenvalues are positive (the first ones: descending)
    captured: sp.Expr = sp.Integer(0)  # the fraction the positive ones keep (1 unless K̂ has a negative eigenvalue)
    max_nonzero: int = 0  # n − 1: centring leaves at most n − 1 non-zero eigenvalues
    # the brief line divides with a slash, 2 / (8/3) = 3/4, when some η_i or Σ η_j is a fraction: a fraction
    # over a fraction, (32/3)/(80/3), is hard to read, and scaling both (24/32) hides where the numbers come from
    slash: bool = False


def fractions_step(values: tuple[sp.Expr, ...]) -> Step:
    total = tidy(sum(values))
    fractions = tuple(tidy(v / total) for v in values)
    cumulative = tuple(tidy(sum(fractions[: i + 1])) for i in range(len(fractions)))
    positive = positive_count(values)
    captured = cumulative[positive - 1] if positive else sp.Integer(0)
    return Step(
        key="variance_fractions",
        kind="variance_fractions",
        title="Fraction of variance",
        formula=r"\frac{\eta_i}{\sum_j \eta_j}",
        result=fractions,
        data=VarianceFractionsData(tuple(values), total, cumulative, positive, captured, len(values) - 1,
                                   not all(v.is_Integer for v in (*values, total))),
    )


def components(spec: Spectrum, keep: int) -> tuple[Component, ...]:
    out = []
    for i, p in enumerate(spec.pairs[:keep], start=1):
        c_scalar = tidy(1 / sp.sqrt(tidy(p.norm_sq * p.value)))
        a_scalar = tidy(sp.sqrt(tidy(p.value / p.norm_sq)))
        out.append(Component(i, p.value, p.found, p.norm_sq, Scaled(c_scalar, p.found), Scaled(a_scalar, p.found)))
    return tuple(out)


@dataclass(frozen=True)
class CoefficientsData(StepData, kind="coefficients"):
    brief_formula = "inline"
    brief_note = False  # the brief line says that η = 0 gives no component
    components: tuple[Component, ...]
    zero_count: int  # eigenvalues η = 0, which give no component
    dropped: int  # positive eigenvalues beyond the components asked for
    long: bool = False  # some vector too long for one unbreakable atom (long_vectors)


def coefficients_step(comps: tuple[Component, ...], zero_count: int, dropped: int) -> Step:
    return Step(
        key="coefficients",
        kind="coefficients",
        title="Scaling: coefficients",
        formula=r"\mathbf c_i = \frac{\mathbf v_i}{\sqrt{\eta_i}}",
        result=tuple(c.coefficient.value for c in comps),
        data=CoefficientsData(comps, zero_count, dropped, long_vectors(*(c.coefficient for c in comps))),
        note=("An eigenvalue $\\eta = 0$ gives no component: its direction has no variance, "
              "and $\\mathbf v/\\sqrt{\\eta}$ is undefined." if zero_count else ""),
    )


@dataclass(frozen=True)
class CoordinatesRow:
    component: Component
    product: tuple[sp.Expr, ...]  # K̂ w, w the eigenvector as found
    written: Scaled  # a, as the brief level writes it
    via_product: bool = True  # the brief line shows c's scalar × K̂w (rational entries, the notes' ¼(8, −8, 0)ᵀ)
    product_is_written: bool = False  # that scalar × K̂w is already a as written: "= …" would repeat it


@dataclass(frozen=True)
class CoordinatesData(StepData, kind="coordinates"):
    brief_formula = "inline"
    rows: tuple[CoordinatesRow, ...]
    separations: tuple[Separation, ...] = ()  # one per component: what it separates
    linear: bool = False  # a linear kernel: the coordinates are the ordinary PCA scores
    repeated: bool = False  # a repeated eigenvalue: its components are fixed only up to a rotation
    long: bool = False  # some vector too long for one unbreakable atom (long_vectors)


def _written(a: Scaled) -> Scaled:
    """A coordinate vector as the notes write it: whole numbers written out ((2, −2, 0)ᵀ, not 2(1, −1, 0)ᵀ)."""
    if all(x.is_Integer for x in a.value):
        return Scaled(sp.Integer(1), tuple(a.value))
    return a


def coordinates_step(Khat: sp.ImmutableMatrix, comps: tuple[Component, ...], *, linear: bool = False,
                     repeated: bool = False) -> Step:
    rows = []
    for c in comps:
        product = matvec(Khat, c.found)
        written = _written(c.coordinate)
        rows.append(CoordinatesRow(c, product, written, all(x.is_Rational for x in product),
                                   written.scalar == c.coefficient.scalar and tuple(written.entries) == product))
    return Step(
        key="coordinates",
        kind="coordinates",
        title="Coordinates of the training points",
        formula=r"\mathbf a_i = \hat{\mathbf K} \mathbf c_i = \sqrt{\eta_i}\, \mathbf v_i",
        result=tuple(c.coordinate.value for c in comps),
        data=CoordinatesData(tuple(rows), tuple(separation(c.index, c.coordinate.value) for c in comps), linear,
                             repeated, long_vectors(*(r.written for r in rows))),
    )


@dataclass(frozen=True)
class AlphaRow:
    component: Component
    alpha: Scaled  # α = v/√η: the post's unit eigenvector of K̂ rescaled by √(1/η), which is c
    alpha_norm_sq: sp.Expr  # ⟨α, α⟩ = 1/η
    from_alpha: tuple[sp.Expr, ...]  # K̂α, the coordinates on the α route
    eta_alpha: tuple[sp.Expr, ...]  # ηα, which K̂α equals (the post's nλα = Kα)


@dataclass(frozen=True)
class AlphasData(StepData, kind="alphas"):
    brief_formula = "inline"
    rows: tuple[AlphaRow, ...]
    n: int
    long: bool = False  # some vector too long for one unbreakable atom (long_vectors)


def alphas_step(Khat: sp.ImmutableMatrix, comps: tuple[Component, ...]) -> Step:
    """The kernel-PCA post's normalisation: the feature-space direction Σ αᵢφ̂(xᵢ) has length²
    αᵀK̂α = η⟨α, α⟩, so unit length asks η⟨α, α⟩ = 1 (the post's λ there is K̂'s eigenvalue η = nλ of
    its nλα = Kα). Its coordinates K̂α are worked out from α and checked against a = √η v entry by entry."""
    rows, checks = [], []
    for c in comps:
        alpha = c.coefficient
        norm_sq = tidy(alpha.scalar**2 * c.norm_sq)
        from_alpha = tuple(tidy(alpha.scalar * x) for x in matvec(Khat, c.found))
        eta_alpha = tuple(tidy(c.eta * x) for x in alpha.value)
        rows.append(AlphaRow(c, alpha, norm_sq, from_alpha, eta_alpha))
        i = c.index
        checks += [
            Check(rf"\eta_{i} \langle \boldsymbol\alpha^{i}, \boldsymbol\alpha^{i} \rangle = 1",
                  is_zero(tidy(c.eta * norm_sq) - 1)),
            Check(rf"\hat{{\mathbf K}} \boldsymbol\alpha^{i} = \mathbf a_{i}",
                  all(is_zero(x - y) for x, y in zip(from_alpha, c.coordinate.value))),
        ]
    return Step(
        key="alphas",
        kind="alphas",
        title=r"The $\boldsymbol\alpha$ normalisation",
        formula=r"\eta_i \langle \boldsymbol\alpha^i, \boldsymbol\alpha^i \rangle = 1, \qquad "
                r"\hat{\mathbf K} \boldsymbol\alpha^i = \eta_i \boldsymbol\alpha^i = \mathbf a_i",
        result=tuple(r.alpha.value for r in rows),
        data=AlphasData(tuple(rows), Khat.rows, long_vectors(*(r.alpha for r in rows))),
        checks=tuple(checks),
        note=("The post writes $\\lambda$ for this $\\eta$ (its $n\\lambda\\boldsymbol\\alpha = \\mathbf K\\boldsymbol\\alpha$), "
              "so $\\boldsymbol\\alpha = \\mathbf v/\\sqrt{\\eta}$ is the notes' $\\mathbf c$ "
              "and $\\hat{\\mathbf K}\\boldsymbol\\alpha = \\eta\\boldsymbol\\alpha$ is $\\mathbf a = \\sqrt{\\eta}\\,\\mathbf v$."),
    )


@dataclass(frozen=True)
class ComponentCheckRow:
    index: int  # the component, 1-based
    squares: tuple[sp.Expr, ...]  # a_ij² for each point j
    mean: sp.Expr  # their mean
    variance: sp.Expr  # λ_i, which it must equal


@dataclass(frozen=True)
class PointCheckRow:
    point: int  # 1-based
    total: sp.Expr  # Σ_i a_ij² over the components
    diag: sp.Expr  # K̂_jj, which it must equal
    squares: tuple[sp.Expr, ...] = ()  # a_ij² for each component i


@dataclass(frozen=True)
class RecipeChecksData(StepData, kind="recipe_checks"):
    brief_formula = "inline"
    worked_checks = True  # every check is written out with its sums
    worked_checks_full = True  # so does the full level, one display per check
    rows: tuple[ComponentCheckRow, ...]
    point_rows: tuple[PointCheckRow, ...]  # only when every positive component is kept
    trace_mean: sp.Expr  # tr K̂ / n
    n: int
    total_variance: sp.Expr  # Σ λ_i over every positive component, kept or not: what tr K̂ / n must equal
    all_kept: bool
    exact_points: bool = False  # every a_ij² rational (and several components): the sums written term by term
    kept_variance: sp.Expr = sp.S.Zero  # Σ λ_i over the kept components (less than the total when some are dropped)
    kept_share: sp.Expr = sp.S.One  # kept_variance / total_variance: "sum to 7/16, 14/17 of it"


def recipe_checks_step(Khat: sp.ImmutableMatrix, comps, every) -> Step:
    """The recipe's checks on the kept components ``comps``, the first of the positive ones; ``every`` holds
    the variances of all positive components, whose sum is tr K̂ / n (the kept ones carry only part of it)."""
    n = Khat.rows
    variances = every[:len(comps)]
    all_kept = len(comps) == len(every)
    checks = []
    rows = []
    for c, lam in zip(comps, variances):
        a = c.coordinate.value
        sq = tuple(tidy(x**2) for x in a)
        mean_sq = tidy(sum(sq) / n)
        rows.append(ComponentCheckRow(c.index, sq, mean_sq, lam))
        checks.append(Check(rf"\tfrac1{{{n}}}\|\mathbf a_{c.index}\|^2 = \lambda_{c.index}", is_zero(mean_sq - lam)))
    point_rows = []
    if all_kept and comps:
        for j in range(n):
            squares = tuple(tidy(c.coordinate.value[j] ** 2) for c in comps)
            total = tidy(sum(squares))
            point_rows.append(PointCheckRow(j + 1, total, Khat[j, j], squares))
            checks.append(Check(rf"\textstyle\sum_i a_{{i{j + 1}}}^2 = \hat K_{{{j + 1}{j + 1}}}",
                                is_zero(total - Khat[j, j])))
    trace_mean = tidy(Khat.trace() / n)
    total_var = tidy(sum(every))
    kept_var = tidy(sum(variances))
    return Step(
        key="recipe_checks",
        kind="recipe_checks",
        title="Checks",
        formula=r"\tfrac1n \|\mathbf a_i\|^2 = \lambda_i",
        data=RecipeChecksData(tuple(rows), tuple(point_rows), trace_mean, n, total_var, all_kept,
                              len(comps) > 1 and all(x.is_Rational for r in point_rows for x in r.squares),
                              kept_var, tidy(kept_var / total_var) if total_var != 0 else sp.S.One),
        checks=tuple(checks) + (Check(r"\textstyle\sum_i \lambda_i = \tfrac1n \operatorname{tr} \hat{\mathbf K}",
                                      is_zero(total_var - trace_mean)),),
    )


@dataclass(frozen=True)
class NewPointRow:
    x: tuple[sp.Expr, ...]  # the new point
    k: tuple[sp.Expr, ...]  # K(x_j, x) for each training point
    mean: sp.Expr  # k̄
    centred: tuple[sp.Expr, ...]  # k̃
    coords: tuple[sp.Expr, ...]  # y_i(x), one per component
    # what the kernel is a function of, per training point: ‖x_j − x‖² for an RBF kernel, x_jᵀx otherwise
    # (None when K is given without points)
    inner: tuple[sp.Expr, ...] | None = None
    products: tuple[sp.Expr, ...] = ()  # w_iᵀk̃ per component, w_i as found: y_i = (c_i's scale)·w_iᵀk̃


@dataclass(frozen=True)
class NewCoordinatesData(StepData, kind="new_coordinates"):
    brief_formula = "inline"  # short enough for the brief lead-in line
    rows: tuple[NewPointRow, ...]
    grand_mean: sp.Expr
    row_means: tuple[sp.Expr, ...]
    rbf: bool = False  # the kernel row comes from squared distances (else from dot products)
    scales: tuple[sp.Expr, ...] = ()  # each component's c_i = scale · w_i


def new_points_step(points, kernel: Kernel, new_points, row_means, grand_mean, comps) -> Step:
    rows = []
    results = []
    for x in new_points:
        k = tuple(tidy(kernel.value(p, x)) for p in points)
        mean_k = tidy(sum(k) / len(k))
        centred = tuple(tidy(ki - mean_k - r + grand_mean) for ki, r in zip(k, row_means))
        coords = tuple(tidy(sum(ci * kt for ci, kt in zip(c.coefficient.value, centred))) for c in comps)
        if kernel.name == "rbf":
            inner = tuple(tidy(sum((a - b) ** 2 for a, b in zip(p, x))) for p in points)
        else:
            inner = tuple(tidy(sum(a * b for a, b in zip(p, x))) for p in points)
        products = tuple(tidy(sum(wi * kt for wi, kt in zip(c.coefficient.entries, centred))) for c in comps)
        rows.append(NewPointRow(tuple(x), k, mean_k, centred, coords, inner, products))
        results.append(coords)
    return Step(
        key="new_coordinates",
        kind="new_coordinates",
        title="Projecting the new point" if len(new_points) == 1 else "Projecting new points",
        formula=r"y_i(\mathbf x) = \mathbf c_i^T \tilde{\mathbf k}(\mathbf x), \quad "
                r"\tilde k_j = K(\mathbf x_j, \mathbf x) - \bar k - \bar r_j + \bar g",
        result=tuple(results),
        data=NewCoordinatesData(tuple(rows), grand_mean, tuple(row_means), kernel.name == "rbf",
                                tuple(c.coefficient.scalar for c in comps)),
        note="The kernel row of a new point is centred with the training means, as the training rows were.",
    )


def positive_count(values) -> int:
    return sum(1 for v in values if sign_of(v) > 0)
