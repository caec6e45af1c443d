"""high-dim's figures: each quantity of the card against the dimension m, sampled at whole m from the
smallest dimension it has to a bit past the problem's largest, the problem's dimensions marked. Each
figure is drawn after the step whose table it shows (ball in the cube, the shell, the cap)."""

from __future__ import annotations

import math

import sympy as sp

from tutor.exact.tidy import shown, sign_of
from tutor.figures import Curve, Plot, Point
from tutor.rendering import tex
from tutor.topics.high_dim import recipe

MAX_POINTS = 61  # of a curve: the grid's and the problem's (at most 12) dimensions together
# The cap's probabilities are sums of up to m/2 powers of sin θ (θ = π/7), thousands of characters
# each at m = 200: fewer of them, as the curve is smooth on its logarithmic axis.
CAP_POINTS = 31
LOG_SPAN = 100  # values spanning more than this factor are drawn on a logarithmic axis, as is usual


def dimensions_grid(first: int, dimensions, points: int = MAX_POINTS) -> tuple[int, ...]:
    """Whole m from first to a tenth (at least 1) past the largest dimension, every m while that
    keeps the curve to at most ``points`` points, else every k-th; with the problem's dimensions and
    the last m.

    >>> dimensions_grid(1, (2, 3, 5, 10, 20))[-1], len(dimensions_grid(1, (2, 100)))
    (22, 58)
    """
    top = max(dimensions) + max(1, math.ceil(max(dimensions) / 10))
    room = points - len(set(dimensions)) - 1
    stride = max(1, math.ceil((top - first + 1) / room))
    return tuple(sorted(set(range(first, top + 1, stride)) | set(dimensions) | {top}))


def _log(values) -> bool:
    approx = [shown(v, 5) for v in values]
    return bool(max(approx) > LOG_SPAN * min(approx))  # a bool, not a SymPy Boolean, for the JSON


def _plot(caption_head: str, caption_tail: str, rows, curve, y_label: str, *, log_ok: bool, top=None) -> Plot:
    """rows: the step's (m, value); curve: (m, value) sampled over the grid (through the rows); top: the
    y axis's least upper end (else the curve's largest value)."""
    log_y = log_ok and _log([v for _, v in curve])
    top = top if top is not None else max((v for _, v in curve), key=lambda v: shown(v, 5))
    scale = " on a logarithmic scale" if log_y else ""
    caption = f"{caption_head} against the dimension $m${scale}, the table's dimensions marked: {caption_tail}"
    return Plot(
        caption,
        (Curve(tuple(curve), "", formula=_FORMULAS[y_label], tone="blue"),
         *(Point(sp.Integer(m), v, tone="blue") for m, v in rows)),
        x_label="m", y_label=y_label, equal=False,
        y_range=None if log_y else (0, top),
        log_y=log_y,
    )


BALL, SHELL, CAP = r"\text{ball} / \text{cube}", r"1 - (1 - \varepsilon)^m", r"P(\text{angle} \le \theta)"
_FORMULAS = {
    BALL: r"\frac{\pi^{m/2}}{2^m\,\Gamma(m/2 + 1)}",
    SHELL: r"1 - (1 - \varepsilon)^m",
    CAP: r"\frac{\int_0^\theta \sin^{m-2} t\,dt}{\int_0^\pi \sin^{m-2} t\,dt}",
}


def ball_cube_plot(rows) -> Plot:
    """rows: the ball-in-cube step's (m, ratio)."""
    given = dict(rows)
    curve = [(sp.Integer(m), given[m] if m in given else recipe.ball_cube_ratio(m))
             for m in dimensions_grid(1, given)]
    return _plot(r"The share of the cube inside the ball, $\frac{\pi^{m/2}}{2^m\,\Gamma(m/2 + 1)}$,",
                 "it falls towards $0$, ever faster, so almost all of the cube's room is in its corners.",
                 rows, curve, BALL, log_ok=True)


def shell_plot(rows, epsilon: sp.Expr, epsilon_tex: str) -> Plot:
    """rows: the shell step's (m, fraction); epsilon_tex: ε as the table's lead-in writes it."""
    given = dict(rows)
    # 1 − (1 − ε)^m kept as a power: exact, and short where the fraction would have thousands of
    # digits (ε = 10^−50), or where an irrational ε could not be expanded for every m.
    curve = [(sp.Integer(m), given[m] if m in given else 1 - sp.Pow(1 - epsilon, m, evaluate=False))
             for m in dimensions_grid(1, given)]
    if shown(curve[-1][1], 5) >= sp.Rational(1, 2):
        tail, top = "it rises towards $1$, so for large $m$ nearly all of the ball lies near its surface.", 1
    else:  # a very thin shell (ε = 10^−50): on an axis up to 1 the curve would lie on the m axis
        tail, top = ("it grows with $m$ but is still small here: the shell holds most of the ball once $m$ is of "
                     "the order of $1/\\varepsilon$."), None
    return _plot(rf"The share of the ball's volume in the outer shell of relative thickness "
                 rf"$\varepsilon = {epsilon_tex}$, $1 - (1 - \varepsilon)^m$,", tail,
                 rows, curve, SHELL, log_ok=False, top=top)


def cap_plot(rows, theta: sp.Expr) -> Plot:
    """rows: the cap step's (m, probability); directions need m >= 2."""
    given = dict(rows)
    curve = [(sp.Integer(m), given[m] if m in given else recipe.cap_probability(m, theta))
             for m in dimensions_grid(2, given, CAP_POINTS)]
    tail = {-1: "it falls towards $0$: in high dimension a random direction almost never comes near a chosen one.",
            0: "it is $\\frac{1}{2}$ for every $m$, the half of the sphere on the direction's side.",
            1: "it rises towards $1$: the rest of the sphere is a cap of angle $\\pi - \\theta < \\pi/2$ around the "
               "opposite direction, which in high dimension holds almost nothing."}
    return _plot(rf"The probability that a random unit vector lies within $\theta = {tex(theta)}$ of a fixed "
                 "direction", tail[sign_of(theta - sp.pi / 2)], rows, curve, CAP, log_ok=True)
