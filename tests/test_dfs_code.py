"""Topic dfs-code: the post's DFS code, gSpan's minimum against brute force, checking, bad input."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cmp_to_key

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import check, solve
from tutor.graphs import (Graph, all_orders, brute_force_minimum, code_key, minimum_code, post_edge_order,
                          traversal)

from .conftest import PROBLEMS, problem_error, run_cli, solve_error_line, solve_yaml

POST = Graph(("X", "Y", "X", "Z", "Z"), ((0, 1, "a"), (1, 2, "b"), (2, 0, "a"), (2, 3, "c"), (3, 1, "b"), (1, 4, "d")))
POST_CODE = ((0, 1, "X", "a", "Y"), (1, 2, "Y", "b", "X"), (2, 0, "X", "a", "X"),
             (2, 3, "X", "c", "Z"), (3, 1, "Z", "b", "Y"), (1, 4, "Y", "d", "Z"))


def _plain(codes):
    return tuple((int(i), int(j), str(a), str(e), str(b)) for i, j, a, e, b in codes)


def test_the_posts_dfs_code():
    solution = solve(str(PROBLEMS / "dfs-code" / "post.yaml"))
    answers = solution.answers
    assert _plain(answers["dfs_code"]) == POST_CODE
    assert _plain(answers["forward_edges"]) == ((0, 1, "X", "a", "Y"), (1, 2, "Y", "b", "X"),
                                                (2, 3, "X", "c", "Z"), (1, 4, "Y", "d", "Z"))
    # The post lists {2,0,X,a,Z} among the backward edges; vertex 0 is labelled X, as its DFS code says.
    assert _plain(answers["backward_edges"]) == ((2, 0, "X", "a", "X"), (3, 1, "Z", "b", "Y"))
    assert _plain(answers["min_dfs_code"]) == brute_force_minimum(POST)


@st.composite
def graphs(draw):
    n = draw(st.integers(2, 6))
    edges = {frozenset((k, draw(st.integers(0, k - 1)))) for k in range(1, n)}
    pairs = [frozenset((u, v)) for u in range(n) for v in range(u + 1, n)]
    edges |= set(draw(st.lists(st.sampled_from(pairs), max_size=4)))
    labels = tuple(draw(st.lists(st.sampled_from("XY"), min_size=n, max_size=n)))
    return Graph(labels, tuple((min(e), max(e), draw(st.sampled_from("ab"))) for e in sorted(edges, key=sorted)))


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_gspans_pruned_search_finds_the_brute_force_minimum(graph):
    code, trace = minimum_code(graph)
    assert code == brute_force_minimum(graph)
    assert len(code) == len(graph.edges) == len(trace)


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_the_posts_order_rules_give_the_order_a_search_writes_codes_in(graph):
    for order in list(all_orders(graph))[:20]:
        walk = traversal(graph, order)
        written = []  # the forward edge into each vertex, then its backward edges by end index
        for f in walk.forward:
            written.append(f)
            written += sorted((b for b in walk.backward if b[0] == f[1]), key=lambda b: b[1])
        assert list(walk.code) == written
        assert sorted(written, key=cmp_to_key(post_edge_order)) == written


@settings(max_examples=40, deadline=None)
@given(graphs(), st.data())
def test_comparison_agrees_with_sorting_every_code(graph, data):
    orders = list(all_orders(graph))
    a, b = data.draw(st.sampled_from(orders)), data.draw(st.sampled_from(orders))
    text = (f"topic: dfs-code\nvertices: {list(graph.labels)}\nedges: {[list(e) for e in graph.edges]}\n"
            f"dfs: {list(a)}\ncompare: {list(b)}\n")
    smaller = solve_yaml(text).answers["smaller_code"]
    ka, kb = code_key(traversal(graph, a).code), code_key(traversal(graph, b).code)
    assert smaller == (0 if ka == kb else 1 if ka < kb else 2)


def test_a_tree_has_no_backward_edges():
    answers = solve(str(PROBLEMS / "dfs-code" / "tree.yaml")).answers
    assert "backward_edges" not in answers  # nothing to answer; the solution says "there are none"
    assert len(answers["dfs_code"]) == 4


def test_a_students_codes_are_checked_with_labels_unquoted(tmp_answers):
    answers = tmp_answers(
        "forward_edges: [[0, 1, X, a, Y], [1, 2, Y, b, X], [2, 3, X, c, Z], [1, 4, Y, d, Z]]\n"
        "dfs_code: [[0, 1, X, a, Y], [1, 2, Y, b, X], [2, 3, X, c, Z], [1, 4, Y, d, Z], "
        "[2, 0, X, a, X], [3, 1, Z, b, Y]]\n"
        "backward_edges: [[2, 0, X, a, Z], [3, 1, Z, b, Y]]\n")
    report = check(str(PROBLEMS / "dfs-code" / "post.yaml"), answers)
    verdicts = {r.key: r for r in report.results}
    assert verdicts["forward_edges"].verdict == "correct"
    assert verdicts["dfs_code"].verdict == "mistake" and verdicts["dfs_code"].mistake == "forward_then_backward"
    assert verdicts["backward_edges"].verdict == "wrong" and "edge 1" in verdicts["backward_edges"].message


BASE = "topic: dfs-code\nvertices: [X, Y, Z]\n"


@pytest.mark.parametrize("text,field,words", [
    ("edges: [[0, 1, a]]", "edges", "not connected: no path from vertex 0 to vertex 2"),
    ("edges: [[0, 1, a], [1, 3, b]]", "edges[2]", "there is no vertex 3"),
    ("edges: [[0, 1, a], [1, 1, b]]", "edges[2]", "a loop"),
    ("edges: [[0, 1, a], [1, 0, b]]", "edges[2]", "already joined"),
    ("edges: [[0, 1, a], [1, 2, 'b c']]", "edges[2]", "a label must be a name"),
    ("edges: [[0, 1, a], [1, 2, x_1_2]]", "edges[2]", "at most one _"),  # a double subscript: no LaTeX
    ("edges: [[0, 1, a], [1, 2, x_]]", "edges[2]", "at most one _"),
    ("edges: [[0, 1, a], [1, 2, yes]]", "edges[2]", "quote the label"),
    ("edges: [[0, 1, a], [1, 2, b]]\ndfs: [0, 2, 1]", "dfs", "vertex 2 cannot come next"),
    ("edges: [[0, 1, a], [1, 2, b]]\ndfs: [0, 1]", "dfs", "every vertex 0 to 2 once"),
])
def test_bad_graphs_name_their_field(text, field, words):
    error = problem_error(BASE + text + "\n")
    assert error.field == field and words in error.message


def test_too_many_vertices():
    error = problem_error("topic: dfs-code\nvertices: [A, A, A, A, A, A, A, A]\nedges: [[0, 1, a]]\n")
    assert error.field == "vertices"


def test_a_disconnected_graph_is_one_line_and_exit_2(tmp_path):
    path, line = solve_error_line(tmp_path, BASE + "edges: [[0, 1, a]]\n")
    assert line == f"error: {path}: edges: the graph is not connected: no path from vertex 0 to vertex 2"


def test_moodle_asks_each_edge_code_as_a_short_answer(tmp_path):
    out = tmp_path / "quiz.xml"
    assert run_cli("export", "moodle", str(PROBLEMS / "dfs-code" / "post.yaml"), "-o", str(out)).exit_code == 0
    text = ET.parse(out).getroot().find("question[@type='cloze']/questiontext/text").text
    found = re.findall(r"\{\d+:SHORTANSWER:=([^~}]+)~=([^}]+)\}", text)
    assert ("0,1,X,a,Y", "0, 1, X, a, Y") in found
    assert len(found) == 4 + 2 + 6 + 6  # forward, backward, the DFS code, the minimum


@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_minimum_code_gives_its_reasoning_edge_by_edge(detail):
    """Issue 30: which first edge and why, and why each next edge is the least choice, not a list of counts."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "dfs-code" / "post.yaml")), "md", detail)
    assert r"$\{0, 1, X, a, X\}$, before $\{0, 1, X, a, Y\}$: every first edge is" in text
    assert r"$\{2, 0, Y, b, X\}$, before $\{2, 3, Y, b, Z\}$: a backward edge comes before a forward edge" in text
    assert "codes to choose from: 11" not in text
