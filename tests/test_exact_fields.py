"""Regressions of issue 14: one-column data, zero eigenvalues over Q(surds), and RBF values at
irrational squared distances. Each input is the one that failed; answers are checked against numpy."""

import numpy as np
import pytest
import sympy as sp

from tutor.errors import ProblemError, UnsupportedProblem
from tutor.exact.eigen import spectrum
from tutor.exact.parser import to_exact
from tutor.exact.tidy import is_zero, numeric

from .conftest import solve_yaml


def _f(value) -> np.ndarray:
    if isinstance(value, sp.MatrixBase):
        return np.array([[float(numeric(x, 30)) for x in row] for row in value.tolist()])
    if isinstance(value, (tuple, list)):
        return np.array([_f(v) for v in value], dtype=float)
    return np.array(float(numeric(value, 30)))


def _numpy_points(text_points):
    return np.array([[float(numeric(to_exact(x), 30)) for x in p] for p in text_points])


def _centred_linear_spectrum(points):
    X = _numpy_points(points)
    Xc = X - X.mean(axis=0)
    w, V = np.linalg.eigh(Xc @ Xc.T)
    order = np.argsort(-w)
    return w[order], V[:, order]


def test_the_adjugate_of_a_one_by_one_matrix_is_one():
    spec = spectrum(sp.Matrix([[sp.Rational(8, 3)]]))
    assert spec.values == (sp.Rational(8, 3),)
    assert spec.pairs[0].unit == (1,)


def test_pca_gram_with_one_attribute():
    solution = solve_yaml("topic: pca-gram\npoints: [[1], [0], [0], [-2], [-2], [0]]\n")
    # x̄ = -1/2, Xc = (3, 1, 1, -3, -3, 1)/2, ‖Xc‖² = 15/2: one component with λ = 15/12
    assert solution.answers["eigenvalues"] == (sp.Rational(5, 4),)
    assert solution.answers["eigenvectors"] == ((1,),)
    assert all(step.passed for step in solution.steps)


@pytest.mark.parametrize("rows,singular", [
    ([[-2], [-2], [0]], (2 * sp.sqrt(2),)),
    ([[3, 4]], (5,)),
    ([[1, 1], [1, 1]], (2,)),  # duplicate rows and columns
])
def test_svd_of_a_single_column_or_row(rows, singular):
    solution = solve_yaml(f"topic: svd\nmatrix: {rows}\nrank: 1\n")
    assert solution.answers["singular_values"] == singular
    assert np.allclose(_f(solution.answers["truncation"]), np.array(rows, dtype=float))
    assert solution.answers["frobenius_error"] == 0
    assert all(step.passed for step in solution.steps)


def test_svd_of_the_zero_matrix_is_refused_as_zero():
    with pytest.raises(ProblemError, match="the matrix is zero"):
        solve_yaml("topic: svd\nmatrix: [[0, 0], [0, 0]]\nrank: 1\n")


# Linear kernels on points with one kind of surd: the centred kernel has rank 2 (the points are
# 2-D), so two eigenvalues are exactly 0. A generic t standing for √3 hid that (−8.8e-47, a third
# component, ZeroDivisionError in its coefficient).
SURD_POINTS = [
    [[3, -2], [1, -2], [1, -1], [2, "sqrt(3)"]],
    [[-1, -3], ["sqrt(2)", "sqrt(2)"], [3, "sqrt(2)/2"], [3, -2]],
    [[0, 0], [1, 0], [0, 1], [1, "sqrt(3)"]],
]


@pytest.mark.parametrize("points", SURD_POINTS, ids=["surd-zero-division", "two-not-three", "zero-not-recognised"])
def test_linear_kernel_with_a_surd_keeps_as_many_components_as_the_rank(points):
    text_points = "[" + ", ".join("[" + ", ".join(f'"{x}"' for x in p) + "]" for p in points) + "]"
    solution = solve_yaml(f"topic: kernel-pca\npoints: {text_points}\nkernel: {{name: linear}}\n")
    etas = solution.answers["eigenvalues"]
    assert etas[2:] == (0, 0)  # exactly zero, not a root object that is numerically zero
    w, V = _centred_linear_spectrum(points)
    assert np.allclose(_f(etas), w, atol=1e-9)
    coords = _f(solution.answers["coordinates"])
    coefs = _f(solution.answers["coefficients"])
    assert len(coords) == len(coefs) == 2
    for i in range(2):
        expected = np.sqrt(w[i]) * V[:, i]
        assert np.allclose(coords[i], expected, atol=1e-9) or np.allclose(coords[i], -expected, atol=1e-9)
        assert np.allclose(coefs[i] * np.sqrt(w[i]), coords[i] / np.sqrt(w[i]), atol=1e-9)
    assert all(step.passed for step in solution.steps)


def test_rbf_at_an_irrational_squared_distance_with_gamma_ln2_over_4():
    # d² = (2 + √2)² = 6 + 4√2, so k = 2^(−3/2 − √2): √2/4 times the transcendental 2^(−√2)
    solution = solve_yaml('topic: kernel-pca\npoints: [["-sqrt(2)"], [2]]\nkernel: {name: rbf, gamma: "ln(2)/4"}\n')
    k = sp.Integer(2) ** (-sp.Rational(3, 2) - sp.sqrt(2))
    assert is_zero(solution.answers["kernel"][0, 1] - k)
    etas = solution.answers["eigenvalues"]
    assert is_zero(etas[0] - (1 - k)) and etas[1] == 0
    assert all(step.passed for step in solution.steps)


def test_rbf_at_irrational_squared_distances_on_three_points():
    points = [["-sqrt(2)"], [2], [0]]
    solution = solve_yaml('topic: kernel-pca\npoints: [["-sqrt(2)"], [2], [0]]\nkernel: {name: rbf, gamma: "ln(2)/4"}\n')
    X = _numpy_points(points)
    K = np.exp(-np.log(2) / 4 * (X - X.T) ** 2)
    H = np.eye(3) - np.ones((3, 3)) / 3
    w = np.sort(np.linalg.eigvalsh(H @ K @ H))[::-1]
    assert np.allclose(_f(solution.answers["eigenvalues"]), w, atol=1e-9)
    assert len(solution.answers["coordinates"]) == 2
    assert all(step.passed for step in solution.steps)


def test_independent_exponentials_make_a_field_of_several_generators():
    # γ = 1/2: e^(−5), e^(−2) and e^(−6 + 3√3) lie in Q(e, e^(−√3)), e and e^(√3) being algebraically independent
    points = [[0, 0], [1, 3], [1, "sqrt(3)"]]
    solution = solve_yaml('topic: kernel-pca\npoints: [[0, 0], [1, 3], [1, "sqrt(3)"]]\nkernel: {name: rbf, gamma: 1/2}\n')
    X = _numpy_points(points)
    K = np.exp(-0.5 * ((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=2))
    H = np.eye(3) - np.ones((3, 3)) / 3
    w = np.sort(np.linalg.eigvalsh(H @ K @ H))[::-1]
    assert np.allclose(_f(solution.answers["eigenvalues"]), w, atol=1e-9)
    assert all(step.passed for step in solution.steps)


def test_powers_with_unrelated_irrational_exponents_are_refused_with_the_numbers_that_clash():
    # γ = ln 2/4 at squared distances 3 + 2√2, 4 + 2√3 and 5 − 2√6: 2^(−√2/2) and 2^(−√3/2), not powers of one number
    with pytest.raises(UnsupportedProblem, match=r"2\*\*\(-sqrt\(2\)/2\) and 2\*\*\(-sqrt\(3\)/2\)"):
        solve_yaml('topic: kernel-pca\npoints: [[0], ["1+sqrt(2)"], ["1+sqrt(3)"]]\nkernel: {name: rbf, gamma: "ln(2)/4"}\n')


def test_a_root_of_high_order_under_a_transcendental_is_refused_at_once():
    # d² = 17/4 − 3√2, 49/4 and 6 + 4√2 with γ = ln 2/4: Q(2^(1/16))(t), whose factoring took minutes
    with pytest.raises(UnsupportedProblem, match=r"2\^\(1/16\) \(a number field of degree 16\)"):
        solve_yaml('topic: kernel-pca\npoints: [[-3, "-3/2"], [-3, "-sqrt(2)"], [-3, 2]]\n'
                   'kernel: {name: rbf, gamma: "ln(2)/4"}\n')
