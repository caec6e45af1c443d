"""Writing exact values for humans: tidy surds, common factors, signs, order.

These are computations (they belong to builders, not to templates): each takes
exact SymPy values and returns exact SymPy values, so a template only prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache, reduce
from math import gcd, lcm

import sympy as sp

from . import surds
from .implicit import IMPLICIT, PolyRoot

_PRECISION = 40  # digits for numeric sign and order decisions on exact values
_TIDY_LIMIT = 40  # operations: radsimp on larger expressions can take minutes
_PROVE_LIMIT = 60  # operations: larger identities are confirmed on 100 digits
_MAX_GUARD = 1000  # guard digits at most for shown(): a value cancelling beyond them shows its last estimate
_VANISHING_DIGITS = 800  # a sum that cancels to nothing at this many digits is taken as zero (floats stop at 10^-308)
_MAX_DIVISION_DIGITS = 4000  # digits at most (or 4 × those asked) to evaluate a value whose sums cancel


def as_expr(value) -> sp.Expr:
    """One of our own values (an int or a SymPy number) as SymPy.

    Strings are refused: a string becomes a value only through the whitelist parser.
    """
    if isinstance(value, sp.Basic):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return sp.Integer(value)
    raise TypeError(f"expected an exact number, got {type(value).__name__}")


def tidy(expr: sp.Expr) -> sp.Expr:
    """A canonical human form: expanded, denominators rationalised, surds denested.

    >>> tidy(1/sp.sqrt(2))
    sqrt(2)/2
    >>> tidy(sp.sqrt(3 + 2*sp.sqrt(2)))
    1 + sqrt(2)
    """
    expr = as_expr(expr)
    if expr.is_Atom:
        return expr
    return _tidy(expr)


@lru_cache(maxsize=4096)  # solvers and templates tidy the same values again and again
def _tidy(expr: sp.Expr) -> sp.Expr:
    fast = surds.from_expr(expr)
    if fast is not None:
        # Square roots, nested at most once: rationalised exactly in pure Python, not by radsimp.
        return min([*surds.candidates(fast), expr], key=_ops)
    if count_ops(expr, _TIDY_LIMIT) > _TIDY_LIMIT:
        return expr  # rationalising a large expression can take minutes and rarely shortens it
    if expr.has(sp.CRootOf, *IMPLICIT):
        return sp.expand(expr)
    if expr.has(sp.exp, sp.E, sp.log, sp.cos):
        # Expanding or rationalising expressions in exponentials multiplies their
        # size (and time); put them over one denominator instead.
        if count_ops(expr, 80) > 80:
            return expr
        best = min([expr, sp.expand(expr)], key=_ops)
        factored = _factored_in_exponentials(expr)
        # Factoring wins only when it clearly shortens: a quotient that cancels ((1 - e^-2)/(3 - 2/e - e^-2) =
        # (1 + e)/(1 + 3e)) or a square root of a square (sqrt(1 - 2/e + e^-2) = (e - 1)/e). A sum it only
        # regroups (1 - e^-2 against (e - 1)(e + 1)/e^2) keeps the form the kernel matrix is written in.
        if factored is not None and 4 * _ops(factored) <= 3 * _ops(best) and not factored.has(sp.Dummy):
            return factored
        return best
    out = sp.radsimp(sp.expand(expr))
    if any(isinstance(p.exp, sp.Rational) and p.exp.q == 2 and not p.base.is_Rational for p in out.atoms(sp.Pow)):
        out = sp.sqrtdenest(out)  # only a square root of a surd can denest
    out = sp.expand(out)
    # Rationalising can make a value longer (1/sqrt(a + b*sqrt(5))): keep the shortest form.
    candidates = [out, sp.together(out), expr]
    return min(candidates, key=_ops)


def _factored_in_exponentials(expr: sp.Expr) -> sp.Expr | None:
    """expr as a factored rational function of t = e^(-1/L), with the square root of a perfect square
    taken: the form the kernel matrix's e^(-γδ) entries suggest ((1 - e^-1)^2/4, (1 + e^-1)/(3 + e^-1)).
    None unless expr has a quotient or a square root of a sum to simplify and holds nothing but rationals,
    exponentials of rationals and square roots (factoring logs, cosines or implicit roots means nothing)."""
    exponents = []
    sums_to_cancel = False
    for a in sp.preorder_traversal(expr):
        if a is sp.S.Exp1:
            exponents.append(sp.S.One)
        elif isinstance(a, sp.exp):
            if not a.exp.is_Rational:
                return None
            exponents.append(a.exp)
        elif isinstance(a, sp.Pow) and a.base.is_Add and (a.exp.is_negative or a.exp == sp.S.Half):
            sums_to_cancel = True
        elif isinstance(a, (sp.Function, sp.Symbol)) and not isinstance(a, sp.exp):
            return None
    if not (exponents and sums_to_cancel):
        return None
    common = lcm(*[int(e.q) for e in exponents])
    if common > 12:
        return None  # a polynomial of too high a degree to factor for display
    t = sp.Dummy("t", positive=True)
    in_t = expr.replace(lambda a: a is sp.S.Exp1 or isinstance(a, sp.exp),
                        lambda a: t ** (-common * (sp.S.One if a is sp.S.Exp1 else a.exp)))

    def roots_taken(e):
        if isinstance(e, sp.Pow) and e.exp == sp.S.Half:
            return sp.sqrt(sp.factor(e.base))  # a square (1 - t)^2/4 leaves its root: t < 1
        if isinstance(e, sp.Mul):
            return sp.Mul(*map(roots_taken, e.args))
        return e

    def signs_out(product):
        # t - 1 is written 1 - t, the way 1 - e^-1 reads (t < 1); an odd power moves its sign to the front
        coeff, factors = product.as_coeff_mul()
        kept = []
        for f in factors:
            base, k = f.as_base_exp()
            if base.is_Add and base.subs(t, 0).is_negative and k.is_Integer:
                base, coeff = -base, coeff * (-1) ** k
            kept.append(base ** k)
        return coeff * sp.Mul(*kept)

    numerator, denominator = sp.fraction(sp.factor(roots_taken(in_t)))
    factored = signs_out(numerator) / signs_out(denominator)
    return factored.subs(t, sp.exp(sp.Rational(-1, common)))


def tidy_sum_of_products(terms) -> sp.Expr:
    """tidy(Σ a·b·…) for terms (a, b, …): in the surd arithmetic when every factor is a surd,
    without building the sum in SymPy first (matrix–vector products, linear combinations)."""
    value = surds.sum_of_products(terms)
    if value is None:
        return tidy(sp.Add(*[sp.Mul(*factors) for factors in terms]))
    return min(surds.candidates(value), key=_ops)


@lru_cache(maxsize=8192)  # the same forms are measured again and again while tidying
def _ops(expr: sp.Expr) -> int:
    return count_ops(expr)


def count_ops(expr: sp.Expr, limit: int | None = None) -> int:
    """``sp.count_ops(expr)``, the same count by the same walk, but summed in integers.

    SymPy's version builds a symbolic sum of operation names and then counts it,
    which made it the largest single cost of tidying.

    >>> count_ops(-sp.sqrt(13)/4 - sp.Rational(3, 4)) == sp.count_ops(-sp.sqrt(13)/4 - sp.Rational(3, 4)) == 6
    True

    With ``limit``, the walk stops as soon as the count exceeds it: "is it larger
    than 40?" costs the same for a huge expression as for a small one.
    """
    count = 0
    args = [expr]
    while args:
        if limit is not None and count > limit:
            return count
        a = args.pop()
        if a.is_Rational:
            if a is not sp.S.One:
                count += (a.p < 0) + (a.q != 1)
                continue
        elif a.is_Mul:
            if _leading_negative(a):
                count += 1
                a = a.as_two_terms()[1] if a.args[0] is sp.S.NegativeOne else -a
            n, d = _fraction(a)
            if n.is_Integer:
                count += 2 if n.is_negative else 1
                args.append(d)
                continue
            elif d is not sp.S.One:
                if not d.is_Integer:
                    args.append(d)
                count += 1
                args.append(n)
                continue
        elif a.is_Add:
            aargs = a.args
            negs = 0
            for i, ai in enumerate(aargs):
                if _leading_negative(ai):
                    negs += 1
                    args.append(-ai)
                else:
                    args.append(ai)
            count += len(aargs) - 1
            if negs == len(aargs):
                count += 1
            continue
        if a.is_Pow and a.exp is sp.S.NegativeOne:
            count += 1
            args.append(a.base)
            continue
        if a is sp.S.Exp1:
            count += 1
            continue
        if a.is_Pow and a.base is sp.S.Exp1:
            count += 1
            args.append(a.exp)
            continue
        if a.is_Mul:
            count += len(a.args) - 1
        elif a.args and (a.is_Pow or a.is_Function):
            count += 1
        if not a.is_Symbol:
            args.extend(a.args)
    return count


def _negative(x) -> bool:
    return x.p < 0 if x.is_Rational else bool(x.is_negative)


def _positive(x) -> bool:
    return x.p > 0 if x.is_Rational else bool(x.is_positive)


def _leading_negative(a) -> bool:
    """SymPy's _coeff_isneg, asking a rational coefficient its sign directly (no assumptions engine)."""
    if a.is_Mul:
        a = a.args[0]
    if not a.is_Number:
        return False
    return a.p < 0 if a.is_Rational else bool(a.is_extended_negative)


def _fraction(expr):
    """SymPy's fraction(expr) (numerator, denominator), with the same cheap sign tests."""
    numer, denom = [], []
    for term in sp.Mul.make_args(expr):
        if term.is_commutative and (term.is_Pow or isinstance(term, sp.exp)):
            base, ex = term.as_base_exp()
            if _negative(ex):
                denom.append(base if ex is sp.S.NegativeOne else sp.Pow(base, -ex))
            elif _positive(ex):
                numer.append(term)
            elif ex.is_Mul:
                n, d = term.as_numer_denom()
                if n != 1:
                    numer.append(n)
                denom.append(d)
            else:
                numer.append(term)
        elif term.is_Rational and not term.is_Integer:
            if term.p != 1:
                numer.append(term.p)
            denom.append(term.q)
        else:
            numer.append(term)
    return sp.Mul(*numer), sp.Mul(*denom)


def is_zero(expr: sp.Expr) -> bool:
    """Whether an exact real expression is zero.

    A value that is numerically non-zero is decided at once. An algebraic value
    that is numerically zero is proved zero in the surd arithmetic (surds.py)
    or, when small, by expansion or by its minimal polynomial. Any other value
    (exponentials, root objects, decimals, large surd expressions) is accepted
    as zero on 100 correct digits: proving such
    identities symbolically can take minutes, and they are polynomial
    identities of small degree and height in one algebraic or transcendental
    number, which cannot vanish to 100 digits by accident at the sizes of our
    problems.

    >>> is_zero(sp.sqrt(8) - 2*sp.sqrt(2))
    True
    >>> is_zero(sp.exp(-1) - sp.exp(-sp.Rational(1, 2))**2)
    True
    """
    import mpmath

    expr = as_expr(expr)
    if expr.is_Rational:
        return expr == 0
    # A first look: 45 digits, then 90 if the sums cancel. A value that cancels at both is left to the
    # tests below (probing it up to 720 digits here, to then compare it with 10^-20, was most of an n = 8
    # RBF solve); one that does not is known to its digits.
    value, vanishing = _evaluate_vanishing(expr, 45, limit=90)
    if not vanishing and abs(mpmath.re(value)) > mpmath.mpf("1e-20"):
        return False
    provable = not expr.has(sp.exp, sp.E, sp.log, sp.pi, sp.cos, sp.CRootOf, sp.Float, *IMPLICIT)
    if provable:
        value = surds.from_expr(expr)
        decided = surds.decides_zero(value) if value is not None else None
        if decided is not None:
            return decided  # exact arithmetic in Q(√a, √b, …): a proof, in microseconds
    if provable and count_ops(expr, _PROVE_LIMIT) <= _PROVE_LIMIT:
        expanded = sp.expand(expr)
        if expanded == 0 or sp.expand(sp.fraction(sp.together(expanded))[0]) == 0:
            return True
        decided = radicals_decide_zero(expanded)
        if decided is not None:
            return decided  # a sum of independent radicals: exact, where a minimal polynomial took minutes
        return sp.minimal_polynomial(expr, sp.Symbol("x")).is_Symbol
    # 100 correct digits: a sum that still cancels to nothing at 270 digits is below 10^-250 of its terms.
    value, vanishing = _evaluate_vanishing(expr, 135, limit=270)
    return vanishing or bool(abs(mpmath.re(value)) < mpmath.mpf("1e-100"))


MAX_RADICAL_BASE = 10**12  # bases split into primes to read a sum of radicals; larger ones are left to SymPy


def radicals_decide_zero(expanded: sp.Expr) -> bool | None:
    """Whether an expanded sum Σ c·Π bᵢ^(rᵢ) (c and bᵢ > 0 rational, rᵢ rational) is zero, exactly; None
    for any other form.

    Each term is split into a rational times Π pⱼ^(fⱼ) over primes pⱼ with 0 < fⱼ < 1; such products are
    linearly independent over Q (Besicovitch, 1940), so the sum is zero exactly when the rationals of each
    product add up to zero. The entries of an RBF kernel with γ = 2·ln 5 at squared distances in ninths,
    5^(−2δ), are such sums; their minimal polynomial (degree 9 and more) took SymPy minutes.

    >>> radicals_decide_zero(sp.expand(2**sp.Rational(1, 9) * 2**sp.Rational(8, 9) - 2))
    True
    >>> radicals_decide_zero(sp.expand(6**sp.Rational(1, 3) - 2**sp.Rational(1, 3) * 3**sp.Rational(1, 3)))
    True
    >>> radicals_decide_zero(sp.expand(5**sp.Rational(2, 9) - 25**sp.Rational(1, 18) + 1))
    False
    """
    groups: dict = {}
    for term in sp.Add.make_args(expanded):
        coeff, rest = term.as_coeff_Mul()
        if not coeff.is_Rational:
            return None
        exponents: dict = {}  # prime -> rational exponent
        for factor in sp.Mul.make_args(rest):
            if factor is sp.S.One:
                continue
            if not (factor.is_Pow and factor.base.is_Rational and factor.base > 0 and factor.exp.is_Rational):
                return None
            base = factor.base
            if max(abs(base.p), base.q) > MAX_RADICAL_BASE:
                return None
            for part, sign in ((base.p, 1), (base.q, -1)):
                for prime, k in sp.factorint(part).items():
                    exponents[prime] = exponents.get(prime, 0) + sign * k * factor.exp
        key = []
        for prime, e in sorted(exponents.items()):
            whole = sp.floor(e)
            coeff *= sp.Integer(prime) ** whole
            if e != whole:
                key.append((prime, e - whole))
        groups[tuple(key)] = groups.get(tuple(key), 0) + coeff
    return all(c == 0 for c in groups.values())


@lru_cache(maxsize=4096)  # decimals, signs and checks ask for the same values again and again
def numeric(expr: sp.Expr, digits: int = _PRECISION) -> sp.Float:
    """A numeric value to about ``digits`` digits, used only to decide signs, order and zeros.

    The expression tree is evaluated once at a fixed working precision with
    mpmath. SymPy's evalf would raise its precision again and again on a value
    that is exactly zero, which is what our identity checks produce.
    """
    import mpmath

    return sp.Float(mpmath.re(_evaluate(as_expr(expr), digits + 15)), digits)


def _evaluate(expr, dps: int):
    """``expr`` evaluated with about ``dps`` correct digits (with 15 of them as guard digits)."""
    return _evaluate_vanishing(expr, dps)[0]


def _evaluate_vanishing(expr, dps: int, limit: int | None = None):
    """``expr`` evaluated with about ``dps`` correct digits, and whether it cancels to nothing at every
    precision up to ``limit`` digits (default max(4·dps, _VANISHING_DIGITS)).

    Far-apart RBF points give closed forms with terms like e^60 that cancel to a value near 1: the
    evaluation counts the digits each sum loses to cancellation and is repeated with that many more
    digits until the loss fits in the guard. A loss that grows with the digits is probed with twice as
    many, until either it stays put (a small value: a cap probability of 10^-201) or the limit is
    reached (zero: a check's identity, or a value far below any digit shown). A part that cancels to
    exactly 0 and is then divided by is evaluated again with four times the digits.
    """
    import mpmath

    working, previous = dps, None
    limit = max(4 * dps, _VANISHING_DIGITS) if limit is None else limit
    while True:
        memo: dict = {_LOSS: 0}
        try:
            with mpmath.workdps(working):
                value = _mp_eval(expr, memo)
            lost = memo[_LOSS]
            if lost <= working - dps + 10:
                return value, False
            growing = previous is None or lost - previous[1] >= (working - previous[0]) // 2
            previous = (working, lost)
            if growing:  # the loss grows with the digits: zero, or a value below this precision
                if 2 * working > limit:
                    return value, True
                working = max(2 * working, dps + lost + 15)
            else:  # a loss that stays put: that many more digits give the value
                working = dps + lost + 15
        except ZeroDivisionError:
            working *= 4
        if working > max(_MAX_DIVISION_DIGITS, 4 * dps):
            from ..errors import UnsupportedProblem

            raise UnsupportedProblem(f"a value cancels beyond {working // 4:,} digits; "
                                     "the points are too far apart for this kernel") from None


@lru_cache(maxsize=4096)
def shown(expr: sp.Expr, digits: int = 30) -> sp.Float:
    """A value to ``digits`` correct digits, for the decimals a reader sees beside an exact value.

    numeric() adds digits where it sees sums cancel, which is enough for signs and order; a decimal a
    reader sees is confirmed as well: it is trusted only when an evaluation with more guard digits
    agrees with it (1 − (1 − q)^200 at q ≈ 10^−50, RBF eigenvectors of far-apart points), else the
    precision grows.
    """
    import mpmath

    expr = as_expr(expr)
    if expr.is_Rational:
        return sp.Float(expr, digits)
    guard = 15
    value, vanishes = _evaluate_vanishing(expr, digits + guard)
    if vanishes:
        return sp.Float(0, digits)  # a sum that cancels whatever the digits: zero, or below any shown digit
    value = mpmath.re(value)
    while guard <= _MAX_GUARD:
        guard *= 4
        better = mpmath.re(_evaluate(expr, digits + guard))
        with mpmath.workdps(digits + guard):
            if value == better or abs(better - value) <= abs(better) * mpmath.mpf(10) ** (-digits - 2):
                return sp.Float(better, digits)
        value = better
    return sp.Float(value, digits)


_MP_FUNCTIONS = {sp.exp: "exp", sp.log: "log", sp.cos: "cos", sp.sin: "sin", sp.acos: "acos"}


_LEAF_VALUES: dict = {}  # (node, digits) -> (value, digits lost), for exponentials and powers, across calls
_LOSS = object()  # memo key: the most digits any sum lost to cancellation in this evaluation


def _mp_eval(expr, memo):
    import mpmath

    if expr in memo:
        return memo[expr]
    leaf = (expr, mpmath.mp.dps) if (expr.is_Pow or expr.is_Function) and not expr.args[0].is_Add else None
    if leaf is not None and leaf in _LEAF_VALUES:
        value, lost = _LEAF_VALUES[leaf]
        memo[_LOSS] = max(memo[_LOSS], lost)
        return value
    before = memo[_LOSS]
    if leaf is not None:
        memo[_LOSS] = 0  # the loss inside this leaf alone, cached with it
    if expr.is_Rational:
        value = mpmath.mpf(expr.p) / expr.q
    elif expr.is_Add:
        terms = [_mp_eval(a, memo) for a in expr.args]
        value = mpmath.fsum(terms)
        largest = max(abs(mpmath.re(t)) + abs(mpmath.im(t)) for t in terms)
        if largest:
            size = abs(mpmath.re(value)) + abs(mpmath.im(value))
            lost = mpmath.mp.dps if not size else max(0, int(mpmath.log10(largest / size)))
            memo[_LOSS] = max(memo[_LOSS], lost)
    elif expr.is_Mul:
        value = mpmath.fprod(_mp_eval(a, memo) for a in expr.args)
    elif expr.is_Pow:
        base, exponent = expr.args
        b = _mp_eval(base, memo)
        value = b ** int(exponent) if exponent.is_Integer else mpmath.power(b, _mp_eval(exponent, memo))
    elif expr is sp.pi:
        value = mpmath.pi
    elif expr is sp.E:
        value = mpmath.e
    elif type(expr) in _MP_FUNCTIONS:
        value = getattr(mpmath, _MP_FUNCTIONS[type(expr)])(_mp_eval(expr.args[0], memo))
    elif isinstance(expr, (sp.CRootOf, *IMPLICIT)):
        value = _root_value(expr)
    else:  # anything else SymPy can evaluate
        value = mpmath.mpmathify(expr.evalf(mpmath.mp.dps))
    memo[expr] = value
    if leaf is not None:
        if len(_LEAF_VALUES) > 20000:
            _LEAF_VALUES.clear()
        _LEAF_VALUES[leaf] = (value, memo[_LOSS])
        memo[_LOSS] = max(before, memo[_LOSS])
    return value


_ROOT_VALUES: dict = {}  # root object -> (digits, value): the most precise value found yet


def _root_value(root):
    """A root object (CRootOf, or a named root or eigenvector entry) at the working precision, from the
    most precise value found yet where that is enough: a CRootOf's evalf refines its interval again on
    every call (2,500 calls at ever different precisions were a third of an 8-point degree-10 polynomial
    kernel solve), and a named eigenvector entry is certified again at each new precision (interval
    determinants of 7 × 7 minors: most of an 8-point 1-D RBF solve)."""
    import mpmath

    dps = mpmath.mp.dps
    known = _ROOT_VALUES.get(root)
    if known is None or known[0] < dps:
        if len(_ROOT_VALUES) > 2000:
            _ROOT_VALUES.clear()
        if known is not None and not isinstance(root, PolyRoot):
            # asked for more: at least twice as many, so that 286, 287, 288 digits cost one certified
            # eigenvector (a named root's isolation costs more than that at twice the digits: not there)
            dps = max(dps, 2 * known[0])
        with mpmath.workdps(dps):
            known = _ROOT_VALUES[root] = (dps, mpmath.mpmathify(root.evalf(dps)))
    return +known[1]  # rounded to the working precision


def approx(expr: sp.Expr, digits: int = _PRECISION) -> sp.Float:
    """A high-precision numeric value, used only to decide signs and order."""
    return numeric(expr, digits)


def sign_of(expr: sp.Expr) -> int:
    """The sign of an exact real number known to be zero or well away from it."""
    if expr == 0:
        return 0
    if expr.is_Rational:
        return 1 if expr > 0 else -1
    value = approx(expr)
    if value == 0:
        return 0
    return 1 if value > 0 else -1


def sort_descending(values):
    """Indices of exact real values from largest to smallest (stable)."""
    keyed = [(approx(v), i) for i, v in enumerate(values)]
    return [i for _, i in sorted(keyed, key=lambda p: (-p[0], p[1]))]


@dataclass(frozen=True)
class Scaled:
    """A vector written as scalar × (entries), like the notes' (1/4)(1, −1, 0)."""

    scalar: sp.Expr
    entries: tuple[sp.Expr, ...]

    @cached_property
    def value(self) -> tuple[sp.Expr, ...]:
        # Cached: the solver and every template that prints the vector ask for it.
        return tuple(tidy(self.scalar * e) for e in self.entries)


def primitive(vector) -> tuple[sp.Expr, tuple[sp.Expr, ...]]:
    """Split a vector into (content, primitive part) with the first non-zero entry positive.

    The content is the rational gcd of the entries' rational coefficients, so
    (1/2, -1/2, 0) becomes 1/2 · (1, -1, 0) and (2√2, -2√2) becomes 2 · (√2, -√2).

    >>> primitive([sp.Rational(1, 2), sp.Rational(-1, 2), 0])
    (1/2, (1, -1, 0))
    """
    vector = [as_expr(v) for v in vector]
    coeffs = [v.as_coeff_Mul()[0] if v != 0 else None for v in vector]
    rationals = [c for c in coeffs if c is not None and c.is_Rational]
    if not rationals:
        return sp.Integer(1), tuple(vector)
    num = reduce(gcd, (int(abs(c.p)) for c in rationals))
    den = reduce(lcm, (int(c.q) for c in rationals))
    content = sp.Rational(num, den)
    lead = next((v for v in vector if v != 0), None)
    if lead is not None and sign_of(lead) < 0:
        content = -content
    if content == 0:
        return sp.Integer(1), tuple(vector)
    return content, tuple(tidy(v / content) for v in vector)


def scaled(vector) -> Scaled:
    """``vector`` as content × primitive part (see ``primitive``)."""
    content, entries = primitive(vector)
    return Scaled(content, entries)


def unit_divisor(scalar) -> sp.Expr | None:
    """The d with scalar = 1/d when d is a whole number times one square root (3√2, √6): a unit vector's
    scale as a student writes it, 1/(3√2) rather than √2/6; None otherwise (1/2 and 2√5/5 stay as they are)."""
    scalar = sp.Integer(scalar) if isinstance(scalar, int) else scalar  # an Expr already (a step scale)
    if not scalar.is_positive or scalar.is_Rational:
        return None
    d = tidy(1 / scalar)
    coeff, rest = d.as_coeff_Mul()
    if coeff.is_Integer and coeff > 0 and rest.is_Pow and rest.exp == sp.Rational(1, 2) and rest.base.is_Integer:
        return d
    return None


def unit_split(values) -> tuple[sp.Expr, tuple[sp.Integer, ...]] | None:
    """(s, whole numbers) with values = s × whole numbers and s = 1/d, d a whole number times one square
    root (unit_divisor): a unit vector's (or matrix's) common scale as a student writes it outside,
    1/√6 (1, 1, −2); the signs stay with the entries. None when the values share no such scale (all
    rational, or not all a rational multiple of one another).

    >>> unit_split([sp.sqrt(6)/6, sp.sqrt(6)/6, -sp.sqrt(6)/3])
    (sqrt(6)/6, (1, 1, -2))
    >>> unit_split([-sp.sqrt(2)/2, sp.sqrt(2)/2]), unit_split([sp.Rational(1, 2), 1]), unit_split([sp.sqrt(2), 1])
    ((sqrt(2)/2, (-1, 1)), None, None)
    """
    values = [as_expr(v) for v in values]
    lead = next((v for v in values if v != 0), None)
    if lead is None or lead.free_symbols or lead.is_Rational or not lead.is_real:
        return None
    ratios = [tidy(v / abs(lead)) for v in values]  # the lead's ratio is ±1
    if not all(r.is_Rational for r in ratios):
        return None
    content = abs(primitive(ratios)[0])  # the ratios' rational gcd: ratios / content are whole and coprime
    scale = tidy(abs(lead) * content)
    if unit_divisor(scale) is None:
        return None
    return scale, tuple(r / content for r in ratios)


@dataclass(frozen=True)
class ScaledMatrix:
    """A matrix written as scalar × entries, as a student writes an orthogonal matrix of unit vectors:
    L = 1/√10 [[1, 3], [3, −1]] rather than entries √10/10 and 3√10/10 (scalar 1: no common scale)."""

    scalar: sp.Expr
    entries: sp.ImmutableMatrix
    # no common scale, but one per column (unit vectors of different lengths): entry (i, j) is columns[j] ×
    # entries[i, j], written k/d as a student writes L's entries 1/√2 and 2/√10; empty: none
    columns: tuple[sp.Expr, ...] = ()


def scaled_matrix(matrix) -> ScaledMatrix:
    """``matrix`` with its entries' common scale outside, or as it is: a unit scale (see ``unit_split``),
    or 1/q when every non-zero entry is a fraction over q, as 1/5 [[4, 3], [−3, 4]] (not [[1/2, 0], [0, 1]]).

    >>> scaled_matrix(sp.Matrix([[sp.Rational(4, 5), sp.Rational(3, 5)], [sp.Rational(-3, 5), sp.Rational(4, 5)]]))
    ScaledMatrix(scalar=1/5, entries=Matrix([
    [ 4, 3],
    [-3, 4]]), columns=())
    """
    entries = [as_expr(v) for v in matrix]
    split = unit_split(entries)
    if split is None:
        dens = {v.q for v in entries if v != 0 and v.is_Rational}
        if len(dens) == 1 and all(v.is_Rational for v in entries) and (q := dens.pop()) > 1:
            split = sp.Rational(1, q), tuple(v * q for v in entries)
    if split is None:
        return _column_scaled(sp.ImmutableMatrix(matrix))
    scale, whole = split
    return ScaledMatrix(scale, sp.ImmutableMatrix(matrix.rows, matrix.cols, whole))


def _column_scaled(matrix: sp.ImmutableMatrix) -> ScaledMatrix:
    """Each column's own unit scale (see ScaledMatrix.columns), when every column has one or is whole numbers
    and some column has one; else the matrix as it is."""
    scales, columns = [], []
    for j in range(matrix.cols):
        column = [as_expr(v) for v in matrix.col(j)]
        if all(v.is_Integer for v in column):
            scales.append(sp.Integer(1))
            columns.append(tuple(column))
        elif (split := unit_split(column)) is not None:
            scales.append(split[0])
            columns.append(split[1])
        else:
            return ScaledMatrix(sp.Integer(1), matrix)
    if all(s == 1 for s in scales):
        return ScaledMatrix(sp.Integer(1), matrix)
    whole = sp.ImmutableMatrix(matrix.rows, matrix.cols, lambda i, j: columns[j][i])
    return ScaledMatrix(sp.Integer(1), whole, tuple(scales))
