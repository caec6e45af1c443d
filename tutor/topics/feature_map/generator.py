"""feature-map: the explicit map of a polynomial kernel, and the kernel trick on two points."""

from tutor.generators import titles
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "The homogeneous quadratic kernel (xᵀy)² in the plane: φ has three coordinates (one with √2), and "
            "two points with coordinates ±1 or ±2 whose φ and K(x, y) = φ(x)ᵀφ(y) are checked against each other.",
    "medium": "The quadratic kernel (c + xᵀy)² with c = 1 or 2 in the plane: six coordinates of φ with √2 and "
              "√(2c), two integer points.",
    "hard": "The cubic kernel (1 + xᵀy)³ in the plane: ten coordinates of φ with √3 and √6, two integer points, "
            "and K(x, y) up to 729.",
}


def make(rng, difficulty):
    degree, offset, d = {"easy": (2, 0, 2), "medium": (2, rng.choice([1, 2]), 2),
                         "hard": (3, 1, 2)}[difficulty]
    # no coordinate 0 (the origin maps to (0, …, 0, c)) and no dot product 0 or −c: the two feature
    # vectors have no zero entries and K(x, y) ≠ 0, one solution path per difficulty
    pts = [[rng.choice([-2, -1, 1, 2]) for _ in range(d)] for _ in range(2)]
    dot = sum(a * b for a, b in zip(*pts))
    # nor two points on one line through the origin: y = ±x (or ±2x) gave the homogeneous map one image for
    # both, φ(x) = φ(y), and every cross term the same ratio, which teaches nothing about the map
    collinear = pts[0][0] * pts[1][1] == pts[0][1] * pts[1][0]
    if collinear or dot == 0 or offset + dot == 0:
        return None
    kernel = titles.kernel({"name": "polynomial", "degree": degree, "offset": offset})
    return {"title": f"Feature map of {kernel} at {titles.points(pts)}", "degree": degree,
            "offset": offset, "points": pts}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty, keys=("phi", "kernel_value"))
