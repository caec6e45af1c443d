"""Topic pca: hand-checkable numbers, both divisors, and every answer key against numpy."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import solve
from tutor.errors import ProblemError
from tutor.exact.eigen import LAMBDA

from .conftest import PROBLEMS, solve_yaml

R = sp.Rational


def test_four_points_by_hand():
    a = solve(str(PROBLEMS / "pca" / "two-d-one-component.yaml")).answers
    assert a["means"] == (R(3, 2), R(3, 2))
    assert a["covariance"] == sp.Matrix([[R(5, 4), R(-3, 4)], [R(-3, 4), R(5, 4)]])
    assert a["eigenvalues"] == (2, R(1, 2))
    assert a["captured_fraction"] == R(4, 5)
    assert a["reconstruction_error"] == R(1, 2)  # the discarded eigenvalue


def test_unbiased_covariance_scales_eigenvalues_but_not_the_error():
    solution = solve(str(PROBLEMS / "pca" / "unbiased-covariance.yaml"))
    a = solution.answers
    assert a["eigenvalues"] == (R(8, 3), R(2, 3))
    assert a["reconstruction_error"] == R(1, 2)
    assert "n - 1" in solution.step("covariance").formula and "unbiased" in solution.step("covariance").note
    assert all(step.passed for step in solution.steps)


def _f(v):
    if isinstance(v, sp.MatrixBase):
        return np.array(v.evalf(30).tolist(), dtype=float)
    if isinstance(v, (tuple, list)):
        return np.array([_f(x) for x in v], dtype=float)
    return float(sp.N(v, 30))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 3).flatmap(lambda d: st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d),
                                                    min_size=2, max_size=6)),
       st.booleans(), st.data())
def test_every_answer_matches_numpy(points, unbiased, data):
    d = len(points[0])
    k = data.draw(st.integers(1, d))
    text = f"topic: pca\npoints: {points}\ncomponents: {k}\ndivisor: {'n-1' if unbiased else 'n'}\n"
    a = solve_yaml(text).answers
    X = np.array(points, dtype=float)
    n = len(points)
    Xc = X - X.mean(axis=0)
    S = Xc.T @ Xc / (n - 1 if unbiased else n)
    lam, U = np.linalg.eigh(S)
    order = np.argsort(-lam)
    lam, U = lam[order], U[:, order]
    assert np.allclose(_f(a["means"]), X.mean(axis=0))
    assert np.allclose(_f(a["centred"]), Xc)
    assert np.allclose(_f(a["covariance"]), S)
    assert np.allclose(_f(a["eigenvalues"]), lam, atol=1e-9)
    poly = sp.lambdify(LAMBDA, a["char_poly"])
    assert all(abs(poly(x)) < 1e-6 for x in lam)  # det(S - λI) vanishes at numpy's eigenvalues
    assert np.isclose(_f(a["captured_variance"]), lam[:k].sum())
    if lam.sum() > 1e-12:
        assert np.isclose(_f(a["captured_fraction"]), lam[:k].sum() / lam.sum())
    # the reconstruction depends only on the kept subspace, so it is sign- and basis-free
    # whenever the kth and (k+1)th eigenvalues differ
    if k == d or lam[k - 1] - lam[k] > 1e-9:
        P = U[:, :k] @ U[:, :k].T
        assert np.allclose(_f(a["reconstruction"]), X.mean(axis=0) + Xc @ P)
        assert np.isclose(_f(a["reconstruction_error"]), np.mean(np.sum((Xc - Xc @ P) ** 2, axis=1)))
    vectors = _f(a["eigenvectors"])
    assert np.allclose(vectors @ vectors.T, np.eye(d), atol=1e-9)
    for u, value in zip(vectors, lam):
        assert np.allclose(S @ u, value * u, atol=1e-9)
    scores = _f(a["scores"])
    for j in range(k):
        assert np.allclose(scores[j], Xc @ vectors[j])


@pytest.mark.parametrize("text,field", [
    ("points: [[1, 2], [3]]", "points"),
    ("points: [[1], [2]]", "points"),
    ("points: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9]]", "points"),  # 8 coordinates at most
    ("points: [[1, 2]]", "points"),
    ("points: " + str([[i, i] for i in range(9)]), "points"),  # 8 points at most
    ("points: [[1, 2], [3, 4]]\ncomponents: 3", "components"),
    ("points: [[1, 2], [3, 4]]\ncomponents: 0", "components"),
    ("points: [[1, 2], [3, 4]]\ndivisor: n+1", "divisor"),
])
def test_bad_input_names_its_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: pca\n" + text + "\n")
    assert info.value.field == field


@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_error_identity_holds_for_the_n_minus_1_convention(detail):
    """Issue 30: with S divided by n − 1 the step stated (1/n)Σ‖xᵢ − x̂ᵢ‖² = Σ_{j>k} λⱼ, then 1/2 = (3/4)λ₂."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "pca" / "unbiased-covariance.yaml")), "md", detail)
    assert r"\hat{\mathbf x}_i\|^2 = \frac{n - 1}{n} \sum_{j > k} \lambda_j" in text
    assert r"\hat{\mathbf x}_i\|^2 = \sum_{j > k}" not in text
    assert detail == "full" or r"$\frac{n - 1}{n}$ of the dropped variance" in text
    plain = render(solve(str(PROBLEMS / "pca" / "two-d-one-component.yaml")), "md", detail)
    assert r"\hat{\mathbf x}_i\|^2 = \sum_{j > k} \lambda_j" in plain
