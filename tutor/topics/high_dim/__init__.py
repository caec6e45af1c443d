"""Topic high-dim: "Data in high dimensions: hypercube and hyperball".

Fields (besides topic and title): ``dimensions``, ``shell``, ``angle``.
Answer keys: ``ball_cube_ratio``, ``shell_fraction``, ``cap_probability`` (what each holds:
ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.topics.high_dim import figures
from tutor.topics.high_dim import recipe as high_dim
from tutor.steps import Solution

NAME = "high-dim"
SUMMARY = "Data in high dimensions: ball in the cube, thin shells, random directions"
FIELDS = ("topic", "title", "dimensions", "shell", "angle")
ANSWER_KEYS = {
    "ball_cube_ratio": "Vol(ball)/Vol(cube) for each m",
    "shell_fraction": "1 − (1 − ε)^m for each m (shell given)",
    "cap_probability": "P(a random unit vector lies within θ of a fixed direction) for each m (angle given)",
}
MAX_DIMENSION = 200
MAX_COUNT = 12
MAX_DIGITS = 100  # in any integer or fraction inside ε or θ: (1 − ε)^m has up to 200 times as many


@dataclass(frozen=True)
class Problem:
    title: str
    dimensions: tuple[int, ...]
    shell: sp.Expr | None = None
    angle: sp.Expr | None = None


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    raw_dims = raw.get("dimensions", [2, 3, 10, 30])
    if not isinstance(raw_dims, list) or not 1 <= len(raw_dims) <= MAX_COUNT:
        raise ProblemError(f"must be a list of 1 to {MAX_COUNT} dimensions", field="dimensions")
    dims = tuple(fields.integer(m, f"dimensions[{i}]", 1, MAX_DIMENSION) for i, m in enumerate(raw_dims, start=1))
    shell = angle = None
    if "shell" in raw:
        shell = _bounded(fields.number(raw["shell"], "shell"), "shell")
        if not (shell.is_positive and sp.N(shell, 30) < 1):
            raise ProblemError(f"the relative thickness ε must lie strictly between 0 and 1, got {shell}", field="shell")
    if "angle" in raw:
        angle = _bounded(fields.number(raw["angle"], "angle"), "angle")
        if not (angle.is_positive and sp.N(angle - sp.pi, 30) < 0):
            raise ProblemError(f"θ must lie strictly between 0 and pi, got {angle}", field="angle")
        if any(m < 2 for m in dims):
            raise ProblemError("directions need m >= 2", field="dimensions")
    title = fields.text(raw.get("title", "Data in high dimensions"), "title")
    return Problem(title, dims, shell, angle)


def _bounded(value: sp.Expr, name: str) -> sp.Expr:
    limit = 10**MAX_DIGITS
    if any(abs(r.p) >= limit or r.q >= limit for r in value.atoms(sp.Rational)):
        raise ProblemError(f"a number in it has more than {MAX_DIGITS} digits", field=name)
    return value


def solve(problem: Problem) -> Solution:
    ball = high_dim.ball_cube_step(problem.dimensions)
    steps = [replace(ball, figure=figures.ball_cube_plot(ball.data.rows))]
    if problem.shell is not None:
        shell = high_dim.shell_step(problem.dimensions, problem.shell)
        steps.append(replace(shell, figure=figures.shell_plot(shell.data.rows, shell.data.epsilon,
                                                              shell.data.epsilon_tex)))
    if problem.angle is not None:
        cap = high_dim.cap_step(problem.dimensions, problem.angle)
        steps.append(replace(cap, figure=figures.cap_plot(cap.data.rows, cap.data.theta)))
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    data = {"topic": NAME, "title": problem.title, "dimensions": list(problem.dimensions)}
    if problem.shell is not None:
        data["shell"] = str(problem.shell)
    if problem.angle is not None:
        data["angle"] = str(problem.angle)
    return data
