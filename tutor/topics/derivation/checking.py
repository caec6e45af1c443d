"""Checking a derivation's blanks. A right-hand side is read by the topic's grammar (never sympify) and
judged by value, on the random exact instances the lines were verified on; a reason is a letter of the
derivation's menu of rules, or the rule written out. Follow-through: a line that continues a blanked
line is judged against the student's own answer there when that one was wrong."""

from __future__ import annotations

import re

from tutor.checking.answers import Given, Unreadable
from tutor.checking.compare import EXACT
from tutor.checking.rules import Judgement, Rule
from tutor.checking.variants import FollowThrough
from tutor.errors import ParseError
from tutor.topics.derivation import expr, verify
from tutor.topics.derivation.value import NO_RULE, Expression, Reason


class BlankRule(Rule):
    """The answer for one blank (its key: line, blank1, …): a right-hand side, or a reason."""

    def __init__(self, key: str):
        self.key = key

    def read(self, raw: object, problem) -> Given | Unreadable:
        blank = problem.blank_of(self.key)
        if blank is not None and blank.kind == "reason":
            return read_reason(raw, problem)
        return read_line(raw, problem)

    def judge(self, given, expected, tol, ctx) -> Judgement:
        problem = ctx.problem
        blank = problem.blank_of(self.key)
        if blank.kind == "reason":
            return judge_reason(given.value, expected, problem, blank.number)
        index = blank.number - 1
        ours = verify.parsed_lines(problem.derivation)[index].rhs
        earlier = None if expr.canonical(expected.node) == expr.canonical(ours) else expected.node
        covered = frozenset(k - 1 for k in problem.hidden)
        verdict = verify.judge(problem.spec, index, given.value.node, problem.unseen, covered, earlier)
        return Judgement(EXACT if verdict.correct else None, verdict.message)


    def wrong_text(self, problem, right: str) -> str:
        """A readable answer that is wrong (PrairieLearn's question tester): another rule's letter, or twice
        the right-hand side."""
        blank = problem.blank_of(self.key)
        if blank is not None and blank.kind == "reason":
            spec = problem.spec
            return next(spec.letter(r.key) for r in spec.menu if spec.letter(r.key) != right)
        return f"2 ({right})"


def read_line(raw: object, problem) -> Given | Unreadable:
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        return Unreadable("write the expression as a string, such as \"tr(X^T X)\"")
    table = problem.spec.table
    if isinstance(raw, str) and raw.lstrip().startswith("["):  # as other answers' lists would be
        closed = "]" in raw
        return Unreadable("the line is one expression: write it without brackets"
                          + ("" if closed else " (and this '[' has no closing bracket)"))
    try:
        node = expr.parse(str(raw), table)
        expr.shape(node, table)  # a shape error is a wrong answer, said when judged; here: readable
    except expr.ShapeError:
        pass
    except ParseError as err:
        return Unreadable(err.message)
    return Given(Expression(node, table), False, False)


MAX_REASON = 200  # characters: a rule written out


def _plain(text: str) -> str:
    """A rule as compared: no case, spaces, maths markup or punctuation at the ends; every transpose ^t."""
    text = text.lower()
    for old, new in (("\\top", "t"), ("ᵀ", "^t"), ("'", "^t"), ("‖", "||"), ("\\|", "||"), ("−", "-"),
                     ("\\mathbf", ""), ("\\boldsymbol", ""), ("\\operatorname", ""), ("\\left", ""), ("\\right", ""),
                     ("\\frac1n", "(1/n)"), ("\\frac", ""), ("𝟏", "1"), ("ones", "1"), ("\\hat", "hat"),
                     ("σ", "sigma"), ("λ", "lambda"), ("η", "eta"), ("φ", "phi"), ("δ", "delta"), ("k̂", "khat"),
                     ("*", ""), ("·", "")):
        text = text.replace(old, new)
    return re.sub(r"[\s$\\{}]|^[.(]+|[.)]+$", "", text)


def read_reason(raw: object, problem) -> Given | Unreadable:
    spec = problem.spec
    letters = [spec.letter(r.key) for r in spec.menu]  # A, B, … in order
    span = f"{letters[0]} to {letters[-1]}"
    if isinstance(raw, bool) or not isinstance(raw, str) or not raw.strip():
        return Unreadable(f"give a reason as a letter {span} of the list of rules, or write the rule")
    text = raw.strip()
    if len(text) > MAX_REASON:
        return Unreadable(f"longer than {MAX_REASON} characters: give the rule's letter, {span}")
    letter = re.fullmatch(r"\(?\s*([A-Za-z])\s*\)?\.?", text)
    if letter and letter.group(1).upper() in letters:
        rule = spec.menu[letters.index(letter.group(1).upper())]
        return Given(Reason(rule.key, spec.letter(rule.key), rule.text), False, False)
    if letter:
        return Unreadable(f"there is no rule {letter.group(1).upper()}: the rules are {span}")
    typed = _plain(text)
    for rule in spec.rules:
        if typed in {_plain(t) for t in (rule.text, *rule.typed)}:
            return Given(Reason(rule.key, spec.letter(rule.key), rule.text), False, False)
    # a reason written out that is none of the rules is a wrong reason (graded), as a wrong line is; only a
    # letter outside the list, an empty or an over-long answer is unreadable
    return Given(NO_RULE, False, False)


def judge_reason(given: Reason, expected: Reason, problem, number: int) -> Judgement:
    if not given.key:
        letters = [problem.spec.letter(r.key) for r in problem.spec.menu]
        return Judgement(None, f"that is none of the rules {letters[0]} to {letters[-1]}: the reason for line "
                               f"{number} is one of them (give its letter, or write it as the list does)")
    if given.key == expected.key:
        return Judgement(EXACT, f"({given.letter}) is the reason for line {number}")
    return Judgement(None, f"({given.letter}) is not what takes line {number} from the line before")


def _follows(earlier: str, later: str):
    """The follow-through from blank ``earlier`` to blank ``later``: when the later blank is the next line's
    right-hand side and that line continues the chain, its value is the student's earlier answer."""

    def derive(problem, expected, values):
        one, two = problem.blank_of(earlier), problem.blank_of(later)
        if one is None or two is None or one.kind != "line" or two.kind != "line" or two.number != one.number + 1:
            return {}
        if problem.spec.lines[two.number - 1].lhs is not None:
            return {}
        return {later: values[earlier]}

    return derive


RULES = {key: BlankRule(key) for key in ("line", "blank1", "blank2", "blank3", "blank4")}
FOLLOW_THROUGH = tuple(FollowThrough((f"blank{i}",), (f"blank{i + 1}",), _follows(f"blank{i}", f"blank{i + 1}"))
                       for i in range(1, 4))
