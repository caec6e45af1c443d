"""Topic importance-sampling: a hand-checked example, numpy on random problems, and bad input."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import solve
from tutor.topics.importance_sampling import draw_samples

from .conftest import PROBLEMS, problem_error, solve_error_line, solve_yaml

R = sp.Rational


def test_three_points_by_hand():
    answers = solve(str(PROBLEMS / "importance-sampling" / "three-points.yaml")).answers
    # p/q = (3/4, 3/2, 3/4); samples 0, 2, 1, 2 give f·w = 0, 3, 3/2, 3.
    assert answers["weights"] == (R(3, 4), R(3, 4), R(3, 2), R(3, 4))
    assert answers["exact"] == R(3, 2)
    assert answers["estimate"] == R(15, 8)
    assert answers["self_normalised"] == 2
    assert answers["variance_is"] == R(15, 4) - R(9, 4)
    assert answers["variance_mc"] == R(9, 2) - R(9, 4)


def test_a_rare_event_is_estimated_with_less_variance():
    answers = solve(str(PROBLEMS / "importance-sampling" / "rare-event.yaml")).answers
    assert answers["exact"] == R(1, 16)
    assert answers["variance_is"] < answers["variance_mc"]


def test_drawn_samples_are_recorded_and_reproducible():
    first = solve(str(PROBLEMS / "importance-sampling" / "drawn.yaml"))
    again = solve(str(PROBLEMS / "importance-sampling" / "drawn.yaml"))
    assert first.step("samples").result == again.step("samples").result
    assert len(first.answers["weights"]) == 8
    support, q = (1, 2, 3, 4), (R(1, 4),) * 4
    assert draw_samples(support, q, 8, 2026) == first.step("samples").result
    assert draw_samples(support, q, 8, 2027) != first.step("samples").result


def test_draws_follow_q():
    support, q = (0, 1, 2), (R(1, 2), R(1, 3), R(1, 6))
    samples = draw_samples(support, q, 50, 1) + draw_samples(support, q, 50, 2) + draw_samples(support, q, 50, 3)
    counts = [samples.count(x) for x in support]
    assert counts[0] > counts[1] > counts[2] > 0


def _distribution(size):
    return st.lists(st.integers(0, 6), min_size=size, max_size=size).filter(lambda c: sum(c) > 0).map(
        lambda c: [Fraction(k, sum(c)) for k in c])


@st.composite
def problems(draw):
    size = draw(st.integers(2, 6))
    p = draw(_distribution(size))
    q = draw(_distribution(size).filter(lambda q: all(b > 0 for a, b in zip(p, q) if a > 0)))
    f = draw(st.lists(st.integers(-5, 5), min_size=size, max_size=size))
    drawable = [i for i in range(size) if q[i] > 0]
    samples = draw(st.lists(st.sampled_from(drawable), min_size=1, max_size=8))
    return p, q, f, samples


@settings(max_examples=80, deadline=None)
@given(problems())
def test_every_answer_matches_numpy(case):
    p, q, f, samples = case
    support = list(range(len(p)))
    text = (f"topic: importance-sampling\nsupport: {support}\np: {[str(v) for v in p]}\n"
            f"q: {[str(v) for v in q]}\nf: {f}\nsamples: {samples}\n")
    answers = solve_yaml(text).answers
    P, Q, F = (np.array([float(v) for v in a]) for a in (p, q, f))
    idx = np.array(samples)
    w = P[idx] / Q[idx]
    exact = float(F @ P)
    drawn = Q > 0
    expected = {
        "weights": w, "exact": exact, "estimate": np.mean(F[idx] * w),
        "variance_is": float(np.sum(F[drawn] ** 2 * P[drawn] ** 2 / Q[drawn])) - exact**2,
        "variance_mc": float(F**2 @ P) - exact**2,
    }
    if w.sum() > 0:
        expected["self_normalised"] = float(np.sum(F[idx] * w) / w.sum())
    for key, value in expected.items():
        got = np.array([float(v) for v in answers[key]]) if key == "weights" else float(answers[key])
        assert np.allclose(got, value, atol=1e-12), key
    # Unbiasedness, exactly: E_q[f w] = E_p[f].
    assert sum(R(qx) * fx * R(px) / R(qx) for px, qx, fx in zip(p, q, f) if qx) == answers["exact"]


BASE = "topic: importance-sampling\nsupport: [0, 1, 2]\nf: [1, 2, 3]\nsamples: [0, 1]\n"


@pytest.mark.parametrize("text,field,words", [
    ("p: [1/2, 1/4, 1/8]\nq: [1/3, 1/3, 1/3]", "p", "sum to 7/8, not 1"),
    ("p: [1/2, 3/4, -1/4]\nq: [1/3, 1/3, 1/3]", "p[3]", "between 0 and 1"),
    ("p: [1/2, 1/4, 1/4]\nq: [1/2, 1/2, 0]", "q", "at x = 2, q(x) = 0 but p(x) = 1/4"),
    ("p: [1/2, 1/2]\nq: [1/3, 1/3, 1/3]", "p", "one value per support point"),
    ("p: [1/2, 1/4, 1/4]\nq: [1/3, 1/3, 1/3]\ndraw: {n: 3}", "samples", "either samples"),
    ("p: [1/2, 1/4, 1/4]\nq: [1/3, 1/3, sqrt(2)/3]", "q[3]", "exact rational"),
])
def test_bad_distributions_name_their_field(text, field, words):
    error = problem_error(BASE + text + "\n")
    assert error.field == field and words in error.message


def test_a_sample_outside_the_support_is_named():
    error = problem_error("topic: importance-sampling\nsupport: [0, 1]\np: [1/2, 1/2]\nq: [1/2, 1/2]\nf: x\n"
                          "samples: [0, 5]\n")
    assert error.field == "samples[2]" and "not a support point" in error.message


def test_bad_file_is_one_line_and_exit_2(tmp_path):
    path, line = solve_error_line(tmp_path, BASE + "p: [1/2, 1/4, 1/8]\nq: [1/3, 1/3, 1/3]\n")
    assert line == f"error: {path}: p: the probabilities sum to 7/8, not 1"


# --- generated problems (issue 30): a lecturer can set them ------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_problems_write_their_samples_and_come_in_several_structures(difficulty):
    from tutor.generators import draw_solved
    from tutor.topics.importance_sampling.generator import STRUCTURES, TITLES

    titles = set()
    for seed in range(1, 21):
        generated, _, solution = draw_solved("importance-sampling", difficulty, seed)
        data = generated.data
        assert "draw" not in data and data["samples"], seed  # the samples themselves, never a seed
        titles.add(data["title"])
        if data["title"] == TITLES["poor"]:  # the lesson of a poor proposal holds
            assert solution.answers["variance_is"] > solution.answers["variance_mc"], seed
        if data["title"] == TITLES["optimal"]:  # q ∝ f·p: every f(x)w(x) is E_p[f]
            assert solution.answers["variance_is"] == 0, seed
        if data["title"] == TITLES["unvisited"]:  # a sample where p = 0 weighs 0
            assert 0 in solution.answers["weights"], seed
        if data["title"] == TITLES["rare"]:  # the rare event is among the samples
            assert any(data["f"][data["support"].index(x)] == 1 for x in data["samples"]), seed
    assert len(titles) >= 3 and titles <= {TITLES[s] for s in STRUCTURES[difficulty]}, titles
