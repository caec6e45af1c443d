"""Topic mds: classical scaling recovers Euclidean distances exactly, and says when it cannot."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tutor
from tutor import solve
from tutor.errors import ProblemError
from tutor.rendering import render

from .conftest import PROBLEMS, solve_yaml

R = sp.Rational
# mds/distance-table: an isosceles triangle, base 6 (points 1, 2), sides 5; the parts ask for d_ij²
PLAIN = [[0, 6, 5], [6, 0, 5], [5, 5, 0]]
SQUARED = [[0, 36, 25], [36, 0, 25], [25, 25, 0]]


def test_square_from_points_is_recovered_exactly():
    solution = solve(str(PROBLEMS / "mds" / "from-points.yaml"))
    a = solution.answers
    assert a["eigenvalues"] == (4, 4, 0, 0)
    assert a["recovered_distances"] == a["squared_distances"]
    assert all(step.passed for step in solution.steps)


def test_the_isosceles_triangle_from_its_table():
    solution = solve(str(PROBLEMS / "mds" / "distance-table.yaml"))
    assert solution.answers["recovered_distances"] == sp.Matrix(SQUARED)
    assert solution.step("recovered_distances").passed
    # by hand: base 6, height 4, centroid 4/3 above the base; eigenvalues 18 and 32/3, no surd
    assert solution.answers["eigenvalues"] == (18, R(32, 3), 0)
    assert solution.answers["coordinates"] == ((3, R(4, 3)), (-3, R(4, 3)), (0, R(-8, 3)))


def test_a_non_euclidean_table_is_said_plainly():
    solution = solve(str(PROBLEMS / "mds" / "non-euclidean.yaml"))
    assert solution.answers["eigenvalues"][-1] == sp.Rational(-3, 2)
    assert "not Euclidean" in solution.step("eigenvalues").note
    assert solution.answers["coordinates"] == ((sp.Rational(3, 2),), (0,), (0,), (sp.Rational(-3, 2),))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=2, max_size=4))
def test_matches_numpy(points):
    a = solve_yaml(f"topic: mds\npoints: {points}\n").answers
    X = np.array(points, dtype=float)
    n = len(points)
    D2 = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=2)
    H = np.eye(n) - np.ones((n, n)) / n
    B = -0.5 * H @ D2 @ H
    assert np.allclose(np.array(a["squared_distances"].tolist(), dtype=float), D2)
    assert np.allclose(np.array(a["a_matrix"].tolist(), dtype=float), -0.5 * D2)
    assert np.allclose(np.array(a["b_matrix"].tolist(), dtype=float), B)
    lam = np.sort(np.linalg.eigvalsh(B))[::-1]
    assert np.allclose([float(sp.N(v, 30)) for v in a["eigenvalues"]], lam, atol=1e-9)
    Y = np.array([[float(sp.N(v, 30)) for v in p] for p in a["coordinates"]]).reshape(n, -1)
    assert np.allclose(np.sum((Y[:, None, :] - Y[None, :, :]) ** 2, axis=2), D2, atol=1e-9)
    assert np.allclose(np.array(a["recovered_distances"].evalf(30).tolist(), dtype=float), D2, atol=1e-9)


@pytest.mark.parametrize("text,field", [
    ("distances: [[0, 1], [2, 0]]", "distances"),
    ("distances: [[1, 1], [1, 0]]", "distances"),
    ("distances: [[0, -1], [-1, 0]]", "distances"),
    ("distances: [[0, 1, 2], [1, 0]]", "distances"),
    ("distances: [[0, 3, 4], [3, 0, 5], [4, 5, 0]]\ndimensions: 3", "dimensions"),
    ("points: [[0, 0], [1, 1]]\ndistances: [[0, 1], [1, 0]]", "distances"),
    ("squared_distances: [[0, 2], [3, 0]]", "squared_distances"),
    ("squared_distances: [[0, -2], [-2, 0]]", "squared_distances"),
    ("squared_distances: [[1, 2], [2, 0]]", "squared_distances"),
    ("distances: [[0, 1], [1, 0]]\nsquared_distances: [[0, 1], [1, 0]]", "distances"),
])
def test_bad_input_names_its_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: mds\n" + text + "\n")
    assert info.value.field == field


@pytest.mark.parametrize("name", ["distance-table", "from-points", "non-euclidean"])
def test_bundled_brief_fits_two_a4_pages(name, tmp_path):
    from tutor.rendering import render

    from .test_detail import _pdf_pages

    tex = render(solve(str(PROBLEMS / "mds" / f"{name}.yaml")), "tex", "brief", figures=False)  # the text's length
    assert _pdf_pages(tex, tmp_path / name) <= 2


def test_points_as_rows_and_the_care_lines_at_both_levels():
    from tutor.rendering import render

    solution = solve(str(PROBLEMS / "mds" / "from-points.yaml"))
    brief, full = (render(solution, "md", d) for d in ("brief", "full"))
    assert r"$\hat{\mathbf x}_1 = {(\sqrt{2}, 0)}$, $\hat{\mathbf x}_2 = {(0, \sqrt{2})}$" in brief
    for text in (brief, full):
        assert "fixed only up to rotation, reflection and translation" in text
        assert "a rotation within their eigenspace" in text  # λ₁ = λ₂ = 4
        assert "points in $p = 2$ dimensions" in text  # what the positive eigenvalues say
    assert "**Watch out:** $A = -\\tfrac12\\,d_{ij}^2$ takes the squared distances" in brief
    # the recovered distances: one pair worked out, the table compared (not printed again)
    assert r"$\|\hat{\mathbf x}_1 - \hat{\mathbf x}_2\|^2 = 2 + 2 = 4 = d_{12}^2$" in brief


def test_full_level_shows_the_characteristic_polynomial_and_solves_for_w():
    from tutor.rendering import render

    # a 4 × 4 of rank 3 with no symmetry (no trace route, none by symmetry): det(B − λI), and w only for
    # the kept eigenvalues
    table = "[[0, 9, 68, 33], [9, 0, 33, 32], [68, 33, 0, 9], [33, 32, 9, 0]]"
    full = render(solve_yaml(f"topic: mds\nsquared_distances: {table}\n"), "md", "full")
    assert r"\det \begin{bmatrix}" in full and "solving $(B - \\lambda_1 I)\\,\\mathbf w = \\mathbf 0$" in full
    assert r"With $\|\mathbf w_1\|^2 = " in full
    assert r"\mathbf w_3" not in full and r"\mathbf v_4" not in full


def test_checker_names_plain_distances_in_a():
    import tutor

    report = tutor.check("mds/distance-table", {"a_matrix": [["0", "-3", "-5/2"], ["-3", "0", "-5/2"],
                                                              ["-5/2", "-5/2", "0"]]})
    result = next(r for r in report.results if r.key == "a_matrix")
    assert result.verdict == "mistake" and result.mistake == "a_from_plain_distances"


def test_a_table_of_squared_distances_is_taken_as_it_stands():
    from tutor.rendering import render

    solution = solve_yaml(f"topic: mds\nsquared_distances: {SQUARED}\n")
    plain = solve(str(PROBLEMS / "mds" / "distance-table.yaml"))  # the same triangle, as d_ij
    assert solution.answers["b_matrix"] == plain.answers["b_matrix"]
    assert "squared_distances" not in [s.key for s in solution.steps]  # nothing to square
    text = render(solution, "md", "brief")
    assert "The squared distances are" in text and r"\left[d_{ij}^2\right] = \begin{bmatrix}0 & 36 & 25" in text


def test_plain_distances_are_shown_as_given_and_squared_first():
    from tutor.rendering import render

    solution = solve(str(PROBLEMS / "mds" / "distance-table.yaml"))
    assert solution.steps[0].key == "squared_distances"
    assert solution.answers["squared_distances"] == sp.Matrix(SQUARED)
    text = render(solution, "md", "brief")
    assert r"\left[d_{ij}\right] = \begin{bmatrix}0 & 6 & 5" in text and "The squared distances are" not in text


# --- squared or plain distances: named mistakes (worked by hand from the 6-5-5 triangle) --------------



@pytest.mark.parametrize("key", ["squared_distances", "recovered_distances"])
def test_plain_distances_where_squared_ones_are_asked_are_a_named_mistake(key):
    result = tutor.check("mds/distance-table", {key: PLAIN}).result(key)
    assert result.verdict == "mistake" and result.credit == 0
    assert result.mistake == {"squared_distances": "plain_not_squared_distances",
                              "recovered_distances": "recovered_plain_distances"}[key]
    assert "squares" in result.message and result.message.endswith(".")
    # the right squared table, in decimals too, is still right; a table that is neither is just wrong
    assert tutor.check("mds/distance-table", {key: SQUARED}).result(key).verdict == "correct"
    assert tutor.check("mds/distance-table", {key: [[0, 6, 5], [6, 0, 4], [5, 4, 0]]}).result(key).mistake is None


def test_squaring_a_table_of_squared_distances_again_is_a_named_mistake(tmp_path):
    problem = tmp_path / "squared.yaml"
    problem.write_text(f"topic: mds\nsquared_distances: {SQUARED}\n")
    # A = −½ (d²)², by hand: −648, −625/2 off the diagonal
    a = [[0, -648, "-625/2"], [-648, 0, "-625/2"], ["-625/2", "-625/2", 0]]
    result = tutor.check(str(problem), {"a_matrix": a}).result("a_matrix")
    assert (result.verdict, result.mistake) == ("mistake", "a_from_squared_twice")
    assert "without squaring them again" in result.message
    # Given plain distances, the same numbers are not that slip (squaring them once is right)
    assert tutor.check("mds/distance-table", {"a_matrix": a}).result("a_matrix").mistake != "a_from_squared_twice"


def test_the_keys_say_they_hold_squared_distances():
    from tutor.question import wording
    from tutor.topics import mds

    for key in ("squared_distances", "recovered_distances"):
        assert "squared distances" in mds.ANSWER_KEYS[key]
        assert "squared distances" in wording(mds, key)[1]


def test_work_that_follows_from_plain_distances_is_charged_once():
    # The student squares nothing: d_ij as their table, then A = −½ d_ij from it (worked by hand).
    a = [[0, -3, "-5/2"], [-3, 0, "-5/2"], ["-5/2", "-5/2", 0]]
    report = tutor.check("mds/distance-table", {"squared_distances": PLAIN, "a_matrix": a})
    assert report.result("squared_distances").mistake == "plain_not_squared_distances"
    assert report.result("a_matrix").verdict == "follow-through"
    assert "squared distances" in report.result("a_matrix").message


def test_recovered_distances_follow_the_students_own_points():
    # Points (−3,0), (3,0), (0,4) are a right configuration up to translation; (−3,0), (3,0), (0,5) is not,
    # and its squared distances 36, 34, 34 follow from it (by hand).
    wrong = [[-3, 0], [3, 0], [0, 5]]
    table = [[0, 36, 34], [36, 0, 34], [34, 34, 0]]
    report = tutor.check("mds/distance-table", {"coordinates": wrong, "recovered_distances": table})
    assert report.result("coordinates").credit == 0
    assert report.result("recovered_distances").verdict == "follow-through"


def test_forgetting_the_half_is_charged_once_through_b_the_eigenvalues_and_the_points():
    # The square (0,0), (2,0), (2,2), (0,2) with A = −d² (no −½), by hand: B is twice the right one,
    # its eigenvalues 8, 8, 0, 0, its points ±2 on the axes, and their squared distances 2·d².
    a = [[0, -4, -8, -4], [-4, 0, -4, -8], [-8, -4, 0, -4], [-4, -8, -4, 0]]
    b = [[4, 0, -4, 0], [0, 4, 0, -4], [-4, 0, 4, 0], [0, -4, 0, 4]]
    answers = {"a_matrix": a, "b_matrix": b, "eigenvalues": [8, 8, 0, 0],
               "coordinates": [[2, 0], [0, 2], [-2, 0], [0, -2]],
               "recovered_distances": [[0, 8, 16, 8], [8, 0, 8, 16], [16, 8, 0, 8], [8, 16, 8, 0]]}
    report = tutor.check("mds/from-points", answers)
    assert report.result("a_matrix").mistake == "a_without_half"
    for key in ("b_matrix", "eigenvalues", "coordinates", "recovered_distances"):
        assert report.result(key).verdict == "follow-through", (key, report.result(key).message)
    assert [r.key for r in report.results if r.credit == 0] == ["squared_distances", "a_matrix"]  # not given; the slip
    # From B alone (A not given) too; eigenvalues that follow from neither B are still wrong
    alone = tutor.check("mds/from-points", {"b_matrix": b, "eigenvalues": [8, 8, 0, 0]})
    assert alone.result("eigenvalues").verdict == "follow-through"
    assert "your own b matrix" in alone.result("eigenvalues").message
    assert tutor.check("mds/from-points", {"b_matrix": b, "eigenvalues": [6, 6, 0, 0]}).result(
        "eigenvalues").verdict == "wrong"


def test_points_follow_the_students_own_table_through_a_and_b():
    # The bundled triangle with A = −d² from the table: the eigenvalues double, from A without B
    solution = solve(str(PROBLEMS / "mds" / "distance-table.yaml"))
    a = [[str(-v) for v in row] for row in solution.answers["squared_distances"].tolist()]
    doubled = [str(2 * v) for v in solution.answers["eigenvalues"]]
    report = tutor.check("mds/distance-table", {"a_matrix": a, "eigenvalues": doubled})
    assert report.result("eigenvalues").verdict == "follow-through"
    assert "your own a matrix" in report.result("eigenvalues").message


def test_points_follow_the_students_own_eigenvalues():
    # The square's B (right) with λ₁ written 9 for 4: the points √λ v with their λ, by hand (3/√2 on one axis)
    answers = {"eigenvalues": [9, 4, 0, 0],
               "coordinates": [["3/sqrt(2)", 0], [0, "sqrt(2)"], ["-3/sqrt(2)", 0], [0, "-sqrt(2)"]]}
    report = tutor.check("mds/from-points", answers)
    assert report.result("eigenvalues").verdict == "wrong"
    assert report.result("coordinates").verdict == "follow-through"
    assert "your own eigenvalues" in report.result("coordinates").message
    # a negative λ gives no point: nothing to follow
    answers = {"eigenvalues": [-1, 4, 0, 0], "coordinates": [[2, 0], [0, 2], [-2, 0], [0, -2]]}
    assert tutor.check("mds/from-points", answers).result("coordinates").verdict == "wrong"


@pytest.mark.parametrize("name", ["from-points", "distance-table"])
def test_reproduced_distances_name_the_matrix_of_a_instead_of_printing_it_again(name):
    """(f)'s answer is (a)'s d², by value: the box says so ("the matrix of (a)") in every format, and the exam
    key too; the matrix is printed once, in (a)."""
    from tutor.question import final_answers
    from tutor.rendering import with_question

    solution = with_question(solve(str(PROBLEMS / "mds" / f"{name}.yaml")))
    finals = {part.key: value for part, value in final_answers(solution)}
    assert finals["recovered_distances"].shape == "same" and finals["recovered_distances"].same == "a"
    assert solution.answers["recovered_distances"] == solution.answers["squared_distances"]
    for fmt in ("md", "tex", "html"):
        box = render(solution, fmt).split("Final answers")[1]
        assert "the matrix of (a)" in box, fmt
        assert box.count(r"\begin{bmatrix}") == 3  # (a), (b), (c): no fourth matrix for (f)
    assert "every one equals $d_{ij}^2$, the matrix of (a)" in render(solution, "md")


def test_distances_not_reproduced_keep_their_matrix():
    """A negative eigenvalue: the recovered distances differ from d², so (f) prints its own matrix and says no."""
    from tutor.question import final_answers
    from tutor.rendering import with_question

    solution = with_question(solve(str(PROBLEMS / "mds" / "non-euclidean.yaml")))
    finals = {part.key: value for part, value in final_answers(solution)}
    assert finals["recovered_distances"].shape == "matrix"
    box = render(solution, "md").split("Final answers")[1]
    assert "matrix of (" not in box and r"- **(f)** no: $B$ has a negative eigenvalue" in box


def test_an_answer_equal_to_an_earlier_part_is_decided_by_value():
    """question._equal compares entries exactly (√8 and 2√2 are one value), not their printed text."""
    import sympy as sp

    from tutor.question import _equal

    assert _equal(sp.ImmutableMatrix([[sp.sqrt(8), 1]]), sp.ImmutableMatrix([[2 * sp.sqrt(2), 1]]))
    assert not _equal(sp.ImmutableMatrix([[1, 2]]), sp.ImmutableMatrix([[1, 3]]))
    assert not _equal(sp.ImmutableMatrix([[1, 2]]), sp.ImmutableMatrix([[1], [2]]))
