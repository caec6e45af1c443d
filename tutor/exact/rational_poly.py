"""Characteristic polynomials and rational roots in Python's integers and Fractions.

The generators test thousands of random draws for nice eigenvalues before solving one in full.
SymPy's Poly.factor_list takes about a millisecond for a cubic (Zassenhaus, Hensel lifting); what
the test needs, the rational roots of a polynomial of degree at most 3, takes integer arithmetic
and a few binary searches. The same integer arithmetic, with t replaced by a large power of 2,
gives characteristic polynomials over Z[t] (polynomial_charpoly).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd, isqrt


def integer_matrix(rows) -> tuple[list[list[int]], int]:
    """(B, d) with B an integer matrix and A = B / d: rationals cleared by their common denominator."""
    A = [[Fraction(x) for x in row] for row in rows]
    d = 1
    for row in A:
        for x in row:
            d = d * x.denominator // gcd(d, x.denominator)
    return [[int(x * d) for x in row] for row in A], d


def integer_charpoly(B: list[list[int]]) -> list[int]:
    """Coefficients of det(tI − B), highest degree first, for an integer matrix.

    Faddeev–LeVerrier: M_k = B M_(k−1) + c_(k−1) I and c_k = −tr(B M_k) / k, where the division
    is exact. Python's integers make it some fifty times faster than the same in Fractions.
    """
    n = len(B)
    coeffs = [1]
    M = [[0] * n for _ in range(n)]
    for k in range(1, n + 1):
        M = [[sum(B[i][m] * M[m][j] for m in range(n)) + (coeffs[-1] if i == j else 0) for j in range(n)]
             for i in range(n)]
        trace = sum(B[i][m] * M[m][i] for i in range(n) for m in range(n))
        coeffs.append(-trace // k)
    return coeffs


def primitive_integer(coeffs) -> list[int]:
    """The same polynomial with coprime integer coefficients and a positive leading one."""
    coeffs = [Fraction(c) for c in coeffs]
    lcm = 1
    for c in coeffs:
        lcm = lcm * c.denominator // gcd(lcm, c.denominator)
    ints = [int(c * lcm) for c in coeffs]
    common = 0
    for c in ints:
        common = gcd(common, c)
    sign = -1 if ints[0] < 0 else 1
    return [sign * c // common for c in ints]


def _value(coeffs: list[int], x: int) -> int:
    out = 0
    for c in coeffs:
        out = out * x + c
    return out


def _root_in(coeffs: list[int], lo: int, hi: int) -> int | None:
    """The integer root of a polynomial monotone on [lo, hi], if there is one."""
    if lo > hi:
        return None
    f_lo, f_hi = _value(coeffs, lo), _value(coeffs, hi)
    if f_lo == 0:
        return lo
    if f_hi == 0:
        return hi
    if (f_lo > 0) == (f_hi > 0):
        return None
    rising = f_hi > 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        f = _value(coeffs, mid)
        if f == 0:
            return mid
        if (f > 0) == rising:
            hi = mid
        else:
            lo = mid
    return None


def rational_root_of_cubic(coeffs: list[int]) -> Fraction | None:
    """A rational root of an integer cubic, or None if it has none.

    With c₃t³ + c₂t² + c₁t + c₀ and s = c₃t, s³ + c₂s² + c₁c₃s + c₀c₃² is monic, so its rational
    roots are integers. Between its critical points it is monotone: a binary search on each
    monotone stretch finds any integer root.
    """
    c3, c2, c1, c0 = coeffs
    monic = [1, c2, c1 * c3, c0 * c3 * c3]
    bound = 1 + max(abs(c) for c in monic[1:])  # Cauchy's bound on every root
    disc = monic[1] ** 2 - 3 * monic[2]  # critical points (-c₂ ± √disc) / 3
    if disc <= 0:
        stretches = [(-bound, bound)]
    else:
        root_floor = isqrt(disc)
        root_ceil = root_floor if root_floor * root_floor == disc else root_floor + 1
        left = (-monic[1] - root_ceil) // 3  # ⌊first critical point⌋
        right = -((monic[1] - root_ceil) // 3)  # ⌈second critical point⌉
        stretches = [(-bound, left), (left + 1, right - 1), (right, bound)]
    for lo, hi in stretches:
        s = _root_in(monic, lo, hi)
        if s is not None:
            return Fraction(s, c3)
    return None


def divide_root(coeffs: list[int], root: Fraction) -> list[int]:
    """The integer polynomial divided by (q t − p) for a root p/q, made primitive again."""
    out, carry = [], Fraction(0)
    for c in coeffs[:-1]:
        carry = carry * root + c
        out.append(carry)
    return primitive_integer(out)


def square_free_part(n: int, limit: int) -> int | None:
    """The square-free k with n = k·m², if k ≤ limit; None when it is larger (or n ≤ 0)."""
    if n <= 0:
        return None
    for k in range(1, limit + 1):
        if n % k == 0:
            m = isqrt(n // k)
            if m * m == n // k and all(k % (p * p) for p in range(2, isqrt(k) + 1)):
                return k
    return None


def polynomial_charpoly(rows: list[list[list[int]]]) -> list[list[int]]:
    """det(xI − A) for a matrix of polynomials in t with integer coefficients (lists, constant first).

    Kronecker's substitution: t ↦ X = 2^b maps Z[t] into the integers and keeps sums, products
    and exact division by whole numbers, so Faddeev–LeVerrier runs in Python's integers (whose
    multiplication is Karatsuba's, in C) instead of in SymPy's polynomial ring. Each coefficient
    cₖ(t) comes back from its base-X digits, which is exact because b bounds them: ‖cₖ‖₁ is at
    most C(n,k)·k!·mᵏ ≤ (n·m)ⁿ for m the largest ‖entry‖₁ (the sum of the |coefficients|).
    """
    n = len(rows)
    m = max(sum(abs(c) for c in entry) for row in rows for entry in row) or 1
    bits = n * (n * m).bit_length() + 2
    packed = [[_pack(entry, bits) for entry in row] for row in rows]
    return [_unpack(c, bits) for c in integer_charpoly(packed)]


def _pack(coeffs: list[int], bits: int) -> int:
    value = 0
    for c in reversed(coeffs):
        value = (value << bits) + c
    return value


def _unpack(value: int, bits: int) -> list[int]:
    """Balanced base-2^bits digits, lowest first: the coefficients of the packed polynomial."""
    mask, half, out = (1 << bits) - 1, 1 << (bits - 1), []
    while value:
        digit = value & mask  # two's complement: the residue mod 2^bits, for negative values too
        if digit >= half:
            digit -= 1 << bits
        out.append(digit)
        value = (value - digit) >> bits
    return out
