"""The generators' integer test for nice eigenvalues, against numpy and against SymPy's factorisation.

``spectrum_nice`` decides from the characteristic polynomial which draws a generator keeps. It
used to factor the polynomial with SymPy; it now finds the factors of degree 1 and 2 in
integers. The SymPy version is kept here as the oracle.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.exact import rational_poly
from tutor.generators import nice

SMALL = st.fractions(min_value=-6, max_value=6, max_denominator=3)


def symmetric(n_min=2, n_max=5):
    def build(n):
        return st.lists(SMALL, min_size=n * (n + 1) // 2, max_size=n * (n + 1) // 2).map(
            lambda upper: _fill(n, upper))
    return st.integers(n_min, n_max).flatmap(build)


def _fill(n, upper):
    M, it = [[Fraction(0)] * n for _ in range(n)], iter(upper)
    for i in range(n):
        for j in range(i, n):
            M[i][j] = M[j][i] = next(it)
    return M


def kernel_like():
    """Centred Gram matrices and scatter matrices of small integer points: what generators draw."""
    point = st.integers(1, 3).flatmap(lambda d: st.lists(
        st.lists(st.integers(-3, 3), min_size=d, max_size=d), min_size=2, max_size=5))
    return st.one_of(
        st.tuples(point, st.sampled_from([0, 1]), st.sampled_from([1, 2])).map(
            lambda t: nice.centred(nice.gram(*t))),
        point.map(nice.scatter))


def _oracle(rows, difficulty, zeros):
    """The SymPy version: factor the characteristic polynomial over Q."""
    M = sp.Matrix([[sp.Rational(x.numerator, x.denominator) for x in row] for row in rows])
    _, factors = sp.Poly(M.charpoly().as_expr(), domain=sp.QQ).factor_list()
    zero_count, radicands = 0, set()
    if difficulty == "hard":
        return all(f.degree() <= 2 for f, _ in factors)
    for f, multiplicity in factors:
        if f.degree() == 1 and f.TC() == 0:
            zero_count += multiplicity
        elif multiplicity > 1 or f.degree() > 2:
            return False
        if f.degree() == 2:
            a, b, c = f.all_coeffs()
            root = sp.sqrt(sp.Rational(b * b - 4 * a * c))
            if not root.is_Rational:
                radicands |= nice.radicands(root)
    if zero_count != zeros:
        return False
    if difficulty == "easy":
        return not radicands
    return len(radicands) <= 1 and all(r is not None and r <= 50 for r in radicands)


@settings(max_examples=150, deadline=None)
@given(symmetric())
def test_charpoly_matches_numpy(rows):
    B, d = rational_poly.integer_matrix(rows)
    assert all(Fraction(b, d) == a for row_b, row_a in zip(B, rows) for b, a in zip(row_b, row_a))
    exact = [float(c) for c in rational_poly.integer_charpoly(B)]
    reference = np.poly(np.array(B, dtype=float))
    scale = max(1.0, *map(abs, reference))
    assert np.allclose(np.array(exact) / scale, reference / scale, atol=1e-9)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.fractions(min_value=-40, max_value=40, max_denominator=4), min_size=3, max_size=3),
       st.integers(1, 5))
def test_a_cubic_with_a_rational_root_gives_it_back(roots, scale):
    t = sp.Symbol("t")
    poly = sp.Poly(scale * sp.prod(t - sp.Rational(r.numerator, r.denominator) for r in roots), t)
    coeffs = rational_poly.primitive_integer([Fraction(int(c.p), int(c.q)) for c in poly.all_coeffs()])
    found = rational_poly.rational_root_of_cubic(coeffs)
    assert found in roots
    quotient = rational_poly.divide_root(coeffs, found)
    rest = sorted(roots)
    rest.remove(found)
    assert sorted(sp.Poly(quotient, t).real_roots()) == [sp.Rational(r.numerator, r.denominator) for r in rest]


@settings(max_examples=150, deadline=None)
@given(symmetric(3, 3))
def test_a_cubic_without_rational_roots_gives_none(rows):
    coeffs = rational_poly.primitive_integer(rational_poly.integer_charpoly(rational_poly.integer_matrix(rows)[0]))
    found = rational_poly.rational_root_of_cubic(coeffs)
    rational_roots = [r for r in sp.Poly(coeffs, sp.Symbol("t")).real_roots() if r.is_Rational]
    assert (found is None) == (not rational_roots)
    if found is not None:
        assert sp.Rational(found.numerator, found.denominator) in rational_roots


@given(st.integers(1, 10**6))
def test_square_free_part(n):
    k = sp.Mul(*[p ** (e % 2) for p, e in sp.factorint(n).items()])
    assert rational_poly.square_free_part(n, 50) == (int(k) if k <= 50 else None)


@settings(max_examples=300, deadline=None)
@given(st.one_of(symmetric(), kernel_like()), st.sampled_from(["easy", "medium", "hard"]), st.integers(0, 2))
def test_spectrum_nice_agrees_with_factorising_in_sympy(rows, difficulty, zeros):
    assert nice.spectrum_nice(rows, difficulty, zeros=zeros) == _oracle(rows, difficulty, zeros)


def test_degree_four_and_more_goes_to_the_factorisation():
    # diag(1, 2, 3, 4, 5): five rational roots, no zero; a quartic with roots ±√2, ±√3 has two radicands
    assert nice.spectrum_nice([[i if i == j else 0 for j in range(1, 6)] for i in range(1, 6)], "easy")
    quartic = [[0, 2, 0, 0], [1, 0, 0, 0], [0, 0, 0, 3], [0, 0, 1, 0]]  # not symmetric, but real roots
    assert not nice.spectrum_nice(quartic, "medium") and nice.spectrum_nice(quartic, "hard")


def test_a_rational_root_between_the_critical_points_is_found():
    # s³ − 3s² + s + 1 = (s − 1)(s² − 2s − 1): its only rational root, 1, lies between the critical
    # points 1 ± √6/3; and 2s³ − 3s² − 3s + 2 = (s + 1)(2s − 1)(s − 2) has 1/2 there too
    assert rational_poly.rational_root_of_cubic([1, -3, 1, 1]) == 1
    assert rational_poly.rational_root_of_cubic([1, 3, 1, -1]) == -1
    assert rational_poly.rational_root_of_cubic([2, -3, -3, 2]) in (-1, Fraction(1, 2), 2)


def _poly_matrix(max_coeff):
    entry = st.lists(st.integers(-max_coeff, max_coeff), min_size=1, max_size=6)
    return st.integers(1, 5).flatmap(lambda n: st.lists(
        st.lists(entry, min_size=n, max_size=n), min_size=n, max_size=n))


@settings(max_examples=120, deadline=None)
@given(st.one_of(_poly_matrix(3), _poly_matrix(10**6)))
def test_charpoly_over_integer_polynomials_matches_sympy_and_numpy(rows):
    t = sp.Symbol("t")
    M = sp.Matrix([[sum(c * t**i for i, c in enumerate(e)) for e in row] for row in rows])
    ours = rational_poly.polynomial_charpoly(rows)
    theirs = [sp.Poly(c, t).all_coeffs()[::-1] if c != 0 else [] for c in M.charpoly().all_coeffs()]
    assert ours == [[int(c) for c in cs] for cs in theirs]
    # and at t = 0.5, the characteristic polynomial numpy finds for the numeric matrix
    at_half = [[sum(c * 0.5**i for i, c in enumerate(e)) for e in row] for row in rows]
    scale = max(1.0, max(abs(x) for row in at_half for x in row)) ** len(rows)
    ours_at_half = [sum(c * 0.5**i for i, c in enumerate(cs)) for cs in ours]
    assert np.allclose(np.array(ours_at_half) / scale, np.poly(np.array(at_half)) / scale, atol=1e-9)
