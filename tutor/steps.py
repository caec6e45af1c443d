"""Step and Solution records: a worked solution as data.

A Step holds what a student writes down for one stage of a recipe: a stable
key, the template kind that prints it, a title, the formula, the exact values
it used and produced, and the checks it passed. A Solution is the ordered
steps; its answers are read off the steps, so the two cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class Check:
    """A property the step verified, stated in LaTeX, and whether it held."""

    statement: str
    passed: bool

    def __post_init__(self):
        object.__setattr__(self, "passed", bool(self.passed))  # never a SymPy Boolean in JSON


@dataclass(frozen=True)
class Step:
    key: str  # stable; equals the answer key when the step produces an answer
    kind: str  # picks the template: templates/<topic>/steps/<kind>.j2, else templates/shared/steps/<kind>.j2
    title: str
    formula: str  # the recipe's formula, in LaTeX
    result: Any = None  # the exact value this step produces
    data: Mapping[str, Any] = field(default_factory=dict)  # exact values the template shows
    checks: tuple[Check, ...] = ()
    note: str = ""  # one sentence of explanation, plain text with $…$ maths

    def __post_init__(self):
        object.__setattr__(self, "data", MappingProxyType(dict(self.data)))

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)


@dataclass(frozen=True)
class Solution:
    topic: str
    title: str
    problem: Any  # the topic's frozen Problem record
    steps: tuple[Step, ...]
    answer_keys: tuple[str, ...]  # the topic's keys, in order
    summary: tuple[str, ...] = ()  # closing sentences, plain text with $…$ maths
    question: Any = None  # the problem's question.Question (parts and marks), set by tutor.solve

    @property
    def answers(self) -> dict[str, Any]:
        """Answer key → exact value, for every key this solution has a step for."""
        by_key = {s.key: s.result for s in self.steps}
        return {k: by_key[k] for k in self.answer_keys if k in by_key}

    def step(self, key: str) -> Step:
        return next(s for s in self.steps if s.key == key)

    # Jupyter shows the richest of these it can; each is the worked solution, made for embedding.
    def _repr_html_(self) -> str:
        """An HTML fragment whose \\( \\) and \\[ \\] maths the notebook typesets itself."""
        from .rendering import render_fragment

        return render_fragment(self, "html")

    def _repr_markdown_(self) -> str:
        from .rendering import render_fragment

        return render_fragment(self, "md")

    def _repr_latex_(self) -> str:
        """LaTeX without preamble (nbconvert puts it into its own document, which loads amsmath)."""
        from .rendering import render_fragment

        return render_fragment(self, "tex")
