"""Named mistakes and follow-through: other values a student's answer may be measured against.

A Mistake is a variant of the solver: given the problem and its solution, it
returns the answers a student who made that mistake would write (only the
keys the mistake changes, or every key after it when the variant is solved
again). A FollowThrough recomputes later answers from the student's own
earlier ones (their K̂, their eigenvalues), so consistent work after one slip
earns credit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import sympy as sp

from .rules import flatten, shape_of

Answers = Mapping[str, Any]


@dataclass(frozen=True)
class Mistake:
    name: str  # a stable identifier, shown in the JSON "mistake" field
    sentence: str  # what went wrong and how to put it right, in one sentence
    keys: tuple[str, ...]  # the answer keys it can explain
    variant: Callable[[Any, Any], Answers]  # (problem, solution) -> those answers with this mistake


@dataclass(frozen=True)
class FollowThrough:
    needs: tuple[str, ...]  # the student's earlier answers it starts from
    gives: tuple[str, ...]  # the later answers it recomputes
    derive: Callable[[Any, Answers, Answers], Answers]  # (problem, expected, the student's needs) -> later answers
    solves: bool = False  # it solves an eigenproblem again: only from values in a small field (budget.py)


def trivial(value, expected) -> str | None:
    """Why an earlier answer is too trivial (or malformed) to earn follow-through, or None."""
    if shape_of(value) != shape_of(expected):
        return "it has the wrong shape"
    entries = flatten(value)
    if all(x == 0 for x in entries):
        return "it is all zeros"
    if isinstance(value, tuple) and len(shape_of(value)) == 2 and len(value) == len(value[0]) > 1:
        n = len(value)
        off_diagonal_zero = all(value[i][j] == 0 for i in range(n) for j in range(n) if i != j)
        if off_diagonal_zero and all(value[i][i] == value[0][0] for i in range(n)):
            return "it is a multiple of the identity"
        want = expected
        want_diagonal = all(want[i][j] == 0 for i in range(n) for j in range(n) if i != j)
        if off_diagonal_zero and not want_diagonal:
            return "it is diagonal"
        want_symmetric = all(sp.expand(want[i][j] - want[j][i]) == 0 for i in range(n) for j in range(i))
        if want_symmetric and any(sp.expand(value[i][j] - value[j][i]) != 0 for i in range(n) for j in range(i)):
            return "it is not symmetric"
    return None


def matrix(value) -> sp.ImmutableMatrix:
    """A matrix from a student's list of rows (or from one of ours)."""
    if isinstance(value, sp.MatrixBase):
        return sp.ImmutableMatrix(value)
    return sp.ImmutableMatrix([list(row) for row in value])
