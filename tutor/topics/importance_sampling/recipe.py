"""Importance sampling on a finite support: weights, the estimate, and its variance.

E_p[f] = Σ f(x) p(x) = Σ f(x) (p(x)/q(x)) q(x), so with samples x_i drawn from
q the average of f(x_i) w(x_i), w = p/q, estimates E_p[f]. Everything here is
exact: the distributions are rationals, the samples are given.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.tidy import sign_of, tidy
from tutor.steps import Check, Step, StepData


@dataclass(frozen=True)
class DistributionsData(StepData, kind="is_distributions"):
    brief_formula = "none"  # the checks line writes both sums out
    brief_note = False
    rows: tuple[tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (x, p(x), q(x), f(x))


def distributions_step(support, p, q, f) -> Step:
    return Step(
        key="distributions",
        kind="is_distributions",
        title="The target p, the proposal q and f on the support",
        formula=r"\sum_x p(x) = \sum_x q(x) = 1, \qquad q(x) = 0 \Rightarrow p(x) = 0",
        data=DistributionsData(tuple(zip(support, p, q, f))),
        checks=(  # each sum written out: the check with its arithmetic
            Check(r"\sum_x p(x) = " + _sum_tex(p) + " = 1", sum(p) == 1),
            Check(r"\sum_x q(x) = " + _sum_tex(q) + " = 1", sum(q) == 1),
            Check(r"q(x) > 0 \text{ wherever } p(x) > 0", all(b != 0 for a, b in zip(p, q) if a != 0)),
        ),
        note="The support condition is what makes the weights $w(x) = p(x)/q(x)$ defined wherever "
             "$p$ puts mass: a point that $q$ never draws could never be counted.",
    )


def _sum_tex(values) -> str:
    from tutor.rendering import row  # rendering imports the step records: import at use

    return row(values, " + ")


def _tex(value) -> str:
    from tutor.rendering import tex

    return tex(value)




@dataclass(frozen=True)
class ExactData(StepData, kind="is_exact"):
    brief_formula = "none"  # the brief line is E_p[f] = the sum written out
    brief_note = False
    terms: tuple[tuple[sp.Expr, sp.Expr], ...]  # (f(x), p(x)) where p(x) ≠ 0


def exact_step(support, p, f) -> Step:
    terms = tuple((fx, px) for fx, px in zip(f, p) if px != 0)
    value = tidy(sum(fx * px for fx, px in terms))
    return Step(
        key="exact",
        kind="is_exact",
        title="The exact expectation under p",
        formula=r"E_p[f] = \sum_x f(x)\,p(x)",
        result=value,
        data=ExactData(terms),
        note="On a finite support the integral is a sum, so the value the estimate aims at can be computed exactly.",
    )


@dataclass(frozen=True)
class WeightsData(StepData, kind="is_weights"):
    brief_formula = "inline"
    brief_note = False  # the brief line ends with it, shorter
    rows: tuple[tuple[int, sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (i, x_i, f(x_i), w(x_i), f·w)
    products: tuple[sp.Expr, ...]  # f(x_i) w(x_i)
    points: tuple[tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (x, p(x), q(x), w(x)) per point sampled


def weights_step(samples, weight_of, f_of, p_of, q_of) -> Step:
    weights = tuple(weight_of[x] for x in samples)
    points = tuple((x, p_of[x], q_of[x], weight_of[x]) for x in sorted(set(samples)))
    products = tuple(tidy(f_of[x] * weight_of[x]) for x in samples)
    return Step(
        key="weights",
        kind="is_weights",
        title="The importance weights of the samples",
        formula=r"w(x_i) = \frac{p(x_i)}{q(x_i)}, \qquad x_i \sim q",
        result=weights,
        data=WeightsData(tuple((i, x, f_of[x], weight_of[x], fw) for i, (x, fw) in enumerate(zip(samples, products), 1)),
                         products, points),
        note="A weight above 1 marks a point that q draws less often than p would; below 1, more often.",
    )


READABLE_OPS = 8  # operations in an exact value a student still writes out: (20/19)^{2/3}/3 has 4


def readable(value: sp.Expr) -> bool:
    """Whether a student writes this value exactly: a rational, or a short closed form such as
    ⅓ ln(20/19) or e^{1/2}/2. A sum of several logarithms and roots (the estimate from four drawn
    samples of an exponential proposal, 40 operations) is written by its decimal, as on a calculator."""
    return value.is_Rational or sp.count_ops(value) <= READABLE_OPS


@dataclass(frozen=True)
class EstimateData(StepData, kind="is_estimate"):
    brief_formula = "inline"
    n: int
    total: sp.Expr  # Σ f(x_i) w(x_i)
    products: tuple[sp.Expr, ...] = ()  # its terms f(x_i) w(x_i)
    readable: bool = True  # the total and the estimate written exactly (readable()); else by their decimals


def estimate_step(products) -> Step:
    n = len(products)
    total = tidy(sum(products))
    value = tidy(total / n)
    return Step(
        key="estimate",
        kind="is_estimate",
        title="The importance-sampling estimate",
        formula=r"E_p[f] \approx \frac{1}{n}\sum_{i=1}^{n} f(x_i)\,w(x_i)",
        result=value,
        data=EstimateData(n, total, tuple(products), readable(total) and readable(value)),
    )


@dataclass(frozen=True)
class SelfNormalisedData(StepData, kind="is_self_normalised"):
    brief_formula = "inline"
    brief_note = False  # the brief line ends with it, shorter
    numerator: sp.Expr  # Σ f(x_i) w(x_i)
    denominator: sp.Expr  # Σ w(x_i)
    weights: tuple[sp.Expr, ...] = ()  # the terms of the denominator, w(x_i)
    readable: bool = True  # both sums and their ratio written exactly (readable()); else by their decimals


def self_normalised_step(products, weights) -> Step:
    numerator, denominator = tidy(sum(products)), tidy(sum(weights))
    value = tidy(numerator / denominator)
    return Step(
        key="self_normalised",
        kind="is_self_normalised",
        title="The self-normalised estimate",
        formula=r"E_p[f] \approx \frac{\sum_{i} f(x_i)\,w(x_i)}{\sum_{i} w(x_i)}",
        result=value,
        data=SelfNormalisedData(numerator, denominator, tuple(weights),
                                all(readable(v) for v in (numerator, denominator, value))),
        note="Dividing by the sum of the weights instead of by $n$ needs $p$ and $q$ only up to their "
             "normalising constants; it is biased for small $n$ but often has a smaller error.",
    )


# The variance under q (importance sampling) and under p (plain Monte Carlo): one kind, one template.
@dataclass(frozen=True)
class VarianceData(StepData, kind="is_variance"):
    brief_formula = "none"  # the brief line is the formula with its numbers
    brief_note = False  # the brief line ends with it, shorter
    # No check "Var ≥ 0": the value the line ends with shows its sign (no check line that shows nothing new).
    second: sp.Expr  # the second moment
    mean: sp.Expr  # E_p[f]
    under: str  # "q" or "p": the distribution drawn from
    verdict: str = ""  # Var_p only: how the importance-sampling variance compares, in a sentence


def variance_is_step(support, p, q, f, exact) -> Step:
    second = tidy(sum(fx**2 * px**2 / qx for fx, px, qx in zip(f, p, q) if qx != 0))
    value = tidy(second - exact**2)
    return Step(
        key="variance_is",
        kind="is_variance",
        title="The variance of one importance-sampling draw",
        formula=r"\operatorname{Var}_q[f\,w] = \sum_{x:\,q(x)>0} \frac{f(x)^2\,p(x)^2}{q(x)} - E_p[f]^2",
        result=value,
        data=VarianceData(second, exact, "q"),
        note="The estimate from $n$ draws has variance $\\operatorname{Var}_q[f\\,w]/n$.",
    )


def variance_mc_step(p, f, exact, variance_is) -> Step:
    second = tidy(sum(fx**2 * px for fx, px in zip(f, p)))
    value = tidy(second - exact**2)
    better = sign_of(variance_is - value)
    verdict = {-1: "smaller than", 0: "equal to", 1: "larger than"}[better]
    return Step(
        key="variance_mc",
        kind="is_variance",
        title="Compared with plain Monte Carlo under p",
        formula=r"\operatorname{Var}_p[f] = \sum_x f(x)^2\,p(x) - E_p[f]^2",
        result=value,
        data=VarianceData(second, exact, "p", f"The importance-sampling variance ${_tex(variance_is)}$ is {verdict} "
                          f"the plain Monte Carlo variance ${_tex(value)}$: a proposal that draws more often where $|f|\\,p$ is large helps, one that "
                          "does the opposite hurts."),
    )


@dataclass(frozen=True)
class SamplesData(StepData, kind="is_samples"):
    brief_formula = "inline"
    brief_note = False  # the brief line names the seed
    samples: tuple[sp.Expr, ...]
    seed: int  # the seed they were drawn with


def samples_step(samples, seed) -> Step:
    return Step(
        key="samples",
        kind="is_samples",
        title="The samples drawn from q",
        formula=r"x_1, \dots, x_n \sim q",
        result=tuple(samples),
        data=SamplesData(tuple(samples), seed),
        note=f"Drawn with the recorded seed {seed}: the same seed draws the same samples on any machine.",
    )
