"""Checking answers to dfs-code problems: how answers compare and the named mistakes."""

from __future__ import annotations

from tutor.topics.dfs_code import Problem
from tutor.checking.rules import Labelled
from tutor.checking.variants import Mistake


def _labels(problem: Problem) -> tuple[str, ...]:
    return tuple(sorted(set(problem.graph.labels) | {e[2] for e in problem.graph.edges}))


RULES = {
    "forward_edges": Labelled(_labels, "edge"),
    "backward_edges": Labelled(_labels, "edge"),
    "dfs_code": Labelled(_labels, "edge"),
    "min_dfs_code": Labelled(_labels, "edge"),
}


# --- named mistakes -------------------------------------------------------------


def _tree_order_code(problem, solution):
    """Forward edges first, then the backward ones: the edges not interleaved by the post's order."""
    answers = solution.answers
    if "backward_edges" not in answers:
        return {}
    return {"dfs_code": answers["forward_edges"] + answers["backward_edges"]}


def _vertex_ids(problem, solution):
    """Edge codes with the graph's own vertex numbers instead of the DFS indices."""
    index_of = {i: v for i, v in enumerate(problem.order)}

    def renumber(codes):
        return tuple((type(i)(index_of[int(i)]), type(j)(index_of[int(j)]), a, e, b) for i, j, a, e, b in codes)

    if list(problem.order) == sorted(problem.order):
        return {}
    answers = solution.answers
    return {key: renumber(answers[key]) for key in ("forward_edges", "backward_edges", "dfs_code") if key in answers}


MISTAKES = (
    Mistake("forward_then_backward", "All forward edges were listed first: in a DFS code each backward edge "
            "follows the forward edge that reaches its start vertex.", ("dfs_code",), _tree_order_code),
    Mistake("vertex_numbers_not_dfs_indices", "These use the graph's vertex numbers: an edge code uses the DFS "
            "indices, the positions of the vertices in the visiting order.",
            ("forward_edges", "backward_edges", "dfs_code"), _vertex_ids),
)
