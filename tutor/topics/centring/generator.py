"""centring: a kernel matrix from points, to be centred by hand."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Three points in the plane and the linear kernel: K, the row means, the grand mean and K̂ are "
            "integers and fractions in ninths.",
    "medium": "Three points and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: larger integers, fractions in ninths.",
    "hard": "Four points and an RBF kernel γ = ln(2)/c whose entries are all powers of ½ (1, ½, ¼, …): "
            "a 4×4 matrix to centre, every value a fraction.",
}


def make(rng, difficulty):
    return draw.points_with_kernel(rng, difficulty, "Centring a kernel matrix")


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
