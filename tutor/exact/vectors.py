"""Matrix–vector arithmetic on tuples of exact values, each entry tidied.

SymPy's Matrix pays for its generality on every operation: a product M·v builds a column
matrix, converts entries between domains and wraps the result again. And SymPy's own sums and
products of surds are then rationalised again by tidy(). These compute each entry as a sum of
products in the surd arithmetic (tidy_sum_of_products), falling back to SymPy for anything else.
"""

from __future__ import annotations

import sympy as sp

from .tidy import tidy_sum_of_products


def matvec(M: sp.MatrixBase, v) -> tuple[sp.Expr, ...]:
    """M·v for a matrix M and a vector v, tidied."""
    return tuple(tidy_sum_of_products(list(zip(row, v))) for row in M.tolist())


def transpose_matvec(M: sp.MatrixBase, v) -> tuple[sp.Expr, ...]:
    """Mᵀ·v, tidied."""
    rows = M.tolist()
    return tuple(tidy_sum_of_products([(rows[i][j], v[i]) for i in range(len(rows))]) for j in range(len(rows[0])))


def combine(base, terms) -> tuple[sp.Expr, ...]:
    """base + Σ c·u over the (c, u) pairs in terms, tidied."""
    return tuple(tidy_sum_of_products([(b,), *[(c, u[i]) for c, u in terms]]) for i, b in enumerate(base))


def cross(a, b) -> tuple:
    """The cross product a × b of two 3-vectors, in whatever numbers they hold (SymPy values or Fractions):
    the vector orthogonal to both, as a student finds an eigenvector from two rows of M − ηI."""
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
