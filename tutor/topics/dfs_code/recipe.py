"""The post "DFS code and minimum DFS code": edge codes, their order, the DFS code, the minimum."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor import graphs
from tutor.topics.dfs_code import figures
from tutor.steps import Check, Step, StepData


def as_answer(codes) -> tuple:
    """Edge codes as exact answers: indices as integers, labels as symbols (so a student's X is X)."""
    return tuple((sp.Integer(i), sp.Integer(j), sp.Symbol(a), sp.Symbol(e), sp.Symbol(b)) for i, j, a, e, b in codes)


@dataclass(frozen=True)
class GraphData(StepData, kind="dfs_graph"):
    worked_checks = True  # the brief line counts the vertices the search reaches
    vertices: tuple[tuple[int, str], ...]  # (vertex, label)
    edges: tuple[tuple[int, int, str], ...]  # (u, v, label)
    reached: int  # how many vertices a depth-first search from vertex 0 reaches


def graph_step(graph: graphs.Graph) -> Step:
    reached = len(graphs.depth_first_order(graph))
    return Step(
        key="graph",
        kind="dfs_graph",
        title="The labelled graph",
        formula="",
        data=GraphData(tuple(enumerate(graph.labels)), tuple(graph.edges), reached),
        # The check with its content: how many vertices a search from vertex 0 reaches.
        checks=(Check(rf"\text{{vertices reached from }} 0 = {reached} = |V|"
                      r"\ \text{(connected)}", reached == len(graph.labels)),),
    )


@dataclass(frozen=True)
class TraversalData(StepData, kind="dfs_traversal"):
    brief_formula = "none"  # the brief line maps each vertex to its index
    brief_note = False
    rows: tuple[tuple[int, int, str, int | None], ...]  # (DFS index, vertex, label, parent's DFS index)
    how: str  # where the visiting order comes from, in words
    numbered: bool  # the vertices are numbered in visiting order: Index(v) = v, nothing to map


def traversal_step(graph: graphs.Graph, walk: graphs.Traversal, given: bool) -> Step:
    rows = tuple((i, v, graph.labels[v], p) for i, (v, p) in enumerate(zip(walk.order, walk.parent)))
    how = ("as given" if given else "from vertex {} taking neighbours in increasing order".format(walk.order[0]))
    return Step(
        key="traversal",
        kind="dfs_traversal",
        title="The DFS indices",
        formula=r"\text{Index}(v) = \text{the position of } v \text{ in the visiting order}",
        data=TraversalData(rows, how, walk.order == tuple(range(len(walk.order)))),
        note="Each vertex is reached from the vertex the search is at (its parent); the search backs up only "
             "from a vertex whose neighbours have all been visited.",
        figure=figures.traversal_figure(walk, walk.order[0]),
    )


# The forward and the backward edges: one builder's lists of edge codes, one template.
@dataclass(frozen=True)
class EdgesData(StepData, kind="dfs_edges"):
    brief_formula = "inline"
    brief_note = False  # why backward edges go back to an ancestor: the full level's
    codes: tuple[graphs.EdgeCode, ...]


def forward_step(walk: graphs.Traversal) -> Step:
    return Step(
        key="forward_edges",
        kind="dfs_edges",
        title="The forward edges (the DFS tree)",
        formula=r"\{\text{Index}_{start}, \text{Index}_{end}, L_V(start), L_E(e), L_V(end)\},"
                r"\qquad \text{Index}_{start} < \text{Index}_{end}",
        result=as_answer(walk.forward),
        data=EdgesData(walk.forward),
    )


def backward_step(walk: graphs.Traversal) -> Step:
    return Step(
        key="backward_edges" if walk.backward else "no_backward_edges",  # a tree: nothing to answer
        kind="dfs_edges",
        title="The backward edges",
        formula=r"\text{Index}_{start} > \text{Index}_{end}",
        result=as_answer(walk.backward) if walk.backward else None,
        data=EdgesData(walk.backward),
        note="Every edge outside the DFS tree joins a vertex to one of its ancestors; it is written from the "
             "later-visited end back to the earlier one.",
    )


ORDER_RULES = (  # sentences with inline maths, so that a narrow page can break them
    r"both forward: $e_1 < e_2$ if $\text{end}_1 < \text{end}_2$, or $\text{end}_1 = \text{end}_2$ and "
    r"$\text{start}_1 < \text{start}_2$",
    r"both backward: $e_1 < e_2$ if $\text{start}_1 < \text{start}_2$, or $\text{start}_1 = \text{start}_2$ "
    r"and $\text{end}_1 < \text{end}_2$",
    r"$e_1$ forward, $e_2$ backward: $e_1 < e_2$ if $\text{end}_1 \le \text{start}_2$",
    r"$e_1$ backward, $e_2$ forward: $e_1 < e_2$ if $\text{start}_1 < \text{end}_2$",
)


@dataclass(frozen=True)
class CodeData(StepData, kind="dfs_code"):
    brief_formula = "none"  # the brief line states the post's order in one sentence
    brief_note = False  # and what it means for the backward edges
    rules: tuple[str, ...]  # the post's order of edge codes, in sentences
    codes: tuple[graphs.EdgeCode, ...]  # the DFS code


def code_step(walk: graphs.Traversal) -> Step:
    code = walk.code
    return Step(
        key="dfs_code",
        kind="dfs_code",
        title="The order of the edges, and the DFS code",
        formula="",
        result=as_answer(code),
        data=CodeData(ORDER_RULES, code),
        note="So after the forward edge that reaches a vertex come the backward edges from it, by the index "
             "they go back to; then the next forward edge.",
    )


@dataclass(frozen=True)
class CompareData(StepData, kind="dfs_compare"):
    brief_formula = "none"  # the brief line compares edge by edge
    first: tuple[graphs.EdgeCode, ...]  # the DFS code above
    second: tuple[graphs.EdgeCode, ...]  # the code of the other visiting order
    order: tuple[int, ...]  # that order
    position: int | None  # the first position (0-based) where they differ; None: one is a prefix of the other
    reason: str  # why that position decides, in words
    smaller: int  # which code is smaller, 1 or 2; 0 when they are equal


def compare_step(first: graphs.Traversal, second: graphs.Traversal) -> Step:
    a, b = first.code, second.code
    t = graphs.first_difference(a, b)
    ka, kb = graphs.code_key(a), graphs.code_key(b)
    smaller = 0 if ka == kb else (1 if ka < kb else 2)
    reason = _reason(a[t], b[t]) if t is not None else ""
    return Step(
        key="smaller_code",
        kind="dfs_compare",
        title="Comparing two DFS codes",
        formula=r"\alpha < \beta \iff \exists t: \alpha_k = \beta_k \ (k < t),\ \alpha_t < \beta_t"
                r"\quad\text{or}\quad \alpha \text{ is a prefix of } \beta",
        result=sp.Integer(smaller),
        data=CompareData(a, b, second.order, t, reason, smaller),
    )


def _reason(x, y) -> str:
    """Why the edge code x comes before or after y (gSpan's order of edge codes), in words."""
    fx, fy = graphs.is_forward(x), graphs.is_forward(y)
    if fx != fy:
        return "a backward edge comes before a forward edge"
    if not fx:
        if x[1] != y[1]:
            return "of two backward edges, the one that goes back to the smaller index comes first"
        return "of two backward edges to the same index, the smaller edge label comes first"
    if x[0] != y[0]:
        return "of two forward edges, the one that starts at the deeper vertex (larger index) comes first"
    return "of two forward edges from the same vertex, the smaller labels $(L(i), L(e), L(j))$ come first"


@dataclass(frozen=True)
class MinimumData(StepData, kind="dfs_minimum"):
    brief_formula = "none"
    brief_note = False  # the brief line says how gSpan builds it, and whether the traversal gives it
    codes: tuple[graphs.EdgeCode, ...]  # the minimum DFS code
    trace: tuple[graphs.SearchStep, ...]  # gSpan's search, position by position
    traversal_is_min: bool
    # Per position, the next-least edge code the kept traversals could add (None: the only one) and why
    # the chosen code comes before it, in the post's order of edges: what a hand answer says.
    runners_up: tuple[graphs.EdgeCode | None, ...]
    reasons: tuple[str, ...]


def _why_least(s: graphs.SearchStep) -> str:
    """Why the chosen edge code is the least the kept partial traversals can add."""
    if len(s.candidates) == 1:
        return "the only edge the traversal can add next"
    if s.position == 0:
        return ("every first edge is $\\{0, 1, \\dots\\}$, so the smallest labels "
                "$(L_V(0), L_E, L_V(1))$ come first")
    return _reason(s.chosen, s.candidates[1])


def minimum_step(graph: graphs.Graph, walk: graphs.Traversal) -> Step:
    code, trace = graphs.minimum_code(graph)
    is_min = graphs.code_key(walk.code) == graphs.code_key(code)
    runners_up = tuple(s.candidates[1] if len(s.candidates) > 1 else None for s in trace)
    return Step(
        key="min_dfs_code",
        kind="dfs_minimum",
        title="The minimum DFS code",
        formula=r"\min_{T} \text{code}(G, T) \text{ in DFS lexicographic order}",
        result=as_answer(code),
        data=MinimumData(code, trace, is_min, runners_up, tuple(_why_least(s) for s in trace)),
        note="gSpan builds it edge by edge: among all partial traversals that give the smallest code so far, "
             "it appends the smallest edge code any of them can add (backward edges from the rightmost "
             "vertex first, then forward edges from the rightmost path, deepest first), and keeps only those "
             "that give it. " + ("The traversal above gives the minimum DFS code." if is_min else
                                 "The traversal above does not give the minimum DFS code.")
             + " The minimum DFS code is the graph's canonical label: two labelled graphs are isomorphic exactly "
               "when their minimum DFS codes are equal.",
        # Its own figure only when it is another traversal's code: else it is the picture above.
        figure=None if is_min else figures.minimum_figure(code),
    )
