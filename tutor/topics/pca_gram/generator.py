"""pca-gram: few points in more dimensions (always n < d, so the n×n Gram matrix is the smaller side),
built backwards: X_c = Σ z_k w_kᵀ with z_k ⊥ 1 mutually orthogonal integer columns and w_k mutually
orthogonal integer directions. Then K = X_cX_cᵀ has the eigenvalues μ_k = ‖z_k‖²‖w_k‖² (and one 0,
for the centring), eigenvectors z_k, and X_cᵀz_k = ‖z_k‖²w_k: the covariance's unit eigenvectors are
w_k/‖w_k‖, rational when ‖w_k‖ is whole."""

from math import isqrt

from tutor.generators import draw, titles
from tutor.generators.nice import centred_columns, eigen_nice, orthogonal_directions, outer_sum, within_bounds

RULES = {
    "easy": "By turns, 2 points in 3 dimensions (a 2×2 Gram matrix, eigenvalues 0 and 18, 50 or 72), 3 points "
            "in 4 dimensions on a line (one non-zero eigenvalue) or in a plane (two): directions of whole "
            "length such as (1, 2, 2)/3 or (0, 3, 4)/5, every number rational.",
    "medium": "3 points in 4 dimensions: a 3×3 Gram matrix with whole eigenvalues 3μ, μ and 0 (μ from 6 to 48 "
              "with the seed), directions with entries up to 2; the unit eigenvectors carry at most one kind of "
              "square root from their normalisation.",
    "hard": "4 points in 5 dimensions: a 4×4 Gram matrix with three whole eigenvalues (such as 40, 30, 12 or "
            "160, 30, 12) and one 0, three eigenvectors to map to the covariance, square roots only from "
            "normalisations.",
}

# points n, dimension d, largest entry of the directions (whole lengths?), of the score columns, scales, and
# the rank k (the number of non-zero eigenvalues of K; n − 1 unless the points are on a line)
SHAPES = {"easy": (2, 3, (4, True), 1, (1, 2), 1), "medium": (3, 4, (2, False), 2, (1, 2), 2),
          "hard": (4, 5, (1, False), 2, (1, 2), 3)}
# easy takes turns with the seed (seed % 3): two points (K is always [[a, −a], [−a, a]]), three on a line (K of
# rank 1, its one eigenvector the score column) and three in a plane (rank 2, two eigenvectors by inspection)
EASY_FAMILIES = {"pair": SHAPES["easy"], "line": (3, 4, (4, True), 3, (1,), 1),
                 "plane": (3, 4, (4, True), 2, (1, 2), 2)}
MAX_COORDINATE = 6
# The commonest zero counts (X_c, K, directions) of each difficulty's draws, the one its variants share.
ZEROS = {"medium": (3, 2, 2), "hard": (3, 0, 5)}


def zeros_of(scores, directions, centred) -> tuple[int, int, int]:
    """How many zeros X_c, K = Σ ‖w_k‖² z_k z_kᵀ and the directions w_k hold."""
    gram = outer_sum([[sum(x * x for x in w) * x for x in z] for z, w in zip(scores, directions)], scores)
    return tuple(sum(1 for row in m for x in row if x == 0) for m in (centred, gram, directions))


def _square_free(m: int) -> int:
    return next(m // (f * f) for f in range(isqrt(m), 0, -1) if m % (f * f) == 0)


def make(rng, difficulty, seed=0):
    # a draw passes the cheap checks below a few times in a hundred: many of them per call
    if difficulty == "easy":
        family = tuple(EASY_FAMILIES)[seed % len(EASY_FAMILIES)]
        return draw.first_built(lambda r, d: _build(r, d, EASY_FAMILIES[family]), rng, difficulty, 60)
    return draw.first_built(_build, rng, difficulty, 60)


def _build(rng, difficulty, shape=None):
    n, d, (w_hi, whole), z_hi, scales, k = shape or SHAPES[difficulty]
    directions = rng.choice(orthogonal_directions(d, w_hi, k, whole=whole))
    # medium: one scale for both columns (two scales always change K's zeros, so its solution path)
    common = rng.choice(scales)
    scale = [common if difficulty == "medium" else rng.choice(scales) for _ in range(k)]
    scores = [[c * x for x in z] for c, z in zip(scale, rng.choice(centred_columns(n, z_hi, k)))]
    if k < n - 1 and len({tuple(col[i] for col in scores) for i in range(n)}) < n:
        return None  # on a line, two equal scores would be two equal points
    values = [sum(x * x for x in z) * sum(x * x for x in w) for z, w in zip(scores, directions)]
    if len(set(values)) < k:
        return None  # a repeated μ: its eigenvectors of K are not fixed, nor their images X_cᵀv
    if difficulty == "medium" and len({_square_free(sum(x * x for x in w)) for w in directions} - {1}) > 1:
        return None  # two kinds of square root in the unit eigenvectors
    centred = outer_sum(scores, directions)
    if ZEROS.get(difficulty, zeros_of(scores, directions, centred)) != zeros_of(scores, directions, centred):
        return None  # one solution path per difficulty: the same zeros in X_c, K and the eigenvectors
    mean = [rng.choice([-2, -1, 1, 2]) for _ in range(d)]
    points = [[m + x for m, x in zip(mean, row)] for row in centred]
    if max(abs(x) for p in points for x in p) > MAX_COORDINATE or len({tuple(p) for p in points}) < n:
        return None
    return {"title": title(points), "points": points}


def title(points) -> str:
    """'PCA of three points in 4-D through the 3 × 3 Gram matrix'."""
    n = len(points)
    return f"PCA of {titles.counted(n, len(points[0]))} through the {titles.size(n, n)} Gram matrix"


def nice(solution, difficulty):
    values = solution.answers["gram_eigenvalues"]
    # one zero (the centring), two when easy's points are on a line
    spread = [v for v in values if v != 0]
    return (1 <= len(values) - len(spread) <= (2 if difficulty == "easy" else 1)
            and eigen_nice(spread, "easy") and within_bounds(solution, difficulty))
