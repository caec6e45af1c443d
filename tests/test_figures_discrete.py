"""Figures of dfs-code (the graph as its DFS tree) and amortised (cᵢ, ĉᵢ, Φᵢ per insertion): every
bundled problem's figure, read back from the JSON, draws the solution's own values; generated problems
build figures with finite numbers."""

from __future__ import annotations

import json
import math

import pytest
import sympy as sp

from tutor import generators, load_problem_text, solve
from tutor.figures.scene import scene
from tutor.rendering import to_json
from tutor.topics.dfs_code.figures import label_tex

from .conftest import PROBLEMS, approx_numbers, solve_yaml

DFS = sorted((PROBLEMS / "dfs-code").glob("*.yaml"))
AMORTISED = sorted((PROBLEMS / "amortised").glob("*.yaml"))


def _json(solution) -> dict:
    return json.loads(json.dumps(to_json(solution)))  # as a reader of the file gets it


def _figures(solution) -> dict:
    return {s["key"]: s["figure"] for s in _json(solution)["steps"] if "figure" in s}


def _plain(codes) -> tuple:
    return tuple((int(i), int(j), str(a), str(e), str(b)) for i, j, a, e, b in codes)




# --- dfs-code ----------------------------------------------------------------------------------


def _rightmost_edges(codes) -> set:
    parent = {j: i for i, j, *_ in codes if i < j}
    v, out = max(parent), set()
    while v in parent:
        out.add((parent[v], v))
        v = parent[v]
    return out


def _assert_draws(figure: dict, codes) -> None:
    """The figure is the graph of these edge codes, as a DFS tree with its rightmost path highlighted."""
    assert figure["type"] == "graph"
    labels = {}
    for i, j, li, _, lj in codes:
        labels[i], labels[j] = li, lj
    assert figure["vertices"] == [{"type": "vertex", "label": rf"\mathrm{{{labels[k]}}}", "index": k}
                                  for k in range(len(labels))]
    drawn = [(e["u"], e["v"], e["label"], e["tree"]) for e in figure["edges"]]
    assert sorted(drawn) == sorted((i, j, rf"\mathrm{{{le}}}", i < j) for i, j, _, le, _ in codes)
    assert {(e["u"], e["v"]) for e in figure["edges"] if e["highlight"]} == _rightmost_edges(codes)


@pytest.mark.parametrize("path", DFS, ids=lambda p: p.stem)
def test_dfs_figure_is_the_traversal_and_the_minimum_codes_tree(path):
    solution = solve(str(path))
    answers, figures = solution.answers, _figures(solution)
    walked = _plain(answers["forward_edges"]) + _plain(answers.get("backward_edges", ()))
    assert sorted(walked) == sorted(_plain(answers["dfs_code"]))
    _assert_draws(figures["traversal"], walked)
    # The traversal step's table: DFS index → label, and each index's parent along a tree edge.
    rows = solution.step("traversal").data.rows
    figure = figures["traversal"]
    assert [v["label"] for v in figure["vertices"]] == [rf"\mathrm{{{lab}}}" for _, _, lab, _ in rows]
    assert sorted((e["u"], e["v"]) for e in figure["edges"] if e["tree"]) == sorted(
        (p, i) for i, _, _, p in rows if p is not None)
    minimum = _plain(answers["min_dfs_code"])
    if minimum == _plain(answers["dfs_code"]):
        assert set(figures) == {"traversal"}  # the same picture twice: drawn once
    else:
        assert set(figures) == {"traversal", "min_dfs_code"}
        _assert_draws(figures["min_dfs_code"], minimum)


def test_the_posts_graph_has_the_posts_tree_and_rightmost_path():
    figures = _figures(solve(str(PROBLEMS / "dfs-code" / "post.yaml")))
    traversal, minimum = figures["traversal"], figures["min_dfs_code"]
    assert [v["label"] for v in traversal["vertices"]] == [r"\mathrm{X}", r"\mathrm{Y}", r"\mathrm{X}",
                                                           r"\mathrm{Z}", r"\mathrm{Z}"]
    assert [(e["u"], e["v"]) for e in traversal["edges"] if e["tree"]] == [(0, 1), (1, 2), (2, 3), (1, 4)]
    assert [(e["u"], e["v"]) for e in traversal["edges"] if not e["tree"]] == [(2, 0), (3, 1)]
    assert [(e["u"], e["v"]) for e in traversal["edges"] if e["highlight"]] == [(0, 1), (1, 4)]
    assert r"$0 \to 1 \to 4$" in traversal["caption"]
    # The minimum code X-a-X-a-Y…: its rightmost path runs 0, 1, 2 to the last vertex, 4.
    assert [(e["u"], e["v"]) for e in minimum["edges"] if e["highlight"]] == [(0, 1), (1, 2), (2, 4)]


def test_a_traversal_that_gives_the_minimum_code_is_drawn_once():
    solution = solve_yaml("topic: dfs-code\nvertices: [X, Y, Y]\nedges: [[0, 1, a], [1, 2, b]]\n")
    assert solution.step("min_dfs_code").data.traversal_is_min
    assert set(_figures(solution)) == {"traversal"}


def test_a_subscripted_label_is_drawn_with_its_whole_subscript():
    assert label_tex("x_12") == r"\mathrm{x_{12}}"
    assert label_tex("Cl") == r"\mathrm{Cl}"
    solution = solve_yaml("topic: dfs-code\nvertices: [x_12, C]\nedges: [[0, 1, b_2]]\n")
    figure = _figures(solution)["traversal"]
    assert figure["vertices"][0]["label"] == r"\mathrm{x_{12}}"
    assert figure["edges"][0]["label"] == r"\mathrm{b_{2}}"


def test_a_tree_has_no_dashed_edges():
    figure = _figures(solve(str(PROBLEMS / "dfs-code" / "tree.yaml")))["traversal"]
    assert all(e["tree"] for e in figure["edges"])
    assert "dashed" not in figure["caption"]


# --- amortised ---------------------------------------------------------------------------------


def _points(curve: dict) -> list:
    return [(sp.sympify(x["exact"]), sp.sympify(y["exact"])) for x, y in curve["points"]]


@pytest.mark.parametrize("path", AMORTISED, ids=lambda p: p.stem)
def test_amortised_figure_plots_the_costs_amortised_costs_and_potentials(path):
    solution = solve(str(path))
    answers, figures = solution.answers, _figures(solution)
    assert set(figures) == {"amortised"}
    figure = figures["amortised"]
    assert figure["type"] == "plot" and figure["equal"] is False
    costs, amortised, potentials, *zero = figure["items"]
    # The zero line exactly when the potential goes below it.
    below = any(sp.sympify(y["exact"]) < 0 for _, y in potentials["points"])
    assert [(z["type"], sp.sympify(z["y"]["exact"])) for z in zero] == ([("level", 0)] if below else [])
    assert [c["label"] for c in (costs, amortised, potentials)] == ["c_i", r"\hat{c}_i", r"\Phi_i"]
    assert all(c["type"] == "curve" and c["marks"] for c in (costs, amortised, potentials))
    ops = range(1, len(answers["costs"]) + 1)
    assert _points(costs) == list(zip(ops, answers["costs"]))
    assert _points(amortised) == list(zip(ops, answers["amortised"]))
    phi0 = solution.step("potentials").data.phi0
    assert _points(potentials) == [(0, phi0), *zip(ops, answers["potentials"])]
    # ĉᵢ = cᵢ + Φᵢ − Φᵢ₋₁, read off the three curves.
    phis = [y for _, y in _points(potentials)]
    assert [y for _, y in _points(amortised)] == [c + b - a for (_, c), a, b in
                                                  zip(_points(costs), phis, phis[1:])]


@pytest.mark.parametrize("name, says", [
    ("doubling", "jumps at the resizes (insertions $2$, $3$, $5$ and $9$) while the potential $\\Phi_i$ saved "
                 "by the cheap insertions pays for the copying, so the amortised cost $\\hat{c}_i$ stays at most $3$."),
    ("start-at-one", "at most $3$; the potential starts at $\\Phi_0 = -1$, not $0$."),
    ("tripling", "(insertions $2$, $4$ and $10$)"),
    ("wrong-potential", "of a resize changes with $n$ ($2$, $0$ and $-6$); the potential starts at "
                        "$\\Phi_0 = -1$, not $0$, and falls to $-7$, below $0$."),
])
def test_amortised_caption_says_what_to_see(name, says):
    figure = _figures(solve(str(PROBLEMS / "amortised" / f"{name}.yaml")))["amortised"]
    assert says in figure["caption"]


def test_an_array_that_never_copies_says_so():
    solution = solve_yaml("topic: amortised\nn: 3\nstart: 8\n")
    caption = _figures(solution)["amortised"]["caption"]
    assert caption.startswith("No insertion copies the array, so every actual cost $c_i$ is $1$")


def _assert_lays_out(figure) -> None:
    """Laid out with every label one both drawings can set (else ValueError), within the text width
    of a handout (17 cm) and a page's height."""
    picture = scene(figure)
    assert 0 < picture.x1 - picture.x0 <= 17 and 0 < picture.y1 - picture.y0 <= 20


# --- generated problems --------------------------------------------------------------------------


@pytest.mark.parametrize("topic, key", [("dfs-code", "traversal"), ("amortised", "amortised")])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_problems_build_and_lay_out_figures_with_finite_numbers(topic, key, difficulty):
    for seed in range(1, 21):
        generated = generators.generate_one(topic, difficulty, seed)
        if generated is None:
            continue
        solution = solve(load_problem_text(generated.text(), "<generated>"))
        figures = _figures(solution)
        assert key in figures
        assert all(math.isfinite(x) for x in approx_numbers(figures))
        for step in solution.steps:
            if step.figure is not None:
                _assert_lays_out(step.figure)


@pytest.mark.parametrize("path", DFS + AMORTISED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_bundled_figures_lay_out(path):
    figures = [s.figure for s in solve(str(path)).steps if s.figure is not None]
    assert figures
    for figure in figures:
        _assert_lays_out(figure)
