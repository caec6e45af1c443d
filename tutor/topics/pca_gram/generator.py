"""pca-gram: few points in more dimensions (always n < d, so the n×n Gram matrix is the smaller side),
built backwards: X_c = Σ z_k w_kᵀ with z_k ⊥ 1 mutually orthogonal integer columns and w_k mutually
orthogonal integer directions. Then K = X_cX_cᵀ has the eigenvalues μ_k = ‖z_k‖²‖w_k‖² (and one 0,
for the centring), eigenvectors z_k, and X_cᵀz_k = ‖z_k‖²w_k: the covariance's unit eigenvectors are
w_k/‖w_k‖, rational when ‖w_k‖ is whole."""

from math import isqrt

from tutor.generators import draw
from tutor.generators.nice import centred_columns, eigen_nice, orthogonal_directions, outer_sum, within_bounds

RULES = {
    "easy": "2 points in 3 dimensions: a 2×2 Gram matrix with the eigenvalues 0 and 18, 50 or 72, and a "
            "direction of whole length such as (1, 2, 2)/3 or (0, 3, 4)/5: every number rational.",
    "medium": "3 points in 4 dimensions: a 3×3 Gram matrix with whole eigenvalues 3μ, μ and 0 (μ from 6 to 48 "
              "with the seed), directions with entries up to 2; the unit eigenvectors carry at most one kind of "
              "square root from their normalisation.",
    "hard": "4 points in 5 dimensions: a 4×4 Gram matrix with three whole eigenvalues (such as 40, 30, 12 or "
            "160, 30, 12) and one 0, three eigenvectors to map to the covariance, square roots only from "
            "normalisations.",
}

# points n, dimension d, largest entry of the directions (whole lengths?), of the score columns, scales
SHAPES = {"easy": (2, 3, (4, True), 1, (1, 2)), "medium": (3, 4, (2, False), 2, (1, 2)),
          "hard": (4, 5, (1, False), 2, (1, 2))}
MAX_COORDINATE = 6
# The commonest zero counts (X_c, K, directions) of each difficulty's draws, the one its variants share.
ZEROS = {"medium": (3, 2, 2), "hard": (3, 0, 5)}


def zeros_of(scores, directions, centred) -> tuple[int, int, int]:
    """How many zeros X_c, K = Σ ‖w_k‖² z_k z_kᵀ and the directions w_k hold."""
    gram = outer_sum([[sum(x * x for x in w) * x for x in z] for z, w in zip(scores, directions)], scores)
    return tuple(sum(1 for row in m for x in row if x == 0) for m in (centred, gram, directions))


def _square_free(m: int) -> int:
    return next(m // (f * f) for f in range(isqrt(m), 0, -1) if m % (f * f) == 0)


def make(rng, difficulty):
    # a draw passes the cheap checks below a few times in a hundred: many of them per call
    return draw.first_built(_build, rng, difficulty, 60)


def _build(rng, difficulty):
    n, d, (w_hi, whole), z_hi, scales = SHAPES[difficulty]
    k = n - 1  # the centred points span n − 1 dimensions
    directions = rng.choice(orthogonal_directions(d, w_hi, k, whole=whole))
    # medium: one scale for both columns (two scales always change K's zeros, so its solution path)
    common = rng.choice(scales)
    scale = [common if difficulty == "medium" else rng.choice(scales) for _ in range(k)]
    scores = [[c * x for x in z] for c, z in zip(scale, rng.choice(centred_columns(n, z_hi, k)))]
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
    if max(abs(x) for p in points for x in p) > MAX_COORDINATE:
        return None
    return {"title": "PCA through the Gram matrix", "points": points}


def nice(solution, difficulty):
    values = solution.answers["gram_eigenvalues"]
    return eigen_nice(values, "easy", zeros=1) and within_bounds(solution, difficulty)
