"""pca: points whose covariance has nice eigenvalues."""

from tutor.generators import draw
from tutor.generators.nice import eigen_nice, scatter, spectrum_nice, within_bounds


def make(rng, difficulty):
    if difficulty == "hard":
        pts = draw.points(rng, rng.choice([4, 5]), 3, -1, 2)
        extra = {"components": 2, "divisor": rng.choice(["n", "n-1"])}
    else:
        pts = draw.points(rng, 4 if difficulty == "easy" else 5, 2, -2, 3)
        extra = {"components": 1}
    if pts is None or not spectrum_nice(scatter(pts), difficulty):
        return None
    return {"title": "PCA step by step", "points": pts, **extra}


def nice(solution, difficulty):
    return eigen_nice(solution.answers["eigenvalues"], difficulty) and within_bounds(solution, difficulty)
