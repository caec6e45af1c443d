"""dfs-code: small connected labelled graphs, and depth-first visiting orders drawn at random."""

from . import draw

SIZES = {"easy": (4, 4, 1), "medium": (5, 5, 2), "hard": (6, 7, 4)}  # vertices from, to; extra edges at most
VERTEX_LABELS = {"easy": "XY", "medium": "XYZ", "hard": "XYZ"}
EDGE_LABELS = {"easy": "ab", "medium": "abc", "hard": "abcd"}


def _graph(rng, difficulty):
    low, high, extra = SIZES[difficulty]
    n = rng.randint(low, high)
    edges = {frozenset((k, rng.randrange(k))) for k in range(1, n)}  # a random spanning tree: connected
    pairs = [frozenset((u, v)) for u in range(n) for v in range(u + 1, n)]
    for _ in range(rng.randint(1 if difficulty != "easy" else 0, extra)):
        edges.add(rng.choice(pairs))
    labels = [rng.choice(VERTEX_LABELS[difficulty]) for _ in range(n)]
    ordered = sorted(tuple(sorted(e)) for e in edges)
    return labels, [[u, v, rng.choice(EDGE_LABELS[difficulty])] for u, v in ordered]


def _order(rng, n, edges):
    """A depth-first visiting order with random choices: a random root, a random unvisited neighbour each time."""
    neighbours = {v: sorted({b for a, b, _ in edges if a == v} | {a for a, b, _ in edges if b == v})
                  for v in range(n)}
    root = rng.randrange(n)
    order, stack, seen = [root], [root], {root}
    while len(order) < n:
        while all(w in seen for w in neighbours[stack[-1]]):
            stack.pop()
        w = rng.choice([w for w in neighbours[stack[-1]] if w not in seen])
        order.append(w)
        seen.add(w)
        stack.append(w)
    return order


def make(rng, difficulty):
    labels, edges = _graph(rng, difficulty)
    data = {"title": draw.title("DFS codes", difficulty), "vertices": labels, "edges": edges}
    if difficulty != "easy":
        data["dfs"] = _order(rng, len(labels), edges)
    if difficulty == "hard":
        data["compare"] = _order(rng, len(labels), edges)
        if data["compare"] == data["dfs"]:
            return None
    return data


def nice(solution, difficulty):
    return True  # whole numbers and labels only: nothing can grow
