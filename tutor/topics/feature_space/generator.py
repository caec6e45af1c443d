"""feature-space: norms, distance and angle of two mapped points."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Two points in the plane and the kernel (xᵀy)²: the three kernel values, the norms and the squared "
            "distance are integers and the cosine a fraction.",
    "medium": "Two points in the plane and the kernel (1 + xᵀy)² or (2 + xᵀy)²: integers and one fraction, "
              "d_φ a single square root.",
    "hard": "Two points in space and an RBF kernel γ = ln(2)/c: K(x, y) a power of ½ from √2/2 down to ⅛, "
            "norms 1, and d_φ = √(2 − 2K), which may be a root of a root as on the card.",
}

# d_φ = √(2 − 2K) of an RBF kernel is the card's own root: with K = √2/2 it is √(2 − √2).
NESTED_STEPS = ("distance_sq",)


def make(rng, difficulty):
    if difficulty == "hard":
        # γ = ln(2)/c and δ a half-multiple of c up to 3c: K(x, y) = 2^(−δ/c), from √2/2 down to ⅛
        pts, c = draw.points(rng, 2, 3, -2, 2), rng.choice([1, 2, 4, 8])
        kernel = None
        if pts and 2 * draw.squared_distances(pts)[0] in (c, 2 * c, 3 * c, 4 * c, 5 * c, 6 * c):
            kernel = {"name": "rbf", "gamma": "ln(2)" if c == 1 else f"ln(2)/{c}"}
    else:
        pts = draw.points(rng, 2, 2, -2, 3)
        offset = 0 if difficulty == "easy" else rng.choice([1, 2])
        kernel = {"name": "polynomial", "degree": 2, "offset": offset}
    if pts is None or kernel is None or [0] * len(pts[0]) in pts:
        return None
    if difficulty != "hard":
        k = [[(kernel["offset"] + sum(a * b for a, b in zip(p, q))) ** 2 for q in pts] for p in pts]
        if k[0][1] == 0 or k[0][0] + k[1][1] == 2 * k[0][1]:
            return None  # a right angle or one point in feature space (x = −y): another solution path
    return {"title": "Norm, distance and angle in feature space", "points": pts, "kernel": kernel}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
