"""Eigenvalues without closed forms: exact root objects and eigenvector entries, against numpy.

RBF kernels on four or more scattered points give characteristic polynomials
over Q(e^(−γ)) with long coefficients; their roots are PolyRoot objects and
their unit eigenvectors EigenvectorEntry objects, exact by definition and
evaluated to any precision.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import tutor
from tutor import load_problem_text, solve
from tutor.exact.implicit import EigenvectorEntry, PolyRoot
from tutor.exact.tidy import numeric


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(-9, 9), min_size=2, max_size=6, unique=True))
def test_poly_roots_are_the_roots_largest_first(roots):
    coefficients = [int(round(c)) for c in np.poly(roots)]
    values = [float(numeric(PolyRoot(coefficients, k), 40)) for k in range(len(roots))]
    assert values == pytest.approx(sorted(roots, reverse=True), abs=1e-12)


def test_eigenvector_entries_are_a_unit_vector_with_its_first_entry_positive():
    M = sp.Matrix([[2, 1, 0], [1, 3, 1], [0, 1, 4]])
    coefficients = [int(c) for c in sp.Poly(M.charpoly(sp.Symbol("x"))).all_coeffs()]
    w, V = np.linalg.eigh(np.array(M.tolist(), dtype=float))
    for k in range(3):
        root = PolyRoot(coefficients, k)
        v = np.array([float(numeric(EigenvectorEntry(M, root, i), 40)) for i in range(3)])
        expected = V[:, 2 - k] * np.sign(V[0, 2 - k])
        assert v == pytest.approx(expected, abs=1e-12)
    assert PolyRoot(coefficients, 0) == PolyRoot(coefficients, 0) and PolyRoot(coefficients, 0).free_symbols == set()


def _numpy_kernel_pca(points, gamma):
    X = np.array(points, dtype=float)
    n = len(points)
    K = np.exp(-gamma * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    H = np.eye(n) - np.ones((n, n)) / n
    etas, V = np.linalg.eigh(H @ K @ H)
    order = np.argsort(-etas)
    return etas[order], V[:, order]


@settings(max_examples=4, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=4, max_size=5, unique=True))
def test_rbf_kernel_pca_on_scattered_points_answers_and_matches_numpy(points):
    text = f"topic: kernel-pca\npoints: {[list(p) for p in points]}\nkernel: {{name: rbf, gamma: 1/2}}\n"
    solution = solve(load_problem_text(text))
    etas, V = _numpy_kernel_pca(points, 0.5)
    ours = [float(numeric(e)) for e in solution.answers["eigenvalues"]]
    assert ours == pytest.approx(list(etas), abs=1e-9)
    for k, vector in enumerate(solution.answers["eigenvectors"]):
        if etas[k] > 1e-6 and (k == 0 or etas[k - 1] - etas[k] > 1e-6) and (k + 1 == len(etas) or etas[k] - etas[k + 1] > 1e-6):
            v = np.array([float(numeric(x)) for x in vector])
            assert min(np.abs(v - V[:, k]).max(), np.abs(v + V[:, k]).max()) < 1e-8
    assert all(step.passed for step in solution.steps)
    tutor.render(solution, "md")


def test_a_students_decimals_are_credited_against_root_objects():
    points = [[3, -3], [-1, -3], [0, 3], [2, 1]]
    text = f"topic: kernel-pca\npoints: {points}\nkernel: {{name: rbf, gamma: 1/2}}\n"
    loaded = load_problem_text(text, "four-points.yaml")
    etas, _ = _numpy_kernel_pca(points, 0.5)
    report = tutor.check(loaded, {"eigenvalues": [round(float(e), 6) for e in etas],
                                  "variances": [round(float(e) / 4, 6) for e in etas]})
    assert {r.key: r.verdict for r in report.results if r.key in ("eigenvalues", "variances")} == \
        {"eigenvalues": "decimal", "variances": "decimal"}
