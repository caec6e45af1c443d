"""high-dim's random tries (simulate: {tries, seed}): the Monte Carlo estimate beside the exact probability."""

import math

import numpy as np
import pytest
import sympy as sp

from tutor import render, solve
from tutor.errors import ProblemError
from tutor.topics import high_dim
from tutor.topics.high_dim import recipe, simulate

from .conftest import PROBLEMS, run_cli, solve_yaml

BUNDLED = PROBLEMS / "high-dim" / "random-directions-simulated.yaml"


def _step(text):
    return solve_yaml("topic: high-dim\n" + text).step("cap_simulation")


@pytest.mark.parametrize("seed", range(50))
def test_the_estimate_lies_within_4_standard_errors_of_the_exact_value(seed):
    theta = sp.pi / 3
    dims = (2, 3, 5, 8)
    hits = simulate.count_hits(dims, float(sp.cos(theta)), 2000, seed)
    for row in recipe.simulation_rows([(m, recipe.cap_probability(m, theta)) for m in dims], hits, 2000):
        assert row.error > 0, (seed, row.m)  # 2,000 tries with p ≥ 3% always hit and always miss somewhere
        assert abs(float(row.estimate - row.exact)) <= 4 * float(row.error), (seed, row.m)


def test_the_count_is_the_angle_test_on_normalised_gaussian_vectors():
    # The same draws, rebuilt as whole vectors u = x/|x| and judged by their angle to e1 with arccos.
    seed, tries, theta = 7, 3000, math.pi / 4
    streams = [np.random.Generator(np.random.PCG64(c)) for c in np.random.SeedSequence(seed).spawn(6)]
    x = np.stack([s.standard_normal(tries) for s in streams], axis=1)
    for m in (2, 4, 6):
        u = x[:, :m] / np.linalg.norm(x[:, :m], axis=1, keepdims=True)
        expected = int(np.count_nonzero(np.arccos(np.clip(u[:, 0], -1, 1)) <= theta))
        assert simulate.count_hits([m], math.cos(theta), tries, seed) == {m: expected}


def test_the_same_seed_gives_the_same_estimate_and_another_seed_another():
    text = "dimensions: [2, 3]\nangle: pi/4\nsimulate: {tries: 5000, seed: 11}\n"
    first, again = _step(text), _step(text)
    assert first.result == again.result and first.data == again.data
    other = _step(text.replace("seed: 11", "seed: 12"))
    assert other.result != first.result
    assert _step(text.replace(", seed: 11", "")).data.seed == 0  # the seed defaults to 0


def test_a_dimensions_count_does_not_depend_on_the_others_asked_for():
    alone = simulate.count_hits([3], math.cos(math.pi / 4), 70_000, 5)  # more than one chunk of tries
    with_others = simulate.count_hits([2, 3, 40], math.cos(math.pi / 4), 70_000, 5)
    assert alone[3] == with_others[3]


def test_the_estimate_is_exact_and_not_an_answer_key():
    solution = solve(str(BUNDLED))
    step = solution.step("cap_simulation")
    assert all(isinstance(p, sp.Rational) for p in step.result)
    row = step.data.rows[0]
    assert row.estimate == sp.Rational(row.hits, 100_000)
    assert row.error == sp.sqrt(row.estimate * (1 - row.estimate) / 100_000)
    assert "cap_simulation" not in solution.answers and "cap_simulation" not in high_dim.ANSWER_KEYS
    assert solution.answers["cap_probability"] == solution.step("cap_probability").result  # the exact value stays


def test_the_cards_remark_in_30_dimensions():
    step = solve(str(BUNDLED)).step("cap_simulation")
    by_m = {r.m: r for r in step.data.rows}
    assert by_m[30].hits == 0 and by_m[30].distance is None and float(by_m[30].expected) < 1e-4
    assert all(float(r.distance) <= 3 for r in step.data.rows if r.m < 30)
    assert "no try landed within" in step.note and "one hit needs about" in step.note


def test_a_far_estimate_is_said_to_be_far():
    rows = recipe.simulation_rows([(3, sp.Rational(1, 4))], {3: 400}, 1000)  # 0.4 against 0.25
    assert float(rows[0].distance) > 3
    assert "more than 3 for $m = 3$" in recipe.agreement(rows, 1000)


@pytest.mark.parametrize("text,field,words", [
    ("angle: pi/6\nsimulate: {tries: 1000001}", "simulate.tries", "from 1 to 1000000"),
    ("angle: pi/6\nsimulate: {tries: 0}", "simulate.tries", "from 1 to 1000000"),
    ("angle: pi/6\nsimulate: {tries: 10.5}", "simulate.tries", "whole number"),
    ("angle: pi/6\nsimulate: {tries: 10, seed: -1}", "simulate.seed", "from 0"),
    ("angle: pi/6\nsimulate: {seed: 1}", "simulate", "{tries: N, seed: S}"),
    ("angle: pi/6\nsimulate: {tries: 10, n: 3}", "simulate", "{tries: N, seed: S}"),
    ("angle: pi/6\nsimulate: 100", "simulate", "{tries: N, seed: S}"),
    ("simulate: {tries: 100}", "simulate", "give angle too"),
])
def test_bad_simulations_are_refused_naming_the_field(text, field, words):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: high-dim\ndimensions: [2, 3]\n" + text + "\n")
    assert info.value.field == field and words in info.value.message


def test_too_many_tries_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text("topic: high-dim\nangle: pi/6\nsimulate: {tries: 2000000, seed: 1}\n")
    result = run_cli("solve", str(path))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "simulate.tries" in lines[0] and "many.yaml" in lines[0], result.stderr


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_tries_render_beside_the_exact_value(fmt, detail):
    text = render(solve(str(BUNDLED)), fmt, detail)
    assert "Random tries beside the exact value" in text
    assert "100{,}000" in text and "16634" in text and "0.1663" in text  # N, m = 2's hits and estimate
    assert "1.563 \\times 10^{-10}" in text  # the exact value for m = 30, beside its 0 hits


def test_the_problem_data_keeps_the_simulation():
    problem = solve(str(BUNDLED)).problem
    assert high_dim.problem_data(problem)["simulate"] == {"tries": 100_000, "seed": 0}
    assert high_dim.parse(high_dim.problem_data(problem)) == problem


def test_a_standard_error_of_0_is_answered_with_the_expected_count():
    exact = [(2, sp.Rational(99, 100)), (30, sp.Rational(1, 10**9)), (40, sp.Rational(1, 10**12))]
    rows = recipe.simulation_rows(exact, {2: 10, 30: 0, 40: 0}, 10)
    note = recipe.agreement(rows, 10)
    assert "For $m = 30, 40$ no try landed within $\\theta$" in note  # the idle dimensions in one clause
    assert "every try landed within $\\theta$, where the exact value expects $0.1$ misses of $10$" in note
