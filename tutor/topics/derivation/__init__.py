"""Topic derivation: the notes' six derivations, each line an identity verified on random matrices.

Fields (besides topic and title): ``derivation`` (one of the six), and what the problem leaves blank:
``fade`` (one line, whose right-hand side is the answer ``line``) or ``blanks`` (up to four: line
numbers K for a right-hand side, "reason K" for a line's reason, answered as ``blank1``, ``blank2``, ``blank3``, ``blank4``
in that order). A line that would give a blank away (the line after it, when it only undoes a
substitution) is hidden as well. A right-hand side is judged by evaluating the student's expression
and ours on the same random exact instances (verify.py); a reason is a letter of the derivation's
menu of rules, or the rule written out. doc.md beside this file shows a problem file and says what
each field and answer means (the topic's page in the docs is built from it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tutor import fields
from tutor.errors import ProblemError
from tutor.escaping import brief
from tutor.steps import Check, Solution, Step, StepData
from tutor.topics.derivation import expr, verify
from tutor.topics.derivation.derivations import ALL, Derivation
from tutor.topics.derivation.value import Expression, Reason, math_text

NAME = "derivation"
SUMMARY = "The notes' derivations (trace maximisation, Gram trick, U/W lemma, Eckart–Young, K̂c = ηc, MDS), line by line"
FIELDS = ("topic", "title", "derivation", "fade", "blanks")
MAX_BLANKS = 4
ANSWER_KEYS = {
    "line": "the right-hand side of the faded line, a matrix expression such as tr(X^T X) - tr(X^T U U^T X) "
            "(only a problem that fades a line, fade: K, asks it)",
    **{f"blank{i}": f"blank {i} of a problem with blanks: a right-hand side (a matrix expression) or a reason "
                    "(a letter of the list of rules, or the rule itself)" for i in range(1, MAX_BLANKS + 1)},
}


@dataclass(frozen=True)
class Blank:
    kind: str  # "line" (its right-hand side) or "reason"
    number: int  # the line, 1-based

    @property
    def describe(self) -> str:
        return f"the right-hand side of line {self.number}" if self.kind == "line" else \
            f"the reason for line {self.number}"


@dataclass(frozen=True)
class Problem:
    title: str
    derivation: str  # a key of derivations.ALL
    blanks: tuple[Blank, ...] = ()
    faded: bool = False  # the one blank of `fade: K`, answered as `line` (else blank1, blank2, …)

    @property
    def spec(self) -> Derivation:
        return ALL[self.derivation]

    @property
    def fade(self) -> int | None:
        """The faded line of `fade: K`, or None."""
        return self.blanks[0].number if self.faded else None

    @property
    def keys(self) -> tuple[str, ...]:
        return ("line",) if self.faded else tuple(f"blank{i}" for i in range(1, len(self.blanks) + 1))

    def blank_of(self, key: str) -> Blank | None:
        return dict(zip(self.keys, self.blanks)).get(key)

    @property
    def hiding(self) -> dict[int, int]:
        """The lines (1-based) not shown, each -> the blank (1-based, in the order asked) it would give away:
        each run of lines after a blanked right-hand side that only undo a substitution, from which the blank
        could be read off."""
        lines = self.spec.lines
        blanked = {b.number: i for i, b in enumerate(self.blanks, start=1) if b.kind == "line"}
        out = {}
        for k, i in blanked.items():
            j = k + 1
            while j <= len(lines) and lines[j - 1].undoes and j not in blanked:
                out[j] = i
                j += 1
        return out

    @property
    def hidden(self) -> frozenset[int]:
        """The lines (1-based) not shown (see hiding)."""
        return frozenset(self.hiding)

    @property
    def unseen(self) -> frozenset[int]:
        """The lines (0-based) whose right-hand side the problem does not show: blanks and hidden lines."""
        return frozenset({b.number - 1 for b in self.blanks if b.kind == "line"} | {k - 1 for k in self.hidden})


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    if "derivation" not in raw:
        raise ProblemError(f"is missing: one of {', '.join(ALL)}", field="derivation")
    name = raw["derivation"]
    if not isinstance(name, str) or name not in ALL:
        import difflib

        hint = difflib.get_close_matches(str(name), ALL, n=1) if isinstance(name, str) else []
        also = f"did you mean {hint[0]!r}? " if hint else ""
        raise ProblemError(f"unknown derivation {brief(name)} ({also}known: {', '.join(ALL)})", field="derivation")
    problem = Problem(fields.text(raw.get("title", ALL[name].title), "title"), name)
    if raw.get("fade") is not None and raw.get("blanks") is not None:
        raise ProblemError("give fade (one line) or blanks (a list), not both", field="blanks")
    if raw.get("blanks") is not None:
        return replace(problem, blanks=_blanks(raw["blanks"], len(ALL[name].lines)))
    return with_fade(problem, raw["fade"]) if raw.get("fade") is not None else problem


_LINE = re.compile(r"(?:line\s*)?(\d{1,3})", re.I)
_REASON = re.compile(r"reason\s*(?:for\s*(?:line\s*)?)?(\d{1,3})", re.I)


def _blanks(raw: object, count: int) -> tuple[Blank, ...]:
    if not isinstance(raw, list) or not raw:
        raise ProblemError("must be a list of blanks, each a line number K or 'reason K', such as [3, reason 5]",
                           field="blanks")
    if len(raw) > MAX_BLANKS:
        raise ProblemError(f"has {len(raw)} blanks; at most {MAX_BLANKS}", field="blanks")
    out: list[Blank] = []
    for i, item in enumerate(raw, start=1):
        where = f"blanks[{i}]"
        text = str(item).strip() if isinstance(item, (int, str)) and not isinstance(item, bool) else ""
        line, reason = _LINE.fullmatch(text), _REASON.fullmatch(text)
        if not (line or reason):
            raise ProblemError(f"must be a line number K or 'reason K', got {brief(item)}", field=where)
        blank = Blank("line" if line else "reason", int((line or reason).group(1)))
        if not 1 <= blank.number <= count:
            raise ProblemError(f"this derivation has lines 1 to {count}, got {blank.number}", field=where)
        if blank in out:
            raise ProblemError(f"{blank.describe} is blank twice", field=where)
        out.append(blank)
    return tuple(out)


def with_fade(problem: Problem, fade: object) -> Problem:
    """The problem with line ``fade`` hidden (the file's field, or `tutor solve --fade K`)."""
    count = len(problem.spec.lines)
    return replace(problem, blanks=(Blank("line", fields.integer(fade, "fade", 1, count)),), faded=True)


@dataclass(frozen=True)
class Row:
    """A line of the derivation as the aligned block sets it: left-hand side ("" when it continues the
    chain), relation, right-hand side, and its reason in the right column."""

    number: int
    lhs: str
    relation: str
    rhs: str
    reason: str  # the rule's text in maths mode
    statement: str  # the whole line, from the chain's start: "lhs rel rhs"
    note: str
    instances: int


@dataclass(frozen=True)
class BlankData(StepData, kind="deriv_blank"):
    worked_checks = True  # the brief level shows the line; its verification is in the full solution
    brief_formula = "trailing"  # "k. Blank 1: line 3. lhs = rhs", as a line of a derivation on paper
    number: int  # the blank's number
    line: int
    kind: str  # "line" or "reason"


@dataclass(frozen=True)
class ChainData(StepData, kind="deriv_chain"):
    worked_checks = True
    rows: tuple[Row, ...]
    shapes: str  # the instances' dimensions, e.g. "d = 3, n = 4, r = 2; …"
    # what the problem statement shows (problem.j2 reads them here): the block with its blanks, what is
    # asked in words, and the menu of rules, (letter, text) each, when a reason is blank
    problem_block: str
    asked: str
    menu: tuple[tuple[str, str], ...]


def solve(problem: Problem) -> Solution:
    """The blanks, each its own step (its answer, and why), then the whole derivation as one aligned block
    with a reason per line, every line verified on random exact instances."""
    spec = problem.spec
    rows = _rows(spec)
    one = len(problem.blanks) == 1
    lettered = any(b.kind == "reason" for b in problem.blanks)  # the sheet lists the rules by letter
    steps = []
    for i, (key, blank) in enumerate(zip(problem.keys, problem.blanks), start=1):
        row, line = rows[blank.number - 1], spec.lines[blank.number - 1]
        name = "The blank" if one else f"Blank {i}"
        check = Check(rf"\text{{line {row.number} holds on {row.instances} random exact instances}}", True)
        data = BlankData(number=i, line=blank.number, kind=blank.kind)
        if blank.kind == "line":
            parsed = verify.parsed_lines(spec.name)[blank.number - 1]
            title = f"{name}, line {blank.number}, by {_reason_text(spec, line.rule, lettered)}"
            steps.append(Step(key, "deriv_blank", title, row.statement, Expression(parsed.rhs, spec.table), data,
                              (check,), line.note))
        else:
            rule = spec.rule(line.rule)
            title = f"{name}, the reason for line {blank.number}: {_reason_text(spec, line.rule, lettered)}"
            steps.append(Step(key, "deriv_blank", title, row.statement,
                              Reason(rule.key, spec.letter(rule.key), rule.text), data, (check,), line.note))
    count = rows[0].instances
    steps.append(Step("derivation", "deriv_chain", "The derivation, line by line",
                      chain(rows, {b.number for b in problem.blanks if b.kind == "line"},
                            {b.number for b in problem.blanks if b.kind == "reason"}),
                      None, ChainData(rows=tuple(rows), shapes=_shapes(spec),
                                      problem_block=problem_chain(problem, rows) if problem.blanks else "",
                                      asked=asked(problem) if problem.blanks else "",
                                      menu=tuple((spec.letter(r.key), r.text) for r in spec.menu)
                                      if any(b.kind == "reason" for b in problem.blanks) else ()),
                      (Check(rf"\text{{every line holds on {count} random exact instances}}", True),)))
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS), (spec.conclusion,))


def _reason_text(spec: Derivation, key: str, lettered: bool = True) -> str:
    """A rule as a blank's step names it: by its letter too when the sheet lists the rules by letter."""
    return f"({spec.letter(key)}) {spec.rule(key).text}" if lettered else spec.rule(key).text


def _rows(spec: Derivation) -> list[Row]:
    table = spec.table
    rows = []
    chain_lhs, chain_rel = "", "="  # a continued line's statement starts where its chain does
    counts = verify.verified(spec.name)  # LineFails: a bug of ours
    for number, (line, parsed, count) in enumerate(zip(spec.lines, verify.parsed_lines(spec.name), counts), start=1):
        lhs = line.lhs_tex or ("" if line.lhs is None else expr.tex(parsed.lhs, table))
        if line.lhs is not None:
            chain_lhs, chain_rel = lhs, line.rel
        elif line.rel != "=":  # "a = b ≥ c" states a ≥ c
            chain_rel = line.rel
        rhs = _tex(parsed.rhs, expr.shape(parsed.lhs, table), table)
        rule = spec.rule(line.rule)
        rows.append(Row(number, lhs, _RELATION[line.rel], rhs, math_text(rule.text),
                        f"{chain_lhs} {_RELATION[chain_rel]} {rhs}", line.note, count))
    return rows


def chain(rows, boxed=frozenset(), reasons=frozenset(), shown=None) -> str:
    r"""The derivation as one aligned block: lhs &rel rhs &&(k)\; reason. ``boxed`` and ``reasons``: the
    lines whose right-hand side or reason is boxed (the solution marks the blanks it fills); ``shown``: line
    number -> (lhs, relation, rhs, reason) as the problem shows them (a blank, a hidden line), in place of
    the row's."""
    shown = shown or {}
    out = []
    for row in rows:
        reason = rf"\boxed{{{row.reason}}}" if row.number in reasons else row.reason
        lhs, rel, rhs, reason = shown.get(row.number, (row.lhs, row.relation, rhs_of(row, boxed), reason))
        out.append(rf"{lhs} &{rel} {rhs} &&\text{{({row.number})}}\quad {reason}")
    return "\\begin{aligned}\n" + " \\\\\n".join(out) + "\n\\end{aligned}"


def rhs_of(row: Row, boxed) -> str:
    return rf"\boxed{{{row.rhs}}}" if row.number in boxed else row.rhs


def problem_chain(problem: Problem, rows) -> str:
    """The aligned block of the problem statement: each blank a numbered box (a single blank "?"), a hidden
    line saying which blank it would give away, in place of its sides (its reason stays, as the notes print
    a line's justification)."""
    one = len(problem.blanks) == 1
    shown = {}
    hiding = problem.hiding
    for row in rows:
        lhs, rel, rhs = row.lhs, row.relation, row.rhs
        if row.number in hiding:
            which = "the blank" if one else f"blank {hiding[row.number]}"
            lhs, rel, rhs = "", "", rf"\text{{(not shown: it gives {which} away)}}"
        shown[row.number] = [lhs, rel, rhs, row.reason]
    for i, blank in enumerate(problem.blanks, start=1):
        box = r"\boxed{\;?\;}" if one else rf"\boxed{{\;{i}\;}}"
        shown[blank.number][2 if blank.kind == "line" else 3] = box
    return chain(rows, shown={k: tuple(v) for k, v in shown.items()})


def asked(problem: Problem) -> str:
    """What the statement asks, in words: "Fill in blank 1, the right-hand side of line 3 and blank 2, the
    reason for line 5." """
    if len(problem.blanks) == 1:
        return f"Fill in the blank: {problem.blanks[0].describe}."
    items = [f"blank {i}, {b.describe}" for i, b in enumerate(problem.blanks, start=1)]
    return "Fill in " + ("; ".join(items[:-1]) + ("; and " if len(items) > 2 else " and ") + items[-1]) + "."


_RELATION = {"=": "=", ">=": r"\ge", "<=": r"\le"}


def _tex(node: expr.Node, shape: tuple[str, str], table) -> str:
    """LaTeX of a side; a 0 against a matrix is the zero matrix, bold as the notes write it."""
    if isinstance(node, expr.Num) and node.value == 0 and shape != ("1", "1"):
        return r"\mathbf 0"
    return expr.tex(node, table)


def _shapes(spec: Derivation) -> str:
    return "; ".join(", ".join(f"{k} = {v}" for k, v in dims.items()) for dims in spec.shapes)


def problem_data(problem: Problem) -> dict:
    out = {"topic": NAME, "title": problem.title, "derivation": problem.derivation}
    if problem.faded:
        out["fade"] = problem.fade
    elif problem.blanks:
        out["blanks"] = [b.number if b.kind == "line" else f"reason {b.number}" for b in problem.blanks]
    return out
