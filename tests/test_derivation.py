"""Topic derivation: every line of the six derivations holds on random exact instances, wrong lines
are caught, and a student's expression for a faded line is read (never eval'd) and judged."""

from __future__ import annotations

import json

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


def _scaled(rhs: expr.Node) -> expr.Node:
    """A wrong rhs: 3/2 times the right one (a zero rhs becomes 𝟏, nothing else is zero)."""
    if isinstance(rhs, expr.Num) and rhs.value == 0:
        return expr.Sym("ones")
    return expr.Prod((expr.Num(sp.Rational(3, 2)), rhs))


@pytest.mark.parametrize("name, index", _line_ids(), ids=lambda x: str(x))
def test_a_wrong_line_is_caught(name, index):
    derivation = ALL[name]
    line = verify.parsed_lines(name)[index]
    if line.rel == "=":
        wrong = (line.lhs, "=", _scaled(line.rhs))
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


@pytest.mark.parametrize("text, message", [
    ("tr(Y)", "unknown symbol 'Y' (allowed: Sigma, U, X, n, I, tr, inv, norm, sqrt)"),
    ("__import__('os')", "unexpected character '_'"),
    ("X^5", "after '^' write T (transpose), -1 (inverse) or a power 2 to 4"),
    ("norm(X)", "write the squared norm"),
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
    data = json.loads(render(solve(str(PROBLEMS / "derivation" / "pca-trace.yaml")), "json"))
    exact = data["answers"]["line"]["exact"]
    value = sp.sympify(exact)
    x = sp.MatrixSymbol("X", *sp.symbols("d n"))
    u = sp.MatrixSymbol("U", *sp.symbols("d r"))
    assert value == sp.Trace(x.T * x) - sp.Trace(x.T * u * u.T * x)


# --- solving and rendering ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_bundled_derivation_solves_and_renders(name):
    solution = solve(str(PROBLEMS / "derivation" / f"{name}.yaml"))
    assert len(solution.steps) == len(ALL[name].lines) and all(s.passed for s in solution.steps)
    fade = solution.problem.fade
    assert solution.step("line").data.number == fade
    md = render(solution, "md")
    problem, worked = md.split("## Solution")
    assert r"\boxed{\;?\;}" in problem and r"\boxed" not in worked  # the problem blanks it, the solution fills it in
    assert ALL[name].conclusion in worked
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
    assert "fade: must be a whole number from 1 to 7" in line


# --- checking a faded line ----------------------------------------------------------------------------


def _verdict(name: str, fade: int, answer):
    checker = Checker(solution_loaded(f"topic: derivation\nderivation: {name}\nfade: {fade}\n"))
    return checker.check(checker.read({"line": answer}, "answers.yaml")).result("line")


@pytest.mark.parametrize("name, fade, answer", [
    ("pca-trace", 3, "tr(X^T X) - tr(X^T U U^T X)"),
    ("pca-trace", 3, "tr(XX^T) - tr(U^TXX^TU)"),  # any expression equal to it
    ("pca-trace", 5, "n tr(U^T Sigma U)"),
    ("gram-trick", 4, "λ/n X v"),
    ("gram-trick", 4, r"\frac{\lambda}{n}\mathbf X\mathbf v"),
    ("uw-lemma", 5, "||y - V'x||^2 + ||x||^2 - ||V'x||^2"),
    ("eckart-young", 2, "norm(Delta - L^T M R)^2"),
    ("kernel-pca", 8, "1/η"),
    ("kernel-pca", 8, "inv(eta)"),
    ("mds", 2, "0"),
    ("mds", 5, "-2 X^T X"),
    ("mds", 6, "-1/2 (I - 1/n ones ones^T) A (I - 1/n 𝟏𝟏ᵀ)"),
    ("gram-trick", 4, "(lambda/n) X v + (2 I - I 2) X v"),  # c·I times a number, in a sum with matrices
    ("mds", 6, "-1/2 H A H + 2 I - I 2"),
])
def test_a_right_expression_is_correct(name, fade, answer):
    result = _verdict(name, fade, answer)
    assert result.verdict == "correct", result.message
    assert result.message == "equal to the right-hand side on all 24 random instances"


@pytest.mark.parametrize("name, fade, answer, verdict, message", [
    ("gram-trick", 4, "lambda X v", "wrong", "it is n times the right-hand side"),
    ("pca-trace", 3, "-tr(X^T X) + tr(X^T U U^T X)", "wrong", "it is -1 times the right-hand side"),
    ("pca-trace", 3, "tr(X^T X) - tr(U U^T)", "wrong", "differs on 24 of 24 random instances"),
    ("gram-trick", 4, "X^T v", "wrong", "cannot multiply n×d by n×1 in X^T v (v is n×1)"),
    ("mds", 5, "-2 X X^T", "wrong", "this is d×d, the line needs n×n"),
    ("mds", 5, "-2 X^T Y", "unreadable", "unknown symbol 'Y' (allowed: A, B, H, X, n, ones, s, I"),
    ("mds", 5, "[1, 2", "unreadable", "write it without brackets"),
    ("mds", 5, True, "unreadable", "write the expression as a string"),
    ("kernel-pca", 8, "inv(c^T c - 1/eta)", "wrong", "has no inverse here"),
    # Every side of a chain has the blank's value: copying a side the problem shows is no step.
    ("gram-trick", 4, "Sigma X v", "wrong", "but it is Sigma (X v), which the problem shows"),
    ("eckart-young", 2, "norm(D - M)^2", "wrong", "but it is norm(D - M)^2, which the problem shows"),
    ("mds", 5, "H A H", "wrong", "but it is H A H, which the problem shows"),
    ("pca-trace", 3, "norm(X - U U^T X)^2", "wrong", "which the problem shows"),
    ("kernel-pca", 3, "Phi^T (Phi Phi^T Phi c)", "wrong", "which the problem shows"),
    ("uw-lemma", 5, "x^T x + y^T V^T V y - 2 y^T V^T x", "wrong", "which the problem shows"),
    ("gram-trick", 4, "Sigma X v - (Sigma - (lambda/n) I) X v", "wrong", "it still has Sigma, which this line eliminates"),
    ("mds", 5, "-2 X^T X H", "wrong", "it still has H, which this line eliminates"),
    ("pca-trace", 5, "tr(U^T X X^T U)", "wrong", "which the problem shows"),
])
def test_a_wrong_expression_says_why(name, fade, answer, verdict, message):
    result = _verdict(name, fade, answer)
    assert result.verdict == verdict and message in result.message, result.message


# The zero scalar, vector and matrix are one value, fitted to the line's shape (issue 29): "0" on a matrix
# line crashed (Zero / Matrix in the factor hint), and "0 ones" for H𝟏 = 0 was "the line needs a scalar".
@pytest.mark.parametrize("name, fade, answer, verdict", [
    *[("gram-trick", fade, zero, "wrong") for fade in (1, 2, 3, 4, 7) for zero in ("0", "0 I", "X - X", "0 X v")],
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
    out = run_cli("check", "derivation/gram-trick", "--fade", "4", str(answers), "--format", "text")
    assert out.exit_code == 0 and "internal error" not in out.stdout + out.stderr
    assert "it is zero" in out.stdout
    for seed in range(1, 30):  # a generated derivation whose faded line is a matrix
        checker = work._checker("derivation", "hard", seed)
        if expr.shape(checker.solution.answers["line"].node, checker.problem.spec.table) != ("1", "1"):
            break
    assert work.check("derivation", "hard", seed, {"line": "0"}).verdicts[0].verdict == "wrong"


def test_cli_fade_blanks_a_line_and_check_takes_it(tmp_path):
    out = run_cli("solve", "derivation/gram-trick", "--fade", "2")
    assert out.exit_code == 0
    problem = out.stdout.split("## Solution")[0]
    assert r"\frac{1}{n} \mathbf X \mathbf K \mathbf v &= \boxed{\;?\;} &&(2)" in problem
    answers = tmp_path / "a.yaml"
    answers.write_text('line: "(1/n) X X^T X v"\n')
    out = run_cli("check", "derivation/gram-trick", "--fade", "2", str(answers), "--format", "text")
    assert out.exit_code == 0 and "correct" in out.stdout
    out = run_cli("solve", "kernel-pca/example3", "--fade", "1")
    assert out.exit_code == 2 and "this problem is no derivation" in out.stderr


def test_numerical_exports_refuse_a_derivation(tmp_path):
    for command in ("moodle", "qti"):
        out = run_cli("export", command, "derivation/mds", "-o", str(tmp_path / "out"))
        assert out.exit_code == 2 and "takes numbers, and no part of this problem asks one" in out.stderr
        assert out.stderr.count("\n") == 1


def test_the_practice_server_reads_and_judges_the_line():
    from tutor.serve import work

    checker = work._checker("derivation", "hard", 7)
    right = str(checker.solution.answers["line"])
    assert work.check("derivation", "hard", 7, {"line": right}).verdicts[0].verdict == "correct"
    assert work.check("derivation", "hard", 7, {"line": f"2 ({right})"}).verdicts[0].verdict == "wrong"
    assert work.preview("derivation", "hard", 7, "line", "X^T X").error is None


# --- generating ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_problems_fade_a_line_of_their_difficulty_reproducibly(difficulty):
    from tutor.generators import generate_one

    for seed in range(1, 6):
        one, again = generate_one("derivation", difficulty, seed), generate_one("derivation", difficulty, seed)
        assert one.data == again.data
        line = ALL[one.data["derivation"]].lines[one.data["fade"] - 1]
        assert line.level == difficulty


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
