"""Topic kernel-matrix: the card "Recipe: kernel matrix by hand", alone.

Fields (besides topic and title): ``points``, ``kernel``.
Answer keys: ``gram``, ``squared_distances``, ``kernel`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.kernels import Kernel
from tutor.recipes import kernel_matrix
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "kernel-matrix"
SUMMARY = "Kernel matrix by hand: Gram matrix, Hadamard form, squared distances, checks"
FIELDS = ("topic", "title", "points", "kernel")
ANSWER_KEYS = {
    "gram": "Gram matrix XᵀX (n×n)",
    "squared_distances": "squared-distance matrix δ (n×n, RBF only)",
    "kernel": "kernel matrix K (n×n)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    points: tuple[tuple[sp.Expr, ...], ...]
    kernel: Kernel

    @property
    def n(self) -> int:
        return len(self.points)


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "points" not in raw:
        raise ProblemError("is missing (one point per row)", field="points")
    points, kernel = inputs.points_and_kernel(raw)
    return Problem(fields.text(raw.get("title", "Kernel matrix"), "title"), points, kernel)


def solve(problem: Problem) -> Solution:
    steps = kernel_matrix.kernel_matrix_steps(problem.points, problem.kernel, displayed=True)
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "points": inputs.point_rows(problem.points),
            "kernel": problem.kernel.as_dict()}

