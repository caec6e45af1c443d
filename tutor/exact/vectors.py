"""Matrix–vector arithmetic on tuples of exact values.

SymPy's Matrix pays for its generality on every operation: a product M·v builds a column
matrix, converts entries between domains and wraps the result again, several times the cost of
the few multiplications and one sum per entry that the recipes need. These work on tuples.
"""

from __future__ import annotations

import sympy as sp


def rows_of(M) -> list[list[sp.Expr]]:
    """A SymPy matrix (or nested rows already) as a list of rows."""
    return M.tolist() if isinstance(M, sp.MatrixBase) else [list(r) for r in M]


def matvec(M, v) -> tuple[sp.Expr, ...]:
    """M·v for a matrix M and a vector v."""
    return tuple(sp.Add(*[a * b for a, b in zip(row, v)]) for row in rows_of(M))


def transpose_matvec(M, v) -> tuple[sp.Expr, ...]:
    """Mᵀ·v."""
    rows = rows_of(M)
    return tuple(sp.Add(*[rows[i][j] * v[i] for i in range(len(rows))]) for j in range(len(rows[0])))


def combine(base, terms) -> tuple[sp.Expr, ...]:
    """base + Σ c·u over the (c, u) pairs in terms."""
    return tuple(sp.Add(b, *[c * u[i] for c, u in terms]) for i, b in enumerate(base))
