"""Checking answers to mds problems: how answers compare."""

from __future__ import annotations

from tutor.checking import rules


RULES = {
    "eigenvalues": rules.AnyOrder(),
    # X = V_p Λ_p^(1/2): each column is an eigenvector of B scaled to length √λ, so up to sign
    # (and any orthonormal basis of a repeated eigenvalue's space).
    "coordinates": rules.Basis(lambda answers: answers["eigenvalues"], noun="coordinate column", transposed=True),
}
