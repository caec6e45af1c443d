"""Checking answers to feature-map problems: how answers compare and follow-through."""

from __future__ import annotations

import sympy as sp

from tutor.topics.feature_map import recipe as feature_map
from tutor.topics.feature_map import Problem
from tutor.checking import rules
from tutor.checking.variants import FollowThrough


def _variables(problem: Problem) -> dict:
    """x1, …, xd (also written x_1), the names a student's φ may use."""
    xs = feature_map.variables(problem.dimension)
    return {**{str(x): x for x in xs}, **{f"x_{i}": x for i, x in enumerate(xs, start=1)}}


def _from_map(problem: Problem, expected, values) -> dict:
    """φ(x), φ(y) and K(x, y) from the student's own map (any order and signs of its coordinates)."""
    if problem.points is None:
        return {}
    xs = feature_map.variables(problem.dimension)
    phis = tuple(tuple(sp.expand(f.subs(dict(zip(xs, p)))) for f in values["feature_map"]) for p in problem.points)
    return {"phi": phis, "kernel_value": sp.expand(sum(a * b for a, b in zip(*phis)))}


RULES = {"feature_map": rules.Expressions(_variables)}
FOLLOW_THROUGH = (FollowThrough(("feature_map",), ("phi", "kernel_value"), _from_map),)
