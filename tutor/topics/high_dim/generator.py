"""high-dim: the ball in the cube, thin shells, or random directions, for a few dimensions."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    data = {"title": "Data in high dimensions"}
    if difficulty == "easy":
        data["dimensions"] = sorted(rng.sample(range(1, 11), 4))
    elif difficulty == "medium":
        data["dimensions"] = sorted(rng.sample([2, 3, 4, 5, 6, 8, 10], 4))
        data["shell"] = rng.choice(["1/10", "1/5", "1/2"])
    else:
        data["dimensions"] = sorted(rng.sample(range(2, 13), 4))
        data["angle"] = rng.choice(["pi/6", "pi/4", "pi/3"])
    return data


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
