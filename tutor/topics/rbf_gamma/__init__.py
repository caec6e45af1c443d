"""Topic rbf-gamma: "Choosing γ and what RBF does to far-apart points".

Fields (besides topic and title): ``similarity``, ``distance``, ``distances``.
Answer keys: ``gamma``, ``kernel_values``, ``feature_distances`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.recipes import feature_space
from tutor.rendering import base, exponent
from tutor.topics.rbf_gamma.figures import feature_distance_plot
from tutor.steps import Solution

NAME = "rbf-gamma"
SUMMARY = "Choosing γ for an RBF kernel, and what it does to far-apart points"
FIELDS = ("topic", "title", "similarity", "distance", "distances")
ANSWER_KEYS = {
    "gamma": "γ = −ln(s)/d² (one value)",
    "kernel_values": "K at each listed distance (one value per distance)",
    "feature_distances": "d_φ = √(2 − 2K) at each listed distance (one value per distance)",
}
MAX_DISTANCES = 12
MAX_RATIO = 100  # the largest listed distance, in units of `distance`


@dataclass(frozen=True)
class Problem:
    title: str
    similarity: sp.Expr
    distance: sp.Expr
    distances: tuple[sp.Expr, ...]


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    for name in ("similarity", "distance"):
        if name not in raw:
            raise ProblemError("is missing", field=name)
    s = fields.number(raw["similarity"], "similarity")
    d = fields.number(raw["distance"], "distance")
    if not s.is_positive:
        raise ProblemError(f"must be > 0 (an RBF similarity is e^(-something)), got {s}", field="similarity")
    if not (sp.N(s, 30) < 1):
        raise ProblemError(f"must be < 1 (only identical points have similarity 1), got {s}", field="similarity")
    if not d.is_positive:
        raise ProblemError(f"must be > 0, got {d}", field="distance")
    raw_list = raw.get("distances", [1, 2, 4, 8])
    if not isinstance(raw_list, list) or not 1 <= len(raw_list) <= MAX_DISTANCES:
        raise ProblemError(f"must be a list of 1 to {MAX_DISTANCES} distances", field="distances")
    distances = tuple(fields.number(v, f"distances[{i}]") for i, v in enumerate(raw_list, start=1))
    for i, t in enumerate(distances, start=1):
        if t.is_negative:
            raise ProblemError(f"must be >= 0, got {t}", field=f"distances[{i}]")
        # K = similarity^((t/distance)²): beyond 100 distances the exponent passes 10⁴ and the exact
        # power (2^(-10⁶) at 1000) takes minutes to write out, for a value no table can show apart from 0.
        if sp.N(t / d, 30) > MAX_RATIO:
            raise ProblemError(f"must be at most {MAX_RATIO} times the distance {d}, got {t}",
                               field=f"distances[{i}]")
    title = fields.text(raw.get("title", "Choosing γ for an RBF kernel"), "title")
    return Problem(title, s, d, distances)


def solve(problem: Problem) -> Solution:
    s, d = problem.similarity, problem.distance
    kernel_values = feature_space.rbf_kernel_values_step(s, d, problem.distances)
    simplified = feature_space.simplified_kernel_step(s, d)
    distances = feature_space.rbf_feature_distances_step(problem.distances, kernel_values.result)
    k = simplified.data  # K = base^exponent, the formula the curve samples and the table heads
    figure = feature_distance_plot(distances.data.rows, k.base, k.exponent, feature_space.D,
                                   f"{base(k.base)}^{{{exponent(k.exponent)}}}", d)
    steps = (
        feature_space.gamma_step(s, d),
        simplified,
        feature_space.rbf_feature_distance_step(),
        kernel_values,
        replace(distances, figure=figure),
    )
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "similarity": str(problem.similarity),
            "distance": str(problem.distance), "distances": [str(t) for t in problem.distances]}
