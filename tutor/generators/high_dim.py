"""high-dim: the ball in the cube, thin shells, or random directions, for a few dimensions."""

from . import draw


def make(rng, difficulty):
    data = {"title": draw.title("Data in high dimensions", difficulty)}
    if difficulty == "easy":
        data["dimensions"] = sorted(rng.sample(range(1, 11), 4))
    elif difficulty == "medium":
        data["dimensions"] = sorted(rng.sample([2, 3, 5, 10, 20, 50, 100], 4))
        data["shell"] = rng.choice(["1/10", "1/20", "1/100", "1/5"])
    else:
        data["dimensions"] = sorted(rng.sample(range(2, 31), 4))
        data["angle"] = rng.choice(["pi/6", "pi/4", "pi/3"])
    return data


def nice(solution, difficulty):
    return True  # exact closed forms for every m; sizes follow from the dimensions drawn
