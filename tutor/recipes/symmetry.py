"""Eigenvectors by symmetry, as the notes find them in Example 3: "swapping x₁ and x₂ leaves K̂ unchanged,
so try (1, −1, 0)ᵀ".

A permutation σ of the points with K̂[σi, σj] = K̂[i, j] commutes with K̂, so K̂ maps the vectors σ fixes
to vectors it fixes, and those it negates to vectors it negates. Found eigenvectors span an invariant space
(K̂ is symmetric), and so does its orthogonal complement. So every intersection of those spaces that is one
line is an eigenvector: the vector a swap negates, the one it fixes orthogonal to those found, and the
last one, orthogonal to all the others. 𝟏 is one whenever the rows sum to 0 (K̂𝟏 = 0, η = 0).

Only involutions are tried (a swap, or disjoint swaps together), for n ≤ MAX_N; when they do not give a
whole basis the caller keeps its own route.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from math import gcd

import sympy as sp

from ..exact.tidy import is_zero, tidy
from ..exact.vectors import matvec

MAX_N = 6  # n! permutations are tried; the notes' hand examples have n ≤ 4

ONES, NEGATED, FIXED, ORTHOGONAL = "ones", "negated", "fixed", "orthogonal"


@dataclass(frozen=True)
class Tried:
    """One eigenvector found by a reason a student can say, before any determinant."""

    vector: tuple[sp.Integer, ...]  # smallest whole entries, the first non-zero one positive
    reason: str  # ONES (K̂𝟏 = 0), NEGATED / FIXED (by the swap), ORTHOGONAL (to every one found before)
    swaps: tuple[tuple[int, int], ...] = ()  # the swap, as 1-based pairs of points (NEGATED, FIXED)
    # the entries the swap pairs, which must be equal for it to leave the matrix unchanged: ((i, j), (k, l))
    # with 1-based indices, the first pair the smaller, one per distinct equality (shown at the full level)
    equal: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    before: tuple[int, ...] = ()  # positions (0-based, in the order found) of the vectors it is orthogonal to


def _involutions(n: int):
    """Non-identity involutions of range(n), fewest moved points first (a single swap before two)."""
    out = [p for p in permutations(range(n)) if all(p[p[i]] == i for i in range(n)) and any(p[i] != i for i in range(n))]
    return sorted(out, key=lambda p: (sum(1 for i in range(n) if p[i] != i), [i for i in range(n) if p[i] != i]))


def _leaves(M: sp.ImmutableMatrix, p) -> bool:
    # Entries are compared as written (the centred matrix is tidied): a symmetry missed by that comparison
    # only keeps the caller's own route.
    n = M.rows
    return all(M[p[i], p[j]] == M[i, j] for i in range(n) for j in range(i, n))


def _equalities(M: sp.ImmutableMatrix, p):
    n = M.rows
    seen, out = set(), []
    for i in range(n):
        for j in range(i, n):
            a, b = sorted((p[i], p[j]))
            pair = tuple(sorted(((i, j), (a, b))))
            if (i, j) != (a, b) and pair not in seen:
                seen.add(pair)
                out.append(((pair[0][0] + 1, pair[0][1] + 1), (pair[1][0] + 1, pair[1][1] + 1)))
    return tuple(out)


def _space(p, sign: int):
    """A basis of the vectors the permutation matrix of p multiplies by sign (+1: fixes, −1: negates)."""
    n = len(p)
    basis = []
    for i in range(n):
        j = p[i]
        if j == i:
            if sign > 0:
                basis.append([1 if k == i else 0 for k in range(n)])
        elif i < j:
            basis.append([1 if k == i else (sign if k == j else 0) for k in range(n)])
    return basis


def _primitive(v) -> tuple[sp.Integer, ...] | None:
    v = [sp.Integer(x) if isinstance(x, int) else x for x in v]  # entries of integer matrices: whole numbers, fractions
    if not all(x.is_Rational for x in v) or all(x == 0 for x in v):
        return None
    lcm = 1
    for x in v:
        lcm = sp.ilcm(lcm, sp.Rational(x).q)
    ints = [int(x * lcm) for x in v]
    g = 0
    for x in ints:
        g = gcd(g, abs(x))
    ints = [x // g for x in ints]
    lead = next(x for x in ints if x != 0)
    return tuple(sp.Integer(x if lead > 0 else -x) for x in ints)


def _line(basis, found) -> tuple[sp.Integer, ...] | None:
    """The one vector (up to scale) of span(basis) orthogonal to every vector found, or None."""
    if not basis:
        return None
    B = sp.Matrix(basis)  # rows: the basis
    if found:
        null = (sp.Matrix(found) * B.T).nullspace()
    else:
        null = [sp.eye(len(basis))[:, k] for k in range(len(basis))]
    if len(null) != 1:
        return None
    return _primitive(list(B.T * null[0]))


def _is_eigenvector(M: sp.ImmutableMatrix, v) -> bool:
    w = sp.Matrix(v)
    Mw = M * w
    eta = tidy((w.T * Mw)[0] / (w.T * w)[0])
    return all(is_zero(tidy(a - eta * b)) for a, b in zip(Mw, w))


def by_symmetry(M: sp.ImmutableMatrix) -> tuple[Tried, ...] | None:
    """A whole basis of eigenvectors of the symmetric M, each found by symmetry, by M𝟏 = 0 or by
    orthogonality, in the order a student finds them; None when these reasons do not give all n."""
    n = M.rows
    if n < 2 or n > MAX_N:
        return None
    found: list[Tried] = []
    vectors: list[tuple] = []

    def add(v, reason, p=None, constrained=True):
        swaps = tuple((i + 1, p[i] + 1) for i in range(n) if p[i] > i) if p else ()
        before = tuple(range(len(found))) if constrained and reason != ONES else ()
        found.append(Tried(v, reason, swaps, _equalities(M, p) if p else (), before))
        vectors.append(v)

    if all(is_zero(tidy(sum(M.row(i)))) for i in range(n)):
        add(tuple(sp.Integer(1) for _ in range(n)), ONES, constrained=False)
    symmetries = [p for p in _involutions(n) if _leaves(M, p)]
    progress = True
    while progress and len(vectors) < n:
        progress = False
        if len(vectors) == n - 1:
            v = _line([[1 if k == i else 0 for k in range(n)] for i in range(n)], vectors)
            if v is not None and _is_eigenvector(M, v):
                add(v, ORTHOGONAL)
            break
        for p in symmetries:
            for sign, reason in ((-1, NEGATED), (1, FIXED)):
                space = _space(p, sign)
                v = _line(space, vectors)
                if v is not None and v not in vectors and _is_eigenvector(M, v):
                    add(v, reason, p, constrained=len(space) > 1)
                    progress = True
                    break
            if progress:
                break
    return tuple(found) if len(vectors) == n else None


@dataclass(frozen=True)
class SymmetryRow:
    """One eigenvector as Example 3 finds it: a reason to try w, then Mw = ηw (M: K̂, or MDS's B)."""

    index: int  # the eigenvalue's position (descending), 1-based: w_index, η_index
    tried: Tried
    eta: sp.Expr
    product: tuple[sp.Expr, ...]  # Mw
    written_out: bool  # Mw's entries are rational and written out (the notes' (8, −8, 0)ᵀ); else Mw = ηw
    before: tuple[int, ...]  # positions (as index) of the vectors w is orthogonal to
    equal: tuple[tuple[int, int, int, int, sp.Expr], ...]  # m_ij = m_kl = value: the entries the swap pairs


def symmetry_rows(M: sp.ImmutableMatrix, spec, tried: tuple[Tried, ...] | None):
    """The eigenpairs of the spectrum, each matched to a vector found by symmetry; None unless every one
    is (a repeated eigenvalue whose basis differs keeps the determinant's route, so the answers stay)."""
    if not tried:
        return None
    position = {}
    for i, p in enumerate(spec.pairs, start=1):
        match = [k for k, t in enumerate(tried) if t.vector == tuple(p.found)]
        if len(match) != 1 or match[0] in position:
            return None
        position[match[0]] = i
    rows = []
    for k, t in enumerate(tried):
        i = position[k]
        p = spec.pairs[i - 1]
        product = matvec(M, t.vector)
        equal = tuple((a, b, c, d, M[a - 1, b - 1]) for (a, b), (c, d) in t.equal)
        rows.append(SymmetryRow(i, t, p.value, product, all(x.is_Rational for x in product),
                                tuple(position[j] for j in t.before), equal))
    return tuple(rows)
