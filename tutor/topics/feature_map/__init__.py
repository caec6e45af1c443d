"""Topic feature-map: the explicit feature map of a polynomial kernel, and the kernel trick.

Fields (besides topic and title): ``degree``, ``offset``, ``dimension``, ``points``.
Answer keys: ``feature_map``, ``phi``, ``kernel_value`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.topics.feature_map import recipe as feature_map
from tutor.steps import Solution

NAME = "feature-map"
SUMMARY = "The explicit feature map of a polynomial kernel, and the kernel trick"
FIELDS = ("topic", "title", "degree", "offset", "dimension", "points")
ANSWER_KEYS = {
    "feature_map": "φ(x), one expression in x1, …, xd per coordinate",
    "phi": "φ(x) and φ(y) for the two points (two vectors; points given)",
    "kernel_value": "K(x, y) = φ(x)ᵀφ(y) (one value; points given)",
}
MAX_DEGREE = 4
MAX_DIMENSION = 4


@dataclass(frozen=True)
class Problem:
    title: str
    degree: int
    offset: sp.Expr
    dimension: int
    points: tuple[tuple[sp.Expr, ...], ...] | None = None


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "degree" not in raw:
        raise ProblemError("is missing (a whole number from 1 to 4)", field="degree")
    degree = fields.integer(raw["degree"], "degree", 1, MAX_DEGREE)
    offset = fields.number(raw.get("offset", 0), "offset")
    if offset.is_negative:
        raise ProblemError(f"must be >= 0 (its square root is a coordinate of φ), got {offset}", field="offset")
    points = None
    if "points" in raw:
        points = fields.rows(raw["points"], "points", min_rows=2, max_rows=2, max_cols=MAX_DIMENSION, what="point")
    dimension = len(points[0]) if points else 2
    if "dimension" in raw:
        dimension = fields.integer(raw["dimension"], "dimension", 1, MAX_DIMENSION)
        if points and len(points[0]) != dimension:
            raise ProblemError(f"is {dimension} but the points have {len(points[0])} coordinates", field="dimension")
    title = fields.text(raw.get("title", "Feature map of a polynomial kernel"), "title")
    return Problem(title, degree, offset, dimension, points)


def solve(problem: Problem) -> Solution:
    mapping = feature_map.feature_map_step(problem.degree, problem.offset, problem.dimension)
    steps = [mapping]
    if problem.points is not None:
        x, y = problem.points
        vectors = feature_map.feature_vectors_step(mapping.result, x, y)
        steps += [vectors, feature_map.kernel_trick_step(*vectors.result, x, y, problem.degree, problem.offset)]
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    data = {"topic": NAME, "title": problem.title, "degree": problem.degree, "offset": str(problem.offset),
            "dimension": problem.dimension}
    if problem.points is not None:
        data["points"] = [[str(v) for v in p] for p in problem.points]
    return data

