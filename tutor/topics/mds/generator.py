"""mds: a table of distances only, never the points, built backwards from a configuration.

The recovered points X = V_pΛ_p^(1/2) are the configuration's principal coordinates, so the table is
made from centred integer columns c·a (a ⊥ 1, the columns orthogonal to each other): then
B = Σ c²aaᵀ is an integer matrix, its eigenvalues are the c²‖a‖², and the recovered points are
the columns c·a again, whole numbers. Every table embeds in 2 dimensions, so B has rank 2 and its
eigenvalues come by the notes' hand route (λ₁ + λ₂ = tr B, λ₁² + λ₂² = ‖B‖²_F), never det(B − λI) of a
5×5; hard takes 5 points with a column entry of 3, larger and less symmetric than medium's. (Hard
was a non-Euclidean table of rank 3 up to generator version 3, with no hand route for its quartic.)
The table is given as plain
distances when all of them are whole numbers, else as squared distances (never surds).
"""

from functools import lru_cache
from itertools import product
from math import isqrt

from tutor.generators import draw, titles
from tutor.generators.nice import as_columns, centred_columns, eigen_kind, vectors_pattern, within_bounds

RULES = {
    "easy": "A table of squared distances between 4 points in the plane (plain distances when they are all "
            "whole numbers): B by double centring with the means of d², rank 2, its eigenvalues by trace and "
            "‖B‖²_F, whole recovered points; no two of 20 seeds with the same eigenvalues.",
    "medium": "The same for 5 points: a 5×5 table whose B has rank 2, with whole eigenvalues and "
              "recovered points; no two of 20 seeds with the same eigenvalues.",
    "hard": "A table of 5 points in the plane, less symmetric than medium (a coordinate up to 6, squared "
            "distances up to 100): B of rank 2 by row reduction, its eigenvalues by trace and ‖B‖²_F, whole "
            "recovered points; no two of 20 seeds with the same eigenvalues.",
}

# points, largest |entry| of the primitive columns, columns, scales of the positive columns
SHAPES = {"easy": (4, 3, 2, (1, 2, 3)), "medium": (5, 2, 2, (1, 2, 3)), "hard": (5, 3, 2, (1, 2))}
MAX_SQUARED = {"easy": 80, "medium": 80, "hard": 100}  # the largest d² in the table
MAX_COORDINATE = 6


def make(rng, difficulty, seed=0):
    """Seed S takes spectrum S of the difficulty's spectra in a fixed shuffled order (so no two of 20 seeds
    share one), then one of its tables at random, the points numbered in a random order."""
    squared = rng.choice(draw.spread(_spectra(difficulty), f"mds-spectra:{difficulty}", seed))
    order = list(range(len(squared)))
    rng.shuffle(order)
    squared = [[squared[i][j] for j in order] for i in order]
    off = [x for i, row in enumerate(squared) for j, x in enumerate(row) if i != j]
    plain = all(isqrt(x) ** 2 == x for x in off)
    # 'Classical MDS of five points from their squared distances'
    title = (f"Classical MDS of {titles.counted(len(squared))} from their "
             f"{'distances' if plain else 'squared distances'}")
    if plain:
        return {"title": title, "distances": [[isqrt(x) for x in row] for row in squared]}
    return {"title": title, "squared_distances": squared}


@lru_cache(maxsize=None)
def _spectra(difficulty) -> dict:
    """Every table the difficulty allows (a few thousand, a fraction of a second, kept for the process), by
    B's two positive eigenvalues."""
    n, hi, k, scales = SHAPES[difficulty]
    out: dict = {}
    for columns in centred_columns(n, hi, k):
        for c in product(scales, repeat=2):
            if difficulty == "hard" and max(abs(x) for a in columns for x in a) < hi:
                continue  # the medium configurations: hard has a column with an entry 3, less symmetric
            table = _table(columns, c, difficulty)
            if table is not None:
                out.setdefault(table[0], []).append(table[1])
    return out


def _table(columns, c, difficulty):
    """(B's eigenvalues, the table of squared distances) for the columns c·a, or None when out of bounds."""
    n = len(columns[0])
    coordinates = [[c[j] * columns[j][i] for j in range(2)] for i in range(n)]
    if max(abs(x) for row in coordinates for x in row) > MAX_COORDINATE:
        return None
    values = [c[j] ** 2 * sum(x * x for x in columns[j]) for j in range(2)]
    if values[0] <= values[1]:  # distinct, and in the order they are found (no repeated eigenvalue)
        return None
    squared = [[sum((p[j] - q[j]) ** 2 for j in range(2)) for q in coordinates] for p in coordinates]
    off = [squared[i][j] for i in range(n) for j in range(n) if i != j]
    if min(off) <= 0 or max(off) > MAX_SQUARED[difficulty]:
        return None
    return tuple(values), tuple(tuple(row) for row in squared)


def structure(solution):
    """The recovered configuration's columns up to scale, sign and the order of the points."""
    return vectors_pattern(as_columns(solution.answers["coordinates"]))


def nice(solution, difficulty):
    a = solution.answers
    return (eigen_kind(a["eigenvalues"]) == "rational"
            and all(x.is_Integer for point in a["coordinates"] for x in point)
            and within_bounds(solution, difficulty))
