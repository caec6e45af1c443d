"""Topic feature-mean: the mean in feature space, its length, and each point's distance to it."""

from __future__ import annotations

from .. import fields
from ..recipes import feature_space, kernel_matrix
from ..steps import Solution
from . import centring, inputs

NAME = "feature-mean"
FIELDS = ("topic", "title", "points", "kernel", "kernel_matrix")
ANSWER_KEYS = {
    "gram": "Gram matrix XᵀX (n×n, points given)",
    "squared_distances": "squared-distance matrix δ (n×n, RBF only)",
    "kernel": "kernel matrix K (n×n, points given)",
    "mean_norm_sq": "‖μφ‖² = 𝟏ᵀK𝟏/n² (one value)",
    "distances_sq": "‖φ(xᵢ) − μφ‖² for each point (n values)",
}

Problem = centring.Problem  # the same inputs: points with a kernel, or a kernel matrix


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    start = inputs.one_start(raw, ("kernel_matrix", "points"))
    title = fields.text(raw.get("title", "The mean in feature space"), "title")
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
    mean = feature_space.mean_norm_step(K)
    steps += [mean, feature_space.distances_to_mean_step(K, mean.result)]
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {**centring.problem_data(problem), "topic": NAME}
