"""The rules every generated problem's worked solution meets, whatever its topic.

A generator's own ``nice`` says what its topic promises at each difficulty (rational eigenvalues
when easy, a clear gap before the dropped components, …; its ``RULES`` say it in words for the
docs). These rules hold on top of that, on every exact value the worked solution prints, in any
step, at any level:

- no root objects (a root of a polynomial written only as "the k-th root of …");
- radicals nested at most one deep (√2, 2^(3/4), (1 + √5)/2, not √(2 − √2)), except in the steps
  where a topic's card itself takes a root of a kernel value (d_φ = √(2 − 2K) for an RBF kernel:
  ``NESTED_STEPS`` in the generator module);
- at most MAX_TEX characters of LaTeX per value: 50 when easy or medium, 100 when hard.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Iterator

import sympy as sp

from ..exact.implicit import IMPLICIT

MAX_TEX = {"easy": 50, "medium": 50, "hard": 100}
MAX_NESTING = 1


def printed_values(solution) -> Iterator[tuple[str, sp.Expr]]:
    """(step key, value) for every exact number a step of the solution shows: its result and every
    number in its payload. Formulas with symbols (a characteristic polynomial) are not values."""
    for step in solution.steps:
        seen: set = set()
        for value in _numbers(step.result, 0):
            if value not in seen:
                seen.add(value)
                yield step.key, value
        for value in _numbers(step.data, 0):
            if value not in seen:
                seen.add(value)
                yield step.key, value


def _numbers(value, depth: int) -> Iterator[sp.Expr]:
    if depth > 8 or value is None or isinstance(value, (str, bool)):
        return
    if isinstance(value, int):
        yield sp.Integer(value)
    elif isinstance(value, sp.MatrixBase):
        for x in value:
            yield from _numbers(x, depth + 1)
    elif isinstance(value, sp.Basic):
        if isinstance(value, sp.Expr) and not value.free_symbols:
            yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for x in value:
            yield from _numbers(x, depth + 1)
    elif isinstance(value, dict):
        for x in value.values():
            yield from _numbers(x, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _numbers(getattr(value, f.name), depth + 1)


def nesting(x: sp.Expr) -> int:
    """How deep radicals sit inside radicals: √2 is 1, √(2 − √2) is 2, a rational 0."""
    return _nesting(x)


@lru_cache(maxsize=8192)
def _nesting(x: sp.Expr) -> int:
    if x.is_Atom:
        return 0
    inner = max((_nesting(a) for a in x.args), default=0)
    if isinstance(x, sp.Pow) and x.exp.is_Rational and not x.exp.is_Integer:
        return inner + 1
    return inner


@lru_cache(maxsize=8192)
def tex_length(x: sp.Expr) -> int:
    from ..rendering import _tex_scalar

    return len(_tex_scalar(x))


def violations(solution, difficulty: str, nested_steps: frozenset[str] = frozenset()) -> list[str]:
    """What in the worked solution breaks the rules: one line per step and rule, empty when none."""
    out: dict[tuple[str, str], str] = {}
    for key, value in printed_values(solution):
        if value.is_Integer and len(str(value)) <= MAX_TEX[difficulty]:
            continue  # the common case (an integer's LaTeX is its digits), and nothing to nest
        if value.has(sp.CRootOf, *IMPLICIT):
            out.setdefault((key, "root"), f"{key}: a root object ({_short(value)})")
            continue
        if key not in nested_steps and nesting(value) > MAX_NESTING:
            out.setdefault((key, "nesting"), f"{key}: radicals nested {nesting(value)} deep ({_short(value)})")
        if tex_length(value) > MAX_TEX[difficulty]:
            out.setdefault((key, "length"), f"{key}: {tex_length(value)} characters of LaTeX, "
                                            f"over {MAX_TEX[difficulty]} ({_short(value)})")
    return list(out.values())


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."
