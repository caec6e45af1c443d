"""Topic mds: classical multidimensional scaling from a distance table or from points.

Fields (besides topic and title): one of ``distances`` (the table of d_ij), ``squared_distances``
(the table of d_ij², for distances that are surds: the same checks, symmetric with a zero diagonal
and no negative entry) or ``points``; and ``dimensions``.
Answer keys: ``squared_distances``, ``a_matrix``, ``b_matrix``, ``eigenvalues``, ``coordinates``,
``recovered_distances`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.exact.eigen import spectrum
from tutor.exact.tidy import numeric
from tutor.topics.mds import figures, recipe as mds
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "mds"
SUMMARY = "Classical multidimensional scaling: A, B = HAH, X = V Λ^(1/2), distances checked"
FIELDS = ("topic", "title", "points", "distances", "squared_distances", "dimensions")
ANSWER_KEYS = {
    "squared_distances": "the squared distances d²ᵢⱼ, not dᵢⱼ (n×n; points or plain distances given)",
    "a_matrix": "A = −½[d²] (n×n)",
    "b_matrix": "B = HAH (n×n)",
    "eigenvalues": "eigenvalues of B (n values, descending)",
    "coordinates": "the recovered points (n points of p values)",
    "recovered_distances": "the squared distances ‖x̂ᵢ − x̂ⱼ‖² of the recovered points (n×n)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    squared: sp.ImmutableMatrix  # the d_ij², given or computed
    points: tuple[tuple[sp.Expr, ...], ...] | None
    dimensions: int | None
    distances: sp.ImmutableMatrix | None = None  # the plain d_ij, when the problem gives them


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    start = inputs.one_start(raw, ("distances", "squared_distances", "points"))
    dimensions = fields.integer(raw["dimensions"], "dimensions", 1, 7) if "dimensions" in raw else None
    title = fields.text(raw.get("title", "Classical multidimensional scaling"), "title")
    if start == "points":
        points = inputs.points(raw)
        n = len(points)
        squared = sp.ImmutableMatrix(n, n, lambda i, j: sum((a - b) ** 2 for a, b in zip(points[i], points[j])))
        return Problem(title, squared, points, dimensions)
    table = _table(raw, start)
    if start == "squared_distances":
        return Problem(title, table, None, dimensions)
    return Problem(title, sp.ImmutableMatrix(table.applyfunc(lambda v: v**2)), None, dimensions, table)


def _table(raw: dict, name: str) -> sp.ImmutableMatrix:
    """A table of distances or of squared ones: square, a zero diagonal, no negative entry."""
    D = fields.square_matrix(raw[name], name, min_n=2, max_n=inputs.MAX_POINTS)
    for i in range(D.rows):
        if D[i, i] != 0:
            raise ProblemError(f"diagonal entry {i + 1} is {D[i, i]}, but a point is at distance 0 from itself",
                               field=name)
        for j in range(D.cols):
            if numeric(D[i, j], 30) < 0:
                raise ProblemError(f"entry ({i + 1},{j + 1}) is negative", field=name)
    return sp.ImmutableMatrix(D)


def solve(problem: Problem) -> Solution:
    steps = []
    if problem.points is not None:
        steps.append(mds.squared_distances_from_points_step(problem.points))
    elif problem.distances is not None:  # the student squares the table first
        steps.append(mds.squared_distances_from_table_step(problem.squared))
    a = mds.a_matrix_step(problem.squared)
    b = mds.b_matrix_step(a.result)
    spec = spectrum(b.result)
    positive = mds.positive_count(spec.values)
    p = positive if problem.dimensions is None else problem.dimensions
    if p > positive:
        raise ProblemError(f"asks for {p} dimensions but B has only {positive} positive eigenvalues",
                           field="dimensions")
    dimension = len(problem.points[0]) if problem.points is not None else None
    eig = mds.spectrum_step(b.result, spec, keep=p, dimension=dimension)
    coords = mds.coordinates_step(spec, p)
    exact = p == positive and eig.data.negative == 0
    reproduce = mds.reproduce_step(coords.result, problem.squared, exact)
    coords = replace(coords, figure=figures.configuration_figure(coords.result, reproduce.data.same))
    steps += [a, b, eig, coords, reproduce]
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    data: dict = {"topic": NAME, "title": problem.title}
    if problem.points is not None:
        data["points"] = inputs.point_rows(problem.points)
    elif problem.distances is not None:
        data["distances"] = inputs.matrix_rows(problem.distances)
    else:
        data["squared_distances"] = inputs.matrix_rows(problem.squared)
    if problem.dimensions is not None:
        data["dimensions"] = problem.dimensions
    return data

