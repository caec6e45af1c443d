"""Named mistakes: each one a student really makes, recognised from the value and explained.

The wrong values here are worked out by hand from the problems, not by the
variants in the code, so each test is an independent check of its variant.
"""

from __future__ import annotations

import pytest

import tutor

LINEAR = "kernel-pca/linear-three-points"  # points (0,0), (2,0), (1,3); K = [[0,0,0],[0,4,2],[0,2,10]]
QUADRATIC = "kernel-pca/polynomial-new-point"  # (1,1), (-1,1), (0,0); (1 + xᵀy)²: K = [[9,1,1],[1,9,1],[1,1,1]]
RBF = "kernel-pca/rbf-three-points"  # (0,0), (2,0), (0,2); 2^(-δ/4): K = [[1,½,½],[½,1,¼],[½,¼,1]]
PCA = "pca/two-d-one-component"  # (2,0), (0,2), (3,1), (1,3); S = [[5/4,-3/4],[-3/4,5/4]], λ = 2, 1/2
PCA_UNBIASED = "pca/unbiased-covariance"  # the same points, S = [[5/3,-1],[-1,5/3]]

S6, S2 = "sqrt(6)", "sqrt(2)"

CASES = [
    # kernel-pca: the kernel
    (LINEAR, "gram", [[5, 3], [3, 9]], "gram_transposed"),
    (LINEAR, "kernel", [[5, 3], [3, 9]], "gram_transposed"),
    (QUADRATIC, "kernel", [[4, 0, 0], [0, 4, 0], [0, 0, 0]], "polynomial_no_offset"),
    (QUADRATIC, "kernel", [[3, 1, 1], [1, 3, 1], [1, 1, 1]], "polynomial_wrong_degree"),
    (QUADRATIC, "kernel", [[27, 1, 1], [1, 27, 1], [1, 1, 1]], "polynomial_wrong_degree"),
    (RBF, "kernel", [[1, "1/sqrt(2)", "1/sqrt(2)"], ["1/sqrt(2)", 1, "2^(-sqrt(2)/2)"],
                     ["1/sqrt(2)", "2^(-sqrt(2)/2)", 1]], "rbf_unsquared_distance"),
    (RBF, "kernel", [[1, 2, 2], [2, 1, 4], [2, 4, 1]], "rbf_missing_minus"),
    (RBF, "kernel", [[1, 0.707, 0.707], [0.707, 1, 0.613], [0.707, 0.613, 1]], "rbf_unsquared_distance"),
    # kernel-pca: centring
    (LINEAR, "row_means", [0, 6, 12], "row_sums"),
    (LINEAR, "grand_mean", 6, "grand_mean_over_n"),
    (LINEAR, "centred_kernel", [[0, 0, 0], [-2, 2, 0], [-4, -2, 6]], "centring_rows_only"),
    (LINEAR, "centred_kernel", [[0, -2, -4], [-2, 0, -4], [-4, -4, 2]], "grand_mean_not_added"),
    (LINEAR, "centred_kernel", [[-2, -4, -6], [-4, -2, -6], [-6, -6, 0]], "grand_mean_sign"),
    (LINEAR, "centred_kernel", [[0, 0, 0], [0, 4, 2], [0, 2, 10]], "not_centred"),
    (LINEAR, "eigenvalues", ["7 + sqrt(13)", "7 - sqrt(13)", 0], "not_centred"),
    (LINEAR, "variances", ["(7 + sqrt(13))/3", "(7 - sqrt(13))/3", 0], "not_centred"),
    # kernel-pca: eigen-decomposition and scaling
    (LINEAR, "variances", [6, 2, 0], "variances_are_eta"),
    (LINEAR, "variances", [3, 1, 0], "variances_over_n_minus_1"),
    (LINEAR, "eigenvectors", [[1, 1, -2], [1, -1, 0], [1, 1, 1]], "eigenvectors_not_normalised"),
    (LINEAR, "coordinates", [[f"1/{S6}", f"1/{S6}", f"-2/{S6}"], [f"1/{S2}", f"-1/{S2}", 0]], "coordinates_are_v"),
    (LINEAR, "coordinates", [["1/6", "1/6", "-1/3"], ["1/2", "-1/2", 0]], "coordinates_are_c"),
    (LINEAR, "coordinates", [[S6, S6, f"-2{S6}"], [S2, f"-{S2}", 0]], "coordinates_are_eta_v"),
    (LINEAR, "coefficients", [[1, 1, -2], [1, -1, 0]], "coefficients_are_a"),
    (LINEAR, "coefficients", [[f"1/{S6}", f"1/{S6}", f"-2/{S6}"], [f"1/{S2}", f"-1/{S2}", 0]], "coefficients_are_v"),
    # pca
    (PCA, "covariance", [[3.5, 1.5], [1.5, 3.5]], "not_centred"),
    (PCA, "centred", [[2, 0], [0, 2], [3, 1], [1, 3]], "not_centred"),
    (PCA, "covariance", [["5/3", -1], [-1, "5/3"]], "divided_by_n_minus_1"),
    (PCA, "eigenvalues", ["8/3", "2/3"], "divided_by_n_minus_1"),
    (PCA_UNBIASED, "covariance", [["5/4", "-3/4"], ["-3/4", "5/4"]], "divided_by_n"),
    (PCA, "eigenvalues", [8, 2], "scatter_eigenvalues"),
    (PCA, "captured_variance", 8, "scatter_eigenvalues"),
    (PCA, "eigenvalues", [20, 8], "raw_scatter_eigenvalues"),
    (PCA, "eigenvectors", [[1, -1], [1, 1]], "directions_not_normalised"),
]


@pytest.mark.parametrize("problem,key,answer,mistake", CASES,
                         ids=[f"{c[0].split('/')[0]}-{c[1]}-{c[3]}" for c in CASES])
def test_a_named_mistake_is_recognised_and_explained(problem, key, answer, mistake):
    result = tutor.check(problem, {key: answer}).result(key)
    assert (result.verdict, result.mistake) == ("mistake", mistake)
    assert result.message.endswith(".") and len(result.message) < 200  # one sentence
    assert result.credit == 0


def test_a_mistake_names_itself_in_the_json():
    import json

    report = tutor.check(LINEAR, {"variances": [6, 2, 0]})
    entry = json.loads(tutor.render_report(report, "json"))["answers"]["variances"]
    assert entry["verdict"] == "mistake" and entry["mistake"] == "variances_are_eta"
    assert "η/n" in entry["message"]


def test_a_value_that_is_no_known_mistake_is_just_wrong():
    result = tutor.check(LINEAR, {"variances": [5, 2, 0]}).result("variances")
    assert (result.verdict, result.mistake) == ("wrong", None)


def test_every_topic_mistake_has_a_name_and_one_sentence():
    from tutor import topics
    from tutor.checking.tables import tables

    for name in topics.names():
        for mistake in getattr(tables(topics.get(name)), "MISTAKES", ()):
            assert mistake.name.isidentifier() and mistake.sentence.endswith(".")
            assert mistake.sentence.count(". ") == 0, mistake.sentence


def test_a_mistake_is_not_re_solved_from_the_same_answers(monkeypatch):
    """Compounds re-solved "not centred" from the same K once per first mistake (most of a wrong answer's
    check, past PrairieLearn's time limit under load): a variant is reused when the answers it read are the
    same, and the verdicts stay those of a fresh search."""
    from tutor.topics.kernel_pca import checking as kpca

    starts = []
    restart = kpca._restart

    def counted(problem, **start):
        starts.append(repr(sorted(start.items())))
        return restart(problem, **start)

    monkeypatch.setattr(kpca, "_restart", counted)
    # the kernel of alpha-normalisation with its first entry 8 + 1, and K̂ likewise: every part wrong
    answers = {"kernel": [[9, 4, 0], [4, 4, -2], [0, -2, 2]], "centred_kernel": [[3, 0, -2], [0, 2, -2], [-2, -2, 4]],
               "eigenvalues": [7, 2, 0], "variances": [3, "2/3", 0]}
    report = tutor.check("kernel-pca/alpha-normalisation", answers)
    assert len(starts) == len(set(starts)), starts
    assert [report.result(k).verdict for k in answers] == ["wrong"] * 4
