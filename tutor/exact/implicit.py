"""Exact numbers defined implicitly: a root of a polynomial, an entry of a unit eigenvector.

When an eigenvalue is a root of an irreducible polynomial whose coefficients
are not rational (RBF kernels on four or more scattered points give
coefficients that are long polynomials in e^(−γ)), no closed form is worth
writing and SymPy's CRootOf, which needs rational coefficients, does not
apply. These objects are exact all the same, in the way CRootOf is:

- ``PolyRoot(coefficients, k)`` is the k-th largest root (k = 0, 1, …) of
  Σ cᵢ xⁿ⁻ⁱ, a polynomial with real exact coefficients and only real roots
  (the characteristic polynomial of a symmetric matrix);
- ``EigenvectorEntry(M, root, i)`` is entry i of the unit eigenvector of the
  symmetric matrix M for the simple eigenvalue ``root``, with its first entry
  that is not zero positive.

They evaluate to any precision asked (mpmath, at a higher working precision
than asked), which is all the rest of tutor needs of a number: decimals to
show, signs, and checks such as K̂v = ηv confirmed on 100 digits.
"""

from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from sympy.core.evalf import prec_to_dps

_GUARD = 30  # extra digits of working precision


class PolyRoot(sp.AtomicExpr):
    """The k-th largest root of Σ cᵢ x^(n−i), coefficients highest first.

    An atom, as SymPy's CRootOf is: walking an expression (has, count_ops,
    free_symbols) never descends into its long coefficients.
    """

    is_extended_real = True
    is_commutative = True
    is_number = True
    __slots__ = ("coefficients", "k")

    def __new__(cls, coefficients, k):
        obj = sp.AtomicExpr.__new__(cls)
        obj.coefficients = tuple(c if isinstance(c, sp.Basic) else sp.Integer(c) for c in coefficients)
        obj.k = int(k)
        return obj

    def _hashable_content(self):
        return (self.coefficients, self.k)

    def _eval_evalf(self, prec):
        return sp.Float(_root_value(self, prec_to_dps(prec)), prec_to_dps(prec))

    def _latex(self, printer):
        return rf"\rho_{{{self.k + 1}}}"

    def _sympystr(self, printer):
        return f"root{self.k + 1}"


class EigenvectorEntry(sp.AtomicExpr):
    """Entry i of the unit eigenvector of the symmetric matrix M for its simple eigenvalue ``root`` (an atom)."""

    is_extended_real = True
    is_commutative = True
    is_number = True
    __slots__ = ("matrix", "root", "i")

    def __new__(cls, matrix, root, i):
        obj = sp.AtomicExpr.__new__(cls)
        obj.matrix, obj.root, obj.i = sp.ImmutableMatrix(matrix), root, int(i)
        return obj

    def _hashable_content(self):
        return (self.matrix, self.root, self.i)

    def _eval_evalf(self, prec):
        return sp.Float(_unit_vector(self.matrix, self.root, prec_to_dps(prec))[self.i], prec_to_dps(prec))

    def _latex(self, printer):
        return rf"v_{{{printer._print(self.root)},{self.i + 1}}}"

    def _sympystr(self, printer):
        return f"v[{printer._print(self.root)}][{self.i + 1}]"


IMPLICIT = (PolyRoot, EigenvectorEntry)  # the atoms that stand for numbers defined implicitly


def _mp(expr, dps: int):
    from .tidy import numeric

    return mpmath.mpf(str(numeric(expr, dps)))


_LEVEL = 160  # digits: every request up to this is served from one computation at this precision


def _root_value(root: PolyRoot, dps: int) -> str:
    return _all_roots(root.coefficients, max(dps, _LEVEL))[root.k]


@lru_cache(maxsize=256)
def _all_roots(coefficients: tuple, dps: int) -> tuple[str, ...]:
    """All roots of one polynomial, largest first, to dps digits (once for all its root objects)."""
    with mpmath.workdps(dps + _GUARD):
        values = [_mp(c, dps + 2 * _GUARD) for c in coefficients]
        roots = mpmath.polyroots(values, maxsteps=400, extraprec=4 * (dps + _GUARD))
        return tuple(mpmath.nstr(r, dps + 5) for r in sorted((mpmath.re(r) for r in roots), reverse=True))


def _unit_vector(matrix: sp.ImmutableMatrix, root: sp.Expr, dps: int) -> tuple[str, ...]:
    return _unit_vector_at(matrix, root, max(dps, _LEVEL))


@lru_cache(maxsize=256)
def _unit_vector_at(matrix: sp.ImmutableMatrix, root: sp.Expr, dps: int) -> tuple[str, ...]:
    """The unit eigenvector of M for the eigenvalue nearest the root's value, first entry positive.

    One symmetric eigen-decomposition of M (at this precision) serves all its roots.
    """
    with mpmath.workdps(dps + _GUARD):
        vector = eigenvector_near(matrix, _mp(root, dps + 2 * _GUARD), dps)
        tiny = mpmath.mpf(10) ** (-(dps // 2))
        lead = next(x for x in vector if abs(x) > tiny)
        if lead < 0:
            vector = [-x for x in vector]
        return tuple(mpmath.nstr(x, dps + 5) for x in vector)


def eigenvector_near(matrix: sp.ImmutableMatrix, value, dps: int) -> list:
    """The unit eigenvector (mpmath numbers, any sign) of a symmetric exact matrix for its eigenvalue
    nearest ``value``, from one cached eigen-decomposition at dps digits."""
    values, vectors = _eigen_system(matrix, dps)
    k = min(range(len(values)), key=lambda j: abs(values[j] - value))
    return [vectors[i][k] for i in range(matrix.rows)]


@lru_cache(maxsize=64)
def _eigen_system(matrix: sp.ImmutableMatrix, dps: int):
    """Eigenvalues and unit eigenvectors (columns) of a symmetric exact matrix, by mpmath at dps + guard digits."""
    with mpmath.workdps(dps + _GUARD):
        n = matrix.rows
        A = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                A[i, j] = _mp(matrix[i, j], dps + 2 * _GUARD)
        values, vectors = mpmath.eigsy(A)
        return [values[j] for j in range(n)], [[vectors[i, j] for j in range(n)] for i in range(n)]
