"""Topic feature-map: the notes' maps, and phi(x)^T phi(y) = (c + x^T y)^p for any p, c, d."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import render, solve
from tutor.errors import ProblemError
from tutor.topics.feature_map.recipe import feature_map_step, variables

from .conftest import PROBLEMS, solve_yaml


def test_the_notes_homogeneous_quadratic_map():
    x1, x2 = variables(2)
    answers = solve(str(PROBLEMS / "feature-map" / "homogeneous-quadratic.yaml")).answers
    assert answers["feature_map"] == (x1**2, x2**2, sp.sqrt(2) * x1 * x2)


def test_the_notes_six_term_map_with_offset():
    x1, x2 = variables(2)
    answers = solve(str(PROBLEMS / "feature-map" / "quadratic-with-offset.yaml")).answers
    assert set(answers["feature_map"]) == {x1**2, x2**2, sp.sqrt(2) * x1 * x2, sp.sqrt(2) * x1, sp.sqrt(2) * x2, 1}
    assert answers["kernel_value"] == 9


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(0, 3), st.integers(1, 3))
def test_the_map_reproduces_the_kernel_symbolically(p, c, d):
    step = feature_map_step(p, sp.Integer(c), d)
    xs = variables(d)
    ys = sp.symbols(f"y1:{d + 1}", real=True)
    phi_y = [f.subs(dict(zip(xs, ys))) for f in step.result]
    lhs = sp.expand(sum(a * b for a, b in zip(step.result, phi_y)))
    assert sp.expand(lhs - (c + sum(a * b for a, b in zip(xs, ys))) ** p) == 0
    assert step.passed


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.integers(0, 2),
       st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=2, max_size=2))
def test_kernel_value_matches_numpy(p, c, points):
    answers = solve_yaml(f"topic: feature-map\ndegree: {p}\noffset: {c}\npoints: {points}\n").answers
    x, y = np.array(points, dtype=float)
    assert float(answers["kernel_value"]) == pytest.approx((c + x @ y) ** p)
    phi_x, phi_y = (np.array([float(v) for v in vec]) for vec in answers["phi"])
    assert phi_x @ phi_y == pytest.approx((c + x @ y) ** p)


@pytest.mark.parametrize("text,field", [
    ("offset: 1", "degree"),
    ("degree: 0", "degree"),
    ("degree: 5", "degree"),
    ("degree: 2\noffset: -1", "offset"),
    ("degree: 2\npoints: [[1, 2], [1]]", "points"),
    ("degree: 2\ndimension: 3\npoints: [[1, 2], [3, 4]]", "dimension"),
])
def test_bad_values_name_their_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: feature-map\n" + text + "\n")
    assert info.value.field == field


@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_solution_expands_the_square_as_the_card_does(detail):
    """Issue 30: (1 + xᵀy)² expanded and its 2 split as √2·√2, not multinomial exponent vectors."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "feature-map" / "quadratic-with-offset.yaml")), "md", detail)
    assert r"\left(1 + x_{1} y_{1} + x_{2} y_{2}\right)^{2}" in text
    assert "2 x_{1} x_{2} y_{1} y_{2}" in text and r"\sqrt{2} \cdot \sqrt{2}" in text
    assert "k = " not in text and "exponent vector" not in text


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_points_are_never_on_one_line_through_the_origin(difficulty):
    # y = −x gave (xᵀy)² one image for both points, φ(x) = φ(y): a sheet that shows nothing about the map
    from tutor.generators import draw_solved

    for seed in range(1, 21):
        (x1, x2), (y1, y2) = draw_solved("feature-map", difficulty, seed)[0].data["points"]
        assert x1 * y2 != x2 * y1, (difficulty, seed)


def test_the_offsets_factors_are_explained_where_c_is_not_1():
    # (2 + xᵀy)²: the 2·2 = 4 of 4x₁y₁ gives the coordinate 2x₁, and the constant 4 the coordinate 2; the brief
    # line explained only the cross term's √2
    from tutor.problem import load_problem_text

    solution = solve(load_problem_text("topic: feature-map\ndegree: 2\noffset: 2\npoints: [[1, 2], [2, -1]]\n", "f.yaml"))
    md = render(solution, "md", "brief")
    assert (r"Likewise the $\tfrac{2!}{1!\,1!} \cdot 2 = 4$ of $4 x_{1} y_{1}$ splits as $2 \cdot 2$: "
            r"each vector carries $2 x_{1}$; the constant $4$ is $2 \cdot 2$, the coordinate $2$.") in md
