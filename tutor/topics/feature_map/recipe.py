"""Card "Feature map and the kernel trick": the explicit feature map of (c + xᵀy)^p.

The card's route: write the kernel out, (c + x₁y₁ + … + x_dy_d)^p, expand the power,
and read each term a·f(x)·f(y) as the product (√a f(x))(√a f(y)) of one coordinate
of φ(x) and the same coordinate of φ(y) (the √2 of √2 x₁x₂ is the split 2 of the
cross term 2x₁x₂y₁y₂). The terms are the multinomial theorem's, one per exponent
vector k = (k₀, k₁, …, k_d) with k₀ + … + k_d = p:
    p!/(k₀!k₁!…k_d!) · c^k₀ · Πᵢ (xᵢyᵢ)^kᵢ.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, factorial, prod

import sympy as sp

from tutor.exact.tidy import is_zero, tidy
from tutor.steps import Check, Step, StepData


def exponent_vectors(p: int, parts: int):
    """All (k₀, …, k_{parts−1}) of non-negative integers summing to p, largest powers of x₁ first."""
    if parts == 1:
        yield (p,)
        return
    for first in range(p, -1, -1):
        for rest in exponent_vectors(p - first, parts - 1):
            yield (first, *rest)


def variables(d: int, name: str = "x") -> tuple[sp.Symbol, ...]:
    return sp.symbols(f"{name}1:{d + 1}", real=True)


def feature_terms(p: int, c: sp.Expr, d: int):
    """(coefficient, exponents of x₁…x_d) for each coordinate of φ; the offset's power is k₀."""
    terms = []
    for k in exponent_vectors(p, d + 1):
        k_x, k0 = k[:d], p - sum(k[:d])
        if k0 and c == 0:
            continue
        multinomial = factorial(p) // prod(factorial(j) for j in (k0, *k_x))
        terms.append((tidy(sp.sqrt(multinomial * c**k0)), k_x, multinomial))
    # the notes' order, (x1², x2², √2 x1x2, ..., c): highest degree first, pure powers before products
    return sorted(terms, key=lambda t: (-sum(t[1]), sum(1 for e in t[1] if e), [-e for e in t[1]]))


@dataclass(frozen=True)
class FeatureTerm:
    """One coordinate of φ."""

    coef: sp.Expr  # √(p!/(k₀!…k_d!) · c^k₀)
    exponents: tuple[int, ...]  # k₁ … k_d, the powers of x₁ … x_d
    k0: int  # the power of the offset
    multinomial: int  # p!/(k₀!…k_d!)
    value: sp.Expr  # the coordinate, coef · Π x_i^k_i
    weight: sp.Expr  # the term's coefficient in the expanded kernel, p!/(k₀!…k_d!) · c^k₀ = coef²
    term: sp.Expr  # the term itself, weight · Π (x_i y_i)^k_i
    at_y: sp.Expr  # the coordinate in y, coef · Π y_i^k_i


@dataclass(frozen=True)
class FeatureMapData(StepData, kind="feature_map"):
    terms: tuple[FeatureTerm, ...]
    p: int
    c: sp.Expr
    d: int
    dimension: int  # the number of coordinates of φ
    example: FeatureTerm | None  # the first term whose coefficient is split (the √2 of the card), if any
    # the first term with a power of c whose coefficient is split too (the √(2c) of 2c·x₁y₁), and the constant
    # c^p: where the offset's factors come from
    offset_example: FeatureTerm | None = None
    constant: FeatureTerm | None = None


def _monomial(symbols, exponents) -> sp.Expr:
    return prod((v**e for v, e in zip(symbols, exponents)), start=sp.Integer(1))


def kernel_written_out(p: int, c: sp.Expr, d: int) -> str:
    """(c + x₁y₁ + … + x_dy_d)^p in LaTeX, as the card writes the kernel before expanding it."""
    parts = ([sp.latex(c)] if c != 0 else []) + [f"x_{{{i}}} y_{{{i}}}" for i in range(1, d + 1)]
    return rf"\left({' + '.join(parts)}\right)^{{{p}}}"


def feature_map_step(p: int, c: sp.Expr, d: int) -> Step:
    xs, ys = variables(d), variables(d, "y")
    terms = feature_terms(p, c, d)
    phi = tuple(coef * _monomial(xs, k) for coef, k, _ in terms)
    feature_terms_ = tuple(
        FeatureTerm(coef, k, p - sum(k), m, f, weight := tidy(m * c ** (p - sum(k))),
                    weight * _monomial(xs, k) * _monomial(ys, k), coef * _monomial(ys, k))
        for (coef, k, m), f in zip(terms, phi))
    expected = comb(d + p, p) if c != 0 else comb(d + p - 1, p)
    return Step(
        key="feature_map",
        kind="feature_map",
        title="The feature map",
        formula=r"K(\mathbf x, \mathbf y) = " + kernel_written_out(p, c, d),
        result=phi,
        data=FeatureMapData(feature_terms_, p, c, d, len(phi), example := next((t for t in feature_terms_ if t.weight != 1), None),
                            next((t for t in feature_terms_ if t.k0 and any(t.exponents) and t.weight != 1 and t is not example), None),
                            next((t for t in feature_terms_ if not any(t.exponents) and t.weight != 1), None)),
        checks=(Check(rf"\dim \phi = \tbinom{{{d + p if c != 0 else d + p - 1}}}{{{p}}} = {expected}",
                      len(phi) == expected),),
    )


@dataclass(frozen=True)
class FeatureVectorsData(StepData, kind="feature_vectors"):
    brief_formula = "none"  # the brief line writes φ(x) and φ(y) out
    x: tuple[sp.Expr, ...]
    y: tuple[sp.Expr, ...]


def feature_vectors_step(phi, x, y) -> Step:
    xs = variables(len(x))

    def at(point):
        return tuple(tidy(f.subs(dict(zip(xs, point)))) for f in phi)

    return Step(
        key="phi",
        kind="feature_vectors",
        title="The two points in feature space",
        formula=r"\phi(\mathbf x),\ \phi(\mathbf y)",
        result=(at(x), at(y)),
        data=FeatureVectorsData(tuple(x), tuple(y)),
    )


@dataclass(frozen=True)
class KernelTrickData(StepData, kind="kernel_trick"):
    brief_formula = "none"  # the brief line is the formula with its numbers
    worked_checks = True  # the line shows φ(x)ᵀφ(y) and (c + xᵀy)^p coming out equal
    products: tuple[sp.Expr, ...]  # φ(x)_i φ(y)_i
    total: sp.Expr  # φ(x)ᵀφ(y)
    dot: sp.Expr  # xᵀy
    p: int
    c: sp.Expr


def kernel_trick_step(phi_x, phi_y, x, y, p: int, c: sp.Expr) -> Step:
    products = tuple(tidy(a * b) for a, b in zip(phi_x, phi_y))
    total = tidy(sum(products))
    dot = tidy(sum(a * b for a, b in zip(x, y)))
    direct = tidy((c + dot) ** p)
    return Step(
        key="kernel_value",
        kind="kernel_trick",
        title="The kernel trick",
        formula=(r"\phi(\mathbf x)^T \phi(\mathbf y) = (c + \mathbf x^T \mathbf y)^p" if c != 0
                 else r"\phi(\mathbf x)^T \phi(\mathbf y) = (\mathbf x^T \mathbf y)^p"),  # no zero term
        result=direct,
        data=KernelTrickData(products, total, dot, p, c),
        checks=(Check(r"\phi(\mathbf x)^T \phi(\mathbf y) = K(\mathbf x, \mathbf y)", is_zero(total - direct)),),
        note="The long vectors are never needed: one dot product in the input space and one power give the same number.",
    )
