"""kernel-pca: three points and a kernel whose centred matrix has nice eigenvalues."""

from tutor.generators import draw
from tutor.generators.nice import centred, eigen_nice, gram, spectrum_nice, within_bounds


def make(rng, difficulty):
    if difficulty == "easy":
        pts, kernel = draw.points(rng, 3, 2), {"name": "linear"}
    elif difficulty == "medium":
        pts = draw.points(rng, 3, 2, -1, 2) if rng.random() < 0.5 else draw.points(rng, 4, 2)
        kernel = {"name": "polynomial", "degree": 2, "offset": 1} if len(pts or ()) == 3 else {"name": "linear"}
    else:
        pts = draw.points(rng, 3, 2, 0, 2)
        kernel = {"name": "rbf", "gamma": "ln(2)/4"}
    if pts is None:
        return None
    if kernel["name"] != "rbf":
        K = gram(pts, kernel.get("offset", 0), kernel.get("degree", 1))
        if not spectrum_nice(centred(K), difficulty, zeros=1):
            return None
    return {"title": "Kernel PCA", "points": pts, "kernel": kernel}


def nice(solution, difficulty):
    values = solution.answers["eigenvalues"]
    return (eigen_nice(values, difficulty, zeros=1) and "coordinates" in solution.answers
            and within_bounds(solution, difficulty))
