"""Diagnosis that agrees with the student's record: dependency order, no mistake charged twice,
compound mistakes, and decimals right to fewer figures than asked (issue 19).

The values are worked out by hand from the problems (see each comment).
"""

from __future__ import annotations

import pytest

import tutor
from tutor import load_problem_text
from tutor.errors import ProblemError

LINEAR = "kernel-pca/linear-three-points"  # K = [[0,0,0],[0,4,2],[0,2,10]], eig(K) = 7 ± √13, 0; η = 6, 2, 0
QUADRATIC = "kernel-pca/polynomial-new-point"  # (1 + xᵀy)²; without the offset K = diag(4, 4, 0)
PCA = "pca/two-d-one-component"  # S = [[5/4,-3/4],[-3/4,5/4]], λ = 2, 1/2; with n − 1: 8/3, 2/3
K_HAT = [[2, 0, -2], [0, 2, -2], [-2, -2, 4]]
K = [[0, 0, 0], [0, 4, 2], [0, 2, 10]]
EIG_K = ["7 + sqrt(13)", "7 - sqrt(13)", 0]


def results(problem, answers, **kw):
    report = tutor.check(problem, answers, **kw)
    return {r.key: r for r in report.results if r.key in answers}


def test_a_mistake_that_would_change_a_right_earlier_answer_is_not_named():
    # eig(K)/3 is what a student who did not centre would give as variances; but this student's K̂ and
    # η are right, so "not centred" would contradict them.
    got = results(LINEAR, {"centred_kernel": K_HAT, "eigenvalues": [6, 2, 0],
                           "variances": ["(7 + sqrt(13))/3", "(7 - sqrt(13))/3", 0]})
    assert (got["variances"].verdict, got["variances"].mistake) == ("wrong", None)
    # Alone, the same variances are explained by the mistake.
    assert results(LINEAR, {"variances": ["(7 + sqrt(13))/3", "(7 - sqrt(13))/3", 0]})["variances"].mistake == \
        "not_centred"


def test_with_right_earlier_answers_only_this_steps_mistake_is_named():
    got = results(LINEAR, {"centred_kernel": K_HAT, "eigenvalues": [6, 2, 0], "variances": [6, 2, 0]})
    assert got["variances"].mistake == "variances_are_eta"


def test_pca_covariance_right_then_eigenvalues_of_the_n_minus_1_covariance_is_no_named_mistake():
    got = results(PCA, {"covariance": [["5/4", "-3/4"], ["-3/4", "5/4"]], "eigenvalues": ["8/3", "2/3"]})
    assert (got["eigenvalues"].verdict, got["eigenvalues"].mistake) == ("wrong", None)
    assert results(PCA, {"eigenvalues": ["8/3", "2/3"]})["eigenvalues"].mistake == "divided_by_n_minus_1"


def test_a_mistake_is_charged_once_and_later_work_from_it_earns_follow_through():
    # Without the offset K = diag(4, 4, 0): too trivial to recompute from, but it is the named mistake,
    # and its row means 4/3, 4/3, 0 follow from it.
    got = results(QUADRATIC, {"kernel": [[4, 0, 0], [0, 4, 0], [0, 0, 0]], "row_means": ["4/3", "4/3", 0]})
    assert (got["kernel"].verdict, got["kernel"].mistake) == ("mistake", "polynomial_no_offset")
    assert got["row_means"].verdict == "follow-through" and got["row_means"].credit == 1
    assert "your own kernel" in got["row_means"].message


def test_not_centred_then_eigenvalues_and_variances_follow_through():
    got = results(LINEAR, {"centred_kernel": K, "eigenvalues": EIG_K,
                           "variances": ["(7 + sqrt(13))/3", "(7 - sqrt(13))/3", 0]})
    assert got["centred_kernel"].mistake == "not_centred"
    assert [got[k].verdict for k in ("eigenvalues", "variances")] == ["follow-through"] * 2


def test_two_mistakes_are_named_together():
    # Not centred and λ = η: the variances are eig(K) = 7 ± √13, 0.
    got = results(LINEAR, {"variances": EIG_K})["variances"]
    assert (got.verdict, got.mistake) == ("mistake", "not_centred+variances_are_eta")
    assert "not centred" in got.message and "η/n" in got.message and got.credit == 0


def test_the_second_of_two_mistakes_is_charged_where_it_is_made():
    got = results(LINEAR, {"centred_kernel": K, "variances": EIG_K})
    assert got["centred_kernel"].mistake == "not_centred"
    assert got["variances"].mistake == "variances_are_eta"
    assert got["variances"].message.startswith("On your own centred kernel:")


def test_pca_not_centred_and_not_divided_is_named():
    # Raw XᵀX of (2,0), (0,2), (3,1), (1,3): [[14, 6], [6, 14]], eigenvalues 20 and 8.
    assert results(PCA, {"eigenvalues": [20, 8]})["eigenvalues"].mistake == "raw_scatter_eigenvalues"


# K̂ with η = 81/4, 3/4, 0: λ = 27/4, 1/4, 0 and fractions 27/28, 1/28, 0.
ROUGH = ('topic: kernel-pca\ncentred_kernel_matrix: [["41/4", -10, "-1/4"], [-10, "41/4", "-1/4"], '
         '["-1/4", "-1/4", "1/2"]]\n')


@pytest.mark.parametrize("key,answer", [("variance_fractions", [0.96, 0.036, 0]), ("variances", [6.8, 0.25, 0]),
                                        ("variances", [6.8, 0.25])])
def test_a_decimal_right_to_fewer_figures_than_asked_is_imprecise_with_half_credit(key, answer):
    got = results(load_problem_text(ROUGH), {key: answer})[key]
    assert got.verdict == "imprecise" and got.message.startswith("right to 2 significant figures; give 3")
    assert got.credit == pytest.approx(0.5)


def test_imprecise_credit_is_set_by_the_problem_and_figures_are_still_required():
    loaded = load_problem_text(ROUGH + "check: {imprecise_credit: 1/4}\n")
    assert results(loaded, {"variances": [6.8, 0.25, 0]})["variances"].credit == pytest.approx(0.25)
    assert results(loaded, {"variances": [6.75, 0.25, 0]})["variances"].verdict == "correct"
    assert results(loaded, {"variances": [7, 0.25, 0]})["variances"].verdict == "wrong"  # an integer: exact
    assert results(loaded, {"variances": [7.0, 0.25, 0]})["variances"].verdict == "wrong"  # right to 1 figure
    assert results(loaded, {"variances": [6.8, 0.25, 0]}, sig_figs=2)["variances"].verdict == "decimal"


@pytest.mark.parametrize("value", ["2", "-1/2", "x"])
def test_an_imprecise_credit_outside_0_to_1_is_refused(value):
    with pytest.raises(ProblemError, match="imprecise_credit"):
        load_problem_text(ROUGH + f"check: {{imprecise_credit: {value}}}\n")


def test_the_docs_state_the_bound_of_the_compound_search():
    from pathlib import Path

    from tutor.checking.grade import MAX_COMPOUNDS, MIN_FIGURES

    readme = " ".join((Path(__file__).parents[1] / "docs" / "guide" / "checking.md").read_text(encoding="utf-8").split())
    assert f"at most {MAX_COMPOUNDS} pairs per problem" in readme
    assert f"(at least {MIN_FIGURES}, or one fewer than asked;" in readme
