"""Mistakes and follow-through shared by several topics: kernels, centring, eigenvalues.

Each builder returns Mistake or FollowThrough records (see variants.py); a
topic lists the ones that apply to it. Sentences are plain text: they are
shown in Markdown, in a terminal and in JSON alike.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import sympy as sp

from ..exact.tidy import tidy
from ..kernels import Kernel, rbf_value
from .variants import FollowThrough, Mistake, matrix

CENTRED = ("row_means", "grand_mean", "centred_kernel")


def _kernel_matrix(points, value: Callable) -> sp.ImmutableMatrix:
    return sp.ImmutableMatrix([[tidy(value(x, y)) for y in points] for x in points])


def _sq_distance(x, y):
    return sp.expand(sum((a - b) ** 2 for a, b in zip(x, y)))


def centring_answers(K: sp.ImmutableMatrix) -> dict:
    """Row means, grand mean and K̂ of a kernel matrix, as the recipe computes them."""
    from ..recipes.centring import centring_steps

    return {s.key: s.result for s in centring_steps(sp.ImmutableMatrix(K))}


def kernel_mistakes(downstream: Callable[[object, sp.ImmutableMatrix], dict], keys: tuple[str, ...]) -> tuple[Mistake, ...]:
    """Wrong kernels, for a problem with points and a kernel. ``downstream(problem, K)``
    gives the later answers (``keys``) that follow from a kernel matrix."""

    def with_kernel(make: Callable[[Kernel], Kernel | None]):
        def variant(problem, solution):
            if problem.points is None or (kernel := make(problem.kernel)) is None:
                return {}
            K = _kernel_matrix(problem.points, kernel.value)
            return {"kernel": K, **downstream(problem, K)}
        return variant

    def rbf_with(value: Callable[[Kernel, object, object], sp.Expr]):
        def variant(problem, solution):
            if problem.points is None or problem.kernel.name != "rbf":
                return {}
            K = _kernel_matrix(problem.points, lambda x, y: value(problem.kernel, x, y))
            return {"kernel": K, **downstream(problem, K)}
        return variant

    def polynomial(change):
        return lambda k: change(k) if k.name == "polynomial" else None

    keys = ("kernel",) + keys
    return (
        Mistake("polynomial_no_offset",
                "The offset is missing: the polynomial kernel is (c + xᵀy)^p with the problem's c, not (xᵀy)^p.",
                keys, with_kernel(polynomial(lambda k: replace(k, offset=sp.Integer(0)) if k.offset != 0 else None))),
        Mistake("polynomial_wrong_degree",
                "Wrong degree: raise c + xᵀy to exactly the problem's power p.",
                keys, with_kernel(polynomial(lambda k: replace(k, degree=k.degree - 1) if k.degree > 1 else None))),
        Mistake("polynomial_wrong_degree",
                "Wrong degree: raise c + xᵀy to exactly the problem's power p.",
                keys, with_kernel(polynomial(lambda k: replace(k, degree=k.degree + 1)))),
        Mistake("rbf_unsquared_distance",
                "The RBF kernel uses the squared distance: exp(−γ‖x − y‖²), not exp(−γ‖x − y‖).",
                keys, rbf_with(lambda k, x, y: sp.exp(-k.gamma * sp.sqrt(_sq_distance(x, y))))),
        Mistake("rbf_missing_minus",
                "A minus sign is missing: the RBF kernel is exp(−γ‖x − y‖²), never more than 1.",
                keys, rbf_with(lambda k, x, y: rbf_value(-k.gamma, _sq_distance(x, y)))),
        Mistake("gram_transposed",
                "This is XXᵀ, a d×d sum over the points; the Gram matrix is XᵀX, the n×n matrix of inner products xᵢᵀxⱼ.",
                ("gram", "kernel"), _gram_transposed),
    )


def _gram_transposed(problem, solution):
    if problem.points is None:
        return {}
    X = sp.ImmutableMatrix(problem.points).T  # d×n: the points are its columns
    wrong = sp.ImmutableMatrix(X * X.T)
    return {"gram": wrong, **({"kernel": wrong} if problem.kernel.name == "linear" else {})}


def centring_mistakes() -> tuple[Mistake, ...]:
    """Slips in the row means, the grand mean and K̂ = K − r̄ᵢ − r̄ⱼ + ḡ."""

    def entrywise(formula):
        def variant(problem, solution):
            K, r, g = solution.answers["kernel"], solution.answers["row_means"], solution.answers["grand_mean"]
            n = K.rows
            return {"centred_kernel": sp.ImmutableMatrix(n, n, lambda i, j: tidy(formula(K[i, j], r[i], r[j], g)))}
        return variant

    def sums(problem, solution):
        K = solution.answers["kernel"]
        return {"row_means": tuple(tidy(sum(K.row(i))) for i in range(K.rows))}

    def over_n(problem, solution):
        K = solution.answers["kernel"]
        return {"grand_mean": tidy(sum(K) / K.rows)}

    return (
        Mistake("row_sums", "These are the row sums: divide each by n for the row means.", ("row_means",), sums),
        Mistake("grand_mean_over_n", "The grand mean divides the sum of all n² entries by n², not by n.",
                ("grand_mean",), over_n),
        Mistake("centring_rows_only",
                "Only the row means were subtracted: K̂ᵢⱼ = Kᵢⱼ − r̄ᵢ − r̄ⱼ + ḡ also subtracts the column means "
                "and adds back the grand mean.", ("centred_kernel",), entrywise(lambda k, ri, rj, g: k - ri)),
        Mistake("grand_mean_not_added",
                "The grand mean was not added back: K̂ᵢⱼ = Kᵢⱼ − r̄ᵢ − r̄ⱼ + ḡ.",
                ("centred_kernel",), entrywise(lambda k, ri, rj, g: k - ri - rj)),
        Mistake("grand_mean_sign",
                "Sign slip: the grand mean is added, K̂ᵢⱼ = Kᵢⱼ − r̄ᵢ − r̄ⱼ + ḡ, not subtracted.",
                ("centred_kernel",), entrywise(lambda k, ri, rj, g: k - ri - rj - g)),
    )


def centring_follow_through(downstream: Callable[[object, sp.ImmutableMatrix], dict], later: tuple[str, ...]):
    """Row means, grand mean and K̂ from the student's own K (and later keys from ``downstream``)."""

    def from_kernel(problem, expected, values):
        K = matrix(values["kernel"])
        return {**centring_answers(K), **downstream(problem, K)}

    def from_means(problem, expected, values):
        r = values["row_means"]
        return {"grand_mean": tidy(sum(r) / len(r))}

    def from_parts(problem, expected, values):
        K, r, g = matrix(values["kernel"]), values["row_means"], values["grand_mean"]
        n = K.rows
        return {"centred_kernel": sp.ImmutableMatrix(n, n, lambda i, j: tidy(K[i, j] - r[i] - r[j] + g))}

    return (
        FollowThrough(("row_means",), ("grand_mean",), from_means),
        FollowThrough(("kernel", "row_means", "grand_mean"), ("centred_kernel",), from_parts),
        FollowThrough(("kernel",), CENTRED, lambda problem, expected, values: centring_answers(matrix(values["kernel"]))),
        # Only the later answers solve an eigenproblem again, so only they need a K in a small field.
        *([FollowThrough(("kernel",), later, from_kernel, solves=True)] if later else []),
    )


def roots_follow_through(symbol: sp.Symbol) -> FollowThrough:
    """Eigenvalues as the roots of the student's own characteristic polynomial."""

    def from_poly(problem, expected, values):
        poly = sp.Poly(values["char_poly"], symbol)
        if poly.degree() > 4 or not all(c.is_Rational for c in poly.all_coeffs()):
            return {}
        roots = poly.all_roots() if poly.degree() > 2 else list(sp.roots(poly, multiple=True))
        if any(not r.is_real for r in roots):
            return {}
        return {"eigenvalues": tuple(tidy(r) for r in roots)}

    return FollowThrough(("char_poly",), ("eigenvalues",), from_poly)
