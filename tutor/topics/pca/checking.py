"""Checking answers to pca problems: how answers compare, the named mistakes and follow-through."""

from __future__ import annotations

import sympy as sp

from tutor.exact.eigen import LAMBDA, spectrum
from tutor.exact.tidy import is_zero, numeric, tidy
from tutor.recipes import pca
from tutor.topics.pca import Problem, divisor_of, from_covariance, solve
from tutor.checking import common, rules
from tutor.checking.uniqueness import cut_through
from tutor.checking.variants import FollowThrough, Mistake, matrix


AFTER_COVARIANCE = ("char_poly", "eigenvalues", "eigenvectors", "scores", "captured_variance",
                    "captured_fraction", "reconstruction", "reconstruction_error")


def _lambdas(answers):
    return answers["eigenvalues"]


def _projected(problem, answers, u):
    """X_c u: where a direction u sends the centred points (the scores keep its sign)."""
    return tuple(matrix(answers["centred"]) * sp.Matrix(u))


RULES = {
    "covariance": rules.Entries(),
    "char_poly": rules.Polynomial(LAMBDA, "λ", "S"),
    "eigenvalues": rules.AnyOrder(),
    "eigenvectors": rules.Basis(_lambdas, unit=True, noun="direction", not_normalised=(
        "directions_not_normalised",
        "The directions point the right way but are not unit vectors: divide each by its length, u = w/‖w‖.")),
    "scores": rules.Basis(_lambdas, noun="score vector", consistent_with="eigenvectors",
                          sign_rule="the scores X_c u keep the sign of u", reference=_projected,
                          whole=lambda problem, answers: tuple(_projected(problem, answers, u)
                                                               for u in answers["eigenvectors"])),
}


def _answers(steps) -> dict:
    return {s.key: s.result for s in steps}


def _from_centred(problem: Problem, means, Xc) -> dict:
    Xc = sp.ImmutableMatrix(Xc)
    covariance = pca.pca_covariance_step(Xc, divisor_of(problem), problem.unbiased)
    return _answers((covariance,) + from_covariance(problem, means, Xc, covariance.result))


def _not_centred(problem, solution):
    X = sp.ImmutableMatrix(problem.points)
    return {"centred": X, **_from_centred(problem, (0,) * X.cols, X)}


def _other_divisor(when_unbiased: bool):
    """The answers with the other divisor, for a problem that asks for n − 1 (or for n)."""
    def variant(problem, solution):
        if problem.unbiased != when_unbiased:
            return {}
        flipped = Problem(problem.title, problem.points, problem.components, not problem.unbiased)
        return {k: v for k, v in solve(flipped).answers.items() if k in ("covariance",) + AFTER_COVARIANCE}
    return variant


def _scatter(centre: bool):
    """The eigenvalues of XᵀX (of the centred or the raw data), not divided by n."""
    def variant(problem, solution):
        X = sp.ImmutableMatrix(problem.points)
        data = matrix(solution.answers["centred"]) if centre else X
        if "gram" in solution.answers:  # d > 4, n < d: the non-zero ones, from the smaller side, as solved
            values = tuple(v for v in spectrum(sp.ImmutableMatrix(data * data.T)).values if not is_zero(v))
        else:
            values = spectrum(sp.ImmutableMatrix(data.T * data)).values
        k = problem.components
        out = {"eigenvalues": values, "captured_variance": tidy(sum(values[:k]))}
        if not centre:  # made at the centring step: a right X_c rules it out (the record must agree)
            out["centred"] = X
        return out
    return variant


MISTAKES = (
    Mistake("not_centred", "The data were not centred: subtract the mean x̄ from every point before "
            "forming S = X_cᵀX_c/n.", ("centred", "covariance") + AFTER_COVARIANCE, _not_centred),
    Mistake("divided_by_n_minus_1", "Divided by n − 1: this problem asks for the covariance S = X_cᵀX_c/n.",
            ("covariance",) + AFTER_COVARIANCE, _other_divisor(when_unbiased=False)),
    Mistake("divided_by_n", "Divided by n: this problem asks for the sample covariance S = X_cᵀX_c/(n − 1).",
            ("covariance",) + AFTER_COVARIANCE, _other_divisor(when_unbiased=True)),
    Mistake("scatter_eigenvalues", "These are eigenvalues of X_cᵀX_c, the scatter matrix: divide by n "
            "(or n − 1 if asked) to get the variances, the eigenvalues of S.",
            ("eigenvalues", "captured_variance"), _scatter(centre=True)),
    Mistake("raw_scatter_eigenvalues", "These are eigenvalues of XᵀX of the raw data: centre the data and "
            "divide by n to get the covariance S first.", ("eigenvalues", "captured_variance"),
            _scatter(centre=False)),
)


def _from_means(problem, expected, values):
    X = sp.Matrix(problem.points)
    means = values["means"]
    Xc = sp.ImmutableMatrix(X.rows, X.cols, lambda i, j: X[i, j] - means[j])
    return {"centred": Xc, **_from_centred(problem, means, Xc)}


def _from_directions(problem, expected, values):
    """Scores, reconstruction and its error from the student's own unit directions."""
    X = sp.Matrix(problem.points)
    n, d = X.shape
    Xc, means = matrix(expected["centred"]), expected["means"]
    directions = [sp.Matrix(u) for u in values["eigenvectors"][: problem.components]]
    scores = tuple(tuple(tidy(x) for x in Xc * u) for u in directions)
    rebuilt = tuple(tuple(tidy(means[j] + sum(s[i] * u[j] for s, u in zip(scores, directions))) for j in range(d))
                    for i in range(n))
    error = tidy(sum((X[i, j] - rebuilt[i][j]) ** 2 for i in range(n) for j in range(d)) / n)
    return {"scores": scores, "reconstruction": rebuilt, "reconstruction_error": error}


def _from_lambdas(problem, expected, values):
    lambdas = sorted(values["eigenvalues"], key=lambda v: -numeric(v))
    kept, total = tidy(sum(lambdas[: problem.components])), tidy(sum(lambdas))
    return {"captured_variance": kept, "captured_fraction": tidy(kept / total)}


FOLLOW_THROUGH = (
    FollowThrough(("means",), ("centred", "covariance") + AFTER_COVARIANCE, _from_means, solves=True),
    FollowThrough(("centred",), ("covariance",) + AFTER_COVARIANCE,
                  lambda problem, expected, values: _from_centred(problem, expected["means"], matrix(values["centred"])),
                  solves=True),
    FollowThrough(("covariance",), AFTER_COVARIANCE,
                  lambda problem, expected, values: _answers(from_covariance(
                      problem, expected["means"], matrix(expected["centred"]), matrix(values["covariance"]))),
                  solves=True),
    common.roots_follow_through(LAMBDA),
    FollowThrough(("eigenvalues",), ("captured_variance", "captured_fraction"), _from_lambdas),
    FollowThrough(("eigenvectors",), ("scores", "reconstruction", "reconstruction_error"), _from_directions),
)


def not_unique(solution) -> list[str]:
    """components: k cutting through a repeated λ (uniqueness.py)."""
    answers = solution.answers
    if "scores" not in answers:
        return []
    line = cut_through(answers["eigenvalues"], len(answers["scores"]), field="components", symbol="λ",
                       accepted=["scores"], following=["reconstruction"], source="eigenvectors")
    return [line] if line else []
