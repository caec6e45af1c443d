"""What "nice numbers" means, measured on a worked solution's exact answers."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import gcd, isqrt

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
    factors = _low_degree_factors(poly)
    if factors is None:
        return False  # a factor of degree 3 or more: no root of it is written with square roots
    if difficulty == "hard":  # anything, as long as no root needs a cubic or worse to write down
        return True
    if zero_count != zeros or len(set(factors)) < len(factors):  # a repeated non-zero eigenvalue
        return False
    quadratics = [f for f in factors if isinstance(f, tuple)]
    if difficulty == "easy":
        return not quadratics
    radicands_seen = {rational_poly.square_free_part(b * b - 4 * a * c, 50) for a, b, c in quadratics}
    return len(radicands_seen) <= 1 and None not in radicands_seen  # None: negative or over 50


def _low_degree_factors(poly: list[int]) -> list | None:
    """A primitive integer polynomial without the root 0 as its factors over Q, each as often as its
    multiplicity: a rational root (Fraction) for each linear one, the coefficients (a, b, c) of each
    quadratic one; None when a factor of degree 3 or more is left. Up to degree 3 in integers
    (``exact.rational_poly``), above that by SymPy's factorisation."""
    if len(poly) > 4:
        _, found = sp.Poly(poly, sp.Symbol("eta"), domain=sp.ZZ).factor_list()
        out = []
        for factor, multiplicity in found:
            coefficients = tuple(int(c) for c in factor.all_coeffs())
            if len(coefficients) > 3:
                return None
            one = Fraction(-coefficients[1], coefficients[0]) if len(coefficients) == 2 else coefficients
            out += [one] * multiplicity
        return out
    out = []
    if len(poly) == 4:
        root = rational_poly.rational_root_of_cubic(poly)
        if root is None:
            return None
        out.append(root)
        poly = rational_poly.divide_root(poly, root)
    if len(poly) == 3:
        a, b, c = poly
        disc = b * b - 4 * a * c
        if disc >= 0 and isqrt(disc) ** 2 == disc:
            out += [Fraction(-b + isqrt(disc), 2 * a), Fraction(-b - isqrt(disc), 2 * a)]
        else:
            out.append((a, b, c))
    elif len(poly) == 2:
        out.append(Fraction(-poly[1], poly[0]))
    return out


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


# --- building blocks for problems built backwards -------------------------------------------
# A matrix Σ z_k w_kᵀ with orthogonal columns z_k and orthogonal rows w_k has the Gram matrices
# Σ ‖w_k‖² z_k z_kᵀ and Σ ‖z_k‖² w_k w_kᵀ: their eigenvalues and eigenvectors are known before
# anything is solved, so a generator draws those instead of rejecting random data.


@lru_cache(maxsize=None)
def centred_columns(n: int, hi: int, k: int) -> tuple:
    """Every ordered k-tuple of mutually orthogonal primitive integer vectors ⊥ (1, …, 1) in Zⁿ with
    entries in [−hi, hi], each with its first non-zero entry positive (a sign is a reflection)."""
    vectors = [v for v in product(range(-hi, hi + 1), repeat=n)
               if sum(v) == 0 and any(v) and next(x for x in v if x) > 0 and gcd(*v) == 1]
    return _orthogonal_tuples(vectors, k)


@lru_cache(maxsize=None)
def orthogonal_directions(d: int, hi: int, k: int, *, whole: bool = False, skew: bool = True) -> tuple:
    """Ordered k-tuples of mutually orthogonal primitive integer vectors in Z^d with entries in
    [−hi, hi], first non-zero entry positive; ``whole``: each of whole length, such as (3, 4);
    ``skew``: not all along the axes (a diagonal Gram matrix leaves nothing to find)."""
    vectors = [v for v in product(range(-hi, hi + 1), repeat=d)
               if any(v) and gcd(*v) == 1 and next(x for x in v if x) > 0
               and (not whole or isqrt(sum(x * x for x in v)) ** 2 == sum(x * x for x in v))]
    found = _orthogonal_tuples(vectors, k)
    if skew:
        found = tuple(t for t in found if any(sum(1 for x in v if x) > 1 for v in t))
    return found


def _orthogonal_tuples(vectors: list, k: int) -> tuple:
    out = []

    def extend(chosen):
        if len(chosen) == k:
            out.append(tuple(chosen))
            return
        for v in vectors:
            if v not in chosen and all(sum(a * b for a, b in zip(v, c)) == 0 for c in chosen):
                extend(chosen + [v])

    extend([])
    return tuple(out)


def outer_sum(columns, rows) -> list[list[int]]:
    """Σ_k columns[k] rows[k]ᵀ as a list of rows."""
    return [[sum(z[i] * w[j] for z, w in zip(columns, rows)) for j in range(len(rows[0]))]
            for i in range(len(columns[0]))]


# --- what tells two problems' structures apart, and the arithmetic a student does -------------

def pattern(vector) -> tuple:
    """A vector up to scale, sign and the order of its entries: (1, −1, 0)/√2 and (0, 2, 2) are both
    (0, 1, 1). Entries in one ratio to a rational are made whole and primitive; others kept as text."""
    entries = [as_expr(x) for x in vector]
    first = next((x for x in entries if not is_zero(x)), None)
    if first is None:
        return tuple(0 for _ in entries)
    ratios = [sp.nsimplify(sp.radsimp(x / first)) if not x.is_Rational or not first.is_Rational else x / first
              for x in entries]
    if all(r.is_Rational for r in ratios):
        scale = 1
        for r in ratios:
            scale = scale * int(r.q) // gcd(scale, int(r.q))
        whole = [abs(int(r * scale)) for r in ratios]
        common = gcd(*whole)
        return tuple(sorted(w // common for w in whole))
    return tuple(sorted(str(abs(r)) for r in ratios))


def vectors_pattern(vectors) -> tuple:
    """The patterns of several vectors, in no order: one structure whatever order a solver lists them in."""
    return tuple(sorted((pattern(v) for v in vectors), key=repr))


def as_columns(rows) -> list[tuple]:
    """The columns of a table given as rows (a configuration's coordinates, one point per row)."""
    return list(zip(*rows))


def largest_denominator(values) -> int:
    """The largest denominator of any rational written in the values (2 for √2/2, 1968 for 7√82/1968)."""
    out = 1
    for x in values:
        x = as_expr(x)
        rationals = [x] if x.is_Rational else x.atoms(sp.Rational)
        out = max([out, *(int(r.q) for r in rationals)])
    return out


def intermediate_denominator(solution) -> int:
    """The largest denominator any step of the worked solution prints: the arithmetic a student does on the
    way, not only in the answers."""
    from .rules import printed_values

    return largest_denominator(value for _, value in printed_values(solution))
