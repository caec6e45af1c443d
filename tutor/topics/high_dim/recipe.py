"""Card "Data in high dimensions": the ball in the cube, the thin shell, and random directions."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from tutor.errors import UnsupportedProblem
from tutor.exact import surds
from tutor.exact.tidy import tidy
from tutor.steps import Check, Step, StepData

# Raw terms of the multinomial expansion of (1 − ε)^m for an irrational ε: (1 − √2/10)^200 has 201,
# (1 − √2/3 − √3/7 − √5/11)^200 has 1.4 million, which SymPy would expand for hours.
MAX_EXPANSION_TERMS = 2000


# An exact value with an integer longer than this is written in the card's own form in a table cell
# (π⁵⁰/(2¹⁰⁰·50!), 1 − (19/20)¹⁰⁰), not as a 96-digit fraction: a lecturer writes it so, and it fits.
LONG_DIGITS = 12


def _long(value: sp.Expr) -> bool:
    return any(max(abs(r.p), r.q) >= 10**LONG_DIGITS for r in value.atoms(sp.Rational))  # no str(): 10,000 digits


def ball_cube_tex(m: int, ratio: sp.Expr) -> str:
    r"""The ratio as a table shows it (and the final answers, parts.shown): simplified while short, else
    π^(m/2)/(2^m (m/2)!) (m even) or π^k/(2^k m!!) (m = 2k + 1), the same value with Γ(m/2 + 1) written out.

    >>> ball_cube_tex(2, sp.pi / 4), ball_cube_tex(100, sp.pi**50 / (2**100 * sp.factorial(50)))
    ('\\frac{\\pi}{4}', '\\frac{\\pi^{50}}{2^{100}\\, 50!}')
    """
    from tutor.rendering import tex  # rendering imports the step records: import at use

    if not _long(ratio):
        return tex(ratio)
    if m % 2 == 0:
        return rf"\frac{{\pi^{{{m // 2}}}}}{{2^{{{m}}}\, {m // 2}!}}"
    k = (m - 1) // 2
    return rf"\frac{{\pi^{{{k}}}}}{{2^{{{k}}} \cdot {m}!!}}"


def gamma_tex(m: int) -> str:
    r"""Γ(m/2 + 1) as a student works it out: (m/2)! for even m, m!!/2^((m+1)/2) · √π for odd m (from
    Γ(1/2) = √π and Γ(x + 1) = xΓ(x)), with its value while short.

    >>> gamma_tex(10), gamma_tex(3)
    ('5! = 120', '\\frac{3!!}{2^{2}} \\sqrt{\\pi} = \\frac{3 \\sqrt{\\pi}}{4}')
    """
    from tutor.rendering import tex

    value = sp.gamma(sp.Rational(m, 2) + 1)
    if m % 2 == 0:
        form = f"{m // 2}!"
    else:
        power = "2" if m == 1 else f"2^{{{(m + 1) // 2}}}"
        form = rf"\frac{{{m}!!}}{{{power}}} \sqrt{{\pi}}"
    return form if _long(value) else f"{form} = {tex(value)}"


@dataclass(frozen=True)
class BallCubeData(StepData, kind="ball_cube"):
    rows: tuple[tuple[int, sp.Expr], ...]  # (dimension m, the ratio)
    shown: tuple[str, ...]  # each ratio's LaTeX as the table writes it (ball_cube_tex)
    gammas: tuple[str, ...] = ()  # each Γ(m/2 + 1) as worked out by hand (gamma_tex)


def ball_cube_ratio(m: int) -> sp.Expr:
    """Vol(ball of radius r)/Vol(cube of side 2r) in R^m: π^(m/2)/(2^m Γ(m/2 + 1)), exactly."""
    return tidy(sp.pi ** sp.Rational(m, 2) / (2**m * sp.gamma(sp.Rational(m, 2) + 1)))


def ball_cube_step(dimensions) -> Step:
    ratios = tuple(ball_cube_ratio(m) for m in dimensions)
    return Step(
        key="ball_cube_ratio",
        kind="ball_cube",
        title="The ball inside the cube",
        formula=r"\frac{\operatorname{Vol}(\mathcal S_m(r))}{\operatorname{Vol}(\mathcal H_m(2r))} = "
                r"\frac{\pi^{m/2}}{2^m\,\Gamma(m/2 + 1)}",
        result=ratios,
        data=BallCubeData(tuple(zip(dimensions, ratios)), tuple(ball_cube_tex(m, r) for m, r in zip(dimensions, ratios)),
                          tuple(gamma_tex(m) for m in dimensions)),
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
    brief_formula = "none"  # the brief lead-in writes the formula on one line, without stacked fractions
    rows: tuple[tuple[int, sp.Expr], ...]  # (dimension m, the fraction in the shell)
    epsilon: sp.Expr
    shown: tuple[str, ...]  # each fraction's LaTeX as the table writes it: 1 − (1 − ε)^m when long
    epsilon_tex: str  # ε as the problem and the table's lead-in write it: 10^{-50}, not 51 digits


def epsilon_tex(epsilon: sp.Expr) -> str:
    r"""ε in LaTeX, a long decimal fraction as a power of ten.

    >>> epsilon_tex(sp.Rational(1, 10**50)), epsilon_tex(sp.Rational(3, 10**20)), epsilon_tex(sp.Rational(1, 20))
    ('10^{-50}', '3 \\cdot 10^{-20}', '\\frac{1}{20}')
    """
    from tutor.rendering import tex

    if epsilon.is_Rational and _long(epsilon):
        k = len(str(epsilon.q)) - 1  # ε's digits are bounded where it is read (MAX_DIGITS)
        if epsilon.q == 10**k and abs(epsilon.p) < 10**LONG_DIGITS:
            return f"10^{{-{k}}}" if epsilon.p == 1 else rf"{epsilon.p} \cdot 10^{{-{k}}}"
    return tex(epsilon)


def shell_tex(epsilon: sp.Expr, m: int, fraction: sp.Expr) -> str:
    r"""The fraction as a table shows it (and the final answers): exact while short, else 1 − (1 − ε)^m
    with ε's value (a long 1 − ε as 1 − 10⁻⁵⁰), or with ε by name when that too is long (the table's
    lead-in gives it): m = 10 at ε = 1/20 is 1 − (19/20)¹⁰, not 4108933742199/10240000000000.

    >>> shell_tex(sp.Rational(1, 20), 100, 1 - sp.Rational(19, 20)**100)
    '1 - \\left(\\frac{19}{20}\\right)^{100}'
    """
    from tutor.rendering import base, tex

    if not _long(fraction) and len(tex(fraction)) <= 40:
        return tex(fraction)
    if _long(1 - epsilon) or len(base(1 - epsilon)) > 40:
        short = epsilon_tex(epsilon)
        return rf"1 - \left(1 - {short}\right)^{{{m}}}" if len(short) <= 30 else rf"1 - (1 - \varepsilon)^{{{m}}}"
    return rf"1 - {base(1 - epsilon)}^{{{m}}}"


def shell_step(dimensions, epsilon) -> Step:
    fractions = tuple(shell_fraction(epsilon, m) for m in dimensions)
    return Step(
        key="shell_fraction",
        kind="shell",
        title="The volume in the outer shell",
        formula=r"\frac{\operatorname{Vol}(\mathcal S_m(r)) - \operatorname{Vol}(\mathcal S_m((1 - \varepsilon) r))}"
                r"{\operatorname{Vol}(\mathcal S_m(r))} = 1 - (1 - \varepsilon)^m",
        result=fractions,
        data=ShellData(tuple(zip(dimensions, fractions)), epsilon,
                       tuple(shell_tex(epsilon, m, f) for m, f in zip(dimensions, fractions)), epsilon_tex(epsilon)),
        note="The volume of a ball grows like $r^m$, so for large $m$ nearly all of it lies in a thin outer shell: "
             "the data tends to scatter on the corners of the cube and on the boundary of the ball.",
    )


@lru_cache(maxsize=1024)  # the figure's curve asks for every k up to m − 2 again: each from the one before
def _sine_power_integral(k: int, theta: sp.Expr) -> sp.Expr:
    """∫₀^θ sin^k t dt by the reduction formula I_k = −sin^(k−1)θ cos θ / k + (k − 1)/k · I_(k−2)."""
    if k == 0:
        return theta
    if k == 1:
        return 1 - sp.cos(theta)
    return -sp.sin(theta) ** (k - 1) * sp.cos(theta) / k + sp.Rational(k - 1, k) * _sine_power_integral(k - 2, theta)


@dataclass(frozen=True)
class CapData(StepData, kind="cap"):
    brief_formula = "none"  # the brief lead-in writes the formula on one line, without stacked fractions
    rows: tuple[tuple[int, sp.Expr], ...]  # (dimension m, the probability)
    theta: sp.Expr
    shown: tuple[str, ...]  # each probability's LaTeX, its rational term first: 1/6 − 169√3/(560π)
    # each row's two integrals, ∫₀^θ and ∫₀^π of sin^(m−2), by the reduction formula: the working a student
    # does (empty when some probability is too long to write, θ = π/7: the table then gives the definition)
    integrals: tuple[tuple[sp.Expr, sp.Expr], ...] = ()


def cap_tex(m: int, probability: sp.Expr) -> str:
    """The probability as a table shows it: cap_form while it has one; else by its definition
    (θ = π/7 leaves sums of sin^k(π/7) cos(π/7) hundreds of symbols long), the decimal beside it."""
    return cap_form(probability) or \
        rf"\int_0^{{\theta}} \sin^{{{m - 2}}} t\,dt \big/ \int_0^{{\pi}} \sin^{{{m - 2}}} t\,dt"


def cap_form(probability: sp.Expr) -> str | None:
    """The probability's value as the table and the final answers write it, its rational term first,
    while short (else None: the table writes its definition, the final answers its decimal)."""
    shown = rational_first(probability)
    return shown if len(shown) <= 60 else None


def rational_first(value: sp.Expr) -> str:
    r"""A sum with its rational term first, as written by hand: 1/6 − 169√3/(560π), not −169√3/(560π) + 1/6.

    >>> rational_first(sp.Rational(1, 6) - sp.sqrt(3) / sp.pi)
    '\\frac{1}{6} - \\frac{\\sqrt{3}}{\\pi}'
    """
    from tutor.rendering import row, tex

    terms = sp.Add.make_args(value)
    rational = [t for t in terms if t.is_Rational]
    if not value.is_Add or not rational:
        return tex(value)
    return row([*rational, *(t for t in terms if not t.is_Rational)], " + ")


def cap_probability(m: int, theta: sp.Expr) -> sp.Expr:
    """P(angle to a fixed direction ≤ θ) for a uniform random unit vector in R^m (m >= 2), exactly."""
    return tidy(_sine_power_integral(m - 2, theta) / _sine_power_integral(m - 2, sp.pi))


def cap_step(dimensions, theta) -> Step:
    """P(angle to a fixed direction ≤ θ) for a uniform random unit vector in R^m."""
    probabilities = tuple(cap_probability(m, theta) for m in dimensions)
    return Step(
        key="cap_probability",
        kind="cap",
        title="A random direction near a fixed one",
        formula=r"P(\angle(\mathbf u, \mathbf e) \le \theta) = \frac{\int_0^\theta \sin^{m-2} t\,dt}{\int_0^\pi \sin^{m-2} t\,dt}",
        result=probabilities,
        data=CapData(tuple(zip(dimensions, probabilities)), theta, tuple(cap_tex(m, v) for m, v in zip(dimensions, probabilities)),
                     tuple((tidy(_sine_power_integral(m - 2, theta)), tidy(_sine_power_integral(m - 2, sp.pi)))
                           for m in dimensions) if all(cap_form(v) for v in probabilities) else ()),
        note="A random unit vector in high dimension almost never lands near one chosen direction: "
             "that is why random tries lose to the eigenvector, which the eigen-decomposition finds directly.",
    )


@dataclass(frozen=True)
class SimulationRow:
    m: int
    exact: sp.Expr  # the probability from the integrals (cap_probability)
    hits: int  # tries that landed within θ
    estimate: sp.Rational  # hits/N: a count over a count, exact
    error: sp.Expr  # its standard error √(p̂(1 − p̂)/N), exact
    expected: sp.Expr  # N × the exact probability: the hits the integral predicts
    distance: sp.Expr | None  # |p̂ − p| in standard errors; None where the standard error is 0 (no hit, or all)


@dataclass(frozen=True)
class SimulationData(StepData, kind="cap_simulation"):
    brief_formula = "inline"
    rows: tuple[SimulationRow, ...]
    tries: int
    tries_tex: str  # N with its thousands grouped: 100{,}000
    seed: int
    theta: sp.Expr


def count_tex(n: int) -> str:
    """A whole number with its thousands grouped, for LaTeX.

    >>> count_tex(100000), count_tex(999)
    ('100{,}000', '999')
    """
    return f"{n:,}".replace(",", "{,}")


def simulation_rows(exact_by_m, hits_by_m, tries: int) -> tuple[SimulationRow, ...]:
    """Each dimension's count of hits beside its exact probability, with what the comparison needs."""
    rows = []
    for m, exact in exact_by_m:
        hits = hits_by_m[m]
        estimate = sp.Rational(hits, tries)
        error = sp.sqrt(estimate * (1 - estimate) / tries)
        distance = None if error == 0 else tidy(sp.Abs(estimate - exact) / error)
        rows.append(SimulationRow(m, exact, hits, estimate, error, tidy(tries * exact), distance))
    return tuple(rows)


def agreement(rows, tries: int) -> str:
    """One sentence on how the estimates agree with the exact values, for the step's note."""
    from tutor.rendering import decimal

    parts = []
    measured = [r for r in rows if r.distance is not None]
    if measured:
        worst = max(measured, key=lambda r: sp.N(r.distance, 30))
        ms = ", ".join(str(r.m) for r in measured)
        close = (" (within 3, as chance allows)" if sp.N(worst.distance, 30) <= 3 else
                 f" (more than 3 for $m = {worst.m}$, which chance rarely gives: try another seed or more tries)")
        parts.append(f"the estimates for $m = {ms}$ lie within ${decimal(worst.distance, 2)}$ standard errors "
                     f"of the exact values{close}")
    for what, hits in (("no try", 0), ("every try", tries)):
        # a standard error of 0 measures nothing: say how many hits the exact value expects instead
        idle = [r for r in rows if r.distance is None and r.hits == hits]
        if not idle:
            continue
        ms = ", ".join(str(r.m) for r in idle)
        expected = ", ".join(f"${decimal(r.expected if hits == 0 else tries - r.expected, 2)}$" for r in idle)
        clause = (f"for $m = {ms}$ {what} landed within $\\theta$, where the exact "
                  f"value expects {expected} {'hits' if hits == 0 else 'misses'} of ${count_tex(tries)}$")
        if hits == 0 and all(r.expected < 1 for r in idle):
            clause += f" (one hit needs about {', '.join(f'${decimal(1 / r.exact, 2)}$' for r in idle)} tries)"
        parts.append(clause)
    sentence = "; ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."


def simulation_step(rows, tries: int, seed: int, theta) -> Step:
    """The card's random tries beside the exact probability: the Monte Carlo estimate and its standard error."""
    return Step(
        key="cap_simulation",
        kind="cap_simulation",
        title="Random tries beside the exact value",
        formula=r"\hat p = \frac{\#\{i \le N : \angle(\mathbf u_i, \mathbf e) \le \theta\}}{N}, \quad "
                r"\operatorname{se}(\hat p) = \sqrt{\hat p\,(1 - \hat p)/N}",
        result=tuple(r.estimate for r in rows),
        data=SimulationData(tuple(rows), tries, count_tex(tries), seed, theta),
        note=agreement(rows, tries),
    )
