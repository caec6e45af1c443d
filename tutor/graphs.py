"""Small labelled graphs, their depth-first traversals, and DFS codes as gSpan defines them.

A traversal gives each vertex its DFS index, in visiting order. Each edge then
has an edge code (i, j, L(i), L(e), L(j)) with i, j the DFS indices of its ends:
forward (i < j) for the edges of the DFS tree, backward (i > j) for the rest.
The DFS code lists the edge codes in the post's edge order; two DFS codes are
compared in gSpan's DFS lexicographic order, and the minimum DFS code over all
traversals is a canonical label of the graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, cmp_to_key
from itertools import chain

EdgeCode = tuple  # (i, j, label of i, label of the edge, label of j)


@dataclass(frozen=True)
class Graph:
    labels: tuple[str, ...]  # vertex v has label labels[v]
    edges: tuple[tuple[int, int, str], ...]  # (u, v, label), u != v, each pair at most once

    @cached_property
    def _adjacency(self) -> dict[int, list[tuple[int, str]]]:
        out: dict[int, list[tuple[int, str]]] = {v: [] for v in range(len(self.labels))}
        for a, b, lab in self.edges:
            out[a].append((b, lab))
            out[b].append((a, lab))
        return {v: sorted(ws) for v, ws in out.items()}

    def neighbours(self, v: int) -> list[tuple[int, str]]:
        """(neighbour, edge label) pairs, by neighbour."""
        return self._adjacency[v]

    def edge_label(self, u: int, v: int) -> str:
        return next(lab for w, lab in self._adjacency[u] if w == v)

    def is_connected(self) -> bool:
        return len(depth_first_order(self)) == len(self.labels)


@dataclass(frozen=True)
class Traversal:
    order: tuple[int, ...]  # the vertices in visiting order: order[i] has DFS index i
    parent: tuple[int | None, ...]  # per DFS index, the DFS index of its parent in the tree
    forward: tuple[EdgeCode, ...]  # tree edges, in visiting order
    backward: tuple[EdgeCode, ...]  # the other edges, each from its later-visited end

    @property
    def code(self) -> tuple[EdgeCode, ...]:
        """The DFS code: all edge codes sorted by the post's edge order."""
        return tuple(sorted(self.forward + self.backward, key=cmp_to_key(post_edge_order)))


class NotADepthFirstOrder(ValueError):
    """A visiting order that no depth-first search produces; the message says where it fails."""


def traversal(graph: Graph, order: tuple[int, ...]) -> Traversal:
    """The DFS tree and edge codes of one visiting order, which must be depth-first.

    At each step the search backs up from vertices with no unvisited neighbour;
    the next vertex must then be an unvisited neighbour of the vertex it is at,
    and that vertex is its parent.
    """
    index = {v: i for i, v in enumerate(order)}
    stack: list[int] = [order[0]]
    parent: list[int | None] = [None]
    forward = []
    visited = {order[0]}
    for v in order[1:]:
        while stack and all(w in visited for w, _ in graph.neighbours(stack[-1])):
            stack.pop()
        if not stack:
            raise NotADepthFirstOrder(f"vertex {v} is not reachable from the vertices before it")
        top = stack[-1]
        if v not in {w for w, _ in graph.neighbours(top)}:
            waiting = [w for w, _ in graph.neighbours(top) if w not in visited]
            raise NotADepthFirstOrder(
                f"vertex {v} cannot come next: the search is at vertex {top}, which still has unvisited "
                f"neighbour{'s' if len(waiting) > 1 else ''} {', '.join(map(str, waiting))}")
        forward.append(_code(graph, index, top, v))
        parent.append(index[top])
        visited.add(v)
        stack.append(v)
    tree = {frozenset((f[0], f[1])) for f in forward}
    backward = []
    for a, b, _ in graph.edges:
        if frozenset((index[a], index[b])) not in tree:
            late, early = (a, b) if index[a] > index[b] else (b, a)
            backward.append(_code(graph, index, late, early))
    backward.sort(key=lambda c: (c[0], c[1]))
    return Traversal(tuple(order), tuple(parent), tuple(forward), tuple(backward))


def _code(graph: Graph, index: dict, start: int, end: int) -> EdgeCode:
    return (index[start], index[end], graph.labels[start], graph.edge_label(start, end), graph.labels[end])


def depth_first_order(graph: Graph, root: int = 0, choose=min) -> tuple[int, ...]:
    """The visiting order of a depth-first search from ``root`` that goes on to ``choose(unvisited
    neighbours)`` of the vertex it is at (listed in increasing order): the smallest by default, or a
    random one (``rng.choice``) for the generator."""
    order, seen, stack = [root], {root}, [root]
    while stack:
        waiting = [w for w, _ in graph.neighbours(stack[-1]) if w not in seen]
        if not waiting:
            stack.pop()
            continue
        w = choose(waiting)
        order.append(w)
        seen.add(w)
        stack.append(w)
    return tuple(order)


def all_orders(graph: Graph):
    """Every visiting order a depth-first search can produce: every root, every choice of next neighbour."""

    def extend(order, visited, stack):
        if len(order) == len(graph.labels):
            yield tuple(order)
            return
        stack = list(stack)
        while all(w in visited for w, _ in graph.neighbours(stack[-1])):
            stack.pop()
        for w, _ in graph.neighbours(stack[-1]):
            if w not in visited:
                yield from extend(order + [w], visited | {w}, stack + [w])

    for root in range(len(graph.labels)):
        yield from extend([root], {root}, [root])


# --- orders -------------------------------------------------------------------


def is_forward(code: EdgeCode) -> bool:
    return code[0] < code[1]


def post_edge_order(e1: EdgeCode, e2: EdgeCode) -> int:
    """The post's order of two edges of one DFS tree (−1 when e1 comes first)."""
    (s1, t1), (s2, t2) = e1[:2], e2[:2]
    if (s1, t1) == (s2, t2):
        return 0
    if is_forward(e1) and is_forward(e2):
        first = t1 < t2 or (t1 == t2 and s1 < s2)
    elif not is_forward(e1) and not is_forward(e2):
        first = s1 < s2 or (s1 == s2 and t1 < t2)
    elif is_forward(e1):
        first = t1 <= s2
    else:
        first = s1 < t2
    return -1 if first else 1


def edge_key(code: EdgeCode) -> tuple:
    """gSpan's order of two edge codes in the same place of two DFS codes.

    A backward edge comes before a forward one; backward edges by the index they
    go back to, then their label; forward edges from the deeper vertex first
    (the larger start index), then by the labels (L(i), L(e), L(j)).
    """
    i, j, li, le, lj = code
    return (0, j, le, i, li, lj) if i > j else (1, -i, li, le, lj, j)


def code_key(code) -> tuple:
    """A DFS code as a sort key: Python compares tuples in gSpan's DFS lexicographic order,
    element by element, a proper prefix being the smaller."""
    return tuple(edge_key(c) for c in code)


def first_difference(a, b) -> int | None:
    """The first position (0-based) where two DFS codes differ, or None if one is a prefix of the other."""
    return next((t for t, (x, y) in enumerate(zip(a, b)) if x != y), None)


# --- the minimum DFS code ------------------------------------------------------------


@dataclass(frozen=True)
class SearchStep:
    """One position of gSpan's minimum-code search: the codes it could append, the one it took."""

    position: int
    candidates: tuple[EdgeCode, ...]  # the distinct edge codes any kept embedding could add, smallest first
    chosen: EdgeCode
    embeddings: int  # partial traversals that realise the code so far


@dataclass(frozen=True)
class _Embedding:
    order: tuple[int, ...]  # vertex of each DFS index so far
    parent: tuple[int | None, ...]  # parent DFS index of each DFS index
    used: frozenset  # frozensets {u, v} of the edges coded so far

    def rightmost_path(self) -> list[int]:
        """DFS indices from the rightmost vertex up to the root."""
        path, i = [], len(self.order) - 1
        while i is not None:
            path.append(i)
            i = self.parent[i]
        return path


def minimum_code(graph: Graph) -> tuple[tuple[EdgeCode, ...], tuple[SearchStep, ...]]:
    """The minimum DFS code by gSpan's rightmost extension, keeping only minimal partial codes.

    At each position every kept embedding proposes its extensions (backward
    edges from the rightmost vertex, forward edges from the rightmost path);
    the smallest edge code is appended and only the embeddings that give it
    survive. Equal prefixes have equal futures to choose from, so the result
    is the minimum over all traversals, without enumerating them.
    """
    proposals = []
    for a, b, lab in graph.edges:
        for u, v in ((a, b), (b, a)):
            proposals.append(((0, 1, graph.labels[u], lab, graph.labels[v]), None, ("start", u, v)))
    code, trace = [], []
    while True:
        best = min((c for c, _, _ in proposals), key=edge_key)
        candidates = tuple(sorted({c for c, _, _ in proposals}, key=edge_key))
        # Only the proposals that give the smallest code become embeddings: building every one was
        # most of the time on symmetric graphs (K7 keeps 2,520 partial traversals). Equal embeddings
        # (the same frozen record, reached by two proposals) are kept once, in order.
        embeddings = list(dict.fromkeys(_apply(emb, move) for c, emb, move in proposals if c == best))
        code.append(best)
        trace.append(SearchStep(len(code) - 1, candidates, best, len(embeddings)))
        if len(code) == len(graph.edges):
            return tuple(code), tuple(trace)
        proposals = list(chain.from_iterable(_extensions(graph, e) for e in embeddings))


def _apply(emb: _Embedding | None, move) -> _Embedding:
    kind, *rest = move
    if kind == "start":
        u, v = rest
        return _Embedding((u, v), (None, 0), frozenset({frozenset((u, v))}))
    if kind == "back":
        right, w = rest
        return _Embedding(emb.order, emb.parent, emb.used | {frozenset((right, w))})
    i, u, w = rest
    return _Embedding(emb.order + (w,), emb.parent + (i,), emb.used | {frozenset((u, w))})


def _extensions(graph: Graph, emb: _Embedding):
    """(edge code, embedding, move) for every rightmost extension of one embedding."""
    index = {v: i for i, v in enumerate(emb.order)}
    path = emb.rightmost_path()
    on_path = set(path[1:])
    right = emb.order[path[0]]
    out = []
    for w, lab in graph.neighbours(right):  # backward: the rightmost vertex back to the rightmost path
        if w in index and index[w] in on_path and frozenset((right, w)) not in emb.used:
            out.append(((path[0], index[w], graph.labels[right], lab, graph.labels[w]), emb, ("back", right, w)))
    k = len(emb.order)
    for i in path:  # forward: from the rightmost path to a new vertex
        u = emb.order[i]
        for w, lab in graph.neighbours(u):
            if w not in index:
                out.append(((i, k, graph.labels[u], lab, graph.labels[w]), emb, ("forward", i, u, w)))
    return out


def brute_force_minimum(graph: Graph) -> tuple[EdgeCode, ...]:
    """The minimum DFS code over every depth-first traversal (for tests: exponential in the graph's size)."""
    return min((traversal(graph, order).code for order in all_orders(graph)), key=code_key)
