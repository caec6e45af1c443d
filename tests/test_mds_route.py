"""MDS by the notes' hand route (issue 30, item 2): B by the elementwise double centring with the row, column
and grand means of d²; the spectrum by trace and rank where a student can say how many eigenvalues are
non-zero; no eigenvectors of the discarded eigenvalues; A = −½d² as the notes' pseudocode."""

from __future__ import annotations

import random

import sympy as sp

from tutor import render, solve
from tutor.problem import load_problem_text
from tutor.recipes.centring import centring_matrix

from .conftest import PROBLEMS

R = sp.Rational


def _mds(name: str):
    return solve(str(PROBLEMS / "mds" / f"{name}.yaml"))


def test_the_brief_double_centring_shows_the_means_of_d2_and_one_entry():
    solution = _mds("distance-table")
    data = solution.step("b_matrix").data
    assert data.means == (R(61, 3), R(61, 3), R(50, 3)) and data.grand == R(172, 9)
    brief = render(solution, "tex", "brief")
    assert r"$d_{1\bullet}^2 = \frac{61}{3}$, $d_{2\bullet}^2 = \frac{61}{3}$, $d_{3\bullet}^2 = \frac{50}{3}$" in brief
    assert r"grand mean $d_{\bullet\bullet}^2 = \frac{172}{9}$" in brief
    assert (r"b_{12} = -\tfrac12\left( 36 - \frac{61}{3} - \frac{61}{3} + \frac{172}{9}\right) = - \frac{65}{9}") in brief
    full = render(solution, "tex", "full")
    assert r"d_{1\bullet}^2 = \tfrac1{3}\left( 0 + 36 + 25\right) = \frac{61}{3}" in full
    assert r"b_{33} = -\tfrac12\left( 0 - \frac{50}{3} - \frac{50}{3} + \frac{172}{9}\right) = \frac{64}{9}" in full


def test_a_keeps_the_pseudocodes_meaning():
    solution = _mds("distance-table")
    assert solution.answers["a_matrix"] == -solution.answers["squared_distances"] / 2


def test_every_entry_worked_out_is_the_entry_of_hah():
    rng = random.Random(30)
    for n in (3, 4, 5):
        points = [[rng.randint(-3, 3), rng.randint(-3, 3)] for _ in range(n)]
        solution = solve(load_problem_text(f"topic: mds\npoints: {points}\n", "m.yaml"))
        step = solution.step("b_matrix")
        assert step.passed
        A = solution.answers["a_matrix"]
        H = centring_matrix(n)
        B = H * A * H
        assert all(e.value == B[e.i - 1, e.j - 1] for e in step.data.entries)
        assert len(step.data.entries) == (n * (n + 1) // 2 if n <= 4 else n)


def test_the_spectrum_by_trace_and_rank_where_that_is_the_hand_route():
    for name, trace, frobenius, product in (("distance-table", R(86, 3), R(3940, 9), 192), ("from-points", 8, 32, 16)):
        solution = _mds(name)
        route = solution.step("eigenvalues").data.trace
        assert (route.trace, route.frobenius, route.product) == (trace, frobenius, product), name
        brief, full = render(solution, "tex", "brief"), render(solution, "tex", "full")
        for tex in (brief, full):
            assert r"\det(B - \lambda I)" not in tex and r"\det \begin{bmatrix}" not in tex, name
        assert rf"\lambda_1 + \lambda_2 = \operatorname{{tr}} B = {sp.latex(trace)}" in brief
        assert rf"\lambda_1^2 + \lambda_2^2 = \|B\|_F^2 = {sp.latex(frobenius)}" in brief
    # points in the plane: rank B ≤ 2 said from the points, λ₃ = λ₄ = 0
    assert r"for points in $\mathbb R^2$, so rank $B \le 2$" in render(_mds("from-points"), "tex", "brief")
    # a 4 × 4 of rank 3 has no such route; the bundled one has the notes' other hand route, symmetry
    non_euclidean = _mds("non-euclidean")
    data = non_euclidean.step("eigenvalues").data
    assert data.trace is None and [r.tried.vector for r in data.symmetry] == [(1, 1, 1, 1), (1, 0, 0, -1),
                                                                              (0, 1, -1, 0), (1, -1, -1, 1)]
    tex = render(non_euclidean, "tex", "brief")
    assert r"Swapping $\mathbf x_1$ and $\mathbf x_4$ leaves $B$ unchanged, so try $\mathbf w_1 = {(1, 0, 0, -1)}^T$" in tex
    assert r"whose roots are the $\lambda$ found" in tex and r"\det \begin{bmatrix}" not in render(non_euclidean, "tex", "full")


def test_no_eigenvector_of_a_discarded_eigenvalue_is_worked_out():
    solution = _mds("from-points")  # λ = 4, 4, 0, 0
    assert len(solution.step("eigenvalues").data.rows) == 2
    for detail in ("brief", "full"):
        tex = render(solution, "tex", detail)
        assert r"\mathbf v_3" not in tex and r"\mathbf v_4" not in tex and r"\mathbf w_3" not in tex
    assert solution.answers["eigenvalues"] == (4, 4, 0, 0)  # the key keeps every eigenvalue


def _steps_text(text: str, start: str, stop: str) -> str:
    return text[text.index(start):text.index(stop, text.index(start))]


def test_whether_the_distances_are_euclidean_is_said_once_in_the_spectrum_step():
    # review of issue 30: at the full level the step's note said it again under the template's own line
    for name in ("distance-table", "from-points", "non-euclidean"):
        solution = _mds(name)
        for detail in ("brief", "full"):
            step = _steps_text(render(solution, "md", detail), "Spectral decomposition", "The recovered points")
            assert step.count("Euclidean") == 1, (name, detail)


ISOSCELES = "topic: mds\ndistances: [[0, 5, 5], [5, 0, 6], [5, 6, 0]]\n"  # swapping x₂ and x₃ leaves B unchanged


def test_kept_eigenvectors_by_symmetry_beside_the_trace_route():
    """The notes' hand route: the eigenvalues by trace and rank, then "swapping x₂ and x₃ leaves B
    unchanged, so try w = (0, 1, −1)", Bw = λw verified, never (B − λI)w = 0 solved."""
    solution = solve(load_problem_text(ISOSCELES, "iso.yaml"))
    data = solution.step("eigenvalues").data
    assert data.trace is not None and solution.answers["eigenvalues"] == (18, R(32, 3), 0)
    assert [(r.index, r.tried.vector) for r in data.kept_symmetry] == [(1, (0, 1, -1)), (2, (2, -1, -1))]
    brief, full = render(solution, "md", "brief"), render(solution, "md", "full")
    assert (r"Swapping $\mathbf x_2$ and $\mathbf x_3$ leaves $B$ unchanged, so try $\mathbf w_1 = {(0, 1, -1)}^T$: "
            r"$B\mathbf w_1 = {(0, 18, -18)}^T = 18\,\mathbf w_1$ ✓.") in brief
    assert (r"Orthogonal to $\mathbf 1$ and $\mathbf w_1$: try $\mathbf w_2 = {(2, -1, -1)}^T$: "
            r"$B\mathbf w_2 = {(\frac{64}{3}, - \frac{32}{3}, - \frac{32}{3})}^T = \frac{32}{3}\,\mathbf w_2$ ✓.") in brief
    assert r"($b_{12} = b_{13}, b_{22} = b_{33}$)" in full and r"so $\mathbf w_2$ belongs to $\lambda_2 = \frac{32}{3}$" in full
    for text in (brief, full):
        assert "solving" not in text and r"\det(B - \lambda I)" not in text
        assert r"\mathbf v_1 = \frac{1}{\sqrt{2}}\,{(0, 1, -1)}^T" in text.replace(r"\begin{bmatrix} 0 \\ 1 \\ -1 \end{bmatrix}",
                                                                                  "{(0, 1, -1)}^T")
    # the square: each kept vector by a swap, no Gram–Schmidt for the repeated λ = 4, no solve
    square = render(_mds("from-points"), "md", "brief")
    assert r"Swapping $\mathbf x_1$ and $\mathbf x_3$ leaves $B$ unchanged, so try $\mathbf w_1 = {(1, 0, -1, 0)}^T$" in square
    assert "Gram" not in square and "solving" not in render(_mds("from-points"), "md", "full")
    # no symmetry (the 3-4-5 triangle, kept as a test problem): the solve route stays
    scalene = solve(str(PROBLEMS.parent / "tests" / "data" / "by-machine" / "mds-3-4-5.yaml"))
    assert "solving" in render(scalene, "md", "full")


def test_the_brief_says_each_thing_once():
    # review of issue 30: "The discarded eigenvalues' vectors are not needed." is nothing a student writes
    for name in ("distance-table", "from-points", "non-euclidean"):
        assert "vectors are not needed" not in render(_mds(name), "md", "brief"), name


def test_no_discarded_eigenvector_in_generated_problems():
    """Over generated problems of each difficulty: only the kept eigenvalues get a unit vector, and no
    discarded one is solved for, at either level (𝟏, the reason B𝟏 = 0, is the only other vector named)."""
    from tutor.generators import draw_solved

    for difficulty in ("easy", "medium", "hard"):
        for seed in (1, 2, 3, 4, 5):
            _, _, solution = draw_solved("mds", difficulty, seed)
            data = solution.step("eigenvalues").data
            kept = len(data.rows)
            for detail in ("brief", "full"):
                text = render(solution, "md", detail)
                for k in range(kept + 1, len(data.values) + 1):
                    assert rf"\mathbf v_{k}" not in text and rf"\lambda_{k} I" not in text, (difficulty, seed, detail, k)


def test_the_brief_displays_its_matrices_rather_than_setting_them_in_a_line():
    # a 4 × 4 matrix in a line of text made the line as tall as the matrix, the heading floating at mid-height
    md = render(solve(str(PROBLEMS / "mds" / "from-points.yaml")), "md", "brief")
    solution = md[md.index("## Solution"):md.index("### Final answers")]
    for name in (r"\left[d_{ij}^2\right] = \begin{bmatrix}", r"A = \begin{bmatrix}", r"B = HAH = \begin{bmatrix}"):
        line = next(l for l in solution.splitlines() if name in l)
        assert line.startswith(name.split(" = ")[0]), line  # a display's own line, not inside a sentence
