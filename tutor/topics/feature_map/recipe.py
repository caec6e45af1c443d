"""Card "Feature map and the kernel trick": the explicit feature map of (c + xᵀy)^p.

(c + xᵀy)^p = (√c·√c + Σᵢ xᵢyᵢ)^p expands, by the multinomial theorem, into one
term per exponent vector k = (k₀, k₁, …, k_d) with k₀ + … + k_d = p:
    p!/(k₀!k₁!…k_d!) · c^k₀ · Πᵢ (xᵢyᵢ)^kᵢ,
so φ has one coordinate per k: √(p!/(k₀!…k_d!) · c^k₀) · Πᵢ xᵢ^kᵢ.
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


def variables(d: int) -> tuple[sp.Symbol, ...]:
    return sp.symbols(f"x1:{d + 1}", real=True)


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


@dataclass(frozen=True)
class FeatureMapData(StepData, kind="feature_map"):
    terms: tuple[FeatureTerm, ...]
    p: int
    c: sp.Expr
    d: int
    dimension: int  # the number of coordinates of φ


def feature_map_step(p: int, c: sp.Expr, d: int) -> Step:
    xs = variables(d)
    terms = feature_terms(p, c, d)
    phi = tuple(coef * prod((x**e for x, e in zip(xs, k)), start=sp.Integer(1)) for coef, k, _ in terms)
    expected = comb(d + p, p) if c != 0 else comb(d + p - 1, p)
    return Step(
        key="feature_map",
        kind="feature_map",
        title="The feature map",
        formula=r"(c + \mathbf x^T\mathbf y)^p = \sum_{k_0 + \dots + k_d = p} \frac{p!}{k_0!\cdots k_d!}\, c^{k_0} \prod_i (x_i y_i)^{k_i}",
        result=phi,
        data=FeatureMapData(tuple(FeatureTerm(coef, k, p - sum(k), m, f) for (coef, k, m), f in zip(terms, phi)),
                            p, c, d, len(phi)),
        checks=(Check(rf"\dim \phi = \tbinom{{{d + p if c != 0 else d + p - 1}}}{{{p}}} = {expected}",
                      len(phi) == expected),),
        note="Each coordinate carries the square root of its multinomial coefficient, so that the "
             "product $\\phi(\\mathbf x)^T\\phi(\\mathbf y)$ brings the coefficient back: for $p = 2$ the "
             "cross term $2x_1x_2y_1y_2$ needs $\\sqrt 2\\,x_1x_2$ in each vector.",
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
        formula=r"\phi(\mathbf x)^T \phi(\mathbf y) = (c + \mathbf x^T \mathbf y)^p",
        result=direct,
        data=KernelTrickData(products, total, dot, p, c),
        checks=(Check(r"\phi(\mathbf x)^T \phi(\mathbf y) = K(\mathbf x, \mathbf y)", is_zero(total - direct)),),
        note="The long vectors are never needed: one dot product in the input space and one power give the same number.",
    )
