"""Kernel functions, exactly: linear, polynomial (offset + xᵀy)^degree, and RBF.

The RBF kernel exp(−γδ) is written as a power when γ is a rational multiple of
ln b, so the card's γ = ln 2/4 gives K = 2^(−δ/4) exactly, as the notes write it.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm

import sympy as sp

from . import fields
from .errors import ProblemError
from .exact.tidy import as_expr

KERNELS = ("linear", "polynomial", "rbf")
MAX_DEGREE = 10


@dataclass(frozen=True)
class Kernel:
    name: str  # one of KERNELS
    degree: int = 1  # polynomial only
    offset: sp.Expr = sp.Integer(0)  # polynomial only: the notes' constant c
    gamma: sp.Expr | None = None  # rbf only

    def from_dot(self, dot: sp.Expr) -> sp.Expr:
        """Linear and polynomial kernels as a function of the dot product xᵀy."""
        if self.name == "linear":
            return dot
        return sp.expand((self.offset + dot) ** self.degree)

    def from_sq_distance(self, delta: sp.Expr) -> sp.Expr:
        """The RBF kernel as a function of the squared distance δ = ‖x − y‖²."""
        return rbf_value(self.gamma, delta)

    def value(self, x, y) -> sp.Expr:
        if self.name == "rbf":
            return self.from_sq_distance(sp.expand(sum((a - b) ** 2 for a, b in zip(x, y))))
        return self.from_dot(sp.expand(sum(a * b for a, b in zip(x, y))))

    def as_dict(self) -> dict:
        if self.name == "linear":
            return {"name": "linear"}
        if self.name == "polynomial":
            return {"name": "polynomial", "degree": self.degree, "offset": str(self.offset)}
        return {"name": "rbf", "gamma": str(self.gamma)}


def log_multiple(gamma: sp.Expr) -> tuple[sp.Expr, sp.Expr] | None:
    """(q, b) when γ = q·ln b for a rational b (the card's γ = ln 2/4 is (1/4, 2)), else None."""
    q, rest = as_expr(gamma).as_coeff_Mul()
    if isinstance(rest, sp.log) and rest.args[0].is_Rational:
        return q, rest.args[0]
    return None


def rbf_value(gamma: sp.Expr, delta: sp.Expr) -> sp.Expr:
    """exp(−γδ), as b^(−qδ) when γ = q·ln b for rationals q and b.

    >>> rbf_value(sp.log(2) / 4, 4)
    1/2
    >>> rbf_value(sp.Rational(1, 2), 2)
    exp(-1)
    """
    multiple = log_multiple(gamma)
    if multiple is not None:
        q, b = multiple
        return sp.Pow(b, -q * delta)
    return sp.exp(sp.expand(-gamma * delta))


# γ·‖x − y‖² of any two points, so kernel values down to e^(−10^100): evaluating e^(−γ) alone takes a second
# at γ = 10^300 and 30 s at γ = 10^1000 (its argument reduced to 1,000 digits and more)
MAX_RBF_EXPONENT = sp.Integer(10) ** 100
# and from below: at γ = 10^-1000 every kernel value is 1 − O(10^-1000), the centred matrix is O(10^-1000) and its
# eigenvalues agree to a thousand digits, so deciding that two are distinct took 5 s before a refusal
MIN_RBF_EXPONENT = sp.Integer(10) ** -100


def check_rbf_exponents(kernel: Kernel, points, name: str = "kernel") -> None:
    """Refuse, up front, an RBF kernel whose exponent γ·‖x − y‖² passes MAX_RBF_EXPONENT for two of the points,
    or stays below MIN_RBF_EXPONENT for every two.

    Such kernel values are far below any digit shown, and evaluating them took 30 s for γ = 10^1000.
    """
    if kernel.name != "rbf":
        return
    largest = max(sp.expand(sum((a - b) ** 2 for a, b in zip(x, y))) for x in points for y in points)
    exponent = kernel.gamma * largest
    # γ is a positive exact number; 15 digits decide the comparison far from the limit, and an exponent
    # that large is refused whatever its last digits (a bound, not an identity)
    approx = sp.N(exponent, 15) if largest else None
    if approx is not None and approx > MAX_RBF_EXPONENT:
        raise ProblemError(
            f"γ·‖x − y‖² reaches {_about(exponent)} for two of the points; the exact engine works up to "
            f"10^100 (kernel values down to e^(−10^100)): use a smaller γ or closer points",
            field=f"{name}.gamma")
    if approx is not None and approx < MIN_RBF_EXPONENT:
        raise ProblemError(
            f"γ·‖x − y‖² is at most about 10^{int(sp.N(sp.log(exponent, 10), 15))} for any two of the points; "
            "the exact engine works from 10^-100 (below it the kernel values are 1 to a hundred digits): "
            "use a larger γ or points further apart",
            field=f"{name}.gamma")


# L × n, L the lcm of the denominators of the exponents q·‖x − y‖² of an RBF kernel with γ = q·ln b (its kernel
# values are powers of t = b^(1/L)) and n the number of points: measured (CPU, one process, solve and rendering)
# on 3 to 5 points in 2-D with coordinate denominators 2 to 6 and b in {2, 3, 3/2}, the slowest are 5 points with
# b = 3/2: at most 4.0 s at 720 and 3.8 s at 900, but 6 s at 1,000, 10 s at 2,000 and over 25 s at 1,800
# (3 points stay under 1 s up to 1,728; 4 points in halves to fifths with γ = ln 2/4, 57,600, ran for minutes)
MAX_ROOT_FIELD = 900


def root_field_size(kernel: Kernel, points, new_points=()) -> int | None:
    """L × n for an RBF kernel with γ = q·ln b on these n points (L over all pairs, new points included), or
    None when γ is not a rational multiple of the logarithm of a rational or a squared distance is irrational."""
    multiple = log_multiple(kernel.gamma) if kernel.name == "rbf" else None
    if multiple is None or not multiple[0].is_Rational:
        return None
    q = multiple[0]
    everything = list(points) + list(new_points)
    L = 1
    for i, x in enumerate(everything):
        for y in everything[i + 1:]:
            exponent = q * sp.expand(sum((a - b) ** 2 for a, b in zip(x, y)))
            if not exponent.is_Rational:
                return None
            L = lcm(L, int(exponent.q))
    return L * len(points)


def check_root_field(kernel: Kernel, points, new_points=(), name: str = "kernel") -> None:
    """Refuse, up front, an RBF kernel with γ = q·ln b whose kernel values are powers of t = b^(1/L) with
    L × n beyond MAX_ROOT_FIELD: 4 points in halves, thirds, quarters and fifths with γ = ln 2/4 (L = 3,600)
    did not finish in 60 s."""
    size = root_field_size(kernel, points, new_points)
    if size is not None and size > MAX_ROOT_FIELD:
        L, b = size // len(points), log_multiple(kernel.gamma)[1]
        base = str(b) if b.is_Integer else f"({b})"
        raise ProblemError(
            f"the kernel values are powers of t = {base}^(1/{L:,}) (γ = q·ln b, L the lcm of the denominators "
            f"of q·‖x − y‖² over all pairs of points, new points included), and L × n = {size:,} for the "
            f"{len(points)} points; the exact engine works up to L × n = {MAX_ROOT_FIELD:,}: use coordinates with "
            "smaller denominators or a γ whose multiple q of ln b makes q·‖x − y‖² whole (4·ln 2 for points in halves)",
            field=f"{name}.gamma")


def _about(value: sp.Expr) -> str:
    """A large positive number in words a reader takes in: 12,500 or about 10^1000."""
    if sp.N(value, 15) < 10**9:
        return f"{int(sp.N(value, 15)):,}"
    return f"about 10^{int(sp.N(sp.log(value, 10), 15))}"


def parse_kernel(raw: object, name: str = "kernel") -> Kernel:
    if not isinstance(raw, dict):
        raise ProblemError("must be a mapping such as {name: polynomial, degree: 2, offset: 1}", field=name)
    kind = raw.get("name")
    if kind not in KERNELS:
        raise ProblemError(f"unknown kernel {kind!r} (known: {', '.join(KERNELS)})", field=f"{name}.name")
    if kind == "linear":
        fields.reject_unknown(raw, ("name",))
        return Kernel("linear")
    if kind == "polynomial":
        fields.reject_unknown(raw, ("name", "degree", "offset"))
        if "degree" not in raw:
            raise ProblemError("is missing (a positive whole number)", field=f"{name}.degree")
        degree = raw["degree"]
        if isinstance(degree, bool) or not isinstance(degree, int) or degree < 1:
            raise ProblemError(f"must be a positive whole number, got {degree!r}", field=f"{name}.degree")
        if degree > MAX_DEGREE:
            raise ProblemError(f"must be at most {MAX_DEGREE}, got {degree}", field=f"{name}.degree")
        offset = fields.number(raw.get("offset", 0), f"{name}.offset")
        if offset.is_negative:
            raise ProblemError(f"must be >= 0 for a valid kernel, got {offset}", field=f"{name}.offset")
        return Kernel("polynomial", degree=degree, offset=offset)
    fields.reject_unknown(raw, ("name", "gamma"))
    if "gamma" not in raw:
        raise ProblemError("is missing (a positive number such as 1/2 or \"ln(2)/4\")", field=f"{name}.gamma")
    gamma = fields.number(raw["gamma"], f"{name}.gamma")
    if not gamma.is_positive:
        raise ProblemError(f"must be > 0, got {gamma}", field=f"{name}.gamma")
    return Kernel("rbf", gamma=gamma)
