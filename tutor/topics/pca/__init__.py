"""Topic pca: PCA step by step, from the data to the reconstruction error.

Fields (besides topic and title): ``points``, ``components``, ``divisor``.
Answer keys: ``means``, ``centred``, ``covariance``, ``char_poly``, ``eigenvalues``,
``eigenvectors``, ``scores``, ``captured_variance``, ``captured_fraction``, ``reconstruction``,
``reconstruction_error`` (what each holds: ANSWER_KEYS); on the Gram route (d > 4 and n < d) ``gram`` and
``gram_eigenvalues`` take the place of ``char_poly``, and only the components with non-zero variance are
asked (recipes.pca.pca_side says which route and why).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.exact.eigen import Eigenpair, Spectrum, spectrum
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
    "char_poly": "characteristic polynomial det(S − λI) in lambda (d ≤ 4, or d ≤ n)",
    "gram": "K = X_c X_cᵀ (n×n; only when d > 4 and n < d: the smaller side)",
    "gram_eigenvalues": "eigenvalues μ of K (n values, descending; only when d > 4 and n < d)",
    "eigenvalues": "eigenvalues λ of S (d values, descending; the non-zero ones, μ/n, by the Gram route)",
    "eigenvectors": "unit principal directions u (d vectors, in the order of the eigenvalues; one per "
                    "non-zero λ by the Gram route)",
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
        raise ProblemError(f"is missing (2 to {pca.MAX_SIDE} points of dimension 2 to {pca.MAX_SIDE}, one per row)",
                           field="points")
    points = fields.rows(raw["points"], "points", min_rows=2, max_rows=pca.MAX_SIDE, max_cols=pca.MAX_SIDE,
                         what="point")
    d = len(points[0])
    if d < 2:
        raise ProblemError(f"points must have 2 to {pca.MAX_SIDE} coordinates, got {d}", field="points")
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
    later = from_covariance(problem, means.result, centred.result, covariance.result)
    # The Gram route exists so as not to form the d × d S (the notes' PCA problem 2): it is no step then,
    # and the question asks for K instead; S still serves the checks (S u = λu) behind the scenes.
    by_gram = any(step.key == "gram" for step in later)
    steps = (means, centred) + (() if by_gram else (covariance,)) + later
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def divisor_of(problem: Problem) -> int:
    return len(problem.points) - 1 if problem.unbiased else len(problem.points)


def from_covariance(problem: Problem, means, Xc, S) -> tuple:
    """The recipe's steps after S: its eigenpairs, the scores and the reconstruction."""
    X = sp.Matrix(problem.points)
    k = problem.components
    side = pca.pca_side(sp.ImmutableMatrix(Xc))  # refuses, in one line, data no side solves by hand
    if side.gram:
        first, spec, eigenvectors, eigenvalues = _by_gram(problem, Xc, S, side)
    else:
        spec = spectrum(S)
        eigenvalues, eigenvectors = pca.pca_eigen_steps(S, spec)
        first = (pca.pca_char_poly_step(S, spec),)
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
    # By the Gram route u comes first (mapped from K's v) and λ = μ/n is then set beside S's own eigenvalues.
    pair = (eigenvectors, eigenvalues) if side.gram else (eigenvalues, eigenvectors)
    return first + pair + (scores, captured, fraction, reconstruction, error)


def _by_gram(problem: Problem, Xc, S, side: pca.PcaSide):
    """d > 4 and n < d: the eigenpairs of the n × n K = X_c X_cᵀ, each μ > 0 mapped to u = X_cᵀv/‖X_cᵀv‖
    with λ = μ/n (the notes' PCA problem 2). Returns the steps of K and its spectrum, S's spectrum made of
    the mapped pairs (the non-zero variances only), and the steps giving u and λ."""
    Xc = sp.ImmutableMatrix(Xc)
    gram = pca.gram_matrix_step(Xc, side.line)
    gram_spec = spectrum(gram.result)
    vectors, values = pca.gram_map_steps(Xc, sp.ImmutableMatrix(S), gram_spec, divisor_of(problem))
    rank = len(vectors.data.rows)
    if rank == 0:
        raise ProblemError("are all the same point: no direction carries variance", field="points")
    if problem.components > rank:
        raise ProblemError(f"is {problem.components} but the centred points span only {rank} dimension"
                           f"{'s' if rank != 1 else ''}: only {rank} component{'s carry' if rank != 1 else ' carries'} "
                           f"variance", field="components")
    multiplicity = {p.value: p.multiplicity for p in gram_spec.pairs}
    pairs = tuple(Eigenpair(r.variance, r.unit.entries, r.norm_sq, r.unit.value, multiplicity[r.mu])
                  for r in vectors.data.rows)
    spec = Spectrum(gram_spec.char_poly, gram_spec.char_poly_factored, pairs, gram_spec.note)
    return (gram, pca.gram_spectrum_step(gram.result, gram_spec)), spec, vectors, values


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "points": inputs.point_rows(problem.points),
            "components": problem.components, "divisor": "n-1" if problem.unbiased else "n"}

