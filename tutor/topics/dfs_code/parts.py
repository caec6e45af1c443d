"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "forward_edges": (r"\text{forward edges}", r"Give the codes of the forward edges (the DFS tree), in visiting order."),
    "backward_edges": (r"\text{backward edges}", r"Give the codes of the backward edges."),
    "dfs_code": (r"\text{DFS code}", r"Write down the DFS code of this traversal."),
    "smaller_code": (r"\text{smaller}", r"Which DFS code is smaller: this one (1) or that of the second visiting order (2)?"),
    "min_dfs_code": (r"\text{minimum DFS code}", r"Find the minimum DFS code of the graph."),
}

DEFAULT_PARTS = ("forward_edges", "backward_edges", "dfs_code", "smaller_code", "min_dfs_code")
