"""Step and Solution records: a worked solution as data.

A Step holds what a student writes down for one stage of a recipe: a stable
key, the template kind that prints it, a title, the formula, the exact values
it used and produced, and the checks it passed. A Solution is the ordered
steps; its answers are read off the steps, so the two cannot disagree.

The values a step's template shows are its payload: one frozen dataclass per
step kind (a subclass of StepData naming the kinds it serves), defined beside
the builder that fills it, whose fields templates and checking code read as
attributes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Check:
    """A property the step verified, stated in LaTeX, and whether it held."""

    statement: str
    passed: bool

    def __post_init__(self):
        object.__setattr__(self, "passed", bool(self.passed))  # never a SymPy Boolean in JSON


@dataclass(frozen=True)
class StepData:
    """The payload of a step: the exact values its template shows, as typed fields.

    Each subclass is a frozen dataclass that declares the step kinds it serves,
    ``class GramData(StepData, kind="gram")``; a Step refuses a payload not
    declared for its kind. Sequences inside are tuples and rows frozen records,
    matrices immutable: a payload is hashable, and no template can change it.
    """

    kinds: ClassVar[tuple[str, ...]] = ()
    # Whether the step's template works out every one of its checks on the page (a variance check
    # written as its sum): the brief level then leaves out the bare "Check: … holds." lines.
    worked_checks: ClassVar[bool] = False
    # The same at the full level: only where the full template, too, works every check out (most full
    # templates show the step's working but leave its checks to the "Check: …" list).
    worked_checks_full: ClassVar[bool] = False
    # Where the brief level writes the step's formula: "display" (on its own line, as the full level),
    # "inline" (in the step's lead-in line: for formulas known to be short) or "none" (the template's
    # one line restates it).
    brief_formula: ClassVar[str] = "display"
    # Whether the brief level prints the step's note (not when its brief line already says it).
    brief_note: ClassVar[bool] = True

    def __init_subclass__(cls, *, kind: str | tuple[str, ...], **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kinds = (kind,) if isinstance(kind, str) else tuple(kind)

    def serves(self, kind: str) -> bool:
        return kind in self.kinds


@dataclass(frozen=True)
class NoData(StepData, kind=()):
    """The payload of a step whose template shows only the step's own result, formula and checks
    (a given matrix, a formula read off a card): the one payload any kind may carry."""

    def serves(self, kind: str) -> bool:
        return True


NO_DATA = NoData()


@dataclass(frozen=True)
class Step:
    key: str  # stable; equals the answer key when the step produces an answer
    kind: str  # picks the template: templates/<topic>/steps/<kind>.j2, else templates/shared/steps/<kind>.j2
    title: str
    formula: str  # the recipe's formula, in LaTeX
    result: Any = None  # the exact value this step produces
    data: StepData = NO_DATA  # the exact values the template shows: the payload of this kind
    checks: tuple[Check, ...] = ()
    note: str = ""  # one sentence of explanation, plain text with $…$ maths
    figure: Any = None  # a figures.Figure drawn after the step (its values are the step's own), or None

    def __post_init__(self):
        # A payload of the wrong kind would fail only when a template reads a missing field.
        if not isinstance(self.data, StepData) or not self.data.serves(self.kind):
            raise TypeError(f"step {self.key!r} of kind {self.kind!r} needs its kind's StepData payload, "
                            f"got {type(self.data).__name__}")

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
        """LaTeX without preamble (nbconvert puts it into its own document, which loads amsmath and amssymb
        but not TikZ: the figures are left out, as the notebook shows them from _repr_html_)."""
        from .rendering import render_fragment

        return render_fragment(self, "tex", figures=False)
