"""Checking answers to importance-sampling problems: the named mistakes."""

from __future__ import annotations

from tutor.exact.tidy import tidy
from tutor.checking.variants import Mistake


def _inverted_weights(problem, solution):
    # From the weights step's points (x, p(x), q(x), w(x)): the same for a finite support and an interval.
    ratio = {x: qx / px for x, px, qx, _ in solution.step("weights").data.points if px != 0}
    if any(x not in ratio for x in problem.samples):
        return {}
    return {"weights": tuple(tidy(ratio[x]) for x in problem.samples)}


def _no_average(problem, solution):
    return {"estimate": tidy(sum(solution.step("weights").data.products))}


def _no_mean_square(problem, solution):
    # On an interval a variance may be infinite: its step then has another key, and no answer.
    return {s.key: s.data.second for s in solution.steps if s.key in ("variance_is", "variance_mc")}


def _mc_average(problem, solution):
    rows = solution.step("weights").data.rows  # (i, x_i, f(x_i), w(x_i), f·w)
    return {"estimate": tidy(sum(row[2] for row in rows) / len(rows))}


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
