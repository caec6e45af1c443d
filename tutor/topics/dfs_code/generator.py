"""dfs-code: small connected labelled graphs, and depth-first visiting orders drawn at random."""

from tutor import graphs
from tutor.generators import draw

SIZES = {"easy": (4, 4, 1), "medium": (5, 5, 2), "hard": (6, 7, 4)}  # vertices from, to; extra edges at most
VERTEX_LABELS = {"easy": "XY", "medium": "XYZ", "hard": "XYZ"}
EDGE_LABELS = {"easy": "ab", "medium": "abc", "hard": "abcd"}

RULES = {
    "easy": "A connected graph of 4 vertices labelled X, Y and edges labelled a, b (a tree or one cycle): "
            "its minimum DFS code.",
    "medium": "5 vertices labelled X, Y, Z with up to two extra edges (cycles), a given DFS visiting "
              "order: its forward and backward edges and DFS code, and the minimum DFS code.",
    "hard": "6 or 7 vertices with up to four extra edges and four edge labels, two given visiting orders: "
            "both DFS codes, which is smaller, and the minimum DFS code.",
}


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
