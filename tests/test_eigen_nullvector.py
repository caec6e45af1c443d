"""Eigenvectors of a simple eigenvalue from the adjugate, against Gaussian elimination.

For a factor f of multiplicity 1, eigen.py takes a null vector of A − xI over F[x]/(f) from a
column of its adjugate (products only) instead of eliminating (an inverse per pivot). Scaled
to first entry 1, both must give the very same vector, so every solution reads the same.
"""

from __future__ import annotations

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.exact import eigen
from tutor.kernels import parse_kernel


def _both(matrix):
    """The spectrum with and without the adjugate, and how many vectors the adjugate gave."""
    found = []
    adjugate = eigen._adjugate_null_vector
    with pytest.MonkeyPatch.context() as m:
        m.setattr(eigen, "_adjugate_null_vector", lambda *args: found.append(adjugate(*args)) or found[-1])
        fast = eigen.spectrum(matrix)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(eigen, "_ADJUGATE_MAX_N", 0)  # every null space by elimination
        slow = eigen.spectrum(matrix)
    return fast, slow, sum(v is not None for v in found)


def _symmetric(n):
    return st.lists(st.integers(-4, 4), min_size=n * (n + 1) // 2, max_size=n * (n + 1) // 2).map(
        lambda upper: _fill(n, upper))


def _fill(n, upper):
    M, it = sp.zeros(n, n), iter(upper)
    for i in range(n):
        for j in range(i, n):
            M[i, j] = M[j, i] = next(it)
    return sp.ImmutableMatrix(M)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4).flatmap(_symmetric))
def test_adjugate_and_elimination_give_the_same_eigenvectors(matrix):
    fast, slow, _ = _both(matrix)
    assert [(p.value, p.found, p.norm_sq) for p in fast.pairs] == [(p.value, p.found, p.norm_sq) for p in slow.pairs]


def test_the_same_over_rational_functions_of_an_exponential():
    # Three points under an RBF kernel: K̂ over Q(t), t = e^(−1/2), with a quadratic factor
    points = [(-3, 1), (-1, -2), (2, 2)]
    kernel = parse_kernel({"name": "rbf", "gamma": "1/2"})
    K = sp.ImmutableMatrix(3, 3, lambda i, j: kernel.value(points[i], points[j]))
    H = sp.eye(3) - sp.ones(3, 3) / 3
    Khat = sp.ImmutableMatrix((H * K * H).applyfunc(sp.expand))
    fast, slow, used = _both(Khat)
    assert used  # the quadratic factor's vectors came from the adjugate
    assert [(p.value, p.found) for p in fast.pairs] == [(p.value, p.found) for p in slow.pairs]


def test_a_golden_ratio_pair_comes_from_the_adjugate():
    fast, slow, used = _both(sp.ImmutableMatrix([[1, 1, 0], [1, 0, 0], [0, 0, 2]]))  # x² − x − 1 and x − 2
    assert used == 2  # one vector for each factor
    assert [p.found for p in fast.pairs] == [p.found for p in slow.pairs]
