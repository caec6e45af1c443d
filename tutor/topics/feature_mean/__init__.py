"""Topic feature-mean: the mean in feature space, its length, and each point's distance to it.

Fields (besides topic and title): ``points``, ``kernel``, ``kernel_matrix``.
Answer keys: ``gram``, ``squared_distances``, ``kernel``, ``mean_norm_sq``, ``distances_sq`` (what
each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from tutor import fields
from tutor.recipes import feature_space
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "feature-mean"
SUMMARY = "The feature-space mean: its squared length and each point's distance to it"
FIELDS = ("topic", "title", "points", "kernel", "kernel_matrix")
ANSWER_KEYS = {
    "gram": "Gram matrix XᵀX (n×n, points given)",
    "squared_distances": "squared-distance matrix δ (n×n, RBF only)",
    "kernel": "kernel matrix K (n×n, points given)",
    "mean_norm_sq": "‖μφ‖² = 𝟏ᵀK𝟏/n² (one value)",
    "distances_sq": "‖φ(xᵢ) − μφ‖² for each point (n values)",
}

Problem = inputs.KernelSource


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    return inputs.kernel_source(raw, "The mean in feature space")


def solve(problem: Problem) -> Solution:
    steps, K = inputs.kernel_steps(problem)
    mean = feature_space.mean_norm_step(K)
    steps += [mean, feature_space.distances_to_mean_step(K, mean.result)]
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return inputs.kernel_source_data(problem, NAME)
