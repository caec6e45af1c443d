"""The solve budget: closed forms that would be pages long or minutes slow are named roots instead.

Before the budget, each input below took 30 s to minutes (issue 14): RBF kernels on points with
fractional coordinates (kernel values are powers of e^(-1/36) up to the 746th), where SymPy's
factoring over Q(t) hunted for primes and eigenvectors over Q(t)[x]/(f) took a minute, and an
SVD with three different square roots (nested radicals over a field of degree 8). The tests check
the route taken and the values (against numpy), never the time: that is bench/solve_budget.py's.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import load_problem_text, render, solve
from tutor.errors import UnsupportedProblem
from tutor.exact import eigen
from tutor.exact.implicit import EigenvectorEntry, PolyRoot, isolating_interval
from tutor.exact.tidy import numeric

HANG_GUARD = 120  # seconds: the solves take about a second; this only turns a hang into a failure

ISSUE_14 = ("topic: kernel-pca\npoints: [[-3, '3/2'], ['-5/3', '1/3'], [0, '1/3']]\n"
            "kernel: {name: rbf, gamma: 1}\n")
FACTORING = ("topic: kernel-pca\npoints: [['-3/2', 5, -5], [1, '-1/3', '-2/3'], [2, '1/2', '-1/3']]\n"
             "kernel: {name: rbf, gamma: '1/2'}\n")
THREE_SURDS = ("topic: svd\nmatrix: [['2 - sqrt(2)', 'sqrt(3)', -1], [-1, 'sqrt(3)', 'sqrt(2)'], "
               "['sqrt(5)', 'sqrt(2)', '2 + sqrt(5)']]\n")


def _solve(text: str):
    return solve(load_problem_text(text, "<test>"), timeout=HANG_GUARD)


def _floats(values):
    return [float(numeric(v)) for v in values]


def _numpy_kernel_pca(points, gamma):
    X = np.array([[float(sp.Rational(c)) for c in p] for p in points])
    K = np.exp(-gamma * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    H = np.eye(len(X)) - 1 / len(X)
    etas, V = np.linalg.eigh(H @ K @ H)
    order = np.argsort(-etas)
    return etas[order], V[:, order]


def test_the_issue_14_input_names_its_roots_and_says_so_in_one_line():
    solution = _solve(ISSUE_14)
    etas = solution.answers["eigenvalues"]
    assert isinstance(etas[0], PolyRoot) and isinstance(etas[1], PolyRoot) and etas[2] == 0
    assert all(isinstance(x, EigenvectorEntry) for x in solution.answers["eigenvectors"][0])
    note = solution.step("eigenvalues").note
    assert note.count("Closed forms here would") == 1 and "degree 746 in $t = e^{- \\frac{1}{36}}$" in note
    expected, V = _numpy_kernel_pca([[-3, "3/2"], ["-5/3", "1/3"], [0, "1/3"]], 1.0)
    assert _floats(etas) == pytest.approx(list(expected), abs=1e-12)
    for k in range(2):
        v = np.array(_floats(solution.answers["eigenvectors"][k]))
        assert v == pytest.approx(V[:, k] * np.sign(V[0, k]), abs=1e-12)
    markdown = render(solution, "md")
    assert r"\eta_{1} = \rho_{1} \approx 1.002" in markdown and "exact form: too long" not in markdown


def test_high_degree_factoring_over_q_t_is_done_by_specialisation(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise AssertionError("factor_list over Q(t) of high degree: minutes of prime hunting")

    monkeypatch.setattr(sp.Poly, "factor_list", refuse)
    solution = _solve(FACTORING)
    etas = solution.answers["eigenvalues"]
    assert etas[-1] == 0 and all(isinstance(e, PolyRoot) for e in etas[:-1])
    expected, _ = _numpy_kernel_pca([["-3/2", 5, -5], [1, "-1/3", "-2/3"], [2, "1/2", "-1/3"]], 0.5)
    assert _floats(etas) == pytest.approx(list(expected), abs=1e-12)


def test_an_svd_with_three_square_roots_names_its_roots():
    solution = _solve(THREE_SURDS)
    D = np.array([[2 - 2**0.5, 3**0.5, -1], [-1, 3**0.5, 2**0.5], [5**0.5, 2**0.5, 2 + 5**0.5]])
    singular = solution.answers["singular_values"]
    assert all(v.has(PolyRoot) for v in singular)
    assert _floats(singular) == pytest.approx(list(np.linalg.svd(D, compute_uv=False)), abs=1e-12)
    assert "nested radicals" in solution.step("right_vectors").note


def test_small_problems_keep_their_closed_forms():
    solution = _solve("topic: kernel-pca\npoints: [[0, 0], [1, 0], [0, 1]]\nkernel: {name: rbf, gamma: 1}\n")
    assert not any(v.has(PolyRoot) for v in solution.answers["eigenvalues"])
    assert solution.step("eigenvalues").note.count("Closed forms") == 0


def test_roots_closer_than_the_working_precision_are_still_told_apart():
    # (x - 1)^2 - 10^-400: two roots 2·10^-200 apart, which 190 digits cannot separate.
    tiny = sp.Rational(1, 10**400)
    coefficients = (1, -2, 1 - tiny)
    lo1, hi1 = isolating_interval(PolyRoot(coefficients, 0), 30)
    lo2, hi2 = isolating_interval(PolyRoot(coefficients, 1), 30)
    root = sp.Rational(1, 10**200)
    assert lo2 < 1 - root < hi2 < lo1 < 1 + root < hi1


def test_far_apart_rbf_points_whose_closed_forms_cancel_solve_and_check():
    # e^-90 beside 1: sums of terms near e^60 cancel to values near 1 (CI found a ZeroDivisionError here,
    # and with it fixed, checks that failed on the lost digits).
    points = [[1, 5], [-2, -4], [0, -3]]
    solution = _solve(f"topic: kernel-pca\npoints: {points}\nkernel: {{name: rbf, gamma: 1}}\n")
    expected, _ = _numpy_kernel_pca(points, 1.0)
    assert _floats(solution.answers["eigenvalues"]) == pytest.approx(list(expected), abs=1e-9)
    assert all(check.passed for step in solution.steps for check in step.checks)


@settings(max_examples=4, deadline=None)
@given(st.lists(st.tuples(st.integers(-6, 6), st.integers(1, 3), st.integers(-6, 6), st.integers(1, 3)),
                min_size=3, max_size=4, unique=True))
def test_rbf_on_fractional_points_matches_numpy(raw):
    points = [[f"{a}/{b}", f"{c}/{d}"] for a, b, c, d in raw]
    values = {tuple(sp.Rational(x) for x in p) for p in points}
    if len(values) < len(points):
        return  # the same point twice
    text = f"topic: kernel-pca\npoints: {points}\nkernel: {{name: rbf, gamma: 1}}\n"
    solution = _solve(text)
    expected, _ = _numpy_kernel_pca(points, 1.0)
    assert _floats(solution.answers["eigenvalues"]) == pytest.approx(list(expected), abs=1e-9)


def test_the_budget_thresholds_are_what_the_docs_say():
    from .conftest import ROOT

    readme = (ROOT / "docs" / "exactness.md").read_text(encoding="utf-8")
    assert f"degree above {eigen.MAX_T_DEGREE} in t" in readme
    assert f"quadratic of degree above {eigen.MAX_T_DEGREE_QUADRATIC} in t" in readme
    assert f"factor degree above {eigen.MAX_ALGEBRAIC_SIZE}" in readme
    assert f"(above {eigen.FACTOR_T_DEGREE} in t)" in readme
    flowing = " ".join(readme.split())
    assert (f"degree above {eigen.MAX_T_DEGREE_LARGE} in t when the matrix is larger than "
            f"{eigen.MAX_N_OVER_T} × {eigen.MAX_N_OVER_T}") in flowing
    assert f"at most {eigen.MAX_GENERATORS} such generators" in flowing


MIXED_EXPONENTIALS = [  # squared distances with rational and √3 (or √2 and √3) parts: several exponentials
    ([[3, "1/3"], ["sqrt(3)", -2], ["1/2", -2]], "1/2", 0.5),
    ([[1, "-sqrt(3)"], [2, 0], ["sqrt(2)", -2]], "ln(2)/2", float(np.log(2) / 2)),
]


@pytest.mark.parametrize("points, gamma, value", MIXED_EXPONENTIALS)
def test_rbf_values_in_several_exponentials_name_their_roots_instead_of_factoring_for_minutes(points, gamma, value):
    # Before: Wang's factoring over Q(e^(1/72), e^(−√3), …) and eigenvectors over it, a minute or more.
    solution = _solve(f"topic: kernel-pca\npoints: {points}\nkernel: {{name: rbf, gamma: '{gamma}'}}\n")
    etas = solution.answers["eigenvalues"]
    assert isinstance(etas[0], PolyRoot) and etas[-1] == 0
    assert "independent exponentials" in solution.step("eigenvalues").note
    X = np.array([[float(sp.sympify(c)) for c in p] for p in points])
    K = np.exp(-value * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    H = np.eye(len(X)) - 1 / len(X)
    expected = sorted(np.linalg.eigvalsh(H @ K @ H), reverse=True)
    assert _floats(etas) == pytest.approx(expected, abs=1e-12)
    assert all(check.passed for step in solution.steps for check in step.checks)


def test_two_named_factors_are_numbered_as_one_and_a_large_matrix_over_q_t_names_its_roots():
    # 7 points on a line, two of them twice, γ = 1/2: two quadratic factors of degree 20 in t = e^(−1/2),
    # whose eigenvectors by elimination over Q(t)[x]/(f) took 12 s; named, each factor's roots were ρ₁, ρ₂.
    points = [[-3], [0], [-3], [-2], [-1], [1], [1]]
    solution = _solve(f"topic: kernel-pca\npoints: {points}\nkernel: {{name: rbf, gamma: '1/2'}}\n")
    etas = solution.answers["eigenvalues"]
    assert [isinstance(v, PolyRoot) for v in etas] == [True] * 4 + [False] * 3 and etas[4:] == (0, 0, 0)
    assert len({sp.latex(v) for v in etas[:4]}) == 4  # ρ₁ … ρ₄, not ρ₁, ρ₂ twice
    assert "7 × 7 matrix" in solution.step("eigenvalues").note
    expected, _ = _numpy_kernel_pca(points, 0.5)
    assert _floats(etas) == pytest.approx(list(expected), abs=1e-12)
    assert all(check.passed for step in solution.steps for check in step.checks)


def test_the_up_front_refusals_say_their_sizes_and_are_what_the_docs_say():
    from .conftest import ROOT

    flowing = " ".join((ROOT / "docs" / "exactness.md").read_text(encoding="utf-8").split())
    assert f"exceeds {eigen.MAX_T_WORK:,} ({eigen.MAX_T_WORK_SEVERAL:,} when there are several" in flowing
    assert "three or more independent square roots" in flowing and eigen.MAX_SQUARE_ROOTS_LARGE == 2
    # 8 points in 5-D with halves, thirds and quarters (the sweep's timeout: over 30 s in the characteristic polynomial)
    points = [[0, "-1/2", "-2/3", 1, "3/2"], ["5/4", 3, "-1/2", -2, "3/2"], ["-3/2", 0, "5/4", 1, 1],
              ["-2/3", "-1/2", "-3/2", "5/4", "1/2"], ["1/2", "-1/2", "-3/2", -3, "3/2"], ["1/2", "1/3", 3, "5/4", -3],
              ["5/4", 2, "-1/2", "1/2", "1/2"], [-3, "-1/2", "5/4", "-2/3", "5/4"]]
    with pytest.raises(UnsupportedProblem, match=r"degree up to 8533 in exp\(-1/144\); for an 8 × 8 matrix the exact engine works up to degree 976"):
        _solve(f"topic: kernel-pca\npoints: {points}\nkernel: {{name: rbf, gamma: 1}}\n")
    # 6 points with √2, √3, √5 products (the sweep's 9.5 s, most of it building the number field)
    gram = [["-sqrt(3)", "sqrt(5)", "sqrt(3)/2", "-sqrt(5)"], [-1, "2*sqrt(5)", "2*sqrt(3)", "-sqrt(2)"],
            ["sqrt(3)", "sqrt(2)", 1, "-sqrt(3)"], ["-sqrt(5)", -2, "-sqrt(3)", "-sqrt(5)"],
            ["-sqrt(3)", "sqrt(5)/2", "sqrt(2)/2", -2], ["sqrt(3)", -2, 3, "-sqrt(5)"]]
    with pytest.raises(UnsupportedProblem, match=r"6 × 6 matrix with 3 independent square roots"):
        _solve(f"topic: pca-gram\npoints: {gram}\n")
    # two square roots (√6 = √2·√3 is not a third) still solve
    _solve("topic: kernel-pca\npoints: [[1, 'sqrt(2)'], ['sqrt(3)', 0], [0, 'sqrt(6)'], [1, 1], [2, 0], [0, 2]]\n"
           "kernel: {name: linear}\n")


def test_a_feature_map_with_a_surd_and_exponentials_solves():
    # sqrt(2)·x beside exp(x): Q(√2)(t), t = e; a refactoring once sent 1/(1 + t) to the number field
    solution = _solve('topic: pca-feature-map\npoints: [[2], [-1], [-1], [-1], [2], [2], [-3], [0]]\n'
                      'map: ["sqrt(2)*x1", "exp(x1)", "x1^3", "x1^2", "1"]\n')
    assert solution.answers
