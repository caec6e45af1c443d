"""Topics kernel-matrix and centring: the two recipe cards on their own."""

import re

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import render, solve

from .conftest import PROBLEMS, solve_yaml

R = sp.Rational


def test_rbf_card_distances_reproduce_the_cards_kernel_values():
    K = solve(str(PROBLEMS / "kernel-matrix" / "rbf-card-distances.yaml")).answers["kernel"]
    # d = 1, 2, 4, 8 from the first point: K = 2^(-d^2/4) = 0.841, 0.500, 0.0625, ~0.
    assert K[0, 1] == sp.Integer(2) ** R(-1, 4)
    assert [round(float(K[0, j]), 4) for j in range(1, 5)] == [0.8409, 0.5, 0.0625, 0.0]
    assert K[0, 4] == R(1, 2**16)


def test_kernel_matrix_topic_answer_keys():
    solution = solve(str(PROBLEMS / "kernel-matrix" / "quadratic-three-points.yaml"))
    assert set(solution.answers) == {"gram", "kernel"}
    assert solution.answers["kernel"] == sp.Matrix([[1, 1, 1], [1, 4, 1], [1, 1, 25]])


def test_centring_a_given_matrix_by_the_recipe():
    solution = solve(str(PROBLEMS / "centring" / "given-kernel-matrix.yaml"))
    answers = solution.answers
    assert answers["row_means"] == (1, R(4, 3), 1)
    assert answers["grand_mean"] == R(10, 9)
    assert answers["centred_kernel"] == sp.Matrix([[10, -2, -8], [-2, 4, -2], [-8, -2, 10]]) / 9
    assert all(step.passed for step in solution.steps)
    assert "mu_\\phi" in solution.step("grand_mean").note


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=2, max_size=5))
def test_centring_matches_numpy(points):
    solution = solve_yaml(f"topic: centring\npoints: {points}\nkernel: {{name: polynomial, degree: 2, offset: 1}}\n")
    X = np.array(points, dtype=float)
    K = (1 + X @ X.T) ** 2
    n = len(points)
    H = np.eye(n) - np.ones((n, n)) / n
    ans = solution.answers
    assert np.allclose(np.array(ans["kernel"].tolist(), dtype=float), K)
    assert np.allclose([float(v) for v in ans["row_means"]], K.mean(axis=1))
    assert np.isclose(float(ans["grand_mean"]), K.mean())
    assert np.allclose(np.array(ans["centred_kernel"].tolist(), dtype=float), H @ K @ H)


def test_centring_needs_exactly_one_start():
    from tutor.errors import ProblemError
    import pytest

    with pytest.raises(ProblemError, match="exactly one of kernel_matrix or points"):
        solve_yaml("topic: centring\ntitle: nothing\n")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=3, max_size=3), min_size=2, max_size=5),
       st.sampled_from(["linear", "quadratic", "rbf"]))
def test_kernel_matrix_matches_numpy(points, kernel):
    yaml_kernel = {"linear": "{name: linear}", "quadratic": "{name: polynomial, degree: 2, offset: 1}",
                   "rbf": "{name: rbf, gamma: 1/2}"}[kernel]
    answers = solve_yaml(f"topic: kernel-matrix\npoints: {points}\nkernel: {yaml_kernel}\n").answers
    X = np.array(points, dtype=float)
    G = X @ X.T
    sq = np.diag(G)[:, None] + np.diag(G)[None, :] - 2 * G
    expected = {"linear": G, "quadratic": (1 + G) ** 2, "rbf": np.exp(-0.5 * sq)}[kernel]
    assert np.allclose(np.array(answers["gram"].tolist(), dtype=float), G)
    assert np.allclose(np.array(answers["kernel"].evalf(30).tolist(), dtype=float), expected)
    if kernel == "rbf":
        assert np.allclose(np.array(answers["squared_distances"].tolist(), dtype=float), sq)


def test_centring_works_one_entry_of_k_hat_out_beside_the_matrix():
    # issue 30: the card's skill, K̂ᵢⱼ = Kᵢⱼ − r̄ᵢ − r̄ⱼ + ḡ, shown once at the brief level (the full level works every entry)
    from tutor import render

    solution = solve(str(PROBLEMS / "centring" / "quadratic-three-points.yaml"))
    i, j, k, ri, rj, v = solution.step("centred_kernel").data.worked
    assert (i, j) == (1, 2) and v == solution.answers["centred_kernel"][0, 1]
    assert k - ri - rj + solution.answers["grand_mean"] == v
    brief = render(solution, "tex", "brief")
    assert r"One entry by hand: $\hat K_{12} = K_{12} - \bar r_1 - \bar r_2 + \bar g = " in brief
    # kernel PCA, where centring is one step of many, keeps only the matrix
    kpca = solve(str(PROBLEMS / "kernel-pca" / "polynomial-new-point.yaml"))
    assert kpca.step("centred_kernel").data.worked is None
    assert "One entry by hand" not in render(kpca, "tex", "brief")


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_g_is_defined_before_the_squared_distances_use_it(detail, fmt):
    """Issue 30: δ_ij = G_ii + G_jj − 2G_ij only after G = XᵀX is named, in every format."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "kernel-matrix" / "rbf-card-distances.yaml")), fmt, detail)
    assert "G = X^T X" in text
    assert text.index("G = X^T X") < text.index("G_{ii} + G_{jj}")


def test_the_centring_answer_says_the_rows_sum_to_zero_and_h_is_defined_where_used():
    md = render(solve(str(PROBLEMS / "centring" / "quadratic-three-points.yaml")), "md", "brief")
    answers = md[md.index("### Final answers"):]
    assert "every row sums to $0$" in answers  # the part asks to check it
    assert r"$\hat{\mathbf K} = \mathbf H \mathbf K \mathbf H$ with $\mathbf H = \mathbf I - \tfrac1n \mathbf 1\mathbf 1^T$" in md


def test_the_feature_mean_statement_is_true_for_every_kernel():
    # "cannot be written down" was false for the linear kernel, whose mean is the points' own mean
    for name in ("given-kernel-matrix", "quadratic-three-points", "rbf-three-points"):
        md = render(solve(str(PROBLEMS / "feature-mean" / f"{name}.yaml")), "md", "brief")
        assert "cannot be written down" not in md and "squared length $\\|\\boldsymbol\\mu_\\phi\\|^2$ of the mean" in md


def test_the_dfs_comparison_answer_stays_in_its_sentence():
    # a bold 2 at the head of a line was taken for a step heading in LaTeX and set after a paragraph break
    tex = render(solve(str(PROBLEMS / "dfs-code" / "compare-two.yaml")), "tex", "brief")
    assert re.search(r"so code [12], the (first|second), is the smaller", tex)


def test_kernel_matrix_displays_the_matrices_its_parts_ask_for():
    # (a) asks for XᵀX and (b) for D: the brief solution listed their entries and showed the matrices only in
    # the final answers; kernel PCA, which does not ask for them, keeps the list
    md = render(solve(str(PROBLEMS / "kernel-matrix" / "rbf-card-distances.yaml")), "md", "brief")
    assert "X^T X = \\begin{bmatrix}" in md[:md.index("### Final answers")]
    assert "D = \\begin{bmatrix}" in md[:md.index("### Final answers")]
    kpca = render(solve(str(PROBLEMS / "kernel-pca" / "rbf-square.yaml")), "md", "brief")
    assert "X^T X = \\begin{bmatrix}" not in kpca and "\nD = \\begin{bmatrix}" not in kpca
