"""Figures of rbf-gamma, high-dim and importance-sampling (issue 17): every bundled problem has its
figure on the step whose values it shows, and the figure's coordinates in the JSON are the
solution's own exact values (the JSON's exact strings read back with sympify)."""

from __future__ import annotations

import math

import mpmath
import pytest
import sympy as sp

from tutor import generators, load_problem_text, solve
from tutor.rendering import to_json

from .conftest import PROBLEMS, approx_numbers, solve_yaml

MAX_CURVE = 61  # points of a curve (the bound)


def _figures(solution) -> dict:
    """step key -> the figure's JSON data, for the steps that carry one."""
    return {s["key"]: s["figure"] for s in to_json(solution)["steps"] if "figure" in s}


def _exact(number: dict) -> sp.Expr:
    return sp.sympify(number["exact"])


def _xy(points) -> list[tuple[sp.Expr, sp.Expr]]:
    return [(_exact(x), _exact(y)) for x, y in points]


def _same(a: sp.Expr, b: sp.Expr) -> bool:
    """Equal exactly: a sum read back from its string may be grouped otherwise ((2 - √3)/4)."""
    return a == b or sp.expand(a - b) == 0


def _items(figure, kind: str) -> list[dict]:
    return [item for item in figure["items"] if item["type"] == kind]


def _bundled(topic: str):
    return sorted((PROBLEMS / topic).glob("*.yaml"))




# ---------------------------------------------------------------- rbf-gamma

@pytest.mark.parametrize("path", _bundled("rbf-gamma"), ids=lambda p: p.stem)
def test_rbf_gamma_figure_is_k_and_d_phi_against_d_through_the_table(path):
    solution = solve(str(path))
    figures = _figures(solution)
    assert list(figures) == ["feature_distances"]
    figure = figures["feature_distances"]
    assert figure["type"] == "plot" and not figure["equal"] and not figure["log_y"]

    (level,) = _items(figure, "level")
    assert _exact(level["y"]) == sp.sqrt(2) and level["dashed"] and level["label"] == r"\sqrt{2}"

    kernel, feature = _items(figure, "curve")
    assert (kernel["label"], feature["label"]) == ("K", r"d_\phi")
    s, d0 = solution.problem.similarity, solution.problem.distance
    rows = solution.step("feature_distances").data.rows
    largest = max(float(d) for d, _, _ in rows)
    for curve, value in ((kernel, lambda d: s ** (d**2 / d0**2)),
                         (feature, lambda d: sp.sqrt(2 - 2 * s ** (d**2 / d0**2)))):
        points = _xy(curve["points"])
        assert len(points) <= MAX_CURVE
        ds = [float(d) for d, _ in points]
        assert ds == sorted(ds) and len(set(ds)) == len(ds)
        assert points[0][0] == 0 and largest < ds[-1] <= 1.2 * largest  # from 0 to a bit past the table
        for d, y in points:  # sampled from the card's formula, exactly
            assert y == value(d), (curve["label"], d, y)

    # The table's values: marked, and on the curves, exactly as the step has them.
    marks = {(_exact(p["x"]), _exact(p["y"])) for p in _items(figure, "point")}
    assert marks == {(d, k) for d, k, _ in rows} | {(d, f) for d, _, f in rows}
    assert set(_xy(kernel["points"])) >= {(d, k) for d, k, _ in rows}
    assert set(_xy(feature["points"])) >= {(d, f) for d, _, f in rows}
    assert tuple(k for _, k, _ in rows) == solution.answers["kernel_values"]
    assert tuple(f for _, _, f in rows) == solution.answers["feature_distances"]


def test_rbf_gamma_with_only_distance_zero_draws_out_to_the_given_distance():
    solution = solve_yaml("topic: rbf-gamma\nsimilarity: 1/2\ndistance: 3\ndistances: [0]\n")
    kernel, _ = _items(_figures(solution)["feature_distances"], "curve")
    last = _exact(kernel["points"][-1][0])
    assert 3 < last <= sp.Rational(36, 10)


def test_rbf_gamma_curve_stays_short_and_exact_for_odd_distances():
    solution = solve_yaml("topic: rbf-gamma\nsimilarity: 0.9\ndistance: sqrt(2)\n"
                          "distances: [sqrt(3), 1/3, 0, 1/3, 1, 2, 3, 4, 5, 6, 7, 8]\n")
    kernel, feature = _items(_figures(solution)["feature_distances"], "curve")
    assert len(kernel["points"]) <= MAX_CURVE and len(feature["points"]) <= MAX_CURVE
    assert (sp.sqrt(3), solution.answers["kernel_values"][0]) in _xy(kernel["points"])
    assert (sp.sqrt(3), solution.answers["feature_distances"][0]) in _xy(feature["points"])


# ---------------------------------------------------------------- high-dim

def _ball_cube(m: int) -> sp.Expr:  # the card's formula, written here independently of the recipe
    return sp.simplify(sp.pi ** sp.Rational(m, 2) / (2**m * sp.gamma(sp.Rational(m, 2) + 1)))


def _check_dimension_curve(figure, rows, first: int, value):
    """The curve samples whole m from `first` to a bit past the largest dimension, `value(m)` at each m
    (exactly, or a check function returning True), and the problem's (m, value) are marked exactly."""
    (curve,) = _items(figure, "curve")
    points = _xy(curve["points"])
    ms = [m for m, _ in points]
    largest = max(m for m, _ in rows)
    assert all(m.is_Integer for m in ms) and ms == sorted(set(ms))
    assert ms[0] == first and largest < ms[-1] <= largest + max(1, math.ceil(largest / 10))
    assert len(points) <= MAX_CURVE
    curve_at = dict(points)
    assert all(_same(curve_at[m], v) for m, v in rows)  # through the table's values
    for m, y in points:
        assert value(int(m), y), (int(m), y)
    marks = [(_exact(p["x"]), _exact(p["y"])) for p in _items(figure, "point")]
    assert len(marks) == len(rows) and all(m == r and _same(y, v) for (m, y), (r, v) in zip(marks, rows))
    if figure["log_y"]:
        assert all(y > 0 for _, y in points)


@pytest.mark.parametrize("path", _bundled("high-dim"), ids=lambda p: p.stem)
def test_high_dim_ball_in_cube_figure_is_the_ratio_against_m(path):
    solution = solve(str(path))
    figure = _figures(solution)["ball_cube_ratio"]
    rows = solution.step("ball_cube_ratio").data.rows
    assert tuple(v for _, v in rows) == solution.answers["ball_cube_ratio"]
    _check_dimension_curve(figure, rows, 1, lambda m, y: y == _ball_cube(m))
    assert figure["log_y"]  # every bundled problem goes to m >= 20: ratios below 10^-7


def test_high_dim_thin_shell_figure_is_the_fraction_against_m():
    solution = solve(str(PROBLEMS / "high-dim" / "thin-shell.yaml"))
    figures = _figures(solution)
    assert list(figures) == ["ball_cube_ratio", "shell_fraction"]
    figure = figures["shell_fraction"]
    rows = solution.step("shell_fraction").data.rows
    assert tuple(v for _, v in rows) == solution.answers["shell_fraction"]
    _check_dimension_curve(figure, rows, 1, lambda m, y: y == 1 - (1 - sp.Rational(1, 20)) ** m)
    assert not figure["log_y"] and [_exact(v) for v in figure["y_range"]] == [0, 1]
    assert "rises towards $1$" in figure["caption"]


def test_high_dim_random_directions_figure_is_the_cap_probability_against_m():
    solution = solve(str(PROBLEMS / "high-dim" / "random-directions.yaml"))
    figures = _figures(solution)
    assert list(figures) == ["ball_cube_ratio", "cap_probability"]
    figure = figures["cap_probability"]
    rows = solution.step("cap_probability").data.rows
    assert tuple(v for _, v in rows) == solution.answers["cap_probability"]

    def by_quadrature(m, y):  # independent of the recipe's reduction formula
        with mpmath.workdps(40):
            inside = mpmath.quad(lambda t: mpmath.sin(t) ** (m - 2), [0, mpmath.pi / 6])
            whole = mpmath.quad(lambda t: mpmath.sin(t) ** (m - 2), [0, mpmath.pi])
            return abs(sp.N(y, 40) - sp.Float(inside / whole, 40)) <= sp.Float(inside / whole, 40) * 1e-20

    _check_dimension_curve(figure, rows, 2, by_quadrature)
    assert figure["log_y"] and "falls towards $0$" in figure["caption"]


def test_high_dim_thin_shell_of_tiny_epsilon_is_not_said_to_reach_one():
    solution = solve_yaml("topic: high-dim\ndimensions: [1, 200]\nshell: 1/10^50\n")
    figure = _figures(solution)["shell_fraction"]
    (curve,) = _items(figure, "curve")
    assert len(curve["points"]) <= MAX_CURVE
    assert "rises towards" not in figure["caption"] and "1/\\varepsilon" in figure["caption"]
    assert _exact(figure["y_range"][1]) == _exact(curve["points"][-1][1])  # the axis is the curve's own
    assert len(str(curve["points"])) < 100_000  # (1 - 10^-50)^m kept as a power, not 10,000 digits each


@pytest.mark.parametrize("angle, words", [("pi/3", "falls towards $0$"), ("pi/2", r"is $\frac{1}{2}$ for every"),
                                          ("3*pi/4", "rises towards $1$")])
def test_high_dim_cap_caption_says_which_way_the_probability_goes(angle, words):
    solution = solve_yaml(f"topic: high-dim\ndimensions: [2, 5, 9]\nangle: {angle}\n")
    figure = _figures(solution)["cap_probability"]
    assert words in figure["caption"]
    ys = [y for _, y in _xy(_items(figure, "curve")[0]["points"])]
    sign = {"pi/3": -1, "pi/2": 0, "3*pi/4": 1}[angle]
    assert all(sp.sign(b - a) == sign for a, b in zip(ys, ys[1:]))


def test_high_dim_largest_problem_builds_short_curves():
    solution = solve_yaml("topic: high-dim\ndimensions: [2, 3, 50, 100, 150, 200]\nangle: pi/7\n"
                          "shell: sqrt(2)/10\n")
    figures = _figures(solution)
    assert list(figures) == ["ball_cube_ratio", "shell_fraction", "cap_probability"]
    for figure in figures.values():
        (curve,) = _items(figure, "curve")
        assert len(curve["points"]) <= MAX_CURVE
        assert all(math.isfinite(v) for v in approx_numbers(figure))
        ms = [_exact(x) for x, _ in curve["points"]]
        assert {2, 3, 50, 100, 150, 200} <= set(ms) and ms[-1] == 220


# ---------------------------------------------------------------- importance-sampling

@pytest.mark.parametrize("path", [p for p in _bundled("importance-sampling") if "\ninterval:" not in p.read_text()],
                         ids=lambda p: p.stem)  # a finite support (the interval's figure: test_importance_continuous)
def test_importance_sampling_figures_are_p_q_and_the_weights_as_bars(path):
    solution = solve(str(path))
    problem = solution.problem
    figures = _figures(solution)
    assert list(figures) == ["distributions", "weights"]

    pq = figures["distributions"]
    assert pq["type"] == "bars" and len(pq["categories"]) == len(problem.support)
    assert [s["name"] for s in pq["series"]] == ["p(x)", "q(x)"]
    rows = solution.step("distributions").data.rows
    assert [_exact(v) for v in pq["series"][0]["values"]] == [p for _, p, _, _ in rows]
    assert [_exact(v) for v in pq["series"][1]["values"]] == [q for _, _, q, _ in rows]
    assert pq["categories"] == [sp.latex(x) for x in problem.support]

    weights = figures["weights"]
    (series,) = weights["series"]
    w = [_exact(v) for v in series["values"]]
    assert w == [p / q for _, p, q, _ in rows if q != 0]
    # The weights step's own values: every sampled point's weight is its bar.
    bar_of = dict(zip(weights["categories"], w))
    for x, p, q, wx in solution.step("weights").data.points:
        assert bar_of[sp.latex(x)] == wx
    for i, x in enumerate(problem.samples):
        assert bar_of[sp.latex(x)] == solution.answers["weights"][i]


@pytest.mark.parametrize("name, over, under, even", [
    ("rare-event", "x = 0", "x = 2, 3", "x = 1"),
    ("poor-proposal", "x = 1, 2", "x = -1, 0", None),
    ("three-points", "x = 1", "x = 0, 2", None),
])
def test_importance_sampling_weights_caption_names_the_over_and_under_weighted_points(name, over, under, even):
    caption = _figures(solve(str(PROBLEMS / "importance-sampling" / f"{name}.yaml")))["weights"]["caption"]
    assert "reference $w = 1$" in caption
    assert f"${over}$ {'is' if ',' not in over else 'are'} over-weighted ($w > 1$" in caption
    assert f"${under}$ {'is' if ',' not in under else 'are'} under-weighted ($w < 1$" in caption
    assert (f"${even}$ has $w = 1$" in caption) == (even is not None)


def test_importance_sampling_point_with_no_mass_has_no_weight_bar():
    solution = solve_yaml("topic: importance-sampling\nsupport: [-1/2, sqrt(2), 3, 5]\np: [1/2, 1/2, 0, 0]\n"
                          "q: [1/4, 1/4, 1/2, 0]\nf: [1, 2, 3, 4]\nsamples: [3, -1/2]\n")
    figures = _figures(solution)
    assert figures["distributions"]["categories"] == [r"-\frac{1}{2}", r"\sqrt{2}", "3", "5"]
    weights = figures["weights"]
    assert weights["categories"] == [r"-\frac{1}{2}", r"\sqrt{2}", "3"]
    assert [_exact(v) for v in weights["series"][0]["values"]] == [2, 2, 0]
    assert "$x = 5$ has no bar" in weights["caption"]


def test_importance_sampling_equal_distributions_say_every_weight_is_one():
    solution = solve_yaml("topic: importance-sampling\nsupport: [0, 1]\np: [1/2, 1/2]\nq: [1/2, 1/2]\n"
                          "f: x\nsamples: [0, 1]\n")
    assert "every point has $w = 1$" in _figures(solution)["weights"]["caption"]


# ---------------------------------------------------------------- generated problems

EXPECTED_STEPS = {
    "rbf-gamma": {"feature_distances"},
    "high-dim": {"ball_cube_ratio", "shell_fraction", "cap_probability"},
    "importance-sampling": {"distributions", "weights"},
}


@pytest.mark.parametrize("topic", sorted(EXPECTED_STEPS))
@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_generated_problems_build_finite_figures(topic, difficulty):
    for seed in range(1, 6):
        solution = solve(load_problem_text(generators.generate_one(topic, difficulty, seed).text()))
        figures = _figures(solution)
        assert figures and set(figures) <= EXPECTED_STEPS[topic]
        for figure in figures.values():
            numbers = list(approx_numbers(figure))
            assert numbers and all(v is not None and math.isfinite(v) for v in numbers), (topic, seed)
            for curve in _items(figure, "curve") if figure["type"] == "plot" else ():
                assert 2 <= len(curve["points"]) <= MAX_CURVE
                if figure["log_y"]:
                    assert all(y["approx"] > 0 for _, y in curve["points"])


# ---------------------------------------------------------------- drawn, not left out

DRAWN = [*(str(p) for t in ("rbf-gamma", "high-dim", "importance-sampling") for p in _bundled(t)),
         "topic: high-dim\ndimensions: [2, 3, 50, 100, 150, 200]\nangle: pi/7\nshell: sqrt(2)/10\n",
         "topic: high-dim\ndimensions: [1, 200]\nshell: 1/10^50\n",
         "topic: importance-sampling\nsupport: [-1/2, sqrt(2), 3, 5]\np: [1/2, 1/2, 0, 0]\n"
         "q: [1/4, 1/4, 1/2, 0]\nf: [1, 2, 3, 4]\nsamples: [3, -1/2]\n"]


@pytest.mark.parametrize("source", DRAWN, ids=range(len(DRAWN)))
def test_every_figure_is_laid_out_and_its_labels_set(source):
    """A figure the renderers cannot lay out is left out of the document with a reason: none of these is."""
    from tutor.figures import labels
    from tutor.figures.scene import scene
    from tutor.figures.svg import svg

    solution = solve(source) if source.endswith(".yaml") else solve_yaml(source)
    figures = [s.figure for s in solution.steps if s.figure is not None]
    assert figures
    for figure in figures:
        picture = scene(figure)  # raises Undrawable (or a label's ValueError) if it could not be drawn
        assert picture.x1 - picture.x0 <= 17  # cm: within a handout's line, labels included
        assert svg(picture).startswith("<svg")
        for label in getattr(figure, "categories", ()):
            labels.check(label)


@pytest.mark.parametrize("distance, distances, end", [
    ("10000000000", "[10000000000]", sp.Integer(11 * 10 ** 9)),  # exited 3 (StopIteration): no step large enough
    ("1/1000000", "[1/1000000, 2/1000000]", sp.Rational(11, 5 * 10 ** 6)),  # drawn from 0 to 10⁻⁴
])
def test_the_rbf_curve_runs_a_tenth_past_the_largest_distance_at_any_scale(distance, distances, end):
    solution = solve_yaml(f"topic: rbf-gamma\nsimilarity: 1/2\ndistance: {distance}\ndistances: {distances}\n")
    curve = next(i for i in solution.step("feature_distances").figure.items if hasattr(i, "formula"))
    assert curve.points[-1][0] == end and len(curve.points) <= 61
