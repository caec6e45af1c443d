"""pca-feature-map: points on a curve that a feature map straightens."""

from tutor.generators import draw
from tutor.generators.nice import scatter, spectrum_nice, within_bounds

RULES = {
    "easy": "Four points on a parabola y = a·x² + b, placed symmetrically (x = ±1, ±2 or similar), and the map "
            "(x, y − a·x²) that straightens it: diagonal 2×2 covariances, fractions only.",
    "medium": "Six points, three on each of two circles about the origin, and the map (x² + y², x) that "
              "separates them: 2×2 covariances, eigenvalues with at most one square root.",
    "hard": "Four points (coordinates ±1 to ±3) and the quadratic map (x², xy, y²): a 3×3 covariance after the "
            "map with one zero eigenvalue, the others, as before the map, rational or with one square root.",
}


def make(rng, difficulty):
    if difficulty == "easy":  # a parabola y = a x² + b: the map (x, y − a x²) makes it a line
        # x symmetric about 0: cov(x, y) = 0, so the eigenvalues before are the two variances (of four
        # x from −3 to 3, only these give rational ones: otherwise √1361-like roots); b ≠ 0: no coordinate 0
        a, b = rng.choice([1, 2, 3, -1, -2, -3]), rng.choice([1, 2, -1, -2])
        xs = rng.choice([(-2, -1, 1, 2), (-3, -1, 1, 3), (-3, -2, 2, 3)])
        return {"title": "Linear PCA cannot see a parabola", "points": [[x, a * x * x + b] for x in xs],
                "map": ["x1", f"x2 - {a}*x1^2" if a > 0 else f"x2 + {-a}*x1^2"]}
    if difficulty == "medium":  # two rings: the squared radius separates them
        r1, r2 = rng.sample([1, 2, 3, 4], 2)
        ring = [[1, 0], [0, 1], [-1, 0], [0, -1]]
        inner, outer = rng.sample(ring, 3), rng.sample(ring, 3)
        pts = [[r1 * x, r1 * y] for x, y in inner] + [[r2 * x, r2 * y] for x, y in outer]
        mapped = [[x * x + y * y, x] for x, y in pts]
        # three points on the y-axis (three mapped coordinates 0) and no covariance 0: one solution path
        if sum(1 for x, _ in pts if x == 0) != 3 or any(v == 0 for M in (scatter(pts), scatter(mapped))
                                                        for row in M for v in row):
            return None
        return {"title": "Linear PCA cannot see a ring", "points": pts, "map": ["x1^2 + x2^2", "x1"]}
    # the checks on the inputs take microseconds and pass one draw in about 60: several draws a call
    for _ in range(20):
        pts = [[rng.choice([-3, -2, -1, 1, 2, 3]) for _ in range(2)] for _ in range(4)]
        if _quadratic_map_nice(pts):
            return {"title": "PCA before and after a quadratic map", "points": pts,
                    "map": ["x1^2", "x1*x2", "x2^2"]}
    return None


def _quadratic_map_nice(pts) -> bool:
    """No coordinate 0 (so no mapped coordinate 0) and no covariance entry 0, one zero eigenvalue after the
    map (the mapped points lie in a plane): one solution path. Both spectra, from their characteristic
    polynomials, as medium allows (at most one square root of at most 50, never a root of a cubic):
    more work than medium, not longer numbers."""
    if len({tuple(p) for p in pts}) < 4:
        return False
    before, after = scatter(pts), scatter([[x * x, x * y, y * y] for x, y in pts])
    if any(x == 0 for M in (before, after) for row in M for x in row) or _det3(after) != 0:
        return False
    return spectrum_nice(after, "medium", zeros=1) and spectrum_nice(before, "medium")


def _det3(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
