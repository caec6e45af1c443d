"""high-dim: the ball in the cube, thin shells, or random directions, for a few dimensions."""

from tutor.generators.nice import within_bounds

RULES = {
    "easy": "The ratio Vol(ball)/Vol(cube) for 4 dimensions from 1 to 10: rational multiples of powers of π.",
    "medium": "The ratio for 4 dimensions from 2 to 10, and the fraction of the ball's volume within a "
              "shell of width 1/10, 1/5 or 1/2: 1 − (1 − ε)^m as a fraction.",
    "hard": "The ratio for 4 dimensions from 2 to 12, and the probability that a random direction lies "
            "within π/6, π/4 or π/3 of a fixed one, in exact closed form.",
}


def make(rng, difficulty):
    data = {"title": None}
    if difficulty == "easy":
        data["dimensions"] = sorted(rng.sample(range(1, 11), 4))
    elif difficulty == "medium":
        data["dimensions"] = sorted(rng.sample([2, 3, 4, 5, 6, 8, 10], 4))
        data["shell"] = rng.choice(["1/10", "1/5", "1/2"])
    else:
        data["dimensions"] = sorted(rng.sample(range(2, 13), 4))
        data["angle"] = rng.choice(["pi/6", "pi/4", "pi/3"])
    data["title"] = title(data)
    return data


def title(data) -> str:
    """What is asked and in which dimensions, as the bundled "Random directions in 30 dimensions"."""
    m = data["dimensions"]
    where = f"in {', '.join(str(k) for k in m[:-1])} and {m[-1]} dimensions"
    if "shell" in data:
        return f"The ball in the cube and a shell of width {data['shell']} {where}"
    if "angle" in data:
        return f"The ball in the cube and directions within {data['angle'].replace('pi', 'π')} {where}"
    return f"The ball in the cube {where}"


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
