"""amortised: a dynamic array, a growth factor and a potential, from the post's to mismatched ones."""

from tutor.generators import draw
from tutor.generators.nice import within_bounds

MATCHED = {2: "2n - m", 3: "(3n - m)/2", 4: "(4n - m)/3"}  # Φ = (g·n − m)/(g − 1): constant amortised cost
OTHER = ("2n - m", "n", "3n - m", "2n - m + 1")

RULES = {
    "easy": "The post's doubling array from length 0 with Φ = 2n − m, for 4 to 16 insertions: the table "
            "of costs and potentials, every amortised cost 3 (the number of insertions is the only "
            "thing that varies, so there are 13 problems).",
    "medium": "6 to 12 insertions from length 1 or 2, doubling or tripling, with the matching potential "
              "(g·n − m)/(g − 1): constant amortised costs, checks Φ(h₀) = 0 and Φ ≥ 0.",
    "hard": "12 insertions, start length 0 to 3, growth 2, 3 or 4, and a potential that may not fit "
            "(2n − m with tripling, or Φ(h₀) ≠ 0): the failing check to notice and explain.",
}


def make(rng, difficulty):
    data = {"title": "The potential method"}
    if difficulty == "easy":
        data["n"] = rng.randint(4, 16)
        data["start"] = 0
        data["growth"] = 2
        data["potential"] = MATCHED[2]
    elif difficulty == "medium":
        data["n"] = rng.randint(6, 12)
        data["start"] = rng.choice((1, 2))
        data["growth"] = rng.choice((2, 3))
        data["potential"] = MATCHED[data["growth"]]
    else:
        data["n"] = 12  # one table length: the variants (start, growth, potential) share one solution path
        data["start"] = rng.choice((0, 1, 2, 3))
        data["growth"] = rng.choice((2, 3, 4))
        data["potential"] = rng.choice((MATCHED[data["growth"]], *OTHER))
    return data


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)


def path(solution):
    """One path for every number of insertions: a longer table of the same steps is worked the same way
    (the checks that hold or fail still tell variants apart)."""
    return tuple((s.key, s.passed) for s in solution.steps)
