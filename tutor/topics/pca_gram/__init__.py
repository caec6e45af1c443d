"""Topic pca-gram: PCA through the n×n Gram matrix (the Gram trick).

Fields (besides topic and title): ``points``.
Answer keys: ``means``, ``centred``, ``gram``, ``gram_eigenvalues``, ``eigenvectors``,
``eigenvalues`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.exact.eigen import spectrum
from tutor.recipes import pca
from tutor.recipes.pca_figures import component_scores, pca_plot
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "pca-gram"
SUMMARY = "The Gram trick: PCA from the n×n matrix X_c X_cᵀ when d is large"
FIELDS = ("topic", "title", "points")
ANSWER_KEYS = {
    "means": "feature means x̄ (d values)",
    "centred": "centred data X_c (n×d)",
    "gram": "K = X_c X_cᵀ (n×n)",
    "gram_eigenvalues": "eigenvalues μ of K (n values, descending)",
    "eigenvectors": "the covariance's unit eigenvectors X_cᵀv/‖X_cᵀv‖ (one per μ > 0)",
    "eigenvalues": "the covariance's eigenvalues μ/n (one per μ > 0)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    points: tuple[tuple[sp.Expr, ...], ...]


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "points" not in raw:
        raise ProblemError(f"is missing (2 to {pca.MAX_SIDE} points, one per row)", field="points")
    points = fields.rows(raw["points"], "points", min_rows=2, max_rows=pca.MAX_SIDE, max_cols=pca.MAX_SIDE,
                         what="point")
    return Problem(fields.text(raw.get("title", "PCA through the Gram matrix"), "title"), points)


def solve(problem: Problem) -> Solution:
    X = sp.Matrix(problem.points)
    n = X.rows
    means = pca.means_step(X)
    centred = pca.centred_step(X, means.result)
    Xc = centred.result
    gram = pca.gram_matrix_step(Xc)
    # K's non-zero eigenvalues are S's (times n), so both sides ask the same polynomial: n − 1 ≤ 4 (or
    # d ≤ 4) always solves; beyond, only data whose polynomial factors into pieces of degree ≤ 4.
    pca.refuse_beyond_hand(pca.hand_degree(gram.result, min(n - 1, X.cols)), "points",
                           f"{n} points in {X.cols} dimensions: the non-zero eigenvalues of K")
    spec = spectrum(gram.result)
    S = sp.ImmutableMatrix(Xc.T * Xc / n)
    vectors, values = pca.gram_map_steps(Xc, S, spec, n)
    # The covariance's PCA picture, drawn after its eigenvalues: the points in two dimensions, else the
    # plane of the first two components (the scores y_j = X_c u_j).
    units = vectors.result[:2]
    values = replace(values, figure=pca_plot(problem.points, means.result, units, values.result,
                                             tuple(component_scores(Xc, u) for u in units)))
    steps = (means, centred, gram, pca.gram_spectrum_step(gram.result, spec), vectors, values)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "points": inputs.point_rows(problem.points)}

