"""The notes' worked example: 'Kernel PCA on Example 3, by hand'."""

import sympy as sp

from tutor import solve
from tutor.exact.tidy import is_zero

from .conftest import PROBLEMS, same_up_to_sign

R = sp.Rational


def example3():
    return solve(str(PROBLEMS / "kernel-pca" / "example3.yaml"))


def test_eigenvalues_variances_and_fractions_match_the_notes():
    answers = example3().answers
    assert answers["eigenvalues"] == (8, 6, 0)
    assert answers["variances"][:2] == (R(8, 3), 2)
    assert answers["variance_fractions"][:2] == (R(4, 7), R(3, 7))


def test_coefficients_and_coordinates_match_the_notes_up_to_sign():
    answers = example3().answers
    c1, c2 = answers["coefficients"]
    a1, a2 = answers["coordinates"]
    assert same_up_to_sign(c1, [R(1, 4), R(-1, 4), 0])
    assert same_up_to_sign(c2, [R(1, 6), R(1, 6), R(-2, 6)])
    assert same_up_to_sign(a1, [2, -2, 0])
    assert same_up_to_sign(a2, [1, 1, -2])


def test_the_eigenvectors_are_found_as_the_notes_find_them():
    step = example3().step("eigenvectors")
    found = [row.found for row in step.data.rows]
    assert found == [(1, -1, 0), (1, 1, -2), (1, 1, 1)]
    products = [row.product for row in step.data.rows]
    assert products[0] == (8, -8, 0) and products[1] == (6, 6, -12) and products[2] == (0, 0, 0)


def test_coefficients_are_written_as_the_notes_write_them():
    comps = example3().step("coefficients").data.components
    assert comps[0].coefficient.scalar == R(1, 4) and comps[0].coefficient.entries == (1, -1, 0)
    assert comps[1].coefficient.scalar == R(1, 6) and comps[1].coefficient.entries == (1, 1, -2)


def test_characteristic_polynomial_and_every_check_passes():
    solution = example3()
    eta = sp.Symbol("eta")
    assert sp.expand(solution.answers["char_poly"] - (-eta**3 + 14 * eta**2 - 48 * eta)) == 0
    assert all(step.passed for step in solution.steps)
    assert len(solution.step("recipe_checks").checks) == 6


def test_unit_eigenvectors_are_orthonormal_and_satisfy_the_eigen_equation():
    solution = example3()
    V = sp.Matrix([list(v) for v in solution.answers["eigenvectors"]]).T
    assert (V.T * V).applyfunc(sp.nsimplify) == sp.eye(3)
    Khat = solution.answers["centred_kernel"]
    for v, eta in zip(solution.answers["eigenvectors"], solution.answers["eigenvalues"]):
        assert all(is_zero(x) for x in Khat * sp.Matrix(v) - eta * sp.Matrix(v))
