"""Checking answers to kernel-pca problems: how answers compare, the named mistakes and follow-through."""

from __future__ import annotations

import sympy as sp

from tutor.exact.eigen import ETA
from tutor.exact.tidy import numeric, sign_of, tidy
from tutor.topics.kernel_pca import Problem, solve
from tutor.checking import common, rules
from tutor.checking.uniqueness import cut_through
from tutor.checking.compare import combine, match_number
from tutor.checking.variants import FollowThrough, Mistake, matrix


EIGEN_KEYS = ("char_poly", "eigenvalues", "eigenvectors", "variances", "variance_fractions",
              "coefficients", "coordinates", "alphas")


def _etas(answers):
    return answers["eigenvalues"]


def _centred_new_rows(problem, answers):
    """k̃(x) of each new point, centred with the training means, as the recipe does."""
    rows = []
    for x in problem.new_points:
        k = [problem.kernel.value(p, x) for p in problem.points]
        mean_k = sum(k) / len(k)
        rows.append(tuple(tidy(ki - mean_k - r + answers["grand_mean"]) for ki, r in zip(k, answers["row_means"])))
    return rows


def _project(problem, answers, coefficients):
    """y = cᵀk̃(x): one row per new point, one column per coefficient vector."""
    return tuple(tuple(tidy(sum(ci * kt for ci, kt in zip(c, row))) for c in coefficients)
                 for row in _centred_new_rows(problem, answers))


def _own_coefficients(ctx):
    """The student's own credited coefficients, or c = v/√η from their credited eigenvectors
    (η = vᵀK̂v, the eigenvalue each unit vector belongs to), or None."""
    if "coefficients" in ctx.correct and "coefficients" in ctx.given:
        return ctx.given["coefficients"].value
    if "eigenvectors" in ctx.correct and "eigenvectors" in ctx.given:
        Khat = matrix(ctx.answers["centred_kernel"])
        kept = len(ctx.answers["coefficients"])
        pairs = [(tidy((sp.Matrix(v).T * Khat * sp.Matrix(v))[0]), v) for v in ctx.given["eigenvectors"].value]
        pairs = sorted((p for p in pairs if sign_of(p[0]) > 0), key=lambda p: -numeric(p[0]))[:kept]
        return _scaled([v for _, v in pairs], [eta for eta, _ in pairs], -1)
    return None


def _column_match(column, wanted, sign, decimal, tol):
    """EXACT/DECIMAL when ``column`` is sign times the ``wanted`` column, else None."""
    return combine(match_number(a, decimal, sign * b, tol) for a, b in zip(column, wanted))


class NewCoordinates(rules.SignedColumns):
    """Each column up to sign, or, once the student's coefficients (or eigenvectors) are credited,
    exactly the projections cᵀk̃ on their own vectors: a rotated basis of a repeated eigenspace
    gives other coordinates, and a column's sign must follow its c."""

    def compare(self, given, expected, tol, ctx):
        own = _own_coefficients(ctx) if ctx.problem.new_points else None
        if own is None or len(own) != len(expected[0]):
            return super().compare(given, expected, tol, ctx)
        want = rules.nested(_project(ctx.problem, ctx.answers, own))
        got, want = rules._transpose(given.value), rules._transpose(want)
        matches, flipped, wrong = [], [], []
        for j, (g, w) in enumerate(zip(got, want)):  # column j belongs to the student's c_j
            if match := _column_match(g, w, 1, given.decimal, tol):
                matches.append(match)
            elif _column_match(g, w, -1, given.decimal, tol):
                flipped.append(j + 1)
            else:
                wrong.append(j + 1)
        if wrong:
            return rules.Judgement(None, f"component {', '.join(map(str, wrong))} wrong (compared with cᵀk̃ "
                                         "for your own coefficients)")
        if flipped:
            return rules.Judgement(None, f"component {', '.join(map(str, flipped))} has the opposite sign to your "
                                         "coefficients: y = cᵀk̃ keeps the sign of c")
        match = combine(matches)
        return rules.Judgement(match, f"all right for your own coefficients{rules.decimal_note(match, tol)}")


def _every(power):
    """This key's vector v·η^(power/2) for every eigenpair (None where η ≤ 0): rules.Basis's ``whole``."""
    def whole(problem, answers):
        return tuple(tuple(tidy(x * sp.sqrt(eta) ** power) for x in v) if sign_of(eta) > 0 else None
                     for v, eta in zip(answers["eigenvectors"], answers["eigenvalues"]))
    return whole


RULES = {
    "char_poly": rules.Polynomial(ETA, "η", "K̂"),
    "eigenvalues": rules.AnyOrder(),
    "variances": rules.AnyOrder(),
    "variance_fractions": rules.AnyOrder(),
    "eigenvectors": rules.Basis(_etas, unit=True, noun="eigenvector", not_normalised=(
        "eigenvectors_not_normalised",
        "The eigenvectors point the right way but are not unit vectors: divide each by its length, v = w/‖w‖.")),
    "coefficients": rules.Basis(_etas, noun="coefficient vector", consistent_with="eigenvectors",
                                sign_rule="c = v/√η keeps the sign of v", whole=_every(-1)),
    "coordinates": rules.Basis(_etas, noun="coordinate vector", consistent_with="eigenvectors",
                               sign_rule="a = √η v keeps the sign of v", whole=_every(1)),
    "alphas": rules.Basis(_etas, noun="α vector", consistent_with="eigenvectors",
                          sign_rule="α = v/√η keeps the sign of v", whole=_every(-1)),
    "new_coordinates": NewCoordinates(),
}


def _restart(problem: Problem, **start) -> dict:
    """The answers of the recipe started again from a given K or K̂."""
    return solve(Problem(problem.title, components=problem.components, normalisation=problem.normalisation,
                         **start)).answers


def _from_kernel(problem: Problem, K) -> dict:
    answers = common.centring_answers(K)
    if all(x.is_Rational for x in K):  # exact and quick; other variants stop at K̂
        answers.update(_restart(problem, kernel_matrix=K))
    return answers


def _scaled(vectors, etas, power):
    return tuple(tuple(tidy(x * sp.sqrt(eta) ** power) for x in v) for v, eta in zip(vectors, etas))


def _confusion(name, sentence, key, power):
    """Coordinates or coefficients written as v·η^(power/2) instead of the right scaling."""
    def variant(problem, solution):
        kept = len(solution.answers[key])
        return {key: _scaled(solution.answers["eigenvectors"][:kept], solution.answers["eigenvalues"], power)}
    return Mistake(name, sentence, (key,), variant)


def _alpha_mistake(name, sentence, divisors):
    """α (only with normalisation: alpha) as v/√d for the wrong d (``divisors`` of the answers; None: v itself)."""
    def variant(problem, solution):
        answers = solution.answers
        if "alphas" not in answers:
            return {}
        vectors = answers["eigenvectors"][:len(answers["alphas"])]
        scales = divisors(answers)
        return {"alphas": tuple(vectors) if scales is None else _scaled(vectors, scales, -1)}
    return Mistake(name, sentence, ("alphas",), variant)


def _not_centred(problem, solution):
    K = solution.answers["kernel"]
    return {"centred_kernel": K, **_restart(problem, centred_kernel_matrix=K)}


def _variances_over(divisor):
    return lambda problem, solution: {"variances": tuple(tidy(v / divisor(problem.n))
                                                         for v in solution.answers["eigenvalues"])}


MISTAKES = (
    *common.kernel_mistakes(_from_kernel, common.CENTRED + EIGEN_KEYS),
    *common.centring_mistakes(),
    Mistake("not_centred", "The kernel matrix was not centred: kernel PCA works with "
            "K̂ = K − r̄ᵢ − r̄ⱼ + ḡ, whose rows sum to 0, not with K.", ("centred_kernel",) + EIGEN_KEYS, _not_centred),
    Mistake("variances_are_eta", "These are the eigenvalues η of K̂: the variances are λ = η/n.",
            ("variances",), _variances_over(lambda n: 1)),
    Mistake("variances_over_n_minus_1", "Kernel PCA's variances divide by n, λ = η/n, not by n − 1.",
            ("variances",), _variances_over(lambda n: n - 1)),
    _confusion("coordinates_are_v", "These are the unit eigenvectors v: the coordinates are a = √η v.",
               "coordinates", 0),
    _confusion("coordinates_are_c", "These are the coefficients c = v/√η: the coordinates are a = K̂c = √η v.",
               "coordinates", -1),
    _confusion("coordinates_are_eta_v", "This is ηv = K̂v: the coordinates are a = K̂c with c = v/√η, "
               "which is √η v.", "coordinates", 2),
    _confusion("coefficients_are_a", "These are the coordinates a = √η v: the coefficients are c = v/√η.",
               "coefficients", 1),
    _confusion("coefficients_are_v", "These are the unit eigenvectors v: the coefficients are c = v/√η.",
               "coefficients", 0),
    _alpha_mistake("alphas_are_v", "These are the unit eigenvectors of K̂: the post rescales them by √(1/η), "
                   "so that η⟨α, α⟩ = 1.", lambda answers: None),
    _alpha_mistake("alphas_over_variance", "These are v/√λ with the variance λ = η/n: the condition "
                   "⟨v, v⟩ = αᵀK̂α = 1 uses the eigenvalue η of K̂ itself, so α = v/√η.",
                   lambda answers: answers["variances"]),
)


def _from_eigenvalues(problem, expected, values):
    etas = values["eigenvalues"]
    total = sum(etas)
    return {"variances": tuple(tidy(e / len(etas)) for e in etas),
            "variance_fractions": tuple(tidy(e / total) for e in etas)}


def _from_pairs(problem, expected, values):
    """c = v/√η and a = √η v from the student's own eigenpairs (largest η first, positive only)."""
    etas = values.get("eigenvalues", expected["eigenvalues"])
    pairs = sorted(zip(etas, values["eigenvectors"]), key=lambda p: -numeric(p[0]))
    kept = [(eta, v) for eta, v in pairs if sign_of(eta) > 0][: len(expected["coordinates"])]
    etas, vectors = [eta for eta, _ in kept], [v for _, v in kept]
    coefficients = _scaled(vectors, etas, -1)
    new = {"new_coordinates": _project(problem, expected, coefficients)} if problem.new_points else {}
    alphas = {"alphas": coefficients} if "alphas" in expected else {}  # α = v/√η is c
    return {"eigenvalues": tuple(etas), "coefficients": coefficients, "coordinates": _scaled(vectors, etas, 1),
            **alphas, **new}


FOLLOW_THROUGH = (
    *common.centring_follow_through(lambda problem, K: _restart(problem, kernel_matrix=K), EIGEN_KEYS),
    FollowThrough(("centred_kernel",), EIGEN_KEYS,
                  lambda problem, expected, values: _restart(problem, centred_kernel_matrix=matrix(values["centred_kernel"])),
                  solves=True),
    common.roots_follow_through(ETA),
    FollowThrough(("eigenvalues",), ("variances", "variance_fractions"), _from_eigenvalues),
    FollowThrough(("eigenvalues", "eigenvectors"), ("coefficients", "coordinates", "alphas", "new_coordinates"),
                  _from_pairs),
    FollowThrough(("eigenvectors",), ("coefficients", "coordinates", "alphas", "new_coordinates"), _from_pairs),
    FollowThrough(("coefficients",), ("new_coordinates",), lambda problem, expected, values: {
        "new_coordinates": _project(problem, expected, values["coefficients"])} if problem.new_points else {}),
)


def not_unique(solution) -> list[str]:
    """components: k cutting through a repeated η (uniqueness.py)."""
    answers = solution.answers
    line = cut_through(answers["eigenvalues"], len(answers["coordinates"]), field="components", symbol="η",
                       accepted=[k for k in ("coefficients", "coordinates", "alphas") if k in answers],
                       following=["new_coordinates"] if "new_coordinates" in answers else [],
                       source="coefficients or eigenvectors")
    return [line] if line else []
