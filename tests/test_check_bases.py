"""Answers built on the student's own basis: zero-variance components, rotated eigenspaces, omitted zeros.

Each case was found by comparing the checker with numpy-computed students (issue 19); the
answers are worked out by hand from the problems.
"""

from __future__ import annotations

import pytest

import tutor
from tutor import load_problem_text

# Two points on a line, two components kept: λ = 1, 0; u = e₁, e₂; the second scores are X_c e₂ = 0.
LINE = load_problem_text("topic: pca\npoints: [[0, 0], [2, 0]]\ncomponents: 2\n")
# Four points on the axes: S = I/2, a repeated eigenvalue λ = 1/2 with any orthonormal basis.
CROSS = load_problem_text("topic: pca\npoints: [[1, 0], [0, 1], [-1, 0], [0, -1]]\ncomponents: 2\n")
# The equilateral triangle: K̂ has η = 2, 2, 0; the new point (1, 0) has k̃ = (1/3, 1/3, −2/3).
TRIANGLE = load_problem_text('topic: kernel-pca\npoints: [[0, 0], [2, 0], [1, "sqrt(3)"]]\n'
                             "kernel: {name: linear}\nnew_points: [[1, 0]]\n")
R2 = "sqrt(2)"


def verdicts(problem, answers):
    report = tutor.check(problem, answers)
    return {r.key: r.verdict for r in report.results if r.key in answers}


@pytest.mark.parametrize("u,scores", [([[1, 0], [0, 1]], [[-1, 1], [0, 0]]),
                                      ([[1, 0], [0, 1]], [["-1.00", "1.00"], [0, 0]]),
                                      ([[-1, 0], [0, 1]], [[1, -1], ["0.00", "0.000"]])])
def test_a_kept_component_with_eigenvalue_0_has_zero_scores(u, scores):
    got = verdicts(LINE, {"eigenvectors": u, "scores": scores})
    assert got["scores"] in ("correct", "decimal")


def test_zero_scores_must_be_zero_to_the_answers_own_scale():
    got = verdicts(LINE, {"scores": [["-1.00", "1.00"], ["0.3", "0"]]})
    assert got == {"scores": "wrong"}


# The student's eigenvectors of η = 2 rotated by 45° from ours: v = ((v₁ + v₂)/√2, (v₁ − v₂)/√2),
# with v₁ = (1, −1, 0)/√2 and v₂ = (1, 1, −2)/√6; c = v/√2, a = √2 v, y = cᵀk̃.
V1 = ["sqrt(3)/6 + 1/2", "sqrt(3)/6 - 1/2", "-sqrt(3)/3"]
V2 = ["1/2 - sqrt(3)/6", "-1/2 - sqrt(3)/6", "sqrt(3)/3"]
ROTATED = {
    "eigenvectors": [V1, V2, ["1/sqrt(3)"] * 3],
    "coefficients": [[f"({x})/{R2}" for x in V1], [f"({x})/{R2}" for x in V2]],
    "coordinates": [[f"{R2}*({x})" for x in V1], [f"{R2}*({x})" for x in V2]],
}


def test_new_coordinates_follow_the_students_own_rotated_basis():
    got = verdicts(TRIANGLE, {**ROTATED, "new_coordinates": [["sqrt(6)/6", "-sqrt(6)/6"]]})
    assert set(got.values()) == {"correct"}
    # Our basis gives (0, √3/3): right for our eigenvectors, not for these.
    got = verdicts(TRIANGLE, {**ROTATED, "new_coordinates": [[0, "sqrt(3)/3"]]})
    assert got["new_coordinates"] == "wrong"
    assert verdicts(TRIANGLE, {"new_coordinates": [[0, "sqrt(3)/3"]]}) == {"new_coordinates": "correct"}


def test_new_coordinates_keep_the_sign_of_the_students_own_coefficients():
    result = tutor.check(TRIANGLE, {**ROTATED, "new_coordinates": [["-sqrt(6)/6", "-sqrt(6)/6"]]}).result("new_coordinates")
    assert result.verdict == "wrong" and "opposite sign" in result.message
    # Without the student's vectors each column may take either sign.
    assert verdicts(TRIANGLE, {"new_coordinates": [[0, "-sqrt(3)/3"]]}) == {"new_coordinates": "correct"}


@pytest.mark.parametrize("scores,verdict", [
    ([[1, 0, -1, 0], [0, 1, 0, -1]], "correct"),
    ([[0, 1, 0, -1], [1, 0, -1, 0]], "correct"),  # in another order: still the scores of the student's u
    ([[-1, 0, 1, 0], [0, 1, 0, -1]], "wrong"),  # the sign of u₁ flipped
    ([[0, -1, 0, 1], [1, 0, -1, 0]], "wrong"),
    ([[f"1/{R2}", f"1/{R2}", f"-1/{R2}", f"-1/{R2}"], [f"-1/{R2}", f"1/{R2}", f"1/{R2}", f"-1/{R2}"]], "wrong"),
    ([["1.00", "0", "-1.00", "0"], ["0", "-1.00", "0", "1.00"]], "wrong"),
])
def test_scores_in_a_repeated_eigenspace_follow_the_students_own_directions(scores, verdict):
    got = verdicts(CROSS, {"eigenvectors": [[1, 0], [0, 1]], "scores": scores})
    assert got == {"eigenvectors": "correct", "scores": verdict}


def test_scores_of_a_rotated_basis_are_right_with_that_basis():
    u = [[f"1/{R2}", f"1/{R2}"], [f"-1/{R2}", f"1/{R2}"]]
    scores = [[f"1/{R2}", f"1/{R2}", f"-1/{R2}", f"-1/{R2}"], [f"-1/{R2}", f"1/{R2}", f"1/{R2}", f"-1/{R2}"]]
    assert verdicts(CROSS, {"eigenvectors": u, "scores": scores}) == {"eigenvectors": "correct", "scores": "correct"}
    flipped = [scores[0], [f"1/{R2}", f"-1/{R2}", f"-1/{R2}", f"1/{R2}"]]
    assert verdicts(CROSS, {"eigenvectors": u, "scores": flipped})["scores"] == "wrong"


EXAMPLE3 = "kernel-pca/example3"  # η = 8, 6, 0; λ = 8/3, 2, 0; fractions 4/7, 3/7, 0


@pytest.mark.parametrize("key,answer,verdict", [
    ("variances", ["8/3", 2], "correct"),
    ("variances", [2, "8/3"], "correct"),
    ("eigenvalues", [8, 6], "correct"),
    ("variance_fractions", ["0.571", "0.429"], "decimal"),
    ("variances", ["8/3", 3], "wrong"),
])
def test_the_zeros_of_components_that_do_not_exist_may_be_left_out(key, answer, verdict):
    result = tutor.check(EXAMPLE3, {key: answer}).result(key)
    assert result.verdict == verdict
    assert "the value left out was read as 0" in result.message


@pytest.mark.parametrize("key, answer, message", [
    ("variances", ["8/3", 3], "1 of 2 values right; not among the values: entry 2;"),
    ("variances", ["8/3", 2], "all 2 values right;"),
    ("eigenvalues", [8, 0], "all 2 values given are right, but a value left out is not 0 (the answer has 3 values)"),
    ("eigenvalues", [7, 0], "1 of 2 values right; not among the values: entry 1, and a value left out is not 0"),
])
def test_counts_are_of_the_values_the_student_gave_not_of_the_zeros_read_in(key, answer, message):
    """Issue 29: "2 of 3 values right" for [8/3, 3] counted the 0 read in for the value left out."""
    assert message in tutor.check(EXAMPLE3, {key: answer}).result(key).message


def test_only_zeros_may_be_left_out():
    result = tutor.check(EXAMPLE3, {"variances": ["8/3"]}).result("variances")
    assert result.verdict == "wrong" and "expected a list of 3 numbers" in result.message


def test_follow_through_from_eigenvalues_that_leave_out_the_zero_divides_by_n():
    # The student's η = 9, 6 (wrong) and λ = 9/3, 6/3: n = 3, not the 2 values written.
    got = verdicts(EXAMPLE3, {"eigenvalues": [9, 6], "variances": [3, 2]})
    assert got == {"eigenvalues": "wrong", "variances": "follow-through"}


TURNED = [["sqrt(2)/2", "sqrt(2)/2"], ["-sqrt(2)/2", "sqrt(2)/2"]]  # the student's basis of the plane, 45°


@pytest.mark.parametrize("scores, verdict", [
    ([["sqrt(2)/2", "sqrt(2)/2", "-sqrt(2)/2", "-sqrt(2)/2"], ["-sqrt(2)/2", "sqrt(2)/2", "sqrt(2)/2", "-sqrt(2)/2"]],
     "correct"),
    ([[0.707, 0.707, -0.707, -0.707], [-0.707, 0.707, 0.707, -0.707]], "decimal"),
    # Scores of an axis 3° away from the student's own: in the eigenspace, of the right length, not theirs.
    ([["10/sqrt(181)", "9/sqrt(181)", "-10/sqrt(181)", "-9/sqrt(181)"],
      ["-9/sqrt(181)", "10/sqrt(181)", "9/sqrt(181)", "-10/sqrt(181)"]], "wrong"),
    ([[0.743, 0.669, -0.743, -0.669], [-0.669, 0.743, 0.669, -0.743]], "wrong"),
])
def test_scores_in_a_repeated_eigenspace_are_those_of_the_students_own_vectors(scores, verdict):
    assert verdicts(CROSS, {"eigenvectors": TURNED, "scores": scores})["scores"] == verdict


# --- kept components that cut through a repeated eigenvalue (issue 29) ------------------------------------
# K̂ = 8I − 2·𝟏𝟏ᵀ: η = 8, 8, 8, 0, and one component kept: any unit v ⊥ 𝟏 is as right as the solver's
# (1, −1, 0, 0)/√2, so a = √8 v and c = v/√8 are right anywhere in that eigenspace, with those lengths.
EIGHTS = load_problem_text("topic: kernel-pca\ncomponents: 1\ncentred_kernel_matrix: "
                           "[[6, -2, -2, -2], [-2, 6, -2, -2], [-2, -2, 6, -2], [-2, -2, -2, 6]]\n")
# The square: S = I (λ = 1, 1) and for MDS B has λ = 4, 4, 0, 0; one component or dimension kept.
SQUARE_PCA = load_problem_text("topic: pca\npoints: [[0, 0], [2, 0], [2, 2], [0, 2]]\ncomponents: 1\n")
SQUARE_MDS = load_problem_text("topic: mds\npoints: [[0, 0], [2, 0], [2, 2], [0, 2]]\ndimensions: 1\n")
EIGHTS_TWO = load_problem_text("topic: kernel-pca\ncomponents: 2\ncentred_kernel_matrix: "
                               "[[6, -2, -2, -2], [-2, 6, -2, -2], [-2, -2, 6, -2], [-2, -2, -2, 6]]\n")
OWN = [[f"1/{R2}", f"-1/{R2}", 0, 0], [0, 0, f"1/{R2}", f"-1/{R2}"], ["1/2", "1/2", "-1/2", "-1/2"],
       ["1/2", "1/2", "1/2", "1/2"]]  # an orthonormal basis of the student's own


@pytest.mark.parametrize("problem, answers, verdict", [
    (EIGHTS, {"coordinates": [[0, 0, 2, -2]]}, "correct"),  # √8 (0, 0, 1, −1)/√2
    (EIGHTS, {"coordinates": [[R2, f"-{R2}", R2, f"-{R2}"]]}, "correct"),  # √8 (1, −1, 1, −1)/2
    (EIGHTS, {"coefficients": [[0, 0, "1/4", "-1/4"]]}, "correct"),
    (EIGHTS, {"coordinates": [["1.414", "-1.414", "1.414", "-1.414"]]}, "decimal"),
    (EIGHTS, {"coordinates": [[0, 0, 1, -1]]}, "wrong"),  # the eigenspace, but not of length √8
    (EIGHTS, {"coordinates": [[2, 2, 2, 2]]}, "wrong"),  # η = 0's direction
    # with the student's own eigenvectors: along the first of them (or another of η = 8), not anywhere
    (EIGHTS, {"eigenvectors": OWN, "coordinates": [[0, 0, 2, -2]]}, "correct"),
    (EIGHTS, {"eigenvectors": OWN, "coordinates": [[R2, f"-{R2}", R2, f"-{R2}"]]}, "wrong"),
    # two of the three: in the eigenspace, of length √8 and orthogonal to each other
    (EIGHTS_TWO, {"coordinates": [[0, 0, 2, -2], [R2, R2, f"-{R2}", f"-{R2}"]]}, "correct"),
    (EIGHTS_TWO, {"coordinates": [[0, 0, 2, -2], [R2, f"-{R2}", R2, f"-{R2}"]]}, "wrong"),  # not orthogonal
    (SQUARE_PCA, {"scores": [[f"-{R2}", 0, R2, 0]]}, "correct"),  # X_c u for u = (1, 1)/√2
    (SQUARE_PCA, {"scores": [[-2, 0, 2, 0]]}, "wrong"),
    (SQUARE_MDS, {"coordinates": [[0], [R2], [0], [f"-{R2}"]]}, "correct"),  # the other axis
    (SQUARE_MDS, {"coordinates": [[1], [1], [-1], [-1]]}, "correct"),
    (SQUARE_MDS, {"coordinates": [[1], [0], [-1], [0]]}, "wrong"),
])
def test_a_cut_through_repeated_eigenspace_is_judged_on_its_own(problem, answers, verdict):
    key = next(k for k in answers if k != "eigenvectors")
    result = tutor.check(problem, answers).result(key)
    assert result.verdict == verdict, result.message


def test_the_lecturer_is_warned_when_the_kept_components_cut_through_a_repeated_eigenvalue():
    from tutor.checking.grade import Checker

    warnings = Checker(EIGHTS).warnings
    assert len(warnings) == 1 and warnings[0].startswith(
        "components: 1 keeps 1 of the 3 directions of the repeated eigenvalue η = 8, which the problem does not fix")
    assert "Accepted anywhere in its eigenspace: coefficients, coordinates" in warnings[0]
    assert warnings[0].endswith("components: 3 would fix them")
    assert "reconstruction" in Checker(SQUARE_PCA).warnings[0]
    assert Checker(SQUARE_MDS).warnings[0].startswith("dimensions: 1 keeps 1 of the 2 directions")
    # all of a repeated eigenvalue kept, or none of it: unique (up to the usual rotation), no warning
    for text in ("topic: pca\npoints: [[0, 0], [2, 0], [2, 2], [0, 2]]\ncomponents: 2\n",
                 "topic: mds\npoints: [[0, 0], [2, 0], [2, 2], [0, 2]]\n", "topic: pca\npoints: [[2, 0], [0, 2], [3, 1], [1, 3]]\n"):
        assert Checker(load_problem_text(text)).warnings == ()


def test_tutor_check_prints_the_warning_on_stderr(tmp_path):
    from .conftest import run_cli

    problem = tmp_path / "eights.yaml"
    problem.write_text("topic: kernel-pca\ncomponents: 1\ncentred_kernel_matrix: "
                       "[[6, -2, -2, -2], [-2, 6, -2, -2], [-2, -2, 6, -2], [-2, -2, -2, 6]]\n")
    answers = tmp_path / "a.yaml"
    answers.write_text("coordinates: [[0, 0, 2, -2]]\n")
    out = run_cli("check", str(problem), str(answers), "--format", "text")
    assert out.exit_code == 0 and "coordinates           correct" in out.stdout
    assert out.stderr.count("\n") == 1 and out.stderr.startswith(f"warning: {problem}: components: 1 keeps 1 of")
