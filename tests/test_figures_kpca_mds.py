"""Figures of kernel-pca and mds (issue 17): on the expected step, in the solution's own exact values.

Every coordinate is read back from the JSON ("exact" strings sympified) and compared with the
solution's answers: kernel PCA's input points with the points as given, its coordinates figure with
answers["coordinates"] (and answers["new_coordinates"]); mds's configuration with answers["coordinates"].
"""

from __future__ import annotations

import math
import re

import pytest
import sympy as sp

from tutor import generators, load_problem, solve
from tutor.exact.tidy import is_zero
from tutor.figures.scene import scene
from tutor.rendering import to_json

from .conftest import PROBLEMS, solve_yaml

KPCA = sorted((PROBLEMS / "kernel-pca").glob("*.yaml"))
MDS = sorted((PROBLEMS / "mds").glob("*.yaml"))


def figures(solution) -> dict[str, dict]:
    """Step key → the figure of that step, as the JSON writes it; each can be laid out (its labels in
    the subset both drawings set, its numbers on a page)."""
    for step in solution.steps:
        if step.figure is not None:
            scene(step.figure)
    return {s["key"]: s["figure"] for s in to_json(solution)["steps"] if "figure" in s}


def value(number: dict):
    """An exact JSON number read back; its approximation must agree with it."""
    parsed = sp.sympify(number["exact"])
    assert math.isfinite(number["approx"])
    assert abs(float(parsed) - number["approx"]) <= 1e-9 * max(1.0, abs(number["approx"]))
    return parsed


def equal(number: dict, expected) -> bool:
    return is_zero(value(number) - expected)


def indices(label: str, name: str) -> list[int]:
    """The point numbers in a label: "x_{1}, x_{2}" -> [1, 2] (coinciding points share one marker)."""
    return [int(j) for j in re.findall(re.escape(name) + r"_\{(\d+)\}", label)]


def placed(figure: dict, name: str, tone: str = "blue") -> dict[int, dict]:
    """Point number → its marker, for the markers of one tone; every point is marked exactly once."""
    out: dict[int, dict] = {}
    for item in figure["items"]:
        if item["type"] == "point" and item["tone"] == tone:
            for j in indices(item["label"], name):
                assert j not in out
                out[j] = item
    return out


def assert_coordinates_figure(solution, figure):
    coords = solution.answers["coordinates"]
    n = len(coords[0])
    two = len(coords) >= 2
    marks = placed(figure, "x")
    assert sorted(marks) == list(range(1, n + 1))
    for j, item in marks.items():
        assert equal(item["x"], coords[0][j - 1])
        assert equal(item["y"], coords[1][j - 1] if two else 0)
    assert figure["x_label"] == "a_1" and figure["y_label"] == ("a_2" if two else "")
    assert "PC 1 separates" in figure["caption"]
    new = [i for i in figure["items"] if i["tone"] == "orange"]
    expected = solution.answers.get("new_coordinates", ())
    assert len(new) == len(expected)
    for item, y in zip(new, expected):
        assert item["shape"] == "square"
        assert equal(item["x"], y[0]) and equal(item["y"], y[1] if two else 0)


def assert_input_figure(problem, figure):
    two = len(problem.points[0]) == 2
    marks = placed(figure, "x")
    assert sorted(marks) == list(range(1, len(problem.points) + 1))
    for j, item in marks.items():
        p = problem.points[j - 1]
        assert equal(item["x"], p[0]) and equal(item["y"], p[1] if two else 0)
    new = [i for i in figure["items"] if i["tone"] == "orange"]
    assert len(new) == len(problem.new_points)
    for item, p in zip(new, problem.new_points):
        assert equal(item["x"], p[0]) and equal(item["y"], p[1] if two else 0)


def assert_kernel_pca_figures(solution):
    """Input points (1-D or 2-D) beside the coordinates in one row; alone on the first step when
    there are no coordinates; the coordinates alone when the points are not given (or 3-D+)."""
    problem = solution.problem
    found = figures(solution)
    drawn_input = problem.points is not None and len(problem.points[0]) <= 2
    if "coordinates" in solution.answers:
        key = "new_coordinates" if problem.new_points else "coordinates"
        assert set(found) == {key}
        figure = found[key]
        if drawn_input:
            assert figure["type"] == "row" and len(figure["panels"]) == 2
            assert_input_figure(problem, figure["panels"][0])
            figure = figure["panels"][1]
        assert_coordinates_figure(solution, figure)
    elif drawn_input:
        first = solution.steps[0].key
        assert set(found) == {first}
        assert_input_figure(problem, found[first])
    else:
        assert not found


@pytest.mark.parametrize("path", KPCA, ids=lambda p: p.stem)
def test_every_bundled_kernel_pca_problem_draws_its_coordinates_in_the_solutions_values(path):
    solution = solve(str(path))
    assert "coordinates" in solution.answers
    assert_kernel_pca_figures(solution)


def test_the_notes_example3_draws_the_coordinates_the_notes_find():
    figure = figures(solve(str(PROBLEMS / "kernel-pca" / "example3.yaml")))["coordinates"]
    at = {j: (value(m["x"]), value(m["y"])) for j, m in placed(figure, "x").items()}
    assert at == {1: (2, 1), 2: (-2, 1), 3: (0, -2)}
    assert ("PC 1 separates $\\mathbf x_{1}$ from $\\mathbf x_{2}$, with $\\mathbf x_{3}$ at $0$; "
            "PC 2 separates $\\mathbf x_{3}$ from $\\mathbf x_{1}$, $\\mathbf x_{2}$") in figure["caption"]


def test_the_points_are_drawn_beside_their_coordinates_when_given():
    solution = solve(str(PROBLEMS / "kernel-pca" / "linear-three-points.yaml"))
    row = solution.step("coordinates").figure
    given, coordinates = row.panels
    assert [(m.x, m.y, m.label) for m in given.items] == [(0, 0, "x_{1}"), (2, 0, "x_{2}"), (1, 3, "x_{3}")]
    assert given.x_label == "x_{i1}" and given.y_label == "x_{i2}" and coordinates.x_label == "a_1"
    assert row.caption.startswith("Left: The points") and "Right: Each point" in row.caption
    assert solution.steps[0].figure is None


def test_a_new_point_is_drawn_as_a_square_after_its_projection():
    solution = solve(str(PROBLEMS / "kernel-pca" / "polynomial-new-point.yaml"))
    figure = solution.step("new_coordinates").figure
    assert solution.step("coordinates").figure is None
    figure = figure.panels[1] if hasattr(figure, "panels") else figure
    (square,) = [m for m in figure.items if m.shape == "square"]
    assert (square.x, square.y, square.label, square.tone) == (1, sp.Rational(-5, 6), "x", "orange")
    assert "new point" in figure.caption


def test_one_component_is_drawn_on_a_line_with_labels_alternating_above_and_below():
    solution = solve(str(PROBLEMS / "kernel-pca" / "linear-two-points.yaml"))
    figure = solution.step("coordinates").figure.panels[1]
    a1 = solution.answers["coordinates"][0]
    assert [(m.x, m.y) for m in figure.items] == [(a1[0], 0), (a1[1], 0)]
    assert {m.place for m in figure.items} == {"n", "s"}
    assert figure.y_label == "" and "one component" in figure.caption


def test_one_dimensional_inputs_are_drawn_on_a_line():
    solution = solve_yaml("topic: kernel-pca\npoints: [[0], [1], [3]]\nkernel: {name: rbf, gamma: 1}\n"
                          "new_points: [[2], [5]]\n")
    assert_kernel_pca_figures(solution)
    figure = solution.step("new_coordinates").figure.panels[0]
    assert [(m.x, m.y, m.label) for m in figure.items] == [
        (0, 0, "x_{1}"), (1, 0, "x_{2}"), (3, 0, "x_{3}"), (2, 0, "x'_{1}"), (5, 0, "x'_{2}")]
    # along the line, sorted by position (0, 1, 2, 3, 5), labels alternate above and below
    assert [m.place for m in figure.items] == ["n", "s", "s", "n", "n"]


def test_points_in_three_dimensions_have_no_input_figure_and_three_components_show_the_first_two():
    solution = solve_yaml("topic: kernel-pca\npoints: [[1,0,0],[0,1,0],[0,0,1],[0,0,0]]\nkernel: {name: linear}\n")
    assert_kernel_pca_figures(solution)
    assert solution.steps[0].figure is None
    assert "first two of the 3 components" in solution.step("coordinates").figure.caption


def test_coinciding_points_share_one_marker_labelled_with_both():
    solution = solve_yaml("topic: kernel-pca\npoints: [[0,0],[0,0],[1,1]]\nkernel: {name: linear}\n")
    assert_kernel_pca_figures(solution)
    given, coordinates = solution.step("coordinates").figure.panels
    assert [m.label for m in given.items] == ["x_{1}, x_{2}", "x_{3}"]
    assert [m.label for m in coordinates.items] == ["x_{1}, x_{2}", "x_{3}"]


def test_no_coordinates_figure_when_kernel_pca_has_no_component():
    solution = solve_yaml("topic: kernel-pca\npoints: [[1,1],[1,1]]\nkernel: {name: linear}\n")
    assert "coordinates" not in solution.answers
    assert set(figures(solution)) == {"gram"}


def assert_configuration_figure(solution):
    found = figures(solution)
    assert set(found) == {"coordinates"}
    figure = found["coordinates"]
    points = solution.answers["coordinates"]
    two = len(points[0]) >= 2
    marks = placed(figure, "\\hat{x}")
    assert sorted(marks) == list(range(1, len(points) + 1))
    for i, item in marks.items():
        assert equal(item["x"], points[i - 1][0])
        assert equal(item["y"], points[i - 1][1] if two else 0)
    assert figure["equal"] and figure["y_label"] == ("\\hat{x}_{i2}" if two else "")
    return figure


@pytest.mark.parametrize("path", MDS, ids=lambda p: p.stem)
def test_every_bundled_mds_problem_draws_the_recovered_configuration(path):
    assert_configuration_figure(solve(str(path)))


def test_the_non_euclidean_table_in_one_dimension_draws_a_line_with_two_points_together():
    figure = assert_configuration_figure(solve(str(PROBLEMS / "mds" / "non-euclidean.yaml")))
    assert [(value(m["x"]), value(m["y"]), m["label"]) for m in figure["items"]] == [
        (sp.Rational(3, 2), 0, "\\hat{x}_{1}"), (0, 0, "\\hat{x}_{2}, \\hat{x}_{3}"), (sp.Rational(-3, 2), 0, "\\hat{x}_{4}")]
    assert "does not reproduce every distance" in figure["caption"]


def test_mds_in_three_dimensions_draws_the_first_two_and_says_so():
    solution = solve_yaml("topic: mds\npoints: [[1,0,0],[0,1,0],[0,0,1],[0,0,0]]\n")
    figure = assert_configuration_figure(solution)
    assert "first two of $p = 3$ coordinates" in figure["caption"]


def test_mds_with_no_positive_eigenvalue_has_no_figure():
    solution = solve_yaml("topic: mds\ndistances: [[0, 0], [0, 0]]\n")
    assert solution.answers["coordinates"] == ((), ())
    assert figures(solution) == {}


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_generated_problems_draw_figures_in_their_own_values(difficulty, tmp_path):
    for topic, check in (("kernel-pca", assert_kernel_pca_figures), ("mds", assert_configuration_figure)):
        for p in generators.generate(topic, difficulty, 1, 3):
            path = tmp_path / p.filename
            path.write_text(p.text())
            check(solve(load_problem(str(path))))
