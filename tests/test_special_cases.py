"""Repeated eigenvalues, coincident points, non-PSD matrices, fewer components, new points."""

import sympy as sp

from tutor.exact.tidy import is_zero

from .conftest import PROBLEMS, solve_yaml
from tutor import solve


def test_equilateral_triangle_gives_an_orthonormal_basis_of_the_repeated_eigenspace():
    solution = solve(str(PROBLEMS / "kernel-pca" / "equilateral-triangle.yaml"))
    etas = solution.answers["eigenvalues"]
    assert etas == (2, 2, 0)
    V = sp.Matrix([list(v) for v in solution.answers["eigenvectors"]]).T
    assert all(is_zero(x) for x in V.T * V - sp.eye(3))
    Khat = solution.answers["centred_kernel"]
    assert all(is_zero(x) for x in Khat * V - V * sp.diag(*etas))
    assert solution.step("eigenvalues").data.repeated == (1, 2)
    assert "Gram–Schmidt" in solution.step("eigenvectors").note
    assert all(step.passed for step in solution.steps)


def test_identical_points_give_no_component_and_a_sentence():
    solution = solve_yaml("topic: kernel-pca\npoints: [[1, 1], [1, 1]]\nkernel: {name: linear}\n")
    assert solution.answers["centred_kernel"] == sp.zeros(2, 2)
    assert solution.answers["eigenvalues"] == (0, 0)
    assert "coordinates" not in solution.answers and "coefficients" not in solution.answers
    assert any("no component" in s for s in solution.summary)


def test_a_matrix_that_is_not_psd_is_said_plainly():
    solution = solve_yaml("topic: kernel-pca\nkernel_matrix: [[0, 2], [2, 0]]\n")
    assert solution.answers["eigenvalues"] == (0, -2)  # K-hat = [[-1, 1], [1, -1]]
    assert any("not positive semi-definite" in s for s in solution.summary)


def test_components_keeps_only_the_first():
    solution = solve_yaml("topic: kernel-pca\ncentred_kernel_matrix: [[5, -3, -2], [-3, 5, -2], [-2, -2, 4]]\n"
                          "components: 1\n")
    assert len(solution.answers["coordinates"]) == 1
    assert solution.step("coefficients").data.dropped == 1


def test_new_point_coordinates_by_hand():
    # Points 0 and 2 on a line, linear kernel: K = [[0,0],[0,4]], r = (0, 2), g = 1,
    # K-hat = [[1,-1],[-1,1]], eta = 2, v = (1,-1)/sqrt2, c = (1,-1)/2.
    # New point x = 1: k = (0, 2), mean 1, k~ = (0-1-0+1, 2-1-2+1) = (0, 0) -> coordinate 0.
    solution = solve_yaml("topic: kernel-pca\npoints: [[0], [2]]\nkernel: {name: linear}\nnew_points: [[1], [4]]\n")
    assert solution.answers["coefficients"] == ((sp.Rational(1, 2), sp.Rational(-1, 2)),)
    # x = 4: k = (0, 8), mean 4, k~ = (0-4-0+1, 8-4-2+1) = (-3, 3) -> c·k~ = -3
    assert solution.answers["new_coordinates"] == ((0,), (-3,))


def test_exact_strings_in_points_are_parsed_not_evaluated():
    solution = solve_yaml('topic: kernel-pca\npoints: [["sqrt(2)", 0], [0, "1/2"]]\nkernel: {name: linear}\n')
    assert solution.answers["gram"] == sp.Matrix([[2, 0], [0, sp.Rational(1, 4)]])


def test_decimals_in_problem_files_are_read_exactly():
    solution = solve_yaml("topic: kernel-pca\npoints: [[0.1], [0.3]]\nkernel: {name: linear}\n")
    assert solution.answers["gram"][1, 1] == sp.Rational(9, 100)


def test_every_bundled_problem_solves_with_every_check_passing():
    for path in sorted((PROBLEMS / "kernel-pca").glob("*.yaml")):
        solution = solve(str(path))
        assert all(step.passed for step in solution.steps), path.name
    assert len(list((PROBLEMS / "kernel-pca").glob("*.yaml"))) >= 7
