"""trace-det: small integer matrices (easy), with fractions (medium) or a square root (hard)."""

from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    entries = [rng.randint(-5, 5) for _ in range(4)]
    if difficulty == "medium":
        entries[rng.randrange(4)] = f"{rng.randint(1, 5)}/{rng.choice([2, 3, 4])}"
    elif difficulty == "hard":
        entries[rng.randrange(4)] = f"{rng.randint(1, 3)}*sqrt({rng.choice([2, 3, 5])})"
    if entries[1] == 0 and entries[2] == 0:
        return None  # a diagonal matrix teaches nothing: draw again
    return {"title": "Trace and determinant",
            "matrix": [entries[:2], entries[2:]]}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
