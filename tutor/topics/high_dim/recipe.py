"""Card "Data in high dimensions": the ball in the cube, the thin shell, and random directions."""

from __future__ import annotations

import math
from dataclasses import dataclass

import sympy as sp

from tutor.errors import UnsupportedProblem
from tutor.exact import surds
from tutor.exact.tidy import tidy
from tutor.steps import Check, Step, StepData

# Raw terms of the multinomial expansion of (1 − ε)^m for an irrational ε: (1 − √2/10)^200 has 201,
# (1 − √2/3 − √3/7 − √5/11)^200 has 1.4 million, which SymPy would expand for hours.
MAX_EXPANSION_TERMS = 2000


@dataclass(frozen=True)
class BallCubeData(StepData, kind="ball_cube"):
    rows: tuple[tuple[int, sp.Expr], ...]  # (dimension m, the ratio)


def ball_cube_step(dimensions) -> Step:
    ratios = tuple(tidy(sp.pi ** sp.Rational(m, 2) / (2**m * sp.gamma(sp.Rational(m, 2) + 1))) for m in dimensions)
    return Step(
        key="ball_cube_ratio",
        kind="ball_cube",
        title="The ball inside the cube",
        formula=r"\frac{\operatorname{Vol}(\mathcal S_m(r))}{\operatorname{Vol}(\mathcal H_m(2r))} = "
                r"\frac{\pi^{m/2}}{2^m\,\Gamma(m/2 + 1)}",
        result=ratios,
        data=BallCubeData(tuple(zip(dimensions, ratios))),
        checks=(_falls_check(dimensions, ratios),),
        note="The ratio tends to $0$ as $m \\to \\infty$: almost all the room of the cube is in its corners.",
    )


def _falls_check(dimensions, values) -> Check:
    """The ratio falls as m grows, with the values it compares (in order of m), not only asserted."""
    from tutor.rendering import decimal  # rendering imports the step records: import at use

    by_m = [v for _, v in sorted(zip(dimensions, values), key=lambda mv: mv[0])]
    chain = " > ".join(decimal(v) for v in by_m)
    return Check(rf"{chain} \ \text{{(the ratio falls as }} m \text{{ grows)}}", _falls(dimensions, values))


def _falls(dimensions, values) -> bool:
    ordered = [sp.N(v, 30) for _, v in sorted(set(zip(dimensions, values)), key=lambda pair: pair[0])]
    return all(a > b for a, b in zip(ordered, ordered[1:]))


def shell_fraction(epsilon: sp.Expr, m: int) -> sp.Expr:
    """1 − (1 − ε)^m, exactly.

    A rational ε gives a rational: cheap to compute however long (its digits are bounded where ε is
    read: 1/10^50 and m = 200 give about 10,000 digits, which the renderers show as a decimal). An
    irrational ε is expanded only when that is quick: in the surd arithmetic (surds.py, powers up to
    64), or by SymPy when the expansion has few terms."""
    fraction = 1 - (1 - epsilon) ** m
    if epsilon.is_Rational:
        return fraction
    terms = len(sp.Add.make_args(sp.expand(1 - epsilon)))
    if math.comb(m + terms - 1, terms - 1) > MAX_EXPANSION_TERMS and surds.from_expr(fraction) is None:
        raise UnsupportedProblem(f"(1 - ε)^{m} with this irrational ε has too many terms to expand exactly; "
                                 "give ε as a fraction or a decimal, or ask for smaller dimensions", field="shell")
    return tidy(fraction)


@dataclass(frozen=True)
class ShellData(StepData, kind="shell"):
    rows: tuple[tuple[int, sp.Expr], ...]  # (dimension m, the fraction in the shell)
    epsilon: sp.Expr


def shell_step(dimensions, epsilon) -> Step:
    fractions = tuple(shell_fraction(epsilon, m) for m in dimensions)
    return Step(
        key="shell_fraction",
        kind="shell",
        title="The volume in the outer shell",
        formula=r"\frac{\operatorname{Vol}(\mathcal S_m(r)) - \operatorname{Vol}(\mathcal S_m((1 - \varepsilon) r))}"
                r"{\operatorname{Vol}(\mathcal S_m(r))} = 1 - (1 - \varepsilon)^m",
        result=fractions,
        data=ShellData(tuple(zip(dimensions, fractions)), epsilon),
        note="The volume of a ball grows like $r^m$, so for large $m$ nearly all of it lies in a thin outer shell.",
    )


def _sine_power_integral(k: int, theta: sp.Expr) -> sp.Expr:
    """∫₀^θ sin^k t dt by the reduction formula I_k = −sin^(k−1)θ cos θ / k + (k − 1)/k · I_(k−2)."""
    if k == 0:
        return theta
    if k == 1:
        return 1 - sp.cos(theta)
    return -sp.sin(theta) ** (k - 1) * sp.cos(theta) / k + sp.Rational(k - 1, k) * _sine_power_integral(k - 2, theta)


@dataclass(frozen=True)
class CapData(StepData, kind="cap"):
    rows: tuple[tuple[int, sp.Expr], ...]  # (dimension m, the probability)
    theta: sp.Expr


def cap_step(dimensions, theta) -> Step:
    """P(angle to a fixed direction ≤ θ) for a uniform random unit vector in R^m."""
    probabilities = tuple(
        tidy(_sine_power_integral(m - 2, theta) / _sine_power_integral(m - 2, sp.pi)) for m in dimensions
    )
    return Step(
        key="cap_probability",
        kind="cap",
        title="A random direction near a fixed one",
        formula=r"P(\angle(\mathbf u, \mathbf e) \le \theta) = \frac{\int_0^\theta \sin^{m-2} t\,dt}{\int_0^\pi \sin^{m-2} t\,dt}",
        result=probabilities,
        data=CapData(tuple(zip(dimensions, probabilities)), theta),
        note="A random unit vector in high dimension almost never lands near one chosen direction: "
             "that is why random tries lose to the eigenvector, which the eigen-decomposition finds directly.",
    )
