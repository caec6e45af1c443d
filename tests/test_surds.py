"""The fast surd arithmetic behind tidy(): exact, and equal to an independent float evaluation.

Random expressions are built twice from one recipe: as SymPy expressions (what
tidy receives) and as Python floats (computed with math only). Every human form
the surd module proposes must have the float value, convert back to the same
exact value, and tidy() must never make a value longer.
"""

from __future__ import annotations

import math

import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.exact import surds
from tutor.exact.tidy import count_ops, is_zero, numeric, tidy

RADICANDS = [2, 3, 5, 6, 8, 12, 13, 18, 50, 1889, 2 * 1009]  # and primes over 1000


def _leaf():
    rational = st.tuples(st.integers(-9, 9), st.integers(1, 6)).map(
        lambda pq: (sp.Rational(*pq), pq[0] / pq[1]))
    root = st.tuples(st.integers(1, 4), st.sampled_from(RADICANDS)).map(
        lambda ck: (ck[0] * sp.sqrt(ck[1]), ck[0] * math.sqrt(ck[1])))
    return rational | root


def _combine(children):
    def build(op, a, b):
        (ea, fa), (eb, fb) = a, b
        if op == "+":
            return ea + eb, fa + fb
        if op == "*":
            return ea * eb, fa * fb
        if abs(fb) < 1e-3:  # keep quotients well conditioned for the float side
            return ea - eb, fa - fb
        return ea / eb, fa / fb

    return st.tuples(st.sampled_from("+*/"), children, children).map(lambda t: build(*t))


surd_expressions = st.recursive(_leaf(), _combine, max_leaves=8)


def _nested(pair):
    """√ of a positive surd, the shape of a unit eigenvector's norm."""
    (e, f) = pair
    return (sp.sqrt(e), math.sqrt(f)) if f > 1e-6 else (e, f)


@settings(max_examples=300, deadline=None)
@given(surd_expressions)
def test_every_form_has_the_float_value_and_the_same_exact_value(pair):
    expr, value = pair
    exact = surds.from_expr(expr)
    assert exact is not None
    for form in surds.candidates(exact):
        assert math.isclose(float(numeric(form)), value, rel_tol=1e-9, abs_tol=1e-9)
        assert surds.from_expr(form) == exact
    assert count_ops(tidy(expr)) <= count_ops(expr)


@settings(max_examples=150, deadline=None)
@given(surd_expressions.map(_nested), surd_expressions)
def test_nested_square_roots_stay_exact(root_pair, factor_pair):
    (root, root_value), (factor, factor_value) = root_pair, factor_pair
    expr = factor / root if abs(root_value) > 1e-6 else factor * root
    value = factor_value / root_value if abs(root_value) > 1e-6 else factor_value * root_value
    tidied = tidy(expr)
    assert math.isclose(float(numeric(tidied)), value, rel_tol=1e-9, abs_tol=1e-9)


def test_denesting_and_rationalising():
    assert str(tidy(sp.sqrt(3 + 2 * sp.sqrt(2)))) == "1 + sqrt(2)"
    assert str(tidy(1 / (1 + sp.sqrt(2) + sp.sqrt(3)))) == "(-sqrt(6) + sqrt(2) + 2)/4"
    assert str(tidy(4 / sp.sqrt(4 * sp.sqrt(13) + 52))) == "2/sqrt(sqrt(13) + 13)"


def test_what_it_refuses_goes_to_sympy():
    for expr in (sp.exp(1) + 1, sp.CRootOf(sp.Symbol("x") ** 3 - 3 * sp.Symbol("x") + 1, 0),
                 sp.Integer(2) ** sp.Rational(1, 4) + 1, sp.sqrt(-2) + 1, sp.Float(1.5) + sp.sqrt(2),
                 sp.sqrt(999983 * 999979) + 1):  # two primes too large to find by trial division
        assert surds.from_expr(expr) is None


@settings(max_examples=200, deadline=None)
@given(surd_expressions.map(_nested), surd_expressions)
def test_count_ops_is_sympys_count(root_pair, factor_pair):
    """Our integer count_ops decides which form tidy() prints: it must agree with SymPy's exactly."""
    x = sp.Symbol("x")
    for expr in (root_pair[0] / (1 + factor_pair[0] ** 2), -root_pair[0] * factor_pair[0],
                 sp.exp(-root_pair[0] ** 2) + factor_pair[0], (x - factor_pair[0]) / (x + 2)):
        assert count_ops(expr) == sp.count_ops(expr)
        assert count_ops(expr, 3) >= min(sp.count_ops(expr), 4)


def test_radicands_with_a_prime_over_a_thousand_are_handled_here():
    # A covariance's eigenvalue (47 ± √1889)/40 once sent every value in its solution to radsimp
    value = surds.from_expr(1 / (sp.sqrt(1889) - 15))
    assert value is not None and surds.candidates(value)[0] == sp.Rational(15, 1664) + sp.sqrt(1889) / 1664
    assert surds.from_expr(1 / (sp.sqrt(1009) + sp.sqrt(1013))) is not None  # √1009·√1013: two large primes


@settings(max_examples=200, deadline=None)
@given(surd_expressions.map(_nested), surd_expressions, surd_expressions)
def test_decides_zero_only_when_it_is_sure(root_pair, a_pair, b_pair):
    """is_zero() trusts decides_zero as a proof: True only for zero, False only for non-zero."""
    (root, root_value), (a, a_value), (b, b_value) = root_pair, a_pair, b_pair
    for expr, value in ((a - b, a_value - b_value), (a - a, 0.0), (a * root - b, a_value * root_value - b_value),
                        (a * root - a * root, 0.0)):
        exact = surds.from_expr(expr)
        if exact is None:
            continue
        decided = surds.decides_zero(exact)
        if decided is True:
            assert abs(value) < 1e-9
        elif decided is False:
            assert abs(value) > 1e-9


def test_a_product_of_nested_radicals_is_left_to_sympy_to_decide():
    # √(2+√2)·√(2−√2) = √2, but the surd arithmetic keeps the product of the two radicals as it is
    expr = sp.sqrt(2 + sp.sqrt(2)) * sp.sqrt(2 - sp.sqrt(2)) - sp.sqrt(2)
    assert surds.decides_zero(surds.from_expr(expr)) is None
    assert is_zero(expr)
