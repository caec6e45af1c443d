"""feature-mean: the mean of mapped points and each point's distance to it."""

from tutor.generators import draw, titles
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Three points in the plane and the linear kernel: ‖μφ‖² and the squared distances to the mean are "
            "fractions in ninths.",
    "medium": "Three points and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: fractions in ninths.",
    "hard": "Four points and an RBF kernel γ = ln(2)/c whose entries are all powers of ½: sums of sixteen "
            "entries, every value a fraction.",
}


def make(rng, difficulty):
    data = draw.points_with_kernel(rng, difficulty, "")
    if data is not None:  # the title from the drawn data, as the bundled "Mean in feature space, quadratic kernel"
        data["title"] = (f"Mean in feature space of {titles.few_points(data['points'])} under "
                         f"{titles.kernel(data['kernel'])}")
    return data


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
