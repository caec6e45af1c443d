"""Topic feature-space: norm, distance and cosine in feature space from three kernel values.

Fields (besides topic and title): ``points``, ``kernel``, ``kernel_values``.
Answer keys: ``kernel_values``, ``norms``, ``distance_sq``, ``cosine`` (what each holds:
ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.kernels import Kernel
from tutor.recipes import feature_space
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "feature-space"
SUMMARY = "Norm, distance and cosine in feature space from three kernel values"
FIELDS = ("topic", "title", "points", "kernel", "kernel_values")
ANSWER_KEYS = {
    "kernel_values": "K(x,x), K(y,y), K(x,y) (three values; points given)",
    "norms": "‖φ(x)‖, ‖φ(y)‖ (two values)",
    "distance_sq": "d_φ(x, y)² (one value)",
    "cosine": "cos θ = K(x,y)/√(K(x,x)K(y,y)) (one value)",
}


# Digits of the numerators and denominators under the square roots of the norms, the distance and the
# cosine (K(x,x), K(y,y), K(x,x) + K(y,y) − 2K(x,y), K(x,x)·K(y,y)). SymPy's integer factoring, which
# simplifies a root, fails on some integers of over 70 digits (√(10^100 + 4) raised a ValueError).
MAX_RADICAND_DIGITS = 60


@dataclass(frozen=True)
class Problem:
    title: str
    kxx: sp.Expr
    kyy: sp.Expr
    kxy: sp.Expr
    points: tuple[tuple[sp.Expr, ...], ...] | None = None
    kernel: Kernel | None = None

    @property
    def n(self) -> int:
        return 2


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    start = inputs.one_start(raw, ("points", "kernel_values"))
    title = fields.text(raw.get("title", "Norm, distance and cosine in feature space"), "title")
    if start == "points":
        points, kernel = inputs.points_and_kernel(raw)
        if len(points) != 2:
            raise ProblemError(f"needs exactly two points, x and y; got {len(points)}", field="points")
        x, y = points
        kxx, kyy, kxy = (kernel.value(a, b) for a, b in ((x, x), (y, y), (x, y)))
        problem = Problem(title, kxx, kyy, kxy, points=points, kernel=kernel)
    else:
        inputs.only_with_points(raw, start, ("kernel",))
        values = raw["kernel_values"]
        if not isinstance(values, dict) or set(values) != {"xx", "yy", "xy"}:
            raise ProblemError("must be a mapping {xx: K(x,x), yy: K(y,y), xy: K(x,y)}", field="kernel_values")
        kxx, kyy, kxy = (fields.number(values[k], f"kernel_values.{k}") for k in ("xx", "yy", "xy"))
        problem = Problem(title, kxx, kyy, kxy)
    for name, value in (("xx", problem.kxx), ("yy", problem.kyy)):
        if not value.is_positive:
            raise ProblemError(f"K({name[0]},{name[0]}) must be > 0 (a length and a cosine need it), got {value}",
                               field="kernel_values" if start == "kernel_values" else "points")
    radicands = (problem.kxx, problem.kyy, problem.kxx + problem.kyy - 2 * problem.kxy, problem.kxx * problem.kyy)
    digits = max(len(str(abs(n))) for r in radicands for q in r.atoms(sp.Rational) for n in (q.p, q.q))
    if digits > MAX_RADICAND_DIGITS:
        raise ProblemError(f"the norms, distance and cosine take square roots of numbers of {digits} digits "
                           f"(at most {MAX_RADICAND_DIGITS}): use smaller kernel values",
                           field="kernel_values" if start == "kernel_values" else "points")
    if sp.N(problem.kxy**2 - problem.kxx * problem.kyy, 30) > 0:
        raise ProblemError("K(x,y)² > K(x,x)·K(y,y): no feature map gives these values (Cauchy–Schwarz)",
                           field="kernel_values")
    return problem


def solve(problem: Problem) -> Solution:
    steps = []
    if problem.points is not None:
        steps.append(feature_space.kernel_values_step(problem.kernel, *problem.points))
    steps += [
        feature_space.norms_step(problem.kxx, problem.kyy),
        feature_space.distance_step(problem.kxx, problem.kyy, problem.kxy),
        feature_space.cosine_step(problem.kxx, problem.kyy, problem.kxy),
    ]
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    data: dict = {"topic": NAME, "title": problem.title}
    if problem.points is not None:
        data["points"] = inputs.point_rows(problem.points)
        data["kernel"] = problem.kernel.as_dict()
    else:
        data["kernel_values"] = {"xx": str(problem.kxx), "yy": str(problem.kyy), "xy": str(problem.kxy)}
    return data
