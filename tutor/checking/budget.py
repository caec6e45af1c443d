"""Budgets for checking a student's values: every comparison and recomputation ends in a verdict.

A student's answer is untrusted. The parser bounds each string, but a short string can
stand for a number SymPy cannot multiply out in a lifetime (``((eta+1)^1000)^1000``) or
mpmath cannot evaluate (``exp(exp(exp(9)))``), and a matrix of six different square
roots sends the eigen-solver into a number field of degree 64. So, before any symbolic
work:

- every number of the answer is *enclosed* (``admit``): evaluated in interval arithmetic
  (mpmath's ``iv``) at a bounded precision, each intermediate value within 10^±1,262,611.
  An enclosure of a difference that excludes 0 proves two values differ (``differ``),
  which decides almost every wrong answer without any exact work;
- the answer is *measured* (``too_large``): integer powers and polynomials of degree at
  most 64, at most 1024 terms when multiplied out, rationals of at most 6020 digits. An
  exact check (``is_zero``: the surd arithmetic, expansion, a minimal polynomial) runs
  only when the enclosures cannot separate two values and both are that small; a rule
  that computes with the answer itself (projections, expansions) refuses a larger one
  (``require_exact``, ``require_small``): any SymPy product may ask whether a part of it
  is zero, and SymPy answers with a minimal polynomial of the whole;
- follow-through recomputes only from values in a small field (``follow_too_large``);
- a wall-clock deadline (SIGALRM, main thread only) ends whatever the budgets missed.

Whatever exceeds a budget raises Uncheckable (or Deadline), and the checker turns it into
that answer's verdict: wrong, with the message "too large to check: …", and no credit; a
follow-through too large to recompute earns no follow-through credit. An answer that
agrees with the right value to every digit tried but is too large to confirm exactly is
treated the same way: it is never credited unproved, and the student is asked for a
simpler form.
"""

from __future__ import annotations

import math
import signal
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

import mpmath
import sympy as sp
from mpmath import iv

MAX_BITS = 2**22  # |log2 x| of any value met while enclosing a student's number (10^±1,262,611)
MAX_DEGREE = 64  # integer powers of anything but a rational, and the degree of a polynomial
MAX_TERMS = 1024  # terms of an expression once multiplied out
MAX_RATIONAL_BITS = 20_000  # numerator and denominator of one rational (6020 digits)
DIGITS = (50, 250, 1000)  # the precisions tried, in digits, before a comparison gives up
JUDGE_SECONDS = 10  # wall clock for one comparison of an answer (normally milliseconds)
DERIVE_SECONDS = 20  # wall clock for one follow-through re-solve (normally well under a second)

# Follow-through recomputes only from values in a field this small (or no larger than the field of
# the right answer): an algebraic degree of 8 (three square roots, or two cube roots) and
# exponentials that are powers t^k of one t = exp(g) with k up to 64. An eigenproblem with six
# square roots (degree 64) took minutes, one in powers of exp(−1/8633) did not finish. Arithmetic
# alone (row means, c = v/√η) may use degree 64, but rationalising 1/(2^(1/3) + 3^(1/5) + 5^(1/7))
# (degree 105) for c = v/√η did not finish either.
MAX_FOLLOW_DEGREE = 8
MAX_ARITHMETIC_DEGREE = 64  # without an eigenproblem (row means, c = v/√η): six square roots
MAX_FOLLOW_EXP_SPAN = 64
MAX_FOLLOW_OPS = 40  # operations in one entry a student's follow-through starts from
MAX_FOLLOW_DIGITS = 20  # digits of a rational an eigenproblem is solved again from (or twice the answer's)


class Uncheckable(Exception):
    """An answer the checker will not judge: too large, or not a real number. The message says
    why, in words for the student ("too large to check: …")."""


class Deadline(BaseException):
    """The wall clock ran out. A BaseException, so that no ``except Exception`` inside SymPy can
    swallow it and carry on."""


class _Inconclusive(Exception):
    """An enclosure too wide to say anything (a division by an interval around 0)."""


# --- enclosing numbers ---------------------------------------------------------------


def enclose(expr: sp.Expr, digits: int = DIGITS[0]):
    """An interval (mpmath ``iv.mpf``) that contains the exact real value of ``expr``.

    Raises Uncheckable when a value on the way is too large or not real; returns an
    infinite interval when nothing can be said (a division by an interval around 0).
    """
    try:
        return _enclosed(expr, digits)
    except _Inconclusive:
        return iv.mpf([-mpmath.inf, mpmath.inf])


@lru_cache(maxsize=4096)  # the expected values are enclosed again for every comparison
def _enclosed(expr: sp.Expr, digits: int):
    with _precision(digits):
        return _enclose(expr, {})


@contextmanager
def _precision(digits: int):
    old = iv.prec
    iv.dps = digits
    try:
        yield
    finally:
        iv.prec = old


def _too_large() -> Uncheckable:
    return Uncheckable(f"too large to check: a value beyond 10^±{int(MAX_BITS * math.log10(2)):,}")


def _bits(x) -> float:
    """log2 of the largest magnitude in an interval (−inf for [0, 0]); _Inconclusive when infinite."""
    top = max(abs(mpmath.mpf(x.a)), abs(mpmath.mpf(x.b)))
    if not mpmath.isfinite(top):
        raise _Inconclusive
    return -math.inf if top == 0 else float(mpmath.mag(top))


def _checked(x):
    """x, when every number in it is within 2^±MAX_BITS (or 0)."""
    if _bits(x) > MAX_BITS:
        raise _too_large()
    low = min(abs(mpmath.mpf(x.a)), abs(mpmath.mpf(x.b)))
    if not x.a <= 0 <= x.b and mpmath.mag(low) < -MAX_BITS:
        raise _too_large()
    return x


def _positive(x) -> bool:
    if x.a > 0:
        return True
    if x.b < 0:
        raise Uncheckable("not a real number: a fractional power or logarithm of a negative number")
    raise _Inconclusive


def _enclose(expr, memo):
    if expr in memo:
        return memo[expr]
    if expr.is_Rational:
        value = iv.mpf(expr.p) / expr.q
    elif expr.is_Add:
        value = iv.fsum(_enclose(a, memo) for a in expr.args)
    elif expr.is_Mul:
        value = iv.fprod(_enclose(a, memo) for a in expr.args)
    elif expr.is_Pow:
        value = _power(expr, memo)
    elif expr is sp.pi:
        value = iv.pi * 1  # a constant is evaluated lazily, at the precision of its use: evaluate it now
    elif expr is sp.E:
        value = iv.e * 1
    elif isinstance(expr, sp.exp):
        a = _enclose(expr.args[0], memo)
        _exponent_fits(a)
        value = iv.exp(a)
    elif isinstance(expr, sp.log):
        a = _enclose(expr.args[0], memo)
        _positive(a)
        value = iv.log(a)
    elif expr.free_symbols:
        raise TypeError(f"not a number: {expr}")
    else:  # our own exact numbers (root objects, cos(acos(…)/3)): SymPy evaluates them to the digits asked
        value = _point(expr)
    memo[expr] = _checked(value)
    return memo[expr]


def _power(expr, memo):
    base, exponent = expr.args
    b = _enclose(base, memo)
    if exponent.is_Integer:
        n = int(exponent)
        if n < 0 and b.a <= 0 <= b.b:
            raise _Inconclusive
        # The size of b^n is estimated first: n may have hundreds of digits.
        if n > 0:
            bits = n * _bits(b)
        else:
            low = min(abs(mpmath.mpf(b.a)), abs(mpmath.mpf(b.b)))
            bits = -n * -float(mpmath.mag(low))
        if bits > MAX_BITS:
            raise _too_large()
        return b**n
    e = _enclose(exponent, memo)
    _positive(b)
    product = e * iv.log(b)  # b^e = exp(e ln b)
    _exponent_fits(product)
    return iv.exp(product)


def _exponent_fits(a) -> None:
    """exp(a) is about 2^(a/ln 2): refuse it before mpmath spends its time on it."""
    if _bits(a) > math.log2(MAX_BITS) and max(abs(mpmath.mpf(a.a)), abs(mpmath.mpf(a.b))) > MAX_BITS * math.log(2):
        raise _too_large()


def _point(expr):
    value = mpmath.mpf(sp.Float(expr.evalf(iv.dps + 10), iv.dps + 10))
    radius = abs(value) * mpmath.mpf(10) ** (-iv.dps) + mpmath.mpf(10) ** (-10 * iv.dps)
    return iv.mpf([value - radius, value + radius])


def differ(given: sp.Expr, expected: sp.Expr) -> bool:
    """True when two real numbers are proved different by their enclosures, False when they may
    be equal (an exact check decides). A student's answer too large for exact checks (see
    ``judging``) gets more digits instead; when even those cannot separate it from the value
    it raises Uncheckable: it is never credited unproved."""
    if given == expected:
        return False
    for digits in DIGITS:
        g, e = enclose(given, digits), enclose(expected, digits)
        with _precision(digits):
            diff = g - e
            if not diff.a <= 0 <= diff.b:
                return True
            if not _large.get() or not (too_large(given) or too_large(expected)):
                return False
            width = mpmath.mpf(diff.b) - mpmath.mpf(diff.a)
            narrow = mpmath.isfinite(width) and width <= max(1, abs(mpmath.mpf(e.b))) * mpmath.mpf(10) ** (10 - digits)
    if narrow:
        raise Uncheckable(f"too large to check: it agrees with the value to {DIGITS[-1] - 10} digits, but is "
                          "too large to confirm exactly; write it in a simpler form")
    raise Uncheckable(f"too large to check: it cannot be evaluated accurately enough to compare "
                      f"(to {DIGITS[-1]} digits)")


# --- the size of a student's value ---------------------------------------------------


@lru_cache(maxsize=4096)
def too_large(expr: sp.Expr) -> str | None:
    """Why an exact check of ``expr`` (expanding it, proving it equal) could take too long, or None.

    Measured by one walk over the tree: the degree of integer powers and products (in the
    polynomial's variable, and in any irrational number such as 1 + √2), the number of terms
    once multiplied out, and the digits of each rational.
    """
    try:
        _measure(expr, {})
    except Uncheckable as err:
        return str(err)
    return None


def _measure(expr, memo) -> tuple[int, int]:
    """(terms once multiplied out, degree), each checked against its budget."""
    if expr in memo:
        return memo[expr]
    if expr.is_Rational:
        bits = max(abs(expr.p).bit_length(), expr.q.bit_length())
        if bits > MAX_RATIONAL_BITS:
            raise Uncheckable(f"too large to check: a number of about {int(bits * 0.30103):,} digits "
                              f"(at most {int(MAX_RATIONAL_BITS * 0.30103):,})")
        result = (1, 0)
    elif expr.is_Atom:
        result = (1, 1)
    elif expr.is_Add:
        parts = [_measure(a, memo) for a in expr.args]
        result = (sum(t for t, _ in parts), max(d for _, d in parts))
    elif expr.is_Mul:
        parts = [_measure(a, memo) for a in expr.args]
        result = (math.prod(t for t, _ in parts), sum(d for _, d in parts))
    elif expr.is_Pow and expr.exp.is_Integer:
        terms, degree = _measure(expr.base, memo)
        n = abs(int(expr.exp))
        if degree * n > MAX_DEGREE:
            raise Uncheckable(f"too large to check: a power of degree {degree * n:,} (at most {MAX_DEGREE})")
        result = (math.comb(n + terms - 1, terms - 1) if terms > 1 else 1, degree * n)
    else:  # a root, an exponential, a logarithm: one new number, its argument measured too
        for a in expr.args:
            _measure(a, memo)
        result = (1, 1)
    if result[0] > MAX_TERMS:
        raise Uncheckable(f"too large to check: about {result[0]:,} terms once multiplied out (at most {MAX_TERMS})")
    memo[expr] = result
    return result


def require_small(entries) -> None:
    """Raise Uncheckable unless every entry is small enough to multiply out."""
    for x in entries:
        reason = too_large(x)
        if reason:
            raise Uncheckable(reason)


def admit(entries) -> str | None:
    """Enclose every entry of a student's answer, raising Uncheckable when one is too large to
    evaluate or not real. Returns why some entry is too large for exact checks, or None.

    An entry in a variable (a polynomial, a feature map) must be small, as it will be multiplied
    out; its numbers are enclosed like any other.
    """
    large = None
    for x in entries:
        if x.free_symbols:
            require_small((x,))
            _enclose_numbers(x)
        else:
            enclose(x)
            large = large or too_large(x)
    return large


def _enclose_numbers(expr):
    if not expr.free_symbols:
        enclose(expr)
        return
    for a in expr.args:
        _enclose_numbers(a)


# Why the answer being judged is too large for exact checks (None: it is not). Set by the checker
# for each answer; comparisons of other values (our own, in tests) may always be exact.
_large: ContextVar[str | None] = ContextVar("large", default=None)


@contextmanager
def judging(large: str | None):
    """Judge an answer that is (``large``: why) or is not (None) too large for exact checks."""
    token = _large.set(large)
    try:
        yield
    finally:
        _large.reset(token)


def require_exact() -> None:
    """Raise Uncheckable when the answer being judged is too large for arithmetic on it.

    Any SymPy product or sum with it may ask whether a part of it is zero, and SymPy answers
    that with a minimal polynomial of the whole: only a numeric comparison entry by entry
    (match_number) is safe on such an answer.
    """
    if _large.get():
        raise Uncheckable(_large.get())


# --- the field a follow-through would compute in -------------------------------------------


@dataclass(frozen=True)
class Field:
    """The irrational numbers in some values, as the exact engine would see them."""

    roots: frozenset  # (rational base, q): b^(1/q), of degree q
    exponents: frozenset  # the rational a of each exp(a)
    other: frozenset  # anything else: π, logarithms, exponentials of irrationals, nested roots
    digits: int  # of the longest numerator or denominator of a rational

    @property
    def degree(self) -> int:
        return math.prod(q for _, q in self.roots)

    @property
    def exp_span(self) -> int:
        """The largest k with every exp(a) a power t^k of one t = exp(g)."""
        if not self.exponents:
            return 0
        g = sp.Rational(math.gcd(*(a.p for a in self.exponents)), math.lcm(*(a.q for a in self.exponents)))
        return max(abs(int(a / g)) for a in self.exponents)


def field_of(entries) -> Field:
    roots, exponents, other, bits = set(), set(), set(), 0
    stack = list(entries)
    while stack:
        x = stack.pop()
        if x.is_Rational:
            bits = max(bits, abs(x.p).bit_length(), x.q.bit_length())
        elif x.is_Pow and x.base.is_Rational and x.exp.is_Rational and not x.exp.is_Integer:
            roots.add((x.base, x.exp.q))
        elif x is sp.E:
            exponents.add(sp.Integer(1))
        elif isinstance(x, sp.exp) and x.args[0].is_Rational:
            exponents.add(x.args[0])
        elif x.is_Add or x.is_Mul or (x.is_Pow and x.exp.is_Integer):
            stack.extend(x.args)
        else:
            other.add(x)
            stack.extend(x.args)  # the numbers inside a nested root count too
    return Field(frozenset(roots), frozenset(exponents), frozenset(other), math.ceil(bits * math.log10(2)))


def follow_too_large(given, expected, solves: bool) -> str | None:
    """Why recomputing from a student's values (``given``: their entries) would cost too much for
    follow-through, or None. ``expected`` are the entries of the right answer: a field no larger
    than theirs is always allowed. Solving an eigenproblem again (``solves``) also needs
    rationals of few digits and no numbers the right answer does not have."""
    mine, right = field_of(given), field_of(expected)
    degree = max(MAX_FOLLOW_DEGREE if solves else MAX_ARITHMETIC_DEGREE, right.degree)
    if mine.degree > degree:
        return f"its roots span a field of degree {mine.degree} (at most {degree})"
    if mine.exp_span > max(MAX_FOLLOW_EXP_SPAN, right.exp_span):
        return (f"its exponentials are powers up to {mine.exp_span} "
                f"of one exponential (at most {max(MAX_FOLLOW_EXP_SPAN, right.exp_span)})")
    if not solves:
        return None
    if mine.other - right.other:
        return "it uses numbers the exact solver does not solve with"
    if mine.digits > max(MAX_FOLLOW_DIGITS, 2 * right.digits):
        return f"a number of {mine.digits} digits (at most {max(MAX_FOLLOW_DIGITS, 2 * right.digits)})"
    return None


# --- the wall clock ------------------------------------------------------------------------


@contextmanager
def deadline(seconds: float):
    """Raise Deadline in the body after ``seconds`` of wall-clock time.

    SIGALRM, so only in the main thread and only where nobody else uses it; elsewhere the
    budgets above are the only guard. The timer repeats every half second until disarmed, in
    case a handler somewhere swallowed the first ring.
    """
    usable = (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
              and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN, None)
              and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))
    if not usable:
        yield
        return
    state = {"armed": True}

    def ring(signum, frame):
        if state["armed"]:
            raise Deadline

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.5)
    try:
        yield
    finally:
        while True:  # a ring while disarming is raised here: disarm again (the body has finished)
            try:
                state["armed"] = False
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)
                break
            except Deadline:
                continue
