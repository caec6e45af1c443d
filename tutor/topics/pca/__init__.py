"""Topic pca: PCA step by step, from the data to the reconstruction error.

Fields (besides topic and title): ``points``, ``components``, ``divisor``.
Answer keys: ``means``, ``centred``, ``covariance``, ``char_poly``, ``eigenvalues``,
``eigenvectors``, ``scores``, ``captured_variance``, ``captured_fraction``, ``reconstruction``,
``reconstruction_error`` (what each holds: ANSWER_KEYS).
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
from tutor.recipes.pca_figures import pca_plot, scores_of
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "pca"
SUMMARY = "PCA step by step: covariance, eigenvalues, scores, reconstruction and its error"
FIELDS = ("topic", "title", "points", "components", "divisor")
ANSWER_KEYS = {
    "means": "feature means x̄ (d values)",
    "centred": "centred data X_c (n×d)",
    "covariance": "covariance matrix S (d×d)",
    "char_poly": "characteristic polynomial det(S − λI) in lambda",
    "eigenvalues": "eigenvalues λ of S (d values, descending)",
    "eigenvectors": "unit principal directions u (d vectors, in the order of the eigenvalues)",
    "scores": "projected coordinates: one length-n vector per kept component",
    "captured_variance": "variance captured by the first k components (one value)",
    "captured_fraction": "its fraction of the total variance (one value)",
    "reconstruction": "x̂ for every point (n points of d values)",
    "reconstruction_error": "mean squared reconstruction error (one value)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    points: tuple[tuple[sp.Expr, ...], ...]
    components: int
    unbiased: bool  # divide by n − 1 instead of n


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "points" not in raw:
        raise ProblemError("is missing (2 to 6 points of dimension 2 or 3, one per row)", field="points")
    points = fields.rows(raw["points"], "points", min_rows=2, max_rows=6, max_cols=3, what="point")
    d = len(points[0])
    if d < 2:
        raise ProblemError(f"points must have 2 or 3 coordinates, got {d}", field="points")
    components = fields.integer(raw.get("components", 1), "components", 1, d)
    divisor = raw.get("divisor", "n")
    if divisor not in ("n", "n-1"):
        raise ProblemError(f"must be n or n-1, got {divisor!r}", field="divisor")
    title = fields.text(raw.get("title", "PCA step by step"), "title")
    return Problem(title, points, components, divisor == "n-1")


def solve(problem: Problem) -> Solution:
    X = sp.Matrix(problem.points)
    means = pca.means_step(X)
    centred = pca.centred_step(X, means.result)
    covariance = pca.pca_covariance_step(centred.result, divisor_of(problem), problem.unbiased)
    steps = (means, centred, covariance) + from_covariance(problem, means.result, centred.result, covariance.result)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def divisor_of(problem: Problem) -> int:
    return len(problem.points) - 1 if problem.unbiased else len(problem.points)


def from_covariance(problem: Problem, means, Xc, S) -> tuple:
    """The recipe's steps after S: its eigenpairs, the scores and the reconstruction."""
    X = sp.Matrix(problem.points)
    k = problem.components
    spec = spectrum(S)
    eigenvalues, eigenvectors = pca.pca_eigen_steps(S, spec)
    scores = pca.scores_step(Xc, spec, k)
    captured, fraction = pca.captured_steps(spec.values, k, sp.ImmutableMatrix(S).trace())
    reconstruction, error = pca.reconstruction_steps(X, means, scores.result, spec, k, divisor_of(problem))
    # The picture: in two dimensions after the reconstruction (its x̂ are the projections on PC 1 when
    # one component is kept); in three, the plane of PCs 1 and 2 after the scores.
    ys = scores.result
    if len(ys) < 2 <= len(spec.pairs):
        ys = ys + (scores_of(Xc, spec.pairs[1].found, spec.pairs[1].norm_sq),)
    figure = pca_plot(problem.points, means, eigenvectors.result, eigenvalues.result, ys,
                      projections=reconstruction.result if k == 1 else None)
    if X.cols == 2:
        reconstruction = replace(reconstruction, figure=figure)
    else:
        scores = replace(scores, figure=figure)
    return (pca.pca_char_poly_step(S, spec), eigenvalues, eigenvectors, scores, captured, fraction,
            reconstruction, error)


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "points": inputs.point_rows(problem.points),
            "components": problem.components, "divisor": "n-1" if problem.unbiased else "n"}

