"""Topic svd: the SVD of a small matrix by hand, its truncations and Eckart–Young.

Fields (besides topic and title): ``matrix``, ``rank``.
Answer keys: ``dtd``, ``right_vectors``, ``singular_values``, ``left_vectors``, ``truncation``,
``frobenius_error`` (what each holds: ANSWER_KEYS).
The README's section on this topic shows a problem file.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.exact.eigen import spectrum
from tutor.topics.svd import recipe as svd
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "svd"
SUMMARY = "SVD of a small matrix by hand, its rank-r truncation and Eckart–Young"
FIELDS = ("topic", "title", "matrix", "rank")
ANSWER_KEYS = {
    "dtd": "DᵀD",
    "right_vectors": "right singular vectors r: unit eigenvectors of DᵀD, in the order of its eigenvalues",
    "singular_values": "singular values δ (the non-zero ones, descending)",
    "left_vectors": "left singular vectors l (one per δ)",
    "truncation": "the rank-r truncation D_r",
    "frobenius_error": "‖D − D_r‖_F (one value)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    matrix: sp.ImmutableMatrix
    rank: int


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "matrix" not in raw:
        raise ProblemError("is missing (up to 3×3, or 2×4)", field="matrix")
    rows = fields.rows(raw["matrix"], "matrix", min_rows=1, max_rows=3, max_cols=4, what="row")
    m, n = len(rows), len(rows[0])
    if m * n > 9 and not (m <= 2 and n <= 4):
        raise ProblemError(f"must be at most 3×3 or 2×4, got {m}×{n}", field="matrix")
    matrix = sp.ImmutableMatrix(rows)
    rank = fields.integer(raw.get("rank", 1), "rank", 1, min(m, n))
    return Problem(fields.text(raw.get("title", "SVD and Eckart–Young"), "title"), matrix, rank)


def solve(problem: Problem) -> Solution:
    D = problem.matrix
    dtd = svd.gram_step(D)
    spec = spectrum(dtd.result)
    right = svd.right_vectors_step(dtd.result, spec)
    singular = svd.singular_values_step(spec.values)
    if not singular.result:
        raise ProblemError("the matrix is zero (rank 0): it has no singular value, so there is nothing to "
                           "decompose or truncate", field="matrix")
    if problem.rank > len(singular.result):
        raise ProblemError(f"is {problem.rank} but the matrix has rank {len(singular.result)}", field="rank")
    left, rights = svd.left_vectors_step(D, spec, singular.result)
    truncation, error = svd.truncation_steps(D, singular.result, left.result, rights, problem.rank)
    factors = svd.factors_step(singular.result, left.result, rights)
    steps = (dtd, right, singular, left, truncation, error, factors)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "matrix": inputs.matrix_rows(problem.matrix),
            "rank": problem.rank}

