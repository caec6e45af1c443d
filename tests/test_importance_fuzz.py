"""A fuzz test of continuous importance-sampling problem files (issue 29): random p, q, f, intervals and
samples from the grammar's pieces, solved and rendered in a child process under CPU and memory limits.
Every file either solves or is refused with a one-line ProblemError: no crash, no hang, no memory blow-up."""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
from pathlib import Path

CASES = 40  # under half a second of CPU each: the whole run stays well under its CPU limit
CPU_SECONDS = 60  # for the child, all cases together (they take about 15 s)
ADDRESS_SPACE = 2 * 1024**3  # bytes: SymPy needs a few hundred MB, a blow-up far more
CASE_SECONDS = 20  # wall time per case (the integrals have 5 s each): more is a hang
ROOT = Path(__file__).resolve().parent.parent


def _rational(rng, low=-3, high=3) -> str:
    n, d = rng.randint(low * 4, high * 4), rng.choice([1, 2, 4])
    return f"{n}/{d}" if d > 1 else str(n)


def _piece(rng, depth: int) -> str:
    """A random expression in x from the grammar's pieces (numbers, x, + − * / ^, sqrt, exp, e^, ln)."""
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(["x", "x", "1", "2", "1/2", "pi", "e", _rational(rng)])
    a, b = _piece(rng, depth - 1), _piece(rng, depth - 1)
    return rng.choice([
        f"({a} + {b})", f"({a} - {b})", f"{a}*{b}", f"({a})/({b})", f"({a})^{rng.choice(['2', '3', '1/2', '-1', '-1/2', '9'])}",
        f"sqrt({a})", f"exp(-{a})", f"e^(-({a})^2)", f"ln({a})", f"exp({rng.randint(-3, 3)}*x)",
    ])


def _density(rng, low: str, high: str) -> str:
    """Mostly true densities (so that many files solve), sometimes any expression (a refusal)."""
    if high == "oo":
        rate = rng.choice(["1", "2", "1/2", "3"])
        return rng.choice([f"exponential({rate})", f"{rate}*e^(-{rate}*(x - {low}))",
                           f"2/sqrt(pi)*e^(-(x - {low})^2)", f"(x - ({low}))*e^(-(x - ({low})))",
                           f"1/(1 + x - ({low}))^2", _piece(rng, 2)])
    k = rng.randint(1, 3)
    return rng.choice(["uniform", "uniform", f"{k}*(x - ({low}))^{k - 1}/(({high}) - ({low}))^{k}",
                       f"{k}*(({high}) - x)^{k - 1}/(({high}) - ({low}))^{k}", _piece(rng, 2)])


def _sample(rng, low: str, high: str) -> str:
    return rng.choice([_rational(rng, 0, 2), low, high if high != "oo" else "1", '"10^999"', "1/3",
                       str(rng.randint(-2, 40)), f"{rng.randint(1, 999)}/1000"])


def problem_text(rng: random.Random) -> str:
    low = rng.choice(["0", "0", "1", "-1", "1/2", "-2"])
    high = rng.choice(["oo", "oo", f"{low} + 1".replace("+ -", "- "), "2", "3"])
    if high != "oo":
        high = str(eval_simple(high))
    p, q = _density(rng, low, high), _density(rng, low, high)
    f = _piece(rng, 2) if rng.random() < 0.6 else rng.choice(["x", "x^2", "1", "e^(x^2)", "1/(1+x^2)", "ln(x)"])
    if rng.random() < 0.3:
        tail = f"draw: {{n: {rng.randint(1, 4)}, seed: {rng.randint(0, 99)}}}"
    else:
        tail = "samples: [" + ", ".join(_sample(rng, low, high) for _ in range(rng.randint(1, 3))) + "]"
    return (f'topic: importance-sampling\ninterval: [{low}, {high}]\np: "{p}"\nq: "{q}"\nf: "{f}"\n{tail}\n')


def eval_simple(text: str):
    """'1/2 + 1' and the like, for the upper end: a fraction plus a whole number, without eval."""
    from fractions import Fraction

    parts = text.replace("- ", "+ -").split("+")
    return sum(Fraction(p.strip()) for p in parts)


def child(seed: int, cases: int) -> None:
    """Runs in the limited process: one JSON line per case."""
    import tutor
    from tutor.deadline import deadline
    from tutor.errors import ProblemError, TutorError
    from tutor.problem import load_problem_text

    import time

    rng = random.Random(seed)
    for _ in range(cases):
        text = problem_text(rng)
        start = time.process_time()
        try:
            with deadline(CASE_SECONDS, "the fuzz case"):
                solution = tutor.solve(load_problem_text(text, "<fuzz>"))
                tutor.render(solution, "json", "full", figures=True)
            outcome = {"result": "solved"}
        except ProblemError as err:
            outcome = {"result": "refused", "message": str(err)}
        except TutorError as err:  # a time-out: a hang, for this test
            outcome = {"result": "timeout", "message": str(err)}
        except BaseException as err:  # noqa: BLE001 - the point is to catch anything at all
            outcome = {"result": "crash", "message": f"{type(err).__name__}: {err}"}
        print(json.dumps({"text": text, "cpu": round(time.process_time() - start, 2), **outcome}), flush=True)


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def test_random_continuous_problem_files_solve_or_are_refused_in_one_line():
    code = f"from tests.test_importance_fuzz import child; child(2029, {CASES})"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         preexec_fn=_limits, timeout=CPU_SECONDS * 4)
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert run.returncode == 0 and len(lines) == CASES, (run.returncode, run.stderr[-2000:])
    bad = [line for line in lines if line["result"] in ("crash", "timeout")
           or (line["result"] == "refused" and "\n" in line["message"])]
    assert not bad, bad
    solved = sum(line["result"] == "solved" for line in lines)
    assert solved >= CASES // 4, f"only {solved} of {CASES} solved: the generator tests refusals alone"
