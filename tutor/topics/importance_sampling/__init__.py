"""Topic importance-sampling: estimate E_p[f] from samples of a proposal q, exactly.

Fields (besides topic and title): ``support``, ``p``, ``q``, ``f``, ``samples``, ``draw``; or, for densities
on an interval, ``interval`` instead of ``support`` (continuous.py parses that form, recipe_continuous.py
solves it).
Answer keys: ``exact``, ``weights``, ``estimate``, ``self_normalised``, ``variance_is``,
``variance_mc`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import accumulate
from math import lcm

import sympy as sp

from tutor import fields
from tutor.errors import ParseError, ProblemError
from tutor.exact.parser import parse_map
from tutor.exact.tidy import tidy
from tutor.topics.importance_sampling import continuous, figures, recipe
from tutor.steps import Solution

NAME = "importance-sampling"
SUMMARY = "Importance sampling on a finite support or an interval: weights, estimates, variances"
FIELDS = ("topic", "title", "support", "interval", "p", "q", "f", "samples", "draw")
ANSWER_KEYS = {
    "exact": "E_p[f] = Σ f(x) p(x) (one value)",
    "weights": "w(xᵢ) = p(xᵢ)/q(xᵢ) for each sample (n values)",
    "estimate": "(1/n) Σ f(xᵢ) w(xᵢ) (one value)",
    "self_normalised": "Σ f(xᵢ) w(xᵢ) / Σ w(xᵢ) (one value)",
    "variance_is": "Var_q[f w] = Σ f² p²/q − E_p[f]², one draw (one value)",
    "variance_mc": "Var_p[f] = Σ f² p − E_p[f]², one plain Monte Carlo draw (one value)",
}
MAX_SUPPORT = 12
MAX_SAMPLES = 50
X = sp.Symbol("x")


@dataclass(frozen=True)
class Problem:
    title: str
    support: tuple[sp.Expr, ...]
    p: tuple[sp.Expr, ...]
    q: tuple[sp.Expr, ...]
    f: tuple[sp.Expr, ...]  # f(x) at each support point
    f_expr: sp.Expr | None  # f as an expression in x, when given as one
    f_text: str | None  # that expression as written
    samples: tuple[sp.Expr, ...]
    seed: int | None  # the seed the samples were drawn with, if drawn


def parse(raw: dict) -> Problem | continuous.ContinuousProblem:
    fields.reject_unknown(raw, FIELDS)
    if "interval" in raw:
        return continuous.parse(raw, "Importance sampling")
    support = _numbers(raw.get("support"), "support", distinct=True)
    p = _distribution(raw.get("p"), "p", len(support))
    q = _distribution(raw.get("q"), "q", len(support))
    for x, px, qx in zip(support, p, q):
        if qx == 0 and px != 0:
            raise ProblemError(f"at x = {x}, q(x) = 0 but p(x) = {px}: importance sampling needs q(x) > 0 "
                               "wherever p(x) > 0", field="q")
    f, f_expr, f_text = _function(raw.get("f"), support)
    if ("samples" in raw) == ("draw" in raw):
        raise ProblemError("give either samples (a list of support points) or draw: {n: N, seed: S}",
                           field="samples")
    if "samples" in raw:
        samples, seed = _samples(raw["samples"], support, q), None
    else:
        samples, seed = _draw(raw["draw"], support, q)
    title = fields.text(raw.get("title", "Importance sampling"), "title")
    return Problem(title, support, p, q, f, f_expr, f_text, samples, seed)


def _numbers(raw, name: str, *, distinct: bool = False, length: int | None = None) -> tuple[sp.Expr, ...]:
    if not isinstance(raw, list) or not raw:
        raise ProblemError(f"must be a list of 1 to {MAX_SUPPORT} exact numbers", field=name)
    if len(raw) > MAX_SUPPORT:
        raise ProblemError(f"at most {MAX_SUPPORT} support points, got {len(raw)}", field=name)
    if length is not None and len(raw) != length:
        raise ProblemError(f"needs one value per support point ({length}), got {len(raw)}", field=name)
    values = tuple(fields.number(v, f"{name}[{i}]") for i, v in enumerate(raw, start=1))
    if distinct and len(set(values)) != len(values):
        raise ProblemError("the support points must be distinct", field=name)
    return values


def _distribution(raw, name: str, size: int) -> tuple[sp.Expr, ...]:
    if raw is None:
        raise ProblemError("is missing: give one probability per support point", field=name)
    values = _numbers(raw, name, length=size)
    for i, v in enumerate(values, start=1):
        if not v.is_Rational or v < 0 or v > 1:
            raise ProblemError(f"a probability must be an exact rational between 0 and 1, got {v}",
                               field=f"{name}[{i}]")
    total = sum(values)
    if total != 1:
        raise ProblemError(f"the probabilities sum to {total}, not 1", field=name)
    return values


def _function(raw, support):
    if isinstance(raw, list):
        return _numbers(raw, "f", length=len(support)), None, None
    if not isinstance(raw, (str, int)):
        raise ProblemError('must be a list of values f(x), one per support point, or an expression in x '
                           'such as "x^2"', field="f")
    text = fields.text(str(raw), "f", max_length=100)
    try:
        expr = parse_map(text, {"x": X})
    except ParseError as err:
        raise ProblemError(err.message, field="f") from None
    values = []
    for x in support:
        value = tidy(expr.xreplace({X: x}))
        if value.has(sp.zoo, sp.nan, sp.oo, sp.I) or not value.is_real:
            raise ProblemError(f"f is not a real number at x = {x}", field="f")
        values.append(value)
    return tuple(values), expr, text


def _samples(raw, support, q) -> tuple[sp.Expr, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SAMPLES:
        raise ProblemError(f"must be a list of 1 to {MAX_SAMPLES} support points", field="samples")
    samples = tuple(fields.number(v, f"samples[{i}]") for i, v in enumerate(raw, start=1))
    for i, x in enumerate(samples, start=1):
        if x not in support:
            raise ProblemError(f"{x} is not a support point", field=f"samples[{i}]")
        if q[support.index(x)] == 0:
            raise ProblemError(f"{x} has q(x) = 0, so it cannot be a sample from q", field=f"samples[{i}]")
    return samples


def _draw(raw, support, q) -> tuple[tuple[sp.Expr, ...], int]:
    if not isinstance(raw, dict) or set(raw) - {"n", "seed"} or "n" not in raw:
        raise ProblemError("must be a mapping {n: N, seed: S}", field="draw")
    n = fields.integer(raw["n"], "draw.n", 1, MAX_SAMPLES)
    seed = fields.integer(raw.get("seed", 0), "draw.seed", 0, 10**9)
    return draw_samples(support, q, n, seed), seed


def draw_samples(support, q, n: int, seed: int) -> tuple:
    """n exact draws from q with a private generator for the recorded seed."""
    return pick(random.Random(f"tutor-importance-sampling:{seed}"), support, q, n)


def pick(rng: random.Random, support, q, n: int) -> tuple:
    """n draws from q: rng picks a whole number below the common denominator of q (no floating-point
    weights), so the same generator state gives the same samples on every machine. q may be written
    as SymPy rationals, ints or strings such as "1/4"."""
    units = [Fraction(str(v)) for v in q]
    scale = lcm(*(u.denominator for u in units))
    cumulative = list(accumulate(int(u * scale) for u in units))
    return tuple(support[bisect_right(cumulative, rng.randrange(scale))] for _ in range(n))


def solve(problem: Problem | continuous.ContinuousProblem) -> Solution:
    if isinstance(problem, continuous.ContinuousProblem):
        return _solve_continuous(problem)
    support, p, q, f = problem.support, problem.p, problem.q, problem.f
    weight_of = {x: tidy(px / qx) for x, px, qx in zip(support, p, q) if qx != 0}
    f_of = dict(zip(support, f))
    distributions = recipe.distributions_step(support, p, q, f)
    steps = [replace(distributions, figure=figures.distributions_bars(support, p, q))]
    if problem.seed is not None:
        steps.append(recipe.samples_step(problem.samples, problem.seed))
    exact = recipe.exact_step(support, p, f)
    weights = recipe.weights_step(problem.samples, weight_of, f_of, dict(zip(support, p)), dict(zip(support, q)))
    products = weights.data.products
    variance_is = recipe.variance_is_step(support, p, q, f, exact.result)
    steps += [exact, replace(weights, figure=figures.weights_bars(support, weight_of)), recipe.estimate_step(products)]
    if any(w != 0 for w in weights.result):  # every sample outside p's support leaves 0/0
        steps.append(recipe.self_normalised_step(products, weights.result))
    steps += [variance_is, recipe.variance_mc_step(p, f, exact.result, variance_is.result)]
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def _solve_continuous(problem: continuous.ContinuousProblem) -> Solution:
    from tutor.topics.importance_sampling import recipe_continuous as rc

    weight = rc.weight_function(problem)
    steps = [rc.densities_step(problem)]
    if problem.seed is not None:
        steps.append(rc.samples_step(problem))
    weights = rc.weights_step(problem, weight)
    steps += [rc.exact_step(problem, problem.mean),
              replace(weights, figure=figures.densities_plot(problem, weight)),
              recipe.estimate_step(weights.data.products)]
    if any(w != 0 for w in weights.result):  # every sample where p = 0 leaves 0/0
        steps.append(recipe.self_normalised_step(weights.data.products, weights.result))
    steps += rc.variance_steps(problem, weight, problem.mean)
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem | continuous.ContinuousProblem) -> dict:
    if isinstance(problem, continuous.ContinuousProblem):
        data = {"topic": NAME, "title": problem.title, "interval": [str(problem.low), str(problem.high)],
                "p": problem.texts[0], "q": problem.texts[1], "f": problem.texts[2]}
        if problem.seed is None:
            data["samples"] = [str(x) for x in problem.samples]
        else:
            data["draw"] = {"n": len(problem.samples), "seed": problem.seed}
        return data
    data = {"topic": NAME, "title": problem.title, "support": [str(x) for x in problem.support],
            "p": [str(v) for v in problem.p], "q": [str(v) for v in problem.q],
            "f": problem.f_text if problem.f_text is not None else [str(v) for v in problem.f]}
    if problem.seed is None:
        data["samples"] = [str(x) for x in problem.samples]
    else:
        data["draw"] = {"n": len(problem.samples), "seed": problem.seed}
    return data

