"""Importance sampling with densities on an interval: the steps (the sums of recipe.py as integrals).

E_p[f] = ∫ f p dx = ∫ f (p/q) q dx, so with x_i drawn from q the average of f(x_i) w(x_i), w = p/q,
estimates E_p[f]. Var_q[f w] = ∫ f² p²/q dx − E_p[f]² may be infinite although E_p[f] is finite:
a proposal with lighter tails than p makes w grow without bound; that is said, not refused.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.tidy import sign_of, tidy
from tutor.steps import Check, Step, StepData
from tutor.topics.importance_sampling import recipe
from tutor.topics.importance_sampling.continuous import X, at, integral, inverse_formula, simpler


def _tex(value) -> str:
    from tutor.rendering import tex  # rendering imports the step records: import at use

    return tex(value)


def _bounds(problem) -> str:
    return rf"\int_{{{_tex(problem.low)}}}^{{{_tex(problem.high)}}}"


@dataclass(frozen=True)
class DensitiesData(StepData, kind="isc_densities"):
    brief_formula = "none"  # the brief line states the densities and their integrals
    worked_checks = True  # ... and every check, so the brief level leaves out the "Checks:" line
    brief_note = False  # the brief line ends with the support condition the note explains
    low: sp.Expr
    high: sp.Expr  # may be oo
    p: sp.Expr
    q: sp.Expr
    f: sp.Expr


def densities_step(problem) -> Step:
    b = _bounds(problem)
    return Step(
        key="densities",
        kind="isc_densities",
        title="The target p, the proposal q and f on the interval",
        formula=r"\int p(x)\,dx = \int q(x)\,dx = 1, \qquad q(x) = 0 \Rightarrow p(x) = 0",
        data=DensitiesData(problem.low, problem.high, problem.p, problem.q, problem.f),
        checks=(
            Check(b + r" p(x)\,dx = " + _tex(problem.totals[0]), problem.totals[0] == 1),
            Check(b + r" q(x)\,dx = " + _tex(problem.totals[1]), problem.totals[1] == 1),
            Check(r"p(x) \ge 0,\ q(x) \ge 0 \text{ on the interval}", True),  # parse refused anything else
            Check(r"q(x) > 0 \text{ wherever } p(x) > 0", True),
        ),
        note="The support condition makes the weight $w(x) = p(x)/q(x)$ defined wherever $p$ puts mass: "
             "a region that $q$ never draws from could never be counted.",
    )


@dataclass(frozen=True)
class InverseCdfData(StepData, kind="isc_samples"):
    brief_formula = "none"
    brief_note = False  # the brief line names the seed
    cdf: sp.Expr  # Q(x) = ∫_a^x q
    uniforms: tuple[sp.Expr, ...]
    samples: tuple[sp.Expr, ...]
    seed: int
    inverse: sp.Expr | None = None  # x = Q^{-1}(u) as a formula in u (−ln(1 − u)/3), when SymPy finds one


def samples_step(problem) -> Step:
    return Step(
        key="samples",
        kind="isc_samples",
        title="The samples drawn from q, by its inverse CDF",
        formula=r"Q(x) = \int_{" + _tex(problem.low) + r"}^{x} q(t)\,dt, \qquad x_i = Q^{-1}(u_i),\ u_i \sim U(0, 1)",
        result=tuple(problem.samples),
        data=InverseCdfData(problem.cdf, problem.uniforms, problem.samples, problem.seed,
                            inverse_formula(problem.cdf, problem.uniforms, problem.samples)),
        note=f"The numbers $u_i$ are drawn with the recorded seed {problem.seed}, as hundredths: the same seed "
             "draws the same samples on any machine, and each $x_i$ is exact.",
    )


@dataclass(frozen=True)
class IntegralData(StepData, kind="isc_exact"):
    brief_formula = "none"
    brief_note = False
    integrand: sp.Expr  # f(x) p(x), simplified
    low: sp.Expr
    high: sp.Expr


def exact_step(problem, value) -> Step:
    return Step(
        key="exact",
        kind="isc_exact",
        title="The exact expectation under p",
        formula=r"E_p[f] = \int f(x)\,p(x)\,dx",
        result=value,
        data=IntegralData(simpler(problem.f * problem.p), problem.low, problem.high),
        note="The value the estimate aims at, found exactly.",
    )


@dataclass(frozen=True)
class ContinuousWeightsData(StepData, kind="isc_weights"):
    brief_formula = "inline"
    brief_note = False
    weight: sp.Expr  # w(x) = p(x)/q(x), simplified
    # the same shapes as recipe.WeightsData (checking.py reads them for either form):
    rows: tuple[tuple[int, sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (i, x_i, f(x_i), w(x_i), f·w)
    products: tuple[sp.Expr, ...]
    points: tuple[tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (x, p(x), q(x), w(x)) per point sampled
    # w(x_i) per sample as a student writes it from w(x) and the sample, (20/19)^{2/3}/3 for e^{2x}/3 at
    # ln(20/19)/3 (the value of rows' w(x_i), which SymPy writes 2∛950/57)
    written: tuple[sp.Expr, ...] = ()
    at_sample: sp.Expr | None = None  # w(x) with x written x_i (e^{2x_i}/3): the line a student writes first
    # whether the products f(x_i) w(x_i) are written exactly: each short (recipe.readable) and its weight not
    # rewritten into written (ln(20/19)/3 · (20/19)^{2/3}/3 is a product a student takes on a calculator)
    readable: bool = True


def written_weight(weight: sp.Expr, x: sp.Expr, value: sp.Expr) -> sp.Expr:
    """w at the sample x, in the form that follows from w(x) and x: at x = ln(r)/λ, a weight c·e^{kx}
    is c·r^{k/λ}, kept as that power (SymPy would rationalise it to 2∛950/57). Any other weight or sample:
    ``value``, the weight as SymPy writes it."""
    logs = [a for a in x.atoms(sp.log) if a.args[0].is_Rational and a.args[0] > 0]
    if len(logs) != 1 or value.is_Rational:
        return value
    r, d = logs[0].args[0], sp.Dummy("r", positive=True)
    form = sp.powsimp(weight.subs(X, x.xreplace({logs[0]: sp.log(d)})))
    coefficient, power = form.as_independent(d, as_Add=False)
    if not (power.is_Pow and power.base == d and power.exp.is_Rational and not power.exp.is_Integer) \
            or coefficient.has(d) or not coefficient.is_number:
        return value
    written = sp.Pow(r, power.exp, evaluate=False)
    written = written if coefficient == 1 else sp.Mul(coefficient, written, evaluate=False)
    return written if is_zero_difference(written, value) else value


def is_zero_difference(a: sp.Expr, b: sp.Expr) -> bool:
    return abs(sp.N(a - b, 30)) < sp.Float("1e-20")


def weight_function(problem) -> sp.Expr:
    return simpler(problem.p / problem.q)


def weights_step(problem, weight) -> Step:
    samples = problem.samples
    w_of = {x: at(weight, x) for x in set(samples)}
    products = tuple(tidy(at(problem.f, x) * w_of[x]) for x in samples)
    rows = tuple((i, x, at(problem.f, x), w_of[x], fw) for i, (x, fw) in enumerate(zip(samples, products), 1))
    points = tuple((x, at(problem.p, x), at(problem.q, x), w_of[x]) for x in sorted(set(samples), key=sp.N))
    written = tuple(written_weight(weight, x, w_of[x]) for x in samples)
    return Step(
        key="weights",
        kind="isc_weights",
        title="The weight function and the weights of the samples",
        formula=r"w(x) = \frac{p(x)}{q(x)}, \qquad x_i \sim q",
        result=tuple(row[3] for row in rows),
        data=ContinuousWeightsData(weight, rows, products, points,
                                   written=written,
                                   at_sample=weight.subs(X, sp.Symbol("x_i", real=True)),
                                   readable=all(recipe.readable(fw) and form == row[3]
                                                for fw, form, row in zip(products, written, rows))),
        note="Where $w > 1$, $q$ draws less often than $p$ would; where $w < 1$, more often.",
    )


@dataclass(frozen=True)
class DivergentData(StepData, kind="isc_divergent"):
    brief_formula = "none"  # the brief line is the formula = ∞; the note, at both levels, says which
    # integral diverges and why that matters
    under: str  # "q" or "p"
    integrand: sp.Expr  # the second moment's integrand, which has no finite integral


def variance_steps(problem, weight, mean) -> list[Step]:
    """Var_q[f w] and Var_p[f]: is_variance steps when finite, else a step that says the variance is infinite
    (keyed apart, so that it is no answer key: there is no finite value to give)."""
    b = _bounds(problem)
    cases = (
        ("q", "variance_is", "The variance of one importance-sampling draw",
         rf"\operatorname{{Var}}_q[f\,w] = {b} \frac{{f(x)^2\,p(x)^2}}{{q(x)}}\,dx - E_p[f]^2",
         simpler(problem.f**2 * weight * problem.p)),
        ("p", "variance_mc", "Compared with plain Monte Carlo under p",
         rf"\operatorname{{Var}}_p[f] = {b} f(x)^2\,p(x)\,dx - E_p[f]^2",
         simpler(problem.f**2 * problem.p)),
    )
    seconds = {u: integral(g, problem.low, problem.high, f"the second moment under {u}", "q" if u == "q" else "f")
               for u, _, _, _, g in cases}
    values = {u: (sp.oo if s is sp.oo else tidy(s - mean**2)) for u, s in seconds.items()}
    steps = []
    for under, key, title, formula, integrand in cases:
        if seconds[under] is sp.nan:
            seconds[under] = sp.oo  # a second moment is an integral of a non-negative function: nan is +∞
            values[under] = sp.oo
        if values[under] is sp.oo:
            tail = " " + _verdict(values) if under == "p" and values["q"] is not sp.oo else ""
            steps.append(_divergent(under, key, title, formula, integrand, tail))
            continue
        verdict = _verdict(values) if under == "p" else ""
        steps.append(Step(
            key=key, kind="is_variance", title=title, formula=formula, result=values[under],
            data=recipe.VarianceData(seconds[under], mean, under, verdict),
            note="The estimate from $n$ draws has variance $\\operatorname{Var}_q[f\\,w]/n$." if under == "q" else "",
        ))
    return steps


def _divergent(under, key, title, formula, integrand, tail="") -> Step:
    why = ("the weights $w = p/q$ grow too fast where $q$ has lighter tails than $p$: a few rare draws with "
           "huge weights dominate the estimate, which is unbiased but may converge very slowly")
    if under == "p":
        why = "$f^2 p$ has no finite integral, so plain Monte Carlo has no finite variance either"
    return Step(
        key=f"{key}_infinite", kind="isc_divergent", title=title, formula=formula,
        data=DivergentData(under, integrand),
        note=f"The integral of ${_tex(integrand)}$ diverges, so this variance is infinite: {why}.{tail}",
    )


def _verdict(values) -> str:
    vq, vp = values["q"], values["p"]
    if vq is sp.oo and vp is sp.oo:
        return "Both variances are infinite."
    if vq is sp.oo:
        return (f"The importance-sampling variance is infinite, against the plain Monte Carlo variance "
                f"${_tex(vp)}$: this proposal is worse than sampling from $p$ itself.")
    if vp is sp.oo:
        return (f"The importance-sampling variance ${_tex(vq)}$ is finite where plain Monte Carlo's is "
                "infinite: this proposal tames the tail.")
    verdict = {-1: "smaller than", 0: "equal to", 1: "larger than"}[sign_of(vq - vp)]
    return (f"The importance-sampling variance ${_tex(vq)}$ is {verdict} the plain Monte Carlo variance "
            f"${_tex(vp)}$: a proposal that draws more often where $|f|\\,p$ is large helps, one that does the "
            "opposite hurts.")
