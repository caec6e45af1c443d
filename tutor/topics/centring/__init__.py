"""Topic centring: the card "Recipe: centre a kernel matrix by hand", alone.

Fields (besides topic and title): ``points``, ``kernel``, ``kernel_matrix``.
Answer keys: ``gram``, ``squared_distances``, ``kernel``, ``row_means``, ``grand_mean``,
``centred_kernel`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from tutor import fields
from tutor.recipes import centring
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "centring"
SUMMARY = "Centre a kernel matrix by hand: row means, grand mean, K̂, rows sum to 0"
FIELDS = ("topic", "title", "points", "kernel", "kernel_matrix")
ANSWER_KEYS = {
    "gram": "Gram matrix XᵀX (n×n, points given)",
    "squared_distances": "squared-distance matrix δ (n×n, RBF only)",
    "kernel": "kernel matrix K (n×n, points given)",
    "row_means": "row means r̄ (n values)",
    "grand_mean": "grand mean ḡ = ‖μφ‖² (one value)",
    "centred_kernel": "centred kernel matrix K̂ (n×n)",
}

Problem = inputs.KernelSource


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    return inputs.kernel_source(raw, "Centring a kernel matrix")


def solve(problem: Problem) -> Solution:
    steps, K = inputs.kernel_steps(problem)
    steps += centring.centring_steps(K, worked=True)  # the card's skill: one entry of K̂ worked out
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return inputs.kernel_source_data(problem, NAME)

