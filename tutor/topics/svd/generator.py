"""svd: a small matrix with nice singular values: whole numbers when easy, square roots of
rationals when medium, and no root beyond a quadratic when hard."""

from math import isqrt

from tutor.generators import draw
from tutor.generators.nice import gram, spectrum_nice, within_bounds


def make(rng, difficulty):
    rows, cols = {"easy": (2, 2), "medium": (2, 3), "hard": rng.choice([(3, 3), (2, 4)])}[difficulty]
    D = [[rng.randint(-2, 3) for _ in range(cols)] for _ in range(rows)]
    if difficulty == "easy" and not _whole_singular_values(D):
        return None
    dtd = gram([list(column) for column in zip(*D)])  # DᵀD: the Gram matrix of D's columns
    rank = min(rows, cols)
    if difficulty != "easy" and not spectrum_nice(dtd, "easy" if difficulty == "medium" else "hard",
                                                  zeros=cols - rank):
        return None
    return {"title": "SVD and Eckart-Young", "matrix": D, "rank": 1}


def _whole_singular_values(D) -> bool:
    """For a 2×2 matrix: s₁ ≠ s₂ both whole and non-zero, from s₁² + s₂² = ‖D‖²_F and s₁s₂ = |det D|."""
    (a, b), (c, d) = D
    total, det = a * a + b * b + c * c + d * d, abs(a * d - b * c)
    plus, minus = total + 2 * det, total - 2 * det
    return det != 0 and minus > 0 and isqrt(plus) ** 2 == plus and isqrt(minus) ** 2 == minus


def nice(solution, difficulty):
    return len(solution.answers["singular_values"]) >= 2 and within_bounds(solution, difficulty)
