"""Every exact answer agrees with an independent float computation (numpy) on random problems."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import solve_yaml

TOL = 1e-9

KERNELS = {
    "linear": ("{name: linear}", lambda X: X @ X.T),
    "quadratic": ("{name: polynomial, degree: 2, offset: 1}", lambda X: (1 + X @ X.T) ** 2),
    "cubic": ("{name: polynomial, degree: 3, offset: 0}", lambda X: (X @ X.T) ** 3),
    "rbf-ln2": ('{name: rbf, gamma: "ln(2)/4"}', lambda X: np.exp(-math.log(2) / 4 * _sqdist(X))),
    "rbf-half": ("{name: rbf, gamma: 1/2}", lambda X: np.exp(-0.5 * _sqdist(X))),
}


def _sqdist(X):
    sq = np.sum(X**2, axis=1)
    return sq[:, None] + sq[None, :] - 2 * X @ X.T


def _f(value) -> np.ndarray:
    if isinstance(value, sp.MatrixBase):
        return np.array(value.evalf(30).tolist(), dtype=float)
    if isinstance(value, (tuple, list)):
        return np.array([_f(v) for v in value], dtype=float)
    return np.array(float(sp.N(value, 30)))


def _close(a, b, scale=1.0):
    return np.allclose(a, b, atol=TOL * max(1.0, scale), rtol=1e-9)


def _projector(vectors):
    V = np.array(vectors, dtype=float).T
    return V @ V.T


def _clusters(values):
    """Groups of indices whose eigenvalues are equal (to float accuracy)."""
    groups = []
    for i, v in enumerate(values):
        if groups and abs(values[groups[-1][0]] - v) < 1e-7:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


points_strategy = st.integers(2, 4).flatmap(
    lambda n: st.integers(1, 3).flatmap(
        lambda d: st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d), min_size=n, max_size=n)
    )
)


def check_against_numpy(points, kernel_name, new_point=None):
    kernel_yaml, kernel_np = KERNELS[kernel_name]
    text = f"topic: kernel-pca\npoints: {points}\nkernel: {kernel_yaml}\n"
    if new_point is not None:
        text += f"new_points: [{new_point}]\n"
    solution = solve_yaml(text)
    answers = solution.answers
    X = np.array(points, dtype=float)
    n = len(points)
    K = kernel_np(X)
    scale = float(np.max(np.abs(K)))
    H = np.eye(n) - np.ones((n, n)) / n
    Khat = H @ K @ H
    assert _close(_f(answers["kernel"]), K, scale)
    assert _close(_f(answers["row_means"]), K.mean(axis=1), scale)
    assert _close(_f(answers["grand_mean"]), K.mean(), scale)
    assert _close(_f(answers["centred_kernel"]), Khat, scale)

    w, V = np.linalg.eigh(Khat)
    order = np.argsort(-w)
    w, V = w[order], V[:, order]
    etas = _f(answers["eigenvalues"])
    assert _close(etas, w, scale)
    assert _close(_f(answers["variances"]), w / n, scale)
    eta = sp.Symbol("eta")
    poly = sp.lambdify(eta, answers["char_poly"])
    for x in w:  # det(K̂ − ηI) vanishes at every numpy eigenvalue
        assert abs(poly(x)) < 1e-6 * max(1.0, scale) ** n

    vectors = _f(answers["eigenvectors"])
    for group in _clusters(w):  # eigenvectors up to sign; a repeated eigenspace as a projector
        assert _close(_projector(vectors[group]), _projector(V[:, group].T))
    for v in vectors:
        assert abs(np.linalg.norm(v) - 1) < TOL

    positive = [i for i, x in enumerate(w) if x > 1e-9 * max(1.0, scale)]
    if not positive:
        assert "coordinates" not in answers
        return
    assert _close(_f(answers["variance_fractions"]), w / w.sum())
    coords = _f(answers["coordinates"])
    coefs = _f(answers["coefficients"])
    assert len(coords) == len(positive)
    for group in _clusters(w[positive]):
        numpy_a = np.array([np.sqrt(w[i]) * V[:, i] for i in group])
        assert _close(_projector(coords[group]), _projector(numpy_a), scale)
    for a, c in zip(coords, coefs):  # a = K̂ c, with consistent signs
        assert _close(a, Khat @ c, scale)
    if new_point is not None:
        x = np.array(new_point, dtype=float)
        k = kernel_np(np.vstack([X, x]))[:n, n]
        k_tilde = k - k.mean() - K.mean(axis=1) + K.mean()
        expected = coefs @ k_tilde
        assert _close(_f(answers["new_coordinates"])[0], expected, scale)


@pytest.mark.parametrize("kernel_name", ["linear", "quadratic", "cubic"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(points=points_strategy, data=st.data())
def test_exact_answers_match_numpy(kernel_name, points, data):
    d = len(points[0])
    new_point = data.draw(st.none() | st.lists(st.integers(-3, 3), min_size=d, max_size=d))
    check_against_numpy(points, kernel_name, new_point)


# RBF values are powers of 2^(1/4) (gamma = ln 2/4) or of e^(-1/2) (gamma = 1/2); their
# exact eigen-decomposition grows with the spread of squared distances, so these
# draw points from a small grid (the speed of larger spreads is a benchmark's concern).
small_points = st.integers(2, 3).flatmap(
    lambda n: st.lists(st.lists(st.integers(-1, 1), min_size=2, max_size=2), min_size=n, max_size=n))


@pytest.mark.parametrize("kernel_name", ["rbf-ln2", "rbf-half"])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(points=small_points)
def test_rbf_answers_match_numpy(kernel_name, points):
    check_against_numpy(points, kernel_name, [0, 1])


@settings(max_examples=25, deadline=None)
@given(points=points_strategy)
def test_linear_kernel_coordinates_equal_linear_pca_scores(points):
    # With the linear kernel, kernel PCA coordinates are the PCA scores of the centred data.
    solution = solve_yaml(f"topic: kernel-pca\npoints: {points}\nkernel: {{name: linear}}\n")
    X = np.array(points, dtype=float)
    Xc = X - X.mean(axis=0)
    S = Xc.T @ Xc / len(points)
    lam, U = np.linalg.eigh(S)
    order = np.argsort(-lam)
    lam, U = lam[order], U[:, order]
    coords = _f(solution.answers.get("coordinates", ()))
    scores = [Xc @ U[:, i] for i in range(len(lam)) if lam[i] > 1e-9]
    assert len(coords) == len(scores)
    for group in _clusters(lam[: len(scores)]):
        assert _close(_projector(coords[group]), _projector(np.array(scores)[group]), 10.0)


four_small_points = st.lists(st.lists(st.integers(-1, 1), min_size=2, max_size=2), min_size=4, max_size=4)


@pytest.mark.parametrize("kernel_name", ["rbf-ln2", "rbf-half"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(points=four_small_points)
def test_rbf_on_four_points_matches_numpy(kernel_name, points):
    # Four points usually leave an irreducible cubic: Viète's form over Q(t).
    check_against_numpy(points, kernel_name)
