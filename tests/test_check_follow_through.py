"""Follow-through: later work consistent with the student's own earlier slip earns credit, shown as such."""

from __future__ import annotations

import pytest

import tutor

LINEAR = "kernel-pca/linear-three-points"  # K̂ = [[2,0,-2],[0,2,-2],[-2,-2,4]], η = 6, 2, 0
PCA = "pca/two-d-one-component"


def verdicts(problem, answers):
    report = tutor.check(problem, answers)
    return {r.key: r.verdict for r in report.results if r.key in answers}


# A wrong but honest K̂: symmetric, rows summing to 0, eigenvalues 3, 3, 0.
HONEST = [[2, -1, -1], [-1, 2, -1], [-1, -1, 2]]


def test_consistent_work_after_a_slip_in_k_hat_earns_follow_through():
    report = tutor.check(LINEAR, {"centred_kernel": HONEST, "eigenvalues": [3, 3, 0], "variances": [1, 1, 0],
                                  "variance_fractions": ["1/2", "1/2", 0]})
    got = {r.key: r.verdict for r in report.results if r.verdict != "missing"}
    assert got == {"centred_kernel": "wrong", "eigenvalues": "follow-through", "variances": "follow-through",
                   "variance_fractions": "follow-through"}
    assert "follow-through" in report.result("eigenvalues").message
    assert report.score == 3  # follow-through earns the key's weight


def test_follow_through_from_the_kernel_matrix_and_from_the_means():
    got = verdicts(LINEAR, {"kernel": [[0, 0, 0], [0, 4, 2], [0, 2, 12]], "row_means": [0, 2, "14/3"],
                            "grand_mean": "20/9"})
    assert got == {"kernel": "wrong", "row_means": "follow-through", "grand_mean": "follow-through"}
    # K̂ from the student's own K, r̄ and ḡ (all right): K̂ᵢⱼ = Kᵢⱼ − r̄ᵢ − r̄ⱼ + ḡ is simply right.
    got = verdicts(LINEAR, {"row_means": [0, 2, 5], "centred_kernel": [[2, 0, -2], [0, 2, -2], [-2, -2, 4]]})
    assert got == {"row_means": "wrong", "centred_kernel": "correct"}


def test_eigenvalues_from_the_students_own_characteristic_polynomial():
    got = verdicts(LINEAR, {"char_poly": "-eta^3 + 7 eta^2 - 10 eta", "eigenvalues": [5, 2, 0]})
    assert got == {"char_poly": "wrong", "eigenvalues": "follow-through"}


def test_coordinates_from_the_students_own_eigenvectors_and_eigenvalues():
    # Eigenvalues wrong (9, 1, 0) but the coordinates are √η v for them: follow-through.
    v = [["1/sqrt(6)", "1/sqrt(6)", "-2/sqrt(6)"], ["1/sqrt(2)", "-1/sqrt(2)", 0], ["1/√3"] * 3]
    got = verdicts(LINEAR, {"eigenvalues": [9, 1, 0], "eigenvectors": v,
                            "coordinates": [["3/sqrt(6)", "3/sqrt(6)", "-6/sqrt(6)"], ["1/sqrt(2)", "-1/sqrt(2)", 0]],
                            "coefficients": [["1/(3sqrt(6))", "1/(3sqrt(6))", "-2/(3sqrt(6))"], ["1/sqrt(2)", "-1/sqrt(2)", 0]]})
    assert got == {"eigenvalues": "wrong", "eigenvectors": "correct", "coordinates": "follow-through",
                   "coefficients": "follow-through"}


@pytest.mark.parametrize("trivial,eigenvalues", [
    ([[0, 0, 0], [0, 0, 0], [0, 0, 0]], [0, 0, 0]),  # zero matrix
    ([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 1, 1]),  # identity
    ([[3, 0, 0], [0, 2, 0], [0, 0, 0]], [3, 2, 0]),  # diagonal: its eigenvalues can be read off
    ([[2, 1, 0], [0, 2, 0], [0, 0, 0]], [2, 2, 0]),  # not symmetric
])
def test_a_trivial_earlier_answer_earns_no_follow_through(trivial, eigenvalues):
    got = verdicts(LINEAR, {"centred_kernel": trivial, "eigenvalues": eigenvalues})
    assert got == {"centred_kernel": "wrong", "eigenvalues": "wrong"}


def test_pca_follow_through_from_the_means_the_covariance_and_the_directions():
    got = verdicts(PCA, {"means": [1, 1], "centred": [[1, -1], [-1, 1], [2, 0], [0, 2]],
                         "covariance": [["3/2", "-1/2"], ["-1/2", "3/2"]]})
    assert got == {"means": "wrong", "centred": "follow-through", "covariance": "follow-through"}
    got = verdicts(PCA, {"covariance": [[2, 1], [1, 3]], "char_poly": "lambda^2 - 5 lambda + 5",
                         "eigenvalues": ["(5 + sqrt(5))/2", "(5 - sqrt(5))/2"],
                         "captured_fraction": "(5 + sqrt(5))/10"})
    assert got == {"covariance": "wrong", "char_poly": "follow-through", "eigenvalues": "follow-through",
                   "captured_fraction": "follow-through"}
    # Unit directions that are not eigenvectors; the scores X_c u for them follow through.
    u = [["3/5", "4/5"], ["-4/5", "3/5"]]
    got = verdicts(PCA, {"eigenvectors": u, "scores": [["-9/10", "-1/2", "1/2", "9/10"]]})
    assert got == {"eigenvectors": "wrong", "scores": "follow-through"}
    # The coordinate axes are no attempt at the eigenvectors: no follow-through for them.
    got = verdicts(PCA, {"eigenvectors": [[1, 0], [0, 1]], "scores": [["1/2", "-3/2", "3/2", "-1/2"]]})
    assert got == {"eigenvectors": "wrong", "scores": "wrong"}
