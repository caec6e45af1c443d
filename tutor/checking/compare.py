"""Comparing one number a student wrote with the exact value: exactly, or as a decimal.

An exact answer must equal the value exactly, however it is written
(2√2 = √8 = 4/√2 = 2^(3/2)). An answer written with a decimal point that is
not exactly right is accepted when it agrees with the value to the problem's
significant figures: within one unit of the last significant figure, so both
rounding and truncation pass (1/√2 = 0.70710…: 0.707 and 0.7071 pass with 3
figures, 0.709 and 0.71 do not).

Numbers are compared by their enclosures first (budget.py): a wrong answer is
told apart at once, and an exact proof runs only when the values may be equal.
"""

from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy as sp

from ..exact.tidy import is_zero, numeric
from . import budget

EXACT = "exact"
DECIMAL = "decimal"


@dataclass(frozen=True)
class Tolerance:
    sig_figs: int = 3
    # One unit of the last figure either way (the house rule, and Moodle's); half a unit (the value
    # rounded to those figures) where a decimal is judged at the fewer figures it was written to.
    half_unit: bool = False

    def allows(self, given: sp.Expr, expected: sp.Expr) -> bool:
        """Whether a decimal answer agrees with ``expected`` to ``sig_figs`` significant figures."""
        return self.allows_vector((given,), (expected,))

    def allows_vector(self, given, expected, scale=None) -> bool:
        """Whether a decimal vector agrees with ``expected`` to ``sig_figs`` figures of its largest entry
        (an entry that should be 0 cannot be judged relative to itself), or of ``scale`` when given
        (a zero vector is judged relative to the answer it belongs to).

        In mpmath's numbers, not floats: 10^-435 squared is not 0, nor is 10^434 infinite.
        """
        e = [mpmath.mpf(numeric(x, 30)) for x in expected]
        g = [mpmath.mpf(numeric(x, 30)) for x in given]
        if not all(mpmath.isfinite(x) for x in e + g):
            return False
        scale = max([abs(x) for x in e] + ([abs(mpmath.mpf(numeric(scale, 30)))] if scale is not None else []))
        if scale == 0:
            return all(abs(x) <= mpmath.mpf(10) ** (-self.sig_figs) for x in g)
        unit = mpmath.mpf(10) ** (int(mpmath.floor(mpmath.log10(scale))) - self.sig_figs + 1)
        if self.half_unit:
            unit = unit / 2
        return all(abs(a - b) <= unit * (1 + mpmath.mpf("1e-9")) for a, b in zip(g, e))


def match_number(given: sp.Expr, decimal: bool, expected: sp.Expr, tol: Tolerance) -> str | None:
    """EXACT, DECIMAL or None (no match) for one number.

    Raises budget.Uncheckable when the student's number is too large to evaluate, or too large
    to confirm exactly and equal to the value as far as its enclosures tell.
    """
    try:
        try:
            exact = not budget.differ(given, expected) and is_zero(sp.Add(given, -expected))
        except budget.Uncheckable:
            if decimal and tol.allows(given, expected):
                return DECIMAL  # a decimal needs no proof, only its figures
            raise
        if exact:
            return EXACT
        if decimal and tol.allows(given, expected):
            return DECIMAL
    except (TypeError, ValueError, ArithmeticError):
        return None
    return None


def combine(matches) -> str | None:
    """The verdict of several entries: None if any fails, DECIMAL if any was a decimal."""
    matches = list(matches)
    if any(m is None for m in matches):
        return None
    return DECIMAL if DECIMAL in matches else EXACT
