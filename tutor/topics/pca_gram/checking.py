"""Checking answers to pca-gram problems: how answers compare."""

from __future__ import annotations

from tutor.checking import rules


RULES = {
    "gram_eigenvalues": rules.AnyOrder(),
    "eigenvalues": rules.AnyOrder(),
    "eigenvectors": rules.Basis(lambda answers: answers["eigenvalues"], unit=True, noun="eigenvector"),
}
