"""Topic centring: the card "Recipe: centre a kernel matrix by hand", alone."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .. import fields
from ..kernels import Kernel
from ..recipes import centring, kernel_matrix
from ..steps import Solution
from . import inputs

NAME = "centring"
FIELDS = ("topic", "title", "points", "kernel", "kernel_matrix")
ANSWER_KEYS = {
    "gram": "Gram matrix XᵀX (n×n, points given)",
    "squared_distances": "squared-distance matrix δ (n×n, RBF only)",
    "kernel": "kernel matrix K (n×n, points given)",
    "row_means": "row means r̄ (n values)",
    "grand_mean": "grand mean ḡ = ‖μφ‖² (one value)",
    "centred_kernel": "centred kernel matrix K̂ (n×n)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    points: tuple[tuple[sp.Expr, ...], ...] | None = None
    kernel: Kernel | None = None
    kernel_matrix: sp.ImmutableMatrix | None = None

    @property
    def n(self) -> int:
        return len(self.points) if self.points is not None else self.kernel_matrix.rows


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    start = inputs.one_start(raw, ("kernel_matrix", "points"))
    title = fields.text(raw.get("title", "Centring a kernel matrix"), "title")
    if start == "points":
        points, kernel = inputs.points_and_kernel(raw)
        return Problem(title, points=points, kernel=kernel)
    inputs.only_with_points(raw, start, ("kernel",))
    return Problem(title, kernel_matrix=inputs.kernel_matrix(raw))


def solve(problem: Problem) -> Solution:
    if problem.points is not None:
        steps = kernel_matrix.kernel_matrix_steps(problem.points, problem.kernel)
        K = steps[-1].result
    else:
        K = problem.kernel_matrix
        steps = [kernel_matrix.given_kernel_step(K)]
    steps += centring.centring_steps(K)
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    data: dict = {"topic": NAME, "title": problem.title}
    if problem.points is not None:
        data["points"] = inputs.point_rows(problem.points)
        data["kernel"] = problem.kernel.as_dict()
    else:
        data["kernel_matrix"] = inputs.matrix_rows(problem.kernel_matrix)
    return data
