"""Checking answers to trace-det problems: how answers compare, and one named mistake."""

from __future__ import annotations

from tutor.checking import rules
from tutor.checking.variants import Mistake
from tutor.exact.tidy import tidy

RULES = {"trace": rules.Entries(), "determinant": rules.Entries()}


def _plus_instead_of_minus(problem, solution):
    a = problem.matrix
    return {"determinant": tidy(a[0, 0] * a[1, 1] + a[0, 1] * a[1, 0])}


MISTAKES = (
    Mistake("determinant_plus", "The determinant subtracts the product of the off-diagonal entries: "
            "det A = a₁₁a₂₂ − a₁₂a₂₁, not a₁₁a₂₂ + a₁₂a₂₁.", ("determinant",), _plus_instead_of_minus),
)
