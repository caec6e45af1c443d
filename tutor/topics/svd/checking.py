"""Checking answers to svd problems: how answers compare, and the named mistakes."""

from __future__ import annotations

import sympy as sp

from tutor.checking import rules
from tutor.checking.variants import Mistake
from tutor.checking.rules import Judgement
from tutor.exact.tidy import is_zero, tidy


class _Reduced(rules.Basis):
    """A Basis of the reduced SVD: one vector per non-zero δ. Extra vectors of δ = 0 (D r = 0, or Dᵀ l = 0)
    are named as such rather than only miscounted."""

    def judge(self, given, expected, tol, ctx):
        want = len(expected)
        value = given.value
        if isinstance(value, tuple) and len(value) > want and all(isinstance(v, tuple) for v in value):
            M = ctx.problem.matrix if self.noun.startswith("right") else ctx.problem.matrix.T
            null = [j for j, v in enumerate(value[want:], start=want + 1)
                    if len(v) == M.cols and any(not is_zero(x) for x in v)
                    and all(is_zero(x) for x in M * sp.Matrix(v))]
            if null:
                which = ", ".join(str(j) for j in null)
                are = "is a null vector" if len(null) == 1 else "are null vectors"
                equation = "D r = 0" if self.noun.startswith("right") else "Dᵀ l = 0"
                return Judgement(None, f"{self.noun} {which} {are} ({equation}, δ = 0): only the {want} "
                                       f"{self.noun}{' of the non-zero singular value is' if want == 1 else 's of the non-zero singular values are'} "
                                       "asked (the reduced SVD)")
        return super().judge(given, expected, tol, ctx)


def _squared_singular_values(key):
    """The eigenvalue of each vector of ``key``, in order: δ² for the first ones, then zeros (the null
    vectors of the Gram matrix decomposed: DᵀD's right vectors, or DDᵀ's left ones for a wide D)."""
    def values(answers):
        squares = tuple(d**2 for d in answers["singular_values"])
        return squares + (sp.Integer(0),) * max(0, len(answers[key]) - len(squares))
    return values


RULES = {
    "right_vectors": _Reduced(_squared_singular_values("right_vectors"), unit=True, noun="right singular vector"),
    "singular_values": rules.AnyOrder(),
    # l = Dr/δ and r = Dᵀl/δ say the same: a pair (l, r) keeps one sign, whichever side came first.
    "left_vectors": _Reduced(_squared_singular_values("left_vectors"), unit=True, noun="left singular vector",
                                consistent_with="right_vectors", sign_rule="l = Dr/δ keeps the sign of r",
                                reference=lambda problem, answers, r: tuple(problem.matrix * sp.Matrix(r))),
}


def _eigenvalues_as_singular(problem, solution):
    return {"singular_values": tuple(tidy(d**2) for d in solution.answers["singular_values"])}


MISTAKES = (
    Mistake("singular_values_are_lambda", "These are the eigenvalues λ of the Gram matrix: the singular values "
            "are their square roots, δ = √λ.", ("singular_values",), _eigenvalues_as_singular),
)
