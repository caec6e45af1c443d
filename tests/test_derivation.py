"""Topic derivation: every line of the six derivations holds on random exact instances, wrong lines
are caught, and a student's expression for a faded line is read (never eval'd) and judged."""

from __future__ import annotations

import json
import re

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import render, solve
from tutor.checking.answers import AnswersError
from tutor.checking.grade import Checker
from tutor.errors import ParseError
from tutor.topics.derivation import expr, verify
from tutor.topics.derivation.derivations import ALL

from .conftest import PROBLEMS, problem_error, run_cli, solve_error_line, solve_yaml

NAMES = sorted(ALL)


def _line_ids():
    return [(name, i) for name in NAMES for i in range(len(ALL[name].lines))]


# --- every line, verified; wrong lines caught ---------------------------------------------------------


@pytest.mark.parametrize("name, index", _line_ids(), ids=lambda x: str(x))
def test_every_line_holds_on_at_least_20_random_instances(name, index):
    derivation = ALL[name]
    line = verify.parsed_lines(name)[index]
    assert verify.check_line(derivation, line.lhs, line.rel, line.rhs) >= 20


def test_the_instances_have_several_shapes_and_meet_their_constraints():
    for name in NAMES:
        found = verify.instances(name)
        assert len(found) >= 20 and len({i.dims for i in found}) >= 3, name
    for instance in verify.instances("pca-trace"):
        u = instance.values["U"]
        assert u.T * u == sp.eye(u.cols)  # exactly orthonormal, rationals
        assert instance.values["X"] * sp.ones(instance.values["X"].cols, 1) == sp.zeros(u.rows, 1)  # centred
    for instance in verify.instances("gram-trick"):
        k, v, lam = instance.values["K"], instance.values["v"], instance.values["lambda"]
        assert k * v == lam * v and (v.T * v)[0, 0] == 1 and lam > 0


def _scaled(rhs: expr.Node, table) -> expr.Node:
    """A wrong rhs: 3/2 times the right one (a zero rhs, an n-vector, becomes 𝟏 or the weights a)."""
    if isinstance(rhs, expr.Num) and rhs.value == 0:
        return expr.Sym("ones" if "ones" in table else "a")
    return expr.Prod((expr.Num(sp.Rational(3, 2)), rhs))


@pytest.mark.parametrize("name, index", _line_ids(), ids=lambda x: str(x))
def test_a_wrong_line_is_caught(name, index):
    derivation = ALL[name]
    line = verify.parsed_lines(name)[index]
    if line.rel == "=":
        wrong = (line.lhs, "=", _scaled(line.rhs, derivation.table))
    else:  # the inequality the other way round fails on some instance (it is strict there)
        wrong = (line.lhs, "<=" if line.rel == ">=" else ">=", line.rhs)
    with pytest.raises(verify.LineFails):
        verify.check_line(derivation, *wrong)


@pytest.mark.parametrize("name, lhs, rhs", [
    ("pca-trace", "tr(X^T X - 2 X^T U U^T X + X^T U U^T U U^T X)", "tr(X^T X) - 2 tr(X^T U U^T X)"),  # UᵀU = I forgotten
    ("pca-trace", "tr(U^T X X^T U)", "tr(U^T Sigma U)"),  # the factor n lost
    ("gram-trick", "Sigma (X v)", "lambda (X v)"),  # the eigenvalue of Σ is λ/n
    ("gram-trick", "norm(X v)^2", "v^T X X^T v"),  # (Xv)ᵀ = vᵀXᵀ, not vᵀX
    ("uw-lemma", "norm(x - V y)^2", "norm(x)^2 + norm(y)^2 - 2 x^T V y^T"),  # shapes do not even fit
    ("eckart-young", "norm(D - M)^2", "norm(Delta - M)^2"),  # L, R dropped without rotating M
    ("kernel-pca", "c^T c", "1"),  # the eigenvector of K̂ is not c: c = v/√η
    ("mds", "B", "-2 H A H"),  # −½, not −2
])
def test_a_slip_of_the_notes_kind_is_caught(name, lhs, rhs):
    derivation = ALL[name]
    table = derivation.table
    with pytest.raises((verify.LineFails, expr.ShapeError)):
        verify.check_line(derivation, expr.parse(lhs, table), "=", expr.parse(rhs, table))


# --- the grammar --------------------------------------------------------------------------------------

TABLE = ALL["pca-trace"].table


@pytest.mark.parametrize("text", ["X^T U", "X' U", "Xᵀ U", r"\mathbf X^\top \mathbf U", "X^{T}U", "(U^T X)^T"])
def test_transposes_are_written_every_usual_way(text):
    assert expr.text(expr.parse(text, TABLE)) in ("X^T U", "(U^T X)^T")
    assert expr.shape(expr.parse(text, TABLE), TABLE) == ("n", "r")


def test_run_together_symbols_and_latex_read_as_products():
    assert expr.parse("UU^TX", TABLE) == expr.parse("U U^T X", TABLE)
    assert expr.parse(r"\frac{1}{n}\mathbf{X}\mathbf{X}^\top", TABLE) == expr.parse("(1/n) X X^T", TABLE)
    assert expr.parse(r"\operatorname{tr}(\mathbf U^T \Sigma \mathbf U)", TABLE) == expr.parse("tr(U^T Σ U)", TABLE)
    assert expr.parse("||X||^2", TABLE) == expr.parse("norm(X)^2", TABLE)
    kernel = ALL["kernel-pca"].table
    assert expr.parse("K̂ c", kernel) == expr.parse(r"\hat{K} c", kernel) == expr.parse("Khat c", kernel)
    assert expr.parse(r"\Sigma_\phi u", kernel) == expr.parse("Σ_φ u", kernel) == expr.parse("Sigmaphi u", kernel)


def test_any_power_of_a_norm_is_read_and_the_squared_one_stays_the_usual_form():
    """norm(A)^3 is well formed (PrairieLearn's wrong answer turned a ^2 into ^3 and got a format error):
    it is read, ‖X‖⁴ is (‖X‖²)², and text and LaTeX give the power back."""
    cube = expr.parse("norm(X)^3", TABLE)
    assert expr.text(cube) == "norm(X)^3" and expr.parse(expr.text(cube), TABLE) == cube
    assert expr.parse("||X||^{3}", TABLE) == cube
    assert expr.tex(cube, TABLE).endswith(r"\right\|_F^3")
    assert expr.parse("norm(X)^4", TABLE) == expr.parse("(norm(X)^2)^2", TABLE)
    assert expr.text(expr.parse("norm(X)^4", TABLE)) == "norm(X)^4"
    x = sp.Matrix([[3, 0], [0, 4]])
    assert expr.evaluate(cube, {"X": x}) == 125
    assert expr.evaluate(expr.parse("norm(X)^1", TABLE), {"X": x}) == 5
    assert expr.parse("sqrt(norm(X)^2)", TABLE) != cube  # no root in a root: norm(sqrt(n) X)^3 is refused
    with pytest.raises(ParseError, match="too many square roots"):
        expr.parse("norm(sqrt(n) X)^3", TABLE)


@pytest.mark.parametrize("problem, answer", [
    ("eckart-young", "norm(L^T (L Delta R^T - M) R)^3"),
    ("uw-lemma", "norm(y - V^T x)^3 + norm(x)^2 - norm(V^T x)^2"),
])
def test_a_cubed_norm_is_graded_wrong_not_a_format_error(problem, answer):
    checker = Checker(solution_loaded((PROBLEMS / "derivation" / f"{problem}.yaml").read_text()))
    result = checker.check(checker.read({"blank1": answer}, "answers.yaml")).result("blank1")
    assert result.verdict == "wrong", result.message


@pytest.mark.parametrize("text, message", [
    ("tr(Y)", "unknown symbol 'Y' (allowed: Sigma, U, X, n, I, tr, inv, norm, sqrt)"),
    ("__import__('os')", "unexpected character '_'"),
    ("X^5", "after '^' write T (transpose), -1 (inverse) or a power 2 to 4"),
    ("norm(X)", "write the squared norm"),
    ("norm(X)^5", "after a norm write a power 1 to 4"),
    ("(" * 60 + "X" + ")" * 60, "nested too deeply"),
    ("X" * 3000, "too long"),
    ("(X^T X)^4^4^4", "too many factors"),
    ("X U", "cannot multiply d×n by d×r"),
    ("tr(X)", "X is d×n: only a square matrix has a trace"),
    ("X + U", "cannot add d×n and d×r"),
    ("X" + "'" * 300, "more than 4 transposes, inverses or powers in a row"),  # read_as would nest 400 deep
])
def test_bad_input_is_refused_with_a_reason(text, message):
    with pytest.raises(ParseError) as info:
        node = expr.parse(text, TABLE)
        expr.shape(node, TABLE)
    assert message in info.value.message


def test_text_reads_back_to_the_same_tree():
    for name in NAMES:
        table = ALL[name].table
        for line in verify.parsed_lines(name):
            for node in (line.lhs, line.rhs):
                assert expr.parse(expr.text(node), table) == node


def test_json_exact_strings_are_sympy_matrix_expressions():
    data = json.loads(render(solve_yaml("topic: derivation\nderivation: pca-trace\nfade: 4\n"), "json"))
    exact = data["answers"]["line"]["exact"]
    value = sp.sympify(exact)
    x = sp.MatrixSymbol("X", *sp.symbols("d n"))
    u = sp.MatrixSymbol("U", *sp.symbols("d r"))
    assert value == sp.Trace(x.T * x) - sp.Trace(x.T * u * u.T * x)


# --- solving and rendering ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_bundled_derivation_solves_and_renders(name):
    """Each bundled problem leaves two or three blanks, one a reason: the problem boxes them numbered, the
    solution fills them in (a step each, then the whole chain with the filled blanks boxed)."""
    solution = solve(str(PROBLEMS / "derivation" / f"{name}.yaml"))
    blanks = solution.problem.blanks
    assert len(blanks) >= 2 and any(b.kind == "reason" for b in blanks)
    assert len(solution.steps) == len(blanks) + 1 and all(s.passed for s in solution.steps)
    assert [s.key for s in solution.steps] == [f"blank{i}" for i in range(1, len(blanks) + 1)] + ["derivation"]
    md = render(solution, "md")
    problem, worked = md.split("## Solution")
    for i in range(1, len(blanks) + 1):
        assert rf"\boxed{{\;{i}\;}}" in problem and rf"\boxed{{\;{i}\;}}" not in worked
    assert ALL[name].conclusion in worked and ALL[name].watch_out in worked
    for fmt in ("tex", "html"):
        assert render(solution, fmt, "full")


def test_without_a_fade_there_is_no_answer_to_check():
    solution = solve_yaml("topic: derivation\nderivation: mds\n")
    assert solution.answers == {} and not solution.question.parts
    checker = Checker(solution_loaded("topic: derivation\nderivation: mds\n"))
    with pytest.raises(AnswersError, match="only a problem that fades a line"):
        checker.read({"line": "B"}, "answers.yaml")


def solution_loaded(text: str):
    from tutor import load_problem_text

    return load_problem_text(text, "<test>")


def test_bad_fields_are_one_line_errors(tmp_path):
    assert "derivation: unknown derivation 'pca-trac' (did you mean 'pca-trace'? known: pca-trace, gram-trick" \
        in str(problem_error("topic: derivation\nderivation: pca-trac\n"))
    assert "fade: must be from 1 to 6, got 9" in str(problem_error("topic: derivation\nderivation: mds\nfade: 9\n"))
    _, line = solve_error_line(tmp_path, "topic: derivation\nderivation: gram-trick\nfade: x\n")
    assert "fade: must be a whole number from 1 to 8" in line


# --- checking a faded line ----------------------------------------------------------------------------


def _verdict(name: str, fade: int, answer):
    checker = Checker(solution_loaded(f"topic: derivation\nderivation: {name}\nfade: {fade}\n"))
    return checker.check(checker.read({"line": answer}, "answers.yaml")).result("line")


@pytest.mark.parametrize("name, fade, answer", [
    ("pca-trace", 4, "tr(X^T X) - tr(X^T U U^T X)"),
    ("pca-trace", 4, "tr(XX^T) - tr(U^TXX^TU)"),  # any expression equal to it
    ("pca-trace", 6, "||X||^2 - n tr(U^T Sigma U)"),
    ("gram-trick", 3, "λ/n X v"),
    ("gram-trick", 3, r"\frac{\lambda}{n}\mathbf X\mathbf v"),
    ("uw-lemma", 5, "||y - V'x||^2 + ||x||^2 - ||V'x||^2"),
    ("eckart-young", 2, "norm(Delta - L^T M R)^2"),
    ("kernel-pca", 13, "1/η"),
    ("kernel-pca", 13, "inv(eta)"),
    ("kernel-pca", 7, "eta c"),
    ("mds", 2, "0"),
    ("mds", 5, "X^T X"),
    ("mds", 6, "(I - 1/n ones ones^T) A (I - 1/n 𝟏𝟏ᵀ)"),
    ("gram-trick", 3, "(lambda/n) X v + (2 I - I 2) X v"),  # c·I times a number, in a sum with matrices
    ("mds", 6, "H A H + 2 I - I 2"),
])
def test_a_right_expression_is_correct(name, fade, answer):
    result = _verdict(name, fade, answer)
    assert result.verdict == "correct", result.message
    assert result.message == "equal to the right-hand side on all 24 random instances"


@pytest.mark.parametrize("name, fade, answer, verdict, message", [
    ("gram-trick", 3, "lambda X v", "wrong", "it is n times the right-hand side"),
    ("pca-trace", 4, "-tr(X^T X) + tr(X^T U U^T X)", "wrong", "it is -1 times the right-hand side"),
    ("pca-trace", 4, "tr(X^T X) - tr(U U^T)", "wrong", "differs on 24 of 24 random instances"),
    ("gram-trick", 3, "X^T v", "wrong", "cannot multiply n×d by n×1 in X^T v (v is n×1)"),
    ("mds", 5, "X X^T", "wrong", "this is d×d, the line needs n×n"),
    ("mds", 5, "-2 X^T Y", "unreadable", "unknown symbol 'Y' (allowed: A, B, H, X, n, ones, s, I"),
    ("mds", 5, "[1, 2", "unreadable", "write it without brackets"),
    ("mds", 5, True, "unreadable", "write the expression as a string"),
    ("mds", 5, "-2 X^T X", "wrong", "it is -2 times the right-hand side"),  # A is −½d²: no −2 left
    ("kernel-pca", 13, "inv(c^T c - 1/eta)", "wrong", "has no inverse here"),
    # Every side of a chain has the blank's value: copying a side the problem shows is no step.
    ("gram-trick", 3, "Sigma X v", "wrong", "but it is Sigma (X v), which the problem shows"),
    ("eckart-young", 2, "norm(D - M)^2", "wrong", "but it is norm(D - M)^2, which the problem shows"),
    ("mds", 5, "H A H", "wrong", "but it is H A H, which the problem shows"),
    ("pca-trace", 4, "norm(X - U U^T X)^2", "wrong", "which the problem shows"),
    ("kernel-pca", 3, "Phi^T (Phi Phi^T Phi a)", "wrong", "which the problem shows"),
    ("uw-lemma", 5, "x^T x + y^T V^T V y - 2 y^T V^T x", "wrong", "which the problem shows"),
    ("gram-trick", 3, "Sigma X v - (Sigma - (lambda/n) I) X v", "wrong", "it still has Sigma, which this line eliminates"),
    ("mds", 5, "X^T X H", "wrong", "it still has H, which this line eliminates"),
    ("pca-trace", 3, "tr((X - U U^T X)^T (X - U U^T X))", "wrong", "which the problem shows"),
])
def test_a_wrong_expression_says_why(name, fade, answer, verdict, message):
    result = _verdict(name, fade, answer)
    assert result.verdict == verdict and message in result.message, result.message


# The zero scalar, vector and matrix are one value, fitted to the line's shape (issue 29): "0" on a matrix
# line crashed (Zero / Matrix in the factor hint), and "0 ones" for H𝟏 = 0 was "the line needs a scalar".
@pytest.mark.parametrize("name, fade, answer, verdict", [
    *[("gram-trick", fade, zero, "wrong") for fade in (1, 2, 3, 7) for zero in ("0", "0 I", "X - X", "0 X v")],
    *[("mds", 2, zero, "correct") for zero in ("0", "0 ones", "0 I", "0 H ones", "ones - ones")],
    ("mds", 2, "ones", "wrong"),
    ("mds", 5, "0", "wrong"),
    ("kernel-pca", 1, "0 u", "wrong"),
])
def test_zero_of_any_form_fits_the_line_and_is_judged(name, fade, answer, verdict):
    result = _verdict(name, fade, answer)
    assert result.verdict == verdict, result.message
    if answer != "ones" and verdict == "wrong":
        assert "it is zero, and the right-hand side is not on 24 of 24" in result.message


def test_zero_on_a_matrix_line_is_judged_by_cli_and_practice_server(tmp_path):
    from tutor.serve import work

    answers = tmp_path / "a.yaml"
    answers.write_text('line: "0"\n')
    out = run_cli("check", "derivation/gram-trick", "--fade", "3", str(answers), "--format", "text")
    assert out.exit_code == 0 and "internal error" not in out.stdout + out.stderr
    assert "it is zero" in out.stdout
    for seed in range(1, 30):  # a generated derivation whose first blank is a matrix line
        checker = work._checker("derivation", "easy", seed)
        if expr.shape(checker.solution.answers["blank1"].node, checker.problem.spec.table) != ("1", "1"):
            break
    assert work.check("derivation", "easy", seed, {"blank1": "0"}).verdicts[0].verdict == "wrong"


def test_cli_fade_blanks_a_line_and_check_takes_it(tmp_path):
    out = run_cli("solve", "derivation/gram-trick", "--fade", "2")
    assert out.exit_code == 0
    problem = out.stdout.split("## Solution")[0]
    assert r" &= \boxed{\;?\;} &&\text{(2)}\quad \mathbf K = \mathbf X^T\mathbf X" in problem
    answers = tmp_path / "a.yaml"
    answers.write_text('line: "(1/n) X K v"\n')
    out = run_cli("check", "derivation/gram-trick", "--fade", "2", str(answers), "--format", "text")
    assert out.exit_code == 0 and "correct" in out.stdout
    out = run_cli("solve", "kernel-pca/example3", "--fade", "1")
    assert out.exit_code == 2 and "this problem is no derivation" in out.stderr


def test_numerical_exports_refuse_a_derivation(tmp_path):
    for command, name in (("moodle", "out.xml"), ("qti", "out.zip")):  # a QTI package must be named .zip
        out = run_cli("export", command, "derivation/mds", "-o", str(tmp_path / name))
        assert out.exit_code == 2 and "takes numbers, and no part of this problem asks one" in out.stderr
        assert out.stderr.count("\n") == 1


def test_the_practice_server_reads_and_judges_the_line():
    from tutor.serve import work

    checker = work._checker("derivation", "easy", 7)
    right = str(checker.solution.answers["blank1"])
    assert work.check("derivation", "easy", 7, {"blank1": right}).verdicts[0].verdict == "correct"
    assert work.check("derivation", "easy", 7, {"blank1": f"2 ({right})"}).verdicts[0].verdict == "wrong"
    symbol = checker.problem.spec.symbols[0].name
    assert work.preview("derivation", "easy", 7, "blank1", f"{symbol}^T {symbol}").error is None


# --- a problem with blanks: two lines in a row and a reason -------------------------------------------

TWO = "topic: derivation\nderivation: pca-trace\nblanks: [3, reason 5]\n"
FOLLOW = "topic: derivation\nderivation: kernel-pca\nblanks: [6, 7, reason 10]\n"
CYCLIC = ALL["pca-trace"].letter("cyclic")  # TWO's line 5: tr(AB) = tr(BA)


def _report(text: str, answers: dict):
    checker = Checker(solution_loaded(text))
    return checker.check(checker.read(answers, "answers.yaml"))


def test_a_two_blank_problem_says_what_it_asks_and_boxes_each_blank():
    solution = solve_yaml(TWO)
    problem = render(solution, "md").split("## Solution")[0]
    assert "Fill in blank 1, the right-hand side of line 3 and blank 2, the reason for line 5." in problem
    assert "Prove" not in problem and "Show that" not in problem
    assert r"&= \boxed{\;1\;} &&\text{(3)}\quad \text{Multiply out}" in problem
    assert r"&&\text{(5)}\quad \boxed{\;2\;}" in problem
    # the rules to choose the reason from, lettered, with one the derivation does not use
    assert "**Rules**" in problem and f"({CYCLIC}) $\\operatorname{{tr}}(\\mathbf A\\mathbf B)" in problem
    assert f"({ALL['pca-trace'].letter('transpose')}) " + r"$(\mathbf A\mathbf B)^T = \mathbf B^T\mathbf A^T$" in problem
    assert [p.key for p in solution.question.parts] == ["blank1", "blank2"]


def test_each_blank_of_a_two_blank_problem_is_judged_right_and_wrong():
    right = _report(TWO, {"blank1": "tr(X^T X - 2 X^T U U^T X + X^T U U^T U U^T X)", "blank2": CYCLIC})
    assert [r.verdict for r in right.results] == ["correct", "correct"] and right.score == 2
    typed = _report(TWO, {"blank1": "tr(X^T X) - 2 tr(X^T U U^T X) + tr(X^T U U^T U U^T X)",
                          "blank2": "tr(AB) = tr(BA)"})
    assert [r.verdict for r in typed.results] == ["correct", "correct"]
    wrong = _report(TWO, {"blank1": "tr(X^T X) - tr(X^T U U^T X)", "blank2": "(C)"})
    assert [r.verdict for r in wrong.results] == ["wrong", "wrong"]
    # line 3's value is line 4's too, but line 4 is shown: a copy of it is no step
    assert "which the problem shows" in wrong.result("blank1").message
    assert wrong.result("blank2").message == "(C) is not what takes line 5 from the line before"


@pytest.mark.parametrize("typed, message", [
    ("Z", "there is no rule Z: the rules are A to L"),
    ("", "give a reason as a letter A to L"),
    (3, "give a reason as a letter A to L"),
])
def test_a_reason_that_is_no_rule_is_unreadable(typed, message):
    result = _report(TWO, {"blank2": typed}).result("blank2")
    assert result.verdict == "unreadable" and message in result.message


@pytest.mark.parametrize("typed", ["Pythagoras", "D + 1", r"\href{javascript:x}{y}"])
def test_a_reason_written_out_that_is_no_rule_is_wrong_and_never_echoed(typed):
    # a wrong reason is graded like a wrong line (PrairieLearn scores it 0, not "invalid"); the text read
    # is never put back into TeX or a report
    from tutor.checking.report import render_report

    report = _report(TWO, {"blank2": typed})
    result = report.result("blank2")
    assert result.verdict == "wrong" and "none of the rules A to L" in result.message
    assert all(typed not in render_report(report, fmt) for fmt in ("md", "text", "json"))


@pytest.mark.parametrize("typed", [CYCLIC.lower(), f"({CYCLIC})", f"{CYCLIC}.", "tr(A B) = tr(B A)", "TR(AB)=TR(BA)", "cyclic",
                                   r"\operatorname{tr}(\mathbf A\mathbf B) = \operatorname{tr}(\mathbf B\mathbf A)"])
def test_a_reason_is_read_by_its_letter_or_written_out(typed):
    assert _report(TWO, {"blank2": typed}).result("blank2").verdict == "correct"


def test_the_second_of_two_lines_in_a_row_follows_through_from_the_first():
    """Line 7 continues line 6: a wrong line 6 (2K̂a) with line 7 worked right from it (2ηc) earns
    follow-through; line 7 copied from the wrong line 6 does not."""
    right = _report(FOLLOW, {"blank1": "Khat a", "blank2": "eta c", "blank3": "lines 8 and 9"})
    assert [r.verdict for r in right.results] == ["correct", "correct", "correct"]
    follow = _report(FOLLOW, {"blank1": "2 Khat a", "blank2": "2 eta c"})
    assert follow.result("blank1").verdict == "wrong"
    assert follow.result("blank2").verdict == "follow-through", follow.result("blank2").message
    assert "consistent with your own blank1" in follow.result("blank2").message
    copied = _report(FOLLOW, {"blank1": "2 Khat a", "blank2": "2 Khat a"})
    assert copied.result("blank2").verdict == "wrong"
    assert "it is 2 times the right-hand side" in copied.result("blank2").message
    unrelated = _report(FOLLOW, {"blank1": "2 Khat a", "blank2": "3 eta c"})
    assert unrelated.result("blank2").verdict == "wrong"
    # the reason is no line: nothing follows into it
    assert _report(FOLLOW, {"blank1": "2 Khat a", "blank3": "J"}).result("blank3").verdict == "wrong"


def test_a_line_that_would_give_a_blank_away_is_hidden():
    """pca-trace line 5 undoes line 4's step (tr(AB) = tr(BA) backwards) and line 6 undoes line 5's: with line 4
    blank both are hidden, each saying why, and a copy of line 5 is then no restatement of a shown side."""
    solution = solve_yaml("topic: derivation\nderivation: pca-trace\nblanks: [4]\n")
    assert solution.problem.hidden == {5, 6}
    problem = render(solution, "md").split("## Solution")[0]
    assert problem.count(r"& \text{(not shown: it gives the blank away)} &&") == 2 and r"\cdots" not in problem
    assert r"\left\|\mathbf X\right\|_F^2 - n" not in problem  # line 6 is not shown
    result = _report("topic: derivation\nderivation: pca-trace\nblanks: [4]\n",
                     {"blank1": "norm(X)^2 - tr(U^T X X^T U)"}).result("blank1")
    assert result.verdict == "correct", result.message
    nothing = solve_yaml("topic: derivation\nderivation: pca-trace\nblanks: [3]\n")
    assert nothing.problem.hidden == frozenset()


@pytest.mark.parametrize("name, index", _line_ids(), ids=lambda x: str(x))
def test_the_line_shown_after_a_blank_never_repeats_it(name, index):
    """The next line the problem shows has another right-hand side than the blank (uw-lemma's line 7 repeated
    line 6's, Eckart–Young's line 5 line 4's: they are hidden when that line is blank)."""
    problem = solve_yaml(f"topic: derivation\nderivation: {name}\nblanks: [{index + 1}]\n").problem
    lines = verify.parsed_lines(name)
    shown = [k for k in range(index + 1, len(lines)) if k + 1 not in problem.hidden]
    if shown and shown[0] == index + 1:
        assert expr.canonical(lines[index + 1].rhs) != expr.canonical(lines[index].rhs)


@pytest.mark.parametrize("fmt", ["md", "tex", "html", "json"])
def test_a_two_blank_problem_renders_in_every_format(fmt):
    solution = solve_yaml(TWO)
    for detail in ("brief", "full"):
        out = render(solution, fmt, detail)
        assert "blank 2" in out.lower() or "blank2" in out
    if fmt == "json":
        data = json.loads(render(solution, "json"))
        assert data["answers"]["blank2"]["exact"] == CYCLIC
        assert data["problem"]["blanks"] == [3, "reason 5"]
        chain = next(s for s in data["steps"] if s["key"] == "derivation")
        assert chain["formula"].startswith(r"\begin{aligned}") and r"&&\text{(5)}" in chain["formula"]


def test_a_two_blank_problem_in_the_practice_server_and_prairielearn(tmp_path):
    from tutor import prairielearn
    from tutor.serve import work

    seed = 3
    checker = work._checker("derivation", "hard", seed)
    right = {k: str(v) for k, v in checker.solution.answers.items()}
    assert {v.verdict for v in work.check("derivation", "hard", seed, right).verdicts} == {"correct"}
    wrong = {"blank1": f"2 ({right['blank1']})", "blank3": "A" if right["blank3"] != "A" else "B"}
    verdicts = work.check("derivation", "hard", seed, wrong).verdicts
    assert [v.verdict for v in verdicts] == ["wrong", "missing", "wrong"]
    view = work.view("derivation", "hard", seed)
    assert r"\boxed{\;3\;}" in view.statement and len(view.parts) == 3
    # PrairieLearn: the bundled two-blank problem, generated, parsed and graded through server.py's calls
    problem = tmp_path / "two.yaml"
    problem.write_text(TWO)
    question = prairielearn.problem_question(str(problem))
    folder = tmp_path / "q"
    prairielearn.write([question], str(folder))
    qdir = folder / question.name
    data = {"params": {}, "correct_answers": {}, "variant_seed": 1}
    prairielearn.generate(data, qdir)
    assert data["correct_answers"]["blank2"] == CYCLIC
    for kind, score in (("correct", 1.0), ("incorrect", 0.0)):
        trial = dict(data, test_type=kind)
        prairielearn.trial(trial, qdir)
        assert not trial["format_errors"] and trial["score"] == score, trial


@pytest.mark.parametrize("blanks, message", [
    ("[9]", "blanks[1]: this derivation has lines 1 to 6, got 9"),
    ("[3, 3]", "blanks[2]: the right-hand side of line 3 is blank twice"),
    ("[why 3]", "blanks[1]: must be a line number K or 'reason K', got 'why 3'"),
    ("[1, 2, 3, 4, 5]", "blanks: has 5 blanks; at most 4"),
    ("3", "blanks: must be a list of blanks"),
])
def test_bad_blanks_are_one_line_errors(blanks, message):
    assert message in str(problem_error(f"topic: derivation\nderivation: mds\nblanks: {blanks}\n"))
    assert "not both" in str(problem_error("topic: derivation\nderivation: mds\nfade: 2\nblanks: [3]\n"))


# --- the derivations as the notes write them ----------------------------------------------------------


def test_each_derivation_has_its_own_watch_out_and_typeset_title():
    from tutor.escaping import latex_text

    assert len({d.watch_out for d in ALL.values()}) == len(ALL)
    for name in NAMES:
        solution = solve(str(PROBLEMS / "derivation" / f"{name}.yaml"))
        title = latex_text(solution.title)
        assert "XXT" not in title and "XTX" not in title, title  # a superscript T lost in LaTeX
        assert "Eckart-Young" not in render(solution, "md", "full")


def test_the_rigour_points_are_in_the_lines():
    kernel = ALL["kernel-pca"]
    assert not any(line.lhs == "Khat c" and line.rhs == "eta c" for line in kernel.lines)  # K̂ never cancelled
    assert "null vector" in " ".join(line.note for line in kernel.lines)
    assert "U = V A" not in " ".join(line.rhs for line in ALL["uw-lemma"].lines)
    assert not any(s.name == "A" for s in ALL["uw-lemma"].symbols)
    eckart = ALL["eckart-young"]
    assert "Weyl" in eckart.rule(eckart.lines[3].rule).text and "R^T" in eckart.rule(eckart.lines[2].rule).text
    trace = ALL["pca-trace"]
    assert trace.lines[0].lhs_tex.startswith(r"\sum_{i=1}^n") and "Frobenius" in trace.setting
    assert r"\right\|_F^2" in solve_yaml(TWO).step("derivation").formula


def test_mds_means_by_a_what_the_mds_topic_means():
    """A_ij = −½d²_ij and B = HAH, in the derivation as in the MDS topic (issue 30)."""
    from tutor.topics import mds

    instance = verify.instances("mds")[0].values
    x, a = instance["X"], instance["A"]
    assert a[0, 1] == -((x[:, 0] - x[:, 1]).T * (x[:, 0] - x[:, 1]))[0, 0] / 2
    assert "HAH" in mds.ANSWER_KEYS["b_matrix"] and ALL["mds"].lines[-1].rhs == "H A H"


# --- generating ---------------------------------------------------------------------------------------


def test_generated_difficulty_means_something():
    """easy: one inner line, nothing hidden; medium: one blank, the key step or a reason; hard: two lines and a
    reason (as many blanks for every seed: a blueprint asks the same parts of every variant)."""
    from tutor.generators import generate_one

    for seed in range(1, 16):
        easy, medium, hard = (generate_one("derivation", d, seed).data for d in ("easy", "medium", "hard"))
        assert easy == generate_one("derivation", "easy", seed).data  # reproducible
        count = len(ALL[easy["derivation"]].lines)
        (line,) = easy["blanks"]
        assert isinstance(line, int) and 1 < line < count
        assert solve_yaml(f"topic: derivation\nderivation: {easy['derivation']}\nblanks: [{line}]\n").problem.hidden \
            == frozenset()
        (one,) = medium["blanks"]
        spec = ALL[medium["derivation"]]
        assert str(one).startswith("reason") or spec.lines[one - 1].level == "hard"
        assert len(hard["blanks"]) == 3 and str(hard["blanks"][-1]).startswith("reason")
        assert all(isinstance(k, int) for k in hard["blanks"][:2])


@pytest.mark.parametrize("text, message", [
    ("((2^4)^4)^4^4", "too many factors"),
    ("sqrt(sqrt(n))", "too many square roots"),
    ("sqrt(n) sqrt(n) sqrt(n) sqrt(n) sqrt(n) X", "too many square roots"),
])
def test_numbers_are_bounded_too(text, message):
    with pytest.raises(ParseError, match=message):
        expr.parse(text, TABLE)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="XUΣnI()^T'-+*/ 12tr{}[]|\\_", max_size=60))
def test_any_string_is_read_or_refused_never_crashes(text):
    """Whatever a student types: a tree with a shape and a value on an instance, or a ParseError."""
    try:
        node = expr.parse(text, TABLE)
        expr.shape(node, TABLE)
        expr.evaluate(node, verify.instances("pca-trace")[0].values)
    except ParseError:
        pass


# --- the reviewer's findings: lettering, Weyl's rule, hidden lines, titles ----------------------------


@pytest.mark.parametrize("name", sorted(ALL))
def test_the_menu_letters_do_not_follow_the_lines(name):
    """Lettered in line order, a blanked reason was the letter missing between its neighbours' (mds line 5
    was E between D and F); the menu is lettered in an order of its own, listed A, B, … with the distractors
    among the rules used."""
    spec = ALL[name]
    used = list(dict.fromkeys(spec.letter(line.rule) for line in spec.lines))
    assert used != sorted(used)
    assert [spec.letter(r.key) for r in spec.menu] == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:len(spec.rules)])
    unused = [spec.letter(r.key) for r in spec.rules if r.key not in {line.rule for line in spec.lines}]
    assert unused and min(unused) < max(used)  # a distractor is not simply the last letters


@pytest.mark.parametrize("name", sorted(ALL))
def test_the_menu_has_six_distractors_and_no_rule_quotes_a_line(name):
    """With one or two unused rules a blanked reason was found by elimination; and a reason that reprinted
    another line ("Line 4: K̂K̂a = ηK̂a") gave that line away when it was the blank: lines are named by number."""
    spec = ALL[name]
    used = {line.rule for line in spec.lines}
    assert sum(r.key not in used for r in spec.menu) >= 6
    assert len({r.text for r in spec.menu}) == len(spec.menu)  # no twin rules
    for rule in spec.rules:
        assert not re.match(r"Lines? [0-9 ,and]+:", rule.text) and "(line " not in rule.text


@pytest.mark.parametrize("name, line", [("mds", 5), ("uw-lemma", 5), ("eckart-young", 6)])
def test_a_blanked_reason_is_not_the_letter_between_its_neighbours(name, line):
    spec = ALL[name]
    before, mine, after = (spec.letter(spec.lines[k - 1].rule) for k in (line - 1, line, line + 1))
    assert not (ord(before) < ord(mine) < ord(after) and ord(after) - ord(before) == 2)
    menu = solve_yaml(f"topic: derivation\nderivation: {name}\nblanks: [reason {line}]\n").step("derivation").data.menu
    assert [letter for letter, _ in menu] == sorted(letter for letter, _ in menu)


def test_weyls_rule_in_eckart_young_is_the_inequality_the_line_uses():
    """Weyl with rank N ≤ r: σ_{i+r}(Δ) ≤ σ_i(Δ − N) + σ_{r+1}(N) = σ_i(Δ − N); the menu said σ_{i+r}(Δ − N)."""
    text = ALL["eckart-young"].rule("weyl").text
    assert r"\sigma_i(\boldsymbol\Delta - \mathbf N) \ge \delta_{i+r}" in text and r"\sigma_{i+r}" not in text


def test_a_hidden_line_says_which_blank_it_would_give_away():
    """A problem file may blank a line a later one gives away (U, W lemma line 6, given by line 7): that line
    is hidden and says which blank it would give away (it printed as "⋯ = ⋯")."""
    from tutor.problem import load_problem_text

    text = "topic: derivation\nderivation: uw-lemma\nblanks: [4, 6, \"reason 5\"]\n"
    solution = solve(load_problem_text(text, "uw.yaml"))
    assert solution.problem.hiding == {7: 2}
    block = solution.step("derivation").data.problem_block
    assert r"\cdots" not in block
    assert r"\text{(not shown: it gives blank 2 away)} &&\text{(7)}" in block


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_derivations_hide_no_line_and_cite_letters_only_with_a_menu(difficulty):
    # A sheet that prints "(not shown: …)" in the chain reads wrongly (Eckart–Young's line 6 then seemed part of
    # the ≥ chain); the generator draws blanks no later line gives away. Rule letters name rules only on a
    # sheet that lists them, i.e. when a reason is blank.
    from tutor.generators import draw_solved

    for seed in range(1, 11):
        drawn = draw_solved("derivation", difficulty, seed)
        assert drawn is not None
        solution = drawn[2]
        assert not solution.problem.hidden, (difficulty, seed)
        menu = solution.step("derivation").data.menu
        titles = " ".join(step.title for step in solution.steps)
        assert bool(re.search(r"\([A-Z]\) ", titles)) == bool(menu), (difficulty, seed, titles)


def test_titles_fit_one_line_of_the_pdf():
    """The kernel-PCA title (68 characters) wrapped onto a second line of the PDF's title."""
    import yaml

    titles = [spec.title for spec in ALL.values()]
    titles += [yaml.safe_load(path.read_text())["title"] for path in sorted((PROBLEMS / "derivation").glob("*.yaml"))]
    assert all(len(title) <= 55 for title in titles), [t for t in titles if len(t) > 55]


@pytest.mark.parametrize("difficulty", ["medium", "hard"])
def test_a_generated_reason_blank_is_not_printed_beside_another_line(difficulty):
    # gram-trick's blank "the reason for line 5" was Kv = λv, printed as line 3's reason: copied, not chosen
    from tutor.generators import draw_solved

    for seed in range(1, 11):
        solution = draw_solved("derivation", difficulty, seed)[2]
        spec = solution.problem.spec
        for blank in solution.problem.blanks:
            if blank.kind == "reason":
                rule = spec.lines[blank.number - 1].rule
                assert sum(line.rule == rule for line in spec.lines) == 1, (difficulty, seed, blank.number)
