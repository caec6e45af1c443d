"""Writing exact values for humans: tidy surds, common factors, signs, order.

These are computations (they belong to builders, not to templates): each takes
exact SymPy values and returns exact SymPy values, so a template only prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from math import gcd, lcm

import sympy as sp

_PRECISION = 40  # digits for numeric sign and order decisions on exact values


def tidy(expr: sp.Expr) -> sp.Expr:
    """A canonical human form: expanded, denominators rationalised, surds denested.

    >>> tidy(1/sp.sqrt(2))
    sqrt(2)/2
    >>> tidy(sp.sqrt(3 + 2*sp.sqrt(2)))
    1 + sqrt(2)
    """
    expr = sp.sympify(expr)
    if expr.is_Atom:
        return expr
    if expr.has(sp.CRootOf):
        return sp.expand(expr)
    out = sp.radsimp(sp.expand(expr))
    if out.has(sp.sqrt):
        out = sp.sqrtdenest(out)
    out = sp.expand(out)
    # Rationalising can make a value longer (1/sqrt(a + b*sqrt(5))): keep the shortest form.
    candidates = [out, sp.together(out), expr]
    return min(candidates, key=sp.count_ops)


def approx(expr: sp.Expr, digits: int = _PRECISION) -> sp.Float:
    """A high-precision numeric value, used only to decide signs and order."""
    return sp.N(expr, digits)


def sign_of(expr: sp.Expr) -> int:
    """The sign of an exact real number known to be zero or well away from it."""
    if expr == 0:
        return 0
    if expr.is_Rational:
        return 1 if expr > 0 else -1
    value = approx(expr)
    if value == 0:
        return 0
    return 1 if value > 0 else -1


def sort_descending(values):
    """Indices of exact real values from largest to smallest (stable)."""
    keyed = [(approx(v), i) for i, v in enumerate(values)]
    return [i for _, i in sorted(keyed, key=lambda p: (-p[0], p[1]))]


@dataclass(frozen=True)
class Scaled:
    """A vector written as scalar × (entries), like the notes' (1/4)(1, −1, 0)."""

    scalar: sp.Expr
    entries: tuple[sp.Expr, ...]

    @property
    def value(self) -> tuple[sp.Expr, ...]:
        return tuple(tidy(self.scalar * e) for e in self.entries)


def primitive(vector) -> tuple[sp.Expr, tuple[sp.Expr, ...]]:
    """Split a vector into (content, primitive part) with the first non-zero entry positive.

    The content is the rational gcd of the entries' rational coefficients, so
    (1/2, -1/2, 0) becomes 1/2 · (1, -1, 0) and (2√2, -2√2) becomes 2 · (√2, -√2).

    >>> primitive([sp.Rational(1, 2), sp.Rational(-1, 2), 0])
    (1/2, (1, -1, 0))
    """
    vector = [sp.sympify(v) for v in vector]
    coeffs = [v.as_coeff_Mul()[0] if v != 0 else None for v in vector]
    rationals = [c for c in coeffs if c is not None and c.is_Rational]
    if not rationals:
        return sp.Integer(1), tuple(vector)
    num = reduce(gcd, (int(abs(c.p)) for c in rationals))
    den = reduce(lcm, (int(c.q) for c in rationals))
    content = sp.Rational(num, den)
    lead = next((v for v in vector if v != 0), None)
    if lead is not None and sign_of(lead) < 0:
        content = -content
    if content == 0:
        return sp.Integer(1), tuple(vector)
    return content, tuple(tidy(v / content) for v in vector)


def scaled(vector) -> Scaled:
    """``vector`` as content × primitive part (see ``primitive``)."""
    content, entries = primitive(vector)
    return Scaled(content, entries)
