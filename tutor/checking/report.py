"""A check's report as Markdown, plain text or JSON (the templates only format)."""

from __future__ import annotations

import json

import sympy as sp

from .grade import Report


def number(value: sp.Rational):
    """A score as JSON: an int when whole, else a float."""
    value = sp.Rational(value)
    return int(value) if value.q == 1 else round(float(value), 6)


def to_json(report: Report) -> dict:
    from ..rendering import answer_tex

    answers = {}
    for r in report.results:
        entry = {"verdict": r.verdict, "message": r.message}
        if r.mistake:
            entry["mistake"] = r.mistake
        if r.given is not None:
            entry["read_as"] = answer_tex(r.given, r.typed)
        answers[r.key] = entry
    return {"score": number(report.score), "max_score": number(report.max_score), "answers": answers}


def render_report(report: Report, fmt: str = "md") -> str:
    if fmt == "json":
        return json.dumps(to_json(report), indent=2, ensure_ascii=False) + "\n"
    from ..rendering import environment, frame

    return environment(fmt).get_template(frame(fmt, "report")).render(
        report=report, score=number(report.score), max_score=number(report.max_score))
