"""numpy students on problems with repeated eigenvalues, kept components of eigenvalue 0 and new
points, each repeated eigenspace's basis rotated at random: every right key is credited, and
scores or coordinates whose signs contradict the student's own eigenvectors are not (issue 19)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tutor
from tutor import load_problem_text
from tutor.exact.parser import parse_real

CREDITED = {"correct", "decimal"}
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SYMMETRIC = [  # repeated eigenvalues or zero variance along a direction
    [[1, 0], [0, 1], [-1, 0], [0, -1]], [[1, 1], [1, -1], [-1, 1], [-1, -1]], [[0, 0], [2, 0]],
    [[0, 0], [1, 1], [2, 2]], [[2, 1], [2, 1], [0, 3]], [[1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, 0, 0], [0, -1, 0], [0, 0, -1]],
    [[0, 0, 0], [2, 0, 0], [0, 2, 0], [2, 2, 0]],
]
points = st.one_of(st.sampled_from(SYMMETRIC),
                   st.integers(2, 4).flatmap(lambda n: st.lists(st.lists(st.integers(-2, 2), min_size=2, max_size=2),
                                                                min_size=n, max_size=n)))


def _floats(a):
    return np.asarray(a, dtype=float).round(12).tolist()


def _rotate(values, vectors, rng):
    """The columns of ``vectors`` with each repeated eigenvalue's block turned by a random orthogonal map."""
    vectors = vectors.copy()
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and abs(values[j + 1] - values[i]) < 1e-9:
            j += 1
        if j > i:
            q, _ = np.linalg.qr(rng.normal(size=(j - i + 1, j - i + 1)))
            vectors[:, i:j + 1] = vectors[:, i:j + 1] @ q
        i = j + 1
    return vectors * rng.choice([-1, 1], size=vectors.shape[1])


def _bad(report, answers):
    return {r.key: (r.verdict, r.message) for r in report.results if r.key in answers and r.verdict not in CREDITED}


@SETTINGS
@given(points, st.integers(0, 2**32 - 1))
def test_pca_with_every_component_kept(pts, seed):
    X = np.array(pts, dtype=float)
    Xc = X - X.mean(axis=0)
    if np.linalg.matrix_rank(Xc) < 1:
        return
    d = X.shape[1]
    loaded = load_problem_text(f"topic: pca\npoints: {pts}\ncomponents: {d}\n")
    lambdas, U = np.linalg.eigh(Xc.T @ Xc / len(pts))
    order = np.argsort(-lambdas)
    lambdas, U = lambdas[order], _rotate(lambdas[order], U[:, order], np.random.default_rng(seed))
    scores = Xc @ U
    answers = {"eigenvalues": _floats(lambdas), "eigenvectors": _floats(U.T), "scores": _floats(scores.T),
               "reconstruction": _floats(X.mean(axis=0) + scores @ U.T)}
    assert not _bad(tutor.check(loaded, answers, sig_figs=4), answers)
    # One score vector (of a positive variance) with its sign flipped contradicts the student's u.
    k = int(np.argmax(lambdas))
    flipped = scores.copy()
    flipped[:, k] *= -1
    result = tutor.check(loaded, {**answers, "scores": _floats(flipped.T)}, sig_figs=4).result("scores")
    assert result.verdict == "wrong", result


@SETTINGS
@given(st.sampled_from([[[0, 0], [2, 0], [1, "sqrt(3)"]], [[1, 0], [0, 1], [-1, 0], [0, -1]], [[0, 0], [2, 0], [0, 2]],
                        [[1, 1], [1, -1], [-1, 1], [-1, -1]], [[0, 0], [1, 1], [2, 2]]]),
       st.lists(st.integers(-2, 2), min_size=2, max_size=2), st.integers(0, 2**32 - 1))
def test_kernel_pca_with_a_new_point(pts, new, seed):
    loaded = load_problem_text(f"topic: kernel-pca\npoints: {pts}\nkernel: {{name: linear}}\nnew_points: [{new}]\n")
    X = np.array([[float(parse_real(str(x)).value) for x in p] for p in pts])
    n = len(X)
    H = np.eye(n) - np.ones((n, n)) / n
    K = X @ X.T
    Khat = H @ K @ H
    etas, V = np.linalg.eigh(Khat)
    order = np.argsort(-etas)
    etas, V = etas[order], _rotate(etas[order], V[:, order], np.random.default_rng(seed))
    keep = etas > 1e-9
    C, A = V[:, keep] / np.sqrt(etas[keep]), V[:, keep] * np.sqrt(etas[keep])
    k = X @ np.array(new, dtype=float)
    k_tilde = k - k.mean() - K.mean(axis=1) + K.mean()
    answers = {"eigenvalues": _floats(etas), "eigenvectors": _floats(V.T), "coefficients": _floats(C.T),
               "coordinates": _floats(A.T), "new_coordinates": [_floats(C.T @ k_tilde)]}
    assert not _bad(tutor.check(loaded, answers, sig_figs=4), answers)
    flipped = A.copy()
    flipped[:, 0] *= -1
    assert tutor.check(loaded, {**answers, "coordinates": _floats(flipped.T)}, sig_figs=4).result(
        "coordinates").verdict == "wrong"
    y = C.T @ k_tilde
    if abs(y[0]) > 1e-6:
        y[0] *= -1
        assert tutor.check(loaded, {**answers, "new_coordinates": [_floats(y)]}, sig_figs=4).result(
            "new_coordinates").verdict == "wrong"
