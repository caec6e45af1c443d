"""Topic amortised: the potential method on n insertions into a dynamic array.

Fields (besides topic and title): ``n``, ``start``, ``growth``, ``potential``.
Answer keys: ``costs``, ``potentials``, ``amortised``, ``total_cost``, ``total_amortised`` (what
each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ParseError, ProblemError
from tutor.exact.parser import parse_map
from tutor.topics.amortised import figures, recipe
from tutor.topics.amortised.recipe import M, N
from tutor.steps import Solution

NAME = "amortised"
SUMMARY = "The potential method on a doubling array: costs, Φ, amortised costs, the bound"
FIELDS = ("topic", "title", "n", "start", "growth", "potential")
ANSWER_KEYS = {
    "costs": "the actual cost cᵢ of each insertion (n values)",
    "potentials": "Φᵢ after each insertion i = 1..n (n values)",
    "amortised": "the amortised cost ĉᵢ = cᵢ + Φᵢ − Φᵢ₋₁ of each insertion (n values)",
    "total_cost": "Σ cᵢ (one value)",
    "total_amortised": "Σ ĉᵢ (one value)",
}
MAX_INSERTIONS = 64
MAX_START = 64
DEFAULT_POTENTIAL = "2n - m"


@dataclass(frozen=True)
class Problem:
    title: str
    n: int
    start: int  # the array's length before the first insertion
    growth: int  # a full array of length m is replaced by one of length growth·m
    potential: sp.Expr  # a linear form in n (elements) and m (length)
    potential_text: str


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "n" not in raw:
        raise ProblemError(f"is missing: the number of insertions, 1 to {MAX_INSERTIONS}", field="n")
    n = fields.integer(raw["n"], "n", 1, MAX_INSERTIONS)
    start = fields.integer(raw.get("start", 0), "start", 0, MAX_START)
    growth = fields.integer(raw.get("growth", 2), "growth", 2, 4)
    text = fields.text(str(raw.get("potential", DEFAULT_POTENTIAL)), "potential", max_length=60)
    potential = _linear_form(text)
    title = fields.text(raw.get("title", "Amortised analysis: the potential method"), "title")
    return Problem(title, n, start, growth, potential, text)


def _linear_form(text: str) -> sp.Expr:
    """a·n + b·m + c with rational a, b, c, read by the whitelist parser."""
    try:
        expr = sp.expand(parse_map(text, {"n": N, "m": M}))
    except ParseError as err:
        raise ProblemError(f"{err.message} (write it in n and m, such as 2n - m)", field="potential") from None
    coefficients = [expr.coeff(N), expr.coeff(M), expr.subs({N: 0, M: 0})]
    rest = sp.expand(expr - coefficients[0] * N - coefficients[1] * M - coefficients[2])
    if rest != 0 or not all(c.is_Rational for c in coefficients):
        raise ProblemError(f"must be a linear form a·n + b·m + c with rational a, b, c, got {text}",
                           field="potential")
    return expr


def solve(problem: Problem) -> Solution:
    rows = recipe.insertions(problem.n, problem.start, problem.growth)
    costs = recipe.costs_step(rows, problem.growth)
    potentials = recipe.potentials_step(rows, problem.potential, problem.start)
    phi0 = potentials.data.phi0
    cases = recipe.cases_step(problem.potential, problem.growth)
    amortised = recipe.amortised_step(rows, phi0, potentials.result)
    amortised = replace(amortised, figure=figures.per_insertion(amortised.data, phi0, cases.data))
    total_cost = recipe.total_cost_step(costs.result)
    steps = (cases, costs, potentials, amortised, total_cost,
             recipe.total_amortised_step(amortised.result, total_cost.result, phi0, potentials.result[-1]))
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "n": problem.n, "start": problem.start,
            "growth": problem.growth, "potential": problem.potential_text}

