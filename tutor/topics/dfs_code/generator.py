"""dfs-code: small connected labelled graphs, and depth-first visiting orders drawn at random."""

from tutor import graphs
from tutor.generators import draw

# vertices, edges beyond a spanning tree: fixed per difficulty, so its variants share one solution
# path (n − 1 forward edges and the same number of backward ones in every DFS code)
SIZES = {"easy": (4, 1), "medium": (5, 2), "hard": (6, 3)}
VERTEX_LABELS = {"easy": "XY", "medium": "XYZ", "hard": "XYZ"}
EDGE_LABELS = {"easy": "ab", "medium": "abc", "hard": "abcd"}

RULES = {
    "easy": "A connected graph of 4 vertices labelled X, Y and 4 edges labelled a, b (one cycle): "
            "its minimum DFS code.",
    "medium": "5 vertices labelled X, Y, Z and 6 edges (two cycles), a given DFS visiting order: its "
              "forward and backward edges and DFS code, and the minimum DFS code.",
    "hard": "6 vertices and 8 edges with four edge labels, two given visiting orders: both DFS codes, "
            "which is smaller, and the minimum DFS code.",
}


def _graph(rng, difficulty):
    n, extra = SIZES[difficulty]
    edges = {frozenset((k, rng.randrange(k))) for k in range(1, n)}  # a random spanning tree: connected
    pairs = [frozenset((u, v)) for u in range(n) for v in range(u + 1, n)]
    edges |= set(rng.sample([p for p in pairs if p not in edges], extra))
    labels = [rng.choice(VERTEX_LABELS[difficulty]) for _ in range(n)]
    ordered = sorted(tuple(sorted(e)) for e in edges)
    return labels, [[u, v, rng.choice(EDGE_LABELS[difficulty])] for u, v in ordered]


def _order(rng, labels, edges):
    """A depth-first visiting order with random choices: a random root, a random unvisited neighbour each time."""
    graph = graphs.Graph(tuple(labels), tuple((u, v, lab) for u, v, lab in edges))
    return list(graphs.depth_first_order(graph, rng.randrange(len(labels)), rng.choice))


def make(rng, difficulty):
    labels, edges = _graph(rng, difficulty)
    data = {"title": "DFS codes", "vertices": labels, "edges": edges}
    if difficulty != "easy":
        data["dfs"] = _order(rng, labels, edges)
    if difficulty == "hard":
        data["compare"] = _order(rng, labels, edges)
        if data["compare"] == data["dfs"]:
            return None
    return data


def nice(solution, difficulty):
    return True  # whole numbers and labels only: nothing can grow
