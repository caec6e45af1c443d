"""Importance sampling with densities on an interval: the problem-file form with ``interval:``.

E_p[f] = ∫ f p dx = ∫ f (p/q) q dx, so the discrete topic's steps carry over with sums turned into
integrals. Every integral is SymPy's exact value, found under a time limit (tutor/deadline.py), and
an integral SymPy cannot find, or one that diverges, is refused with its name. Before SymPy sees an
expression it is bounded here (size, powers of x, the rate of an exponential, the interval's ends),
on top of what the whitelist parser already bounds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import sympy as sp

from tutor import fields
from tutor.deadline import deadline
from tutor.errors import ParseError, ProblemError, SolveTimeout
from tutor.exact.parser import parse_map, parse_number
from tutor.exact.tidy import is_zero, tidy
from tutor.topics.importance_sampling.finiteness import converges, finite_number

X = sp.Symbol("x", real=True)
_X_PARSE = sp.Symbol("x")  # what the parser builds; replaced by the real X at once (SymPy integrates better)
MAX_SAMPLES = 50
MAX_SAMPLE = 10**4  # |x| of a given sample: e^(−x) at x = 10^999 alone costs SymPy seconds to evaluate
MAX_SAMPLE_DENOMINATOR = 10**6  # of a given sample (0.123456 is 123456/10^6)
MAX_END = 100  # |a| and |b| of a finite end of the interval
MAX_TEXT = 100  # characters in p, q or f
MAX_OPS = 30  # operations in p, q or f (SymPy's count_ops)
MAX_POWER = 8  # |numerator| and denominator of a power of an expression in x
MAX_RATE = 20  # |c| of every coefficient in the exponent of exp(...) (as in exp(-c x))
MAX_EXPONENT_DEGREE = 2  # exp of a polynomial of degree at most 2 (a Gaussian at most)
MAX_DRAW_DENOMINATOR = 100  # the uniform numbers u of a draw are k/100
SECONDS = 5.0  # for each integral, sign decision or inverse CDF
SAMPLE_OPS = 12  # an exact sample (an inverse CDF at u) at most this long, else refused: ln(100/89)/3 is 3
INFINITY = ("oo", "inf", "infinity", "∞")


@dataclass(frozen=True)
class ContinuousProblem:
    title: str
    low: sp.Expr  # the interval's ends; high may be oo
    high: sp.Expr
    p: sp.Expr  # densities in x, as parsed (or built from a named density)
    q: sp.Expr
    f: sp.Expr
    texts: tuple[str, str, str]  # p, q and f as written
    samples: tuple[sp.Expr, ...]
    seed: int | None  # the seed of drawn samples, else None
    uniforms: tuple[sp.Expr, ...]  # the u_i each drawn sample is the inverse CDF of (empty when given)
    cdf: sp.Expr | None  # Q(x) = ∫_a^x q, when the samples were drawn
    totals: tuple[sp.Expr, sp.Expr]  # ∫ p and ∫ q, each 1 (checked)
    mean: sp.Expr  # E_p[f] = ∫ f p, finite (checked)

    continuous = True  # the discrete Problem has no such attribute: templates branch on it


def parse(raw: dict, title_default: str) -> ContinuousProblem:
    if "support" in raw:
        raise ProblemError("give either support (a finite list of points) or interval, not both", field="support")
    if ("samples" in raw) == ("draw" in raw):  # the cheap checks first: the integrals below take time
        raise ProblemError("give either samples (a list of points of the interval) or draw: {n: N, seed: S}",
                           field="samples")
    low, high = _interval(raw.get("interval"))
    p, p_text = _density(raw.get("p"), "p", low, high)
    q, q_text = _density(raw.get("q"), "q", low, high)
    f, f_text = _function(raw.get("f"), low, high)
    totals = (_total(p, "p", low, high), _total(q, "q", low, high))
    _support_condition(p, q, low, high)
    mean = integral(f * p, low, high, "E_p[f], the integral of f p", "f", name="E_p[f]")
    if mean is sp.oo or mean is sp.nan:
        raise ProblemError("E_p[f], the integral of f(x) p(x) over the interval, diverges: there is nothing "
                           "to estimate", field="f")
    uniforms, cdf, seed = (), None, None
    if "samples" in raw:
        samples = _samples(raw["samples"], q, low, high)
    else:
        samples, uniforms, cdf, seed = _draw(raw["draw"], q, low, high)
    _finite_at_samples(samples, p, q, f, "samples" if "samples" in raw else "draw")
    title = fields.text(raw.get("title", title_default), "title")
    return ContinuousProblem(title, low, high, p, q, f, (p_text, q_text, f_text), samples, seed, uniforms, cdf,
                             totals, mean)


# --- the fields ---------------------------------------------------------------------------------

def _interval(raw) -> tuple[sp.Expr, sp.Expr]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise ProblemError("must be [a, b]: two exact numbers a < b, b may be oo (e.g. [0, 1] or [0, oo])",
                           field="interval")
    ends = []
    for i, value in enumerate(raw):
        name = f"interval[{i + 1}]"
        if isinstance(value, str) and value.strip().lower() in INFINITY:
            if i == 0:
                raise ProblemError("the lower end must be a number (only the upper end may be oo)", field=name)
            ends.append(sp.oo)
            continue
        end = fields.number(value, name)
        if not end.is_Rational or abs(end) > MAX_END:
            raise ProblemError(f"must be a rational number from -{MAX_END} to {MAX_END} (or oo), got {end}",
                               field=name)
        ends.append(end)
    if not ends[0] < ends[1]:
        raise ProblemError(f"needs a < b, got [{ends[0]}, {ends[1]}]", field="interval")
    return ends[0], ends[1]


_NAMED = re.compile(r"\s*(uniform|exponential)\s*(?:\((.*)\))?\s*$")


def _density(raw, name: str, low, high) -> tuple[sp.Expr, str]:
    if raw is None:
        raise ProblemError('is missing: give a density in x on the interval, such as "3*x^2", uniform '
                           "or exponential(2)", field=name)
    if isinstance(raw, list):
        raise ProblemError("with interval, must be a density in x (a list of probabilities needs support)",
                           field=name)
    text = fields.text(str(raw), name, max_length=MAX_TEXT)
    named = _NAMED.match(text)
    if named:
        return _named(named.group(1), named.group(2), name, low, high), text
    return _expression(text, name, low, high), text


def _named(kind: str, argument: str | None, name: str, low, high) -> sp.Expr:
    if kind == "uniform":
        if argument is not None:
            raise ProblemError("uniform takes no argument: it is uniform on the interval", field=name)
        if high is sp.oo:
            raise ProblemError("there is no uniform density on an infinite interval", field=name)
        return sp.Integer(1) / (high - low)
    if argument is None:
        raise ProblemError("exponential needs its rate, as in exponential(2)", field=name)
    try:
        rate = parse_number(argument)
    except ParseError as err:
        raise ProblemError(f"exponential's rate: {err.message}", field=name) from None
    if not rate.is_Rational or not 0 < rate <= MAX_RATE:
        raise ProblemError(f"exponential's rate must be a rational from 0 (excluded) to {MAX_RATE}, got {rate}",
                           field=name)
    if high is not sp.oo:
        raise ProblemError("exponential(λ) is a density on [a, oo): make the interval's upper end oo, "
                           "or write the truncated density as an expression", field=name)
    return rate * sp.exp(-rate * (X - low))


def _expression(text: str, name: str, low, high) -> sp.Expr:
    try:
        expr = parse_map(text, {"x": _X_PARSE}).xreplace({_X_PARSE: X})
    except ParseError as err:
        raise ProblemError(err.message, field=name) from None
    _bounded(expr, name, low, high)
    return expr


def _function(raw, low, high) -> tuple[sp.Expr, str]:
    if not isinstance(raw, (str, int)) or isinstance(raw, bool):
        raise ProblemError('with interval, must be an expression in x such as "x^2"', field="f")
    text = fields.text(str(raw), "f", max_length=MAX_TEXT)
    return _expression(text, "f", low, high), text


def _bounded(expr: sp.Expr, name: str, low, high) -> None:
    """Refuse what would make SymPy's integrals huge or slow, before any integral is tried."""
    if sp.count_ops(expr) > MAX_OPS:
        raise ProblemError(f"too long: at most {MAX_OPS} operations", field=name)
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.exp) and node.has(X):
            exponent = sp.expand(node.exp)
            if not exponent.is_polynomial(X) or sp.degree(exponent, X) > MAX_EXPONENT_DEGREE:
                raise ProblemError(f"the exponent of exp must be a polynomial in x of degree at most "
                                   f"{MAX_EXPONENT_DEGREE}", field=name)
            coeffs = sp.Poly(exponent, X).all_coeffs()
            if any(not c.is_Rational or abs(c) > MAX_RATE for c in coeffs):
                raise ProblemError(f"the exponent of exp needs rational coefficients of size at most {MAX_RATE}",
                                   field=name)
        elif node.is_Pow and node.base.has(X):
            e = node.exp
            if not e.is_Rational or abs(e.p) > MAX_POWER or e.q > MAX_POWER:
                raise ProblemError(f"a power of an expression in x must be a rational p/q with |p|, q at most "
                                   f"{MAX_POWER}, got {e}", field=name)
            if not e.is_Integer and _limited(f"where {node.base} < 0", name,
                                             lambda base=node.base: _somewhere(base < 0, low, high)):
                raise ProblemError(f"{node.base} is negative somewhere on the interval, so its power {e} "
                                   "is not real there", field=name)


# --- exact questions put to SymPy, each under the time limit ----------------------------------------

def _limited(what: str, field: str, compute):
    """compute() under the time limit; a timeout or a SymPy failure is a refusal naming what was asked."""
    try:
        with deadline(SECONDS, what):
            return compute()
    except SolveTimeout:
        raise ProblemError(f"SymPy could not find {what} exactly within {SECONDS:g} s", field=field) from None
    except (ValueError, TypeError, NotImplementedError, ZeroDivisionError, RecursionError):
        raise ProblemError(f"SymPy could not find {what} exactly", field=field) from None


def _somewhere(condition, low, high) -> bool:
    """Whether the inequality in x holds anywhere on the interval (exactly, by solveset)."""
    where = sp.solveset(condition, X, sp.Interval(low, high))
    if isinstance(where, sp.ConditionSet):
        raise ValueError("undecided")
    return where is not sp.S.EmptySet


def integral(expr: sp.Expr, low, high, what: str, field: str, name: str | None = None) -> sp.Expr:
    """∫_low^high expr dx exactly: oo when it diverges to +∞, nan when it diverges otherwise, refused when
    SymPy cannot find it or its finiteness cannot be decided (name: what to call it then, else what)."""
    value = _limited(what, field, lambda: _integrate(expr, low, high))
    if value.has(sp.Integral) or value.has(sp.Piecewise):
        raise ProblemError(f"SymPy could not find {what} exactly", field=field)
    if value.has(sp.oo, -sp.oo, sp.zoo, sp.nan):
        return sp.oo if value == sp.oo else sp.nan
    if value.is_finite is None and not high.has(X):
        # A closed form in erfi, Ci, Si …: SymPy cannot tell whether it is finite, which is not "infinite".
        # The integral is decided from the integrand, and the closed form must then evaluate to a number.
        undecided = f"could not decide whether {name or what} is finite"
        try:
            with deadline(SECONDS, "deciding finiteness"):
                verdict, number = converges(expr, X, low, high), finite_number(value)
        except SolveTimeout:
            raise ProblemError(f"{undecided} within {SECONDS:g} s", field=field) from None
        except (ValueError, TypeError, NotImplementedError, ZeroDivisionError, RecursionError):
            verdict = None
        if verdict is False:
            return sp.nan
        if verdict is None:
            raise ProblemError(undecided, field=field)
        if not number:  # a convergent integral, but SymPy's closed form of it is no number
            raise ProblemError(f"SymPy could not find {what} exactly", field=field)
    return simpler(value)


def _integrate(expr: sp.Expr, low, high) -> sp.Expr:
    """The integral by the fastest exact route: on [a, oo), a divergence from the integrand's limit, else
    by an antiderivative; a rational function on a finite interval by ratint (integrate() takes tens of
    seconds on some, where a quadratic denominator brings in log and atan terms), a pole on the interval
    being a divergence; everything else by integrate()."""
    from sympy.integrals.rationaltools import ratint

    gaussian = _gaussian(expr, low, high)
    if gaussian is not None:
        return gaussian
    exponential = None if high is sp.oo or high.has(X) else _exponential_integral(expr, low, high)
    if exponential is not None:
        return exponential
    poles = [] if high.has(X) else _poles(expr, low, high)  # asked once: both tests below need them
    if _non_integrable_pole(expr, poles, low, high):
        return sp.nan
    if high is sp.oo:
        # An integrand that does not tend to 0 diverges: decided by a limit at once, where integrate()
        # spends seconds on a growing exponential before it says oo.
        tail = sp.limit(expr, X, sp.oo)
        if tail != 0:
            return sp.oo if (tail is sp.oo or tail.is_positive) else sp.nan
        if poles == []:  # no denominator vanishes on the interval (None: unknown, left to integrate())
            # Up to oo by an antiderivative and its limit: integrate() over [a, oo) goes through Meijer
            # G-functions and takes seconds on a polynomial times an exponential, which this does at once.
            antiderivative = sp.integrate(expr, X)
            if not antiderivative.has(sp.Integral):
                return sp.limit(antiderivative, X, sp.oo) - antiderivative.subs(X, low)
    if high is sp.oo or high.has(X) or not expr.is_rational_function(X):
        return sp.integrate(expr, (X, low, high))
    numerator, denominator = sp.fraction(sp.cancel(expr))
    if denominator.has(X) and any(low <= r <= high for r in sp.real_roots(sp.Poly(denominator, X))):
        return sp.nan  # a pole of a rational function is never integrable
    antiderivative = ratint(numerator / denominator, X)
    return antiderivative.subs(X, high) - antiderivative.subs(X, low)


def _one_exponential(term: sp.Expr) -> tuple[sp.Expr, sp.Expr] | None:
    """A product term as (the rest, the exponent) of its one factor e^(g(x)); None when it has none or several."""
    exps = [f for f in sp.Mul.make_args(term) if isinstance(f, sp.exp) and f.has(X)]
    if len(exps) != 1:
        return None
    return sp.cancel(term / exps[0]), sp.expand(exps[0].exp)


def _gaussian(expr: sp.Expr, low, high) -> sp.Expr | None:
    """∫ of a sum of polynomials times e^(a x² + b x + c), a ≠ 0, by the reduction J_k = ∫ x^k e^(…) =
    (x^(k−1) e^(…) − (k − 1) J_(k−2) − b J_(k−1)) / (2a) down to J_0, an erf (a < 0) or erfi (a > 0).
    integrate() takes seconds to minutes on these (a Gaussian target against an exponential proposal
    puts x² e^(3x − 2x²) in a second moment), or gives up; None when expr is not of this form, or on
    [low, oo) when it does not decay (the tail test says what then)."""
    terms = []
    for term in sp.Add.make_args(sp.expand(expr)):
        # expand() wrote e^(3x − 2x²) as e^(3x) e^(−2x²): powsimp makes it one factor again
        split = _one_exponential(sp.powsimp(term, combine="exp"))
        if split is None:
            return None
        polynomial, exponent = split
        if not (polynomial.is_polynomial(X) and exponent.is_polynomial(X)) or sp.degree(exponent, X) != 2:
            return None
        a, b, c = sp.Poly(exponent, X).all_coeffs()
        if high is sp.oo and not a < 0:
            return None
        terms.append((sp.Poly(polynomial, X), a, b, c))
    total = sp.Integer(0)
    for polynomial, a, b, c in terms:
        e = sp.exp(a * X**2 + b * X + c)
        shift = b / (2 * a)  # a x² + b x + c = a (x + shift)² + c − a shift²
        base = sp.erf(sp.sqrt(-a) * (X + shift)) if a < 0 else sp.erfi(sp.sqrt(a) * (X + shift))
        scale = sp.exp(c - a * shift**2) * sp.sqrt(sp.pi) / (2 * sp.sqrt(abs(a)))
        # J_k = P_k(x) e^(…) + C_k base(x): the recursion on the pair (P_k, C_k)
        pairs = [(sp.Integer(0), scale)]
        for k in range(1, polynomial.degree() + 1):
            p1, c1 = pairs[k - 1]
            p2, c2 = pairs[k - 2] if k >= 2 else (sp.Integer(0), sp.Integer(0))
            pairs.append((sp.expand((X ** (k - 1) - (k - 1) * p2 - b * p1) / (2 * a)),
                          sp.expand((-(k - 1) * c2 - b * c1) / (2 * a))))
        coefficients = polynomial.all_coeffs()[::-1]  # by the power of x, as pairs is
        poly_part = sum(c * pair[0] for c, pair in zip(coefficients, pairs))
        base_part = sum(c * pair[1] for c, pair in zip(coefficients, pairs))
        # at oo (a < 0 there): the polynomial times e^(…) tends to 0, and erf to 1
        upper = base_part if high is sp.oo else (poly_part * e + base_part * base).subs(X, high)
        total += upper - (poly_part * e + base_part * base).subs(X, low)
    return total


def _exponential_integral(expr: sp.Expr, low, high) -> sp.Expr | None:
    """∫ of a sum of rational functions times e^(a x + c), a ≠ 0, on a bounded interval without poles, by
    partial fractions over Q and I_k = ∫ e^(ax)/(x − r)^k = (a I_(k−1) − e^(ax)/(x − r)^(k−1)) / (k − 1) down
    to I_1 = e^(ar) Ei(a(x − r)). integrate() finds no antiderivative of x⁴eˣ/(x + 2)² and spends its whole
    5 s before saying so (p = 3x² against an exponential q with f = 1/(x + 2) on [0, 1]). None when expr is
    not of this form or a denominator has an irrational or complex root (left to integrate())."""
    total, poles = sp.Integer(0), False
    numerator, denominator = sp.fraction(sp.together(expr))  # expand(expr) would multiply e^(−3x) into it
    for term in sp.Add.make_args(sp.expand(numerator)):
        split = _one_exponential(sp.powsimp(term / denominator, combine="exp"))
        if split is None:
            return None
        rational, exponent = split
        if not (rational.is_rational_function(X) and exponent.is_polynomial(X)) or sp.degree(exponent, X) != 1:
            return None
        a, c = sp.Poly(exponent, X).all_coeffs()
        poles = poles or sp.denom(rational).has(X)
        antiderivative = sp.Integer(0)
        for part in sp.Add.make_args(sp.apart(rational, X)):
            constant, rest = part.as_independent(X, as_Add=False)
            top, bottom = sp.fraction(sp.factor(rest))
            top *= constant
            if not bottom.has(X):
                antiderivative += sp.integrate(part * sp.exp(a * X), X)
                continue
            base, k = bottom.as_base_exp() if not bottom.is_Mul else (None, 0)
            if base is None or not (k.is_Integer and base.is_polynomial(X) and sp.degree(base, X) == 1) \
                    or top.has(X):
                return None
            lead, shift = sp.Poly(base, X).all_coeffs()
            r = -shift / lead
            top = top / lead**k  # part = top / (x − r)^k
            integral = sp.exp(a * r) * sp.Ei(a * (X - r))  # I_1
            for j in range(2, int(k) + 1):
                integral = (a * integral - sp.exp(a * X) / (X - r) ** (j - 1)) / (j - 1)
            antiderivative += top * integral
        total += sp.exp(c) * (antiderivative.subs(X, high) - antiderivative.subs(X, low))
    return total if poles else None  # polynomials times exponentials: integrate() is quick, as it always was


def _poles(expr: sp.Expr, low, high):
    """The zeros of expr's denominator on the interval; None when SymPy cannot list them."""
    denominator = sp.denom(sp.together(expr))
    if not denominator.has(X):
        return []
    zeros = sp.solveset(sp.Eq(denominator, 0), X, sp.Interval(low, high))
    return list(zeros) if isinstance(zeros, sp.FiniteSet) else None


def _non_integrable_pole(expr: sp.Expr, poles, low, high) -> bool:
    """Whether expr behaves like c/(x − z), c ≠ 0, or worse at a zero z of its denominator on the interval:
    (x − z)·expr does not tend to 0 there, and no such integral converges (1/√x does, and is left to
    integrate())."""
    for z in poles or []:
        sides = [d for d, inside in (("+", z != high), ("-", z != low)) if inside]
        if any(sp.limit((X - z) * expr, X, z, side) != 0 for side in sides):
            return True
    return False


def simpler(expr: sp.Expr, seconds: float = 1.0) -> sp.Expr:
    """tidy(simplify(expr)) when simplify finishes in time (it can take minutes on sums of logs and
    arctangents), else tidy(expr): the same value, less neatly written."""
    try:
        with deadline(seconds, "simplifying"):
            return tidy(sp.simplify(expr))
    except SolveTimeout:
        return tidy(expr)


def _total(density, name: str, low, high) -> sp.Expr:
    if _limited(f"where {name} < 0", name, lambda: _somewhere(density < 0, low, high)):
        raise ProblemError(f"{name}(x) is negative somewhere on the interval, so it is not a density", field=name)
    total = integral(density, low, high, f"the integral of {name} over the interval", name)
    if total is sp.oo or total is sp.nan:
        raise ProblemError(f"the integral of {name} over the interval diverges, so it is not a density", field=name)
    # Decided as a value, not by its form: simpler() stops simplify() after a second of wall time, so on a
    # busy machine the total of q = e^(−x)/(1 − e^(−2)) stayed e²/(e² − 1) − 1/(e² − 1), which is 1
    if total != 1 and not is_zero(total - 1):
        raise ProblemError(f"integrates to {total} over the interval, not 1", field=name)
    return sp.Integer(1)  # however simplify() had time to write it


def _support_condition(p, q, low, high) -> None:
    """q(x) = 0 ⇒ p(x) = 0: the zeros of q on the interval, each checked against p exactly."""
    zeros = _limited("the zeros of q", "q", lambda: _zeros(q, low, high))
    if zeros is None:
        raise ProblemError("SymPy could not find the zeros of q on the interval exactly", field="q")
    for z in zeros:
        where = _named_point(z)
        if not _limited(f"p(x) at x = {where}", "q", lambda z=z: vanishes(p, z)):
            raise ProblemError(f"at x = {where}, q(x) = 0 but p(x) = {_named_point(tidy(p.subs(X, z)))}: "
                               "importance sampling needs q(x) > 0 wherever p(x) > 0", field="q")


def _zeros(expr, low, high) -> list | None:
    """The zeros of expr on the interval, in order; None when SymPy cannot list them. Those of a rational
    function by real_roots (exact roots, CRootOf for a quintic, in milliseconds where solveset takes
    seconds to write them in radicals)."""
    if expr.is_rational_function(X):
        numerator = sp.numer(sp.cancel(expr))
        if not numerator.has(X):
            return [] if numerator != 0 else None
        roots = set(sp.real_roots(sp.Poly(numerator, X)))
        return sorted((r for r in roots if _inside(r, low, high)), key=sp.N)
    zeros = sp.solveset(sp.Eq(expr, 0), X, sp.Interval(low, high))
    if zeros is sp.S.EmptySet:
        return []
    return sorted(zeros, key=sp.N) if isinstance(zeros, sp.FiniteSet) else None


def vanishes(expr: sp.Expr, z: sp.Expr) -> bool:
    """Whether expr is 0 at x = z, exactly: at an algebraic z (a root of q, CRootOf for a quintic), a
    polynomial factor of expr's numerator that z's minimal polynomial divides makes it 0; otherwise
    a value that SymPy's error-bounded evaluation puts away from 0 is not 0. Undecided is a ValueError
    (the caller's refusal)."""
    value = expr.subs(X, z)
    if value.is_zero is not None:
        return bool(value.is_zero)
    if tidy(value) == 0:
        return True
    try:
        if z.is_algebraic:
            minimal = sp.Poly(sp.minimal_polynomial(z, X), X)
            for factor in sp.Mul.make_args(sp.factor(sp.numer(sp.together(expr)))):
                base = factor.base if factor.is_Pow and factor.exp.is_positive else factor
                if base.is_polynomial(X) and base.has(X) and sp.rem(sp.Poly(base, X), minimal).is_zero:
                    return True
        size = abs(value.evalf(30, strict=True))
    except (sp.polys.polyerrors.BasePolynomialError, ArithmeticError) as err:  # NotAlgebraic, PrecisionExhausted
        raise ValueError("undecided") from err
    if size > sp.Float("1e-20"):  # 30 correct digits: a value this far from 0 is not 0
        return False
    raise ValueError("undecided")


def _named_point(value: sp.Expr) -> str:
    """A number as a message shows it: exactly when short, else its decimal (a CRootOf is 60 characters)."""
    text = str(value)
    return text if len(text) <= 40 else f"{sp.N(value, 6)} (approximately)"


# --- samples ------------------------------------------------------------------------------------

def _inside(x, low, high) -> bool:
    return bool(x >= low) and (high is sp.oo or bool(x <= high))


def at(expr: sp.Expr, x: sp.Expr) -> sp.Expr:
    """expr at x, tidied when that takes under a second (rationalising nested roots can take minutes)."""
    value = expr.subs(X, x)
    try:
        with deadline(1.0, "tidying"):
            return tidy(value)
    except SolveTimeout:
        return value


def _samples(raw, q, low, high) -> tuple[sp.Expr, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SAMPLES:
        raise ProblemError(f"must be a list of 1 to {MAX_SAMPLES} points of the interval", field="samples")
    samples = tuple(fields.number(v, f"samples[{i}]") for i, v in enumerate(raw, start=1))
    for i, x in enumerate(samples, start=1):
        if not x.is_Rational:
            raise ProblemError(f"a given sample must be a rational number, got {x}", field=f"samples[{i}]")
        if abs(x) > MAX_SAMPLE or x.q > MAX_SAMPLE_DENOMINATOR:
            raise ProblemError(f"a given sample must be a rational from -{MAX_SAMPLE} to {MAX_SAMPLE} with a "
                               f"denominator of at most {MAX_SAMPLE_DENOMINATOR}", field=f"samples[{i}]")
        if not _inside(x, low, high):
            raise ProblemError(f"{x} is outside the interval", field=f"samples[{i}]")
        if at(q, x) == 0:
            raise ProblemError(f"{x} has q(x) = 0, so it cannot be a sample from q", field=f"samples[{i}]")
    return samples


def _finite_at_samples(samples, p, q, f, field: str) -> None:
    """Each sample's term f(x) p(x)/q(x) is a number: p = 1/(2√x) is a density on [0, 1], but a sample at
    0 would weigh infinitely (an inverse CDF may also land on an end of the interval)."""
    for i, x in enumerate(samples, start=1):
        for name, value in (("p", p), ("q", q), ("f", f)):
            if not finite_number(at(value, x)):
                where = f"{field}[{i}]" if field == "samples" else field
                raise ProblemError(f"{name}(x) is not finite at the sample x = {x}: its weight would be too; "
                                   "give samples inside the interval where p, q and f are finite", field=where)


def _draw(raw, q, low, high):
    if not isinstance(raw, dict) or set(raw) - {"n", "seed"} or "n" not in raw:
        raise ProblemError("must be a mapping {n: N, seed: S}", field="draw")
    n = fields.integer(raw["n"], "draw.n", 1, MAX_SAMPLES)
    seed = fields.integer(raw.get("seed", 0), "draw.seed", 0, 10**9)
    uniforms = uniform_draws(n, seed)
    cdf = integral(q, low, X, "q's CDF Q(x) = ∫ q from the lower end to x", "draw")
    samples = tuple(inverse_cdf(cdf, u, low, high) for u in uniforms)
    return samples, uniforms, cdf, seed


def uniform_draws(n: int, seed: int) -> tuple[sp.Rational, ...]:
    """n numbers u = k/100, 0 < u < 1, from a private generator for the seed: the same on every machine."""
    rng = random.Random(f"tutor-importance-sampling-continuous:{seed}")
    return tuple(sp.Rational(rng.randrange(1, MAX_DRAW_DENOMINATOR), MAX_DRAW_DENOMINATOR) for _ in range(n))


def inverse_cdf(cdf: sp.Expr, u: sp.Expr, low, high) -> sp.Expr:
    """The x of the interval with Q(x) = u, exactly (Q is increasing where q > 0, so there is one)."""
    # solveset over the interval writes the inverse as the notes would (x = -ln(1 - u)/λ); solve() returns
    # complex branches and powers inside the logarithm.
    roots = _limited(f"the inverse of q's CDF at u = {u}", "draw",
                     lambda: sp.solveset(sp.Eq(cdf, u), X, sp.Interval(low, high)))
    inside = list(roots) if isinstance(roots, sp.FiniteSet) else []
    if len(inside) != 1 or sp.count_ops(inside[0]) > SAMPLE_OPS:
        raise ProblemError(f"q's CDF has no short exact inverse at u = {u}: give the samples instead", field="draw")
    return positive_logs(inside[0])


def positive_logs(expr: sp.Expr) -> sp.Expr:
    """expr with each logarithm of a rational below 1 written as minus that of its reciprocal: a student
    writes x = −ln(1 − u)/3 = ⅓ ln(20/19), where solveset gives −ln(19/20)/3 (the same value)."""
    flipped = {a: -sp.log(1 / a.args[0]) for a in expr.atoms(sp.log)
               if a.args[0].is_Rational and 0 < a.args[0] < 1}
    return expr.xreplace(flipped) if flipped else expr


def inverse_formula(cdf: sp.Expr, uniforms, samples) -> sp.Expr | None:
    """x = Q^{-1}(u) as a formula in u (−ln(1 − u)/3 for Q(x) = 1 − e^{−3x}) when SymPy finds a real one
    that gives every drawn sample from its u_i, else None (the step then shows only the values)."""
    u, v = sp.Symbol("u", positive=True), sp.Symbol("v", positive=True)

    def candidates():
        # Q(x) = 1 − v first: an exponential's inverse comes out as −ln(v)/λ, then v = 1 − u
        found = [s.subs(v, 1 - u) for s in sp.solve(sp.Eq(cdf, 1 - v), X)] + sp.solve(sp.Eq(cdf, u), X)
        return [positive_logs(sp.expand_log(s, force=True)) for s in found if not s.has(sp.I)]

    try:
        with deadline(SECONDS, "the inverse of q's CDF"):
            found = candidates()
            fits = [s for s in found
                    if all(abs(sp.N(s.subs(u, ui) - x, 30)) < sp.Float("1e-20") for ui, x in zip(uniforms, samples))]
    except (SolveTimeout, ValueError, TypeError, NotImplementedError, ZeroDivisionError, RecursionError):
        return None
    return min(fits, key=sp.count_ops) if fits else None
