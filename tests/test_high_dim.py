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


def test_a_thin_shell_in_many_dimensions_is_exact_and_renders(tmp_path):
    # 1 − (1 − 10^−50)^200 has a 10,001-digit denominator: more than Python prints (4,300 digits),
    # which made every format exit 3. The value stays exact; pages show its decimal.
    import json
    import sys

    from .conftest import run_cli

    path = tmp_path / "shell.yaml"
    path.write_text('topic: high-dim\ndimensions: [2, 30, 200]\nshell: "1/10^50"\n')
    epsilon = sp.Rational(1, 10**50)
    answers = solve(str(path)).answers["shell_fraction"]
    assert answers == tuple(1 - (1 - epsilon) ** m for m in (2, 30, 200))
    for fmt in ("md", "tex", "json"):
        result = run_cli("solve", str(path), "--format", fmt)
        assert result.exit_code == 0, result.output
    assert r"2 \times 10^{-48}" in run_cli("solve", str(path)).output
    exact = json.loads(run_cli("solve", str(path), "--format", "json").output)["answers"]["shell_fraction"]["exact"]
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        assert sp.Rational(exact[2]) == answers[2]
    finally:
        sys.set_int_max_str_digits(limit)


def test_an_irrational_shell_is_expanded_only_when_that_is_quick():
    three_surds = 'shell: "sqrt(2)/3 + sqrt(3)/7 + sqrt(5)/11"'
    answers = solve_yaml(f"topic: high-dim\ndimensions: [2, 60]\n{three_surds}\n").answers["shell_fraction"]
    assert float(answers[1]) == pytest.approx(1 - (1 - (2**0.5 / 3 + 3**0.5 / 7 + 5**0.5 / 11)) ** 60)
    # (1 − ε)^100 has C(103, 3) = 176,851 terms, beyond the surd arithmetic: refused, not hours of SymPy
    with pytest.raises(ProblemError) as info:
        solve_yaml(f"topic: high-dim\ndimensions: [100]\n{three_surds}\n")
    assert info.value.field == "shell" and "too many terms" in info.value.message


def test_a_shell_with_a_huge_number_is_refused():
    with pytest.raises(ProblemError) as info:
        solve_yaml('topic: high-dim\nshell: "1/(10^999*10^999*10^999*10^999*10^999)"\n')
    # The parser refuses it as it is read (beyond 10^1000); high-dim's own bound is 100 digits.
    assert info.value.field == "shell" and "value too large" in info.value.message


def test_a_shell_with_more_than_100_digits_is_refused():
    with pytest.raises(ProblemError) as info:
        solve_yaml('topic: high-dim\nshell: "1/10^101"\n')
    assert info.value.field == "shell" and "more than 100 digits" in info.value.message


def test_each_value_has_one_form_and_odd_m_shows_its_gamma():
    """Issue 30: m = 20 was π¹⁰/(2²⁰·10!) in the table and π¹⁰/3805072588800 in the final answers; Γ(m/2 + 1)
    was never given for odd m."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "high-dim" / "ball-in-cube.yaml")), "md", "brief")
    # the card's form, in the table and the final answers alike (the 13-digit denominator in neither)
    assert text.count(r"\frac{\pi^{10}}{2^{20}\, 10!}") == 2 and "3805072588800" not in text
    assert r"\frac{3!!}{2^{2}} \sqrt{\pi} = \frac{3 \sqrt{\pi}}{4}" in text and "10! = 3628800" in text
    shell = render(solve(str(PROBLEMS / "high-dim" / "thin-shell.yaml")), "md", "brief")
    assert shell.count(r"1 - \left(\frac{19}{20}\right)^{100}") == 2  # the box writes the table's form


def test_the_final_answers_write_each_value_in_the_tables_form():
    """Issue 30: the cap table wrote 1/6 − 169√3/(560π) and the final answers −169√3/(560π) + 1/6; the
    thin shell's m = 10 was 4108933742199/10240000000000 where the table writes 1 − (19/20)¹⁰."""
    from tutor.rendering import render
    shell = render(solve(str(PROBLEMS / "high-dim" / "thin-shell.yaml")), "md", "brief")
    assert "4108933742199" not in shell
    assert shell.count(r"1 - \left(\frac{19}{20}\right)^{10}$") == 1  # the table's cell
    assert r"1 - \left(\frac{19}{20}\right)^{10} \approx 0.4013" in shell  # the box, its decimal beside
    cap = render(solve(str(PROBLEMS / "high-dim" / "random-directions.yaml")), "md", "brief")
    assert cap.count(r"\frac{1}{6} - \frac{169 \sqrt{3}}{560 \pi}") == 2 and "+ \\frac{1}{6}" not in cap


def test_no_topic_calls_a_private_function_of_the_question_module():
    """The high-dim recipe imported question._too_long to match the box; the box now takes the topic's
    forms through the typed hook (question.ShownForms, the parts module's shown)."""
    import re
    from pathlib import Path

    import tutor
    sources = (Path(tutor.__file__).parent / "topics").rglob("*.py")
    assert not [p for p in sources if re.search(r"question import _|question\._", p.read_text())]


def test_the_cap_table_shows_both_integrals_of_the_reduction_formula():
    # the probabilities stood alone, with no working: a student computes ∫₀^θ and ∫₀^π of sin^(m−2) first
    from tutor import render

    solution = solve_yaml('topic: high-dim\ndimensions: [2, 4, 7]\nangle: "pi/6"\n')
    step = solution.step("cap_probability")
    t = sp.Symbol("t")
    for (m, p), (part, whole) in zip(step.data.rows, step.data.integrals):
        assert sp.simplify(part / whole - p) == 0
        assert abs(float(part) - float(sp.Integral(sp.sin(t) ** (m - 2), (t, 0, sp.pi / 6)).evalf())) < 1e-12
    text = render(solution, "md", "brief")
    assert r"$\frac{\pi}{12} - \frac{\sqrt{3}}{8}$" in text and "| decimal |" in text
