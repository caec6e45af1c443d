"""feature-mean: the mean of mapped points and each point's distance to it."""

from . import draw
from .nice import within_bounds


def make(rng, difficulty):
    pts = draw.points(rng, 3 if difficulty != "hard" else 4, 2)
    if pts is None:
        return None
    return {"title": draw.title("The feature-space mean", difficulty), "points": pts,
            "kernel": draw.kernel(rng, difficulty)}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
