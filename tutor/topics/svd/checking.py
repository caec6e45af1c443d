"""Checking answers to svd problems: how answers compare."""

from __future__ import annotations

import sympy as sp

from tutor.checking import rules


def _squared_singular_values(answers):
    """The eigenvalues of DᵀD, in the order of the right vectors: δ² then zeros."""
    squares = tuple(d**2 for d in answers["singular_values"])
    return squares + (sp.Integer(0),) * (len(answers["right_vectors"]) - len(squares))


RULES = {
    "right_vectors": rules.Basis(_squared_singular_values, unit=True, noun="right singular vector"),
    "singular_values": rules.AnyOrder(),
    "left_vectors": rules.Basis(lambda answers: answers["singular_values"], unit=True, noun="left singular vector",
                                consistent_with="right_vectors", sign_rule="l = Dr/δ keeps the sign of r",
                                reference=lambda problem, answers, r: tuple(problem.matrix * sp.Matrix(r))),
}
