"""Exact eigen-decomposition of a small real symmetric matrix.

The matrix's entries are brought into one exact field F: the rationals, a
number field such as Q(√2) or Q(2^(1/4)), or a field of rational functions
Q(t) or Q(α)(t) where t stands for a transcendental exp(·) or b^(irrational)
shared by the entries (RBF kernels with a rational γ, or at irrational squared
distances). Algebraic numbers are never a generic t: a zero or repeated
eigenvalue must be seen exactly. In F the characteristic polynomial is computed
without fractions (Berkowitz's method; over Q(t), Faddeev–LeVerrier in Z[t]
packed into Python integers) and factored into irreducible factors f.

For each factor f, eigenvectors are found once, in the field E = F[x]/(f)
where x is a formal root of f: a column of the adjugate of A − xI when f is
simple and n ≤ 4 (products only), else Gaussian elimination, then Gram–Schmidt
when f is repeated. The same vectors serve every root of f (they are
conjugates), so a quadratic factor costs one null space, not two. Only at
the end is x replaced by the explicit root (a rational, a surd from the
quadratic formula, or a CRootOf for an irreducible cubic or higher over Q),
and t by its exponential. A factor whose roots have no closed form worth
writing (degree 4 or more over a field other than Q, or a cubic over Q(t) with
long coefficients) gives root objects and eigenvector entries defined
implicitly instead (see implicit.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable
from fractions import Fraction
from math import gcd, lcm, prod

import sympy as sp
from sympy.polys.matrices import DomainMatrix

from ..errors import UnsupportedProblem
from . import rational_poly
from .tidy import primitive, sort_descending, tidy

ETA = sp.Symbol("eta")  # eigenvalues of K̂ in the notes
# Eigenvalues of a covariance (and of DᵀD). Spelt "lamda", SymPy's own name for λ (it prints \lambda):
# "lambda" is a Python keyword, so sympify could not read the JSON's polynomials written in it.
LAMBDA = sp.Symbol("lamda")
_X = sp.Symbol("x")  # formal root of an irreducible factor
_T = sp.Symbol("t")  # stands for a transcendental exp(g)


@dataclass(frozen=True)
class Eigenpair:
    """One eigenvalue with one unit eigenvector, and how the vector was found."""

    value: sp.Expr
    found: tuple[sp.Expr, ...]  # a null-space vector as found (primitive, first entry > 0)
    norm_sq: sp.Expr  # ‖found‖²
    unit: tuple[sp.Expr, ...]  # found / ‖found‖, tidied
    multiplicity: int  # algebraic multiplicity of the eigenvalue


@dataclass(frozen=True)
class Spectrum:
    char_poly: sp.Expr  # det(A − ηI), expanded, in the symbol ETA
    char_poly_factored: sp.Expr
    pairs: tuple[Eigenpair, ...]  # eigenvalues in descending order
    note: str = ""  # one sentence when the budget named some roots instead of writing them out

    @property
    def values(self) -> tuple[sp.Expr, ...]:
        return tuple(p.value for p in self.pairs)


@dataclass(frozen=True)
class _Field:
    """The exact field F of a matrix's entries, and the way back to SymPy values."""

    domain: object
    elements: list
    back: dict  # t -> exp(g), applied after to_sympy
    # For a large Q(b^(1/L)): the entries as integer polynomials in t = b^(1/L) (constant first) over
    # D·t^m, so that the characteristic polynomial is found in Z[t] and only then reduced by t^L = b.
    lift: tuple | None = None  # (rows of (coefficients, D, m), b, L)

    def to_expr(self, element) -> sp.Expr:
        if self.lift is not None:
            return self._root_sum(element)
        fast = self._power_sum(element)
        if fast is not None:
            return fast
        expr = self.domain.to_sympy(element)
        return expr.xreplace(self.back) if self.back else expr

    def _root_sum(self, element) -> sp.Expr:
        """Σ cₖ·b^(k/L) for an element of Q(b^(1/L)), built term by term: SymPy's own conversion multiplies
        a matrix of every power's terms (144 × 144 for 2^(1/144), more for (3/2)^(1/144)) for each element,
        most of a 5-point solve with γ = ln 2/4 on points in halves and thirds (37 s)."""
        _, b, L = self.lift
        base = sp.Rational(b.numerator, b.denominator)
        return sp.Add(*[sp.Rational(int(c.numerator), int(c.denominator)) * sp.Pow(base, sp.Rational(k, L))
                        for k, c in enumerate(reversed(element.to_list())) if c])

    def _power_sum(self, element) -> sp.Expr | None:
        """Σ (cₖ/D)·value(t)^k built term by term, for an element of Q(t) with a whole-number
        denominator: converting through a polynomial in t and substituting was a tenth of
        an n = 8 RBF problem."""
        if not (len(self.back) == 1 and self.domain.is_FractionField and self.domain.domain.is_ZZ
                and element.denom.is_ground):
            return None
        (value,) = self.back.values()
        if isinstance(value, sp.exp):
            power = lambda k: sp.exp(value.args[0] * k)  # noqa: E731
        elif value.is_Pow and value.base.is_Rational:
            power = lambda k: sp.Pow(value.base, value.exp * k)  # noqa: E731
        else:
            return None
        denominator = int(element.denom.LC)
        return sp.Add(*[sp.Rational(int(c), denominator) * power(k) for (k,), c in element.numer.terms()])


def spectrum(matrix: sp.Matrix) -> Spectrum:
    """Exact characteristic polynomial, eigenvalues (descending) and orthonormal eigenvectors."""
    n = matrix.rows
    _refuse_many_square_roots(list(matrix), n)
    field = _field_of(list(matrix))
    K = field.domain
    _refuse_high_degree_in_t(field, n)
    dm = DomainMatrix([field.elements[i * n:(i + 1) * n] for i in range(n)], (n, n), K)
    coeffs = _lifted_charpoly(field) if field.lift else _charpoly(dm)  # det(xI − A), leading coefficient first
    sign = (-1) ** n  # det(A − ηI) = (−1)^n det(ηI − A)
    char_poly = sign * sp.Add(*[field.to_expr(c) * ETA ** (n - k) for k, c in enumerate(coeffs)])
    if not K.is_FractionField:  # over Q(t) each coefficient stays one bracket: expanding only multiplies terms
        char_poly = sp.expand(char_poly)

    factors, unproved = _factors(coeffs, field)
    pairs: list[Eigenpair] = []
    factored_parts = []
    reasons = []
    named = []  # factors whose roots are named: all of them as one product, so ρ₁ > ρ₂ > … are numbered once
    for f, mult in factors:
        f = f.monic()
        factored_parts.append(sp.Pow(_to_expr_poly(f, field).subs(_X, ETA), mult))
        reason = _named(f, field, n) or (_UNFACTORED if f == unproved else "")
        if reason:
            reasons.append(reason)
            named.append((f, mult))
            continue
        roots = _roots(f, field)
        basis, norms = _eigenbasis(dm, f, n, mult, field)
        if len(basis) != mult:
            raise UnsupportedProblem("the matrix is not diagonalisable over the reals (is it symmetric?)")
        for root in roots:
            for vec, nsq in zip(basis, norms):
                # Clear denominators and fix the sign: first non-zero entry positive.
                content, found = primitive([root.evaluate(e) for e in vec])
                norm_sq = tidy(root.evaluate(nsq) / content**2)
                unit = tuple(tidy(v / sp.sqrt(norm_sq)) for v in found)
                pairs.append(Eigenpair(root.value, found, norm_sq, unit, mult))
    if named:
        product = named[0][0]
        for f, _ in named[1:]:
            product = product * f
        pairs += _implicit_pairs(matrix, product, field, max(mult for _, mult in named))
    order = sort_descending([p.value for p in pairs])
    factored = sp.Mul(sign, *factored_parts, evaluate=False) if sign == -1 else sp.Mul(*factored_parts)
    return Spectrum(char_poly, factored, tuple(pairs[i] for i in order), _budget_note(reasons))


def _charpoly(dm: DomainMatrix) -> list:
    """The characteristic polynomial, by Berkowitz's method; over Q(t) with whole-number
    denominators it runs in Z[t], where no fraction is ever cancelled: det(xI − A) has
    coefficients c′ₖ/Dᵏ, with c′ those of D·A (D the common denominator), and with one t, c′ comes
    from rational_poly.polynomial_charpoly (Kronecker's substitution) instead of SymPy's ring."""
    K = dm.domain
    rows = dm.to_list()
    if not K.is_FractionField or not all(e.denom.is_ground for row in rows for e in row):
        return dm.charpoly()
    R = K.get_ring()
    D = R.one
    for row in rows:
        for e in row:
            D = R.lcm(D, e.denom)
    scaled = [[e.numer * R.exquo(D, e.denom) for e in row] for row in rows]
    if R.ngens == 1 and R.domain.is_ZZ:  # Z[t]: in Python's integers by Kronecker's substitution, several times faster
        dense = [[_coefficients(e) for e in row] for row in scaled]
        coeffs = [R.ring.from_dict({(i,): R.domain(c) for i, c in enumerate(cs) if c})
                  for cs in rational_poly.polynomial_charpoly(dense)]
    else:
        coeffs = DomainMatrix(scaled, dm.shape, R).charpoly()
    return [K(c) / K(D) ** k for k, c in enumerate(coeffs)]


def _coefficients(element) -> list[int]:
    """A polynomial of Z[t] as its integer coefficients, constant first."""
    terms = dict(element.terms())
    top = max((k for (k,) in terms), default=0)
    return [int(terms.get((k,), 0)) for k in range(top + 1)]


def _to_expr_poly(f: sp.Poly, field: _Field) -> sp.Expr:
    """A Poly in x over F as a SymPy expression in _X, exponentials restored."""
    coeffs = f.rep.to_list()
    top = len(coeffs) - 1
    return sp.Add(*[field.to_expr(c) * _X ** (top - k) for k, c in enumerate(coeffs)])


# --- the field of the entries -------------------------------------------------


# --- refused up front: sizes where the exact work alone would take more than seconds ----------------

MAX_SQUARE_ROOTS_LARGE = 2  # different square roots in a matrix larger than 5 × 5 (√2, √3, √5: a field of degree 8)
MAX_T_WORK = 500_000  # n³ × the degree in t of the kernel values: the characteristic polynomial's cost, roughly
MAX_T_WORK_SEVERAL = 20_000  # the same when the values are powers of several exponentials (SymPy's multivariate ring)


def _a(n: int) -> str:
    """The article before a number read aloud: an 8, an 11, a 6."""
    return "an" if str(n).startswith("8") or n in (11, 18) else "a"


def _refuse_many_square_roots(entries: list[sp.Expr], n: int) -> None:
    """Three or more different square roots in a matrix larger than 5 × 5: the number field alone takes
    seconds to build, its eigenvalues' isolating intervals seconds more."""
    if n <= 5:
        return
    from itertools import combinations
    from math import isqrt

    basis: list[int] = []  # radicands of independent square roots (√6 depends on √2 and √3)
    for e in entries:
        for p in e.atoms(sp.Pow):
            if not (p.base.is_Rational and p.exp == sp.S.Half):
                continue
            r = int(p.base.p) * int(p.base.q)
            dependent = any(isqrt(m := r * prod(subset)) ** 2 == m
                            for k in range(len(basis) + 1) for subset in combinations(basis, k))
            if not dependent:
                basis.append(r)
            if len(basis) > MAX_SQUARE_ROOTS_LARGE:
                names = ", ".join(f"√{b}" for b in basis)
                raise UnsupportedProblem(
                    f"{_a(n)} {n} × {n} matrix with {len(basis)} independent square roots ({names}): the exact engine "
                    f"takes more than seconds on a number field that large; use at most {MAX_SQUARE_ROOTS_LARGE} "
                    "independent square roots, or at most 5 points")


def _refuse_high_degree_in_t(field: _Field, n: int) -> None:
    """Kernel values that are very high powers of t = e^(−g) (an RBF kernel on points with fractions of
    different denominators): the characteristic polynomial's degree in t is up to n times theirs."""
    K = field.domain
    if not K.is_FractionField or not field.back:
        return
    degree = max((max(sum(e.numer.degrees()), sum(e.denom.degrees())) for e in field.elements if e), default=0)
    several = K.ngens > 1
    limit = MAX_T_WORK_SEVERAL if several else MAX_T_WORK
    if n**3 * degree > limit:
        t = " and ".join(f"{sp.sstr(v)}" for v in field.back.values())
        raise UnsupportedProblem(
            f"the kernel values are polynomials of degree up to {degree} in {t}; for {_a(n)} {n} × {n} matrix the exact "
            f"engine works up to degree {limit // n**3} (n³ × degree at most {limit:,}): use fewer points, "
            "coordinates with smaller denominators, or a γ that makes the squared distances' multiples simpler")


def _field_of(entries: list[sp.Expr]) -> _Field:
    """Bring the entries into one exact field.

    Exponentials (and powers b^a with an irrational exponent) become powers of one
    transcendental t, over Q or over a number field; roots of one rational b become
    powers of b^(1/L) in the number field Q(b^(1/L)); anything else goes to SymPy's
    own construction (Q(√2, √3), say).
    """
    given, (entries, back) = entries, _exp_to_powers(entries)
    if not back:
        root_field = _root_field(entries)
        if root_field is not None:
            return root_field
    try:
        K, elements = sp.polys.constructor.construct_domain(entries, field=True, extension=True)
        if (K.is_EX or K.is_EXRAW) and back:
            K, elements = _algebraic_function_field(entries)
    except UnsupportedProblem:
        raise
    except Exception as err:  # SymPy raises assorted errors for unsupported algebraics
        raise UnsupportedProblem(f"the entries do not lie in one exact field ({err})") from None
    if K.is_EX or K.is_EXRAW:
        raise UnsupportedProblem(_no_field_reason(entries))
    if len(back) > 1 and not (K.domain.is_ZZ or K.domain.is_QQ):  # Q(α)(t₁, t₂): factoring takes hours
        raise UnsupportedProblem(_no_field_reason(given))
    return _Field(K, elements, back)


def _no_field_reason(entries: list[sp.Expr]) -> str:
    """Why no exact field holds the entries, naming the numbers that clash."""
    powers = sorted({p for e in entries for p in e.atoms(sp.Pow)
                     if p.base.is_Rational and p.exp.is_number and not p.exp.is_Rational}, key=sp.default_sort_key)
    limit = ("the exact engine works over the rationals with roots, extended by exponentials e^a or by powers b^a "
             "of a rational b whose irrational parts of exponents a are all rational multiples of one number")
    for p in powers[1:]:
        if not sp.cancel(p.exp.as_coeff_Add()[1] / powers[0].exp.as_coeff_Add()[1]).is_Rational:
            return (f"the entries hold {powers[0]} and {p}, whose exponents' irrational parts are not rational "
                    f"multiples of each other: {limit} (an RBF kernel with γ = q·ln b at squared distances "
                    "such as 3 + 2√2 and 4 + 2√3)")
    return f"the entries mix irrational numbers that no one exact field holds: {limit}"


MAX_DEGREE_UNDER_T = 4  # of Q(α) in Q(α)(t): Q(2^(1/4))(t) takes seconds, Q(2^(1/16))(t) more than a minute


def _algebraic_function_field(entries: list[sp.Expr]):
    """Q(α)(t) for entries that are rational functions of t with algebraic coefficients
    (an RBF value 2^(−3/2−√2) = (√2/4)·t with t = 2^(−√2)), which construct_domain leaves to EX."""
    algebraic = [a for e in entries for a in e.atoms(sp.Pow) if not a.free_symbols]
    generators = sorted({a for e in entries for a in e.free_symbols}, key=sp.default_sort_key) or [_T]
    roots: dict = {}  # rational base -> lcm of its root orders: Q(α) has degree at most their product
    for a in algebraic:
        if a.base.is_Rational and a.exp.is_Rational:
            roots[a.base] = lcm(roots.get(a.base, 1), int(a.exp.q))
    degree = prod(roots.values())
    if degree > MAX_DEGREE_UNDER_T:
        names = ", ".join(f"{b}^(1/{L})" for b, L in sorted(roots.items()))
        raise UnsupportedProblem(
            f"the entries need the roots {names} (a number field of degree {degree}) together with a transcendental "
            f"power: the exact engine solves that for degree {MAX_DEGREE_UNDER_T} at most (an RBF kernel with "
            "γ = ln 2/4 at squared distances whose rational parts are whole numbers), beyond it factoring takes "
            "minutes to hours")
    K0, _ = sp.polys.constructor.construct_domain(algebraic or [sp.Integer(1)], field=True, extension=True)
    if not (K0.is_QQ or K0.is_ZZ or K0.is_AlgebraicField):
        return K0, []
    K = K0.frac_field(*generators)
    return K, [K.from_sympy(e) for e in entries]


def _root_field(entries: list[sp.Expr]) -> _Field | None:
    """The number field Q(b^(1/L)) when every irrational in the entries is a rational power of one
    rational b (√3 alone, or the powers of 2^(1/4) of an RBF kernel with γ = ln 2 / 4), each entry
    found by Horner's rule in the generator: exact, so a zero or repeated eigenvalue is seen as one."""
    powers = set()
    for e in entries:
        if e.has(sp.exp, sp.E):
            return None
        for p in e.atoms(sp.Pow):
            if not (p.base.is_Rational and p.exp.is_Rational):
                return None
            if not p.exp.is_Integer:
                powers.add(p)
    if not powers:
        return None
    if len({p.base for p in powers}) == 1:
        b = next(iter(powers)).base
        L = lcm(*(int(p.exp.q) for p in powers))
        mapping = {p: _T ** int(p.exp * L) for p in powers}
        replaced = [e.xreplace(mapping) for e in entries]
    else:  # SymPy writes (3/2)^(k/L) as 2^(…)·3^(…): find the one generator again
        found = _one_root(entries, powers)
        if found is None:
            return None
        b, L, replaced = found
    try:
        Q, polys = sp.polys.constructor.construct_domain(replaced, field=True)
    except Exception:  # not a rational function of t after all: leave it to SymPy
        return None
    if not Q.is_FractionField or Q.ngens != 1 or not Q.domain.is_ZZ:
        return None
    root = b ** sp.Rational(1, L)
    pure = _binomial_irreducible(b, L)
    if pure:  # SymPy would find it by factoring x^L − b: 20 s for L = 144
        K = sp.QQ.algebraic_field((sp.Poly(_X**L - b, _X), root))
    else:
        K = sp.QQ.algebraic_field(root)
    n = round(len(entries) ** 0.5)
    if _large_number_field(K, n) and _is_pure_root(K, b, L):
        lifted = _lift(polys, b, L, K, n)
        if lifted is not None:
            return lifted
    gen = K.new([1, 0]) if pure else K.from_sympy(root)  # K's generator is the root itself

    def at_gen(poly) -> object:
        value = K.zero
        for c in _coefficients(poly)[::-1]:
            value = value * gen + K(c)
        return value

    elements = []
    for q in polys:
        denominator = at_gen(q.denom)
        if not denominator:
            return None  # a removable zero of the written form: leave it to SymPy
        elements.append(K.quo(at_gen(q.numer), denominator))
    return _Field(K, elements, {})


def _binomial_irreducible(b: sp.Rational, L: int) -> bool:
    """Whether x^L − b is irreducible over Q, so that it is b^(1/L)'s minimal polynomial: for b > 0, exactly
    when b is no r-th power of a rational for a prime r dividing L (Capelli)."""
    if not b.is_positive:
        return False
    return not any(sp.integer_nthroot(int(b.p), r)[1] and sp.integer_nthroot(int(b.q), r)[1]
                   for r in sp.primefactors(L))


def _one_root(entries: list[sp.Expr], powers: set) -> tuple[sp.Rational, int, list[sp.Expr]] | None:
    """(b, L, entries as polynomials in t = b^(1/L)) when every term of the entries is a rational times a
    power of one such t, although SymPy wrote it over several bases: an RBF kernel with γ = ln(3/2)/4 has
    values (3/2)^(k/L), which SymPy writes 2^(139/144)·3^(5/144)/2; left so, SymPy builds Q(2^(1/L), 3^(1/L))
    and takes minutes. None when no one t holds them.

    A term ∏ pᵢ^(aᵢ/L) over primes pᵢ is c·t^j exactly when a ≡ j·u (mod L) for t = ∏ pᵢ^(uᵢ/L); u is
    taken from a term of order L (so the uᵢ have no common prime factor with L, and x^L − b is irreducible
    by Capelli's theorem: b = ∏ pᵢ^uᵢ is no p-th power for a prime p dividing L), as the smallest such b."""
    L = lcm(*(int(p.exp.q) for p in powers))
    rows = []  # per entry, its terms as (rational coefficient, {prime: exponent × L})
    for e in entries:
        rows.append(terms := [])
        for term in sp.Add.make_args(sp.expand(e)):
            c, exponents = sp.Integer(1), {}
            for f in sp.Mul.make_args(term):
                if f.is_Rational:
                    c *= f
                    continue
                if not (f.is_Pow and f.base.is_Rational and f.base > 0 and f.exp.is_Rational):
                    return None
                for base, sign in ((f.base.p, 1), (f.base.q, -1)):
                    for prime, m in sp.factorint(base).items():
                        exponents[prime] = exponents.get(prime, 0) + sign * m * f.exp * L
            terms.append((c, exponents))
    primes = sorted({q for terms in rows for _, exponents in terms for q in exponents})

    def vector(exponents):
        return tuple(int(exponents.get(q, 0)) % L for q in primes)

    order_L = sorted(v for v in {vector(x) for terms in rows for _, x in terms} if gcd(L, *v) == 1)
    if not order_L:
        return None
    symmetric = lambda a: a - L if a > L // 2 else a  # noqa: E731
    u = min((tuple(symmetric(j * a % L) for a in order_L[0]) for j in range(1, L) if gcd(j, L) == 1),
            key=lambda w: (sum(abs(a) for a in w), [-a for a in w]))
    power_of = {}  # vector mod L -> j
    for j in range(L):
        power_of.setdefault(tuple(j * a % L for a in u), j)
    replaced = []
    for terms in rows:
        total = []
        for c, exponents in terms:
            j = power_of.get(vector(exponents))
            if j is None:
                return None
            kept = sp.Mul(*(sp.Integer(q) ** ((int(exponents.get(q, 0)) - j * a) // L) for q, a in zip(primes, u)))
            total.append(c * kept * _T**j)
        replaced.append(sp.Add(*total))
    return sp.Mul(*(sp.Integer(q) ** a for q, a in zip(primes, u))), L, replaced


def _is_pure_root(K, b: sp.Rational, L: int) -> bool:
    """Whether K = Q(α) with α = b^(1/L) of minimal polynomial t^L − b, so that t^L = b reduces exactly."""
    mod = K.mod.to_list()
    return (K.ext.as_expr() == b ** sp.Rational(1, L) and len(mod) == L + 1 and not any(mod[1:-1])
            and -mod[-1] * int(b.q) == mod[0] * int(b.p))  # mod holds integers or rationals


def _lift(polys, b: sp.Integer, L: int, K, n: int) -> _Field | None:
    """The field Q(b^(1/L)) with the entries both reduced (elements of K) and lifted (polynomials in t over
    D·t^m); None when a denominator is not of that form."""
    rows, elements = [], []
    for q in polys:
        denominator = dict(q.denom.terms())
        if len(denominator) != 1:
            return None
        ((m,), D), = denominator.items()
        numerator = _coefficients(q.numer)
        rows.append((numerator, int(D), m))
        elements.append(_reduced(numerator, int(D), m, Fraction(int(b.p), int(b.q)), L, K))
    return _Field(K, elements, {}, ([rows[i * n:(i + 1) * n] for i in range(n)], Fraction(int(b.p), int(b.q)), L))


def _reduced(coefficients: list[int], D: int, m: int, b: Fraction, L: int, K):
    """Σ cₖ t^(k − m) / D in K = Q(t) with t^L = b: t^e = b^q·t^r for e = qL + r, 0 ≤ r < L."""
    power = [Fraction(0)] * L
    for k, c in enumerate(coefficients):
        if c:
            q, r = divmod(k - m, L)
            power[r] += Fraction(c, D) * Fraction(b) ** q
    while len(power) > 1 and not power[-1]:
        power.pop()
    return K.new([sp.QQ(x.numerator, x.denominator) for x in reversed(power)]) if any(power) else K.zero


def _lifted_charpoly(field: _Field) -> list:
    """det(xI − A) for entries lifted to Z[t]: with s = D·t^M clearing every denominator, B = s·A has
    polynomial entries, whose characteristic polynomial Kronecker's substitution finds in Python's integers
    (milliseconds, where Berkowitz in Q(2^(1/144)) took 13 s); then cₖ(A) = cₖ(B)/sᵏ, reduced by t^L = b."""
    rows, b, L = field.lift
    D = 1
    for row in rows:
        for _, d, _ in row:
            D = lcm(D, d)
    M = max(m for row in rows for _, _, m in row)
    scaled = [[[0] * (M - m) + [c * (D // d) for c in cs] for cs, d, m in row] for row in rows]
    coeffs = rational_poly.polynomial_charpoly(scaled)
    return [_reduced(c, D**k, M * k, b, L, field.domain) for k, c in enumerate(coeffs)]


def _exp_to_powers(entries: list[sp.Expr]):
    """Write the entries as polynomials in one transcendental t, when their exponentials are powers of one.

    Every exp(a) is t^k for t = exp(g) (the a rational multiples of g). A power
    b^(r + s) of a rational b, with r rational and s irrational (an RBF value
    2^(−γδ) at a squared distance δ = 6 + 4√2), is b^r·t^k for t = b^g (the s
    rational multiples of g), b^r being left to the number field. Such a t is
    transcendental (Lindemann, Gelfond–Schneider), so the algebra done for a
    generic t is exact.
    """
    atoms = {}  # atom -> (the factor it keeps, the exponent a of its transcendental part exp(a))
    for e in entries:
        for x in e.atoms(sp.exp):
            atoms[x] = (sp.Integer(1), x.args[0])
        if e.has(sp.E):
            atoms[sp.E] = (sp.Integer(1), sp.Integer(1))
        for p in e.atoms(sp.Pow):
            if p.base.is_Rational and p.base > 0 and p.exp.is_number and not p.exp.is_Rational:
                r, s = p.exp.as_coeff_Add()
                atoms[p] = (sp.Pow(p.base, r), s * sp.log(p.base))
    if not atoms:
        return entries, {}
    args = sorted({a for _, a in atoms.values()}, key=sp.default_sort_key)
    g = args[0]
    ratios = {}
    for a in args:
        r = sp.cancel(a / g)
        if not r.is_Rational:
            return _exp_to_several(entries, atoms)
        ratios[a] = r
    denominator = lcm(*(int(r.q) for r in ratios.values()))
    mapping = {x: kept * _T ** int(ratios[a] * denominator) for x, (kept, a) in atoms.items()}
    replaced = [e.xreplace(mapping) for e in entries]
    return replaced, {_T: sp.exp(g / denominator)}


MAX_GENERATORS = 4  # independent exponentials in one field: each one more multiplies the size of every polynomial


def _exp_to_several(entries: list[sp.Expr], atoms: dict):
    """Entries whose exponents are not rational multiples of one number (an RBF kernel at squared distances
    3 + 2√3 and 7/4: e^(−γ(3 + 2√3)) and e^(−7γ/4)), as Laurent polynomials in several generators.

    Each exponent is split over the numbers it is a rational combination of (1, √3, √2·ln 2, …);
    each such number m gets one generator t = exp(m/L). Left to SymPy, e^(√3) and e^(−√3), or e^(√3)
    and e^(√3/2), would become unrelated generators, and the zero eigenvalue of a centred kernel matrix
    would no longer be seen as one. The generators are algebraically independent (Lindemann–Weierstrass
    for exponentials of linearly independent algebraic numbers; for powers 2^(√2), 2^(√3) this rests on
    Schanuel's conjecture), so algebra done for generic t₁, t₂, … is exact.
    """
    split = {}  # exponent -> {number m: rational coefficient}
    for _, a in atoms.values():
        parts = {}
        for m, c in sp.expand(a).as_coefficients_dict().items():
            if not c.is_Rational:
                return entries, {}
            parts[m] = parts.get(m, 0) + c
        split[a] = {m: c for m, c in parts.items() if c}
    basis = sorted({m for parts in split.values() for m in parts}, key=sp.default_sort_key)
    if len(basis) > MAX_GENERATORS:
        raise UnsupportedProblem(
            f"the kernel values are exponentials of {len(basis)} independent numbers; the exact engine works with "
            f"{MAX_GENERATORS} at most (points whose squared distances mix several square roots)")
    scale = {m: lcm(*(int(sp.Rational(parts.get(m, 0)).q) for parts in split.values())) for m in basis}
    symbols = {m: sp.Symbol(f"t{i + 1}") for i, m in enumerate(basis)}
    mapping = {x: kept * sp.Mul(*(symbols[m] ** int(c * scale[m]) for m, c in split[a].items()))
               for x, (kept, a) in atoms.items()}
    replaced = [e.xreplace(mapping) for e in entries]
    return replaced, {symbols[m]: sp.exp(m / scale[m]) for m in basis}


# --- the budget: which roots are written out, and which are named ----------------------------------
#
# Closed forms are written where they are short and quick to find. Elsewhere a root is named (the
# k-th largest root of a factor of the characteristic polynomial, with certified decimals; see
# implicit.py) and so are the entries of its unit eigenvector. The estimate is made before any
# expensive work: from the degree of the factor and the size of its field, never by trying.

MAX_T_DEGREE = 24  # of a cubic's coefficients in t: beyond it, closed forms run to thousands of terms
MAX_T_DEGREE_QUADRATIC = 120  # of a quadratic's: beyond it, eigenvectors over Q(t)[x]/(f) take seconds to minutes
MAX_ALGEBRAIC_SIZE = 8  # degree of a factor × degree of its number field: beyond it, nested radicals
MAX_N_OVER_T = 4  # matrices up to this size get eigenvectors over Q(t)[x]/(f) from their adjugate, in milliseconds
MAX_T_DEGREE_LARGE = 12  # of a factor's coefficients for larger ones: their elimination takes seconds beyond it
FACTOR_T_DEGREE = 60  # of the characteristic polynomial in t: beyond it, SymPy's factoring over Q(t) can take minutes


def _t_degree(coefficients) -> int:
    """The largest degree in t of the numerators and denominators of elements of Q(t)."""
    return max((max(c.numer.degree(), c.denom.degree()) for c in coefficients if c), default=0)


def _named(f: sp.Poly, field: _Field, n: int) -> str:
    """Why the roots of the monic irreducible factor f are better named than written ('' when they are not).

    Over Q the roots are rationals, surds or CRootOf objects (named already). Elsewhere: an
    irreducible factor of degree 4 or more has no closed form worth writing; a cubic over Q(t) with
    coefficients of high degree in t, or a quadratic of very high degree in t (RBF kernels on
    scattered or rational points), gives closed forms of thousands of terms, or eigenvectors that
    take minutes in Q(t)[x]/(f); a factor over a large number field gives nested radicals.
    """
    K = field.domain
    degree = f.degree()
    if degree < 2 or K.is_QQ or K.is_ZZ:
        return ""
    if K.is_FractionField:
        if K.ngens > 1:  # eigenvectors over Q(t₁, t₂, …)[x]/(f) take minutes, and their closed forms run to pages
            return (f"be radicals of long polynomials in {K.ngens} independent exponentials (the kernel's squared "
                    "distances mix rational and irrational parts), minutes to find")
        t = ", ".join(f"$t = {sp.latex(v)}$" for v in field.back.values()) or "$t$"
        if degree >= 3 and K.domain.is_AlgebraicField:  # Q(α)(t): an RBF kernel at irrational squared distances
            return f"be radicals over a number field extended by {t}, minutes to hours to find"
        if degree >= 4:
            return f"need the roots of a polynomial of degree {degree} whose coefficients are long polynomials in {t}"
        top = _t_degree(f.rep.to_list())
        limit = MAX_T_DEGREE if degree == 3 else MAX_T_DEGREE_QUADRATIC
        if top > limit:
            return f"be radicals of polynomials of degree {top} in {t}, pages long and minutes to find"
        if n > MAX_N_OVER_T and top > MAX_T_DEGREE_LARGE:
            return (f"need eigenvectors of a {n} × {n} matrix over polynomials of degree {top} in {t}, "
                    "seconds to find and pages long")
        return ""
    size = degree * K.ext.minpoly.degree() if K.is_AlgebraicField else degree
    if degree >= 4 or size > MAX_ALGEBRAIC_SIZE:
        return "be nested radicals many lines long"
    return ""


def _budget_note(reasons: list[str]) -> str:
    """One sentence for the solution: why some eigenvalues are named, and what the names mean."""
    if not reasons:
        return ""
    return (f"Closed forms here would {reasons[0]}, so these eigenvalues are named: $\\rho_1 > \\rho_2 > \\dots$ "
            "are the roots of a factor of the characteristic polynomial, each shown as a certified decimal "
            "(an isolating interval proved in exact interval arithmetic), and $v_{\\rho,i}$ is entry $i$ of "
            "its unit eigenvector, certified the same way.")


_UNFACTORED = "be slow to find (factoring this polynomial over $\\mathbb Q(t)$ would take minutes)"


def _factors(coeffs: list, field: _Field) -> tuple[list[tuple[sp.Poly, int]], sp.Poly | None]:
    """The characteristic polynomial's factors with multiplicities, within the budget, and the one
    factor (if any) not proved irreducible, whose roots must then be named.

    Over Q(t) with coefficients of high degree in t, SymPy's factoring (Wang's algorithm) can hunt
    for primes for minutes. There, the zero roots are split off by hand and the rest is tested at a
    few rational values of t: if the polynomial with t = t₀ has the same degree and is irreducible
    over Q, it is irreducible over Q(t) (a factorisation over Q[t] would survive the substitution),
    and if it is square-free there, it is square-free over Q(t) (its discriminant is not zero). A
    square-free rest whose factors are not proved is kept whole: its roots are named, which needs
    only distinct roots.
    """
    K = field.domain
    poly = sp.Poly.from_list(coeffs, _X, domain=K)
    if _large_number_field(K, len(coeffs) - 1):
        return _square_free_parts(poly, field.lift), None
    several = K.is_FractionField and K.ngens > 1  # independent exponentials: Q(e^(1/72), e^(−√3), …)
    if not K.is_FractionField or (not several and _t_degree(coeffs) <= FACTOR_T_DEGREE):
        return poly.factor_list()[1], None
    zeros = 0
    while zeros < len(coeffs) - 1 and not coeffs[len(coeffs) - 1 - zeros]:
        zeros += 1
    rest = sp.Poly.from_list(coeffs[:len(coeffs) - zeros], _X, domain=K)
    found = [(sp.Poly(_X, _X, domain=K), zeros)] if zeros else []
    if rest.degree() < 1:
        return found, None
    square_free = False
    for t0 in (Fraction(1, 2), Fraction(2, 3), Fraction(3, 5)):
        # several generators get distinct values (t₀, t₀ + 1/7, t₀ + 2/7, …), so none of them coincide
        special = _specialise(rest, tuple(t0 + Fraction(i, 7) for i in range(K.ngens)))
        if special is None:
            continue
        if special.is_irreducible:
            return found + [(rest, 1)], None
        square_free = square_free or special.is_sqf
    if square_free:
        return found + [(rest, 1)], (rest.monic() if rest.degree() > 1 else None)
    if several:  # Wang's algorithm over several generators takes minutes where one takes seconds
        raise UnsupportedProblem(
            "the kernel values are powers of several independent transcendental numbers (an RBF kernel at squared "
            "distances with irrational parts that are not rational multiples of their rational parts) and the "
            "characteristic polynomial has a repeated root: factoring it exactly would take minutes")
    return poly.factor_list()[1], None  # a repeated root: factor in full (the solve's time limit still holds)


# Factoring over a number field of degree m (SymPy: Trager's norm, a resultant of degree m·n over Q) takes
# 0.4 s at m·n = 48 (Q(2^(1/12)), 4 points), 2 s at 60 and minutes at 216 (Q(2^(1/72)), 3 points: an RBF
# kernel with γ = ln 2/4 on points in halves and thirds), but more than a minute at 45 (Q(5^(1/9)), 5 points with
# γ = 2·ln 5: coefficients of hundreds of digits). Beyond this, the polynomial is only split.
MAX_FACTOR_FIELD = 40


def _large_number_field(K, n: int) -> bool:
    """Whether K is a number field too large to factor an n × n matrix's characteristic polynomial over,
    or to invert in: one inverse in Q(2^(1/72)) took 3.7 s."""
    return K.is_AlgebraicField and K.ext.minpoly.degree() * n > MAX_FACTOR_FIELD


def _square_free_parts(poly: sp.Poly, lift: tuple | None = None) -> list[tuple[sp.Poly, int]]:
    """x^k and the square-free parts of the rest, each with its multiplicity: exact, so a zero or repeated
    eigenvalue is still seen. The parts are not proved irreducible; over a field this large every part of
    degree 2 or more has its roots named (_named), which needs only distinct roots, and a part of degree 1
    is its root. Over Q(b^(1/L)) the rest is first proved square-free modulo a prime (milliseconds, where
    gcds in Q(2^(1/144)) took 10 s)."""
    coeffs = poly.rep.to_list()
    zeros = 0
    while zeros < len(coeffs) - 1 and not coeffs[len(coeffs) - 1 - zeros]:
        zeros += 1
    K = poly.domain
    found = [(sp.Poly(_X, _X, domain=K), zeros)] if zeros else []
    rest = sp.Poly.from_list(coeffs[:len(coeffs) - zeros], _X, domain=K)
    if rest.degree() < 1:
        return found
    if lift is not None and _square_free_modulo_a_prime(rest.rep.to_list(), lift[1], lift[2]):
        return found + [(rest, 1)]
    return found + [(part, mult) for part, mult in rest.sqf_list()[1]]


def _square_free_modulo_a_prime(coeffs: list, b: Fraction, L: int, tries: int = 12) -> bool:
    """A proof that a polynomial over Q(α), α = b^(1/L), has no repeated root, or False.

    For a prime p and r with r^L ≡ b (mod p), α ↦ r maps the α-coefficients (denominators prime to p)
    into F_p, a ring homomorphism. If the image keeps the degree and is square-free over F_p, its
    discriminant, the image of the discriminant over Q(α), is not zero, so neither is that one.
    """
    p = 10_007
    while tries:
        p = int(sp.nextprime(p))
        if b.numerator % p == 0 or b.denominator % p == 0:
            continue
        residue = b.numerator * pow(b.denominator, -1, p) % p
        r = next((r for r in range(1, p) if pow(r, L, p) == residue), None)
        if r is None:
            continue
        tries -= 1
        image = []
        for c in coeffs:
            total = 0
            for i, a in enumerate(reversed(c.to_list())):  # a₀ + a₁α + …
                if int(a.denominator) % p == 0:
                    break
                total += int(a.numerator) * pow(int(a.denominator), -1, p) * pow(r, i, p)
            else:
                image.append(total % p)
                continue
            image = None
            break
        if image is None or not image[0]:
            continue
        derivative = [(len(image) - 1 - i) * a % p for i, a in enumerate(image[:-1])]
        if len(_gcd_mod_p(image, derivative, p)) == 1:
            return True
    return False


def _gcd_mod_p(f: list[int], g: list[int], p: int) -> list[int]:
    """gcd of two polynomials over F_p (coefficients highest first), monic."""
    def strip(h):
        while h and not h[0]:
            h = h[1:]
        return h

    f, g = strip(f), strip(g)
    while g:
        inverse = pow(g[0], -1, p)
        while len(f) >= len(g) and f:
            factor = f[0] * inverse % p
            f = strip([(a - factor * b) % p for a, b in zip(f, g + [0] * (len(f) - len(g)))])
        f, g = g, f
    inverse = pow(f[0], -1, p)
    return [a * inverse % p for a in f]


def _specialise(poly: sp.Poly, t0: tuple[Fraction, ...]) -> sp.Poly | None:
    """The polynomial over Q with the generators t = t₀, or None where a denominator or its leading
    coefficient vanishes."""
    values = []
    for c in poly.rep.to_list():
        denominator = _at(c.denom, t0)
        if not denominator:
            return None
        values.append(_at(c.numer, t0) / denominator)
    if not values[0]:
        return None
    return sp.Poly([sp.Rational(v.numerator, v.denominator) for v in values], _X, domain=sp.QQ)


def _at(element, t0: tuple[Fraction, ...]) -> Fraction:
    """A polynomial of Z[t₁, …] at t = t₀, exactly: Σ c·t₀₁^k₁·t₀₂^k₂·…"""
    total = Fraction(0)
    for monomial, c in element.terms():
        term = Fraction(int(c))
        for value, k in zip(t0, monomial):
            term *= value**k
        total += term
    return total


def _implicit_pairs(matrix: sp.Matrix, f: sp.Poly, field: _Field, multiplicity: int) -> list[Eigenpair]:
    """Each root of f as an exact root object, with its unit eigenvector as exact implicit entries."""
    from .implicit import EigenvectorEntry, PolyRoot

    if multiplicity > 1:
        raise UnsupportedProblem(f"an eigenvalue of multiplicity {multiplicity} is a root of a polynomial of degree "
                                 f"{f.degree()} without rational coefficients: not supported")
    coefficients = [field.to_expr(c) for c in f.rep.to_list()]
    pairs = []
    for k in range(f.degree()):
        root = PolyRoot(coefficients, k)
        unit = tuple(EigenvectorEntry(matrix, root, i) for i in range(matrix.rows))
        pairs.append(Eigenpair(root, unit, sp.Integer(1), unit, 1))
    return pairs


# --- roots of one irreducible factor --------------------------------------------


@dataclass(frozen=True)
class _Root:
    """One root of an irreducible factor f, and how to evaluate elements of F[x]/(f) at it."""

    value: sp.Expr
    evaluate: Callable[[object], sp.Expr]


def _roots(f: sp.Poly, field: _Field) -> list[_Root]:
    """The roots of a monic irreducible factor f over F.

    Degree 1 and 2 give closed forms. For degree 2, an element a0 + a1·x of
    F[x]/(f) at x = (−b ± √Δ)/2 is (a0 − a1·b/2) ± (a1/2)·√Δ, with both
    coefficients computed in F; this keeps surds of exponentials short.
    """
    K = field.domain
    coeffs = f.rep.to_list()
    degree = f.degree()
    if degree == 1:
        return [_Root(tidy(field.to_expr(-coeffs[1])), lambda a: tidy(field.to_expr(_const(a))))]
    if degree == 2:
        b, c = coeffs[1], coeffs[2]
        sqrt_disc = _sqrt_expr(field.to_expr(b * b - K(4) * c))
        half = K.quo(K.one, K(2))

        def at(sign):
            def evaluate(a):
                a1, a0 = _pair(a, K)
                return tidy(field.to_expr(a0 - a1 * b * half) + sign * field.to_expr(a1 * half) * sqrt_disc)
            return _Root(tidy(field.to_expr(-b * half) + sign * field.to_expr(half) * sqrt_disc), evaluate)

        return [at(1), at(-1)]
    if K.is_QQ or K.is_ZZ:
        expr = sp.Add(*[K.to_sympy(c) * _X ** (degree - k) for k, c in enumerate(coeffs)])
        roots = [sp.CRootOf(expr, k) for k in range(degree)]
        return [_Root(r, _evaluator(r, field, expand=True)) for r in roots]
    return _cubic_roots(coeffs, field)  # degree 4 and more over such fields are implicit (_named)


def _cubic_roots(coeffs, field: _Field) -> list[_Root]:
    """Roots of x³ + a x² + b x + c with three real roots, in Viète's trigonometric form.

    With x = y − a/3 the cubic is y³ + p y + q (p < 0 when the roots are real and
    distinct), and y_k = 2√(−p/3) cos(⅓ arccos((3q/2p)√(−3/p)) − 2πk/3).
    """
    K = field.domain
    _, a, b, c = coeffs
    three = K(3)
    p = b - a * a / three
    q = K(2) * a**3 / K(27) - a * b / three + c
    P, Q = field.to_expr(p), field.to_expr(q)
    amplitude = 2 * sp.sqrt(-P / 3)
    angle = sp.acos(3 * Q / (2 * P) * sp.sqrt(-3 / P)) / 3
    shift = field.to_expr(a) / 3
    roots = [amplitude * sp.cos(angle - 2 * sp.pi * k / 3) - shift for k in range(3)]
    return [_Root(r, _evaluator(r, field, expand=False)) for r in roots]


def _evaluator(root: sp.Expr, field: _Field, *, expand: bool) -> Callable[[object], sp.Expr]:
    """Evaluate elements of F[x]/(f) at an explicit root (expanded for root objects, whose
    powers stay short; left as is for trigonometric forms, whose expansion explodes)."""

    def evaluate(element) -> sp.Expr:
        value = _to_expr_poly(_as_poly(element, field.domain), field).xreplace({_X: root})
        return sp.expand(value) if expand else value

    return evaluate


def _sqrt_expr(disc: sp.Expr) -> sp.Expr:
    content, rest = disc.as_content_primitive()  # √(16/9·s) = (4/3)√s
    root = sp.sqrt(content) * sp.sqrt(rest)
    if not disc.is_Rational and not disc.has(sp.exp, sp.E):
        root = sp.sqrtdenest(root)
    return root


def _const(a):
    """An element of F given either bare or as a constant Poly."""
    if isinstance(a, sp.Poly):
        coeffs = a.rep.to_list()
        return coeffs[-1] if coeffs else a.domain.zero
    return a


def _pair(a, K):
    """(a1, a0) of an element a0 + a1·x of F[x]/(f) for a quadratic f."""
    coeffs = a.rep.to_list() if isinstance(a, sp.Poly) else [a]
    coeffs = [K.zero] * (2 - len(coeffs)) + list(coeffs)
    return coeffs[-2], coeffs[-1]


def _as_poly(a, K):
    return a if isinstance(a, sp.Poly) else sp.Poly.from_list([a], _X, domain=K)


# --- eigenvectors in E = F[x]/(f) ---------------------------------------------------


def _eigenbasis(dm: DomainMatrix, f: sp.Poly, n: int, mult: int, field: _Field):
    """An orthogonal basis of the null space of A − xI over E = F[x]/(f), with squared norms."""
    K = dm.domain
    if f.degree() == 1:
        root = -f.rep.to_list()[1]
        shifted = dm - DomainMatrix.eye(n, K) * root
        E = _Ring1(K)
        guess = K.is_FractionField or _large_number_field(K, n)  # where exact elimination costs seconds
        single = _rational_null_vector(shifted, field) if mult == 1 and guess else None
        if single is None:
            single = _adjugate_null_vector(shifted.to_list(), E, mult)
        several = _rational_null_basis(shifted, field, mult) if mult > 1 and guess else None
        if single is not None:
            rows = [single]
        elif several is not None:
            return several
        else:
            # Rows span the null space, already in K: a round trip through SymPy expressions (or
            # AlgebraicField.convert_from, which does not notice the field is its own) costs seconds in Q(α).
            rows = shifted.nullspace().to_list()
    else:
        E = _QuotientRing(f)
        A = [[E.const(dm[i, j].element) for j in range(n)] for i in range(n)]
        for i in range(n):
            A[i][i] = E.sub(A[i][i], E.x)
        single = _adjugate_null_vector(A, E, mult)
        rows = [single] if single is not None else _nullspace(A, E)
    basis, norms = [], []
    for v in rows:
        for w in basis:  # Gram–Schmidt, exact in E
            coef = E.div(E.dot(v, w), E.dot(w, w))
            v = [E.sub(a, E.mul(coef, b)) for a, b in zip(v, w)]
        basis.append(v)
    if not (K.is_FractionField and K.domain.is_AlgebraicField and isinstance(E, _QuotientRing)
            or _large_number_field(K, n)):
        # (over Q(α)(t) or a large Q(α) an inverse takes SymPy minutes; the scale is cosmetic, primitive() tidies)
        basis = [_clear_denominators(v, E) for v in basis]
    norms = [E.dot(v, v) for v in basis]
    return basis, norms


def _rational_null_vector(shifted: DomainMatrix, field: _Field):
    """A null vector with small rational entries, guessed numerically and then verified exactly.

    Over Q(t) with long entries, exact elimination costs seconds (most of an n = 8
    RBF problem), while the null vector is often simple: (1, …, 1) for the zero
    eigenvalue of a centred matrix. None when the guess does not hold exactly.
    """
    from fractions import Fraction

    import mpmath

    from .implicit import eigenvector_near

    K, n = shifted.domain, shifted.shape[0]
    exact = sp.ImmutableMatrix(n, n, lambda i, j: field.to_expr(shifted[i, j].element))
    with mpmath.workdps(40):
        vector = eigenvector_near(exact, 0, 40)  # the null vector: eigenvalue 0 of the shifted matrix
        lead = max(vector, key=abs)
        guess = [Fraction(str(mpmath.nstr(x / lead, 30))).limit_denominator(1000) for x in vector]
    candidate = [K.convert(sp.Rational(g.numerator, g.denominator)) for g in guess]
    column = DomainMatrix([[c] for c in candidate], (n, 1), K)
    if not any(candidate) or any(e for e in (shifted * column).to_flat_nz()[0]):
        return None
    return candidate


def _rational_null_basis(shifted: DomainMatrix, field: _Field, mult: int):
    """(basis, squared norms) of a null space of dimension mult with rational vectors (a repeated point's
    e_i − e_j beside 1 for the zero eigenvalue of a centred kernel matrix), guessed numerically, verified
    exactly, and made orthogonal in Q; None when the guess does not hold.

    Over a large Q(b^(1/L)) exact elimination and Gram–Schmidt invert elements of degree L: a minute for four
    points, two of them equal, with γ = ln 3/2 (L = 72). The guess is the basis elimination would give (1 in
    one free column, 0 in the others), so over Q(t) the vectors are the ones found before.
    """
    import mpmath

    from .implicit import eigenvectors_near

    K, n = shifted.domain, shifted.shape[0]
    exact = sp.ImmutableMatrix(n, n, lambda i, j: field.to_expr(shifted[i, j].element))
    with mpmath.workdps(40):
        rows = [list(v) for v in eigenvectors_near(exact, 0, mult, 40)]
        # reduced echelon form from the last column back: a pivot is a free column of the elimination
        pivots = []
        for col in reversed(range(n)):
            r = len(pivots)
            if r == mult:
                break
            best = max(range(r, mult), key=lambda i: abs(rows[i][col]))
            if abs(rows[best][col]) < mpmath.mpf(10) ** -25:
                continue
            rows[r], rows[best] = rows[best], rows[r]
            rows[r] = [a / rows[r][col] for a in rows[r]]
            for i in range(mult):
                if i != r:
                    rows[i] = [a - rows[i][col] * b for a, b in zip(rows[i], rows[r])]
            pivots.append(col)
        if len(pivots) != mult:
            return None
        guess = [[Fraction(str(mpmath.nstr(x, 30))).limit_denominator(1000) for x in row] for row in rows]
    guess = [row for _, row in sorted(zip(pivots, guess))]
    for row in guess:
        column = DomainMatrix([[K.convert(sp.Rational(g.numerator, g.denominator))] for g in row], (n, 1), K)
        if any(e for e in (shifted * column).to_flat_nz()[0]):
            return None
    basis = []
    for v in guess:  # Gram–Schmidt in Q, then the first non-zero entry 1, as _clear_denominators does
        for w in basis:
            coef = sum(a * b for a, b in zip(v, w)) / sum(b * b for b in w)
            v = [a - coef * b for a, b in zip(v, w)]
        lead = next(a for a in v if a)
        basis.append([a / lead for a in v])
    to_K = lambda q: K.convert(sp.Rational(q.numerator, q.denominator))  # noqa: E731
    return ([[to_K(a) for a in v] for v in basis], [to_K(sum(a * a for a in v)) for v in basis])


def _clear_denominators(v, E):
    """Scale a vector by a field constant so that its first non-zero entry is 1 and others are tidy."""
    lead = next((a for a in v if not E.is_zero(a)), None)
    if lead is None:
        return v
    inv = E.div(E.one, lead)
    return [E.mul(a, inv) for a in v]


_ADJUGATE_MAX_N = 4  # cofactors are 3 × 3 determinants at most; larger matrices go to elimination


def _adjugate_null_vector(A, E, multiplicity: int):
    """The null vector of A − xI for a simple factor (rank n − 1): a non-zero column of the
    adjugate (A·adj A = 0); None for a repeated factor or n > _ADJUGATE_MAX_N (eliminate then).

    Cofactors need only products and differences in E. Elimination inverts every pivot, and
    an inverse in F[x]/(f) is an extended Euclid over F: over Q(t), most of the time of a
    three-point RBF problem. The caller scales the vector, so it is the one elimination gives.
    """
    n = len(A)
    if multiplicity != 1 or n > _ADJUGATE_MAX_N:
        return None
    for j in range(n):
        minors = [[row[:i] + row[i + 1:] for k, row in enumerate(A) if k != j] for i in range(n)]
        column = [_det(m, E) if (i + j) % 2 == 0 else E.neg(_det(m, E)) for i, m in enumerate(minors)]
        if any(not E.is_zero(c) for c in column):
            return column
    return None


def _det(M, E):
    """A small determinant by cofactor expansion, without division."""
    if not M:  # the cofactor of a 1 × 1 matrix: its adjugate is (1)
        return E.one
    if len(M) == 1:
        return M[0][0]
    if len(M) == 2:
        return E.sub(E.mul(M[0][0], M[1][1]), E.mul(M[0][1], M[1][0]))
    total = E.zero
    for j, a in enumerate(M[0]):
        if E.is_zero(a):
            continue
        term = E.mul(a, _det([row[:j] + row[j + 1:] for row in M[1:]], E))
        total = E.sub(total, term) if j % 2 else E.sub(total, E.neg(term))
    return total


def _nullspace(A, E):
    """Null space of a square matrix over the field E by reduced row echelon form."""
    n = len(A)
    rows = [list(r) for r in A]
    pivots: list[int] = []
    r = 0
    for col in range(n):
        pivot = next((i for i in range(r, n) if not E.is_zero(rows[i][col])), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        inv = E.div(E.one, rows[r][col])
        rows[r] = [E.mul(a, inv) for a in rows[r]]
        for i in range(n):
            if i != r and not E.is_zero(rows[i][col]):
                factor = rows[i][col]
                rows[i] = [E.sub(a, E.mul(factor, b)) for a, b in zip(rows[i], rows[r])]
        pivots.append(col)
        r += 1
    free = [c for c in range(n) if c not in pivots]
    basis = []
    for fc in free:
        v = [E.zero] * n
        v[fc] = E.one
        for k, pc in enumerate(pivots):
            v[pc] = E.neg(rows[k][fc])
        basis.append(v)
    return basis


class _Ring1:
    """The field F itself (a factor of degree 1), with the same interface as _QuotientRing."""

    def __init__(self, K):
        self.K = K
        self.zero, self.one = K.zero, K.one

    def is_zero(self, a):
        return not a

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def neg(self, a):
        return -a

    def div(self, a, b):
        return self.K.quo(a, b)

    def dot(self, u, v):
        return sum((a * b for a, b in zip(u, v)), self.K.zero)


class _QuotientRing:
    """E = F[x]/(f) for an irreducible f: a field whose elements are Polys of degree < deg f."""

    def __init__(self, f: sp.Poly):
        self.f = f
        self.K = f.domain
        self.zero = sp.Poly(0, _X, domain=self.K)
        self.one = sp.Poly(1, _X, domain=self.K)
        self.x = sp.Poly(_X, _X, domain=self.K)

    def const(self, c):
        return sp.Poly.from_list([c], _X, domain=self.K) if c else self.zero

    def is_zero(self, a):
        return a.is_zero

    def sub(self, a, b):
        return a - b

    def neg(self, a):
        return -a

    def mul(self, a, b):
        return (a * b).rem(self.f)

    def div(self, a, b):
        # s·b ≡ h (mod f) with h = gcd(b, f), a non-zero constant as f is irreducible. Not Poly.invert: over
        # Q(√2)(t) it compares h with 1 and refuses h = c/c, which that domain does not cancel.
        s, h = b.half_gcdex(self.f)
        if h.degree() != 0:
            raise ZeroDivisionError("division by a zero divisor of F[x]/(f)")
        return self.mul(a, s.mul_ground(self.K.quo(self.K.one, h.rep.to_list()[0])))

    def dot(self, u, v):
        return sum((a * b for a, b in zip(u, v)), self.zero).rem(self.f)
