"""Topic high-dim: "Data in high dimensions: hypercube and hyperball".

Fields (besides topic and title): ``dimensions``, ``shell``, ``angle``, ``simulate`` (random tries beside
the exact probability: simulate.py draws them, the only floats in the topic).
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
FIELDS = ("topic", "title", "dimensions", "shell", "angle", "simulate")
ANSWER_KEYS = {
    "ball_cube_ratio": "Vol(ball)/Vol(cube) for each m",
    "shell_fraction": "1 − (1 − ε)^m for each m (shell given)",
    "cap_probability": "P(a random unit vector lies within θ of a fixed direction) for each m (angle given)",
}
MAX_DIMENSION = 200
MAX_COUNT = 12
MAX_DIGITS = 100  # in any integer or fraction inside ε or θ: (1 − ε)^m has up to 200 times as many
# Random tries: N × max(m) Gaussian draws, 2 × 10^8 at most (about 3 s on one core).
MAX_TRIES = 1_000_000
MAX_SEED = 10**9


@dataclass(frozen=True)
class Simulation:
    tries: int
    seed: int


@dataclass(frozen=True)
class Problem:
    title: str
    dimensions: tuple[int, ...]
    shell: sp.Expr | None = None
    angle: sp.Expr | None = None
    simulate: Simulation | None = None


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
    simulate = None
    if "simulate" in raw:
        simulate = _simulation(raw["simulate"])
        if angle is None:
            raise ProblemError("the random tries estimate the chance of landing within the angle: give angle too",
                               field="simulate")
    title = fields.text(raw.get("title", "Data in high dimensions"), "title")
    return Problem(title, dims, shell, angle, simulate)


def _simulation(raw) -> Simulation:
    if not isinstance(raw, dict) or set(raw) - {"tries", "seed"} or "tries" not in raw:
        raise ProblemError("must be a mapping {tries: N, seed: S}", field="simulate")
    return Simulation(fields.integer(raw["tries"], "simulate.tries", 1, MAX_TRIES),
                      fields.integer(raw.get("seed", 0), "simulate.seed", 0, MAX_SEED))


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
        if problem.simulate is not None:
            steps.append(_simulation_step(cap.data.rows, problem.angle, problem.simulate))
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def _simulation_step(exact_rows, theta, simulation: Simulation):
    from tutor.topics.high_dim import simulate  # numpy, imported only by a problem that simulates

    cos_theta = float(sp.N(sp.cos(theta), 30))  # a draw is compared with it: the one float input
    hits = simulate.count_hits([m for m, _ in exact_rows], cos_theta, simulation.tries, simulation.seed)
    rows = high_dim.simulation_rows(exact_rows, hits, simulation.tries)
    return high_dim.simulation_step(rows, simulation.tries, simulation.seed, theta)


def problem_data(problem: Problem) -> dict:
    data = {"topic": NAME, "title": problem.title, "dimensions": list(problem.dimensions)}
    if problem.shell is not None:
        data["shell"] = str(problem.shell)
    if problem.angle is not None:
        data["angle"] = str(problem.angle)
    if problem.simulate is not None:
        data["simulate"] = {"tries": problem.simulate.tries, "seed": problem.simulate.seed}
    return data
