"""Checking answers to svd problems: how answers compare, and the named mistakes."""

from __future__ import annotations

import sympy as sp

from tutor.checking import rules
from tutor.checking.variants import Mistake
from tutor.exact.tidy import tidy


def _squared_singular_values(key):
    """The eigenvalue of each vector of ``key``, in order: δ² for the first ones, then zeros (the null
    vectors of the Gram matrix decomposed: DᵀD's right vectors, or DDᵀ's left ones for a wide D)."""
    def values(answers):
        squares = tuple(d**2 for d in answers["singular_values"])
        return squares + (sp.Integer(0),) * max(0, len(answers[key]) - len(squares))
    return values


RULES = {
    "right_vectors": rules.Basis(_squared_singular_values("right_vectors"), unit=True, noun="right singular vector"),
    "singular_values": rules.AnyOrder(),
    # l = Dr/δ and r = Dᵀl/δ say the same: a pair (l, r) keeps one sign, whichever side came first.
    "left_vectors": rules.Basis(_squared_singular_values("left_vectors"), unit=True, noun="left singular vector",
                                consistent_with="right_vectors", sign_rule="l = Dr/δ keeps the sign of r",
                                reference=lambda problem, answers, r: tuple(problem.matrix * sp.Matrix(r))),
}


def _eigenvalues_as_singular(problem, solution):
    return {"singular_values": tuple(tidy(d**2) for d in solution.answers["singular_values"])}


MISTAKES = (
    Mistake("singular_values_are_lambda", "These are the eigenvalues λ of the Gram matrix: the singular values "
            "are their square roots, δ = √λ.", ("singular_values",), _eigenvalues_as_singular),
)
