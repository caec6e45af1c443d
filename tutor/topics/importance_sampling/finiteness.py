"""Whether an integral or a number is finite, decided by tests that prove it, not by SymPy's guess.

SymPy writes ∫₀¹ e^(x²) dx = √π·erfi(1)/2 but cannot say whether erfi(1) is finite (is_finite is
None): that is "unknown", not "infinite". The integral is decided here instead, from the integrand:

- on a bounded piece, by interval arithmetic (mpmath.iv): an enclosure of the integrand that is
  finite on every subinterval bounds it, and a bounded integrand has a finite integral;
- at a point where it may blow up (a zero of a denominator or of a logarithm's argument, an end of
  the interval), by limits: |x − z|^(1−ε)·g → a finite value means |g| ≤ C/|x − z|^(1−ε) near z,
  integrable; (x − z)·g → c ≠ 0 means |g| ≥ |c|/(2|x − z|), not integrable;
- on [M, ∞), past every such point, by the same limit tests with x^(1+ε) and x.

Anything the tests cannot settle is None, "undecided", and the caller refuses with that word.
"""

from __future__ import annotations

import mpmath
import sympy as sp
from mpmath import iv

EPSILON = sp.Rational(1, 1000)  # the ε of the limit tests: every power the grammar allows is further from 1
PIECES = 32  # subintervals of a bounded piece for the interval-arithmetic bound
DIGITS = 30  # significant digits of a certified numerical value


def converges(g: sp.Expr, x: sp.Symbol, low, high) -> bool | None:
    """Whether ∫_low^high g dx is finite (True), infinite (False), or undecided (None).

    Each SymPy call here may be slow: the caller runs this under its time limit."""
    points = _suspects(g, x, low, high)
    if points is None:
        return None
    end = high
    if high is sp.oo:
        end = max([low + 1, *(sp.ceiling(z) + 1 for z in points)])
        tail = _tail(g, x)
        if tail is not True:
            return tail
    if _bounded(g, x, low, end):
        return True
    verdicts = [_near(g, x, z, low, end) for z in sorted({low, end, *points}, key=sp.N)]
    if False in verdicts:
        return False
    return True if all(verdicts) else None


def finite_number(value: sp.Expr) -> bool | None:
    """Whether a constant is a finite real number: SymPy's own answer when it has one, else by a numerical
    evaluation whose error SymPy bounds (evalf with strict=True fails rather than return digits it
    cannot vouch for), as erfinv(13/20) or Ci(1) are finite although SymPy cannot say so."""
    if value.is_finite is not None:
        return bool(value.is_finite)
    if value.free_symbols:
        return None
    if value.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
        return False
    try:
        number = value.evalf(DIGITS, strict=True)
    except (mpmath.libmp.libhyper.NoConvergence, sp.core.evalf.PrecisionExhausted, ValueError, TypeError):
        return None
    return bool(number.is_Number and number.is_finite)


# --- the tests -----------------------------------------------------------------------------------

def _suspects(g, x, low, high) -> list | None:
    """The points of the interval where g may be unbounded: zeros of its denominator and of the arguments of
    its logarithms (elsewhere a function of the grammar is continuous); None when SymPy cannot list them."""
    together = sp.together(g)
    candidates = [sp.denom(together)] + [node.args[0] for node in sp.preorder_traversal(g)
                                         if isinstance(node, sp.log)]
    points = set()
    for h in candidates:
        if not h.has(x):
            continue
        zeros = sp.solveset(sp.Eq(h, 0), x, sp.Interval(low, high))
        if not isinstance(zeros, sp.FiniteSet):
            if zeros is sp.S.EmptySet:
                continue
            return None
        points |= set(zeros)
    return sorted(points, key=sp.N)


def _finite_limit(expr, x, z, direction="+") -> bool | None:
    """Whether expr has a finite limit (or bounded oscillation) at z; None when SymPy cannot tell."""
    value = sp.limit(expr, x, z, direction)
    if isinstance(value, sp.AccumBounds):
        return bool(value.min.is_finite and value.max.is_finite)
    if value.has(sp.Limit):
        return None
    return finite_number(value)


def _nonzero_limit(expr, x, z, direction="+") -> bool:
    """Whether expr tends to a definite c ≠ 0, or ±∞, at z (so |expr| stays away from 0 near z)."""
    value = sp.limit(expr, x, z, direction)
    if value in (sp.oo, -sp.oo):
        return True
    return bool(value.is_number and not isinstance(value, sp.AccumBounds) and value.is_zero is False
                and finite_number(value))


def _tail(g, x) -> bool | None:
    if _finite_limit(x ** (1 + EPSILON) * g, x, sp.oo, "-"):
        return True
    if _nonzero_limit(x * g, x, sp.oo, "-"):
        return False
    return None


def _near(g, x, z, low, high) -> bool | None:
    sides = [d for d, inside in (("+", z != high), ("-", z != low)) if inside]
    verdict = True
    for side in sides:
        if _finite_limit(sp.Abs(x - z) ** (1 - EPSILON) * g, x, z, side):
            continue
        if _nonzero_limit((x - z) * g, x, z, side):
            return False
        verdict = None
    return verdict


def _bounded(g, x, low, high) -> bool:
    """Whether interval arithmetic bounds g on [low, high] (finite ends): True proves it; False may only
    mean that the enclosure was too wide."""
    step = (high - low) / PIECES
    for k in range(PIECES):
        a, b = low + k * step, low + (k + 1) * step
        try:
            value = _enclose(g, x, iv.mpf([_exact(a).a, _exact(b).b]))
        except (ArithmeticError, ValueError, TypeError, _Unsupported):
            return False
        if any(mpmath.isinf(end) or mpmath.isnan(end) for end in (value.a, value.b)):
            return False
    return True


class _Unsupported(Exception):
    """A node the interval evaluation does not know (a special function): no bound."""


def _exact(r: sp.Rational):
    """The narrowest interval holding the rational r (the ends of every piece are rational)."""
    return iv.mpf(r.p) / r.q


def _enclose(expr, x, box):
    """An interval holding expr(t) for every t in box (rounded outward by mpmath.iv)."""
    if expr == x:
        return box
    if expr.is_Rational:
        return _exact(expr)
    if expr is sp.pi:
        return iv.pi
    if expr is sp.E:
        return iv.e
    if expr.is_Add:
        total = iv.mpf(0)
        for term in expr.args:
            total += _enclose(term, x, box)
        return total
    if expr.is_Mul:
        product = iv.mpf(1)
        for factor in expr.args:
            product *= _enclose(factor, x, box)
        return product
    if expr.is_Pow and expr.exp.is_Integer:
        return _enclose(expr.base, x, box) ** int(expr.exp)
    if expr.is_Pow and expr.exp.is_Rational:
        base = _enclose(expr.base, x, box)
        if base.a < 0:
            raise _Unsupported("a root of a negative number")
        return base ** _exact(expr.exp)
    if isinstance(expr, sp.exp):
        return iv.exp(_enclose(expr.args[0], x, box))
    if isinstance(expr, sp.log):
        inner = _enclose(expr.args[0], x, box)
        if inner.a < 0:
            raise _Unsupported("a logarithm of a negative number")
        return iv.log(inner)
    raise _Unsupported(type(expr).__name__)
