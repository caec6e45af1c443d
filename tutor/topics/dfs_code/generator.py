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
    data = {"title": None, "vertices": labels, "edges": edges}
    if difficulty != "easy":
        data["dfs"] = _order(rng, labels, edges)
    if difficulty == "hard":
        data["compare"] = _order(rng, labels, edges)
        if data["compare"] == data["dfs"]:
            return None
    data["title"] = title(data)
    return data


WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four"}


def title(data) -> str:
    """The graph's shape and the traversals asked for, as the bundled "A square with a diagonal", "Two
    traversals of the post's graph": easy names its one cycle, medium and hard count the triangles."""
    n, edges = len(data["vertices"]), [tuple(e[:2]) for e in data["edges"]]
    if "dfs" not in data:
        cycle = _cycle_length(n, edges)
        shape = {3: "triangle with a pendant vertex", 4: "square"}.get(cycle, f"{cycle}-cycle")
        labels = ", ".join(sorted(data["vertices"]))
        return f"A {shape}, labels {labels}"
    adjacent = {frozenset(e) for e in edges}
    triangles = sum(1 for a in range(n) for b in range(a + 1, n) for c in range(b + 1, n)
                    if {frozenset((a, b)), frozenset((b, c)), frozenset((a, c))} <= adjacent)
    graph = f"a {n}-vertex graph with {WORDS.get(triangles, triangles)} triangle{'' if triangles == 1 else 's'}"
    if "compare" in data:
        return f"Two traversals, from vertices {data['dfs'][0]} and {data['compare'][0]}, of {graph}"
    return f"A traversal from vertex {data['dfs'][0]} of {graph}"


def _cycle_length(n, edges) -> int:
    """The length of the one cycle of a connected graph with n edges: what is left after removing leaves."""
    alive, live_edges = set(range(n)), set(edges)
    while True:
        leaves = [v for v in alive if sum(1 for e in live_edges if v in e) == 1]
        if not leaves:
            return len(alive)
        alive -= set(leaves)
        live_edges = {e for e in live_edges if e[0] in alive and e[1] in alive}


def nice(solution, difficulty):
    return True  # whole numbers and labels only: nothing can grow
