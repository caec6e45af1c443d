"""Every `exact` string of `tutor solve --format json` is one SymPy's sympify reads, with the value of `approx`.

sympify evaluates its input, so tutor never calls it on a user's text; here it reads tutor's own
output, which is what a consumer of the JSON does. Names of implicitly defined numbers (rho_1,
v_1_2) are symbols in the strings, defined under "names": the test substitutes their certified
decimals and checks those against their polynomials and isolating intervals.
"""

from __future__ import annotations

import re

import pytest
import sympy as sp

from tutor import generators, load_problem, load_problem_text, solve
from tutor.rendering import to_json

from .conftest import PROBLEMS

BUNDLED = sorted(PROBLEMS.glob("*/*.yaml"))
SEEDS = (1, 2)

# The input of issue 14 (30 to 70 s before the budget): its eigenvalues are named roots over Q(e^(-1/36)).
NAMED = ("topic: kernel-pca\npoints: [[-3, '3/2'], ['-5/3', '1/3'], [0, '1/3']]\n"
         "kernel: {name: rbf, gamma: 1}\n")


def _strings(exact, approx):
    """(exact string, approx float or None) pairs of one answer, however nested."""
    if isinstance(exact, list):
        approx = approx if isinstance(approx, list) else [None] * len(exact)
        for e, a in zip(exact, approx):
            yield from _strings(e, a)
    else:
        yield exact, approx


def _name_values(data: dict) -> dict:
    return {sp.Symbol(name): sp.Float(entry["decimal"], 35) for name, entry in data.get("names", {}).items()}


def _numbers(node, key: str = ""):
    """(key, {"exact", "approx"}) for every number anywhere in the data: the answers, and the
    coordinates of the steps' figures."""
    if isinstance(node, dict):
        if set(node) >= {"exact", "approx"}:
            yield key, node
            return
        for k, v in node.items():
            yield from _numbers(v, f"{key}.{k}" if key else k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _numbers(v, f"{key}[{i}]")


def _assert_readable(data: dict, where: str):
    values = _name_values(data)
    for key, answer in _numbers({"answers": data["answers"], "steps": data["steps"]}):
        if data.get("topic") == "derivation" and re.fullmatch(r"[A-Z]", str(answer["exact"])):
            continue  # a reason's answer is the letter of a rule in the menu (N is SymPy's N()), not a value
        for text, approx in _strings(answer["exact"], answer["approx"]):
            value = sp.sympify(text)  # raises on anything SymPy cannot read (e.g. a keyword, v[...])
            unknown = value.free_symbols - set(values)
            if approx is None:
                continue
            assert not unknown, f"{where}: {key}: {text!r} has undefined names {unknown}"
            number = complex(sp.N(value.xreplace(values), 20))
            assert abs(number.imag) < 1e-9 and number.real == pytest.approx(approx, rel=1e-9, abs=1e-12), \
                f"{where}: {key}: {text!r} is {number}, approx says {approx}"


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_exact_string_of_a_bundled_problem_is_sympy_readable(source):
    _assert_readable(to_json(solve(str(source))), str(source))


@pytest.mark.parametrize("topic", sorted(generators.names()))
def test_every_exact_string_of_generated_problems_is_sympy_readable(topic):
    for difficulty in generators.DIFFICULTIES:
        for seed in SEEDS:
            drawn = generators.draw_solved(topic, difficulty, seed)
            if drawn is None:
                continue
            _, _, solution = drawn
            _assert_readable(to_json(solution), f"{topic} {difficulty} seed {seed}")


def test_pca_polynomials_are_in_lamda_which_sympify_reads():
    data = to_json(solve(str(PROBLEMS / "pca" / "two-d-one-component.yaml")))
    polynomial = sp.sympify(data["answers"]["char_poly"]["exact"])
    assert polynomial.free_symbols == {sp.Symbol("lamda")}


def test_named_roots_are_defined_by_their_polynomial_and_a_certified_interval():
    data = to_json(solve(load_problem_text(NAMED)))
    assert data["answers"]["eigenvalues"]["exact"] == ["rho_1", "rho_2", "0"]
    _assert_readable(data, "issue 14")
    x = sp.Symbol("x")
    for name in ("rho_1", "rho_2"):
        entry = data["names"][name]
        polynomial = sp.Poly(sp.sympify(entry["polynomial"]), x)
        lo, hi = (sp.Rational(end) for end in entry["interval"])
        # The interval holds a root: the polynomial changes sign across it (decided exactly by SymPy).
        assert sp.sign(polynomial.eval(lo).evalf(60)) * sp.sign(polynomial.eval(hi).evalf(60)) == -1
        # The decimal is the root rounded to 30 digits.
        assert hi - lo < sp.Rational(1, 10**30) and abs(sp.Rational(entry["decimal"]) - lo) < sp.Rational(1, 10**29)
    entry = data["names"]["v_1_1"]
    assert entry["matrix"] == "M_1" and entry["eigenvalue"] == "rho_1" and entry["entry"] == 1
    assert data["matrices"]["M_1"] == data["answers"]["centred_kernel"]["exact"]


def test_a_bundled_problem_without_named_numbers_has_no_names_section():
    assert "names" not in to_json(solve(str(PROBLEMS / "kernel-pca" / "example3.yaml")))
