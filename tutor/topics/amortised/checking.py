"""Checking answers to amortised problems: the named mistakes."""

from __future__ import annotations

import sympy as sp

from tutor.checking.variants import Mistake


def _delta_only(problem, solution):
    rows = solution.step("amortised").data.rows
    return {"amortised": tuple(delta for _, _, delta, _ in rows)}


def _copy_without_insert(problem, solution):
    costs = tuple(sp.Integer(r.cost - 1 if r.resized else r.cost) for r in solution.step("costs").data.rows)
    return {"costs": costs, "total_cost": sum(costs, sp.Integer(0))}


def _potential_before(problem, solution):
    phis = solution.step("potentials").result
    return {"potentials": (solution.step("potentials").data.phi0, *phis[:-1])}


MISTAKES = (
    Mistake("amortised_is_delta_phi", "These are the changes in potential ΔΦᵢ: the amortised cost adds the "
            "actual cost, ĉᵢ = cᵢ + ΔΦᵢ.", ("amortised",), _delta_only),
    Mistake("resize_without_insert", "A resize copies the n elements and then inserts the new one: its cost "
            "is n + 1, not n.", ("costs", "total_cost"), _copy_without_insert),
    Mistake("potential_before_insertion", "These are the potentials before each insertion, Φᵢ₋₁: give Φᵢ, "
            "the potential after insertion i.", ("potentials",), _potential_before),
)
