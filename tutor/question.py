"""A problem's statement as an exam question: a lead (or the file's own `statement`), then parts
(a), (b), … each asking for one answer key, with its marks; and the final answers they ask for.

A problem file may carry three fields that every topic accepts (validated here, read by the loader):

  statement: free text shown first, instead of the topic's own lead sentence (the data still follow)
  parts:     the answer keys to ask, in order; each a key or {key: K, text: "own wording", reason: "…"}:
             a part whose own wording asks why (or "explain", "does …?") needs ``reason``, its one-line
             answer, which the final answers print after the value
  marks:     answer key -> marks of its part (a whole number); the same number is the key's weight
             in `tutor check`, so `marks: {eigenvalues: 2}` is `check: {weights: {eigenvalues: 2}}`

Without `parts`, a topic asks its default parts (DEFAULT_PARTS of its ``parts`` module) that the
solution has an answer for and the problem does not give, in the recipe's order. A part's marks are
its key's check weight (default 1); a key weighted 0 is not asked by default. The wording of each
part is the topic's own (WORDING of its ``parts`` module: key -> (symbol, imperative sentence)); where
that wording asks more than a value (why, does one direction explain the data, compare), the module's
REASONS gives the one-line answer (key -> function of the solution).
"""

from __future__ import annotations

import difflib
import importlib
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

import sympy as sp

from . import fields
from .errors import ProblemError
from .escaping import shorten
from .exact.tidy import Scaled

MAX_STATEMENT = 1500  # characters: a paragraph of an exam paper
MAX_PART_TEXT = 300  # characters of a part's own wording
MAX_MARKS = 100  # for one part


@dataclass(frozen=True)
class Exam:
    """What a problem file says about its question: all optional."""

    statement: str | None = None
    parts: tuple[tuple[str, str | None], ...] | None = None  # (key, own wording or None), in order
    marks: tuple[tuple[str, int], ...] = ()  # (key, marks) as written
    reasons: tuple[tuple[str, str], ...] = ()  # (key, the one-line answer to its part's why) as written


@dataclass(frozen=True)
class Part:
    key: str
    label: str  # "a", "b", …
    text: str  # the topic's wording (LaTeX maths in $…$), or the file's own (plain text, escaped)
    own: bool  # text is the file's: templates escape it like a title
    symbol: str  # what the answer is called, in LaTeX, for the final answers
    marks: sp.Rational
    reason: str = ""  # the one-line answer to what the part asks beyond the value (why, compare), if anything
    reason_own: bool = False  # reason is the file's (plain text, escaped), else the topic's ($…$ maths)

    @property
    def marks_text(self) -> str:
        """'1 mark', '3 marks', '1/2 mark'."""
        return f"{self.marks} mark{'s' if self.marks > 1 else ''}"


@dataclass(frozen=True)
class Question:
    statement: str | None  # the file's own lead, or None for the topic's
    parts: tuple[Part, ...]

    @property
    def total(self) -> sp.Rational:
        return sum((p.marks for p in self.parts), sp.Integer(0))

    @property
    def total_text(self) -> str:
        return f"{self.total} mark{'s' if self.total > 1 else ''}"

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.parts)


# --- reading the problem file's fields ---------------------------------------------------------------


def parse_exam(raw: dict, keys: tuple[str, ...]) -> Exam:
    """Validate (and remove from ``raw``) the fields statement, parts and marks."""
    statement = parts = None
    if "statement" in raw:
        statement = fields.paragraph(raw.pop("statement"), "statement", MAX_STATEMENT)
    reasons: tuple = ()
    if "parts" in raw:
        parts, reasons = _parts(raw.pop("parts"), keys)
    marks = _marks(raw.pop("marks"), keys) if "marks" in raw else ()
    if parts is not None:
        asked = [k for k, _ in parts]
        for key, _ in marks:
            if key not in asked:
                raise ProblemError(f"not one of the parts asked (parts: {', '.join(asked)})", field=f"marks.{key}")
    return Exam(statement, parts, marks, reasons)


def _unknown_key(key: object, keys: tuple[str, ...], field: str) -> ProblemError:
    hint = difflib.get_close_matches(str(key), keys, n=1)
    also = f"did you mean {hint[0]!r}? " if hint else ""
    return ProblemError(f"unknown answer key {shorten(str(key))!r} ({also}keys of this topic: {', '.join(keys)})",
                        field=field)


# Wording that asks more than a value: its part needs a one-line answer (the file's ``reason``).
# (a yes-or-no question starts its sentence: "Does one direction explain the data?", "…: do they reproduce d²?";
# "What fraction do they capture?" asks for a value.)
ASKS_WHY = re.compile(r"\bwhy\b|\bexplain|\bcompare|(?:^|[.:;!?]\s+)(?:does|do|is|are|can)\b[^.?]*\?",
                      re.IGNORECASE)


def asks_why(text: str) -> bool:
    """Whether a part's wording asks for a reason or a verdict besides its value.

    >>> asks_why("Find the eigenvalues, and say why one of them is 0."), asks_why("Find the eigenvalues.")
    (True, False)
    >>> asks_why("Find them. Does one direction explain the data?"), asks_why("What fraction do they capture?")
    (True, False)
    """
    return ASKS_WHY.search(text) is not None


def _parts(raw: object, keys: tuple[str, ...]):
    """((key, own wording or None), …) and ((key, reason), …) of the field ``parts``."""
    if not isinstance(raw, list) or not raw:
        raise ProblemError("must be a list of answer keys, each a key or {key: K, text: \"own wording\"}",
                           field="parts")
    if len(raw) > len(keys):
        raise ProblemError(f"has {len(raw)} parts; this topic has {len(keys)} answer keys", field="parts")
    out: list[tuple[str, str | None]] = []
    reasons: list[tuple[str, str]] = []
    for i, item in enumerate(raw, start=1):
        name = f"parts[{i}]"
        text = reason = None
        if isinstance(item, dict):
            try:
                fields.reject_unknown(item, ("key", "text", "reason"))
            except ProblemError as err:
                raise err.located(field=name) from None
            if "key" not in item:
                raise ProblemError("needs a key, as in {key: eigenvalues, text: \"Find the eigenvalues.\"}",
                                   field=name)
            key = item["key"]
            if "text" in item:
                text = fields.text(item["text"], f"{name}.text", MAX_PART_TEXT)
            if "reason" in item:
                reason = fields.text(item["reason"], f"{name}.reason", MAX_PART_TEXT)
        else:
            key = item
        if not isinstance(key, str) or key not in keys:
            raise _unknown_key(key, keys, name)
        if any(key == k for k, _ in out):
            raise ProblemError(f"{key!r} is asked twice", field=name)
        if text is not None and reason is None and asks_why(text):
            raise ProblemError("its text asks for a reason: give the one-line answer as reason: \"…\" "
                               "(the final answers print it after the value)", field=name)
        if reason is not None and text is None:
            raise ProblemError("has a reason but no text of its own: the topic's wording asks for the value only",
                               field=f"{name}.reason")
        out.append((key, text))
        if reason is not None:
            reasons.append((key, reason))
    return tuple(out), tuple(reasons)


def _marks(raw: object, keys: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise ProblemError("must be a mapping of answer keys to whole numbers of marks, such as {eigenvalues: 2}",
                           field="marks")
    out = []
    for key, value in raw.items():
        if not isinstance(key, str) or key not in keys:
            raise _unknown_key(key, keys, f"marks.{shorten(str(key))}")
        out.append((key, fields.integer(value, f"marks.{key}", 1, MAX_MARKS)))
    return tuple(out)


def merge_marks(exam: Exam, weights: dict) -> dict:
    """The check weights with the file's marks: the two are one number per key, so a key given
    both with different values is refused."""
    merged = dict(weights)
    for key, marks in exam.marks:
        if key in merged and merged[key] != marks:
            raise ProblemError(f"{marks} marks, but check.weights.{key} is {merged[key]}: give one of them",
                               field=f"marks.{key}")
        merged[key] = sp.Integer(marks)
    return merged


# --- the topic's wording -----------------------------------------------------------------------------


def topic_parts(topic: ModuleType) -> ModuleType | None:
    """The ``parts`` module of a topic package, or None (a plugin without one). It holds WORDING
    (key -> (symbol, sentence)), DEFAULT_PARTS and, optionally, POINTS: the keys whose answer is a
    list of points, one per row, and ``shown`` (ShownForms), the forms its steps write values in (both
    for the final answers)."""
    name = f"{topic.__name__}.parts"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return None


def wording(topic: ModuleType, key: str, problem=None) -> tuple[str, str]:
    """(symbol, imperative sentence) of a key: the topic's own, else made from the key's name
    (ANSWER_KEYS describes it in Unicode that LaTeX may not set: a₁₁, K̂). A topic whose problems come
    in forms worded differently (a sum or an integral) words a key for its problem with the parts
    module's problem_wording(problem, key) -> (symbol, sentence), or None for its WORDING."""
    own = getattr(topic_parts(topic), "problem_wording", None)
    if problem is not None and own is not None and (found := own(problem, key)) is not None:
        return found
    table = getattr(topic_parts(topic), "WORDING", {})
    if key in table:
        return table[key]
    words = re.sub(r"[^A-Za-z0-9]+", " ", key).strip()
    return rf"\text{{{words}}}", f"Give the {words}."


def default_keys(topic: ModuleType) -> tuple[str, ...]:
    return tuple(getattr(topic_parts(topic), "DEFAULT_PARTS", topic.ANSWER_KEYS))


# --- the question of a solution ----------------------------------------------------------------------


def _given(solution, key: str) -> bool:
    """Whether the problem gives this answer rather than asks for it (a given K or K̂: its step's
    kind ends with _given), so that it is no default part."""
    return any(s.key == key and s.kind.endswith("_given") for s in solution.steps)


def build(solution, exam: Exam = Exam(), weights=None) -> Question:
    """The question of a solution: the file's parts (every one must have an answer), or the topic's
    default parts that this solution answers, in the order of its steps."""
    from . import topics

    topic = topics.get(solution.topic)
    weights = weights or {}
    answers = solution.answers
    if exam.parts is not None:
        for i, (key, _) in enumerate(exam.parts, start=1):
            if key not in answers:
                raise ProblemError(f"this problem has no answer {key!r} (its answers: {', '.join(answers)})",
                                   field=f"parts[{i}]")
            if weights.get(key, 1) == 0:
                raise ProblemError(f"{key!r} has weight 0 in check.weights: a part needs marks", field=f"parts[{i}]")
        chosen = list(exam.parts)
    else:
        wanted = set(default_keys(topic))
        order = [s.key for s in solution.steps]
        chosen = [(k, None) for k in sorted(answers, key=order.index)
                  if k in wanted and not _given(solution, k) and weights.get(k, 1) != 0]
        for key, _ in exam.marks:
            if key not in {k for k, _ in chosen}:
                raise ProblemError(f"not one of the parts asked (parts: {', '.join(k for k, _ in chosen)}); "
                                   "list it under parts to ask it", field=f"marks.{key}")
    parts = []
    own_reasons = dict(exam.reasons)
    topic_reasons = getattr(topic_parts(topic), "REASONS", {})
    for (key, own), label in zip(chosen, _labels()):
        symbol, text = wording(topic, key, solution.problem)
        marks = sp.Rational(weights.get(key, 1))
        if own is not None:
            reason = own_reasons.get(key, "")
        else:  # the topic's wording: its own answer to what that wording asks beyond the value
            reason = topic_reasons[key](solution) or "" if key in topic_reasons else ""
        parts.append(Part(key, label, own if own is not None else text, own is not None, symbol, marks,
                          reason, own is not None))
    return Question(exam.statement, tuple(parts))


def _labels():
    """a, b, …, z, then aa, ab, … (a topic has at most a few dozen keys)."""
    letters = string.ascii_lowercase
    yield from letters
    yield from (a + b for a in letters for b in letters)


def of(solution) -> Question:
    """The solution's question: the one tutor.solve attached, else the topic's default one."""
    return solution.question if solution.question is not None else build(solution)


# --- titles in a sheet or quiz -----------------------------------------------------------------------


def distinct_titles(titles) -> list[str]:
    """Titles made distinct by numbering the repeated ones in order: three problems titled
    Kernel PCA are Kernel PCA (1), (2) and (3); a number another title already has is skipped.

    >>> distinct_titles(["Kernel PCA", "PCA", "Kernel PCA"])
    ['Kernel PCA (1)', 'PCA', 'Kernel PCA (2)']
    """
    titles = list(titles)
    taken = set(titles)
    counts = {t: titles.count(t) for t in titles}
    next_number: dict[str, int] = {}
    out = []
    for title in titles:
        if counts[title] == 1:
            out.append(title)
            continue
        number = next_number.get(title, 1)
        while f"{title} ({number})" in taken:
            number += 1
        next_number[title] = number + 1
        name = f"{title} ({number})"
        taken.add(name)
        out.append(name)
    return out


# --- final answers, for the templates ----------------------------------------------------------------


@dataclass(frozen=True)
class FinalValue:
    """One part's answer as the final-answers box prints it. ``shape`` is scalar (one formula, its
    chunk starting with = or ≈), list (several formulas, separated by commas in text so that a line
    may break between them) or matrix (a displayed formula). ``note`` is plain text to follow them:
    where a value too long for a line is shown by its decimals, it says where the exact one is."""

    shape: str
    chunks: tuple[str, ...]  # LaTeX, one formula each
    note: str = ""
    beside: bool = False  # a matrix narrow enough to stand beside its label (LaTeX sets it so)
    # the number of the step that works this matrix out and displays it (0: none): a LaTeX box too tall for
    # the room left on its page gives the matrix by reference to it ("$\hat K$: see step 6")
    step: int = 0
    # shape "same": the label of an earlier part whose answer is this very matrix (by value), which the box
    # names instead of printing the matrix again; chunks then hold that part's symbol
    same: str = ""


MAX_ROW = 36  # printed characters (see _width) of a vector written on one line, (2, -2, 0)
MAX_INLINE = 100  # characters of LaTeX for one number; a longer one is shown by its decimal
_ELSEWHERE = "exact values in the solution"


@dataclass(frozen=True)
class Form:
    """A number as its solution writes it, for the final answers (see ShownForms)."""

    latex: str
    # The decimal beside it. None: as beside any value, for an irrational value or a form that is not the value's
    # own LaTeX (1 - (19/20)^{10} ≈ 0.4013); False: none, the form says it (3/4 = 75%); True: always, as a table
    # that writes 1/2 = 0.5 and 1/512 ≈ 0.001953 (= when the decimal ends).
    decimal: bool | None = None


# A topic's parts module may define ``shown``, one of these: the form its solution writes each value of an
# answer in (key -> one form per value, None where it has none of its own), so that the box prints that
# form and each value has one form on the page: for a number a Form (or its LaTeX alone: Form(latex)), printed
# with its decimal as Form.decimal says (high-dim's 1 - (19/20)^{10}), "" (or Form("")) for a number the steps
# write by its decimal alone (importance sampling's estimate from drawn samples); for a vector the Scaled its
# steps write, 1/3 (1, 2, 2) or 1/√2 (1, −1).
ShownForms = Callable[[Any], Mapping[str, tuple["str | Form | Scaled | None", ...]]]


def final_value(value, points: bool = False, forms: tuple[str | Form | Scaled | None, ...] | None = None) -> FinalValue:
    """The answer as the box prints it; ``points``: a list of points (rows), which, too wide for a
    line, is displayed as a matrix with a point per row (else a list of vectors as columns);
    ``forms``: the topic's own form of each value (ShownForms): a Form (or LaTeX) for a number of a number
    or list of numbers, a Scaled for a vector of a list of vectors (used only where its value is the answer's)."""
    from .exact.tidy import as_expr
    from .rendering import approx_col, approx_matrix, col, decimal, scaled, tex

    if isinstance(value, sp.MatrixBase):
        too_long = _too_long(value)
        chunk = approx_matrix(value).strip() if too_long else tex(value)
        return FinalValue("matrix", (chunk,), _ELSEWHERE if too_long else "", _beside(chunk))
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        if any(_too_long(v) for v in value):
            return FinalValue("list", tuple(approx_col(v).strip() for v in value), _ELSEWHERE)
        written = [f if isinstance(f, Scaled) and f.value == tuple(v) else None
                   for f, v in zip(tuple(forms or ()) + (None,) * len(value), value)]
        rows = tuple(_vector(v, f) for v, f in zip(value, written))
        if max(_width(r) for r in rows) > MAX_ROW:  # too wide for a line: as the steps write them
            if points:
                return final_value(sp.ImmutableMatrix(value))
            return FinalValue("list", tuple(col(v) if f is None else scaled(f) for v, f in zip(value, written)))
        return FinalValue("list", rows)
    values = value if isinstance(value, tuple) else (value,)
    forms = tuple(Form(f) if isinstance(f, str) else f if isinstance(f, Form) else None for f in forms or ())
    forms = tuple(f if f is not None and len(f.latex) <= MAX_INLINE else None for f in forms)
    forms += (None,) * (len(values) - len(forms))
    long = [form is None and _too_long((v,)) for v, form in zip(values, forms)]
    chunks = tuple(rf"\approx {decimal(v)}" if too else _scalar(as_expr(v)) if form is None
                   else form.latex + _decimal_beside(as_expr(v), form)
                   for v, too, form in zip(values, long, forms))
    note = (_ELSEWHERE if sum(long) > 1 else _ELSEWHERE.replace("values", "value")) if any(long) else ""
    if isinstance(value, tuple):
        return FinalValue("list", chunks, note)
    if forms[0] is not None and forms[0].latex == "" and not as_expr(value).is_Rational:
        return FinalValue("scalar", (rf"\approx {decimal(value)}",))  # the steps write it by its decimal alone
    return FinalValue("scalar", (chunks[0] if long[0] else "= " + chunks[0],), note)


def _decimal_beside(value, form: Form) -> str:
    """What the box writes after a topic's form of a number: its decimal, as Form.decimal says."""
    from .rendering import approx, decimal, exact_decimal, tex

    if form.decimal is False or value.is_Integer:
        return ""
    if form.decimal:  # as the topic's table writes it: = 0.5 when the decimal ends, else ≈
        exact = exact_decimal(value) if value.is_Rational else None
        return f" = {exact}" if exact else rf" \approx {decimal(value)}"
    return approx(value) or (rf" \approx {decimal(value)}" if form.latex != tex(value) else "")


BESIDE_PT = 300.0  # a matrix at most this wide (of the box's ~450pt) stands beside its label


def _beside(latex: str) -> bool:
    """Whether a matrix fits beside its label on one line of the answer box (it then takes the
    matrix's height, not a label line and a display: the box of a 4 × 4 kernel matrix stays short)."""
    from .layout import width

    return width(latex) <= BESIDE_PT


def _width(latex: str) -> int:
    """Roughly how many characters wide LaTeX prints: its commands and braces take no room (a
    fraction counts numerator and denominator, so this errs on the wide side)."""
    return len(re.sub(r"\\[a-zA-Z]+|[{}\s]", "", latex))


def _too_long(values) -> bool:
    """Whether a number among the values prints too long for a line (tex() writes a huge one as a
    decimal with a note already: too long as well)."""
    from .exact.tidy import as_expr
    from .rendering import tex

    for v in values:
        if not as_expr(v).free_symbols:
            body = tex(v)
            if len(body) > MAX_INLINE or r"\text{exact form" in body:
                return True
    return False


def _scalar(value) -> str:
    from .rendering import approx, tex

    if value.free_symbols:  # a polynomial, a feature map's coordinate, a label
        return tex(value)
    return tex(value) + approx(value)


def _vector(entries, form: Scaled | None = None) -> str:
    """A vector (or a point, or an edge code) on one line: (2, -2, 0); an edge code as the post
    writes it, {0, 1, X, a, Y}; with its topic's ``form``, as the steps write it, 1/3 (1, 2, 2)."""
    from .exact.tidy import as_expr, unit_split
    from .rendering import scalar_prefix, tex

    if any(isinstance(as_expr(v), sp.Symbol) for v in entries):
        return r"\{" + ", ".join(tex(v) for v in entries) + r"\}"
    if form is not None:
        return scalar_prefix(form.scalar) + r"\left(" + ", ".join(tex(v) for v in form.entries) + r"\right)"
    # a unit vector as the steps and the notes write it, 1/√2 (1, −1, 0), not (√2/2, −√2/2, 0)
    split = unit_split(entries)
    if split is not None:
        scale, whole = split
        return scalar_prefix(scale) + r"\left(" + ", ".join(tex(v) for v in whole) + r"\right)"
    return r"\left(" + ", ".join(tex(v) for v in entries) + r"\right)"


def final_answers(solution) -> list[tuple[Part, FinalValue]]:
    """(part, its answer) for every part of the solution's question."""
    from . import topics

    parts = topic_parts(topics.get(solution.topic))
    points = getattr(parts, "POINTS", ())
    shown: ShownForms | None = getattr(parts, "shown", None)
    forms = shown(solution) if shown else {}
    answers = solution.answers
    out: list[tuple[Part, FinalValue]] = []
    for part in of(solution).parts:
        value = final_value(answers[part.key], part.key in points, forms.get(part.key))
        if value.shape == "matrix":
            earlier = next((p for p, v in out if v.shape == "matrix" and _equal(answers[p.key], answers[part.key])),
                           None)
            if earlier is not None:  # MDS (f): the recovered distances are (a)'s d², printed once
                value = FinalValue("same", (earlier.symbol,), same=earlier.label)
            else:
                value = replace(value, step=_displayed_in(solution, part.key))
        out.append((part, value))
    return out


def _equal(a, b) -> bool:
    """Whether two answers are the same matrix, by value (not by how they print)."""
    from .exact.tidy import is_zero

    return (isinstance(a, sp.MatrixBase) and isinstance(b, sp.MatrixBase) and a.shape == b.shape
            and all((d := sp.expand(x - y)) == 0 or (not d.free_symbols and is_zero(d)) for x, y in zip(a, b)))


def _displayed_in(solution, key: str) -> int:
    """The number of the step whose result is the answer ``key`` (a step's key equals the answer key
    when it produces it; its template displays the matrix), or 0."""
    answer = solution.answers[key]
    for number, step in enumerate(solution.steps, 1):
        if step.key == key and isinstance(step.result, sp.MatrixBase) and step.result == answer:
            return number
    return 0
