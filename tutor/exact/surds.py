"""Fast exact arithmetic with square roots: Q(√a, √b, …), and one level of √ over it.

Most values in this course are sums of rational multiples of square roots of
integers (eigenvalues from the quadratic formula, their products and
quotients), and unit eigenvectors add one more level: v/√N with N itself such
a sum. SymPy's generic ``radsimp`` rationalises these correctly but slowly (it
searches, and may call PSLQ). Here they are held exactly in pure Python:

- a *surd* is {square-free k: Fraction c}, meaning Σ c·√k; a product is a
  product, and an inverse is found by multiplying with conjugates (flip the
  sign of √p, for each prime p in turn, until the value is rational);
- a *value* is {monomial: surd}, meaning Σ surd·monomial, where a monomial is a
  set of *radicals* √M, each M a surd with coprime integer coefficients that is
  not a square (√(a + b√d) is denested to √x ± √y when a² − b²d is a square).

Anything else (deeper nesting, exponentials, root objects, decimals, sums that
would need a nested radical inverted) is refused with None, and the caller
falls back to SymPy.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import gcd, isqrt

import sympy as sp
from sympy.core.mul import _keep_coeff

Surd = dict  # {square-free positive int k: non-zero Fraction c}, meaning Σ c·√k
Radical = tuple  # a surd M frozen as sorted items, standing for √M
Monomial = frozenset  # of Radicals, standing for their product
Value = dict  # {Monomial: non-zero Surd}

def _primes_below(n: int) -> list[int]:
    sieve = bytearray([1]) * n
    sieve[:2] = b"\0\0"
    for p in range(2, isqrt(n) + 1):
        if sieve[p]:
            sieve[p * p::p] = bytes(len(range(p * p, n, p)))
    return [p for p in range(n) if sieve[p]]


_SMALL_PRIMES = _primes_below(1000)
_LARGE_FACTOR_SEARCH = 40_000  # trial division past 1000 goes this far (20,000 steps at most)
_MAX_EXPONENT = 64  # integer powers beyond this are left to SymPy
_MAX_TERMS = 64  # a value with more terms than this is left to SymPy
_ONE: Monomial = frozenset()


class _Refused(Exception):
    pass


def from_expr(expr: sp.Expr) -> Value | None:
    """``expr`` as a value, or None when it is not of a kind this module handles.

    >>> from_expr(1 / (1 + sp.sqrt(2)))
    {frozenset(): {1: Fraction(-1, 1), 2: Fraction(1, 1)}}
    """
    try:
        return _convert(expr, {})
    except (_Refused, ZeroDivisionError):
        return None


def sum_of_products(terms) -> Value | None:
    """Σ of the products of each term's factors (SymPy expressions), computed here without
    building the sum in SymPy first; None when a factor is not of a kind this module handles."""
    try:
        total: Value = {}
        for factors in terms:
            term = _constant({1: Fraction(1)})
            for factor in factors:
                term = _times(term, _factor_value(factor))
            total = _add(total, term)
        if len(total) > _MAX_TERMS or any(len(s) > _MAX_TERMS for s in total.values()):
            raise _Refused
        return total
    except (_Refused, ZeroDivisionError):
        return None


@lru_cache(maxsize=4096)  # matrix entries and eigenvector entries are factors of many products
def _factor_value(expr) -> Value:
    # Values are never changed in place (every operation here builds new dicts), so sharing is safe.
    return _convert(sp.Integer(expr) if isinstance(expr, int) else expr, {})


def decides_zero(value: Value) -> bool | None:
    """Whether a value is zero, where that can be read off it: the empty value is 0, and a sum
    Σ c·√k over distinct square-free k is not (square roots of those are independent over Q).
    None for values with nested radicals, whose products need not reduce here."""
    if not value:
        return True
    return False if set(value) == {_ONE} else None


def candidates(value: Value) -> list[sp.Expr]:
    """Human forms of one value, to choose from by length: each surd coefficient expanded
    or over a common denominator, and each radical in the numerator or the denominator.

    >>> candidates(from_expr(sp.Rational(1, 2) + sp.sqrt(2) / 2))
    [1/2 + sqrt(2)/2, (1 + sqrt(2))/2]
    >>> candidates(from_expr(2 / sp.sqrt(13 + sp.sqrt(13))))
    [(1/6 - sqrt(13)/78)*sqrt(sqrt(13) + 13), (13 - sqrt(13))*sqrt(sqrt(13) + 13)/78, 2/sqrt(sqrt(13) + 13)]
    """
    if not value:
        return [sp.Integer(0)]
    forms = [sp.Add(*[surd_expr(s) * _monomial_expr(m) for m, s in value.items()]),
             sp.Add(*[surd_over_common_denominator(s) * _monomial_expr(m) for m, s in value.items()])]
    if len(value) == 1:
        (m, s), = value.items()
        if m:  # the same value with its radicals in the denominator: s·√M = (s·M)/√M
            moved = s
            for radical in m:
                moved = _mul(moved, dict(radical))
            forms.append(_divide(surd_over_common_denominator(moved), _monomial_expr(m)))
    return _distinct(forms)


def surd_expr(s: Surd) -> sp.Expr:
    """Σ c·√k as an expanded SymPy sum, terms in SymPy's own order.

    >>> surd_expr({1: Fraction(1, 2), 2: Fraction(1, 2)})
    1/2 + sqrt(2)/2
    """
    return sp.Add(*[_term(c, k) for k, c in s.items()])


def surd_over_common_denominator(s: Surd) -> sp.Expr:
    """Σ c·√k written as (g/d)·(Σ n·√k), the form ``sp.together`` gives.

    >>> surd_over_common_denominator({1: Fraction(40, 3), 13: Fraction(8, 3)})
    8*(sqrt(13) + 5)/3
    """
    content, primitive = _content(s)
    inner = sp.Add(*[_term(c, k) for k, c in primitive.items()])
    return inner if content == 1 else _keep_coeff(sp.Rational(content.numerator, content.denominator), inner)


def _term(c: Fraction, k: int) -> sp.Expr:
    coeff = sp.Rational(c.numerator, c.denominator)
    return coeff if k == 1 else coeff * sp.sqrt(k)


def _monomial_expr(m: Monomial) -> sp.Expr:
    return sp.Mul(*[sp.sqrt(surd_expr(dict(radical))) for radical in sorted(m)])


def _divide(numerator: sp.Expr, denominator: sp.Expr) -> sp.Expr:
    return sp.Mul(numerator, sp.Pow(denominator, -1))


def _distinct(forms):
    out = []
    for f in forms:
        if f not in out:
            out.append(f)
    return out


# --- conversion -------------------------------------------------------------


def _convert(expr, memo) -> Value:
    if expr in memo:
        return memo[expr]
    if expr.is_Rational:
        value = _constant(_rational(Fraction(int(expr.p), int(expr.q))))
    elif expr.is_Add:
        value = {}
        for arg in expr.args:
            value = _add(value, _convert(arg, memo))
    elif expr.is_Mul:
        value = _constant({1: Fraction(1)})
        for arg in expr.args:
            value = _times(value, _convert(arg, memo))
    elif expr.is_Pow:
        value = _power(expr.base, expr.exp, memo)
    else:
        raise _Refused
    if len(value) > _MAX_TERMS or any(len(s) > _MAX_TERMS for s in value.values()):
        raise _Refused
    memo[expr] = value
    return value


def _power(base, exponent, memo) -> Value:
    if not exponent.is_Rational or abs(exponent.p) > _MAX_EXPONENT or exponent.q not in (1, 2):
        raise _Refused
    if exponent.q == 2:
        if base.is_Rational:
            if base < 0:
                raise _Refused  # an imaginary number
            root = _constant(_sqrt_rational(Fraction(int(base.p), int(base.q))))
        else:
            root = _sqrt_value(_convert(base, memo))
        return _value_power(root, int(exponent.p))
    return _value_power(_convert(base, memo), int(exponent.p))


def _value_power(value: Value, n: int) -> Value:
    if n < 0:
        value, n = _value_inverse(value), -n
    out = _constant({1: Fraction(1)})
    while n:
        if n & 1:
            out = _times(out, value)
        value = _times(value, value) if n > 1 else value
        n >>= 1
    return out


def _constant(s: Surd) -> Value:
    return {_ONE: s} if s else {}


def _rational(q: Fraction) -> Surd:
    return {1: q} if q else {}


def _sqrt_rational(q: Fraction) -> Surd:
    """√(a/b) = √(ab)/b, with the square part of ab taken out."""
    square, free = _square_part(q.numerator * q.denominator)
    return {free: Fraction(square, q.denominator)} if square else {}


def _square_part(n: int) -> tuple[int, int]:
    """(s, f) with n = s²·f and f square-free; refused when n does not factor quickly."""
    if n == 0:
        return 0, 1
    square, free = 1, 1
    while n > 1:
        p = _smallest_prime(n)
        e = 0
        while n % p == 0:
            n //= p
            e += 1
        square *= p ** (e // 2)
        if e % 2:
            free *= p
    return square, free


def _sqrt_value(value: Value) -> Value:
    """√ of a value that is a positive surd: a surd again if it denests, else c·√M."""
    if set(value) != {_ONE}:
        raise _Refused  # √ of a value that already has a radical: two levels of nesting
    s = value[_ONE]
    if set(s) == {1}:
        if s[1] < 0:
            raise _Refused  # an imaginary number
        return _constant(_sqrt_rational(s[1]))
    if _sign(s) <= 0:
        raise _Refused
    content, primitive = _content(s)
    outside = _sqrt_rational(content)
    denested = _denest(primitive)
    if denested is not None:
        return _constant(_mul(outside, denested))
    if len(primitive) == 1:
        raise _Refused  # √(b·√d) is a fourth root
    return {frozenset([tuple(sorted(primitive.items()))]): outside}


def _content(s: Surd) -> tuple[Fraction, Surd]:
    """s = content × primitive, the primitive part with coprime integer coefficients."""
    den, num = 1, 0
    for c in s.values():
        den = den * c.denominator // gcd(den, c.denominator)
        num = gcd(num, c.numerator)
    content = Fraction(num, den)  # gcd is never negative
    return content, {k: c / content for k, c in s.items()}


def _denest(s: Surd) -> Surd | None:
    """√(a + b√d) = √x + sign(b)·√y with x, y = (a ± r)/2, when a² − b²d = r² is a square."""
    if len(s) != 2 or 1 not in s:
        return None
    (d, b), = ((k, c) for k, c in s.items() if k != 1)
    a = s[1]
    disc = a * a - b * b * d
    if disc < 0:
        return None
    r = Fraction(isqrt(disc.numerator), isqrt(disc.denominator))
    if r * r != disc:
        return None
    x, y = (a + r) / 2, (a - r) / 2
    if x < 0 or y < 0:
        return None
    root_y = {k: (c if b > 0 else -c) for k, c in _sqrt_rational(y).items()}
    return _add_surds(_sqrt_rational(x), root_y)


def _sign(s: Surd) -> int:
    """The sign of a non-zero surd, from each √k to 60 digits (exact integers, no floats)."""
    scale = 10**60
    total = sum(c * isqrt(k * scale * scale) for k, c in s.items())
    bound = sum(abs(c) for c in s.values())  # each √k is off by less than 1 unit
    if abs(total) <= bound:
        raise _Refused  # too close to zero to tell at this precision
    return 1 if total > 0 else -1


# --- field operations --------------------------------------------------------------


def _add(a: Value, b: Value) -> Value:
    out = dict(a)
    for m, s in b.items():
        total = _add_surds(out.get(m, {}), s)
        if total:
            out[m] = total
        else:
            out.pop(m, None)
    return out


def _times(a: Value, b: Value) -> Value:
    out: Value = {}
    for (m1, s1), (m2, s2) in product(a.items(), b.items()):
        coeff = _mul(s1, s2)
        for radical in m1 & m2:  # √M·√M = M
            coeff = _mul(coeff, dict(radical))
        out = _add(out, {m1 ^ m2: coeff} if coeff else {})
    return out


def _value_inverse(value: Value) -> Value:
    if len(value) != 1:
        raise _Refused  # inverting a sum with nested radicals needs more than conjugates
    (m, s), = value.items()
    coeff = inverse(s)
    for radical in m:  # 1/√M = √M/M
        coeff = _mul(coeff, inverse(dict(radical)))
    return {m: coeff}


def _add_surds(a: Surd, b: Surd) -> Surd:
    out = dict(a)
    for k, c in b.items():
        s = out.get(k, 0) + c
        if s:
            out[k] = s
        else:
            out.pop(k, None)
    return out


def _mul(a: Surd, b: Surd) -> Surd:
    out: Surd = {}
    for k1, c1 in a.items():
        for k2, c2 in b.items():
            g = gcd(k1, k2)  # √k1·√k2 = g·√(k1·k2/g²)
            k = (k1 // g) * (k2 // g)
            s = out.get(k, 0) + c1 * c2 * g
            if s:
                out[k] = s
            else:
                out.pop(k, None)
    return out


def inverse(s: Surd) -> Surd:
    """1/s, by multiplying with the conjugate in √p for each prime p until rational.

    >>> inverse({1: Fraction(1), 2: Fraction(1)})
    {1: Fraction(-1, 1), 2: Fraction(1, 1)}
    """
    if not s:
        raise ZeroDivisionError("division by zero in a surd expression")
    numerator = {1: Fraction(1)}
    while True:
        prime = next((_smallest_prime(k) for k in s if k > 1), None)
        if prime is None:
            (c,) = s.values()
            return {k: v / c for k, v in numerator.items()}
        conjugate = {k: (-c if k % prime == 0 else c) for k, c in s.items()}
        s = _mul(s, conjugate)
        numerator = _mul(numerator, conjugate)


def _smallest_prime(k: int) -> int:
    """The smallest prime factor of k > 1; refused when it is large and hard to find."""
    for p in _SMALL_PRIMES:
        if p * p > k:
            return k  # no factor up to √k: k is prime
        if k % p == 0:
            return p
    return _smallest_large_factor(k)


def _smallest_large_factor(n: int) -> int:
    """The smallest prime factor of n > 1, when n has none below 1000 (n itself if it is prime)."""
    limit = isqrt(n)
    if limit > _LARGE_FACTOR_SEARCH:
        raise _Refused  # trial division would take too long: leave the value to SymPy
    for d in range(1001, limit + 1, 2):
        if n % d == 0:
            return d
    return n
