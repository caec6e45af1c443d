"""Topic derivation: the notes' six derivations, each line an identity verified on random matrices.

Fields (besides topic and title): ``derivation`` (one of the six), ``fade`` (a line number to hide).
Answer key: ``line``, the student's expression for the faded line's right-hand side, judged by
evaluating it and ours on the same random exact instances (tutor/topics/derivation/verify.py).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's
page in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor import fields
from tutor.errors import ProblemError
from tutor.escaping import brief
from tutor.steps import Check, Solution, Step, StepData
from tutor.topics.derivation import expr, verify
from tutor.topics.derivation.derivations import ALL, Derivation
from tutor.topics.derivation.value import Expression

NAME = "derivation"
SUMMARY = "The notes' derivations (trace maximisation, Gram trick, U/W lemma, Eckart–Young, K̂c = ηc, MDS), line by line"
FIELDS = ("topic", "title", "derivation", "fade")
ANSWER_KEYS = {
    "line": "the right-hand side of the faded line, a matrix expression such as tr(X^T X) - tr(X^T U U^T X) "
            "(only a problem that fades a line, fade: K, asks it)",
}


@dataclass(frozen=True)
class Problem:
    title: str
    derivation: str  # a key of derivations.ALL
    fade: int | None  # the line (1-based) shown as a blank, or None

    @property
    def spec(self) -> Derivation:
        return ALL[self.derivation]


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
    problem = Problem(fields.text(raw.get("title", ALL[name].title), "title"), name, None)
    return with_fade(problem, raw["fade"]) if raw.get("fade") is not None else problem


def with_fade(problem: Problem, fade: object) -> Problem:
    """The problem with line ``fade`` hidden (the file's field, or `tutor solve --fade K`)."""
    count = len(problem.spec.lines)
    return replace(problem, fade=fields.integer(fade, "fade", 1, count))


@dataclass(frozen=True)
class LineData(StepData, kind="deriv_line"):
    worked_checks = True  # the brief level shows the line; its verification is in the full solution
    brief_note = False  # brief: the lines and their reasons only
    brief_formula = "trailing"  # brief: "k. reason. lhs = rhs", one line each, like a derivation on paper
    number: int
    continued: bool  # the line continues the previous one ("= …")
    lhs: str  # LaTeX of the sides ("" for a continued line) and of the relation: the problem's aligned block
    relation: str
    shown: str  # the right-hand side as the problem shows it: a blank on the faded line
    instances: int  # random instances the line was verified on
    shapes: str  # their dimensions, e.g. "d = 3, n = 4, r = 2; …"


def solve(problem: Problem) -> Solution:
    """Every line, verified; the faded line's step carries the answer (its right-hand side) and the
    problem statement shows that line with a blank (problem.j2)."""
    spec = problem.spec
    table = spec.table
    steps = []
    chain_lhs, chain_rel = "", "="  # a continued line's statement starts where its chain does
    counts = verify.verified(spec.name)  # LineFails: a bug of ours
    for number, (line, parsed, count) in enumerate(zip(spec.lines, verify.parsed_lines(spec.name), counts),
                                                   start=1):
        faded = number == problem.fade
        lhs = "" if line.lhs is None else expr.tex(parsed.lhs, table)
        if line.lhs is not None:
            chain_lhs, chain_rel = lhs, line.rel
        elif line.rel != "=":  # "a = b ≥ c" states a ≥ c
            chain_rel = line.rel
        rhs = _tex(parsed.rhs, expr.shape(parsed.lhs, table), table)
        # The step states the whole of it (the chain's start = this side), so that a brief line reads alone;
        # the problem's aligned block shows the chain as written (lhs, relation, shown).
        formula = f"{chain_lhs} {_RELATION[chain_rel]} {rhs}"
        check = Check(rf"\text{{holds on {count} random exact instances}}", True)
        data = LineData(number=number, continued=line.lhs is None, lhs=lhs, relation=_RELATION[line.rel],
                        shown=r"\boxed{\;?\;}" if faded else rhs, instances=count, shapes=_shapes(spec))
        steps.append(Step("line" if faded else f"line{number}", "deriv_line", line.title, formula,
                          Expression(parsed.rhs, table) if faded else None, data, (check,), line.note))
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS), (spec.conclusion,))


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
    if problem.fade is not None:
        out["fade"] = problem.fade
    return out
