"""feature-space: norms, distance and angle of two mapped points."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    pts = draw.points(rng, 2, 2, -2, 3)
    if pts is None or [0, 0] in pts:
        return None
    kernel = draw.kernel(rng, difficulty)
    if difficulty == "easy":
        kernel = {"name": "polynomial", "degree": 2, "offset": 0}
    return {"title": "Norm, distance and angle in feature space", "points": pts,
            "kernel": kernel}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
