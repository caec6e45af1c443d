"""Topic amortised: the post's doubling array, an independent simulation, and bad input."""

from __future__ import annotations


import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor import render, solve

from .conftest import PROBLEMS, problem_error, solve_error_line, solve_yaml
from .test_overflow import _fits, needs_pdflatex


def test_the_posts_doubling_array():
    solution = solve(str(PROBLEMS / "amortised" / "doubling.yaml"))
    answers = solution.answers
    assert answers["costs"] == (1, 2, 3, 1, 5, 1, 1, 1, 9)
    assert answers["potentials"] == (1, 2, 2, 4, 2, 4, 6, 8, 2)
    assert answers["amortised"] == (2,) + (3,) * 8  # the first insertion into length 0 costs 1 + (1 − 0)
    assert answers["total_cost"] == 24 and answers["total_amortised"] == 26
    cases = solution.step("cases").data
    n = sp.Symbol("n")
    assert cases.cheap == 3 and cases.full_delta == 2 - n and cases.full == 3  # n + 1 + (2 − n) = 3


def test_a_start_length_of_one_makes_phi0_negative_but_keeps_the_bound():
    solution = solve(str(PROBLEMS / "amortised" / "start-at-one.yaml"))
    assert solution.step("potentials").data.phi0 == -1
    assert not solution.step("potentials").passed  # Φ(h0) = 0 fails, and says so
    assert solution.step("total_amortised").passed


def test_tripling_with_the_matched_potential_costs_five_halves():
    answers = solve(str(PROBLEMS / "amortised" / "tripling.yaml")).answers
    assert set(answers["amortised"][1:]) == {sp.Rational(5, 2)}


def test_a_mismatched_potential_is_shown_failing():
    solution = solve(str(PROBLEMS / "amortised" / "wrong-potential.yaml"))
    assert not solution.step("potentials").passed
    assert solution.step("cases").data.full.has(sp.Symbol("n"))


def _simulate(count, start, growth):
    """An array that really holds its elements: cost = elements written (copies + the new one)."""
    capacity, items, costs = start, [], []
    for k in range(count):
        written = 1
        if len(items) == capacity:
            capacity = 1 if capacity == 0 else growth * capacity
            written += len(items)  # every element copied into the new array
        items.append(k)
        costs.append(written)
    return costs, capacity


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 64), st.integers(0, 8), st.integers(2, 4), st.integers(-3, 3), st.integers(-3, 3),
       st.integers(-2, 2))
def test_matches_a_simulation_and_the_telescoping_sum(count, start, growth, a, b, c):
    text = f"topic: amortised\nn: {count}\nstart: {start}\ngrowth: {growth}\npotential: '{a}*n + {b}*m + {c}'\n"
    answers = solve_yaml(text).answers
    costs, final_length = _simulate(count, start, growth)
    assert list(answers["costs"]) == costs
    assert answers["potentials"][-1] == a * count + b * final_length + c
    phi0 = b * start + c
    assert answers["total_amortised"] == sum(costs) + answers["potentials"][-1] - phi0
    before = (phi0,) + answers["potentials"][:-1]
    assert all(h == ci + p1 - p0 for h, ci, p0, p1 in zip(answers["amortised"], costs, before, answers["potentials"]))


@pytest.mark.parametrize("text,field", [
    ("n: 0", "n"), ("n: 65", "n"), ("n: 2.5", "n"), ("n: 4\nstart: -1", "start"), ("n: 4\ngrowth: 5", "growth"),
    ("n: 4\npotential: n^2 - m", "potential"), ("n: 4\npotential: 2n - k", "potential"), ("start: 2", "n"),
])
def test_bad_values_name_their_field(text, field):
    error = problem_error("topic: amortised\n" + text + "\n")
    assert error.field == field


def test_n_out_of_range_is_one_line_and_exit_2(tmp_path):
    path, line = solve_error_line(tmp_path, "topic: amortised\nn: 100\n")
    assert line == f"error: {path}: n: must be from 1 to 64, got 100"



@needs_pdflatex
def test_the_longest_lists_of_costs_break_across_lines_instead_of_overflowing():
    # n = 64 (the limit) set each list of 64 values as one formula: three Overfull boxes up to 414pt.
    text = (PROBLEMS / "amortised" / "doubling.yaml").read_text().replace("n: 9", "n: 64")
    assert "n: 64" in text
    tex = render(solve_yaml(text), "tex", "brief", figures=False)
    assert "$c_i$: $1$, $2$, $3$, $1$, $5$" in tex
    assert _fits(tex) == []


@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_first_amortised_cost_from_the_empty_array_is_explained(detail):
    """Issue 30: ĉ₁ = 2 (neither of the two cases: nothing to copy) was left unexplained."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "amortised" / "doubling.yaml")), "md", detail)
    assert r"The first insertion finds the empty array ($n = m = 0$)" in text
    assert r"\hat c_1 = 1 + 1 - 0 = 2" in text
    started = render(solve(str(PROBLEMS / "amortised" / "start-at-one.yaml")), "md", detail)
    assert "empty array" not in started


def test_a_failed_requirement_is_written_as_what_holds_and_the_note_names_every_failure():
    # "Φ(h₀) = 0 ✗ (does not hold)" read like a slip in the key; the note said nothing of Φ₁₀ = −7
    text = tutor.render(tutor.solve(tutor.load_problem("problems/amortised/wrong-potential.yaml")), "md",
                        figures=False)
    assert r"**Checks:** $\Phi(h_0) = -1 \ne 0$ ✗; $\min_i \Phi_i = -7 < 0$ ✗" in text
    assert r"$\sum c_i = 23 > 17 = \sum \hat c_i$ ✗" in text
    assert "does not hold" not in text
    # Σĉ − Σc = Φᵢ − Φ₀: the bound holds while Φᵢ ≥ Φ₀ = −1 (at insertion 4, Φ₄ = −1, it still does) and
    # first fails at insertion 10; "no longer an upper bound after insertion 4" was false
    assert "bound the actual cost so far only while $\\Phi_i \\ge \\Phi_0$; here that first fails after insertion 10" in text
    assert "insertion 4" not in text
    right = tutor.render(tutor.solve(tutor.load_problem("problems/amortised/doubling.yaml")), "md", figures=False)
    assert "✗" not in right and "never goes below it" in right
