"""feature-mean: the mean of mapped points and each point's distance to it."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    return draw.points_with_kernel(rng, difficulty, "The feature-space mean")


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
