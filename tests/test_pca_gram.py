"""Topic pca-gram: the Gram trick gives the covariance's eigenpairs, and linear kernel PCA's matrix."""

import re
from pathlib import Path

import numpy as np
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import solve

from .conftest import PROBLEMS, solve_yaml

# Former bundled problems that need more than hand arithmetic, kept to test how such values are written.
BY_MACHINE = Path(__file__).parent / "data" / "by-machine"


def test_same_eigenvalues_as_the_pca_example():
    gram = solve(str(PROBLEMS / "pca-gram" / "four-points-2d.yaml"))
    direct = solve(str(PROBLEMS / "pca" / "two-d-one-component.yaml"))
    assert gram.answers["eigenvalues"] == direct.answers["eigenvalues"] == (2, sp.Rational(1, 2))
    assert gram.answers["eigenvectors"] == direct.answers["eigenvectors"]
    assert all(step.passed for step in gram.steps)


def test_gram_matrix_is_the_centred_linear_kernel():
    points = [[2, 0, 1, 1], [0, 2, 1, 1], [3, 1, 0, 2]]
    gram = solve_yaml(f"topic: pca-gram\npoints: {points}\n").answers["gram"]
    kpca = solve_yaml(f"topic: kernel-pca\npoints: {points}\nkernel: {{name: linear}}\n").answers["centred_kernel"]
    assert gram == kpca


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5).flatmap(lambda d: st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d),
                                                    min_size=2, max_size=3)))
def test_matches_numpy_eigh_of_the_covariance(points):
    a = solve_yaml(f"topic: pca-gram\npoints: {points}\n").answers
    X = np.array(points, dtype=float)
    Xc = X - X.mean(axis=0)
    S = Xc.T @ Xc / len(points)
    lam = np.sort(np.linalg.eigvalsh(S))[::-1]
    positive = lam[lam > 1e-9]
    values = np.array([float(sp.N(v, 30)) for v in a["eigenvalues"]])
    assert np.allclose(values, positive)
    for u, value in zip(a["eigenvectors"], values):
        u = np.array([float(sp.N(x, 30)) for x in u])
        assert np.isclose(np.linalg.norm(u), 1) and np.allclose(S @ u, value * u, atol=1e-9)
    assert np.allclose(np.array(a["gram"].tolist(), dtype=float), Xc @ Xc.T)
    assert np.allclose(np.array(a["centred"].tolist(), dtype=float), Xc)
    assert np.allclose([float(v) for v in a["means"]], X.mean(axis=0))
    mu = np.sort(np.linalg.eigvalsh(Xc @ Xc.T))[::-1]
    assert np.allclose([float(sp.N(v, 30)) for v in a["gram_eigenvalues"]], mu, atol=1e-9)


def test_nested_surds_have_one_form_in_the_steps_and_the_final_answers():
    """Issue 30: u₁ was 1/√(40√3 + 72)·(…) in the step but √6·√(5√3 + 9)/12 beside (−3 − √3)/√(40√3 + 72)
    in the final answers."""
    from tutor.rendering import render
    # the points that were bundled as three-points-four-attributes, kept as test data
    text = render(solve(str(BY_MACHINE / "pca-gram-nested-surds.yaml")), "md", "brief")
    answers = text[text.index("Final answers"):]
    assert r"\frac{5 + 3 \sqrt{3}}{\sqrt{40 \sqrt{3} + 72}}" in answers
    assert r"\sqrt{5 \sqrt{3} + 9}" not in text and r"\sqrt{9 - 5 \sqrt{3}}" not in text


def test_the_bundled_three_points_are_done_by_hand():
    """Issue 30: the bundled problem has integer eigenvalues mu of K and simple surds in u, no nested one."""
    from tutor.rendering import render
    solution = solve(str(PROBLEMS / "pca-gram" / "three-points-four-attributes.yaml"))
    assert solution.answers["gram_eigenvalues"] == (5, 3, 0)
    text = render(solution, "md", "brief")
    assert r"$\mathbf u_1 = \frac{1}{\sqrt{10}}\,{(1, 2, 1, -2)}^T$" in text
    assert r"$\mathbf u_2 = \frac{1}{\sqrt{2}}\,{(1, 0, -1, 0)}^T$" in text
    assert not re.search(r"\\sqrt\{[^}]*\\sqrt", text)
