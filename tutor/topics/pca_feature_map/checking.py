"""Checking answers to pca-feature-map problems: how answers compare."""

from __future__ import annotations

from tutor.checking import rules


RULES = {
    "eigenvalues_before": rules.AnyOrder(),
    "eigenvalues_after": rules.AnyOrder(),
}
