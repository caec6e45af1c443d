"""Checking answers to importance-sampling problems: the named mistakes."""

from __future__ import annotations

from tutor.exact.tidy import tidy
from tutor.checking.variants import Mistake


def _inverted_weights(problem, solution):
    ratio = {x: qx / px for x, px, qx in zip(problem.support, problem.p, problem.q) if px != 0 and qx != 0}
    if any(x not in ratio for x in problem.samples):
        return {}
    return {"weights": tuple(tidy(ratio[x]) for x in problem.samples)}


def _no_average(problem, solution):
    return {"estimate": tidy(sum(solution.step("weights").data.products))}


def _no_mean_square(problem, solution):
    return {"variance_is": solution.step("variance_is").data.second,
            "variance_mc": solution.step("variance_mc").data.second}


def _mc_average(problem, solution):
    f_of = dict(zip(problem.support, problem.f))
    return {"estimate": tidy(sum(f_of[x] for x in problem.samples) / len(problem.samples))}


MISTAKES = (
    Mistake("weights_inverted", "The weights are the other way up: w(x) = p(x)/q(x), target over proposal.",
            ("weights",), _inverted_weights),
    Mistake("sum_not_average", "This is the sum Σ f(xᵢ)w(xᵢ): divide it by the number of samples n.",
            ("estimate",), _no_average),
    Mistake("unweighted_average", "This is the plain average of f(xᵢ): samples from q must be weighted by "
            "w(xᵢ) = p(xᵢ)/q(xᵢ) to estimate E_p[f].", ("estimate",), _mc_average),
    Mistake("second_moment_not_variance", "This is the second moment: subtract E_p[f]² to get the variance.",
            ("variance_is", "variance_mc"), _no_mean_square),
)
