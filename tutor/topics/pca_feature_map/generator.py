"""pca-feature-map: points on a curve that a feature map straightens."""

from tutor.generators.nice import within_bounds

# What every level shares: the map clearly straightens the data (PC 1's share after it at least 90% and at
# least 20 points above the share before: ONE_DIRECTION and MIN_GAIN) and no two points have one image.
RULES = {
    "easy": "Four points on a parabola y = a·x² + b, placed symmetrically (x = ±1, ±2 or similar), and the map "
            "(x, y − a·x²) that makes it a line: PC 1's share rises to 100% from at most 80%; diagonal 2×2 "
            "covariances, fractions only.",
    "medium": "Six points, three on each of two circles about the origin (one of six shapes, reflected), and "
              "the map (x² + y², x) that separates them: PC 1's share rises to at least 90%, 20 points or more "
              "above the share before; 2×2 covariances, eigenvalues with at most one square root.",
    "hard": "Four points (coordinates −3 to 3; one of five shapes, up to the square's symmetries) and the map "
            "(x², xy, y²): PC 1's share rises to at least 90%, 20 points or more above before; a 3×3 covariance "
            "after the map with one zero eigenvalue, all eigenvalues rational or with one square root.",
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
        # the few pairs of rings (three integer points each, coordinates −5 to 5, inner r² ≤ 5, outer r² ≥ 16)
        # the map straightens (PC 1 ≥ 90%, 20 points more than before) with distinct images and medium
        # spectra, from a search over all such pairs (none with coordinates −3 to 3: rings that close are too
        # round after the map); each up to reflections, which the map (x² + y², x) carries along
        flip_x, flip_y = rng.choice([1, -1]), rng.choice([1, -1])
        pts = [[flip_x * x, flip_y * y] for x, y in rng.choice(MEDIUM_SHAPES)]
        rng.shuffle(pts)
        return {"title": "Linear PCA cannot see a ring", "points": pts, "map": ["x1^2 + x2^2", "x1"]}
    # the few shapes of four points (coordinates −3 to 3) whose quadratic map straightens them (PC 1 ≥ 90%,
    # 20 points more than before), with distinct images and medium spectra, found by a search over all
    # 211 876 sets; each up to the square's symmetries, which the map carries along (x², xy, y² permuted
    # or negated), so the spectra and shares are the shape's
    shape = rng.choice(HARD_SHAPES)
    flip_x, flip_y, swap = rng.choice([1, -1]), rng.choice([1, -1]), rng.random() < 0.5
    pts = [[y, x] if swap else [x, y] for x, y in ((flip_x * x, flip_y * y) for x, y in shape)]
    rng.shuffle(pts)
    return {"title": "PCA before and after a quadratic map", "points": pts, "map": ["x1^2", "x1*x2", "x2^2"]}


MEDIUM_SHAPES = (((-1, 0), (0, -1), (1, 0), (-4, 0), (0, 4), (4, 0)),
                 ((-2, -1), (-1, -2), (1, -2), (-5, 2), (-2, -5), (5, 2)),
                 ((-2, -1), (-1, -2), (1, 2), (-5, 2), (-2, -5), (5, -2)),
                 ((-2, -1), (-1, 2), (1, -2), (-5, 2), (-2, -5), (5, -2)),
                 ((-2, -1), (-1, 2), (1, 2), (-5, -2), (-2, -5), (5, -2)),
                 ((-2, -1), (-1, 2), (1, 2), (-5, 2), (-2, -5), (5, 2)))
HARD_SHAPES = (((-3, -3), (-3, -2), (-3, 3), (3, -2)), ((-3, -3), (-3, 2), (3, -3), (3, 2)),
               ((-3, -3), (-3, 3), (3, -2), (3, 2)), ((-3, -1), (-1, -3), (0, 3), (3, 0)),
               ((-3, -1), (0, -3), (1, 3), (3, 0)))


def nice(solution, difficulty):
    return demonstrates(solution) and within_bounds(solution, difficulty)


def demonstrates(solution) -> bool:
    """The problem shows what it claims: no two points with one image (the map would merge them), and the
    map clearly straightens the data, PC 1 carrying at least ONE_DIRECTION after it and MIN_GAIN more
    than before."""
    from tutor.exact.tidy import sign_of
    from tutor.topics.pca_feature_map import MIN_GAIN, ONE_DIRECTION, shares

    mapped = solution.answers["mapped_points"]
    before, after = shares(solution.steps)
    return (len(set(mapped)) == len(mapped) and sign_of(after - ONE_DIRECTION) >= 0
            and sign_of(after - before - MIN_GAIN) >= 0)
