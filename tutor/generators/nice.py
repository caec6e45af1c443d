"""What "nice numbers" means, measured on a worked solution's exact answers."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import isqrt

import sympy as sp

from ..exact import rational_poly
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
        if not all(_fits(as_expr(x), difficulty) for x in numbers(value)):
            return False
    return True


@lru_cache(maxsize=4096)  # an answer repeats its values (0, 1, an eigenvalue) many times
def _fits(x: sp.Expr, difficulty: str) -> bool:
    return digits(x) <= MAX_DIGITS[difficulty] and count_ops(x, MAX_OPS[difficulty]) <= MAX_OPS[difficulty]


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
    """Whether a rational symmetric matrix's eigenvalues suit the difficulty, from its characteristic
    polynomial alone (a fraction of a millisecond, where a full solve takes tens of them).

    The factors of degree 1 and 2 are found in integers (``exact.rational_poly``); a part of
    degree 4 or more that is left goes to SymPy's factorisation.
    """
    # The eigenvalues of A = B / d are those of B divided by d: whether they are rational, distinct,
    # zero or need a square root (and which) is the same for both, so B's polynomial serves.
    B, _ = rational_poly.integer_matrix([[Fraction(*_ratio(x)) for x in row] for row in rows])
    poly = rational_poly.primitive_integer(rational_poly.integer_charpoly(B))
    zero_count = 0
    while len(poly) > 1 and poly[-1] == 0:  # the factor t^k
        poly, zero_count = poly[:-1], zero_count + 1
    linear, quadratics = [], []
    if len(poly) == 4:
        root = rational_poly.rational_root_of_cubic(poly)
        if root is None:
            return False  # an irreducible cubic: no root is written with square roots
        linear.append(root)
        poly = rational_poly.divide_root(poly, root)
    if len(poly) > 4:
        return _spectrum_nice_factored(poly, zero_count, difficulty, zeros)
    if len(poly) == 3:
        a, b, c = poly
        disc = b * b - 4 * a * c
        if disc < 0:
            return False  # complex roots: not the spectrum of a symmetric matrix
        if disc == 0:
            linear += [Fraction(-b, 2 * a)] * 2
        elif isqrt(disc) ** 2 == disc:
            linear += [Fraction(-b + isqrt(disc), 2 * a), Fraction(-b - isqrt(disc), 2 * a)]
        else:
            quadratics.append(disc)
    elif len(poly) == 2:
        linear.append(Fraction(-poly[1], poly[0]))
    if difficulty == "hard":  # anything, as long as no root needs a cubic or worse to write down
        return True
    if zero_count != zeros or len(set(linear)) < len(linear):  # a repeated non-zero eigenvalue
        return False
    if difficulty == "easy":
        return not quadratics
    radicands_seen = {rational_poly.square_free_part(d, 50) for d in quadratics}  # None: over 50
    return len(radicands_seen) <= 1 and None not in radicands_seen


def _spectrum_nice_factored(poly: list[int], zero_count: int, difficulty: str, zeros: int) -> bool:
    """spectrum_nice for what is left of degree 4 or more, by SymPy's factorisation over Q."""
    _, factors = sp.Poly(poly, sp.Symbol("eta"), domain=sp.ZZ).factor_list()
    radicands_seen = set()
    if difficulty == "hard":
        return all(factor.degree() <= 2 for factor, _ in factors)
    for factor, multiplicity in factors:
        if multiplicity > 1 or factor.degree() > 2:
            return False  # a repeated non-zero eigenvalue, or a root with no square-root form
        if factor.degree() == 2:
            a, b, c = (int(x) for x in factor.all_coeffs())
            disc = b * b - 4 * a * c  # not a square: the factor is irreducible
            radicands_seen.add(rational_poly.square_free_part(disc, 50))  # None if negative or over 50
    if zero_count != zeros:
        return False
    if difficulty == "easy":
        return not radicands_seen
    return len(radicands_seen) <= 1 and None not in radicands_seen


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
