"""importance-sampling's figures: p and q as bars over the support (after the distributions step),
and the weights w = p/q over the support (after the weights step). The support is finite and short
(at most MAX_SUPPORT points), so every point has its bar."""

from __future__ import annotations

import sympy as sp

from tutor.figures import Bars, BarSeries, Curve, Plot, Point
from tutor.figures.words import joined
from tutor.rendering import tex


def distributions_bars(support, p, q) -> Bars:
    """p and q as the distributions step lists them."""
    return Bars(
        "The target $p$ and the proposal $q$ at each point of the support: the samples are drawn from $q$, "
        "and each is reweighted by $w = p/q$ to count as a draw from $p$.",
        tuple(point_label(x, i) for i, x in enumerate(support, start=1)),
        (BarSeries("p(x)", tuple(p), tone="blue"), BarSeries("q(x)", tuple(q), tone="orange")),
        x_label="x", y_label="",
    )


def weights_bars(support, weight_of: dict) -> Bars:
    """weight_of: w(x) = p(x)/q(x) at each support point where q(x) > 0, as the weights step used it."""
    shown = [(i, x) for i, x in enumerate(support, start=1) if x in weight_of]
    return Bars(
        weights_caption(support, weight_of),
        tuple(point_label(x, i) for i, x in shown),
        (BarSeries("w(x)", tuple(weight_of[x] for _, x in shown), tone="green"),),
        x_label="x", y_label="", reference=sp.Integer(1), reference_label="w=1",
    )


def weights_caption(support, weight_of: dict) -> str:
    """What the bars show against the reference w = 1: which points are over- and under-weighted."""
    over = [x for x in support if x in weight_of and weight_of[x] > 1]
    under = [x for x in support if x in weight_of and weight_of[x] < 1]
    even = [x for x in support if x in weight_of and weight_of[x] == 1]
    parts = []
    if over:
        parts.append(f"{_points(over)} {_be(over)} over-weighted ($w > 1$: $q$ draws {_it(over)} less often than "
                     "$p$ would)")
    if under:
        parts.append(f"{_points(under)} {_be(under)} under-weighted ($w < 1$: $q$ draws {_it(under)} more often)")
    if even and (over or under):
        parts.append(f"{_points(even)} {_have(even)} $w = 1$")
    if not parts:
        parts.append("every point has $w = 1$, as $q = p$")
    missing = [x for x in support if x not in weight_of]
    tail = f"; {_points(missing)} {_have(missing)} no bar, as $p = q = 0$ there" if missing else ""
    return ("The weights $w(x) = p(x)/q(x)$ at each point of the support, against the reference $w = 1$: "
            + joined(parts) + tail + ".")


def point_label(x: sp.Expr, i: int) -> str:
    r"""A support point as a category label: an integer or fraction as written, a surd or π by its LaTeX
    when the figures can set it, else its place x_i in the support.

    >>> point_label(sp.Integer(-1), 1), point_label(sp.Rational(-1, 2), 2), point_label(sp.log(2), 3)
    ('-1', '-\\frac{1}{2}', 'x_{3}')
    """
    if x.is_Integer:
        return str(x)
    if x.is_Rational:
        return ("-" if x < 0 else "") + rf"\frac{{{abs(x.p)}}}{{{x.q}}}"
    text = tex(x)
    if _settable(text):
        return text
    return f"x_{{{i}}}"


def _settable(text: str) -> bool:
    """Only the commands both drawings set for a number (a root, a fraction, π) and plain characters."""
    import re

    commands = set(re.findall(r"\\([A-Za-z]+)", text))
    return commands <= {"sqrt", "frac", "pi"} and re.fullmatch(r"[0-9A-Za-z\\{}()+\-/ .^_]*", text) is not None


def _points(xs) -> str:
    return "$x = " + ", ".join(tex(x) for x in xs) + "$"


def _be(xs) -> str:
    return "is" if len(xs) == 1 else "are"


def _have(xs) -> str:
    return "has" if len(xs) == 1 else "have"


def _it(xs) -> str:
    return "it" if len(xs) == 1 else "them"


# --- densities on an interval --------------------------------------------------------------------

CURVE_POINTS = 41  # per curve: smooth enough for these densities, short in the JSON
TAIL = sp.Rational(1, 50)  # an infinite interval is drawn up to where p and q both have less mass left
SPAN = 40  # ... but at most this far from its lower end, and so are the samples that stretch it


def densities_plot(problem, weight) -> Plot:
    """p, q and f·w over the interval (up to a cut-off on [a, oo)), the samples marked on f·w: the
    weighted f that the estimate averages, large where q draws rarely and p often."""
    from tutor.topics.importance_sampling.continuous import at, simpler

    low, high = problem.low, _drawn_end(problem)
    grid = [low + (high - low) * sp.Rational(k, CURVE_POINTS - 1) for k in range(CURVE_POINTS)]
    fw = simpler(problem.f * weight)

    def curve(expr):
        values = ((t, at(expr, t)) for t in grid)
        return tuple((t, v) for t, v in values if v.is_finite and v.is_real)

    p_curve, q_curve, fw_curve = curve(problem.p), curve(problem.q), curve(fw)
    dots = [(x, at(fw, x)) for x in sorted(set(problem.samples), key=sp.N) if x <= high]
    # f·w may grow without bound (a proposal with light tails): cut it off at a few times the other
    # values, so that p and q stay visible.
    cap = 3 * max([sp.Integer(1), *(v for _, v in p_curve + q_curve), *(abs(v) for _, v in dots)],
                  key=sp.N)
    shown = tuple((t, v) for t, v in fw_curve if abs(v) <= cap)
    clipped = f"; $f\\,w$ is cut off where $|f\\,w| > {tex(cap)}$" if len(shown) < len(fw_curve) else ""
    cut = "" if high == problem.high else f", drawn up to $x = {tex(high)}$"
    beyond = [x for x in problem.samples if x > high]
    if beyond:
        cut += (f" (the sample ${tex(beyond[0])}$ lies beyond it)" if len(beyond) == 1
                else f" ({len(beyond)} samples lie beyond it)")
    return Plot(
        "The target $p$, the proposal $q$ and the weighted function $f\\,w = f\\,p/q$ on the interval"
        f"{cut}{clipped}; the dots are the samples' $f(x_i)\\,w(x_i)$, whose average is the estimate.",
        (Curve(p_curve, "p", formula=tex(problem.p), tone="blue"),
         Curve(q_curve, "q", formula=tex(problem.q), tone="orange"),
         Curve(shown, "f\\,w", formula=tex(fw), tone="green", dashed=True),
         *(Point(x, v, tone="green") for x, v in dots if abs(v) <= cap)),
        x_label="x", y_label="", equal=False,
    )


def _drawn_end(problem):
    """The interval's upper end, or on [a, oo) the first whole x from a + 1 where p and q both have at most
    TAIL of their mass left (and at least every sample), at most a + SPAN; a + 10 if SymPy cannot tell
    within two seconds (a figure is no reason to refuse a problem). A far sample does not stretch the
    figure past a + SPAN: its curves would be flat, and far out each point costs SymPy more to evaluate."""
    if problem.high is not sp.oo:
        return problem.high
    from tutor.deadline import deadline
    from tutor.errors import SolveTimeout
    from tutor.topics.importance_sampling.continuous import X

    end = problem.low + 1
    try:
        with deadline(2.0, "the figure's range"):
            tails = [sp.integrate(d, (X, X, sp.oo)) for d in (problem.p, problem.q)]  # exact tails 1 − CDF
            while end < problem.low + SPAN and any(bool(t.subs(X, end) > TAIL) for t in tails):
                end += 1
    except (SolveTimeout, TypeError, ValueError):
        end = problem.low + 10
    return min(max(end, *(sp.ceiling(x) for x in problem.samples)), problem.low + SPAN)
