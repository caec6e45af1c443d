"""rbf-gamma's figure: K(d) and d_φ(d) against the input distance d, the table's values marked and
d_φ's asymptote √2 dashed, drawn after the feature-distances step."""

from __future__ import annotations

import sympy as sp

from tutor.figures import Curve, Level, Plot, Point

MAX_GRID = 48  # grid intervals: with the table's (at most 12) distances the curve keeps <= 61 points


def _round_step(least: sp.Expr) -> sp.Rational:
    """The smallest 1, 2 or 5 times a power of ten that is at least ``least`` (> 0), exactly: a
    distance of 10⁻⁶ or 10¹⁰ gets a step of its own size."""
    power = sp.Rational(10) ** int(sp.floor(sp.log(least, 10)))
    while power > least:
        power /= 10
    while power * 10 < least:
        power *= 10
    return next(m * power for m in (1, 2, 5, 10) if m * power >= least)


def grid(largest: sp.Expr) -> tuple[sp.Expr, ...]:
    """d = 0, h, 2h, …, a bit (a tenth) past the largest distance, with a round step h and at most
    MAX_GRID intervals.

    >>> grid(sp.Integer(8))[-1], len(grid(sp.Integer(8)))
    (44/5, 45)
    """
    target = sp.Rational(11, 10) * largest
    h = _round_step(target / MAX_GRID)
    count = int(sp.ceiling(target / h))
    return tuple(i * h for i in range(count + 1))


def kernel_at(base: sp.Expr, exponent: sp.Expr, symbol: sp.Symbol, d: sp.Expr) -> sp.Expr:
    """K(d) = base^(exponent at d), the simplified kernel's formula, kept as a power: exact, and as
    short as the formula however large the exponent (2^(−d²/4) at d = 44/5 is 2^(−484/25)), where
    evaluating it could write thousands of digits."""
    power = exponent.xreplace({symbol: d})
    return sp.Integer(1) if power == 0 else sp.Pow(base, power, evaluate=False)


def feature_distance_plot(rows, base: sp.Expr, exponent: sp.Expr, symbol: sp.Symbol, formula: str,
                          distance: sp.Expr) -> Plot:
    """rows: the feature-distances step's (d, K, d_φ), the table's own values; base, exponent: the
    simplified kernel's K = base^exponent in ``symbol``; formula: that K in LaTeX, as the table heads
    it; distance: the problem's d, where K = s."""
    table = {d: (k, f) for d, k, f in rows}
    largest = max(table, key=lambda d: sp.N(d, 30))
    if largest == 0:  # only d = 0 asked: show the curve out to the problem's distance, where K = s
        largest = distance
    values = {d: table.get(d) or _at(base, exponent, symbol, d) for d in grid(largest)}
    values.update(table)  # the curve passes through the table's values exactly
    ds = sorted(values, key=lambda d: sp.N(d, 30))
    kernel = tuple((d, values[d][0]) for d in ds)
    feature = tuple((d, values[d][1]) for d in ds)
    marks = tuple(item for d, k, f in rows for item in (Point(d, k, tone="blue"), Point(d, f, tone="orange")))
    caption = (f"The kernel $K = {formula}$ and the feature-space distance $d_\\phi = \\sqrt{{2 - 2K}}$ against the "
               "input distance $d$, the table's values marked: as $d$ grows, $K \\to 0$ and $d_\\phi \\to \\sqrt 2$, "
               "so far-apart points all look equally far apart.")
    return Plot(
        caption,
        (Level(sp.sqrt(2), r"\sqrt{2}"),
         Curve(kernel, "K", formula, tone="blue"),
         Curve(feature, r"d_\phi", r"\sqrt{2 - 2K}", tone="orange"),
         *marks),
        x_label="d", y_label="", equal=False,
        x_range=(0, ds[-1]), y_range=(0, sp.sqrt(2)),
    )


def _at(base, exponent, symbol, d) -> tuple[sp.Expr, sp.Expr]:
    k = kernel_at(base, exponent, symbol, d)
    return k, sp.sqrt(2 - 2 * k)
