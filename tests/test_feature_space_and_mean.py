"""Topics feature-space and feature-mean: kernel values in place of dot products."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import solve
from tutor.errors import ProblemError

from .conftest import PROBLEMS, problem_error, solve_yaml


def test_rbf_card_distance_two_gives_feature_distance_one():
    answers = solve(str(PROBLEMS / "feature-space" / "rbf-distance-two.yaml")).answers
    assert answers["kernel_values"] == (1, 1, sp.Rational(1, 2))
    assert answers["distance_sq"] == 1 and answers["cosine"] == sp.Rational(1, 2)


def test_three_kernel_values():
    answers = solve(str(PROBLEMS / "feature-space" / "three-kernel-values.yaml")).answers
    assert answers["norms"] == (3, 4)
    assert answers["distance_sq"] == 13
    assert answers["cosine"] == sp.Rational(1, 2)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=3, max_size=3), min_size=2, max_size=2).filter(
    lambda p: any(p[0]) and any(p[1])))
def test_feature_space_matches_the_explicit_quadratic_feature_map(points):
    # (x^T y)^2 = phi(x)^T phi(y) with phi(x) = (x_i x_j for all i, j): compare with numpy.
    solution = solve_yaml(f"topic: feature-space\npoints: {points}\nkernel: {{name: polynomial, degree: 2}}\n")
    phi = [np.outer(p, p).ravel().astype(float) for p in points]
    a = solution.answers
    assert math.isclose(float(a["norms"][0]), np.linalg.norm(phi[0]), rel_tol=1e-12)
    assert math.isclose(float(a["distance_sq"]), float(np.sum((phi[0] - phi[1]) ** 2)), rel_tol=1e-12, abs_tol=1e-9)
    cos = phi[0] @ phi[1] / (np.linalg.norm(phi[0]) * np.linalg.norm(phi[1]))
    assert math.isclose(float(a["cosine"]), cos, rel_tol=1e-12, abs_tol=1e-12)


def test_impossible_kernel_values_are_refused():
    with pytest.raises(ProblemError, match="Cauchy"):
        solve_yaml("topic: feature-space\nkernel_values: {xx: 1, yy: 1, xy: 2}\n")
    with pytest.raises(ProblemError, match="must be > 0"):
        solve_yaml("topic: feature-space\nkernel_values: {xx: 0, yy: 1, xy: 0}\n")
    with pytest.raises(ProblemError, match="exactly two points"):
        solve_yaml("topic: feature-space\npoints: [[0], [1], [2]]\nkernel: {name: linear}\n")


def test_feature_mean_of_a_given_matrix():
    answers = solve(str(PROBLEMS / "feature-mean" / "given-kernel-matrix.yaml")).answers
    assert answers["mean_norm_sq"] == sp.Rational(10, 9)
    assert answers["distances_sq"] == (sp.Rational(10, 9), sp.Rational(4, 9), sp.Rational(10, 9))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=2, max_size=5))
def test_feature_mean_matches_numpy_with_the_linear_kernel(points):
    # With the linear kernel phi is the identity: the mean and distances are the ordinary ones.
    answers = solve_yaml(f"topic: feature-mean\npoints: {points}\nkernel: {{name: linear}}\n").answers
    X = np.array(points, dtype=float)
    mu = X.mean(axis=0)
    assert math.isclose(float(answers["mean_norm_sq"]), float(mu @ mu), abs_tol=1e-12)
    assert np.allclose([float(v) for v in answers["distances_sq"]], np.sum((X - mu) ** 2, axis=1))


@pytest.mark.parametrize("text, field", [
    # √(10^100 + 4), the distance, made SymPy's integer factoring raise a ValueError (an internal error, exit 3).
    ('kernel_values: {xx: "10^100", yy: 16, xy: 6}', "kernel_values"),
    ('kernel_values: {xx: "10^1000", yy: 16, xy: 6}', "kernel_values"),
    ('kernel_values: {xx: 9, yy: 16, xy: "1/10^70"}', "kernel_values"),
    ('points: [["12345678901234567890", 1], [2, 3]]\nkernel: {name: polynomial, degree: 2, offset: 1}', "points"),
])
def test_roots_of_numbers_beyond_the_digit_limit_are_refused_naming_the_field(text, field):
    err = problem_error(f"topic: feature-space\n{text}\n")
    assert err.field == field and "(at most 60)" in err.message


def test_a_degree_ten_kernel_on_decimal_points_is_within_the_digit_limit():
    # K(x,x) = (141/16)^10 has 22 digits: well within the limit on the roots' numbers (the sweep's largest case).
    solution = solve_yaml("topic: feature-space\npoints: [[0.5, 0.25, 0.5, 1, 2.5], [0.25, 0.5, 2, -1.5, 3]]\n"
                          "kernel: {name: polynomial, degree: 10, offset: 1}\n")
    assert solution.answers["kernel_values"][0] == sp.Rational(141, 16) ** 10


@pytest.mark.parametrize("name,shown", [
    ("quadratic-kernel", (r"\mathbf x^T\mathbf y = 1 \cdot 2 + 2 \cdot 0 = 2", "= 2^{2} = 4")),
    ("rbf-distance-two", (r"\|\mathbf x - \mathbf y\|^2 = \left( 0 - 2\right)^2 + \left( 0 - 0\right)^2 = 4",
                          r"e^{-\gamma \cdot 4}")),
])
@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_kernel_values_show_the_dot_products_they_come_from(name, shown, detail, fmt):
    """Issue 30: the kernel values with the dot products (or squared distance) behind them, in every format."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "feature-space" / f"{name}.yaml")), fmt, detail)
    for piece in shown:
        assert piece in text
