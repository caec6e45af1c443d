"""Topic pca-feature-map: "Linear PCA cannot see a curve" — PCA before and after a map φ.

Fields (besides topic and title): ``points``, ``map``.
Answer keys: ``covariance_before``, ``eigenvalues_before``, ``mapped_points``, ``covariance_after``,
``eigenvalues_after`` (what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ParseError, ProblemError
from tutor.exact.eigen import spectrum
from tutor.exact.parser import parse_map
from tutor.exact.tidy import sign_of
from tutor.figures import Row
from tutor.recipes import pca
from tutor.recipes.pca_figures import PHI_NAMES, X_NAMES, pca_picture, scores_of
from tutor.steps import Solution
from tutor.topics import inputs

NAME = "pca-feature-map"
SUMMARY = "Linear PCA cannot see a curve: PCA before and after a feature map"
FIELDS = ("topic", "title", "points", "map")
ANSWER_KEYS = {
    "covariance_before": "covariance S of the points (d×d, 1/n)",
    "eigenvalues_before": "eigenvalues of S (descending)",
    "mapped_points": "φ(xᵢ) for each point",
    "covariance_after": "covariance of the mapped points",
    "eigenvalues_after": "eigenvalues of the mapped covariance (descending)",
}
MAX_MAP = 6


@dataclass(frozen=True)
class Problem:
    title: str
    points: tuple[tuple[sp.Expr, ...], ...]
    phi: tuple[sp.Expr, ...]
    variables: tuple[sp.Symbol, ...]


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    for name in ("points", "map"):
        if name not in raw:
            raise ProblemError("is missing", field=name)
    points = inputs.points(raw)
    d = len(points[0])
    xs = sp.symbols(f"x1:{d + 1}", real=True)
    names = {str(x): x for x in xs}
    raw_map = raw["map"]
    if not isinstance(raw_map, list) or not 1 <= len(raw_map) <= MAX_MAP:
        raise ProblemError(f"must be a list of 1 to {MAX_MAP} expressions in {', '.join(names)}", field="map")
    phi = []
    for i, text in enumerate(raw_map, start=1):
        try:
            phi.append(parse_map(str(text), names) if not isinstance(text, (int, float)) else fields.number(text, "map"))
        except ParseError as err:
            raise ProblemError(err.message, field=f"map[{i}]") from None
    for p in points:
        for i, f in enumerate(phi, start=1):
            value = f.subs(dict(zip(xs, p)))
            if not value.is_real or value.has(sp.zoo, sp.nan):
                raise ProblemError(f"is not a real number at the point {list(p)}", field=f"map[{i}]")
    title = fields.text(raw.get("title", "Linear PCA cannot see a curve"), "title")
    return Problem(title, points, tuple(phi), xs)


def solve(problem: Problem) -> Solution:
    before = pca.covariance_step(problem.points, key="covariance_before", title="Covariance of the points")
    mapped = pca.mapped_points_step(problem.points, problem.phi, problem.variables)
    after = pca.covariance_step(mapped.result, key="covariance_after", title="Covariance of the mapped points")
    # the mapped points are the rows of Φ: the notes write S_φ with Φ_c, not X_c
    after = replace(after, formula=r"S_\phi = \frac1n \Phi_c^T \Phi_c, \qquad "
                                   r"\Phi_c = \Phi - \mathbf 1 \bar{\boldsymbol\phi}^T")
    spec_before, spec_after = spectrum(before.result), spectrum(after.result)
    spectrum_before = pca.covariance_spectrum_step(before.result, key="eigenvalues_before",
                                                   title="Spectrum before the map", spec=spec_before)
    spectrum_after = pca.covariance_spectrum_step(after.result, key="eigenvalues_after",
                                                  title="Spectrum after the map", spec=spec_after)
    # The points with their axes beside the mapped points with theirs, under the spectrum after the map,
    # so the change is seen at a glance.
    figure = _beside(_figure(problem.points, before.data, spec_before, X_NAMES),
                     _figure(mapped.result, after.data, spec_after, PHI_NAMES))
    steps = (before, spectrum_before, mapped, after, replace(spectrum_after, figure=figure))
    verdict = comparison(shares(steps), sentence=True)
    summary = (verdict,)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS), summary)


ONE_DIRECTION = sp.Rational(9, 10)  # PC 1's share from which one direction explains the data
MIN_GAIN = sp.Rational(1, 5)  # how much a generated map raises PC 1's share: it clearly straightens the data


def shares(steps) -> tuple[sp.Expr, sp.Expr]:
    """PC 1's share of the variance before and after the map, exact."""
    before, after = (s.data.share for s in steps if s.kind == "covariance_spectrum")
    return before, after


def one_direction(share) -> str:
    """Whether one direction explains the data, as the notes judge it: one eigenvalue dominating."""
    from tutor.rendering import percent  # rendering imports the step records: import at use

    if sign_of(share - ONE_DIRECTION) >= 0:
        return rf"yes: PC 1 carries ${percent(share)}$ of the variance"
    return rf"no: PC 1 carries ${percent(share)}$ of the variance, {_short_of()}"


def _short_of() -> str:
    """The threshold said with the share below it: 89% is 'short of 90%', never 'no direction explains'."""
    from tutor.rendering import percent

    return rf"short of the ${percent(ONE_DIRECTION)}$ from which one direction explains the data"


def comparison(pair, *, sentence: bool = False) -> str:
    """How PC 1's share changes with the map: the closing sentence, or (sentence=False) the final answers' line."""
    from tutor.rendering import percent

    before, after = (rf"${percent(s)}$" for s in pair)  # maths only inside $…$: valid Markdown and LaTeX alike
    change = sign_of(pair[1] - pair[0])
    if not sentence:
        moves = {1: f"rises from {before} to {after}", -1: f"falls from {before} to {after}", 0: f"stays at {after}"}
        now = (": one direction now explains the data"
               if sign_of(pair[1] - ONE_DIRECTION) >= 0 > sign_of(pair[0] - ONE_DIRECTION) else "")
        return f"PC 1's share {moves[change]}{now}"
    explains = ("so one direction explains the data" if sign_of(pair[0] - ONE_DIRECTION) >= 0
                else _short_of())
    first = f"Before the map PC 1 carries {before} of the variance, {explains}"  # the answer to part (b)
    if change > 0:
        enough = ", one direction is enough" if sign_of(pair[1] - ONE_DIRECTION) >= 0 else ""
        return (f"{first}; after it {after}{enough}: PCA only rotates the axes, so the curved pattern needed the map "
                "first.")
    if change < 0:
        return (f"{first}; after it only {after}: this map spreads the data over more directions instead of "
                "straightening it.")
    return f"{first}, and after it still {after}: the map does not change what one direction explains."


def _figure(points, covariance, spec, names):
    """The PCA picture of points whose covariance step and spectrum the solution has, with its wording."""
    pairs = spec.pairs[:2]
    centred = sp.ImmutableMatrix(covariance.rows)
    scores = tuple(scores_of(centred, p.found, p.norm_sq) for p in pairs)
    return pca_picture(points, covariance.means, tuple(p.unit for p in pairs), spec.values, scores, names=names)


def _beside(before, after):
    """Before the map (left) beside after it (right), as one figure under one caption; either alone when
    the other has nothing to draw (no spread)."""
    if before is None or after is None:
        if before is None and after is None:
            return None
        (plot, _), when = (after, "After") if before is None else (before, "Before")
        return replace(plot, caption=f"{when} the map: {plot.caption[0].lower()}{plot.caption[1:]}")
    (left, was), (right, now) = before, after
    points = (rf"Left, the points ${X_NAMES.caption_point}$ before the map{was.where}; right, the mapped points "
              rf"${PHI_NAMES.caption_point}${now.where}")
    if was.rest == now.rest:  # one picture of the same kind twice: what is drawn is said once
        words = f"{points}; each with {was.rest}."
    else:
        words = f"{points}, with {now.rest}; the points before the map with {was.rest}."
    return Row(words, (left, right), titles=(r"\text{before the map}", r"\text{after the map}"))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "points": inputs.point_rows(problem.points),
            "map": [str(f) for f in problem.phi]}

