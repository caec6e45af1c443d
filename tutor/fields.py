"""Validation of problem-file fields into exact values.

Each helper takes the raw YAML value and the field's name, and raises a
ProblemError naming that field with what is wrong; the loader adds the file.
"""

from __future__ import annotations

import difflib
import re

import sympy as sp

from .errors import ParseError, ProblemError
from .escaping import brief, shorten, text_problem
from .exact.parser import to_exact


# Fields the loader reads for every topic (tutor/problem.py, tutor/question.py), before the topic's own.
COMMON_FIELDS = ("statement", "parts", "marks", "check", "generated")


def reject_unknown(raw: dict, allowed: tuple[str, ...]) -> None:
    for key in raw:
        if key not in allowed:
            if "topic" in allowed:  # a problem file's top level: the common fields are allowed too
                allowed = (*allowed, *COMMON_FIELDS)
            hint = difflib.get_close_matches(str(key), allowed, n=1)
            also = f" (did you mean {hint[0]!r}?)" if hint else f" (allowed: {', '.join(allowed)})"
            raise ProblemError(f"unknown field{also}", field=shorten(str(key)))


def number(raw: object, name: str) -> sp.Expr:
    """One exact real number: an int, a decimal (read exactly) or a string like "sqrt(2)/2"."""
    try:
        return to_exact(raw)
    except ParseError as err:
        raise ProblemError(err.message, field=name) from None


def integer(raw: object, name: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ProblemError(f"must be a whole number from {low} to {high}, got {brief(raw)}", field=name)
    if not low <= raw <= high:
        raise ProblemError(f"must be from {low} to {high}, got {raw}", field=name)
    return raw


def text(raw: object, name: str, max_length: int = 200) -> str:
    """One line of text that every output format can show (see escaping.text_problem)."""
    if not isinstance(raw, (str, int, float)) or isinstance(raw, bool):
        raise ProblemError("must be a line of text", field=name)
    raw = str(raw)
    if len(raw) > max_length or "\n" in raw:
        raise ProblemError(f"must be one line of at most {max_length} characters", field=name)
    wrong = text_problem(raw)
    if wrong:
        raise ProblemError(wrong, field=name)
    return raw


def paragraph(raw: object, name: str, max_length: int) -> str:
    """A paragraph of text (a YAML block may break it into lines): its line breaks become spaces,
    and it is then held to what a line of text is held to (see ``text``)."""
    if not isinstance(raw, str) or not raw.strip():
        raise ProblemError("must be a paragraph of text", field=name)
    if len(raw) > max_length:
        raise ProblemError(f"must be at most {max_length} characters, got {len(raw)}", field=name)
    joined = re.sub(r"\s*[\r\n]\s*", " ", raw.strip())
    wrong = text_problem(joined)
    if wrong:
        raise ProblemError(wrong, field=name)
    return joined


def rows(raw: object, name: str, *, min_rows: int, max_rows: int, max_cols: int,
         what: str = "row") -> tuple[tuple[sp.Expr, ...], ...]:
    """A list of equally long lists of exact numbers (points, or a matrix's rows)."""
    if not isinstance(raw, list) or not raw:
        raise ProblemError(f"must be a list of {what}s, each a list of numbers", field=name)
    if not min_rows <= len(raw) <= max_rows:
        raise ProblemError(f"needs {min_rows} to {max_rows} {what}s, got {len(raw)}", field=name)
    out = []
    width = None
    for i, row in enumerate(raw, start=1):
        if not isinstance(row, list) or not row:
            raise ProblemError(f"{what} {i} must be a list of numbers", field=name)
        if width is None:
            width = len(row)
            if width > max_cols:
                raise ProblemError(f"{what}s may have at most {max_cols} entries, got {width}", field=name)
        elif len(row) != width:
            raise ProblemError(f"ragged: {what} {i} has {len(row)} entries, {what} 1 has {width}", field=name)
        out.append(tuple(number(v, f"{name}[{i}][{j}]") for j, v in enumerate(row, start=1)))
    return tuple(out)


def square_matrix(raw: object, name: str, *, min_n: int, max_n: int) -> sp.ImmutableMatrix:
    entries = rows(raw, name, min_rows=min_n, max_rows=max_n, max_cols=max_n)
    n = len(entries)
    if len(entries[0]) != n:
        raise ProblemError(f"must be square: {n} rows of {len(entries[0])} entries", field=name)
    matrix = sp.ImmutableMatrix(entries)
    for i in range(n):
        for j in range(i + 1, n):
            if sp.simplify(matrix[i, j] - matrix[j, i]) != 0:
                raise ProblemError(
                    f"must be symmetric: entry ({i + 1},{j + 1}) is {matrix[i, j]} "
                    f"but ({j + 1},{i + 1}) is {matrix[j, i]}",
                    field=name,
                )
    return matrix
