"""centring: a kernel matrix from points, to be centred by hand, with the arithmetic bounded.

Hard is four points and an RBF kernel whose entries are 1, ½, ¼ and ⅛ only (every squared distance at
most 3c): the row means are then in 32nds at most and the grand mean in 128ths, where entries down to 1/32
put K̂ in 256ths, a page of arithmetic that tests nothing a 3×3 does not."""

from tutor.generators import draw
from tutor.generators.nice import intermediate_denominator, within_bounds

MAX_DENOMINATOR = {"easy": 9, "medium": 9, "hard": 128}  # the largest denominator any step prints

RULES = {
    "easy": "Three points in the plane and the linear kernel: K, the row means, the grand mean and K̂ are "
            "integers and fractions in ninths.",
    "medium": "Three points and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: larger integers, fractions in ninths.",
    "hard": "Four points and an RBF kernel γ = ln(2)/c whose entries are 1, ½, ¼ and ⅛: a 4×4 "
            "matrix to centre, every value a fraction with a denominator up to 128.",
}


def make(rng, difficulty):
    if difficulty != "hard":
        return draw.points_with_kernel(rng, difficulty, "Centring a kernel matrix")
    return draw.first_built(_hard, rng, difficulty, 20)  # one cheap draw in a few dozen is this close


def _hard(rng, difficulty):
    pts = draw.points(rng, 4, 2)
    kernel = draw.rbf_halving(rng, pts, most=3) if pts is not None else None
    return None if kernel is None else {"title": "Centring a kernel matrix", "points": pts, "kernel": kernel}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty) and intermediate_denominator(solution) <= MAX_DENOMINATOR[difficulty]
