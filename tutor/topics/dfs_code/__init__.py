"""Topic dfs-code: edge codes of a DFS traversal, the DFS code, and the minimum DFS code (gSpan).

Fields (besides topic and title): ``vertices``, ``edges``, ``dfs``, ``compare``.
Answer keys: ``forward_edges``, ``backward_edges``, ``dfs_code``, ``smaller_code``, ``min_dfs_code``
(what each holds: ANSWER_KEYS).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor import fields, graphs
from tutor.errors import ProblemError
from tutor.escaping import brief
from tutor.topics.dfs_code import recipe
from tutor.steps import Solution

NAME = "dfs-code"
SUMMARY = "Edge codes of a DFS traversal, the DFS code and the minimum DFS code (gSpan)"
FIELDS = ("topic", "title", "vertices", "edges", "dfs", "compare")
ANSWER_KEYS = {
    "forward_edges": "the forward edges' codes [i, j, L(i), L(e), L(j)], in visiting order",
    "backward_edges": "the backward edges' codes, each from its later-visited end",
    "dfs_code": "the DFS code: all edge codes in the post's edge order",
    "smaller_code": "1 or 2: which traversal's DFS code is smaller (0 if equal; compare given)",
    "min_dfs_code": "the minimum DFS code of the graph",
}
MAX_VERTICES = 7
MAX_LABEL = 8
# Labels are printed in maths ($X$, $x_1$): at most one underscore, followed by the subscript, since
# a_b_c is a double subscript and a_ a missing one, which TeX and KaTeX refuse.
_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)?")


@dataclass(frozen=True)
class Problem:
    title: str
    graph: graphs.Graph
    order: tuple[int, ...]  # the traversal, vertices in visiting order
    order_given: bool
    compare: tuple[int, ...] | None  # a second traversal to compare with


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    labels = _vertices(raw.get("vertices"))
    edges = _edges(raw.get("edges"), len(labels))
    graph = graphs.Graph(labels, edges)
    if not graph.is_connected():
        reached = graphs.depth_first_order(graph)
        missing = sorted(set(range(len(labels))) - set(reached))
        raise ProblemError(f"the graph is not connected: no path from vertex 0 to vertex {missing[0]}",
                           field="edges")
    order = _order(raw["dfs"], graph, "dfs") if "dfs" in raw else graphs.depth_first_order(graph)
    compare = _order(raw["compare"], graph, "compare") if "compare" in raw else None
    title = fields.text(raw.get("title", "DFS code and minimum DFS code"), "title")
    return Problem(title, graph, order, "dfs" in raw, compare)


def _label(raw, name: str) -> str:
    if isinstance(raw, bool):
        raise ProblemError("YAML reads yes/no/on/off/true/false as a truth value: quote the label", field=name)
    if not isinstance(raw, str) or not _LABEL.fullmatch(raw) or len(raw) > MAX_LABEL:
        raise ProblemError(f"a label must be a name of 1 to {MAX_LABEL} letters and digits starting with a "
                           f"letter, with at most one _ before a subscript, such as X, a or x_1; got {brief(raw)}",
                           field=name)
    return raw


def _vertices(raw) -> tuple[str, ...]:
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_VERTICES:
        raise ProblemError(f"must be a list of 2 to {MAX_VERTICES} vertex labels (vertex 0 first)", field="vertices")
    return tuple(_label(v, f"vertices[{i}]") for i, v in enumerate(raw))


def _edges(raw, n: int) -> tuple[tuple[int, int, str], ...]:
    if not isinstance(raw, list) or not raw:
        raise ProblemError("must be a list of edges [u, v, label]", field="edges")
    if len(raw) > n * (n - 1) // 2:
        raise ProblemError(f"{len(raw)} edges, but {n} vertices have at most {n * (n - 1) // 2} pairs", field="edges")
    out, seen = [], set()
    for k, edge in enumerate(raw, start=1):
        name = f"edges[{k}]"
        if not isinstance(edge, list) or len(edge) != 3:
            raise ProblemError("an edge is [u, v, label]", field=name)
        u, v = (_vertex(x, n, name) for x in edge[:2])
        if u == v:
            raise ProblemError(f"a loop at vertex {u}: an edge joins two different vertices", field=name)
        if frozenset((u, v)) in seen:
            raise ProblemError(f"vertices {u} and {v} are already joined by an edge", field=name)
        seen.add(frozenset((u, v)))
        out.append((u, v, _label(edge[2], name)))
    return tuple(out)


def _vertex(raw, n: int, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ProblemError(f"a vertex is a number from 0 to {n - 1}, got {raw!r}", field=name)
    if not 0 <= raw < n:
        raise ProblemError(f"there is no vertex {raw}: the vertices are 0 to {n - 1}", field=name)
    return raw


def _order(raw, graph: graphs.Graph, name: str) -> tuple[int, ...]:
    n = len(graph.labels)
    if not isinstance(raw, list) or sorted(x for x in raw if isinstance(x, int) and not isinstance(x, bool)) \
            != list(range(n)):
        raise ProblemError(f"must list every vertex 0 to {n - 1} once, in visiting order", field=name)
    try:
        graphs.traversal(graph, tuple(raw))
    except graphs.NotADepthFirstOrder as err:
        raise ProblemError(f"not a depth-first order: {err}", field=name) from None
    return tuple(raw)


def solve(problem: Problem) -> Solution:
    graph = problem.graph
    walk = graphs.traversal(graph, problem.order)
    steps = [recipe.graph_step(graph), recipe.traversal_step(graph, walk, problem.order_given),
             recipe.forward_step(walk), recipe.backward_step(walk), recipe.code_step(walk)]
    if problem.compare is not None:
        steps.append(recipe.compare_step(walk, graphs.traversal(graph, problem.compare)))
    steps.append(recipe.minimum_step(graph, walk))
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS))


def problem_data(problem: Problem) -> dict:
    data = {"topic": NAME, "title": problem.title, "vertices": list(problem.graph.labels),
            "edges": [list(e) for e in problem.graph.edges]}
    if problem.order_given:
        data["dfs"] = list(problem.order)
    if problem.compare is not None:
        data["compare"] = list(problem.compare)
    return data

