"""Checking answers to pca-gram problems: how each answer compares, the named mistakes, follow-through."""

from __future__ import annotations

from .. import rules


RULES = {
    "gram_eigenvalues": rules.AnyOrder(),
    "eigenvalues": rules.AnyOrder(),
    "eigenvectors": rules.Basis(lambda answers: answers["eigenvalues"], unit=True, noun="eigenvector"),
}
