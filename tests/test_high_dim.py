"""Topic high-dim: the card's pi/4 and pi/6, shells, and random directions against numerics."""

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import solve
from tutor.errors import ProblemError

from .conftest import PROBLEMS, solve_yaml


def test_the_cards_ball_in_cube_ratios():
    ratios = solve(str(PROBLEMS / "high-dim" / "ball-in-cube.yaml")).answers["ball_cube_ratio"]
    assert ratios[:2] == (sp.pi / 4, sp.pi / 6)
    assert round(float(ratios[0]) * 100, 1) == 78.5 and round(float(ratios[1]) * 100, 1) == 52.4
    assert all(float(a) > float(b) for a, b in zip(ratios, ratios[1:]))


def test_shell_fractions():
    fractions = solve(str(PROBLEMS / "high-dim" / "thin-shell.yaml")).answers["shell_fraction"]
    assert fractions[0] == 1 - sp.Rational(19, 20) ** 2
    assert float(fractions[-1]) > 0.99


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 40), st.integers(1, 11))
def test_cap_probability_matches_numerical_integration(m, twelfths):
    theta = math.pi * twelfths / 12
    answers = solve_yaml(f"topic: high-dim\ndimensions: [{m}]\nangle: pi*{twelfths}/12\n").answers
    t = np.linspace(0, math.pi, 200_001)
    density = np.sin(t) ** (m - 2)
    inside = t <= theta

    def integral(f):  # the trapezoid rule, without depending on numpy's renamed helper
        return float(np.sum((f[1:] + f[:-1]) / 2 * np.diff(t)))

    expected = integral(density * inside) / integral(density)
    assert float(answers["cap_probability"][0]) == pytest.approx(expected, abs=1e-4)


def test_closed_forms_in_two_and_three_dimensions():
    answers = solve_yaml("topic: high-dim\ndimensions: [2, 3]\nangle: pi/3\n").answers
    assert answers["cap_probability"] == (sp.Rational(1, 3), sp.Rational(1, 4))  # theta/pi and (1 - cos theta)/2


def test_ball_ratio_matches_the_gamma_function():
    answers = solve_yaml("topic: high-dim\ndimensions: [1, 4, 7, 50]\n").answers
    for m, r in zip((1, 4, 7, 50), answers["ball_cube_ratio"]):
        assert float(r) == pytest.approx(math.pi ** (m / 2) / (2**m * math.gamma(m / 2 + 1)))


@pytest.mark.parametrize("text,field", [
    ("dimensions: [0]", "dimensions[1]"),
    ("dimensions: [2.5]", "dimensions[1]"),
    ("dimensions: [2]\nshell: 0", "shell"),
    ("dimensions: [2]\nshell: 1", "shell"),
    ("dimensions: [2]\nshell: 1.5", "shell"),
    ("dimensions: [2]\nangle: 0", "angle"),
    ("dimensions: [2]\nangle: 4", "angle"),
    ("dimensions: []", "dimensions"),
])
def test_bad_values_name_their_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: high-dim\n" + text + "\n")
    assert info.value.field == field
