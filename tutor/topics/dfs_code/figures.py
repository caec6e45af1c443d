"""The figures of a DFS code: the graph drawn as the DFS tree of a traversal, as the post draws it.

A figure is read off a list of edge codes (i, j, L(i), L(e), L(j)), so it shows exactly the code the
solution wrote down: vertex i is the vertex with DFS index i, forward edges (i < j) are the tree from
parent i to child j, backward edges (i > j) the rest, and the rightmost path (the tree path from the
root to the last vertex visited, which gSpan extends from) is in bold.
"""

from __future__ import annotations

from tutor import graphs
from tutor.figures import Edge, Graph, Vertex


def label_tex(label: str) -> str:
    """A problem file's label as a figure label: upright, its subscript (after the one _) grouped,
    since x_12 means x with subscript 12."""
    name, _, sub = label.partition("_")
    return rf"\mathrm{{{name}_{{{sub}}}}}" if sub else rf"\mathrm{{{name}}}"


def rightmost_path(codes) -> tuple[int, ...]:
    """DFS indices from the root down to the rightmost vertex (the largest index), along the tree."""
    parent = {j: i for i, j, *_ in codes if i < j}
    path = [max(parent, default=0)]
    while path[-1] in parent:
        path.append(parent[path[-1]])
    return tuple(reversed(path))


def dfs_tree(codes, caption: str) -> Graph:
    """The graph of these edge codes as its DFS tree (vertex k has DFS index k)."""
    labels = {}
    for i, j, li, _, lj in codes:
        labels[i], labels[j] = li, lj
    path = rightmost_path(codes)
    on_path = set(zip(path, path[1:]))
    return Graph(
        caption=caption,
        vertices=tuple(Vertex(label_tex(labels[k]), k) for k in range(len(labels))),
        edges=tuple(Edge(i, j, label_tex(le), tree=i < j, highlight=(i, j) in on_path)
                    for i, j, _, le, _ in codes),
    )


def _path_tex(path) -> str:
    return r" \to ".join(str(k) for k in path)


def traversal_figure(walk: graphs.Traversal, root: int) -> Graph:
    """The traversal's DFS tree with every vertex's index: the post's picture of the graph."""
    codes = walk.forward + walk.backward
    backward = (", backward edges dashed" if walk.backward else "")
    return dfs_tree(codes, f"The graph drawn as the DFS tree of the traversal from vertex ${root}$, each vertex "
                           f"with its label and its DFS index: forward edges from parent to child{backward}, "
                           f"and the rightmost path ${_path_tex(rightmost_path(codes))}$ in bold.")


def minimum_figure(codes) -> Graph:
    """The DFS tree of the traversal that gives the minimum DFS code, read off that code."""
    return dfs_tree(codes, "The traversal that gives the minimum DFS code, drawn from the code itself (vertex "
                           "$k$ has DFS index $k$): the same graph with other DFS indices, and its rightmost "
                           f"path ${_path_tex(rightmost_path(codes))}$ in bold.")
