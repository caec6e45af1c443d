"""Fuzzing the derivation grammar as a student's answer, for every line of every derivation.

Random strings built from the grammar's own tokens (symbols, their aliases and LaTeX spellings,
functions, postfix operators, numbers) mixed with junk are checked as the faded line's answer, the
way `tutor check`, the practice server and PrairieLearn check one (Checker.read, then Checker.check).
Each must come back read and judged, or refused with a one-line reason: never an exception, never
longer than PER_STRING seconds of CPU. The cases run in one child process under a CPU and an
address-space limit, so a runaway evaluation is a failure here, not a stuck test run.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time

from .conftest import ROOT

SEED = 2029
CASES = 3000  # over every line of the six derivations (48 lines): about 62 strings a line
REASON_CASES = 960  # a line's reason as the answer (blanks: [reason K]): 20 strings a line
PER_STRING = 2.0  # seconds of CPU for reading and judging one string
CPU_LIMIT = 120  # seconds of CPU for the whole child
MEMORY = 3 * 1024**3  # bytes of address space for the child

# The grammar's tokens, every spelling it reads, and pieces it must refuse.
TOKENS = ["X", "U", "V", "W", "Sigma", "Σ", "S", "\\Sigma", "K", "Khat", "K̂", "\\hat{K}", "Phi", "\\Phi",
          "Sigmaphi", "\\Sigma_\\phi", "H", "A", "B", "D", "M", "L", "R", "Delta", "Deltar", "N", "s", "c", "u",
          "v", "x", "y", "n", "lambda", "λ", "\\lambda", "eta", "η", "ones", "𝟏", "\\mathbf{1}", "I",
          "\\mathbf X", "UU^TX", "Xv", "tr(", "trace(", "\\operatorname{tr}(", "inv(", "norm(", ")^2", "||",
          "\\|", "‖", "sqrt(", "\\sqrt{", "\\frac{", "}{", "{", "}", "(", ")", "^T", "^{\\top}", "'", "ᵀ", "^-1",
          "^{-1}", "⁻¹", "^2", "^3", "^4", "^", "+", "-", "−", "*", "×", "·", "\\cdot", "/", "1/n", "0", "1",
          "2", "1/2", " ", " ", "\\left(", "\\right)", "_F"]
JUNK = ["[", "]", ",", "\\href{javascript:x}{y}", "\\x", "\x00", "9" * 8, "^99", "^-2", "1e9", "0.5", "%",
        "é", "\u202e", "\n", "\\", "_", "__", "&", "$", "^T^T^T^T^T", "inv(inv(inv(", "((((((((", "))))",
        "norm(X)", "sqrt(-1)", "1/0", "tr(I)", "I^-1", "0^-1", "(X - X)^-1"]


def soup(rng: random.Random) -> str:
    """Tokens and junk in any order: mostly refused."""
    pieces = [rng.choice(TOKENS) if rng.random() < 0.85 else rng.choice(JUNK) for _ in range(rng.randint(1, 14))]
    return "".join(pieces) if rng.random() < 0.5 else " ".join(pieces)


def combined(rng: random.Random, sides: list[tuple[str, tuple]]) -> str:
    """The derivation's own sides, scaled, transposed and added where the shapes allow (or, now and then,
    where they do not): mostly read and judged, some right."""
    text, shape = rng.choice(sides)
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        if r < 0.3:
            other = [t for t, sh in sides if sh == shape or rng.random() < 0.1]
            text = f"{text} {rng.choice('+-')} {rng.choice(other or [text])}"
        elif r < 0.5:
            text = f"{rng.choice(['2', '1/2', '-1', 'n', '1/n', '0', 'lambda', 'eta', '(1 - 1)'])} ({text})"
        elif r < 0.65:
            text, shape = f"({text})^T", shape[::-1]
        elif r < 0.75 and shape[0] == shape[1]:
            text = rng.choice([f"tr({text})", f"({text})^2", f"inv({text})", f"({text}) + 0 I", f"({text}) I"])
        elif r < 0.85:
            text = f"norm({text})^2" if rng.random() < 0.5 else f"||{text}||^2"
        else:
            text = f"{text} + {rng.choice(['0', '0 I', '0 ones', 'X - X'])}"
    return text


def mutated(rng: random.Random, text: str) -> str:
    """A character cut, doubled or replaced, or a junk piece put in."""
    k = rng.randrange(len(text) + 1)
    r = rng.random()
    if r < 0.3:
        return text[:k] + text[k + 1:]
    if r < 0.5:
        return text[:k] + text[k:k + 1] * 2 + text[k + 1:]
    if r < 0.75:
        return text[:k] + rng.choice(JUNK + TOKENS) + text[k:]
    return text[:k] + chr(rng.randrange(32, 0x3000)) + text[k + 1:]


def fuzz_string(rng: random.Random, sides: list[tuple[str, tuple]]) -> str:
    r = rng.random()
    if r < 0.3:
        return soup(rng)
    if r < 0.75:
        return combined(rng, sides)
    return mutated(rng, combined(rng, sides) if r < 0.9 else soup(rng))


def _sides(name: str) -> list[tuple[str, tuple]]:
    """Every side of a derivation's lines, as text, with its shape."""
    from tutor.topics.derivation import expr, verify
    from tutor.topics.derivation.derivations import ALL

    table = ALL[name].table
    out = []
    for line in verify.parsed_lines(name):
        for node in (line.lhs, line.rhs):
            out.append((expr.text(node), expr.shape(node, table)))
    return out


def cases():
    """(derivation, fade, answer) for every case: the lines taken in turn, the strings from one seed."""
    from tutor.topics.derivation.derivations import ALL

    lines = [(name, k) for name in sorted(ALL) for k in range(1, len(ALL[name].lines) + 1)]
    sides = {name: _sides(name) for name in ALL}
    rng = random.Random(SEED)
    out = []
    for i in range(CASES):
        name, fade = lines[i % len(lines)]
        out.append((name, fade, fuzz_string(rng, sides[name])))
    return out


def reason_string(rng: random.Random, name: str) -> str:
    """A reason as a student might write it: a letter (some out of range), a rule of the menu as written or as
    typed, mangled, or soup."""
    from tutor.topics.derivation.derivations import ALL

    rules = ALL[name].rules
    r = rng.random()
    if r < 0.25:
        return rng.choice(["A", "b", "(C)", "D.", "Z", "(", "()", "AA", " e ", "1", "A B"])
    rule = rng.choice(rules)
    text = rng.choice((rule.text, *rule.typed))
    if r < 0.55:
        return text
    if r < 0.85:
        return mutated(rng, text)
    return soup(rng)


def reason_cases():
    """(derivation, line, answer) for the reason blanks: every line's reason in turn."""
    from tutor.topics.derivation.derivations import ALL

    lines = [(name, k) for name in sorted(ALL) for k in range(1, len(ALL[name].lines) + 1)]
    rng = random.Random(SEED + 1)
    return [(*lines[i % len(lines)], reason_string(rng, lines[i % len(lines)][0])) for i in range(REASON_CASES)]


def _run() -> None:
    """The child: check every case, print one JSON line per bad one, then a summary line."""
    from tutor import load_problem_text
    from tutor.checking.grade import Checker

    checkers = {}
    worst, bad, verdicts = 0.0, 0, {}
    every = [(name, fade, text, "line") for name, fade, text in cases()]
    every += [(name, line, text, "blank1") for name, line, text in reason_cases()]
    for name, fade, text, key in every:
        if (name, fade, key) not in checkers:
            blank = f"fade: {fade}" if key == "line" else f"blanks: [reason {fade}]"
            checkers[name, fade, key] = Checker(load_problem_text(f"topic: derivation\nderivation: {name}\n{blank}\n"))
        checker = checkers[name, fade, key]
        start = time.process_time()
        problem = None
        try:
            result = checker.check(checker.read({key: text}, "answers.yaml")).result(key)
            verdicts[result.verdict] = verdicts.get(result.verdict, 0) + 1
            if result.verdict not in ("correct", "wrong", "unreadable"):
                problem = f"verdict {result.verdict!r}"
            elif not result.message or "\n" in result.message or "internal error" in result.message:
                problem = f"message {result.message!r}"
        except BaseException as err:  # noqa: BLE001 - anything raised is the bug this looks for
            problem = f"{type(err).__name__}: {err}"[:500]
        spent = time.process_time() - start
        worst = max(worst, spent)
        if problem is None and spent > PER_STRING:
            problem = f"took {spent:.2f} s of CPU (at most {PER_STRING})"
        if problem is not None:
            bad += 1
            print(json.dumps({"derivation": name, "fade": fade, "key": key, "text": text, "problem": problem}),
                  flush=True)
    print(json.dumps({"summary": True, "bad": bad, "worst": worst, "verdicts": verdicts}), flush=True)


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def test_fuzz_every_derivation_line_is_read_or_refused_quickly():
    out = subprocess.run([sys.executable, "-m", "tests.test_derivation_fuzz"], capture_output=True, text=True,
                         cwd=ROOT, preexec_fn=_limits, timeout=CPU_LIMIT * 3)
    records = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    summary = next((r for r in records if r.get("summary")), None)
    assert summary is not None, f"the child died (exit {out.returncode}): {out.stderr[-2000:]}"
    found = [r for r in records if not r.get("summary")]
    assert not found, f"{len(found)} bad strings, the first:\n" + "\n".join(map(json.dumps, found[:10]))
    # the strings reach the judge, not only the reader: each kind of verdict is met
    assert all(summary["verdicts"].get(v, 0) > 0 for v in ("correct", "wrong", "unreadable")), summary


def test_the_cases_are_deterministic_and_cover_every_line():
    from tutor.topics.derivation.derivations import ALL

    assert cases() == cases() and reason_cases() == reason_cases()
    every = {(name, k) for name in ALL for k in range(1, len(ALL[name].lines) + 1)}
    assert {(name, fade) for name, fade, _ in cases()} == every
    assert {(name, line) for name, line, _ in reason_cases()} == every


if __name__ == "__main__":
    _run()
