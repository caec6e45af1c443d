"""pca-feature-map: points on a curve that a feature map straightens."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    if difficulty == "easy":  # a parabola y = a x² + b: the map (x, y − a x²) makes it a line
        a, b = rng.choice([1, 2]), rng.randint(-1, 1)
        xs = sorted(rng.sample(range(-2, 3), 4))
        return {"title": "Linear PCA cannot see a parabola",
                "points": [[x, a * x * x + b] for x in xs], "map": ["x1", f"x2 - {a}*x1^2"]}
    if difficulty == "medium":  # two rings: the squared radius separates them
        r1, r2 = rng.sample([1, 2, 3, 4], 2)
        ring = [[1, 0], [0, 1], [-1, 0], [0, -1]]
        inner, outer = rng.sample(ring, 3), rng.sample(ring, rng.choice([2, 3]))
        pts = [[r1 * x, r1 * y] for x, y in inner] + [[r2 * x, r2 * y] for x, y in outer]
        return {"title": "Linear PCA cannot see a ring", "points": pts,
                "map": ["x1^2 + x2^2", "x1"]}
    pts = draw.points(rng, 4, 2, -2, 2)
    if pts is None:
        return None
    return {"title": "PCA before and after a quadratic map", "points": pts,
            "map": ["x1^2", "x1*x2", "x2^2"]}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
