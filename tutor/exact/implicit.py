"""Exact numbers defined implicitly: a root of a polynomial, an entry of a unit eigenvector.

When an eigenvalue is a root of a polynomial whose coefficients are not
rational and whose closed form the solve budget (eigen._named) finds too long
or too slow (RBF kernels on scattered or fractional points give coefficients
that are long polynomials in e^(−γ); several square roots give nested
radicals), SymPy's CRootOf, which needs rational coefficients, does not apply.
These objects are exact all the same, in the way CRootOf is:

- ``PolyRoot(coefficients, k)`` is the k-th largest root (k = 0, 1, …) of
  Σ cᵢ xⁿ⁻ⁱ, a polynomial with real exact coefficients and only real roots
  (the characteristic polynomial of a symmetric matrix);
- ``EigenvectorEntry(M, root, i)`` is entry i of the unit eigenvector of the
  symmetric matrix M for the simple eigenvalue ``root``, with its first entry
  that is not zero positive.

They evaluate to any precision asked, with certified digits: the root from an
isolating interval and the entries from an enclosure, both proved in interval
arithmetic (below). That is all the rest of tutor needs of a number: decimals
to show, signs, and checks such as K̂v = ηv confirmed on 100 digits. In the
JSON they are named (rho_1, v_1_2) and defined (rendering.Names).
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache

import mpmath
from mpmath.libmp import NoConvergence
import sympy as sp
from sympy.core.evalf import prec_to_dps

from ..errors import UnsupportedProblem

_GUARD = 30  # extra digits of working precision


class PolyRoot(sp.AtomicExpr):
    """The k-th largest root of Σ cᵢ x^(n−i), coefficients highest first.

    An atom, as SymPy's CRootOf is: walking an expression (has, count_ops,
    free_symbols) never descends into its long coefficients.
    """

    is_extended_real = True
    is_commutative = True
    is_number = True
    __slots__ = ("coefficients", "k")

    def __new__(cls, coefficients, k):
        obj = sp.AtomicExpr.__new__(cls)
        obj.coefficients = tuple(c if isinstance(c, sp.Basic) else sp.Integer(c) for c in coefficients)
        obj.k = int(k)
        return obj

    def _hashable_content(self):
        return (self.coefficients, self.k)

    def _eval_evalf(self, prec):
        return sp.Float(_root_value(self, prec_to_dps(prec)), prec_to_dps(prec))

    def _latex(self, printer):
        return rf"\rho_{{{self.k + 1}}}"

    def _sympystr(self, printer):
        # A name sympify reads as a symbol; the JSON printer numbers the roots of a solution instead.
        namer = getattr(printer, "name_of", None)
        return namer(self) if namer else f"rho_{self.k + 1}"


class EigenvectorEntry(sp.AtomicExpr):
    """Entry i of the unit eigenvector of the symmetric matrix M for its simple eigenvalue ``root`` (an atom)."""

    is_extended_real = True
    is_commutative = True
    is_number = True
    __slots__ = ("matrix", "root", "i")

    def __new__(cls, matrix, root, i):
        obj = sp.AtomicExpr.__new__(cls)
        obj.matrix, obj.root, obj.i = sp.ImmutableMatrix(matrix), root, int(i)
        return obj

    def _hashable_content(self):
        return (self.matrix, self.root, self.i)

    def _eval_evalf(self, prec):
        return sp.Float(_unit_vector(self.matrix, self.root, prec_to_dps(prec))[self.i], prec_to_dps(prec))

    def _latex(self, printer):
        return rf"v_{{{printer._print(self.root)},{self.i + 1}}}"

    def _sympystr(self, printer):
        namer = getattr(printer, "name_of", None)
        return namer(self) if namer else f"v_{printer._print(self.root)}_{self.i + 1}"


IMPLICIT = (PolyRoot, EigenvectorEntry)  # the atoms that stand for numbers defined implicitly


def _mp(expr, dps: int):
    from .tidy import numeric

    return mpmath.mpf(str(numeric(expr, dps)))


_LEVEL = 160  # digits: every request up to this is served from one computation at this precision


# --- certified values: interval arithmetic -------------------------------------------------
#
# A root object's decimals come from an isolating interval: an interval [lo, hi] at whose ends
# the polynomial, evaluated in interval arithmetic (mpmath.iv: every operation rounds outwards,
# so the true value lies in the computed interval), has opposite signs. A polynomial of degree m
# with m such disjoint intervals has exactly one root in each, since the roots of a symmetric
# matrix's characteristic polynomial are real. Numbers are found at a working precision and
# then proved; the proof fails only when two roots are closer than the working precision can
# tell apart, and then the precision is raised.

_TRIES = 4  # working precisions tried: _LEVEL + _GUARD, then doubled each time


@contextmanager
def _interval_digits(dps: int):
    """mpmath.iv at dps digits for the block (the interval context has no workdps of its own)."""
    before = mpmath.iv.dps
    mpmath.iv.dps = dps
    try:
        yield
    finally:
        mpmath.iv.dps = before


def enclose(expr, dps: int):
    """An mpmath.iv interval that contains the exact real value of expr, computed at dps digits."""
    with _interval_digits(dps):
        return _enclose(_exact(expr), {})


def _exact(value):
    """A SymPy number from an exact value (SymPy's own, or a Python int)."""
    return value if isinstance(value, sp.Basic) else sp.Integer(value)


def _enclose(expr, memo):
    iv = mpmath.iv
    if expr in memo:
        return memo[expr]
    if expr.is_Integer:
        value = iv.mpf(int(expr))
    elif expr.is_Rational:
        value = iv.mpf(int(expr.p)) / int(expr.q)
    elif expr.is_Add:
        value = iv.mpf(0)
        for a in expr.args:
            value += _enclose(a, memo)
    elif expr.is_Mul:
        value = iv.mpf(1)
        for a in expr.args:
            value *= _enclose(a, memo)
    elif expr.is_Pow and expr.exp.is_Integer:
        value = _enclose(expr.base, memo) ** int(expr.exp)
    elif expr.is_Pow and expr.exp == sp.S.Half:
        value = iv.sqrt(_enclose(expr.base, memo))
    elif expr.is_Pow:
        value = iv.exp(_enclose(expr.exp, memo) * iv.log(_enclose(expr.base, memo)))
    elif expr is sp.E:
        value = iv.e
    elif expr is sp.pi:
        value = iv.pi
    elif isinstance(expr, sp.exp):
        value = iv.exp(_enclose(expr.args[0], memo))
    elif isinstance(expr, sp.log):
        value = iv.log(_enclose(expr.args[0], memo))
    elif isinstance(expr, (sp.cos, sp.sin)):
        value = getattr(iv, type(expr).__name__)(_enclose(expr.args[0], memo))
    elif isinstance(expr, sp.CRootOf):  # SymPy's isolating interval, refined to the precision
        width = sp.Rational(1, 10 ** iv.dps)
        middle = expr.eval_rational(dx=width, dy=width)
        value = iv.mpf([mpmath.mpf(int(middle.p)) / int(middle.q)]) + iv.mpf([-1, 1]) * (iv.mpf(1) / 10 ** iv.dps)
    elif isinstance(expr, PolyRoot):
        lo, hi = _isolated(expr.coefficients, iv.dps)[expr.k]
        value = iv.mpf([lo, hi])
    elif isinstance(expr, EigenvectorEntry):
        lo, hi = _certified_vector(expr.matrix, expr.root, iv.dps)[expr.i]
        value = iv.mpf([lo, hi])
    else:
        raise TypeError(f"no interval arithmetic for {type(expr).__name__}")
    memo[expr] = value
    return value


def isolating_interval(root: PolyRoot, dps: int) -> tuple[sp.Rational, sp.Rational]:
    """Rationals lo < root < hi, at most about 10^-dps apart, proved by the signs at the ends."""
    with _from_scratch():
        return tuple(_rational(end) for end in _isolated(root.coefficients, dps)[root.k])


def entry_interval(entry: EigenvectorEntry, dps: int) -> tuple[sp.Rational, sp.Rational]:
    """Rationals lo ≤ entry ≤ hi, proved by interval arithmetic."""
    with _from_scratch():
        return tuple(_rational(end) for end in _certified_vector_at(entry.matrix, entry.root, dps)[entry.i])


_SCRATCH = [False]  # isolate from scratch (polyroots at dps + _GUARD, then doubled), as every isolation once was


@contextmanager
def _from_scratch():
    """The intervals a JSON prints (their ends are rationals of hundreds of digits) found as they always were,
    so that they stay the same to the last digit: Newton's refinement from a root found before (_refined)
    proves intervals as good, but not the same digits."""
    _SCRATCH[0], before = True, _SCRATCH[0]
    try:
        yield
    finally:
        _SCRATCH[0] = before


def _rational(x) -> sp.Rational:
    p, q = mpmath.libmp.to_rational(x._mpf_)
    return sp.Rational(p, q)


def _root_value(root: PolyRoot, dps: int) -> str:
    lo, hi = _narrowest(root.coefficients, max(dps, _LEVEL))[root.k]
    with mpmath.workdps(max(dps, _LEVEL) + _GUARD):
        return mpmath.nstr((lo + hi) / 2, max(dps, _LEVEL) + 5)


_NARROWEST: dict = {}  # coefficients -> (digits, intervals): the narrowest isolation found yet


def _narrowest(coefficients: tuple, dps: int) -> tuple[tuple, ...]:
    """Isolating intervals at least 10^-dps narrow, from the narrowest found yet where that is enough: the
    decimals of an 8-point RBF solution asked for 11 different precisions, each a new isolation (with
    every coefficient enclosed again) of the same septic."""
    known = _NARROWEST.get(coefficients)
    if known is None or known[0] < dps:
        if len(_NARROWEST) > 256:
            _NARROWEST.clear()
        known = _NARROWEST[coefficients] = (dps, _isolated(coefficients, dps))
    return known[1]


_DOUBLINGS: dict = {}  # coefficients -> how often the working precision was doubled before the proof held


def _isolated(coefficients: tuple, dps: int) -> tuple[tuple, ...]:
    """Isolating intervals (lo, hi), as mpf numbers, of every root of one polynomial, largest first,
    each of width below 10^-dps (relative to the root's size) and proved by the signs at its ends."""
    return _isolated_once(coefficients, dps, _SCRATCH[0])


@lru_cache(maxsize=256)
def _isolated_once(coefficients: tuple, dps: int, scratch: bool) -> tuple[tuple, ...]:
    doublings = 0 if scratch else _DOUBLINGS.get(coefficients, 0)  # what the last isolation needed
    working = (dps + _GUARD) * 2**doublings
    for _ in range(_TRIES - doublings):
        intervals = _try_isolating(coefficients, dps, working, scratch)
        if intervals is not None:
            _DOUBLINGS[coefficients] = doublings
            return intervals
        working *= 2
        doublings += 1
    raise UnsupportedProblem("two eigenvalues are too close together to be told apart at "
                             f"{working // 2} digits: their decimals cannot be certified")


@lru_cache(maxsize=64)
def _boxes(coefficients: tuple, digits: int) -> tuple:
    """The coefficients enclosed in intervals at `digits` digits."""
    memo: dict = {}  # one for all: the coefficients share their exponentials e^(−k/2)
    with _interval_digits(digits):
        return tuple(_enclose(_exact(c), memo) for c in coefficients)


def _try_isolating(coefficients: tuple, dps: int, working: int, scratch: bool = False):
    # Enclosed at the next power of two of digits, so that the many precisions one root is asked at (327,
    # 311, 547, 531 …) share enclosures: those of an 8-point RBF septic's long coefficients were a third of
    # its isolations. Narrower enclosures are as valid.
    boxes = _boxes(coefficients, working if scratch else 1 << (working - 1).bit_length())
    with mpmath.workdps(working):
        middles = [sum(_ends(b)) / 2 for b in boxes]
    roots = None if scratch else _refined(coefficients, middles, working)
    if roots is None:
        with mpmath.workdps(working):
            try:
                found = mpmath.polyroots(middles, maxsteps=2000, extraprec=2 * working)  # clusters need many steps
            except NoConvergence:
                return None
            roots = sorted((mpmath.re(r) for r in found), reverse=True)
    # roots proved before and refined: a failure is this precision's, as polyroots' would be
    intervals = _proved(boxes, roots, dps, working)
    if intervals is not None:  # proved distinct and simple: a start for Newton's method at more digits
        if len(_KNOWN) > 256:
            _KNOWN.clear()
        _KNOWN[coefficients] = roots
    return intervals


def _proved(boxes, roots: list, dps: int, working: int):
    """Intervals about the roots, narrower than 10^-dps and apart, with opposite signs at their ends; None
    when they cannot be proved at this working precision."""
    with mpmath.workdps(working):
        intervals = []
        for j, r in enumerate(roots):
            width = mpmath.mpf(10) ** (-dps - 5) * max(1, abs(r))
            if j > 0:
                width = min(width, (roots[j - 1] - r) / 3)
            if j + 1 < len(roots):
                width = min(width, (r - roots[j + 1]) / 3)
            if width <= 0:
                return None
            intervals.append((r - width, r + width))
    with _interval_digits(working):
        for lo, hi in intervals:
            below, above = _horner(boxes, lo), _horner(boxes, hi)
            if not ((below < 0 and above > 0) or (below > 0 and above < 0)):
                return None
    return tuple(intervals)


_KNOWN: dict = {}  # a polynomial's coefficients -> the roots of its last proved isolation


def _refined(coefficients: tuple, middles: list, working: int) -> list | None:
    """The roots of a polynomial isolated before, refined by Newton's method at `working` digits; None when
    there are none (polyroots then starts afresh, as it does when these cannot be proved).

    Decimals, checks and certified eigenvectors ask for one root object at many precisions (160 to 1,100
    digits for a quintic of 5^(−2δ) values): polyroots from scratch at each was most of such a solve, where
    each root known to hundreds of digits needs a few Newton steps more."""
    known = _KNOWN.get(coefficients)
    if known is None:
        return None
    with mpmath.workdps(working):
        derivative = [c * (len(middles) - 1 - k) for k, c in enumerate(middles[:-1])]
        tolerance = mpmath.mpf(10) ** (8 - working)
        roots = []
        for r in known:
            r, previous = mpmath.mpf(r), None
            for _ in range(60):
                slope = mpmath.polyval(derivative, r)
                if not slope:
                    return None
                step = mpmath.polyval(middles, r) / slope
                r -= step
                if abs(step) <= tolerance * max(1, abs(r)) or (previous is not None and abs(step) > abs(previous) / 2):
                    break  # converged, or at the noise of this precision: the proof decides
                previous = step
            roots.append(r)
        return sorted(roots, reverse=True)


def _ends(box) -> tuple:
    """The ends of an interval as plain mpf numbers."""
    return tuple(mpmath.mp.make_mpf(end) for end in box._mpi_)


def _horner(boxes, x):
    x = mpmath.iv.mpf(x)
    value = mpmath.iv.mpf(0)
    for b in boxes:
        value = value * x + b
    return value


def _unit_vector(matrix: sp.ImmutableMatrix, root: sp.Expr, dps: int) -> tuple[str, ...]:
    with mpmath.workdps(max(dps, _LEVEL) + _GUARD):
        return tuple(mpmath.nstr((lo + hi) / 2, max(dps, _LEVEL) + 5)
                     for lo, hi in _certified_vector(matrix, root, max(dps, _LEVEL)))


def _certified_vector(matrix: sp.ImmutableMatrix, root: sp.Expr, dps: int) -> tuple[tuple, ...]:
    """_certified_vector_at the next power of two of digits (at least dps): an 8-point RBF solution asked for
    its eigenvectors at 28 precisions, each a new interval computation; narrower intervals are as valid."""
    return _certified_vector_at(matrix, root, 1 << (dps - 1).bit_length())


@lru_cache(maxsize=256)
def _certified_vector_at(matrix: sp.ImmutableMatrix, root: sp.Expr, dps: int) -> tuple[tuple, ...]:
    """Intervals (lo, hi) that hold the entries of the unit eigenvector of M for its simple eigenvalue
    `root`, first entry that is not zero positive.

    For a simple eigenvalue r, adj(M − rI) has rank one, and each of its columns is a multiple of the
    eigenvector: column m, computed in interval arithmetic at an interval that holds r, holds a
    multiple of it, and divided by its length, the unit eigenvector up to sign. The column is the
    one of the largest entry of the eigenvector (found numerically), the best conditioned.
    """
    working = dps + 2 * _GUARD
    n = matrix.rows
    with mpmath.workdps(working):
        guess = eigenvector_near(matrix, _mp(root, working), working)
    lead = max(range(n), key=lambda i: abs(guess[i]))
    entries = _enclosed_matrix(matrix, working)
    with _interval_digits(working):
        r = _enclose(root, {})
        shifted = mpmath.iv.matrix(n, n)
        for i in range(n):
            for j in range(n):
                shifted[i, j] = entries[i][j] - (r if i == j else 0)
        column = []
        for i in range(n):
            minor = mpmath.iv.matrix(n - 1, n - 1)
            rows = [k for k in range(n) if k != lead]
            cols = [k for k in range(n) if k != i]
            for a, k in enumerate(rows):
                for b, m in enumerate(cols):
                    minor[a, b] = shifted[k, m]
            try:
                column.append(mpmath.iv.det(minor) * (-1) ** (i + lead))
            except (TypeError, ZeroDivisionError):  # mpmath's interval LU finds no pivot clear of 0
                raise UnsupportedProblem("an eigenvector could not be certified: is its eigenvalue repeated?") from None
        length = mpmath.iv.sqrt(sum((c * c for c in column), mpmath.iv.mpf(0)))
        if not length > 0:
            raise UnsupportedProblem("an eigenvector could not be certified: is its eigenvalue repeated?")
        entries = [c / length for c in column]
        tiny = mpmath.mpf(10) ** (-dps)
        first = next((e for e in entries if not -tiny < e < tiny), None)
        if first is not None and first < 0:
            entries = [-e for e in entries]
        return tuple(_ends(e) for e in entries)


@lru_cache(maxsize=32)
def _enclosed_matrix(matrix: sp.ImmutableMatrix, dps: int) -> tuple[tuple, ...]:
    """Intervals of a matrix's entries, once for all the eigenvectors of that matrix."""
    with _interval_digits(dps):
        memo: dict = {}
        return tuple(tuple(_enclose(matrix[i, j], memo) for j in range(matrix.cols)) for i in range(matrix.rows))


def eigenvector_near(matrix: sp.ImmutableMatrix, value, dps: int) -> list:
    """The unit eigenvector (mpmath numbers, any sign) of a symmetric exact matrix for its eigenvalue
    nearest ``value``, from one cached eigen-decomposition at dps digits."""
    values, vectors = _eigen_system(matrix, dps)
    k = min(range(len(values)), key=lambda j: abs(values[j] - value))
    return [vectors[i][k] for i in range(matrix.rows)]


def eigenvectors_near(matrix: sp.ImmutableMatrix, value, count: int, dps: int) -> list[list]:
    """The unit eigenvectors (as eigenvector_near) of the count eigenvalues nearest ``value``: a basis of the
    eigenspace of a repeated eigenvalue, numerically."""
    values, vectors = _eigen_system(matrix, dps)
    nearest = sorted(range(len(values)), key=lambda j: abs(values[j] - value))[:count]
    return [[vectors[i][k] for i in range(matrix.rows)] for k in nearest]


@lru_cache(maxsize=64)
def _eigen_system(matrix: sp.ImmutableMatrix, dps: int):
    """Eigenvalues and unit eigenvectors (columns) of a symmetric exact matrix, by mpmath at dps + guard digits."""
    with mpmath.workdps(dps + _GUARD):
        n = matrix.rows
        A = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                A[i, j] = _mp(matrix[i, j], dps + 2 * _GUARD)
        values, vectors = mpmath.eigsy(A)
        return [values[j] for j in range(n)], [[vectors[i, j] for j in range(n)] for i in range(n)]
