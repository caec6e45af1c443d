"""pca-gram: few points in more dimensions, through the n×n Gram matrix."""

from tutor.generators import draw
from tutor.generators.nice import centred, eigen_nice, gram, spectrum_nice, within_bounds


def make(rng, difficulty):
    n, d = {"easy": (2, 3), "medium": (3, 4), "hard": (4, 5)}[difficulty]
    pts = draw.points(rng, n, d, -1, 2)
    if pts is None or not spectrum_nice(centred(gram(pts)), difficulty, zeros=1):
        return None
    return {"title": "PCA through the Gram matrix", "points": pts}


def nice(solution, difficulty):
    values = solution.answers["gram_eigenvalues"]
    return eigen_nice(values, difficulty, zeros=1) and within_bounds(solution, difficulty)
