"""Verifying a derivation's lines, and judging an expression, on random exact instances.

An identity between matrix expressions that holds on 24 random rational instances of several
shapes is, for these low-degree polynomial identities, all but certainly an identity; a wrong
line fails on the first instance or two. The instances are drawn from a fixed seed per derivation,
so a solution, its verification and a student's verdict are the same on every run.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from functools import cache

from tutor.errors import ParseError
from tutor.topics.derivation import expr
from tutor.topics.derivation.derivations import ALL, Derivation

INSTANCES = 24  # per derivation: the issue asks for at least 20


@dataclass(frozen=True)
class Instance:
    dims: tuple[tuple[str, int], ...]
    values: dict

    def describe(self) -> str:
        return ", ".join(f"{k} = {v}" for k, v in self.dims)


@cache
def instances(name: str) -> tuple[Instance, ...]:
    derivation = ALL[name]
    rng = random.Random(zlib.crc32(name.encode()))
    out = []
    for i in range(INSTANCES):
        dims = derivation.shapes[i % len(derivation.shapes)]
        out.append(Instance(tuple(dims.items()), derivation.build(rng, dims)))
    return tuple(out)


@dataclass(frozen=True)
class Parsed:
    lhs: expr.Node
    rel: str
    rhs: expr.Node


@cache
def parsed_lines(name: str) -> tuple[Parsed, ...]:
    """The lines as trees, each continuing line given the previous rhs as its lhs."""
    derivation = ALL[name]
    out, previous = [], None
    for line in derivation.lines:
        rhs = expr.parse(line.rhs, derivation.table)
        lhs = previous if line.lhs is None else expr.parse(line.lhs, derivation.table)
        out.append(Parsed(lhs, line.rel, rhs))
        previous = rhs
    return tuple(out)


class LineFails(AssertionError):
    """A line of ours that does not hold: a bug in the derivation's data, never a student's doing."""


def check_line(derivation: Derivation, lhs: expr.Node, rel: str, rhs: expr.Node) -> int:
    """Verify lhs rel rhs on every instance; the number of instances, or LineFails naming the first
    that fails."""
    table = derivation.table
    left, right = expr.shape(lhs, table), expr.shape(rhs, table)
    if not _compatible(left, right, rhs):
        raise LineFails(f"{expr.text(lhs)} is {left}, {expr.text(rhs)} is {right}")
    for i, instance in enumerate(instances(derivation.name), start=1):
        a, b = expr.evaluate(lhs, instance.values), expr.evaluate(rhs, instance.values)
        holds = expr.equal(a, b) if rel == "=" else (expr.compare(a, b) >= 0 if rel == ">=" else expr.compare(a, b) <= 0)
        if not holds:
            raise LineFails(f"{expr.text(lhs)} {rel} {expr.text(rhs)} fails on instance {i} ({instance.describe()})")
    return len(instances(derivation.name))


@cache
def verified(name: str) -> tuple[int, ...]:
    """Each line of a derivation verified (check_line), once per process: its lines are fixed data, and
    a server, an exam or a generator solves the same derivation many times."""
    derivation = ALL[name]
    return tuple(check_line(derivation, p.lhs, p.rel, p.rhs) for p in parsed_lines(name))


def _compatible(a, b, rhs) -> bool:
    if a == b or (isinstance(rhs, expr.Num) and rhs.value == 0):
        return True
    return expr.merge_shapes(a, b) is not None


@dataclass(frozen=True)
class Verdict:
    correct: bool
    message: str


def judge(derivation: Derivation, index: int, answer: expr.Node, unseen: frozenset[int] = frozenset(),
          covered: frozenset[int] = frozenset(), earlier: expr.Node | None = None) -> Verdict:
    """A student's expression for the rhs of line ``index`` (0-based), against ours, on every instance.
    ``unseen``: the lines (0-based) whose right-hand side the problem does not show (blanks, hidden lines),
    ``covered``: those whose left-hand side it does not show (hidden lines).
    ``earlier``: the student's own answer for the previous line, when this line continues it and that
    answer was wrong: this one is then judged against it (follow-through: the step taken from their line)."""
    table = derivation.table
    line = parsed_lines(derivation.name)[index]
    expected = line.rhs if earlier is None else earlier
    want = line_shape(derivation, index)
    what = "the right-hand side" if earlier is None else "your previous line"
    try:
        got = expr.shape(answer, table)
    except expr.ShapeError as err:
        return Verdict(False, f"the shapes do not fit: {err.message}")
    given_values = []
    for i, instance in enumerate(instances(derivation.name), start=1):
        try:
            given_values.append(expr.evaluate(answer, instance.values))
        except ParseError as err:
            return Verdict(False, f"cannot evaluate it on instance {i} ({instance.describe()}): {err.message}")
    # The zero scalar, vector and matrix are one value (the notes write a bold 0 of no stated size):
    # 0, 0 𝟏, 0 I or X − X fit any line, and are the zero of its shape.
    zero = all(expr.is_zero_value(v) for v in given_values)
    if not zero and expr.merge_shapes(want, got) is None:
        return Verdict(False, f"this is {expr.describe_shape(*got)}, the line needs {expr.describe_shape(*want)}")
    wrong, factors = [], []
    for i, (instance, given) in enumerate(zip(instances(derivation.name), given_values), start=1):
        try:
            right = expr.evaluate(expected, instance.values)
        except ParseError:
            return Verdict(False, f"{what} cannot be evaluated on instance {i}")
        if zero:
            given = expr.zero_like(right)
        if not expr.equal(given, right):
            wrong.append(i)
            factors.append((instance, _factor(given, right)))
    count = len(instances(derivation.name))
    if wrong:
        first = instances(derivation.name)[wrong[0] - 1].describe()
        factor = _common_factor(derivation, factors) if len(wrong) == count else None
        hint = f"; it is {factor} times {what}" if factor is not None else ""
        if zero:
            return Verdict(False, f"not equal to {what}: it is zero, and {what} is not "
                                  f"on {len(wrong)} of {count} random instances (the first: {first})")
        return Verdict(False, f"not equal to {what}: it differs on {len(wrong)} of {count} random "
                              f"instances (the first: {first}){hint}")
    if earlier is not None and expr.canonical(answer) == expr.canonical(earlier):
        return Verdict(False, "it repeats your previous line: the blank asks for the step this line takes")
    restated = _restates(derivation, index, answer, zero, unseen, covered)
    if restated:
        return Verdict(False, f"equal to {what} on all {count} random instances, but {restated}: "
                              f"the blank asks for the step this line takes")
    return Verdict(True, f"equal to {what} on all {count} random instances")


def line_shape(derivation: Derivation, index: int) -> tuple[str, str]:
    """The shape of line ``index``: its right-hand side's, or its left-hand side's when that side is a
    bare 0 (H𝟏 = 0 is n×1)."""
    line = parsed_lines(derivation.name)[index]
    table = derivation.table
    rhs = expr.shape(line.rhs, table)
    if isinstance(line.rhs, expr.Num) and line.rhs.value == 0:
        return expr.shape(line.lhs, table)
    return rhs


def _restates(derivation: Derivation, index: int, answer: expr.Node, zero: bool = False,
              unseen: frozenset[int] = frozenset(), covered: frozenset[int] = frozenset()) -> str | None:
    """Why an answer of the right value is no step: it is a side the problem shows (the line's own
    left-hand side, its chain's start, any other line), or it keeps a symbol this line eliminates
    (Σ in ΣXv = (λ/n)Xv). Every side of a chain has the right value, so value alone cannot tell."""
    lines = parsed_lines(derivation.name)
    start = index
    while start > 0 and derivation.lines[start].lhs is None:
        start -= 1
    # the sides as written: a continued line's lhs is the previous rhs, which the blank may be
    written = [(line.lhs,) if derivation.lines[k].lhs is not None and k not in covered else ()
               for k, line in enumerate(lines)]
    shown = {expr.canonical(side): side for k, line in enumerate(lines)
             for side in (*written[k], *((line.rhs,) if k != index and k not in unseen else ()))}
    expected = lines[index].rhs
    shown.pop(expr.canonical(expected), None)  # the answer written as we write it is no restatement
    mine = expr.canonical(answer)
    if mine in shown:
        return f"it is {expr.text(shown[mine])}, which the problem shows"
    dropped = (expr.symbols_of(lines[index].lhs) | expr.symbols_of(lines[start].lhs)) - expr.symbols_of(expected)
    # a zero keeps nothing: 0 𝟏 is the zero vector, no use of 𝟏
    kept = [] if zero else sorted(expr.symbols_of(answer) & dropped)
    if kept:
        return f"it still has {', '.join(kept)}, which this line eliminates"
    return None


def _common_factor(derivation: Derivation, factors) -> str | None:
    """The factor an answer is off by on every instance: a number, or a scalar symbol (n, λ) or its
    inverse; None when there is none."""
    if any(f is None for _, f in factors):
        return None
    values = {f for _, f in factors}
    if len(values) == 1:
        return str(values.pop())
    for symbol in derivation.symbols:
        if symbol.scalar:
            for power, shown in ((1, symbol.name), (-1, f"1/{symbol.name}")):
                if all(expr.is_zero(f - inst.values[symbol.name] ** power) for inst, f in factors):
                    return shown
    return None


def _factor(given, right):
    """c when given = c·right for a number c (a lost sign or factor n is the commonest slip), else None."""
    a, b = ([given], [right]) if not hasattr(given, "shape") or not hasattr(right, "shape") else (list(given), list(right))
    if len(a) != len(b) or any(isinstance(x, expr.Scaled) for x in (given, right)):
        return None
    pivot = next((k for k, x in enumerate(b) if x != 0), None)
    if pivot is None:
        return None
    c = a[pivot] / b[pivot]
    return c if all(expr.is_zero(x - c * y) for x, y in zip(a, b)) else None
