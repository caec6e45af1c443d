"""feature-map: the explicit map of a polynomial kernel, and the kernel trick on two points."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "The homogeneous quadratic kernel (xᵀy)² in the plane: φ has three coordinates (one with √2), and "
            "two integer points whose φ and K(x, y) = φ(x)ᵀφ(y) are checked against each other.",
    "medium": "The quadratic kernel (c + xᵀy)² with c = 1 or 2 in the plane: six coordinates of φ with √2 and √c, "
              "two integer points.",
    "hard": "The cubic kernel (1 + xᵀy)³ in the plane: ten coordinates of φ with √3 and √6, two integer points, "
            "and K(x, y) up to a few hundred.",
}


def make(rng, difficulty):
    degree, offset, d = {"easy": (2, 0, 2), "medium": (2, rng.choice([1, 2]), 2),
                         "hard": (3, 1, 2)}[difficulty]
    pts = draw.points(rng, 2, d, -2, 2)
    if pts is None:
        return None
    return {"title": "Feature map of a polynomial kernel", "degree": degree,
            "offset": offset, "points": pts}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty, keys=("phi", "kernel_value"))
