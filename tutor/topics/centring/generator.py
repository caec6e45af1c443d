"""centring: a kernel matrix from points, to be centred by hand."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    return draw.points_with_kernel(rng, difficulty, "Centring a kernel matrix")


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
