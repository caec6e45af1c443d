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
from tutor.exact.tidy import as_expr, sign_of
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
                     _figure(mapped.result, after.data, spec_after, PHI_NAMES), (spec_before.values, spec_after.values))
    steps = (before, spectrum_before, mapped, after, replace(spectrum_after, figure=figure))
    summary = (comparison(steps, sentence=True),)
    return Solution(NAME, problem.title, problem, steps, tuple(ANSWER_KEYS), summary)


# One eigenvalue dominates, as the notes judge it (7.04 vs 0.11: "one direction is enough"), when it is at least
# DOMINANT times all the others together, PC 1 then carrying at least ONE_DIRECTION of the variance; the
# eigenvalues are similar (3.41 and 1.73: "no single direction explains the data") when λ₁ is at most
# SIMILAR times λ₂. The solution compares the eigenvalues, as the notes do, and gives the shares beside them.
DOMINANT = 9
ONE_DIRECTION = sp.Rational(DOMINANT, DOMINANT + 1)  # PC 1's share when λ₁ dominates
SIMILAR = 2
MIN_GAIN = sp.Rational(1, 5)  # how much a generated map raises PC 1's share: it clearly straightens the data


def shares(steps) -> tuple[sp.Expr, sp.Expr]:
    """PC 1's share of the variance before and after the map, exact."""
    before, after = (s.data.share for s in steps if s.kind == "covariance_spectrum")
    return before, after


def spectra(steps) -> tuple[tuple[sp.Expr, ...], tuple[sp.Expr, ...]]:
    """The eigenvalues before and after the map, descending."""
    before, after = (tuple(s.data.etas) for s in steps if s.kind == "covariance_spectrum")
    return before, after


def dominates(values) -> bool:
    """λ₁ at least DOMINANT times all the other eigenvalues together: one direction explains the data."""
    first, rest = as_expr(values[0]), as_expr(sum(values[1:], sp.Integer(0)))
    return sign_of(first - DOMINANT * rest) >= 0 and sign_of(first) > 0


def _value(x) -> str:
    """An eigenvalue as the comparison writes it: exact when rational, else its decimal (the step gives both)."""
    from tutor.rendering import decimal, tex  # rendering imports the step records: import at use

    return f"${tex(x)}$" if as_expr(x).is_Rational else f"${decimal(x)}$"


def _listed(values) -> str:
    words = [_value(x) for x in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def eigenvalue_verdict(values, *, numbers: bool = True) -> tuple[bool, str]:
    """Whether one direction explains the data, and the notes' words for it with this spectrum's numbers:
    "one eigenvalue dominates (7.04 vs 0.11): one direction is enough", "the two eigenvalues are similar
    (3.41 and 1.73), so no single direction explains the data", or, between the two, that λ₁ does not
    dominate. ``numbers=False``: without the eigenvalues in brackets (the final answers list them beside)."""
    def shown(text):
        return f" ({text})" if numbers else ""

    if len(values) == 1:
        return True, f"there is one eigenvalue{shown(_value(values[0]))}: one direction is enough"
    if dominates(values):
        return True, f"one eigenvalue dominates{shown(_value(values[0]) + ' vs ' + _listed(values[1:]))}: " \
                     "one direction is enough"
    if sign_of(as_expr(values[0] - SIMILAR * values[1])) <= 0:
        which = "the two eigenvalues are" if len(values) == 2 else "the two largest eigenvalues are"
        return False, f"{which} similar{shown(_listed(values[:2]))}, so no single direction explains the data"
    return False, rf"$\lambda_1$ does not dominate{shown(_value(values[0]) + ' vs ' + _listed(values[1:]))}, " \
                  "so no single direction explains the data"


def one_direction(values) -> str:
    """Part (b)'s answer: does one direction explain the data? Yes or no, with the eigenvalues compared."""
    yes, words = eigenvalue_verdict(values, numbers=False)
    return f"{'yes' if yes else 'no'}: {words}"


def comparison(steps, *, sentence: bool = False) -> str:
    """The closing sentences in the notes' words (sentence=True), or part (e)'s answer: the eigenvalues after
    the map compared, and PC 1's share before and after it."""
    from tutor.rendering import percent

    values_before, values_after = spectra(steps)
    pair = shares(steps)
    before, after = (rf"${percent(s)}$" for s in pair)  # maths only inside $…$: valid Markdown and LaTeX alike
    change = sign_of(pair[1] - pair[0])
    moves = {1: f"rises from {before} to {after}", -1: f"falls from {before} to {after}", 0: f"stays at {after}"}
    share = f"PC 1's share of the variance {moves[change]}"
    was, was_words = eigenvalue_verdict(values_before)
    now, now_words = eigenvalue_verdict(values_after)
    if not sentence:
        return f"{eigenvalue_verdict(values_after, numbers=False)[1]}; {share}"
    if now and not was:
        why = ": PCA only rotates the axes, so the curved pattern needed the map first."
    elif change < 0:
        why = ": this map spreads the data over more directions instead of straightening it."
    elif change > 0:
        why = ": the map helps, but does not straighten the data into one direction." if not now else "."
    else:
        why = ": the map does not change what one direction explains."
    return f"Before the map {was_words}. After it, {now_words}. {share}{why}"


def _figure(points, covariance, spec, names):
    """The PCA picture of points whose covariance step and spectrum the solution has, with its wording."""
    pairs = spec.pairs[:2]
    centred = sp.ImmutableMatrix(covariance.rows)
    scores = tuple(scores_of(centred, p.found, p.norm_sq) for p in pairs)
    return pca_picture(points, covariance.means, tuple(p.unit for p in pairs), spec.values, scores, names=names)


def _axes_seen(values) -> str:
    """What the picture shows of a spectrum: the lengths √λ of its principal axes compared, as the
    solution compares the eigenvalues (``eigenvalue_verdict``), or the points on one line."""
    from tutor.exact.tidy import is_zero

    if len(values) > 1 and all(is_zero(v) for v in values[1:]):
        return "the points lie on the line of PC 1, its only axis"
    if dominates(values):
        return "the axis of PC 1 is much the longer"
    if sign_of(as_expr(values[0] - SIMILAR * values[1])) <= 0:
        return f"the two {'' if len(values) == 2 else 'longest '}axes are of similar length"
    return "the axis of PC 1 is the longer, without dominating"


def _beside(before, after, spectra=None):
    """Before the map (left) beside after it (right), as one figure under one caption that ends with what
    the two pictures show (``spectra``: the eigenvalues before and after); either alone when the other has
    nothing to draw (no spread)."""
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
    if spectra is not None:
        words += f" Before the map {_axes_seen(spectra[0])}; after it {_axes_seen(spectra[1])}."
    return Row(words, (left, right), titles=(r"\text{before the map}", r"\text{after the map}"))


def problem_data(problem: Problem) -> dict:
    return {"topic": NAME, "title": problem.title, "points": inputs.point_rows(problem.points),
            "map": [str(f) for f in problem.phi]}

