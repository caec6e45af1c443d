"""feature-map: the explicit map of a polynomial kernel, and the kernel trick on two points."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    degree, offset, d = {"easy": (2, 0, 2), "medium": (2, rng.choice([1, 2]), 2),
                         "hard": rng.choice([(3, 1, 2), (2, 1, 3)])}[difficulty]
    pts = draw.points(rng, 2, d, -2, 2)
    if pts is None:
        return None
    return {"title": "Feature map of a polynomial kernel", "degree": degree,
            "offset": offset, "points": pts}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty, keys=("phi", "kernel_value"))
