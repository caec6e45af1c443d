"""kernel-matrix: a few points and a kernel, small numbers by construction."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    n, d = (3, 2) if difficulty != "hard" else (rng.choice([3, 4]), rng.choice([2, 3]))
    pts = draw.points(rng, n, d)
    if pts is None:
        return None
    return {"title": "Kernel matrix", "points": pts, "kernel": draw.kernel(rng, difficulty)}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
