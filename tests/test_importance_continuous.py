"""Topic importance-sampling on an interval: the notes' examples as problem files, every exact integral
against mpmath's quadrature on generated problems, the refusals, tutor check and the renderings."""

from __future__ import annotations

import json
import random

import mpmath
import pytest
import sympy as sp

import tutor
from tutor.exact.parser import parse_map
from tutor.topics.importance_sampling import continuous
from tutor.topics.importance_sampling.continuous import X

from .conftest import PROBLEMS, problem_error, run_cli, solve_error_line, solve_yaml

R = sp.Rational
HERE = PROBLEMS / "importance-sampling"


def _yaml(interval, p, q, f="x", tail="samples: [1/2]"):
    return (f"topic: importance-sampling\ninterval: {interval}\np: \"{p}\"\nq: \"{q}\"\nf: \"{f}\"\n{tail}\n")


def test_the_notes_trick_on_a_quadratic_target():
    """E(f) = ∫ f p = ∫ f (p/q) q with p = 3x² on [0, 1], q uniform, f = x, worked by hand."""
    solution = tutor.solve(str(HERE / "quadratic-target.yaml"))
    answers = solution.answers
    assert answers["exact"] == R(3, 4)  # ∫ 3x³
    assert solution.step("weights").data.weight == 3 * X**2  # w = p/q
    assert answers["weights"] == (R(3, 16), R(3, 4), R(27, 16), R(3))  # at 1/4, 1/2, 3/4, 1
    assert answers["estimate"] == (R(3, 64) + R(3, 8) + R(81, 64) + 3) / 4
    assert answers["variance_is"] == R(9, 7) - R(9, 16)  # ∫ x² 9x⁴ − (3/4)²
    assert answers["variance_mc"] == R(3, 5) - R(9, 16)  # ∫ x² 3x² − (3/4)²
    problem = solution.problem
    assert sp.integrate(problem.f * (problem.p / problem.q) * problem.q, (X, 0, 1)) == answers["exact"]


def test_an_exponential_pair_on_the_half_line():
    """p = e^(−x), q = ½ e^(−x/2) (heavier tails), f = x: a finite variance, samples drawn by Q⁻¹."""
    solution = tutor.solve(str(HERE / "exponential-pair.yaml"))
    answers = solution.answers
    assert answers["exact"] == 1
    assert answers["variance_is"] == 2 * R(2) / R(3, 2) ** 3 - 1  # 2∫x² e^(−3x/2) − 1 = 5/27
    assert answers["variance_mc"] == 1
    problem = solution.problem
    assert problem.cdf == 1 - sp.exp(-X / 2)
    for u, x in zip(problem.uniforms, problem.samples):  # each sample is Q⁻¹(u) exactly, u = k/100
        assert sp.simplify(problem.cdf.subs(X, x) - u) == 0 and 0 < u < 1 and u.q in (1, 2, 4, 5, 10, 20, 25, 50, 100)
    again = tutor.solve(str(HERE / "exponential-pair.yaml"))
    assert again.step("samples").result == solution.step("samples").result
    assert continuous.uniform_draws(8, 2026) != continuous.uniform_draws(8, 2027)


def test_a_proposal_with_lighter_tails_has_infinite_variance():
    solution = tutor.solve(str(HERE / "light-tailed-proposal.yaml"))
    assert solution.answers["exact"] == 1
    assert "variance_is" not in solution.answers and solution.answers["variance_mc"] == 1
    step = solution.step("variance_is_infinite")
    assert "diverges" in step.note and "infinite" in step.note
    assert "worse than sampling from $p$" in solution.step("variance_mc").data.verdict
    text = tutor.render(solution, "md", "full")
    assert r"\infty" in text


# --- every exact integral against numerical quadrature ----------------------------------------------

def _poly(rng, degree, low):
    """Positive on [low, oo): non-negative coefficients in powers of x − low, plus 1."""
    return " + ".join(f"{rng.randint(0, 4)}*(x - ({low}))^{k}" for k in range(degree + 1)) + " + 1"


def _normalised(text, low, high):
    expr = parse_map(text, {"x": X})
    return f"({text})/({sp.integrate(expr, (X, low, high))})"


def _generated(rng):
    """A random problem: polynomial densities on a finite interval, or exponential ones on [a, oo)."""
    f = rng.choice(["x", "x^2", "x^2 - x", "2*x + 1", "x^3", "1", "(x - 1)^2"])
    if rng.random() < 0.6:
        low = rng.randint(-1, 1)
        high = low + rng.randint(1, 3)
        p = _normalised(_poly(rng, rng.randint(0, 3), low), low, high)
        q = rng.choice(["uniform", _normalised(_poly(rng, rng.randint(0, 2), low), low, high)])
        samples = sorted({R(rng.randint(0, 8), 8) * (high - low) + low for _ in range(4)})
        return f"[{low}, {high}]", p, q, f, f"samples: {[str(s) for s in samples]}"
    low = rng.randint(0, 2)
    a, b = R(rng.randint(2, 8), 4), R(rng.randint(2, 8), 4)
    p = rng.choice([f"exponential({a})", f"({a})^2*(x - {low})*exp(-({a})*(x - {low}))"])
    return f"[{low}, oo]", p, f"exponential({b})", f, f"draw: {{n: 3, seed: {rng.randint(0, 99)}}}"


def _quad(expr, low, high):
    function = sp.lambdify(X, expr, "mpmath")
    return mpmath.quad(function, [low, mpmath.inf if high is sp.oo else high])


def _close(exact, numeric):
    return abs(float(sp.N(exact, 30)) - float(numeric)) <= 1e-9 * max(1.0, abs(float(numeric)))


def test_every_exact_integral_matches_quadrature():
    rng = random.Random(22)
    checked = divergent = 0
    for _ in range(32):
        interval, p, q, f, tail = _generated(rng)
        yaml = f"topic: importance-sampling\ninterval: {interval}\np: \"{p}\"\nq: \"{q}\"\nf: \"{f}\"\n{tail}\n"
        solution = solve_yaml(yaml)
        problem = solution.problem
        low, high = problem.low, problem.high
        assert _close(1, _quad(problem.p, low, high)) and _close(1, _quad(problem.q, low, high)), yaml
        mean = _quad(problem.f * problem.p, low, high)
        assert _close(solution.answers["exact"], mean), yaml
        assert _close(solution.answers["variance_mc"] + solution.answers["exact"] ** 2,
                      _quad(problem.f**2 * problem.p, low, high)), yaml
        if "variance_is" in solution.answers:
            second = _quad(problem.f**2 * problem.p**2 / problem.q, low, high)
            assert _close(solution.answers["variance_is"] + solution.answers["exact"] ** 2, second), yaml
        else:  # stated infinite: the integral up to a far end keeps growing
            divergent += 1
            integrand = problem.f**2 * problem.p**2 / problem.q
            assert _quad(integrand, low, low + 60) > 2 * _quad(integrand, low, low + 20) > 0, yaml
        # the estimate is the average of f·w at the samples, w = p/q evaluated in floating point
        values = [float(sp.N((problem.f * problem.p / problem.q).subs(X, x))) for x in problem.samples]
        assert _close(solution.answers["estimate"], sum(values) / len(values)), yaml
        checked += 1
    assert checked == 32 and 0 < divergent < 32


# --- refusals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,field,words", [
    (_yaml("[0, 1]", "1", "2*x"), "q", "at x = 0, q(x) = 0 but p(x) = 1"),
    (_yaml("[0, 1]", "1", "1", "1/x"), "f", "diverges"),
    (_yaml("[0, 1]", "1", "1", "1/(x - 1/2)^2"), "f", "diverges"),  # a pole inside: an antiderivative says -4
    (_yaml("[0, 1]", "1", "1", "1/(x - 1/2)"), "f", "diverges"),  # its principal value 0 is no integral
    (_yaml("[0, oo]", "exp(-x)", "exp(-x)", "1/(x - 1)^2"), "f", "diverges"),  # a pole on [0, oo)
    (_yaml("[0, 2]", "2*x", "uniform"), "p", "integrates to 4 over the interval, not 1"),
    (_yaml("[0, 1]", "4*x - 1", "1"), "p", "negative somewhere"),
    (_yaml("[1, oo]", "1/x", "exp(1 - x)"), "p", "diverges, so it is not a density"),
    (_yaml("[0, 1]", "x^20", "1"), "p", "a power of an expression in x"),
    (_yaml("[0, 1]", "1", "1", "exp(100*x)"), "f", "coefficients of size at most 20"),
    (_yaml("[0, 1]", "1", "1", "exp(x^3)"), "f", "degree at most 2"),
    (_yaml("[-1, 1]", "1/2", "uniform", "sqrt(x)"), "f", "negative somewhere on the interval"),
    (_yaml("[0, oo]", "exp(-x)", "uniform"), "q", "no uniform density on an infinite interval"),
    (_yaml("[0, 1]", "exponential(2)", "1"), "p", "a density on [a, oo)"),
    (_yaml("[0, 1]", "1", "1", tail="samples: [2]"), "samples[1]", "outside the interval"),
    (_yaml("[1, 0]", "1", "1"), "interval", "needs a < b"),
    (_yaml("[oo, 1]", "1", "1"), "interval[1]", "only the upper end"),
    (_yaml("[0, 1]", "1", "1", tail="draw: {n: 2}\nsamples: [1/2]"), "samples", "either samples"),
    (_yaml("[0, 1]", "4*x^3", "(x^3 + 1/4)*4/2", tail="draw: {n: 2, seed: 1}"), "draw", "no short exact inverse"),
    # p = 1/(2√x) is a density on [0, 1], but a sample at 0 would weigh infinitely (was a crash in rendering)
    (_yaml("[0, 1]", "1/(2*sqrt(x))", "uniform", "x", tail="samples: [0, 1/4]"), "samples[1]",
     "p(x) is not finite at the sample x = 0"),
    # whether a root's radicand goes negative is a question to SymPy too, under the limit (was a crash)
    (_yaml("[0, 1]", "3*x^2", "uniform", "sqrt(exp(x) - 2*x)"), "f", "SymPy could not find where"),
])
def test_bad_continuous_problems_name_their_field(text, field, words):
    error = problem_error(text)
    assert error.field == field and words in error.message, (error.field, error.message)


def test_every_integral_is_under_a_time_limit(monkeypatch):
    monkeypatch.setattr(continuous, "SECONDS", 1e-6)
    error = problem_error(_yaml("[0, 1]", "3*x^2", "uniform", "x"))
    assert "within" in error.message and "exactly" in error.message


def test_a_bad_continuous_file_is_one_line_and_exit_2(tmp_path):
    path, line = solve_error_line(tmp_path, _yaml("[0, 1]", "1", "2*x"))
    assert line.startswith(f"error: {path}: q: at x = 0, q(x) = 0 but p(x) = 1")


def test_the_discrete_form_still_refuses_an_interval_with_a_support():
    error = problem_error("topic: importance-sampling\ninterval: [0, 1]\nsupport: [0, 1]\np: 1\nq: 1\nf: x\n"
                          "samples: [0]\n")
    assert error.field == "support"


# --- tutor check and the renderings -----------------------------------------------------------------

def test_check_right_and_the_named_mistakes():
    path = str(HERE / "quadratic-target.yaml")
    right = {"exact": "3/4", "weights": ["3/16", "3/4", "27/16", "3"], "estimate": "75/64",
             "self_normalised": "5/6", "variance_is": "81/112", "variance_mc": "3/80"}
    report = tutor.check(path, right)
    assert all(r.verdict == "correct" for r in report.results), report
    wrong = tutor.check(path, {"exact": "1/2", "weights": ["16/3", "4/3", "16/27", "1/3"], "estimate": "5/8",
                               "variance_is": "9/7"})
    verdicts = {r.key: (r.verdict, r.mistake) for r in wrong.results}
    assert verdicts["exact"] == ("wrong", None)
    assert verdicts["weights"] == ("mistake", "weights_inverted")  # q/p = 1/(3x²)
    assert verdicts["estimate"] == ("mistake", "unweighted_average")  # (1/4 + 1/2 + 3/4 + 1)/4
    assert verdicts["variance_is"] == ("mistake", "second_moment_not_variance")


@pytest.mark.parametrize("name", ["quadratic-target", "exponential-pair", "light-tailed-proposal"])
@pytest.mark.parametrize("fmt", ["md", "tex", "html", "json"])
def test_every_format_renders(name, fmt):
    solution = tutor.solve(str(HERE / f"{name}.yaml"))
    for detail in ("brief", "full"):
        text = tutor.render(solution, fmt, detail, figures=fmt != "md")
        assert "E_p[f]" in text or fmt == "json"
    if fmt == "json":
        data = json.loads(text)
        assert data["problem"]["interval"][0] == str(solution.problem.low)
        assert "exact" in data["answers"]


def test_problem_data_solves_again_to_the_same_answers():
    import yaml

    from tutor.topics.importance_sampling import problem_data

    for name in ("quadratic-target", "exponential-pair"):
        solution = tutor.solve(str(HERE / f"{name}.yaml"))
        again = solve_yaml(yaml.safe_dump(problem_data(solution.problem)))
        assert again.answers == solution.answers


def test_the_question_words_an_integral_on_an_interval_and_a_sum_on_a_support():
    continuous_parts = {p.key: p.text for p in tutor.solve(str(HERE / "light-tailed-proposal.yaml")).question.parts}
    discrete_parts = {p.key: p.text for p in tutor.solve(str(HERE / "three-points.yaml")).question.parts}
    assert r"\int f(x)" in continuous_parts["exact"] and r"\sum_x" in discrete_parts["exact"]
    assert "variance_is" not in continuous_parts  # infinite: no part, and the comparison names it
    assert r"Compare $\operatorname{Var}_q[f\,w]$" in continuous_parts["variance_mc"]


@pytest.mark.parametrize("name, cut", [("quadratic-target", False), ("light-tailed-proposal", True)])
def test_the_figure_draws_p_q_and_f_w_with_the_samples_on_f_w(name, cut):
    from tutor.rendering import to_json

    solution = tutor.solve(str(HERE / f"{name}.yaml"))
    problem = solution.problem
    (figure,) = [s["figure"] for s in to_json(solution)["steps"] if "figure" in s]
    curves = {item["label"]: item["points"] for item in figure["items"] if item["type"] == "curve"}
    assert list(curves) == ["p", "q", r"f\,w"]
    fw = problem.f * problem.p / problem.q
    for label, expr in (("p", problem.p), ("q", problem.q), (r"f\,w", fw)):
        for x, y in curves[label]:  # each point (x, value at x), exactly
            x_value, y_value = (parse_map(v["exact"].replace("**", "^").replace("log", "ln"), {"x": X})
                                for v in (x, y))
            assert sp.simplify(expr.subs(X, x_value) - y_value) == 0, (label, x, y)
    dots = [(item["x"]["approx"], item["y"]["approx"]) for item in figure["items"] if item["type"] == "point"]
    products = [(float(x), float(v)) for x, v in zip(problem.samples, solution.step("weights").data.products)]
    assert dots and all(any(abs(x - a) < 1e-12 and abs(y - b) < 1e-12 for a, b in products) for x, y in dots)
    assert ("is cut off" in figure["caption"]) == cut
    assert (len(curves[r"f\,w"]) < len(curves["p"])) == cut  # points of f·w beyond the cut are left out


def test_the_parser_reads_e_to_a_power_of_x_as_exp_and_still_refuses_other_bases():
    from tutor.errors import ParseError

    x = sp.Symbol("x")
    assert parse_map("e^(-x/2)/2", {"x": x}) == sp.exp(-x / 2) / 2
    assert parse_map("2e^(-2x)", {"x": x}) == 2 * sp.exp(-2 * x)
    for text in ("2^x", "x^x", "e^(ln(x))"):
        with pytest.raises(ParseError):
            parse_map(text, {"x": x})


def test_the_solve_time_limit_covers_reading_the_file():
    """The integrals run while the file is read: --timeout must bound them too (it bounded only the solve)."""
    result = run_cli("solve", "importance-sampling/exponential-pair", "--timeout", "0.05")
    assert result.exit_code == 2
    assert "took longer than the time limit of 0.05 s (--timeout)" in result.stderr


def test_drawn_samples_and_weights_are_written_as_a_student_writes_them():
    """x = −ln(1 − u)/3 = ln(20/19)/3, not −ln(19/20)/3; w(x_i) = e^{2x_i}/3 = (20/19)^{2/3}/3, not SymPy's
    rationalised 2∛950/57; each written form is the value the answers hold."""
    solution = tutor.solve(str(HERE / "light-tailed-proposal.yaml"))
    u = sp.Symbol("u", positive=True)
    samples = solution.step("samples").data
    assert samples.inverse == -sp.log(1 - u) / 3
    assert samples.samples[0] == sp.log(R(20, 19)) / 3
    assert all(not (a.args[0] < 1) for x in samples.samples for a in x.atoms(sp.log))
    weights = solution.step("weights").data
    assert str(weights.written[0]) == "(20/19)**(2/3)/3"
    for form, value in zip(weights.written, solution.answers["weights"]):
        assert abs(sp.N(form - value, 30)) < 1e-25
    assert not weights.readable  # ln(20/19)/3 · (20/19)^{2/3}/3: a calculator's product
    text = tutor.render(solution, "md")
    assert r"x = Q^{-1}(u) = - \ln{\left(1 - u \right)} / 3" in text
    assert r"\ln{\left(20 / 19 \right)} / 3" in text.split("## Solution")[0]  # the statement too
    assert r"w(x_i) = \frac{e^{2 x_{i}}}{3} = \left(20 / 19\right)^{2 / 3} / 3 \approx 0.3449" in text
    assert r"\frac{19}{20}" not in text and "sqrt[3]{950}" not in text


def test_an_unreadable_estimate_is_the_sums_in_decimals_and_the_box_agrees():
    """Four drawn samples of an exponential proposal: Σ f w and Σ w are sums of logarithms and roots,
    so the steps add their decimals (said to be decimals, no ν₁ named and left undefined) and the final
    answers give the same decimals without sending the reader to an exact value never printed."""
    solution = tutor.solve(str(HERE / "light-tailed-proposal.yaml"))
    assert not solution.step("estimate").data.readable
    assert not solution.step("self_normalised").data.readable
    text = tutor.render(solution, "md")
    assert r"\nu" not in text
    assert "In decimals (the exact sum is too long to write out)" in text
    assert r"\sum_i w(x_i) \approx 0.3449 + 0.698 + 0.6354 + 0.8399 \approx 2.518" in text
    assert r"\frac{0.8569}{4} \approx 0.2142" in text and r"\frac{0.8569}{2.518} \approx 0.3403" in text
    box = text.split("### Final answers")[1]
    assert r"w(x_i) \approx 0.2142" in box and r"w(x_i) \approx 0.3403" in box
    assert "in the solution" not in box
    assert r"\left(20 / 19\right)^{2 / 3} / 3 \approx 0.3449" in box  # (b) in the step's form


def test_a_readable_estimate_stays_exact_with_its_sums():
    solution = tutor.solve(str(HERE / "quadratic-target.yaml"))
    assert solution.step("estimate").data.readable and solution.step("self_normalised").data.readable
    text = tutor.render(solution, "md")
    assert r"\sum_i f(x_i)\,w(x_i) = \frac{3}{64} + \frac{3}{8} + \frac{81}{64} + 3 = \frac{75}{16}" in text
    assert r"\sum_i w(x_i) = \frac{3}{16} + \frac{3}{4} + \frac{27}{16} + 3 = \frac{45}{8}" in text
    assert "In decimals" not in text


def test_readable_is_a_measure_of_the_value():
    from tutor.topics.importance_sampling.recipe import readable

    assert readable(R(138, 5)) and readable(sp.exp(R(1, 2)) / 2) and readable(sp.log(R(20, 19)) / 3)
    assert not readable(tutor.solve(str(HERE / "light-tailed-proposal.yaml")).step("estimate").data.total)


def test_a_value_whose_denominator_is_a_product_keeps_its_fraction():
    """Inline, SymPy folds 2/(3x) to "2 / 3 x", which reads as (2/3)x: w(x) = 2/(3x) at x_i keeps its
    fraction, and so would 1/(2√π); a weight over a whole number is written inline, 2∛10/3."""
    text = tutor.render(tutor.solve(tutor.load_problem_text(_yaml(
        "[0, 1]", "2*x", "3*x^2", tail="draw: {n: 3, seed: 5}"))), "md")
    assert r"w(x_i) = \frac{2}{3 x_{i}} = 2 \sqrt[3]{10} / 3 \approx 1.436" in text
    assert "/ 3 x" not in text
