"""tutor check: an answer is right however it is written, and only then."""

from __future__ import annotations

import re

import pytest
import sympy as sp

import tutor
from tutor.checking.answers import read_answer
from tutor.checking.compare import Tolerance, match_number
from tutor.rendering import approx_data, exact_data
from tutor.resources import bundled_problems
from tutor.topics.derivation.value import Expression

from .conftest import solve_yaml

LINEAR = "kernel-pca/linear-three-points"  # K̂ = [[2,0,-2],[0,2,-2],[-2,-2,4]], η = 6, 2, 0
PCA = "pca/two-d-one-component"  # λ = 2, 1/2; u = (1,-1)/√2, (1,1)/√2


def verdicts(problem, answers, **kw):
    report = tutor.check(problem, answers, **kw)
    return {r.key: r.verdict for r in report.results if r.verdict != "missing"}


def verdict(problem, key, value, **kw):
    return verdicts(problem, {key: value}, **kw)[key]


def _typeable(value) -> bool:
    """Whether a student could type our exact string (no root objects, no 60-digit literals)."""
    return all(len(x) <= 300 and "CRootOf" not in x and not re.search(r"\d{61}", x) for x in _strings(value))


def _strings(value):
    return [s for v in value for s in _strings(v)] if isinstance(value, list) else [value]


def _typed(value):
    """An answer as a student types our exact string; a derivation's line as its grammar writes it (its
    JSON string is SymPy's matrix-expression form, for sympify, which no student types)."""
    if isinstance(value, Expression):
        return str(value)
    return _as_typed(exact_data(value))


def _as_typed(value):
    """Our exact strings as a student types them: a label the JSON writes Symbol('O') (so that sympify
    does not read SymPy's O) is typed O."""
    if isinstance(value, list):
        return [_as_typed(v) for v in value]
    return re.sub(r"Symbol\('(\w+)'\)", r"\1", value)


@pytest.mark.parametrize("name", bundled_problems())
def test_every_topic_accepts_its_own_worked_answers(name):
    """Every answer of every bundled problem, written as our exact strings, checks as correct;
    written as decimals (to 6 figures), as correct or correct (decimal)."""
    solution = tutor.solve(name)
    exact = {k: _typed(v) for k, v in solution.answers.items() if _typeable(_typed(v))}
    report = tutor.check(name, exact)
    assert {r.key: r.verdict for r in report.results if r.key in exact} == {k: "correct" for k in exact}
    decimals = {k: approx_data(v) for k, v in solution.answers.items()
                if k not in ("char_poly", "feature_map") and None not in _strings(approx_data(v))}  # labels: no decimal
    report = tutor.check(name, decimals, sig_figs=6)
    assert all(r.verdict in ("correct", "decimal") for r in report.results if r.key in decimals), report.results
    assert report.score == report.max_score - (len(solution.answers) - len(decimals))


@pytest.mark.parametrize("written", ["2*sqrt(2)", "sqrt(8)", "4/sqrt(2)", "2^(3/2)", "2√2", r"2\sqrt{2}",
                                     r"\frac{4}{\sqrt{2}}", "2 sqrt 2", "8^(1/2)"])
def test_one_value_however_written(written):
    given = read_answer(written)
    assert match_number(given.value, given.decimal, 2 * sp.sqrt(2), Tolerance()) == "exact"


@pytest.mark.parametrize("written,sig_figs,expected", [
    ("0.7071", 3, "decimal"), ("0.707", 3, "decimal"), ("0.708", 3, "decimal"),  # within one unit of the 3rd figure
    ("0.71", 3, None), ("0.705", 3, None), ("0.7071", 4, "decimal"), ("0.7072", 5, None),
    ("7.071e-1", 3, "decimal"), (0.7071067811865476, 12, "decimal"),
])
def test_decimal_tolerance_in_significant_figures(written, sig_figs, expected):
    given = read_answer(written)
    assert given.decimal
    assert match_number(given.value, given.decimal, 1 / sp.sqrt(2), Tolerance(sig_figs)) == expected


def test_an_exact_fraction_is_not_judged_with_a_tolerance():
    given = read_answer("7071/10000")
    assert not given.decimal
    assert match_number(given.value, given.decimal, 1 / sp.sqrt(2), Tolerance()) is None


def test_decimals_are_reported_as_correct_decimal_and_the_tolerance_is_settable(tmp_problem):
    assert verdict(PCA, "captured_fraction", 0.8) == "correct"  # 0.8 is exactly 4/5
    assert verdict(PCA, "eigenvectors", [[0.7071, -0.7071], [0.7071, 0.7071]]) == "decimal"
    assert verdict(PCA, "eigenvectors", [[0.7071, -0.7071], [0.7071, 0.7071]], sig_figs=6) == "imprecise"
    assert verdict(PCA, "eigenvectors", [[0.6, -0.8], [0.8, 0.6]]) == "wrong"
    path = tmp_problem("topic: pca\npoints: [[2, 0], [0, 2], [3, 1], [1, 3]]\ncheck: {sig_figs: 2}\n")
    assert verdict(path, "eigenvectors", [[0.71, -0.71], [0.71, 0.71]]) == "decimal"
    assert verdict(path, "eigenvectors", [[0.71, -0.71], [0.71, 0.71]], sig_figs=3) == "imprecise"


def test_eigenvalues_in_any_order_and_the_polynomial_up_to_sign():
    assert verdict(LINEAR, "eigenvalues", [0, 6, 2]) == "correct"
    assert verdict(LINEAR, "eigenvalues", [6, 2, 2]) == "wrong"
    assert verdict(LINEAR, "char_poly", "-eta^3 + 8 eta^2 - 12 eta") == "correct"
    assert verdict(LINEAR, "char_poly", "η^3 - 8η^2 + 12η") == "correct"  # det(ηI − K̂)
    assert verdict(LINEAR, "char_poly", r"\eta(\eta - 2)(\eta - 6)") == "correct"
    assert verdict(LINEAR, "char_poly", "lambda^3 - 8 lambda^2 + 12 lambda") == "correct"
    assert verdict(LINEAR, "char_poly", "2(eta^3 - 8 eta^2 + 12 eta)") == "wrong"
    assert verdict(PCA, "char_poly", "(λ - 2)(λ - 1/2)") == "correct"


def test_eigenvectors_up_to_sign_in_any_order_and_unit_length_required():
    v1, v2, v3 = ["1/sqrt(6)", "1/sqrt(6)", "-2/sqrt(6)"], ["1/sqrt(2)", "-1/sqrt(2)", 0], ["1/√3"] * 3
    assert verdict(LINEAR, "eigenvectors", [v1, v2, v3]) == "correct"
    minus = [[f"-({x})" for x in v] for v in (v2, v3, v1)]
    assert verdict(LINEAR, "eigenvectors", minus) == "correct"
    assert verdict(LINEAR, "eigenvectors", [[1, 1, -2], [1, -1, 0], [1, 1, 1]]) == "mistake"  # not unit
    assert verdict(LINEAR, "eigenvectors", [v1, v1, v3]) == "wrong"  # a direction twice
    assert verdict(LINEAR, "eigenvectors", [v1, v2]) == "wrong"  # shape


def test_a_repeated_eigenvalue_accepts_any_orthonormal_basis_of_its_eigenspace():
    # The equilateral triangle: K̂ has η = 3/2 twice (and 0); our basis is one choice of many.
    name = "kernel-pca/equilateral-triangle"
    solution = tutor.solve(name)
    etas = solution.answers["eigenvalues"]
    assert etas[0] == etas[1] != etas[2]
    u = sp.Matrix([1, -1, 0]) / sp.sqrt(2)  # another orthonormal pair in the same plane (⊥ (1,1,1))
    w = sp.Matrix([1, 1, -2]) / sp.sqrt(6)
    c, s = sp.Rational(3, 5), sp.Rational(4, 5)  # rotate the pair: still orthonormal
    a, b = c * u + s * w, -s * u + c * w
    ones = [f"1/sqrt(3)"] * 3
    answer = [[str(x) for x in a], [str(x) for x in b], ones]
    assert verdict(name, "eigenvectors", answer) == "correct"
    not_orthogonal = [[str(x) for x in a], [str(x) for x in (a + b) / sp.sqrt(2)], ones]
    assert verdict(name, "eigenvectors", not_orthogonal) == "wrong"
    # Coordinates a = √η v for the student's own basis are right too.
    sq = sp.sqrt(etas[0])
    assert verdicts(name, {"eigenvectors": answer,
                           "coordinates": [[str(sq * x) for x in a], [str(sq * x) for x in b]]})["coordinates"] == "correct"


def test_coordinates_keep_the_sign_of_the_students_own_eigenvectors():
    v = [["1/sqrt(6)", "1/sqrt(6)", "-2/sqrt(6)"], ["-1/sqrt(2)", "1/sqrt(2)", 0], ["1/√3"] * 3]
    assert verdicts(LINEAR, {"eigenvectors": v, "coordinates": [[1, 1, -2], [-1, 1, 0]]})["coordinates"] == "correct"
    got = verdicts(LINEAR, {"eigenvectors": v, "coordinates": [[1, 1, -2], [1, -1, 0]]})
    assert got["coordinates"] == "wrong"
    # Without eigenvectors to compare with, either sign is right.
    assert verdict(LINEAR, "coordinates", [[-1, -1, 2], [1, -1, 0]]) == "correct"
    message = tutor.check(LINEAR, {"eigenvectors": v, "coordinates": [[1, 1, -2], [1, -1, 0]]}).result("coordinates").message
    assert "opposite sign" in message and "a = √η v" in message


def test_matrices_get_their_shape_checked_first_then_each_cell():
    report = tutor.check(LINEAR, {"centred_kernel": [[2, 0], [0, 2]]})
    assert report.result("centred_kernel").message == "expected 3 lists of 3 numbers, got 2 lists of 2 numbers"
    report = tutor.check(LINEAR, {"centred_kernel": [[2, 0, -2], [0, 2, -2], [-2, -2, 5]]})
    assert report.result("centred_kernel").message == "8 of 9 entries right; wrong at (3,3)"


def test_each_answer_is_echoed_as_it_was_read():
    report = tutor.check(LINEAR, {"grand_mean": "2sqrt(1)", "row_means": [0, "4/2", 4.0]})
    assert tutor.render_report(report, "json").count('"read_as"') == 2
    md = tutor.render_report(report, "md")
    assert r"read as $\left(0, 2, 4\right)$" in md


# --- the other topics: their equivalence rules --------------------------------------------

def test_pca_gram_eigenvalues_any_order_and_vectors_up_to_sign():
    name = "pca-gram/four-points-2d"
    answers = tutor.solve(name).answers
    vectors = [[f"-({x})" for x in exact_data(v)] for v in reversed(answers["eigenvectors"])]
    got = verdicts(name, {"gram_eigenvalues": list(reversed(exact_data(answers["gram_eigenvalues"]))),
                          "eigenvalues": list(reversed(exact_data(answers["eigenvalues"]))),
                          "eigenvectors": vectors})
    assert set(got.values()) == {"correct"}


def test_svd_vectors_up_to_sign_with_left_following_right():
    name = "svd/two-by-two"
    answers = tutor.solve(name).answers
    right = [[f"-({x})" for x in exact_data(v)] for v in answers["right_vectors"]]
    left = [[f"-({x})" for x in exact_data(v)] for v in answers["left_vectors"]]
    assert set(verdicts(name, {"right_vectors": right, "left_vectors": left}).values()) == {"correct"}
    flipped_left = exact_data(answers["left_vectors"])
    assert verdicts(name, {"right_vectors": right, "left_vectors": flipped_left})["left_vectors"] == "wrong"


def test_mds_coordinates_up_to_the_sign_of_each_axis():
    name = "mds/from-points"
    coords = exact_data(tutor.solve(name).answers["coordinates"])
    flipped = [[f"-({row[0]})", *row[1:]] for row in coords]
    assert verdict(name, "coordinates", flipped) == "correct"
    half = [[f"-({row[0]})", *row[1:]] if i == 0 else row for i, row in enumerate(coords)]
    assert verdict(name, "coordinates", half) == "wrong"


def test_feature_map_coordinates_in_any_order_and_sign():
    name = "feature-map/quadratic-with-offset"
    solution = tutor.solve(name)
    phi = [str(-f) for f in reversed(solution.answers["feature_map"])]
    assert verdict(name, "feature_map", phi) == "correct"
    assert verdict(name, "feature_map", [p.replace("x1", "x_1") for p in phi]) == "correct"
    assert verdict(name, "feature_map", phi[:-1] + ["x1"]) == "wrong"


@pytest.mark.parametrize("name,key,right,wrong", [
    ("kernel-matrix/quadratic-three-points", "kernel", None, None),
    ("centring/quadratic-three-points", "grand_mean", None, None),
    ("feature-space/three-kernel-values", "cosine", None, None),
    ("feature-mean/quadratic-three-points", "mean_norm_sq", None, None),
    ("rbf-gamma/card", "gamma", r"\frac{\ln 2}{4}", "ln(2)/2"),
    ("high-dim/ball-in-cube", "ball_cube_ratio", None, None),
    ("pca-feature-map/parabola", "eigenvalues_after", None, None),
])
def test_other_topics_compare_values_not_strings(name, key, right, wrong):
    value = tutor.solve(name).answers[key]
    right = right or exact_data(value)
    assert verdict(name, key, right) == "correct"
    if isinstance(value, (tuple, sp.MatrixBase)):
        wrong = exact_data(value)
        flat = wrong[0] if not isinstance(wrong[0], list) else wrong[0][0]
        wrong = [f"({flat}) + 1" if isinstance(w, str) else w for w in [wrong[0]]] + wrong[1:] \
            if not isinstance(wrong[0], list) else [[f"({flat}) + 1", *wrong[0][1:]], *wrong[1:]]
    else:
        wrong = wrong or f"({exact_data(value)}) + 1"
    assert verdict(name, key, wrong) == "wrong"
