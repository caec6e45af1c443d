"""pca-feature-map: points on a curve that a feature map straightens."""

from tutor.generators import draw
from tutor.generators.nice import scatter, spectrum_nice, within_bounds

RULES = {
    "easy": "Four points on a parabola y = a·x² + b and the map (x, y − a·x²) that straightens it: 2×2 "
            "covariances before and after, fractions only.",
    "medium": "Points on two rings about the origin and the map (x² + y², x) that separates them: 2×2 "
              "covariances, eigenvalues with at most one square root.",
    "hard": "Four points and the quadratic map (x², xy, y²): a 3×3 covariance after the map whose characteristic "
            "polynomial factors (eigenvalues with square roots at most, never a root of a cubic).",
}


def make(rng, difficulty):
    if difficulty == "easy":  # a parabola y = a x² + b: the map (x, y − a x²) makes it a line
        a, b = rng.choice([1, 2, -1, -2]), rng.randint(-2, 2)
        xs = sorted(rng.sample(range(-2, 3), 4))
        return {"title": "Linear PCA cannot see a parabola", "points": [[x, a * x * x + b] for x in xs],
                "map": ["x1", f"x2 - {a}*x1^2" if a > 0 else f"x2 + {-a}*x1^2"]}
    if difficulty == "medium":  # two rings: the squared radius separates them
        r1, r2 = rng.sample([1, 2, 3, 4], 2)
        ring = [[1, 0], [0, 1], [-1, 0], [0, -1]]
        inner, outer = rng.sample(ring, 3), rng.sample(ring, 3)
        pts = [[r1 * x, r1 * y] for x, y in inner] + [[r2 * x, r2 * y] for x, y in outer]
        return {"title": "Linear PCA cannot see a ring", "points": pts,
                "map": ["x1^2 + x2^2", "x1"]}
    # no coordinate 0 (so no mapped coordinate 0) and no zero covariance: one solution path
    pts = [[rng.choice([-2, -1, 1, 2]) for _ in range(2)] for _ in range(4)]
    if len({tuple(p) for p in pts}) < 4 or any(x == 0 for M in (scatter(pts),) for row in M for x in row):
        return None
    # the mapped covariance's eigenvalues, from its characteristic polynomial: reject an irreducible cubic
    # (a root object) before the full solve
    after = scatter([[x * x, x * y, y * y] for x, y in pts])
    if any(x == 0 for row in after for x in row) or not spectrum_nice(after, "hard"):
        return None
    return {"title": "PCA before and after a quadratic map", "points": pts,
            "map": ["x1^2", "x1*x2", "x2^2"]}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
