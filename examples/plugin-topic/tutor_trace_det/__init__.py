"""Topic trace-det: the trace and determinant of a 2×2 matrix (an example plugin topic for tutor).

Fields: ``matrix`` (2×2, exact numbers: integers, fractions, "sqrt(2)", …) and ``title``.
Answer keys: ``trace`` (one value) and ``determinant`` (one value).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.exact.tidy import tidy
from tutor.steps import Check, Solution, Step, StepData

NAME = "trace-det"
SUMMARY = "Trace and determinant of a 2×2 matrix, checked against tr(A²) (example plugin)"
FIELDS = ("topic", "title", "matrix")
ANSWER_KEYS = {
    "trace": "tr A = a₁₁ + a₂₂ (one value)",
    "determinant": "det A = a₁₁a₂₂ − a₁₂a₂₁ (one value)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    matrix: sp.ImmutableMatrix


# Each step kind's payload: the values its template (templates/steps/<kind>.j2) shows, as typed fields.
@dataclass(frozen=True)
class TraceData(StepData, kind="td_trace"):
    matrix: sp.ImmutableMatrix


@dataclass(frozen=True)
class DeterminantData(StepData, kind="td_determinant"):
    matrix: sp.ImmutableMatrix
    trace_of_square: sp.Expr  # tr(A²), for the check det A = ((tr A)² − tr(A²))/2
    trace: sp.Expr


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "matrix" not in raw:
        raise ProblemError("is missing", field="matrix")
    rows = fields.rows(raw["matrix"], "matrix", min_rows=2, max_rows=2, max_cols=2)
    if len(rows[0]) != 2:
        raise ProblemError(f"must be 2×2: 2 rows of 2 entries, got rows of {len(rows[0])}", field="matrix")
    title = fields.text(raw.get("title", "Trace and determinant"), "title")
    return Problem(title, sp.ImmutableMatrix(rows))


def solve(problem: Problem) -> Solution:
    a = problem.matrix
    trace = tidy(a[0, 0] + a[1, 1])
    determinant = tidy(a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0])
    # For a 2×2 matrix det A = ((tr A)² − tr(A²))/2: an independent route to the same number.
    trace_of_square = tidy((a * a).trace())
    steps = (
        Step("trace", "td_trace", "The trace", r"\operatorname{tr} A = a_{11} + a_{22}", trace,
             TraceData(a)),
        Step("determinant", "td_determinant", "The determinant", r"\det A = a_{11} a_{22} - a_{12} a_{21}",
             determinant, DeterminantData(a, trace_of_square, trace),
             checks=(Check(r"\det A = \tfrac{1}{2}\left((\operatorname{tr} A)^2 - \operatorname{tr}(A^2)\right)",
                           tidy((trace**2 - trace_of_square) / 2 - determinant) == 0),)),
    )
    lam = sp.Symbol("lambda")
    char_poly = sp.expand(lam**2 - trace * lam + determinant)
    summary = (f"The eigenvalues of $A$ are the roots of $\\lambda^2 - (\\operatorname{{tr}} A)\\lambda + \\det A = "
               f"{sp.latex(char_poly)}$: they add up to the trace and multiply to the determinant.",)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS), summary)


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title,
            "matrix": [[str(problem.matrix[i, j]) for j in range(2)] for i in range(2)]}
