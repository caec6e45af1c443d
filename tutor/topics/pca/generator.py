"""pca: data built backwards from its principal directions, with a clear gap before what is dropped.

The centred data are X_c = Σ z_k w_kᵀ with z_k ⊥ 1 mutually orthogonal integer columns (the scores,
up to a factor) and w_k mutually orthogonal integer directions: then X_cᵀX_c = Σ ‖z_k‖² w_k w_kᵀ, so
the covariance's eigenvalues are ‖z_k‖²‖w_k‖²/n and its unit eigenvectors w_k/‖w_k‖. Directions with
‖w‖ whole (3, 4)/5, or (1, 2, 2)/3 keep every number rational; the points are X_c plus a small
whole mean. The dropped eigenvalues carry at most a quarter of the variance (``GAP``).
"""

from fractions import Fraction

from tutor.exact.tidy import as_expr
from tutor.generators import draw, titles
from tutor.generators.nice import centred_columns, eigen_nice, orthogonal_directions, outer_sum, within_bounds

GAP = Fraction(1, 4)  # the most of the total variance the dropped components may carry

RULES = {
    "easy": "4 distinct points in 2 dimensions (whole coordinates up to 12) whose principal directions are "
            "(3, 4)/5 and (4, −3)/5, in several patterns of scores: "
            "rational eigenvalues, unit eigenvectors and scores; keep k = 1 component, the other "
            "carrying at most a quarter of the variance.",
    "medium": "5 distinct points in 2 dimensions: rational eigenvalues, unit eigenvectors with one square root "
              "from their normalisation, such as (1, 2)/√5; keep k = 1, the other carrying at most a "
              "quarter of the variance.",
    "hard": "5 distinct points in 3 dimensions, covariance divided by n or n − 1 as stated: a full 3×3 "
            "covariance (no direction along an axis) with rational eigenvalues; keep k = 2 components, "
            "the third carrying at most a quarter of the variance.",
}


# points n, dimension d, directions (largest entry, whole lengths), score columns (largest entry), k
SHAPES = {"easy": (4, 2, (4, True), 3, 1), "medium": (5, 2, (3, False), 2, 1), "hard": (5, 3, (2, False), 2, 2)}
# the largest |coordinate| of a point: easy has only the (3, 4) directions, so it needs room for variety
MAX_COORDINATE = {"easy": 12, "medium": 9, "hard": 9}


INNER_TRIES = 20  # cheap draws per call of make (a hard shape is kept in a few per cent of them)


def make(rng, difficulty):
    return draw.first_built(_built, rng, difficulty, INNER_TRIES)


def _built(rng, difficulty):
    n, d, (w_hi, whole), z_hi, k = SHAPES[difficulty]
    directions = rng.choice(orthogonal_directions(d, w_hi, d, whole=whole))
    if difficulty == "hard" and any(sum(1 for x in w if x) == 1 for w in directions):
        return None  # a direction along an axis splits S into blocks: less to do by hand
    scores = rng.choice(centred_columns(n, z_hi, d))
    sizes = [sum(x * x for x in z) * sum(x * x for x in w) for z, w in zip(scores, directions)]
    if any(a <= b for a, b in zip(sizes, sizes[1:])) or sum(sizes[k:]) > GAP * sum(sizes):
        return None  # not distinct and in order, or no clear gap before the dropped ones
    mean = [rng.choice([-2, -1, 1, 2, 3]) for _ in range(d)]
    centred = outer_sum(scores, directions)
    points = [[m + x for m, x in zip(mean, row)] for row in centred]
    if max(abs(x) for p in points for x in p) > MAX_COORDINATE[difficulty]:
        return None
    if len({tuple(p) for p in points}) < n:
        return None  # two identical points (score columns equal in two places): not what PCA is about
    # No zero in the means or the reconstruction x̂ = x̄ + Σ_{j≤k} z_j w_j: fewer solution paths (which
    # answers hold a zero) among the variants of a difficulty.
    kept = [[m + x for m, x in zip(mean, row)] for row in outer_sum(scores[:k], directions[:k])]
    if 0 in [x for row in kept for x in row]:
        return None
    data = {"title": "PCA step by step", "points": points, "components": k}
    if difficulty == "hard":
        data["divisor"] = rng.choice(["n", "n-1"])
    data["title"] = title(points, k, data.get("divisor", "n"))
    return data


def title(points, k: int, divisor: str) -> str:
    """'PCA of four points in 2-D, one component' (', covariance divided by n − 1' when it is)."""
    words = f"PCA of {titles.counted(len(points), len(points[0]))}, {titles.number(k)} component{'s' if k > 1 else ''}"
    return words + (", covariance divided by n − 1" if divisor == "n-1" else "")


# a structure: the principal directions and the pattern of the scores along the kept ones (how the points lie)
STRUCTURE_KEYS = ("eigenvectors", "scores")


def nice(solution, difficulty):
    values = solution.answers["eigenvalues"]
    k = solution.problem.components
    total = sum(values)
    return (eigen_nice(values, "easy" if difficulty != "hard" else "hard")
            and as_expr(sum(values[k:]) - GAP * total).is_nonpositive
            and within_bounds(solution, difficulty))
