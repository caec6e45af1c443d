"""Topic svd: the SVD of a small matrix by hand, its truncations and Eckart–Young.

Fields (besides topic and title): ``matrix``, ``rank``.
Answer keys: ``dtd`` (or ``ddt`` for a wide matrix), ``right_vectors``, ``singular_values``,
``left_vectors``, ``truncation``, ``frobenius_error`` (what each holds: ANSWER_KEYS).
The hand route decomposes the smaller Gram matrix: DᵀD, or DDᵀ when D has more columns than rows.
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.exact.eigen import spectrum
from tutor.recipes.pca import HAND_DEGREE as HAND, MAX_SIDE as MAX, hand_degree, refuse_beyond_hand
from tutor.topics.svd import recipe as svd
from tutor.topics.svd.figures import svd_plot
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "svd"
SUMMARY = "SVD of a small matrix by hand, its rank-r truncation and Eckart–Young"
FIELDS = ("topic", "title", "matrix", "rank")
ANSWER_KEYS = {
    "dtd": "DᵀD (D square or tall: the smaller Gram matrix)",
    "ddt": "DDᵀ (D wide, more columns than rows: the smaller Gram matrix)",
    "right_vectors": "right singular vectors r: one per non-zero δ (the reduced SVD), unit eigenvectors of DᵀD "
                     "in the order of its eigenvalues (r = Dᵀl/δ when D is wide)",
    "singular_values": "singular values δ (the non-zero ones, descending)",
    "left_vectors": "left singular vectors l: one per non-zero δ (the reduced SVD), l = Dr/δ (unit eigenvectors "
                    "of DDᵀ when D is wide)",
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
        raise ProblemError(f"is missing (up to {MAX}×{MAX}, one side at most {HAND})", field="matrix")
    rows = fields.rows(raw["matrix"], "matrix", min_rows=1, max_rows=MAX, max_cols=MAX, what="row")
    m, n = len(rows), len(rows[0])
    matrix = sp.ImmutableMatrix(rows)
    rank = fields.integer(raw.get("rank", 1), "rank", 1, min(m, n))
    return Problem(fields.text(raw.get("title", "SVD and Eckart–Young"), "title"), matrix, rank)


def solve(problem: Problem) -> Solution:
    D = problem.matrix
    side = svd.side_of(D)
    gram = svd.gram_step(D, side)
    # The smaller Gram matrix has the δ² as its non-zero eigenvalues: min(m, n) ≤ 4 always solves by hand.
    k = gram.result.rows
    refuse_beyond_hand(hand_degree(gram.result, k), "matrix",
                       f"a {D.rows}×{D.cols} matrix: the squared singular values (eigenvalues of the {k}×{k} "
                       f"{'DDᵀ' if side.wide else 'DᵀD'}, the smaller side)",
                       f"give D at most {HAND} rows or {HAND} columns (or a lower rank)")
    spec = spectrum(gram.result)
    first = svd.eigen_step(gram.result, spec, side)
    singular = svd.singular_values_step(spec.values)
    if not singular.result:
        raise ProblemError("the matrix is zero (rank 0): it has no singular value, so there is nothing to "
                           "decompose or truncate", field="matrix")
    if problem.rank > len(singular.result):
        raise ProblemError(f"is {problem.rank} but the matrix has rank {len(singular.result)}", field="rank")
    second, lefts, rights = svd.other_vectors_step(D, spec, singular.result, side)
    # The answer is the reduced SVD: one vector per non-zero δ (the step still shows the null ones found).
    first = replace(first, result=first.result[:len(singular.result)])
    truncation = svd.truncation_step(D, singular.result, lefts, rights, problem.rank)
    truncation = replace(truncation, figure=svd_plot(D, truncation.result, singular.result, lefts, rights,
                                                     problem.rank))
    error = svd.error_step(D, truncation.result, singular.result, problem.rank)
    factors = svd.factors_step(D, singular.result, lefts, rights)
    steps = (gram, first, singular, second, truncation, error, factors)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "matrix": inputs.matrix_rows(problem.matrix),
            "rank": problem.rank}

