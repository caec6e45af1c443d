"""Eigenvectors as the recipes write them: w as found, Mw beside it, ‖w‖², and the unit vector; and
the hand steps of the full level: det(M − xI) by cofactors, each w by row reduction of M − ηI.

Shared by kernel PCA (K̂, η, v) and PCA (S, λ, u; K, μ for the Gram route); only the notation differs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from ..exact.eigen import ETA, Spectrum
from ..exact.implicit import IMPLICIT, EigenvectorEntry
from ..exact.tidy import Scaled, count_ops, is_zero, primitive, sign_of, tidy
from ..exact.vectors import cross, matvec
from ..steps import Check


@dataclass(frozen=True)
class Names:
    """The LaTeX names a hand step writes: the matrix, its eigenvalue and its unit eigenvector."""

    matrix: str  # \hat{\mathbf K}, S
    value: str  # \eta, \lambda
    vector: str  # \mathbf v, \mathbf u
    identity: str = "I"  # \mathbf I beside a bold matrix


@dataclass(frozen=True)
class EigenRow:
    """One eigenpair as the recipe writes it down."""

    index: int  # 1-based
    eta: sp.Expr  # the eigenvalue (η of K̂, λ of S)
    found: tuple[sp.Expr, ...]  # w as found, smallest whole entries
    product: tuple[sp.Expr, ...]  # Mw, to see Mw = ηw
    norm_sq: sp.Expr  # ‖w‖²
    norm: sp.Expr
    unit: Scaled  # w/‖w‖
    multiplicity: int
    names: Names | None = None
    reduction: Reduction | None = None  # how w is found by hand (the full level); None: by verification
    squares: bool = False  # ‖w‖² is written as the sum of the squares of w's entries (they are short)


def eigen_rows(M: sp.ImmutableMatrix, spec: Spectrum, *, matrix: str, value: str, vector: str):
    """EigenRows for the template and the checks Mw_i = value_i w_i and orthonormality.

    ``matrix``, ``value`` and ``vector`` are the LaTeX names, e.g. r"\\hat{\\mathbf K}", r"\\eta", r"\\mathbf v".
    """
    rows, checks = [], []
    names = Names(matrix, value, vector, r"\mathbf I" if r"\mathbf" in matrix else "I")
    for (i, p), hand in zip(enumerate(spec.pairs, start=1), reductions(M, spec)):
        product = matvec(M, p.found)
        norm = tidy(sp.sqrt(p.norm_sq))
        rows.append(EigenRow(i, p.value, p.found, product, p.norm_sq, norm, Scaled(tidy(1 / norm), p.found),
                             p.multiplicity, names, hand, all(_short(x) for x in p.found)))
        checks.append(Check(rf"{matrix} \mathbf w_{i} = {value}_{i} \mathbf w_{i}",
                            _defined(M, p) or all(is_zero(a - p.value * b) for a, b in zip(product, p.found))))
    # The unit vectors are w/‖w‖, so unit length holds once ‖w‖² is right; check that
    # and orthogonality on the w, whose entries are smaller than the unit vectors'.
    ws = [p.found for p in spec.pairs]
    defined = [_defined(M, p) for p in spec.pairs]
    norms_right = all(d or is_zero(sum(x**2 for x in p.found) - p.norm_sq) for d, p in zip(defined, spec.pairs))
    # A named eigenvector is orthogonal to every eigenvector of another eigenvalue (M is symmetric, and a named
    # root is a simple root of a factor prime to the others): the eigenvector checks above are what it rests on.
    eigen_checked = [c.passed for c in checks]
    orthogonal = all((defined[i] or defined[j]) and eigen_checked[i] and eigen_checked[j]
                     or is_zero(sum(a * b for a, b in zip(ws[i], ws[j])))
                     for i in range(len(ws)) for j in range(i + 1, len(ws)))
    checks.append(Check(rf"{vector}_i^T {vector}_j = 0 \ (i \ne j), \ \|{vector}_i\| = 1", norms_right and orthogonal))
    return tuple(rows), tuple(checks)


@dataclass(frozen=True)
class RouteLine:
    """How one w is found by hand: orthogonal to the rows of M − ηI (one row of a 2 × 2, the cross product of
    two rows of a 3 × 3), or orthogonal to the w already found (the cross product of two, or the
    perpendicular of one in the plane)."""

    index: int  # which w_i (1-based)
    vector: tuple[sp.Expr, ...]  # what the hand computes: the perpendicular or the cross product
    factor: sp.Expr  # vector = factor · w_i as found
    eta: sp.Expr | None = None  # the eigenvalue whose M − ηI rows are used; None: orthogonal to earlier w
    rows: tuple[tuple[sp.Expr, ...], ...] = ()  # those rows, each as its smallest whole multiple (one for a 2 × 2,
    # two crossed for a 3 × 3)
    against: tuple[int, ...] = ()  # otherwise the indices of the w it is orthogonal to


@dataclass(frozen=True)
class HandRoute:
    """The eigenvectors of a small matrix with no symmetry to use, as a student finds them: a rational
    2 × 2 or 3 × 3 with simple rational eigenvalues. ``ones``: the last w is 𝟏 (M𝟏 = 0, centred data)."""

    lines: tuple[RouteLine, ...]
    ones: bool = False


def _multiple(v, w) -> sp.Expr | None:
    """c with v = c·w, or None when v is not a non-zero multiple of w."""
    k = next((i for i, x in enumerate(w) if x != 0), None)
    if k is None:
        return None
    c = v[k] / w[k]
    return c if c != 0 and all(a == c * b for a, b in zip(v, w)) else None


def _whole(row) -> tuple[sp.Expr, ...]:
    """A row of M − ηI as a student crosses it: its smallest whole multiple, (−16/5, 16/5, 16/5) as (−1, 1, 1)
    (a zero row stays as it is)."""
    return primitive(row)[1]


def _perpendicular(v) -> tuple[sp.Expr, ...]:
    """The vector at a right angle to v = (a, b) in the plane, (−b, a) or (b, −a): the one leading positive."""
    p = (-v[1], v[0])
    return p if sign_of(next(x for x in p if x != 0)) > 0 else (v[1], -v[0])


def _from_rows(M, row: EigenRow) -> RouteLine | None:
    """w orthogonal to the rows of M − ηI: the perpendicular of a row (2 × 2), or two rows' cross product."""
    n = M.rows
    shifted = [_whole([M[i, j] - (row.eta if i == j else 0) for j in range(n)]) for i in range(n)]
    if n == 2:
        for r in shifted:
            if any(x != 0 for x in r):
                perpendicular = _perpendicular(r)
                factor = _multiple(perpendicular, row.found)
                if factor is not None:
                    return RouteLine(row.index, perpendicular, factor, row.eta, (r,))
        return None
    for i, j in ((0, 1), (0, 2), (1, 2)):
        product = cross(shifted[i], shifted[j])
        factor = _multiple(product, row.found)
        if factor is not None:
            return RouteLine(row.index, product, factor, row.eta, (shifted[i], shifted[j]))
    return None


def _orthogonal(row: EigenRow, *others: EigenRow) -> RouteLine | None:
    vector = _perpendicular(others[0].found) if len(others) == 1 else cross(others[0].found, others[1].found)
    factor = _multiple(vector, row.found)
    return None if factor is None else RouteLine(row.index, vector, factor, against=tuple(o.index for o in others))


def hand_route(M: sp.ImmutableMatrix, rows: tuple[EigenRow, ...], *, centred: bool = False) -> HandRoute | None:
    """The hand route when M is a rational 2 × 2 or 3 × 3 whose eigenvalues are rational and simple, else None.
    A centred 3 × 3 (K̂, B: M𝟏 = 0, said in the eigenvalues' step) crosses the rows for w₁ alone: w₂ ⟂ w₁, 𝟏."""
    n = M.rows
    if n not in (2, 3) or len(rows) != n or not all(x.is_Rational for x in M):
        return None
    if any(r.multiplicity != 1 or not r.eta.is_Rational or not all(x.is_Rational for x in r.found) for r in rows):
        return None
    ones = centred and n == 3 and rows[-1].eta == 0 and len(set(rows[-1].found)) == 1
    if n == 2:
        lines = (_from_rows(M, rows[0]), _orthogonal(rows[1], rows[0]))
    elif ones:
        lines = (_from_rows(M, rows[0]), _orthogonal(rows[1], rows[0], rows[2]))
    else:
        lines = (_from_rows(M, rows[0]), _from_rows(M, rows[1]), _orthogonal(rows[2], rows[0], rows[1]))
    return None if None in lines else HandRoute(lines, ones)


def _defined(M, pair) -> bool:
    """Whether the pair's vector is, entry by entry, the named unit eigenvector of M at its named root: then
    Mv = ρv and ‖v‖ = 1 hold by definition, and two of them (distinct simple roots of a symmetric M) are
    orthogonal. Confirming that on 270 digits of certified intervals was half of an 8-point RBF solve."""
    return all(isinstance(x, EigenvectorEntry) and x.i == i and x.root == pair.value and x.matrix == M
               for i, x in enumerate(pair.found))


def sign_note(spec: Spectrum, noun: str, *, budget: bool = True) -> str:
    """The sign convention, and (unless the eigenvalues' step says it) why some roots are named."""
    note = f"Sign convention: each {noun}'s first non-zero entry is positive."
    if any(p.multiplicity > 1 for p in spec.pairs):
        note += " A repeated eigenvalue gets an orthonormal basis of its eigenspace by Gram–Schmidt."
    if budget and spec.note:
        note += " " + spec.note
    return note


# --- by hand: the determinant by cofactors, the eigenvectors by row reduction (the full level) ------------

MAX_ENTRY_TEX = 40  # LaTeX characters of one entry a hand step writes out; longer ones keep the short route
MAX_TERM_TEX = 90  # of one expanded product of a cofactor expansion (a cubic in the eigenvalue, at most)
HAND_MAX_N = 3  # cofactors and row reduction are written out for n ≤ 3, as the notes' exam questions


def _short(value: sp.Expr, limit: int = MAX_ENTRY_TEX) -> bool:
    """Whether a value is short enough to write by hand (and is not a root object named elsewhere)."""
    if value.has(sp.CRootOf, *IMPLICIT) or count_ops(value, 40) > 40:
        return False
    return len(sp.latex(value)) <= limit


def _bracketed(value: sp.Expr) -> bool:
    """Whether the renderer's paren filter brackets the value (a sum, or negative)."""
    return bool(value.is_Add or (value != 0 and value.could_extract_minus_sign()))


@dataclass(frozen=True)
class Product:
    """a·b as written by hand: each factor bracketed where it is a sum or negative (the paren filter),
    a dot between them where the second is bare (2 · 3, (−3) · 2; but 3(4 − η))."""

    left: sp.Expr
    right: sp.Expr
    dot: bool


def product(left: sp.Expr, right: sp.Expr) -> Product:
    return Product(left, right, not _bracketed(right))


@dataclass(frozen=True)
class Minor:
    """One term ± factor·det(minor) of a cofactor expansion, the minor's 2 × 2 determinant written out."""

    negative: bool  # the term is written after a minus sign
    factor: sp.Expr  # |(−1)^(i+j) a_ij|, or the diagonal entry a_ii − η as it is
    unit: bool  # the factor is 1, and not written
    entries: sp.ImmutableMatrix  # the 2 × 2 minor
    products: tuple[Product, Product]  # its determinant: ad − bc
    value: sp.Expr  # ad − bc, expanded
    times: Product  # factor × value, as the collected line writes it


@dataclass(frozen=True)
class CharPolyHand:
    """det(M − xI) as a student expands it: by cofactors for n ≤ 3, else the route in one line.

    n = 2: (a − x)(d − x) − bc, each product expanded (terms), then collected. n = 3: along the row with
    most zeros (the first on a tie): each 2 × 2 minor written out, the products factor × minor, their
    expansions (terms), collected. ``route`` (plain text with $…$ maths) says how otherwise."""

    matrix: str  # LaTeX name of M: \hat{\mathbf K}, S, K
    symbol: sp.Symbol  # η, λ or μ
    shifted: sp.ImmutableMatrix  # M − xI
    expanded: sp.Expr  # det(M − xI), as the engine computed it
    factored: sp.Expr
    identity: str = "I"  # \mathbf I beside a bold matrix
    along: int = 0  # n = 3: the row expanded along, 1-based
    products: tuple[Product, ...] = ()  # n = 2: (a − x)(d − x) and bc
    minors: tuple[Minor, ...] = ()  # n = 3: the non-zero entries of the row, in order
    terms: tuple[sp.Expr, ...] = ()  # the expanded products, summed in the next line
    route: str = ""  # when not written by cofactors: how det(M − xI) was found


def char_poly_hand(M: sp.ImmutableMatrix, spec: Spectrum, *, matrix: str, symbol: sp.Symbol) -> CharPolyHand:
    """The cofactor expansion of det(M − xI), checked against the engine's polynomial."""
    n = M.rows
    shifted = sp.ImmutableMatrix(M - symbol * sp.eye(n))
    expanded = spec.char_poly.subs(ETA, symbol)
    factored = spec.char_poly_factored.subs(ETA, symbol)
    plain = CharPolyHand(matrix, symbol, shifted, expanded, factored, r"\mathbf I" if r"\mathbf" in matrix else "I")
    method = _engine_method(M)
    if n > HAND_MAX_N:
        return replace(plain, route=(
            f"A ${n} \\times {n}$ determinant: by hand, expand along a row into {n} cofactors of size "
            f"${n - 1} \\times {n - 1}$; the polynomial below was computed exactly by {method}."))
    too_long = replace(plain, route=("The entries are too long to expand by cofactors here; the polynomial, "
                                     f"computed exactly by {method}:"))
    if n == 1:
        return plain
    if not all(_short(tidy(e)) for e in shifted):
        return too_long
    if n == 2:
        (a, b), (c, d) = shifted.tolist()
        terms = tuple(t for t in (sp.expand(a * d), tidy(-b * c)) if t != 0)
        hand = replace(plain, products=(product(a, d), product(b, c)), terms=terms)
    else:
        along = max(range(n), key=lambda i: (sum(1 for e in shifted.row(i) if e == 0), -i))
        minors, terms = [], []
        for j in range(n):
            entry = shifted[along, j]
            if entry == 0:
                continue
            sub = sp.ImmutableMatrix(shifted.minor_submatrix(along, j))
            (p, q), (r, s) = sub.tolist()
            value = sp.expand(p * s - q * r)
            coefficient = entry if (along + j) % 2 == 0 else -entry
            # a diagonal entry a − η stays as it is (bracketed); −η, or a negative number, follows a minus sign
            negative = (sign_of(coefficient) < 0 if not coefficient.has(symbol)
                        else not coefficient.is_Add and coefficient.could_extract_minus_sign())
            factor = tidy(-coefficient) if negative else coefficient
            minors.append(Minor(negative, factor, factor == 1, sub, (product(p, s), product(q, r)), value,
                                product(factor, value)))
            terms.append(sp.expand(coefficient * value))
        hand = replace(plain, along=along + 1, minors=tuple(minors), terms=tuple(terms))
        if not all(_short(m.value, MAX_TERM_TEX) for m in minors):
            return too_long
    if not all(_short(t, MAX_TERM_TEX) for t in hand.terms):
        return too_long
    if not is_zero_poly(sum(hand.terms) - expanded, symbol):  # never: the expansion is det(M − xI)
        raise AssertionError(f"the cofactor expansion of det(M - {symbol}I) differs from the characteristic polynomial")
    return hand


def _engine_method(M: sp.ImmutableMatrix) -> str:
    """How exact.eigen computes det(xI − M) (its _charpoly): Faddeev–LeVerrier in Z[t] for entries that are
    rational polynomials in one transcendental t (powers of one exponential), Berkowitz's method otherwise."""
    entries = list(M)
    transcendental = any(e.has(sp.exp, sp.E) or any(p.exp.is_number and not p.exp.is_Rational for p in e.atoms(sp.Pow))
                         for e in entries)
    algebraic = any(p.exp.is_Rational and not p.exp.is_Integer for e in entries for p in e.atoms(sp.Pow))
    if transcendental and not algebraic:
        return "Faddeev–LeVerrier's method, in whole-number polynomials of the exponential"
    return "Berkowitz's division-free method"


def is_zero_poly(p: sp.Expr, symbol: sp.Symbol) -> bool:
    """Whether a polynomial in ``symbol`` with exact coefficients is zero (each coefficient decided exactly)."""
    return all(is_zero(c) for c in sp.Poly(sp.expand(p), symbol).all_coeffs())


@dataclass(frozen=True)
class Projection:
    """One Gram–Schmidt term, written after the vector it corrects: − c·w_k, or + |c|·w_k when c < 0."""

    index: int  # k, 1-based: the eigenvector w_k subtracted
    vector: tuple[sp.Expr, ...]  # w_k
    plus: bool  # c < 0: written as + |c| w_k
    magnitude: sp.Expr  # |c|, c = (x·w_k)/‖w_k‖²


@dataclass(frozen=True)
class Reduction:
    """How w was found by hand: M − ηI brought to reduced row echelon form, each free variable set to 1
    in turn (the others 0), the null vector scaled to the w the solution uses.

    A repeated eigenvalue's first row shows the reduction and the basis it gives; its later rows take
    the next basis vector and make it orthogonal to the w found before (Gram–Schmidt, ``projections``)."""

    shifted: sp.ImmutableMatrix  # M − ηI
    rref: sp.ImmutableMatrix
    free: tuple[int, ...]  # 1-based columns of the free variables
    basis: tuple[tuple[sp.Expr, ...], ...]  # one null vector per free variable
    first: bool  # the first row of its eigenvalue: shows the reduction
    start: tuple[sp.Expr, ...]  # the basis vector this row starts from
    projections: tuple[Projection, ...] = ()  # later rows of a repeated eigenvalue
    orthogonal: tuple[sp.Expr, ...] = ()  # start with the projections subtracted (when there are any)
    scale: sp.Expr = sp.Integer(1)  # w = scale × (orthogonal, or start)


def _rref(A: sp.ImmutableMatrix) -> tuple[sp.ImmutableMatrix, tuple[int, ...]] | None:
    """Gauss–Jordan in exact arithmetic, each entry tidied; None once an entry is too long to write."""
    rows = [list(A.row(i)) for i in range(A.rows)]
    n, m = A.rows, A.cols
    pivots, r = [], 0
    for col in range(m):
        pivot = next((i for i in range(r, n) if not is_zero(rows[i][col])), None)
        if pivot is None:
            for i in range(r, n):
                rows[i][col] = sp.Integer(0)
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        lead = rows[r][col]
        rows[r] = [tidy(x / lead) for x in rows[r]]
        for i in range(n):
            if i != r:
                f = rows[i][col]
                rows[i] = [sp.Integer(0) if k == col else tidy(x - f * y) for k, (x, y) in enumerate(zip(rows[i], rows[r]))]
        if not all(_short(x) for row in rows for x in row):
            return None
        pivots.append(col)
        r += 1
        if r == n:
            break
    rows = [[sp.Integer(0) if x != 0 and is_zero(x) else x for x in row] for row in rows]
    return sp.ImmutableMatrix(rows), tuple(pivots)


def reductions(M: sp.ImmutableMatrix, spec: Spectrum) -> tuple[Reduction | None, ...]:
    """One Reduction per eigenpair (None where the hand route is not written: n > 3, long entries, root
    objects), each checked to give the engine's w up to scale."""
    n = M.rows
    out: list[Reduction | None] = [None] * len(spec.pairs)
    if n > HAND_MAX_N:
        return tuple(out)
    done: dict[int, tuple] = {}  # first index of an eigenvalue -> (shifted, rref, free, basis)
    for i, p in enumerate(spec.pairs):
        if not _short(p.value) or not all(_short(x) for x in p.found):
            continue
        first = next(k for k, q in enumerate(spec.pairs) if q.value == p.value)
        if first not in done:
            shifted = sp.ImmutableMatrix(n, n, lambda a, b: tidy(M[a, b] - (p.value if a == b else 0)))
            if not all(_short(x) for x in shifted):
                done[first] = None
            else:
                reduced = _rref(shifted)
                if reduced is None:
                    done[first] = None
                else:
                    rref, pivots = reduced
                    free = tuple(c for c in range(n) if c not in pivots)
                    basis = []
                    for fc in free:
                        v = [sp.Integer(0)] * n
                        v[fc] = sp.Integer(1)
                        for k, pc in enumerate(pivots):
                            v[pc] = tidy(-rref[k, fc])
                        basis.append(tuple(v))
                    done[first] = (shifted, rref, tuple(c + 1 for c in free), tuple(basis))
        if done[first] is None:
            continue
        shifted, rref, free, basis = done[first]
        k = i - first  # which vector of the eigenspace
        if k >= len(basis):
            continue
        start = basis[k]
        earlier = [q.found for q in spec.pairs[first:i]]
        coefficients = tuple(tidy(sum(a * b for a, b in zip(start, w)) / sum(b * b for b in w)) for w in earlier)
        orthogonal = tuple(tidy(s - sum(c * w[j] for c, w in zip(coefficients, earlier))) for j, s in enumerate(start))
        lead = next((j for j, x in enumerate(orthogonal) if x != 0), None)
        if lead is None:
            continue
        scale = tidy(p.found[lead] / orthogonal[lead])
        if not all(is_zero(scale * x - y) for x, y in zip(orthogonal, p.found)):
            continue  # not the engine's w (another basis of the eigenspace): keep the verification line
        projections = tuple(Projection(first + j + 1, earlier[j], sign_of(c) < 0, tidy(-c) if sign_of(c) < 0 else c)
                            for j, c in enumerate(coefficients) if c != 0)
        out[i] = Reduction(shifted, rref, free, basis, k == 0, start, projections,
                           orthogonal if projections else (), scale)
    return tuple(out)


@dataclass(frozen=True)
class Separation:
    """What a component separates, read off the signs of its scores or coordinates a (as the notes' "PC 1
    separates x₁ from x₂; PC 2 separates x₃ from the pair"): the smaller group of points on one
    side of zero from the larger on the other, and the points at zero. 1-based point indices."""

    index: int  # the component, 1-based
    first: tuple[int, ...]  # the smaller side (on a tie, the side holding the lower index)
    second: tuple[int, ...]
    zero: tuple[int, ...]  # points with coordinate 0 on this component


def separation(index: int, coordinates) -> Separation:
    signs = [sign_of(x) for x in coordinates]
    plus = tuple(j + 1 for j, s in enumerate(signs) if s > 0)
    minus = tuple(j + 1 for j, s in enumerate(signs) if s < 0)
    zero = tuple(j + 1 for j, s in enumerate(signs) if s == 0)
    first, second = sorted((plus, minus), key=lambda side: (len(side), side[:1]))
    return Separation(index, first, second, zero)
