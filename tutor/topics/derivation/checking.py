"""Checking a derivation's faded line: the student's expression is read by the topic's grammar
(never sympify) and judged by value, on the random exact instances the lines were verified on."""

from __future__ import annotations

from tutor.checking.answers import Given, Unreadable
from tutor.checking.compare import EXACT
from tutor.checking.rules import Judgement, Rule
from tutor.errors import ParseError
from tutor.topics.derivation import expr, verify
from tutor.topics.derivation.value import Expression


class LineRule(Rule):
    """The right-hand side of the faded line: right when it equals ours on every instance."""

    def read(self, raw: object, problem) -> Given | Unreadable:
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

    def judge(self, given, expected, tol, ctx) -> Judgement:
        problem = ctx.problem
        verdict = verify.judge(problem.spec, problem.fade - 1, given.value.node)
        return Judgement(EXACT if verdict.correct else None, verdict.message)


RULES = {"line": LineRule()}
