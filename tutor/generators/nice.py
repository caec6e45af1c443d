"""What "nice numbers" means, measured on a worked solution's exact answers."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from ..exact.implicit import IMPLICIT
from ..exact.tidy import as_expr, count_ops, is_zero, sign_of

# The most digits (numerator or denominator) and the largest expression a student writes, per difficulty.
MAX_DIGITS = {"easy": 6, "medium": 8, "hard": 12}
MAX_OPS = {"easy": 16, "medium": 60, "hard": 200}


def numbers(value):
    """Every exact number in an answer (matrices, tuples, nested tuples)."""
    if isinstance(value, sp.MatrixBase):
        return list(value)
    if isinstance(value, (tuple, list)):
        return [x for v in value for x in numbers(v)]
    return [value]


def digits(x: sp.Expr) -> int:
    """Digits of the longest numerator or denominator written in x."""
    rationals = [x] if x.is_Rational else list(x.atoms(sp.Rational))
    return max((max(len(str(abs(r.p))), len(str(r.q))) for r in rationals), default=1)


def radicands(x: sp.Expr) -> set:
    """The square-free integers under the square roots of x (None marks anything not a square root)."""
    out = set()
    for p in x.atoms(sp.Pow):
        if p.exp.is_Rational and p.exp.q == 2 and p.base.is_Integer:
            out.add(int(p.base))
        elif not (p.exp.is_Integer and p.base.is_Rational):
            out.add(None)
    if x.has(sp.exp, sp.log, sp.CRootOf, sp.cos, sp.pi, sp.E, *IMPLICIT):
        out.add(None)
    return out


def within_bounds(solution, difficulty: str, keys=None) -> bool:
    """Every number a student writes has at most MAX_DIGITS digits and MAX_OPS operations."""
    for key, value in solution.answers.items():
        if keys is not None and key not in keys:
            continue
        for x in numbers(value):
            x = as_expr(x)
            if digits(x) > MAX_DIGITS[difficulty] or count_ops(x, MAX_OPS[difficulty]) > MAX_OPS[difficulty]:
                return False
    return True


def eigen_kind(values) -> str:
    """'rational', 'surd' (one square root of a square-free integer up to 50) or 'other'."""
    kinds = set()
    for v in values:
        kinds |= radicands(v)
    if not kinds:
        return "rational"
    if len(kinds) == 1 and None not in kinds and next(iter(kinds)) <= 50:
        return "surd"
    return "other"


def eigen_nice(values, difficulty: str, *, zeros: int = 0) -> bool:
    """Eigenvalues for the difficulty: rational when easy, at most one small square root when
    medium; distinct and with exactly ``zeros`` zeros (the rest non-zero) unless hard."""
    kind = eigen_kind(values)
    if difficulty == "easy" and kind != "rational":
        return False
    if difficulty == "medium" and kind == "other":
        return False
    if difficulty == "hard":
        return True
    if sum(1 for v in values if is_zero(v)) != zeros:
        return False
    return all(not is_zero(a - b) for i, a in enumerate(values) for b in values[i + 1:])


def positive(values) -> bool:
    return all(sign_of(v) > 0 for v in values)


# --- cheap tests on the inputs, before a problem is solved in full ---------------------------

def spectrum_nice(rows, difficulty: str, *, zeros: int = 0) -> bool:
    """Whether a rational symmetric matrix's eigenvalues suit the difficulty, from its factored
    characteristic polynomial alone (milliseconds, where a full solve takes tens of them)."""
    from sympy.polys.matrices import DomainMatrix

    QQ = sp.QQ
    M = DomainMatrix([[QQ(*_ratio(x)) for x in row] for row in rows], (len(rows), len(rows)), QQ)
    _, factors = sp.Poly.from_list(M.charpoly(), sp.Symbol("eta"), domain=QQ).factor_list()
    zero_count, radicands_seen = 0, set()
    if difficulty == "hard":  # anything, as long as no root needs a cubic or worse to write down
        return all(factor.degree() <= 2 for factor, _ in factors)
    for factor, multiplicity in factors:
        if factor.degree() == 1 and factor.TC() == 0:
            zero_count += multiplicity
        elif multiplicity > 1:
            return False  # a repeated non-zero eigenvalue
        if factor.degree() > 2:
            return False
        if factor.degree() == 2:
            a, b, c = factor.all_coeffs()
            disc = sp.Rational(b * b - 4 * a * c)
            root = sp.sqrt(disc)
            if not root.is_Rational:
                radicands_seen |= radicands(root) or {None}
    if zero_count != zeros:
        return False
    if difficulty == "easy":
        return not radicands_seen
    return len(radicands_seen) <= 1 and None not in radicands_seen and all(r <= 50 for r in radicands_seen)


# These work in Python's Fractions: the generators call them on every rejected draw.


def _ratio(x) -> tuple[int, int]:
    if isinstance(x, Fraction):
        return x.numerator, x.denominator
    x = sp.Rational(x)
    return int(x.p), int(x.q)


def centred(K):
    """HKH for a square list of rationals."""
    n = len(K)
    K = [[Fraction(*_ratio(x)) for x in row] for row in K]
    r = [sum(row) / n for row in K]
    g = sum(r) / n
    return [[K[i][j] - r[i] - r[j] + g for j in range(n)] for i in range(n)]


def gram(points, offset=0, degree=1):
    offset = Fraction(*_ratio(offset))
    return [[(offset + sum(a * b for a, b in zip(p, q))) ** degree for q in points] for p in points]


def scatter(points):
    """X_cᵀX_c of points given one per row."""
    n, d = len(points), len(points[0])
    means = [Fraction(sum(p[j] for p in points), n) for j in range(d)]
    Xc = [[p[j] - means[j] for j in range(d)] for p in points]
    return [[sum(row[a] * row[b] for row in Xc) for b in range(d)] for a in range(d)]
