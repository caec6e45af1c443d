"""Statements a student can answer (issue 30): the student's sheet (the statement only) of every
generated problem (topic × difficulty × seed) and of every bundled problem holds every input value of
its problem file and never refers to the solution; every part it asks has an answer in the final
answers, and a part that asks why (or to compare) its one-line reason.

The values are compared exactly: each number of the problem file is read as the file's loader reads it,
and the numbers of the sheet's maths are read back from their LaTeX (integers, decimals, fractions,
signs); a value that is no plain rational (ln 2/2, π/6, an expression in x) must appear as the statement
renders it, through the same tex filter.

The sheet is read in Markdown, and also in LaTeX and HTML (their numbers) for the bundled importance-sampling
problems and the kernel-pca exam question. The default run takes one seed per topic and difficulty (seeds 1–10
by turns, about 20 s with the bundled problems); TUTOR_FULL=1 (or TUTOR_STATEMENTS_FULL=1) runs all of seeds 1–10 and every
format for every problem (510 generated problems and the bundled ones: 16 min on a loaded 2-core machine)."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
import sympy as sp

from tutor import generators, solve
from tutor.errors import ProblemError
from tutor.fields import number
from tutor.problem import load_problem, load_problem_text
from tutor.question import asks_why, final_answers
from tutor.rendering import exponent, render, render_sheet, tex

from .conftest import FULL

PROBLEMS = Path(__file__).resolve().parents[1] / "problems"
FULL = FULL or os.environ.get("TUTOR_STATEMENTS_FULL") == "1"
SEEDS = range(1, 11)

# Fields that are not values a student reads: the problem's name and wording, the generator's record, how
# a derivation is set (its blanks are shown as blanks), options named in words (checked as words below).
NOT_VALUES = {"topic", "title", "statement", "parts", "marks", "check", "generated", "fade", "blanks", "derivation"}
# Values given by name (field -> name -> how the statement writes it, any one of the words, case aside).
NAMED = {"kernel.name": {"linear": ("linear",), "polynomial": ("polynomial",), "rbf": ("RBF",)},
         "divisor": {"n": ("by $n$", r"\frac{1}{n}", "1/n", "divided by $n$"), "n - 1": ("by $n - 1$", r"\frac{1}{n - 1}")}}
INFINITY = {"oo", "inf", "infinity", "∞"}
FUNCTIONS = {"sqrt", "exp", "ln", "log", "sin", "cos", "tan", "pi", "e", "exponential", "uniform"}
# The statement refers to the solution (or to its tables).
REFERS = re.compile(r"solution|first table", re.IGNORECASE)
# A seed the samples were drawn with, in place of the samples: only a simulation's seed may be stated.
SEED = re.compile(r"\bseed\b", re.IGNORECASE)


def _seeds(topic: str, difficulty: str) -> tuple[int, ...]:
    if FULL:
        return tuple(SEEDS)
    turn = generators.names().index(topic) * 3 + generators.DIFFICULTIES.index(difficulty)
    return (1 + turn % 10,)  # one of 1–10, the next seed for the next topic and difficulty


CASES = [(t, d, s) for t in generators.names() for d in generators.DIFFICULTIES for s in _seeds(t, d)]


# --- reading the sheet's numbers back ---------------------------------------------------------------------

_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\[(.+?)\\\]|\\\((.+?)\\\)", re.S)  # md and tex; html's \( \[
_SCRIPT = re.compile(r"[_^](\{[^{}]*\}|\\?[A-Za-z]+|\d)")  # x_1, x^{2}: an index or a power is no value
_NUMBER = re.compile(r"(?P<sign>-\s*)?(?:\\frac\{(?P<p>\d+)\}\{(?P<q>\d+)\}|(?P<int>\d+(?:\.\d+)?))")
_BINARY = re.compile(r"[\w)}\]]\s*$")  # a minus after an operand subtracts: x - 3 holds 3, not −3


def maths(text: str) -> str:
    """The sheet's maths, one segment a line, with whitespace made single (HTML's entities read)."""
    text = html.unescape(text) if "</p>" in text else text
    return "\n".join(" ".join(next(g for g in groups if g).split()) for groups in _MATH.findall(text))


def numbers_in(text: str) -> set:
    """Every number written in the maths of a sheet, as an exact value."""
    found = set()
    for segment in maths(text).split("\n"):
        segment = _SCRIPT.sub(" ", segment.replace("{,}", "")).replace(r"\left", "").replace(r"\right", "")
        segment = re.sub(r"\\(begin|end)\{\w+\}|&|\\\\", ",", segment)  # a matrix's cells, one after another
        for m in _NUMBER.finditer(segment):
            value = sp.Rational(m["p"], m["q"]) if m["p"] else sp.Rational(m["int"])
            negative = m["sign"] is not None and not _BINARY.search(segment[:m.start()])
            found.add(-value if negative else value)
    return found


# --- the problem file's values ----------------------------------------------------------------------------


def leaves(data, path=""):
    """(where, value) of every value of the problem file, lists and mappings opened."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not path and key in NOT_VALUES:
                continue
            yield from leaves(value, f"{path}.{key}" if path else key)
    elif isinstance(data, list):
        for i, value in enumerate(data, start=1):
            yield from leaves(value, f"{path}[{i}]")
    else:
        yield path, data


def _shown(where: str, value, text: str, sheet_maths: str, sheet_numbers: set, problem) -> bool:
    """Whether the sheet shows one value of the problem file: a rational among the sheet's numbers (its
    magnitude where a minus sits in a bracketed vector as subtraction would), an exact number or an
    expression as the tex filter writes it, a name as the statement words it."""
    if isinstance(value, bool):
        return True  # a switch, not a value
    if where in NAMED:
        name = " - ".join(part.strip() for part in str(value).lower().split("-"))  # n-1 as n - 1
        return any(w.lower() in text.lower() for w in NAMED[where].get(name, (str(value),)))
    if isinstance(value, str) and value.strip().lower() in INFINITY:
        return r"\infty" in sheet_maths
    own = getattr(problem, where, None)  # a density by name (exponential(1/2)): as the problem holds it
    if isinstance(value, str) and isinstance(own, sp.Expr) and " ".join(tex(own).split()) in sheet_maths:
        return True
    try:
        exact = number(value, "value")
    except ProblemError:
        exact = None
    if exact is not None and exact.is_Rational:
        return exact in sheet_numbers or abs(exact) in sheet_numbers
    if exact is not None:  # as the tex filter writes it, or with its fractions inline (ln(20/19)/3)
        return any(" ".join(form.split()) in sheet_maths for form in (tex(exact), exponent(exact)))
    from tutor.exact.parser import parse_map

    if isinstance(value, str):
        names = set(re.findall(r"[A-Za-z]\w*", value)) - FUNCTIONS
        symbols = {n: sp.Symbol(n, real=True) for n in names}
        try:
            expr = parse_map(value, symbols)
        except Exception:  # a word, such as an edge label or a vertex name
            return re.search(rf"(?<![A-Za-z\\]){re.escape(value)}(?![A-Za-z])", text) is not None
        if " ".join(tex(expr).split()) in sheet_maths:
            return True
        # written another way ((3n − m)/2 as 3/2 n − 1/2 m): its coefficients among the sheet's numbers,
        # its variables in its maths
        coefficients = sp.Poly(sp.expand(expr), *symbols.values()).coeffs() if symbols else [expr]
        return (all(c.is_Rational and (abs(c) == 1 or c in sheet_numbers or abs(c) in sheet_numbers)  # 1 unwritten
                    for c in coefficients)
                and all(re.search(rf"(?<![A-Za-z\\]){n}(?![A-Za-z])", sheet_maths) for n in names))
    return False


def missing_values(data: dict, sheet: str, problem=None, *, words: bool = True) -> list[str]:
    """The values of the problem file the sheet does not show; words=False: its numbers only (a LaTeX or
    HTML sheet is made by the same templates, whose words the Markdown one is checked for)."""
    sheet_maths, sheet_numbers = maths(sheet), numbers_in(sheet)
    return [f"{where} = {value!r}" for where, value in leaves(data)
            if (words or where not in NAMED and not isinstance(value, str) or _is_number(value))
            and not _shown(where, value, sheet, sheet_maths, sheet_numbers, problem)]


def _is_number(value) -> bool:
    try:
        return number(value, "value").is_Rational
    except ProblemError:
        return False


def _as_given(data: dict, problem) -> dict:
    """The file's values as a student needs them: samples drawn with a seed are the samples themselves."""
    if "draw" not in data:
        return data
    given = {k: v for k, v in data.items() if k != "draw"}
    given["samples"] = [str(x) for x in problem.samples]
    return given


# --- the checks -------------------------------------------------------------------------------------------


def check_statement(solution, data: dict, name: str, formats=("md",)):
    for fmt in formats:
        sheet = render_sheet([solution], fmt, figures=False)
        if fmt == "html":
            sheet = sheet.split("<body", 1)[-1]  # not the style sheet and KaTeX in the head
        missing = missing_values(_as_given(data, solution.problem), sheet, solution.problem, words=fmt == "md")
        assert not missing, f"{name} ({fmt}): the sheet does not give {', '.join(missing)}\n{sheet[:3000]}"
    sheet = render_sheet([solution], "md", figures=False)
    body = "\n".join(line for line in sheet.split("\n") if not line.startswith("#"))  # not the titles
    refers = REFERS.findall(body) + (SEED.findall(body) if "simulate" not in data else [])
    assert not refers, f"{name}: the statement refers to {refers}\n{sheet}"
    check_answered(solution, name)


def check_answered(solution, name: str):
    """Every part asked has a value in the final answers, and a part that asks why its reason there."""
    finals = final_answers(solution)
    assert [p.label for p, _ in finals] == [p.label for p in solution.question.parts], name
    box = render(solution, "md", figures=False).split("### Final answers")[1]
    for part, value in finals:
        assert value.chunks and all(c.strip() for c in value.chunks), f"{name} ({part.label}): no value"
        # one part is asked and answered without its label "(a)"
        label = f"**({part.label})**" if len(finals) > 1 else "- "
        assert label in box, f"{name} ({part.label}): not in the final answers"
        if asks_why(part.text):
            assert part.reason, f"{name} ({part.label}) asks {part.text!r} but the final answers give no reason"
            assert (part.reason if not part.reason_own else part.reason[:20]) in box, name


@pytest.mark.parametrize("topic,difficulty,seed", CASES, ids=lambda v: str(v))
def test_every_generated_statement_gives_every_value_and_every_part_is_answered(topic, difficulty, seed):
    drawn = generators.draw_solved(topic, difficulty, seed)
    if drawn is None:
        pytest.skip(f"no {difficulty} {topic} problem for seed {seed}")  # test_generate holds the rates
    generated, loaded, _ = drawn
    check_statement(solve(loaded), generated.data, generated.filename, ("md", "tex", "html") if FULL else ("md",))


BUNDLED = sorted(PROBLEMS.glob("*/*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_statement_gives_every_value_and_every_part_is_answered(path):
    import yaml

    data = yaml.safe_load(path.read_text())
    every = FULL or path.parent.name == "importance-sampling" or path.stem == "exam-question"
    check_statement(solve(load_problem(str(path))), data, f"{path.parent.name}/{path.name}",
                    ("md", "tex", "html") if every else ("md",))


# --- the checks can fail --------------------------------------------------------------------------------


def test_the_number_reader_reads_signs_fractions_and_skips_indices():
    sheet = r"Points $x_1 = (-2, \frac{3}{4})$ and $$X = \begin{bmatrix}- \frac{1}{2} & 5 - 7\end{bmatrix}$$, $f(x) = x^{3}$"
    assert numbers_in(sheet) == {-2, sp.Rational(3, 4), -sp.Rational(1, 2), 5, 7}


def test_a_statement_without_p_and_q_misses_them():
    """The old importance-sampling statement: the points and the samples, no table of p and q."""
    data = {"topic": "importance-sampling", "support": [0, 1, 2], "p": ["1/4", "1/2", "1/4"],
            "q": ["1/3", "1/3", "1/3"], "f": "x^2", "samples": [0, 2, 1, 2]}
    old = (r"A target distribution $p$ and a proposal $q$ live on the points $x \in \{0, 1, 2\}$, with "
           r"$f(x) = x^{2}$. The samples $0, 2, 1, 2$ were drawn from $q$.")
    assert missing_values(data, old) == ["p[1] = '1/4'", "p[2] = '1/2'", "p[3] = '1/4'",
                                         "q[1] = '1/3'", "q[2] = '1/3'", "q[3] = '1/3'"]
    assert REFERS.search("with the values of f in the solution's first table")
    assert SEED.search("Draw $n = 10$ samples from $q$ (seed $715$).")


def test_the_generated_hard_importance_sampling_statement_gives_the_samples_not_a_seed():
    generated, loaded, _ = generators.draw_solved("importance-sampling", "hard", 3)
    assert "draw" not in generated.data and "samples" in generated.data
    sheet = render_sheet([solve(loaded)], "md", figures=False)
    assert "seed" not in sheet.lower()
    assert r"| $q(x)$ |" in sheet and r"| $f(x)$ |" in sheet  # the table, with f's values beside its formula


def test_a_part_that_asks_why_without_a_reason_is_refused():
    text = (PROBLEMS / "kernel-pca" / "exam-question.yaml").read_text()
    without = re.sub(r"\n    reason: .*", "", text)
    with pytest.raises(ProblemError, match="asks for a reason"):
        load_problem_text(without)
    with pytest.raises(ProblemError, match="no text of its own"):
        load_problem_text(text.replace("  - variances\n", "  - {key: variances, reason: because}\n"))


def test_the_why_parts_are_answered_with_their_reason():
    exam = solve(str(PROBLEMS / "kernel-pca" / "exam-question.yaml"))
    box = render(exam, "md").split("### Final answers")[1]
    assert "- **(c)** $\\eta_i$: $6$, $2$, $0$; centring makes every row" in box
    ring = solve(str(PROBLEMS / "pca-feature-map" / "circle-radius.yaml"))
    box = render(ring, "md").split("### Final answers")[1]
    # (b) does one direction explain the data? (e) compare the share
    assert "; no: the two eigenvalues are similar, so no single direction explains the data" in box
    assert "; PC 1's share of the variance rises from $56.25\\%$ to $80\\%$" in box
    poor = solve(str(PROBLEMS / "importance-sampling" / "poor-proposal.yaml"))
    assert "is larger: this proposal hurts" in render(poor, "md").split("### Final answers")[1]


def test_every_structure_of_generated_hard_importance_sampling_states_its_values():
    """Hard importance sampling draws several structures (tests/test_generate_variety.py); one of each among
    seeds 1–20, densities on [0, 1] among them, gives every value in its statement in every format."""
    from tutor.topics.importance_sampling.generator import structure

    seen = {}
    for seed in range(1, 21):
        generated, loaded, _ = generators.draw_solved("importance-sampling", "hard", seed)
        solution = solve(loaded)
        seen.setdefault(structure(solution), (solution, generated))
    assert ("continuous",) in seen and len(seen) >= 5, sorted(seen)
    for shape, (solution, generated) in seen.items():
        check_statement(solution, generated.data, f"{shape[0]} ({generated.filename})", ("md", "tex", "html"))
