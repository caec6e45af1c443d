"""Checking answers to pca-feature-map problems: how each answer compares, the named mistakes, follow-through."""

from __future__ import annotations

from .. import rules


RULES = {
    "eigenvalues_before": rules.AnyOrder(),
    "eigenvalues_after": rules.AnyOrder(),
}
