"""Figures of pca, pca-feature-map, pca-gram and svd: every bundled problem draws its picture on the
expected step, and every coordinate in the JSON (read back with sympify) is the solution's own value,
checked against the answers or against the geometry they fix (a projection is on PC 1 and its
segment perpendicular to it; a principal axis is an eigenvector of S of length √λ)."""

from __future__ import annotations

import math

import pytest
import sympy as sp

from tutor import solve
from tutor.topics.pca import divisor_of
from tutor.exact.tidy import is_zero
from tutor.generators import draw_solved
from tutor.rendering import render, to_json

from .conftest import PROBLEMS, approx_numbers, solve_yaml


def _value(entry):
    return sp.sympify(entry["exact"])


def _xy(entry) -> tuple:
    return tuple(_value(c) for c in entry)


def _same(p, q) -> bool:
    return len(p) == len(q) and all(is_zero(sp.sympify(a) - sp.sympify(b)) for a, b in zip(p, q))


def _dot(u, v):
    return sum(a * b for a, b in zip(u, v))


class Drawn:
    """A plot's items read back from the JSON, sorted by kind."""

    def __init__(self, figure: dict):
        assert figure["type"] == "plot" and figure["equal"] is True
        self.figure = figure
        items = figure["items"]
        self.points = [(_value(i["x"]), _value(i["y"])) for i in items
                       if i["type"] == "point" and i["shape"] == "dot"]
        self.labels = [i["label"] for i in items if i["type"] == "point" and i["shape"] == "dot"]
        self.rings = [(_value(i["x"]), _value(i["y"])) for i in items if i["type"] == "point" and i["shape"] == "ring"]
        means = [(_value(i["x"]), _value(i["y"])) for i in items if i["type"] == "point" and i["shape"] == "square"]
        self.mean = means[0] if means else None
        self.arrows = [(_xy(i["start"]), _xy(i["end"]), i["label"]) for i in items if i["type"] == "arrow"]
        self.segments = [(_xy(i["start"]), _xy(i["end"])) for i in items if i["type"] == "segment"]
        assert all(i["dashed"] and i["tone"] == "grey" for i in items if i["type"] == "segment")


def _figures(solution) -> dict[str, Drawn]:
    return {s["key"]: _drawn(s["figure"]) for s in to_json(solution)["steps"] if "figure" in s}


def _drawn(figure: dict):
    """A plot read back, or a row's panels (a tuple of them)."""
    if figure["type"] == "row":
        return tuple(Drawn(panel) for panel in figure["panels"])
    return Drawn(figure)


def _segments_join(drawn: Drawn, points, rings):
    """A dashed segment from each point to its ring, except where the two coincide."""
    expected = [(p, r) for p, r in zip(points, rings) if not _same(p, r)]
    assert len(drawn.segments) == len(expected)
    for (start, end), (p, r) in zip(drawn.segments, expected):
        assert _same(start, p) and _same(end, r)


def _check_data_plane(drawn: Drawn, points, mean, S, variances):
    """Points where they are; the mean; axes from it that are eigenvectors of S of length √λ; rings
    on PC 1 whose segments are perpendicular to it."""
    n = len(points)
    assert all(_same(a, b) for a, b in zip(drawn.points, points)) and len(drawn.points) == n
    assert _same(drawn.mean, mean)
    axes = drawn.arrows
    assert len(axes) == sum(1 for v in variances[:2] if not is_zero(v))
    S = sp.Matrix(S)
    for j, (start, end, label) in enumerate(axes, start=1):
        assert _same(start, mean) and label == rf"\sqrt{{\lambda_{j}}}\,u_{j}"
        v = [e - m for e, m in zip(end, mean)]
        assert is_zero(_dot(v, v) - variances[j - 1])  # length √λ_j
        Sv = S * sp.Matrix(v)
        assert all(is_zero(a - variances[j - 1] * b) for a, b in zip(Sv, v))  # along u_j
    u1 = [e - m for e, m in zip(axes[0][1], mean)]
    assert len(drawn.rings) == n
    for x, r in zip(points, drawn.rings):
        along = [a - m for a, m in zip(r, mean)]
        off = [a - b for a, b in zip(x, r)]
        assert is_zero(along[0] * u1[1] - along[1] * u1[0])  # on PC 1's line through the mean
        assert is_zero(_dot(off, u1))  # the segment is perpendicular to PC 1
    _segments_join(drawn, points, drawn.rings)


def _unit_eigenvector(S, value):
    (null,) = (sp.Matrix(S) - value * sp.eye(S.rows)).nullspace()
    return [sp.nsimplify(e) if e.is_Float else e for e in null / sp.sqrt(sum(e**2 for e in null))]


def _check_scores_plane(drawn: Drawn, centred_rows, S, variances):
    """Each point at ±(its coordinates on u_1, u_2) (the eigenvectors of S, found here from S), the
    mean at the origin, the axes √λ along the coordinate axes, rings at (y_i1, 0)."""
    zero = (0, 0)
    ys = list(zip(*drawn.points))
    for j in (0, 1):
        u = _unit_eigenvector(S, variances[j])
        expected = [_dot(row, u) for row in centred_rows]
        plus = all(is_zero(a - b) for a, b in zip(ys[j], expected))
        minus = all(is_zero(a + b) for a, b in zip(ys[j], expected))
        assert plus or minus, (j, ys[j], expected)
    assert _same(drawn.mean, zero)
    ends = [(sp.sqrt(variances[0]), 0), (0, sp.sqrt(variances[1]))]
    assert len(drawn.arrows) == 2
    for (start, end, _), want in zip(drawn.arrows, ends):
        assert _same(start, zero) and _same(end, want)
    rings = [(y1, 0) for y1 in ys[0]]
    assert all(_same(a, b) for a, b in zip(drawn.rings, rings)) and len(drawn.rings) == len(rings)
    _segments_join(drawn, drawn.points, rings)


def _labels(points, name):
    """name(i) for each point, the ones that coincide with an earlier point left blank and named on it."""
    out = []
    for i, p in enumerate(points):
        if any(_same(p, q) for q in points[:i]):
            out.append("")
        else:
            out.append(r",\,".join(name(j + 1) for j, q in enumerate(points) if _same(p, q)))
    return out


def _bundled(topic):
    return sorted((PROBLEMS / topic).glob("*.yaml"))


# --- pca ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", _bundled("pca"), ids=lambda p: p.stem)
def test_pca_figure_is_the_solution(path):
    solution = solve(str(path))
    a = solution.answers
    figures = _figures(solution)
    points = solution.problem.points
    if len(points[0]) == 2:
        assert list(figures) == ["reconstruction"]
        drawn = figures["reconstruction"]
        _check_data_plane(drawn, points, a["means"], a["covariance"], a["eigenvalues"])
        if solution.problem.components == 1:  # the rings are the reconstruction's x̂
            assert all(_same(r, x) for r, x in zip(drawn.rings, a["reconstruction"]))
        assert drawn.labels == _labels(points, lambda i: f"x_{i}")
    else:
        assert list(figures) == ["scores"]
        drawn = figures["scores"]
        Xc = sp.Matrix(a["centred"])  # S itself is no answer by the Gram route (d > 4)
        S = a.get("covariance", Xc.T * Xc / divisor_of(solution.problem))
        _check_scores_plane(drawn, [tuple(Xc.row(i)) for i in range(len(points))], S, a["eigenvalues"])
        for j, ys in enumerate(a["scores"][:2]):  # the kept components' scores, as the answers give them
            assert all(is_zero(p[j] - y) for p, y in zip(drawn.points, ys))


def test_pca_two_d_one_component_by_hand():
    """The four points of the notes: x̄ = (3/2, 3/2), axes √2·(1, −1)/√2 and (1/√2)(1, 1)/√2."""
    drawn = _figures(solve(str(PROBLEMS / "pca" / "two-d-one-component.yaml")))["reconstruction"]
    R = sp.Rational
    assert drawn.mean == (R(3, 2), R(3, 2))
    assert [end for _, end, _ in drawn.arrows] == [(R(5, 2), R(1, 2)), (2, 2)]
    assert drawn.rings == [(R(5, 2), R(1, 2)), (R(1, 2), R(5, 2)), (R(5, 2), R(1, 2)), (R(1, 2), R(5, 2))]


def test_pca_three_d_one_component_draws_the_second_scores_too():
    """One kept component in 3-D: the plane of PCs 1 and 2 still needs y_i2, computed as the scores are."""
    solution = solve_yaml("topic: pca\npoints: [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [2, 1, 1]]\n"
                          "components: 1\n")
    a = solution.answers
    drawn = _figures(solution)["scores"]
    _check_scores_plane(drawn, [tuple(a["centred"].row(i)) for i in range(5)], a["covariance"], a["eigenvalues"])
    assert all(is_zero(p[0] - y) for p, y in zip(drawn.points, a["scores"][0]))


def test_pca_without_spread_has_no_figure():
    """Every point the same: S = 0, nothing to draw."""
    solution = solve_yaml("topic: pca\npoints: [[1, 1], [1, 1], [1, 1]]\n")
    assert _figures(solution) == {}


def test_pca_collinear_three_d_points_lie_on_a_line():
    solution = solve_yaml("topic: pca\npoints: [[1, 1, 1], [2, 2, 2], [3, 3, 3]]\n")
    drawn = _figures(solution)["scores"]
    ys = solution.answers["scores"][0]
    assert all(_same(p, (y, 0)) for p, y in zip(drawn.points, ys)) and len(drawn.points) == 3
    assert [end for _, end, _ in drawn.arrows] == [(sp.sqrt(solution.answers["eigenvalues"][0]), 0)]


# --- pca-feature-map ------------------------------------------------------------------------------

def _covariance_check(drawn: Drawn, points, S, variances):
    n = len(points)
    mean = tuple(sp.Rational(1, n) * sum(p[j] for p in points) for j in range(len(points[0])))
    d = len(mean)
    if d == 2:
        _check_data_plane(drawn, points, mean, S, variances)
    else:
        centred = [tuple(p[j] - mean[j] for j in range(d)) for p in points]
        _check_scores_plane(drawn, centred, S, variances)


@pytest.mark.parametrize("path", _bundled("pca-feature-map"), ids=lambda p: p.stem)
def test_pca_feature_map_figures_before_and_after(path):
    solution = solve(str(path))
    a = solution.answers
    figures = _figures(solution)
    assert list(figures) == ["eigenvalues_after"]  # one figure: before the map beside after it
    before, after = figures["eigenvalues_after"]
    _covariance_check(before, solution.problem.points, a["covariance_before"], a["eigenvalues_before"])
    _covariance_check(after, a["mapped_points"], a["covariance_after"], a["eigenvalues_after"])
    caption = to_json(solution)["steps"][-1]["figure"]["caption"]
    assert caption.startswith(r"Left, the points $\mathbf x_i$ before the map")
    assert r"right, the mapped points $\phi(\mathbf x_i)$" in caption
    if len(a["mapped_points"][0]) == 2:  # in feature space itself, its axes named φ_1, φ_2
        assert (after.figure["x_label"], after.figure["y_label"]) == (r"\phi_1", r"\phi_2")
        assert after.labels == _labels(a["mapped_points"], lambda i: rf"\phi(x_{i})")


def test_pca_feature_map_one_feature_is_a_line():
    solution = solve_yaml('topic: pca-feature-map\npoints: [[1, 2], [2, 1], [4, 0]]\nmap: ["x1 + x2"]\n')
    _, drawn = _figures(solution)["eigenvalues_after"]
    phi = [p[0] for p in solution.answers["mapped_points"]]
    assert all(_same(p, (x, 0)) for p, x in zip(drawn.points, phi)) and len(drawn.points) == 3
    assert _same(drawn.mean, (sum(phi) / 3, 0))
    (_, end, _), = drawn.arrows
    assert is_zero((end[0] - sum(phi) / 3) ** 2 - solution.answers["eigenvalues_after"][0])


# --- pca-gram -------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", _bundled("pca-gram"), ids=lambda p: p.stem)
def test_pca_gram_figure_is_the_covariance_pca(path):
    solution = solve(str(path))
    a = solution.answers
    figures = _figures(solution)
    assert list(figures) == ["eigenvalues"]
    drawn = figures["eigenvalues"]
    points = solution.problem.points
    n, d = len(points), len(points[0])
    centred = [tuple(a["centred"].row(i)) for i in range(n)]
    units, variances = a["eigenvectors"], a["eigenvalues"]
    if d == 2:
        S = sp.Matrix(a["centred"]).T * sp.Matrix(a["centred"]) / n
        _check_data_plane(drawn, points, a["means"], S, variances)
        for (_, end, _), u, lam in zip(drawn.arrows, units, variances):  # x̄ + √λ u with the answers' u
            assert _same(end, [m + sp.sqrt(lam) * e for m, e in zip(a["means"], u)])
    elif len(variances) == 1:  # one component: the points on its line
        ys = [_dot(row, units[0]) for row in centred]
        assert all(_same(p, (y, 0)) for p, y in zip(drawn.points, ys)) and len(drawn.points) == n
        assert [end for _, end, _ in drawn.arrows] == [(sp.sqrt(variances[0]), 0)]
    else:  # the plane of the first two components, at y_ij = (x_i − x̄)ᵀu_j with the answers' u
        ys = [[_dot(row, u) for row in centred] for u in units[:2]]
        assert all(_same(p, (y1, y2)) for p, y1, y2 in zip(drawn.points, *ys)) and len(drawn.points) == n
        assert all(_same(r, (y1, 0)) for r, y1 in zip(drawn.rings, ys[0]))
        assert [end for _, end, _ in drawn.arrows] == [(sp.sqrt(variances[0]), 0), (0, sp.sqrt(variances[1]))]


# --- svd ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", _bundled("svd"), ids=lambda p: p.stem)
def test_svd_figure_is_the_data_and_its_truncation(path):
    solution = solve(str(path))
    a = solution.answers
    figures = _figures(solution)
    assert list(figures) == ["truncation"]
    drawn = figures["truncation"]
    D, Dr = solution.problem.matrix, a["truncation"]
    rows = [tuple(D.row(j)) for j in range(D.rows)]
    rebuilt = [tuple(Dr.row(j)) for j in range(Dr.rows)]
    rights, deltas, r = a["right_vectors"], a["singular_values"], solution.problem.rank
    if D.cols == 2:  # the rows themselves, the truncation's rows, and δ_i r_i from the origin
        points, rings = rows, rebuilt
        assert [a_[2] for a_ in drawn.arrows] == [rf"\delta_{i} r_{i}" for i in range(1, len(deltas) + 1)]
        for (start, end, _), delta, right in zip(drawn.arrows, deltas, rights):
            assert _same(start, (0, 0)) and _same(end, [delta * e for e in right])
    else:  # coordinates on r_1 and the first dropped r_{r+1} (r_2 when nothing is dropped)
        if len(deltas) == 1:
            b = None
        else:
            b = r if r < len(deltas) else 1
            assert drawn.figure["y_label"] == f"r_{b + 1}"
        def on(row):
            return (_dot(row, rights[0]), _dot(row, rights[b]) if b is not None else 0)
        points, rings = [on(x) for x in rows], [on(x) for x in rebuilt]
    assert all(_same(p, q) for p, q in zip(drawn.points, points)) and len(drawn.points) == len(points)
    assert all(_same(p, q) for p, q in zip(drawn.rings, rings)) and len(drawn.rings) == len(rings)
    _segments_join(drawn, points, rings)
    assert drawn.labels == _labels(points, lambda j: f"x_{j}")


def test_svd_three_by_three_shows_the_dropped_direction():
    """Rank 2 of a 3×3 matrix: the plane of r_1 and r_3, where D_2 drops x_1's and x_3's parts."""
    drawn = _figures(solve(str(PROBLEMS / "svd" / "three-by-three.yaml")))["truncation"]
    half = sp.sqrt(2) / 2
    assert all(_same(p, q) for p, q in zip(drawn.points, [(3 * half, half), (0, 0), (3 * half, -half)]))
    assert len(drawn.segments) == 2


# --- generated problems ---------------------------------------------------------------------------

@pytest.mark.parametrize("topic", ["pca", "pca-feature-map", "pca-gram", "svd"])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_problems_draw_finite_figures(topic, difficulty):
    for seed in (1, 2, 3):
        drawn = draw_solved(topic, difficulty, seed)
        assert drawn is not None
        steps = [s for s in to_json(drawn[2])["steps"] if "figure" in s]
        assert steps, (topic, difficulty, seed)
        for step in steps:
            numbers = list(approx_numbers(step["figure"]))
            assert numbers and all(x is not None and math.isfinite(x) for x in numbers)




def test_coinciding_points_share_one_label():
    """The two equal rows of the rank-deficient matrix: one label, "x_1, x_2", not two printed over
    each other; likewise φ(x_2) = φ(x_4) = (1, 0) of the circle."""
    drawn = _figures(solve(str(PROBLEMS / "svd" / "rank-deficient.yaml")))["truncation"]
    assert drawn.labels == [r"x_1,\,x_2", ""]
    _, drawn = _figures(solve(str(PROBLEMS / "pca-feature-map" / "circle-radius.yaml")))["eigenvalues_after"]
    assert drawn.labels == [r"\phi(x_1)", r"\phi(x_2),\,\phi(x_4)", r"\phi(x_3)", "", r"\phi(x_5)", r"\phi(x_6)"]



def test_pca_feature_map_without_spread_after_draws_before_alone():
    """Points on the unit circle mapped to their squared radius: every φ(x_i) = 1, no spread after the
    map, so the figure is the points before it alone, captioned so."""
    solution = solve_yaml('topic: pca-feature-map\npoints: [[1, 0], [0, 1], [-1, 0]]\nmap: ["x1^2 + x2^2"]\n')
    drawn = _figures(solution)["eigenvalues_after"]
    assert isinstance(drawn, Drawn) and drawn.figure["caption"].startswith("Before the map: the points")
    _covariance_check(drawn, solution.problem.points, solution.answers["covariance_before"],
                      solution.answers["eigenvalues_before"])


@pytest.mark.parametrize("path", [p for t in ("pca", "pca-feature-map", "pca-gram", "svd") for p in _bundled(t)],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_figure_is_drawn_not_left_out(path):
    """Labels, titles and ranges the drawings can set: none of these figures is replaced by a note."""
    solution = solve(str(path))
    for fmt in ("tex", "html"):
        page = render(solution, fmt)
        assert "is left out" not in page and "Figure 1" in page, fmt
