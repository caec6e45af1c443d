"""Checking answers to mds problems: how answers compare, and the named mistakes."""

from __future__ import annotations

import sympy as sp

from tutor.checking import rules
from tutor.checking.variants import Mistake
from tutor.exact.tidy import tidy
from tutor.recipes.centring import centring_matrix


RULES = {
    "eigenvalues": rules.AnyOrder(),
    # X = V_p Λ_p^(1/2): each column is an eigenvector of B scaled to length √λ, so up to sign
    # (and any orthonormal basis of a repeated eigenvalue's space).
    "coordinates": rules.Basis(lambda answers: answers["eigenvalues"], noun="coordinate column", transposed=True),
}


def _slipped_a(scale):
    """A (and the B = HAH it gives) from the table d²_ij with a slip: ``scale`` maps each d² to A's entry."""
    def variant(problem, solution):
        A = sp.ImmutableMatrix(problem.squared.applyfunc(lambda v: tidy(scale(v))))
        H = centring_matrix(A.rows)
        return {"a_matrix": A, "b_matrix": sp.ImmutableMatrix((H * A * H).applyfunc(tidy))}
    return variant


MISTAKES = (
    Mistake("a_from_plain_distances", "A is −½ times the squared distances, A = −½ d²ᵢⱼ, not −½ dᵢⱼ.",
            ("a_matrix", "b_matrix"), _slipped_a(lambda v: -sp.sqrt(v) / 2)),
    Mistake("a_without_half", "A = −½ d²ᵢⱼ: the factor −½ is missing (B = HAH = −½ H[d²ᵢⱼ] H).",
            ("a_matrix", "b_matrix"), _slipped_a(lambda v: -v)),
)
