"""Fuzzing the whitelist parser: every input gives a value or a ParseError, quickly and in little memory.

20,000 generated inputs per run, 200,000 with TUTOR_FULL=1 (TUTOR_PARSER_FUZZ=N for another count),
seeded so that a failure names an input that fails again (the first 20,000 of the full run are the
default run's): plain maths, LaTeX, random characters and bytes,
mutations of all of these, and adversarial chains of exp, ln and powers of long decimals and
huge integers, roots of large numbers and products of many roots (TUTOR_PARSER_FUZZ_SEED=K
for other inputs). Two worker processes share
the inputs. For each input a worker checks

- the outcome: a SymPy value, or a ParseError (anything else is a bug, as exit 3 would be);
- its CPU time, at most CPU_LIMIT seconds (a hang guard: CPU time, so that a busy machine
  cannot fail it; inputs take a millisecond or less);
- its memory: the process's peak resident size may grow by at most RSS_LIMIT_MB while it is
  parsed, and its address space is capped, so that a blow-up fails with MemoryError rather
  than swapping.

A worker that stops reporting for HANG_LIMIT seconds of wall time is killed, and the input it
was parsing is reported.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import resource
import time
import traceback

import sympy as sp

from tutor.errors import ParseError
from tutor.exact.parser import parse, parse_real

from .conftest import FULL

INPUTS = int(os.environ.get("TUTOR_PARSER_FUZZ", "200000" if FULL else "20000"))
SEED = int(os.environ.get("TUTOR_PARSER_FUZZ_SEED", "14"))  # another seed explores other inputs
CHUNK = 500  # inputs per seeded chunk: input i is the same string in every run
WORKERS = 2
CPU_LIMIT = 2.0  # seconds of CPU time for one input
RSS_LIMIT_MB = 40  # growth of the peak resident size while one input is parsed
ADDRESS_SPACE_MB = 1024  # extra virtual memory a worker may map beyond what it had at start
HANG_LIMIT = 30.0  # wall-clock seconds without progress before a worker is killed

X = sp.Symbol("x")


# --- Inputs -----------------------------------------------------------------------------------

_SMALL = ["0", "1", "2", "3", "4", "5", "7", "8", "9", "10", "12", "16", "100"]
_DECIMALS = ["0.5", "0.25", "0.7071", "1.5", "2.718281828", "0.333", ".5", "3.", "1.5e-3", "2E5", "1e-300",
             "9.98e29", "1e308", "4.9e-324", "1.7976931348623157e308"]
_FUNCS = ["sqrt", "exp", "ln", "log"]


def _big_int(rng: random.Random) -> str:
    digits = rng.randint(10, 60)
    return str(rng.randrange(10 ** (digits - 1), 10**digits))


def _long_decimal(rng: random.Random) -> str:
    digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(20, 59)))
    cut = rng.randint(0, len(digits))
    text = f"{digits[:cut] or '0'}.{digits[cut:]}"
    return text + (f"e{rng.randint(-350, 350)}" if rng.random() < 0.3 else "")


def _number(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.65:
        return rng.choice(_SMALL)
    if r < 0.96:
        return rng.choice(_DECIMALS)
    if r < 0.98:
        return _long_decimal(rng)
    return _big_int(rng)


def _fraction(rng: random.Random, big: bool = False) -> str:
    top = 1000 if big else 9
    return f"{rng.randint(-top, top)}/{rng.randint(1, top)}"


def plain(rng: random.Random, depth: int = 0, variables: bool = False) -> str:
    """A random expression in plain maths notation (mostly valid)."""
    if depth > 3 or rng.random() < 0.35:
        r = rng.random()
        if variables and r < 0.25:
            return "x"
        if r < 0.85:
            return _number(rng)
        return rng.choice(["pi", "e", "π", "E", "Pi"])
    a = plain(rng, depth + 1, variables)
    b = plain(rng, depth + 1, variables)
    choice = rng.randrange(16)
    f = rng.choice(_FUNCS)
    return [
        f"{a}+{b}", f"{a} - {b}", f"{a}*{b}", f"{a}/{b}", f"({a})^({b})", f"{a}^{_fraction(rng)}",
        f"{a}**{rng.randint(-4, 12)}", f"-{a}", f"({a})", f"{f}({a})", f"{f} {a}", f"{f}({a})^{rng.randint(-3, 5)}",
        f"{rng.choice(_SMALL)}{f}({a})", f"√{a}", f"({a})({b})", f"{f}^{rng.randint(1, 3)}({a})",
    ][choice]


def latex(rng: random.Random, depth: int = 0) -> str:
    """A random expression in the LaTeX subset (mostly valid)."""
    if depth > 2 or rng.random() < 0.35:
        return rng.choice([_number(rng), r"\pi", "e", rng.choice(_SMALL), r"\frac12"])
    a, b = latex(rng, depth + 1), latex(rng, depth + 1)
    return rng.choice([
        rf"\frac{{{a}}}{{{b}}}", rf"\dfrac{{{a}}}{{{b}}}", rf"\sqrt{{{a}}}", rf"\sqrt{a}", rf"\ln {a}",
        rf"\ln({a})^{{{rng.randint(1, 3)}}}", rf"\ln^{rng.randint(1, 3)} {a}", rf"\exp({a})^2", rf"e^{{{a}}}",
        rf"{a}\cdot {b}", rf"{a}\times{b}", rf"\left({a}\right)^{{{_fraction(rng)}}}", rf"{a} \, {b}",
        rf"{a}^{{-{b}}}", rf"\tfrac{{{a}}}{{{b}}} + {b}", rf"\log\left({a}\right)", rf"\exp^2 {a}",
    ])


_ODD_CHARS = ("0123456789+-*/^(){}[]., \t\n\\_'\"$%&|<>=!?:;@#~`" "eπ√−×·÷ηλμ∞½²³ﬁ𝟐٣\u200b\u00a0\ufeff\x7f\x01"
              "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def garbage(rng: random.Random) -> str:
    """Random characters, unicode, or decoded random bytes."""
    n = rng.randint(0, 60)
    r = rng.random()
    if r < 0.5:
        return "".join(rng.choice(_ODD_CHARS) for _ in range(n))
    if r < 0.8:
        return bytes(rng.randrange(256) for _ in range(n)).decode(rng.choice(["latin-1", "utf-8"]), "replace")
    return "".join(chr(rng.randrange(0x110000)) for _ in range(n)).encode("utf-8", "replace").decode("utf-8")


def adversarial(rng: random.Random) -> str:
    """Chains that a naive builder turns into huge numbers, long factorisations or hangs."""
    big = rng.choice([_big_int, _long_decimal, lambda r: r.choice(["9.98e29", "1e300", "10^9", "10^20", "2^999"])])
    text = big(rng)
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(14)
        if k == 0:
            text = f"exp({text})"
        elif k == 1:
            text = f"ln({text})"
        elif k == 2:
            text = f"({text})^({_fraction(rng, big=True)})"
        elif k == 3:
            text = f"({text})^(ln({rng.randint(2, 9)}))"
        elif k == 4:
            text = f"exp({text} ln({big(rng)}))"
        elif k == 5:
            text = f"{rng.randint(2, 9)}^({text})"
        elif k == 6:
            text = f"sqrt({text})*sqrt({big(rng)})"
        elif k == 7:
            text = f"-(-({text}))"
        elif k == 8:
            text = f"({text})^{rng.randint(2, 1000)}"
        elif k == 9:
            text = f"exp(sqrt(2)*({rng.randint(1, 10**9)} ln({text}) - {rng.randint(1, 10**9)} ln({big(rng)})))"
        elif k == 10:
            text = f"(1+10^(-{rng.randint(1, 59)}))^({text})"
        elif k == 11:
            text = "*".join(f"({big(rng)})^(1/{rng.randint(2, 12)})" for _ in range(rng.randint(2, 8)))
        elif k == 12:
            text = f"({text})^({rng.randint(1, 999)}/{rng.randint(2, 1000)})*({text})^(1/{rng.randint(2, 999)})"
        else:
            text = f"{rng.choice(['e', 'exp(1)', '2'])}^({text})"
    return text


def long_input(rng: random.Random) -> str:
    """Inputs near the length, token and nesting limits."""
    r = rng.randrange(5)
    if r == 0:
        return "+".join(f"sqrt({_big_int(rng)})" for _ in range(rng.randint(20, 70)))
    if r == 1:
        return "*".join(f"{rng.randint(2, 10**6)}^({rng.randint(1, 50)}/{rng.randint(2, 60)})" for _ in range(60))
    if r == 2:
        d = rng.randint(30, 45)
        return rng.choice(["exp(", "ln(", "sqrt(", "(", "-(", "2^("]) * d + "2" + ")" * d
    if r == 3:
        return "*".join(f"(1+sqrt({rng.randint(2, 99)}))" for _ in range(rng.randint(10, 60)))
    return "+".join(_fraction(rng, big=True) for _ in range(rng.randint(50, 130)))


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        pos = rng.randint(0, len(chars))
        op = rng.randrange(3)
        if op == 0 and chars and pos < len(chars):
            del chars[pos]
        elif op == 1:
            chars.insert(pos, rng.choice(_ODD_CHARS))
        elif chars:
            i, j = rng.randrange(len(chars)), rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def fuzz_input(i: int) -> tuple[str, bool]:
    """Input number i (the same in every run) and whether it may use the variable x."""
    rng = random.Random(i * 1_000_003 + SEED)
    r = rng.random()
    if r < 0.35:
        text, variables = plain(rng), False
    elif r < 0.43:
        text, variables = plain(rng, variables=True), True
    elif r < 0.58:
        text, variables = latex(rng), False
    elif r < 0.74:
        text, variables = garbage(rng), False
    elif r < 0.855:
        text, variables = adversarial(rng), False
    elif r < 0.86:
        text, variables = long_input(rng), False
    else:
        text, variables = mutate(rng, rng.choice([plain, latex, adversarial])(rng)), False
    return text, variables


# --- Workers ----------------------------------------------------------------------------------

def _check_one(text: str, variables: bool) -> str | None:
    """None if the parser answered properly, else what went wrong."""
    try:
        value = parse(text, {"x": X}).value if variables else parse_real(text).value
    except ParseError as err:
        return None if str(err) else "a ParseError without a message"
    except BaseException:  # noqa: BLE001 - anything but a ParseError is the bug we are looking for
        return traceback.format_exc()[-2500:]
    return None if isinstance(value, sp.Expr) else f"returned {type(value).__name__}"


def _cap_address_space() -> None:
    """Let this process map at most ADDRESS_SPACE_MB more than it has now (Linux: /proc)."""
    try:
        with open("/proc/self/statm") as statm:
            mapped = int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:
        return
    cap = mapped + ADDRESS_SPACE_MB * 2**20
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard == resource.RLIM_INFINITY or cap < hard:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _work(worker: int, progress, failures) -> None:
    _cap_address_space()
    chunks = range(worker, (INPUTS + CHUNK - 1) // CHUNK, WORKERS)
    for chunk in chunks:
        for i in range(chunk * CHUNK, min(INPUTS, (chunk + 1) * CHUNK)):
            text, variables = fuzz_input(i)
            progress[worker] = i
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
            start = time.process_time()
            problem = _check_one(text, variables)
            spent = time.process_time() - start
            grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak) / 1024
            if problem is None and spent > CPU_LIMIT:
                problem = f"took {spent:.1f} s of CPU time (at most {CPU_LIMIT})"
            if problem is None and grown > RSS_LIMIT_MB:
                problem = f"peak memory grew by {grown:.0f} MB (at most {RSS_LIMIT_MB})"
            if problem is not None:
                failures.put((i, text, problem))
    progress[worker] = -1


def test_fuzz_parser_answers_every_input_quickly_in_little_memory():
    context = multiprocessing.get_context("fork")
    progress = context.Array("q", [0] * WORKERS)
    failures = context.Queue()
    workers = [context.Process(target=_work, args=(w, progress, failures), daemon=True) for w in range(WORKERS)]
    for w in workers:
        w.start()
    seen = [(-2, time.monotonic())] * WORKERS
    hung = []
    found = []
    while any(w.is_alive() for w in workers):
        time.sleep(0.2)
        while not failures.empty():
            found.append(failures.get())
        now = time.monotonic()
        for k, w in enumerate(workers):
            if not w.is_alive():
                continue
            if progress[k] != seen[k][0]:
                seen[k] = (progress[k], now)
            elif now - seen[k][1] > HANG_LIMIT:
                hung.append(progress[k])
                w.kill()
    for w in workers:
        w.join()
    while not failures.empty():
        found.append(failures.get())
    problems = [f"input {i} {text!r}: {problem}" for i, text, problem in sorted(found)[:10]]
    problems += [f"input {i} {fuzz_input(i)[0]!r}: no answer after {HANG_LIMIT:.0f} s" for i in hung]
    problems += [f"worker {k} died (exit code {w.exitcode})" for k, w in enumerate(workers)
                 if w.exitcode != 0 and progress[k] not in hung]
    assert not problems, f"{len(found) + len(hung)} bad inputs, the first:\n" + "\n".join(problems)


def test_the_inputs_are_deterministic_and_mixed():
    assert [fuzz_input(i) for i in range(50)] == [fuzz_input(i) for i in range(50)]
    outcomes = {"value": 0, "refused": 0}
    for i in range(2000):
        text, variables = fuzz_input(i)
        try:
            parse(text, {"x": X}) if variables else parse_real(text)
            outcomes["value"] += 1
        except ParseError:
            outcomes["refused"] += 1
    # Both outcomes are common, so the fuzzing reaches the builder and the refusals alike.
    assert min(outcomes.values()) > 400, outcomes
