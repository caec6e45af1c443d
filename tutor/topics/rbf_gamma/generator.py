"""rbf-gamma: γ from a similarity at a distance, and what it does to other distances."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds


def make(rng, difficulty):
    if difficulty == "easy":
        s, d = "1/2", rng.choice([1, 2, 4])
        distances = sorted({d * k for k in rng.sample([1, 2, 3, 4], 3)} | {d})
        distances = [x // 2 if x % 2 == 0 and rng.random() < 0.3 else x for x in distances]
    elif difficulty == "medium":
        s, d = rng.choice(["1/4", "e^(-1)", "1/8"]), rng.choice([1, 2, 3])
        distances = sorted(rng.sample(range(1, 7), 3))
    else:
        s, d = rng.choice(["1/3", "2/3", "1/10", "3/4"]), rng.randint(1, 5)
        distances = sorted(rng.sample(range(1, 11), 4))
    return {"title": "Choosing gamma for an RBF kernel", "similarity": s,
            "distance": d, "distances": sorted(set(distances))}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
