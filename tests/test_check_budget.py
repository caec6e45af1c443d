"""Budgets of `tutor check`: whatever a student writes, each answer ends in a verdict.

An answer too large to check is wrong, with the message "too large to check: …" and no
credit; too large to re-solve from, it earns no follow-through. Never a hang, a MemoryError
or exit 3. The hang guards here are generous (speed belongs in bench/).
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import time

import mpmath
import pytest
import sympy as sp

import tutor
from tutor.checking import budget
from tutor.exact.parser import parse, parse_real

HANG = 120  # seconds: only a hang or a runaway computation takes this long

LINEAR = "kernel-pca/linear-three-points"  # K̂ = [[2,0,-2],[0,2,-2],[-2,-2,4]], ḡ = 2
EXAMPLE3 = "kernel-pca/example3"


def check_cli(problem: str, answers: str, tmp_path, *extra: str) -> subprocess.CompletedProcess:
    path = tmp_path / "answers.yaml"
    path.write_text(answers, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "tutor", "check", problem, str(path), "-f", "json", *extra],
                          capture_output=True, text=True, timeout=HANG)


def verdicts(result) -> dict:
    assert result.returncode == 0, result.stderr
    return {k: (v["verdict"], v["message"]) for k, v in json.loads(result.stdout)["answers"].items()
            if v["verdict"] != "missing"}


# --- the inputs that hung or crashed ------------------------------------------------------


def test_a_polynomial_of_degree_a_million_is_too_large_not_a_hang(tmp_path):
    # It expanded ((η+1)^1000)^1000 until 3.9 GB.
    got = verdicts(check_cli(EXAMPLE3, 'char_poly: "((eta+1)^1000)^1000"\n', tmp_path))
    # The parser refuses it as it is read (degree at most 32), before the checker's own budget.
    assert got == {"char_poly": ("unreadable", "could not read it: column 9: degree too high (at most 32)")}


def test_a_huge_form_of_the_right_grand_mean_is_too_large_not_a_memory_error(tmp_path):
    # 2(1+√2)^1000000(√2−1)^1000000 is exactly 2, the grand mean; proving it ran out of memory (exit 3).
    # The parser now refuses it as it is read (beyond 10^1000); the checker's own budget for such a
    # value, should one arrive by another route, is tested below on the SymPy value itself.
    got = verdicts(check_cli(LINEAR, 'grand_mean: "2((1+sqrt(2))^1000)^1000((sqrt(2)-1)^1000)^1000"\n', tmp_path))
    verdict, message = got["grand_mean"]
    assert verdict == "unreadable" and "value too large" in message


SURD_K = '[["sqrt(2)","sqrt(3)","sqrt(5)"],["sqrt(3)","sqrt(7)","sqrt(11)"],["sqrt(5)","sqrt(11)","sqrt(13)"]]'


def test_no_follow_through_from_a_kernel_matrix_of_six_surds(tmp_path):
    # Re-solving from it meant an eigenproblem over a field of degree 64: it ran past 150 s.
    answers = (f"kernel: {SURD_K}\nrow_means: [1, 2, 3]\ncentred_kernel: [[1,0,0],[0,1,0],[0,0,1]]\n"
               "eigenvalues: [1, 2, 3]\nvariances: [1, 2, 3]\n")
    got = verdicts(check_cli(LINEAR, answers, tmp_path))
    assert got["kernel"][0] == "wrong"
    for key in ("eigenvalues", "variances"):
        assert got[key][0] == "wrong"
        assert got[key][1].endswith("; too large to check follow-through from your kernel: "
                                    "its roots span a field of degree 64 (at most 8)")
    for key in ("row_means", "centred_kernel"):  # cheap arithmetic: followed through (and still wrong)
        assert got[key][0] == "wrong" and "follow-through" not in got[key][1]


def test_a_coefficient_beyond_a_float_is_wrong_not_an_overflow(tmp_path):
    # exp(1000.5) ≈ 10^434 overflowed a float while judging the decimal (exit 3).
    got = verdicts(check_cli(EXAMPLE3, 'coefficients: [["exp(1000.5)",0,0],[0,0,0]]\n', tmp_path))
    assert got == {"coefficients": ("wrong", "coefficient vector 1 is not one of them; "
                                              "coefficient vector 2 is not one of them")}


def test_an_unreadable_yaml_scalar_is_exit_2_with_one_line(tmp_path):
    # PyYAML raises ValueError building these scalars (exit 3 before).
    for text, message in (("eigenvalues: 2001-13-45\n", "month must be in 1..12"),
                          ("eigenvalues: " + "1" * 5000 + "\n", "eigenvalues")):
        result = check_cli(EXAMPLE3, text, tmp_path)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and message in result.stderr


def test_tiny_values_everywhere_earn_nothing_and_crash_nothing():
    # Every pca answer exp(−1000.5) ≈ 10^−435: a follow-through gave a zero vector, whose 0/0 reached a
    # float (exit 3); and squares of it underflowed to 0.0, which a decimal tolerance took as a match.
    from tutor.checking.rules import nested, shape_of

    problem = "pca/three-d-two-components"

    def fill(shape, value):
        return value if not shape else [fill(shape[1:], value) for _ in range(shape[0])]

    answers = {k: fill(shape_of(nested(v)), "exp(-1000.5)") for k, v in tutor.solve(problem).answers.items()}
    report = tutor.check(problem, answers)
    assert {r.verdict for r in report.results} == {"wrong"} and report.score == 0


# --- the budgets themselves ------------------------------------------------------------


def number(text: str) -> sp.Expr:
    """A value built by SymPy itself from our own test text (the parser refuses the largest of these as it
    reads them; the budgets must hold for any value that reaches the checker)."""
    return sp.sympify(text.replace("^", "**"), locals={"eta": sp.Symbol("eta")})


def test_enclosures_separate_values_without_exact_work():
    assert budget.differ(number("(1+sqrt(2))^1000"), sp.Integer(2))
    assert not budget.differ(number("sqrt(8)"), 2 * sp.sqrt(2))
    assert budget.differ(number("exp(1000.5)"), sp.Integer(0))
    interval = budget.enclose(sp.pi, 50)
    with mpmath.workdps(60):
        low, high = mpmath.mpf(interval.a), mpmath.mpf(interval.b)
        assert low < mpmath.pi < high and high - low < mpmath.mpf(10) ** -45


@pytest.mark.parametrize("text", ["exp(exp(exp(9)))", "exp(-exp(exp(9)))", "(((sqrt(2)-1)^(-1000))^1000)^10"])
def test_a_value_beyond_the_size_budget_is_uncheckable(text):
    with pytest.raises(budget.Uncheckable, match="too large to check: a value beyond 10"):
        budget.enclose(number(text))


def test_a_large_answer_that_agrees_to_every_digit_tried_is_never_credited_unproved():
    huge_two = number("2*((1+sqrt(2))^1000)^1000*((sqrt(2)-1)^1000)^1000")
    with budget.judging(budget.too_large(huge_two)):
        with pytest.raises(budget.Uncheckable, match="agrees with the value to 990 digits"):
            budget.differ(huge_two, sp.Integer(2))
        # 2 + (√2 − 1)^1000 differs from 2 by 10^−383: the enclosures find it with more digits.
        assert budget.differ(number("2+(sqrt(2)-1)^1000"), sp.Integer(2))


@pytest.mark.parametrize("text,reason", [
    ("((eta+1)^1000)^1000", "a power of degree 1,000,000"),
    ("(eta+sqrt(2))^65", "a power of degree 65"),
    ("(1+sqrt(2))*(1+sqrt(3))*(1+sqrt(5))*(1+sqrt(7))*(1+sqrt(11))*(1+sqrt(13))*(1+sqrt(17))*(1+sqrt(19))*"
     "(1+sqrt(23))*(1+sqrt(29))*(1+sqrt(31))", "about 2,048 terms once multiplied out"),
    ("*".join(["10^999"] * 8), "a number of about 7,992 digits (at most 6,020)"),
])
def test_the_size_of_a_value_is_measured_before_any_symbolic_work(text, reason):
    value = number(text)
    assert reason in budget.too_large(value)


def test_small_values_are_within_every_budget():
    for text in ("eta^3 - 7*eta^2 + 10*eta", "(eta+sqrt(2))^64", "(5+sqrt(5))/2", "exp(-1/2) + 1", "1/sqrt(6)"):
        assert budget.too_large(number(text)) is None


def test_follow_through_recomputes_only_in_a_small_field():
    surds = [number(f"sqrt({p})") for p in (2, 3, 5, 7, 11, 13)]
    assert "field of degree 64" in budget.follow_too_large(surds, [sp.Integer(1)], solves=True)
    assert budget.follow_too_large(surds[:3], [sp.Integer(1)], solves=True) is None
    spread = [number("exp(-1000)"), number("exp(-1/999)")]
    assert "powers up to 999000" in budget.follow_too_large(spread, [sp.E], solves=False)
    assert budget.follow_too_large([number("exp(-1/16)"), number("exp(-4)")], [sp.E], solves=True) is None
    assert "a number of 31 digits (at most 20)" == budget.follow_too_large([number("10^30/7")], [sp.Integer(3)], solves=True)
    # a field no larger than the right answer's is always allowed
    assert budget.follow_too_large(surds, surds, solves=True) is None


def test_the_deadline_ends_a_computation_that_swallows_exceptions():
    start = time.perf_counter()
    with pytest.raises(budget.Deadline):
        with budget.deadline(0.2):
            while True:
                try:
                    sum(range(10**5))
                except Exception:  # SymPy has handlers like this: the deadline is not an Exception
                    pass
    assert time.perf_counter() - start < HANG


def test_a_comparison_the_budgets_miss_ends_at_the_deadline_as_that_answers_verdict(monkeypatch):
    from tutor.checking.grade import Checker
    from tutor.checking.rules import Rule

    class Endless(Rule):
        def compare(self, given, expected, tol, ctx):
            while True:
                sum(range(10**4))

    monkeypatch.setattr(budget, "JUDGE_SECONDS", 0.2)
    checker = Checker(tutor.load_problem(LINEAR))
    checker.rules["eigenvalues"] = Endless()
    report = checker.check(checker.read({"eigenvalues": [6, 2, 0], "variances": [2, "2/3", 0]}, "<test>"))
    assert report.result("eigenvalues").verdict == "wrong"
    assert report.result("eigenvalues").message == "too large to check: comparing it took longer than 0.2 s"
    assert report.result("variances").verdict == "correct"  # the rest of the file is still checked


# --- hostile answers for every key of kernel-pca, pca, svd and mds --------------------------

SURDS = "*".join(f"(1+sqrt({p}))" for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47))
HOSTILE = [
    "((eta+1)^1000)^1000", "((lambda+1)^1000)^1000", "(eta+sqrt(2))^64",  # polynomials
    "2((1+sqrt(2))^1000)^1000((sqrt(2)-1)^1000)^1000", "((1+sqrt(2))^1000)^1000", "2+(sqrt(2)-1)^1000",  # huge powers
    "(sqrt(2)+sqrt(3)+sqrt(5)+sqrt(7)+sqrt(11)+sqrt(13))^64", SURDS, "pi^1000",
    "exp(1000.5)", "exp(-1000.5)", "exp(exp(exp(5)))", "e^(e^(e^2))", "ln(exp(1000))",  # nested exp
    "exp(" * 30 + "0.001" + ")" * 30, "sqrt(" * 30 + "2" + ")" * 30, "(" * 39 + "1" + ")" * 39,  # deep nesting
    "123456789^100/987654321^99", "*".join(["10^999"] * 8), "1e308*1e308", "1e-350",  # giant rationals
    "1/(2^(1/3)+3^(1/5)+5^(1/7))", "(7+5sqrt(2))^(1/3)-sqrt(2)", "9^9^9", "",  # odd roots, refused, empty
    {"a": 1}, None, True, [1, 2], [[[1]]], [[[[1]]]], [1] * 500, [],  # wrong types and shapes, long lists
]
HOSTILE_PROBLEMS = ["kernel-pca/example3", "generated kernel-pca easy 1", "generated kernel-pca hard 2",
                    "pca/three-d-two-components", "svd/three-by-three", "mds/from-points"]


def _problem_file(problem: str, folder) -> str:
    """A bundled problem's name, or the file of a generated one (`tutor generate TOPIC -d D --seed S`)."""
    if not problem.startswith("generated "):
        return problem
    from tutor import generators

    _, topic, difficulty, seed = problem.split()
    path = folder / "problem.yaml"
    path.write_text(generators.generate(topic, difficulty, int(seed), 1)[0].text(), encoding="utf-8")
    return str(path)


def _answer_files(problem: str, folder) -> list:
    """One answers file per key and hostile value, the value alone and filling the key's shape,
    and one file per hostile string giving it for every key at once."""
    from tutor.checking.rules import nested, shape_of

    expected = tutor.solve(problem).answers

    def fill(shape, value):
        return value if not shape else [fill(shape[1:], value) for _ in range(shape[0])]

    files = []
    for key, value in expected.items():
        shape = shape_of(nested(value))
        for i, h in enumerate(HOSTILE):
            files.append(({key: h}, f"{key}-{i}"))
            if shape and isinstance(h, str):
                files.append(({key: fill(shape, h)}, f"{key}-{i}-filled"))
    for i, h in enumerate(HOSTILE):
        if isinstance(h, str):
            files.append(({k: fill(shape_of(nested(v)), h) for k, v in expected.items()}, f"all-{i}"))
    paths = []
    for raw, name in files:
        path = folder / f"{name}.yaml"
        path.write_text(json.dumps(raw), encoding="utf-8")  # JSON is YAML
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("problem", HOSTILE_PROBLEMS)
def test_hostile_answers_are_each_checked_never_an_internal_error(problem, tmp_path):
    problem = _problem_file(problem, tmp_path)
    folder = tmp_path / "class"
    folder.mkdir()
    paths = _answer_files(problem, folder)
    grades = tmp_path / "grades.csv"
    result = subprocess.run([sys.executable, "-m", "tutor", "check", problem, str(folder), "--csv", str(grades)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 2), result.stderr[-2000:]
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    rows = list(csv.DictReader(grades.open(encoding="utf-8")))
    assert sorted(r["file"] for r in rows) == sorted(paths)
    for row in rows:
        if row["error"]:  # an unusable file: the documented one line, exit 2
            assert result.returncode == 2 and "\n" not in row["error"]
        else:
            assert row["score"] != "" and all(v for k, v in row.items() if k not in ("error",))
    for line in result.stderr.splitlines():
        assert line.startswith("error: ")


def test_the_docs_state_the_budgets_the_code_has():
    from .conftest import ROOT

    readme = " ".join((ROOT / "docs" / "guide" / "checking.md").read_text(encoding="utf-8").split())
    for stated in (f"degree at most {budget.MAX_DEGREE}", f"at most {budget.MAX_TERMS} terms",
                   f"rationals of at most {int(budget.MAX_RATIONAL_BITS * 0.30103)} digits",
                   f"10^±{int(budget.MAX_BITS * 0.30103):,}", f"to {', then '.join(map(str, budget.DIGITS))} digits",
                   f"rationals of at most {budget.MAX_FOLLOW_DIGITS} digits", f"degree {budget.MAX_FOLLOW_DEGREE}",
                   f"degree {budget.MAX_ARITHMETIC_DEGREE} for arithmetic alone", f"k ≤ {budget.MAX_FOLLOW_EXP_SPAN}",
                   f"{budget.JUDGE_SECONDS} s per comparison, {budget.DERIVE_SECONDS} s per recomputation",
                   "`too large to check: …`", "`too large to check follow-through from your …`"):
        assert stated in readme, stated
