"""Random exact instances for verifying a derivation's lines: SymPy matrices of rationals.

Each derivation's symbols carry constraints (orthonormal columns, an eigenvector, centred data);
they are met by how the instance is built, never assumed: an orthogonal matrix is the Cayley
transform (I − S)(I + S)⁻¹ of an integer skew-symmetric S (rational, exactly orthogonal), and
an eigenvector of XᵀX is a column of Q for X = P D Qᵀ with P, Q orthogonal and D diagonal.
"""

from __future__ import annotations

import random

import sympy as sp


def integers(rng: random.Random, rows: int, cols: int, low: int = -3, high: int = 3) -> sp.Matrix:
    return sp.Matrix(rows, cols, lambda i, j: sp.Integer(rng.randint(low, high)))


def orthogonal(rng: random.Random, k: int) -> sp.Matrix:
    """A random k×k rational orthogonal matrix (QᵀQ = I exactly): the Cayley transform of a skew S."""
    s = sp.zeros(k, k)
    for i in range(k):
        for j in range(i + 1, k):
            s[i, j] = sp.Integer(rng.randint(-2, 2))
            s[j, i] = -s[i, j]
    eye = sp.eye(k)
    return (eye - s) * (eye + s).inv()  # I + S is invertible: S has imaginary eigenvalues only


def orthonormal_columns(rng: random.Random, rows: int, cols: int) -> sp.Matrix:
    return orthogonal(rng, rows)[:, :cols]


def centred(x: sp.Matrix) -> sp.Matrix:
    """The columns minus their mean: X𝟏 = 0."""
    n = x.cols
    mean = x * sp.ones(n, 1) / n
    return x - mean * sp.ones(1, n)


def singular_values(rng: random.Random, count: int) -> list[sp.Integer]:
    """Distinct positive integers, largest first."""
    return [sp.Integer(v) for v in sorted(rng.sample(range(1, 8), count), reverse=True)]


def with_spectrum(rng: random.Random, rows: int, cols: int) -> tuple[sp.Matrix, sp.Matrix, sp.Matrix, list]:
    """X = P D Qᵀ (rows×cols) with P, Q rational orthogonal and D's diagonal distinct positive
    integers, largest first: X, P, Q and the diagonal."""
    p, q = orthogonal(rng, rows), orthogonal(rng, cols)
    sigma = singular_values(rng, min(rows, cols))
    d = sp.zeros(rows, cols)
    for i, s in enumerate(sigma):
        d[i, i] = s
    return p * d * q.T, p, q, sigma
