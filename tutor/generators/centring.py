"""centring: a kernel matrix from points, to be centred by hand."""

from . import draw
from .nice import within_bounds


def make(rng, difficulty):
    pts = draw.points(rng, 3 if difficulty != "hard" else 4, 2)
    if pts is None:
        return None
    return {"title": draw.title("Centring a kernel matrix", difficulty), "points": pts,
            "kernel": draw.kernel(rng, difficulty)}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
