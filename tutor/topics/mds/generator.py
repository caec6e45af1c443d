"""mds: classical scaling of points given by coordinates (easy, medium) or of a table of whole
distances that need not be Euclidean at all (hard)."""

import sympy as sp

from tutor.generators import draw
from tutor.generators.nice import centred, spectrum_nice, within_bounds


def make(rng, difficulty):
    title = "Classical multidimensional scaling"
    if difficulty == "hard":
        n = 4
        table = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                table[i][j] = table[j][i] = rng.randint(1, 5)
        squared = [[t * t for t in row] for row in table]
        if not spectrum_nice(_b_matrix(squared), "hard"):
            return None
        return {"title": title, "distances": table}
    n = 3 if difficulty == "easy" else 4
    pts = draw.points(rng, n, 2, -2, 2)
    if pts is None:
        return None
    squared = [[sum((a - b) ** 2 for a, b in zip(p, q)) for q in pts] for p in pts]
    if not spectrum_nice(_b_matrix(squared), difficulty, zeros=n - 2):
        return None
    return {"title": title, "points": pts}


def _b_matrix(squared):
    """B = −½ H [d²] H."""
    return centred([[-sp.Rational(t, 2) for t in row] for row in squared])


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
