"""A student who computes everything in floating point (numpy) is graded right, on random problems.

numpy's eigenvectors come with arbitrary signs and, for a repeated eigenvalue,
an arbitrary basis: the checker must accept all of that, and the decimals
within the tolerance.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tutor
from tutor import load_problem_text

CREDITED = {"correct", "decimal"}

points_strategy = st.integers(2, 4).flatmap(
    lambda n: st.integers(1, 3).flatmap(
        lambda d: st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d), min_size=n, max_size=n)))


def _floats(a):
    return np.asarray(a, dtype=float).round(12).tolist()


def _numpy_kernel_pca(points, kernel):
    X = np.array(points, dtype=float)
    n = len(points)
    K = X @ X.T if kernel == "linear" else (1 + X @ X.T) ** 2
    H = np.eye(n) - np.ones((n, n)) / n
    Khat = H @ K @ H
    etas, V = np.linalg.eigh(Khat)
    order = np.argsort(-etas)
    etas, V = etas[order], V[:, order]
    keep = etas > 1e-9 * max(1.0, abs(etas).max())
    kept_etas, kept_V = etas[keep], V[:, keep]
    return {
        "gram": _floats(X @ X.T), "kernel": _floats(K), "row_means": _floats(K.mean(axis=1)),
        "grand_mean": float(K.mean()), "centred_kernel": _floats(Khat), "eigenvalues": _floats(etas),
        "eigenvectors": _floats(V.T), "variances": _floats(etas / n),
        "coefficients": _floats((kept_V / np.sqrt(kept_etas)).T), "coordinates": _floats((kept_V * np.sqrt(kept_etas)).T),
    }


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(points_strategy, st.sampled_from(["linear", "quadratic"]))
@example([[0], [-2], [-3], [1]], "quadratic")  # long decimals once sent SymPy factoring integers (and failing)
def test_numpy_answers_to_kernel_pca_are_credited(points, kernel):
    kernel_yaml = "{name: linear}" if kernel == "linear" else "{name: polynomial, degree: 2, offset: 1}"
    loaded = load_problem_text(f"topic: kernel-pca\npoints: {points}\nkernel: {kernel_yaml}\n")
    solution = tutor.solve(loaded)
    answers = _numpy_kernel_pca(points, kernel)
    if "coordinates" not in solution.answers:  # every point the same in feature space: nothing to keep
        answers = {k: v for k, v in answers.items() if k not in ("coefficients", "coordinates")}
    elif len(answers["coordinates"]) != len(solution.answers["coordinates"]):
        return  # numpy's threshold for "positive" disagrees with exact arithmetic: not the checker's business
    report = tutor.check(loaded, answers, sig_figs=4)
    bad = {r.key: (r.verdict, r.message) for r in report.results if r.key in answers and r.verdict not in CREDITED}
    assert not bad


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 5).flatmap(lambda n: st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2),
                                                    min_size=n, max_size=n)))
def test_numpy_answers_to_pca_are_credited(points):
    X = np.array(points, dtype=float)
    if np.linalg.matrix_rank(X - X.mean(axis=0)) < 1:
        return
    loaded = load_problem_text(f"topic: pca\npoints: {points}\ncomponents: 1\n")
    solution = tutor.solve(loaded)
    Xc = X - X.mean(axis=0)
    S = Xc.T @ Xc / len(points)
    lambdas, U = np.linalg.eigh(S)
    order = np.argsort(-lambdas)
    lambdas, U = lambdas[order], U[:, order]
    scores = Xc @ U[:, :1]
    answers = {"means": _floats(X.mean(axis=0)), "centred": _floats(Xc), "covariance": _floats(S),
               "eigenvalues": _floats(lambdas), "eigenvectors": _floats(U.T), "scores": _floats(scores.T),
               "captured_variance": float(lambdas[0]), "captured_fraction": float(lambdas[0] / lambdas.sum()),
               "reconstruction": _floats(X.mean(axis=0) + scores @ U[:, :1].T),
               "reconstruction_error": float(lambdas[1:].sum())}
    if abs(lambdas[0] - lambdas[1]) < 1e-9:  # a tie: the kept direction is any in the plane
        answers = {k: v for k, v in answers.items() if k not in ("scores", "reconstruction")}
    report = tutor.check(loaded, answers, sig_figs=4)
    bad = {r.key: (r.verdict, r.message) for r in report.results if r.key in answers and r.verdict not in CREDITED}
    assert not bad
