"""The potential method on a dynamic array: actual costs, potentials, amortised costs.

Inserting into an array with n elements and length m costs 1 when n < m; when
n = m the array is first replaced by one of length g·m (length 1 when m = 0)
and the n elements copied, so the cost is n + 1. With a potential Φ(n, m) the
amortised cost is ĉᵢ = cᵢ + Φᵢ − Φᵢ₋₁, and Σĉᵢ = Σcᵢ + Φₙ − Φ₀.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.steps import Check, Step, StepData

N, M = sp.Symbol("n"), sp.Symbol("m")


@dataclass(frozen=True)
class Insertion:
    i: int
    n_before: int
    m_before: int
    resized: bool
    m_after: int
    cost: int


def insertions(count: int, start: int, growth: int) -> list[Insertion]:
    out, m = [], start
    for i in range(1, count + 1):
        n = i - 1
        resized = n == m
        m_after = (1 if m == 0 else growth * m) if resized else m
        out.append(Insertion(i, n, m, resized, m_after, n + 1 if resized else 1))
        m = m_after
    return out


def linear_tex(form: sp.Expr, n: str = "n", m: str = "m") -> str:
    r"""a·n + b·m + c in LaTeX with its terms in that order, as the notes write 2n − m.

    >>> linear_tex(2*N - M), linear_tex((3*N - M) / 2, "n_i", "m_i")
    ('2 n - m', '\\frac{3}{2} n_i - \\frac{1}{2} m_i')
    """
    out = ""
    for coeff, name in ((form.coeff(N), n), (form.coeff(M), m), (form.xreplace({N: 0, M: 0}), "")):
        if coeff == 0:
            continue
        sign = "-" if coeff < 0 else "+"
        size = abs(coeff)
        body = sp.latex(size) if name == "" or size != 1 else ""
        body = f"{body} {name}".strip()
        out += (f" {sign} " if out else ("-" if sign == "-" else "")) + body
    return out or "0"


@dataclass(frozen=True)
class CasesData(StepData, kind="am_cases"):
    brief_formula = "inline"  # ĉ = c + Φ(h') − Φ(h), Φ = 2n − m: short
    potential: sp.Expr  # Φ in n and m
    potential_tex: str  # Φ as the notes write it, 2n − m
    growth: int
    cheap_delta: sp.Expr  # ΔΦ when n < m
    cheap: sp.Expr  # ĉ when n < m
    full_delta: sp.Expr  # ΔΦ when n = m (the array grows)
    full: sp.Expr  # ĉ when n = m


def cases_step(potential: sp.Expr, growth: int) -> Step:
    """The post's two cases, in general: n < m, and n = m ≥ 1 (the array grows to g·m)."""
    cheap_delta = sp.expand(potential.xreplace({N: N + 1}) - potential)
    full_delta = sp.expand(potential.xreplace({N: N + 1, M: growth * N}) - potential.xreplace({M: N}))
    cheap, full = sp.expand(1 + cheap_delta), sp.expand(N + 1 + full_delta)
    constant = not full.has(N) and not cheap.has(N)
    if constant and cheap == full:
        note = (f"In both cases the amortised cost is ${sp.latex(cheap)}$: adding an element takes amortised "
                "constant time, $O(1)$.")
    elif constant:
        note = (f"Both cases are constant (at most ${sp.latex(sp.Max(cheap, full))}$), so adding an element "
                "takes amortised constant time, $O(1)$.")
    else:
        note = ("The amortised cost of a resize depends on $n$: this potential does not match the growth "
                "factor, so it does not show that an insertion takes amortised constant time.")
    return Step(
        key="cases",
        kind="am_cases",
        title="The two cases",
        formula=r"\hat c = c + \Phi(h') - \Phi(h), \qquad \Phi = " + linear_tex(potential),
        data=CasesData(potential, linear_tex(potential), growth, cheap_delta, cheap, full_delta, full),
        note=note,
    )


@dataclass(frozen=True)
class CostsData(StepData, kind="am_costs"):
    brief_formula = "none"  # the brief line says both cases in words
    brief_note = False  # the brief line names the resizes and the lengths
    rows: tuple[Insertion, ...]
    growth: int
    resizes: tuple[int, ...]  # the insertions i that find the array full
    lengths: tuple[int, ...]  # the array's length before the first insertion, then after each resize


def costs_step(rows: list[Insertion], growth: int) -> Step:
    return Step(
        key="costs",
        kind="am_costs",
        title="The actual cost of each insertion",
        formula=r"c_i = \begin{cases} 1 & n < m \\ n + 1 & n = m \text{ (allocate, copy } n\text{, insert)} \end{cases}",
        result=tuple(sp.Integer(r.cost) for r in rows),
        data=CostsData(tuple(rows), growth, tuple(r.i for r in rows if r.resized),
                       (rows[0].m_before, *(r.m_after for r in rows if r.resized)) if rows else ()),
        note=f"The array grows to {growth} times its length when it is full (to length 1 when it has none).",
    )


@dataclass(frozen=True)
class PotentialsData(StepData, kind="am_potentials"):
    brief_formula = "inline"
    worked_checks = True  # the brief line shows Φ₀ and the smallest Φᵢ beside the note
    brief_note = False  # the brief line ends with it
    phi0: sp.Expr  # Φ(h₀)
    rows: tuple[tuple[Insertion, sp.Expr], ...]  # (insertion i, Φ_i)
    start: int  # the array's length before the first insertion
    lowest: sp.Expr  # min Φ_i: the evidence of the check Φ_i ≥ 0


def potentials_step(rows: list[Insertion], potential: sp.Expr, start: int) -> Step:
    phi0 = potential.subs({N: 0, M: start})
    phis = tuple(sp.Integer(0) + potential.subs({N: r.i, M: r.m_after}) for r in rows)
    lowest = min(phis, default=sp.Integer(0))
    return Step(
        key="potentials",
        kind="am_potentials",
        title="The potential after each insertion",
        formula=r"\Phi_i = " + linear_tex(potential, "n_i", "m_i"),
        result=phis,
        data=PotentialsData(phi0, tuple(zip(rows, phis)), start, lowest),
        # Each check with its evidence: Φ₀ as computed, the smallest Φᵢ (not "Φᵢ ≥ 0 for every i").
        # a failed requirement is written as what holds (Φ(h₀) = −1 ≠ 0), so its ✗ never reads as a slip in the key
        checks=(Check(r"\Phi(h_0) = 0" if phi0 == 0 else rf"\Phi(h_0) = {sp.latex(phi0)} \ne 0", phi0 == 0),
                Check(rf"\min_i \Phi_i = {sp.latex(lowest)} " + (r"\ge 0" if lowest >= 0 else "< 0"), lowest >= 0)),
        note=_potential_note(phi0, phis),
    )


def _potential_note(phi0, phis) -> str:
    """What the potential's values mean for the bound: after i insertions Σĉ − Σc = Φᵢ − Φ₀, so the amortised
    costs bound the actual cost so far exactly while Φᵢ ≥ Φ₀; the method asks Φ₀ = 0 and Φᵢ ≥ 0 to be sure."""
    fails = next((i for i, v in enumerate(phis, start=1) if v < phi0), None)
    negative = next((i for i, v in enumerate(phis, start=1) if v < 0), None)
    if phi0 != 0:
        lead = (f"$\\Phi(h_0) = {sp.latex(phi0)}$, not $0$: after $i$ insertions "
                "$\\sum \\hat c - \\sum c = \\Phi_i - \\Phi_0$, so the amortised costs bound the actual cost so far "
                "only while $\\Phi_i \\ge \\Phi_0$")
        if fails:
            return lead + f"; here that first fails after insertion {fails}."
        return lead + "; here that holds throughout, but the method does not guarantee it."
    if negative:
        return (f"The potential is negative after insertion {negative}: with $\\Phi_0 = 0$ the amortised costs "
                "so far then fall short of the actual cost ($\\sum \\hat c - \\sum c = \\Phi_i < 0$).")
    return "The potential starts at $0$ and never goes below it, as the method needs."


@dataclass(frozen=True)
class AmortisedData(StepData, kind="am_amortised"):
    brief_formula = "inline"
    rows: tuple[tuple[Insertion, sp.Expr, sp.Expr, sp.Expr], ...]  # (insertion i, Φ_i, ΔΦ_i, ĉ_i)
    # The rows the brief level works out, ĉᵢ = cᵢ + Φᵢ − Φᵢ₋₁ with its numbers: the first insertion
    # that does not resize and the last one that does (the notes' two cases).
    worked: tuple[tuple[int, sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (i, c_i, Φ_i, Φ_{i−1}, ĉ_i)
    # The first insertion into the empty array (n = m = 0): neither of the two cases (a resize copies
    # n ≥ 1 elements), so its ĉ₁ is worked out on its own, (c₁, Φ₁, Φ₀, ĉ₁); None when the array starts non-empty.
    from_empty: tuple[sp.Expr, sp.Expr, sp.Expr, sp.Expr] | None = None


def amortised_step(rows: list[Insertion], phi0, phis) -> Step:
    before = (phi0, *phis[:-1])
    deltas = tuple(sp.Integer(0) + b - a for a, b in zip(before, phis))
    amortised = tuple(sp.Integer(r.cost) + d for r, d in zip(rows, deltas))
    return Step(
        key="amortised",
        kind="am_amortised",
        title="The amortised cost of each insertion",
        formula=r"\hat c_i = c_i + \Phi_i - \Phi_{i-1}",
        result=amortised,
        data=AmortisedData(tuple(zip(rows, phis, deltas, amortised)), _worked(rows, before, phis, amortised),
                           (sp.Integer(rows[0].cost), phis[0], before[0], amortised[0])
                           if rows and rows[0].m_before == 0 else None),
    )


def _worked(rows, before, phis, amortised) -> tuple:
    cheap = [k for k, r in enumerate(rows) if not r.resized][:1]
    full = [k for k, r in enumerate(rows) if r.resized][-1:]
    return tuple((rows[k].i, sp.Integer(rows[k].cost), phis[k], before[k], amortised[k]) for k in sorted(cheap + full))


@dataclass(frozen=True)
class TotalData(StepData, kind="am_total"):
    brief_formula = "none"  # the brief line is the sum written out
    terms: tuple[sp.Expr, ...]  # c_i


def total_cost_step(costs) -> Step:
    total = sum(costs, sp.Integer(0))
    return Step(
        key="total_cost",
        kind="am_total",
        title="The total actual cost",
        formula=r"\sum_{i=1}^{n} c_i",
        result=total,
        data=TotalData(tuple(costs)),
    )


@dataclass(frozen=True)
class TotalAmortisedData(StepData, kind="am_total_amortised"):
    brief_formula = "none"  # the brief line is the sum written out, then the identity with its numbers
    worked_checks = True  # both checks are that line
    terms: tuple[sp.Expr, ...]  # ĉ_i
    total_cost: sp.Expr  # Σ c_i
    phi0: sp.Expr
    phin: sp.Expr  # Φ(h_n)
    overestimate: sp.Expr  # Φ(h_n) − Φ(h_0): by how much Σĉᵢ exceeds Σcᵢ


def total_amortised_step(amortised, total_cost, phi0, phi_n) -> Step:
    total = sum(amortised, sp.Integer(0))
    return Step(
        key="total_amortised",
        kind="am_total_amortised",
        title="The total amortised cost, and the bound",
        formula=r"\sum_{i=1}^{n} \hat c_i = \sum_{i=1}^{n} c_i + \Phi(h_n) - \Phi(h_0)",
        result=total,
        data=TotalAmortisedData(tuple(amortised), total_cost, phi0, phi_n, phi_n - phi0),
        checks=(Check(r"\sum \hat c_i = \sum c_i + \Phi(h_n) - \Phi(h_0)", total == total_cost + phi_n - phi0),
                Check(r"\sum c_i \le \sum \hat c_i" if total_cost <= total
                      else rf"\sum c_i = {sp.latex(total_cost)} > {sp.latex(total)} = \sum \hat c_i", total_cost <= total)),
    )
