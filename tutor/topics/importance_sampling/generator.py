"""importance-sampling: small distributions with small denominators, and samples from q."""

from fractions import Fraction

from tutor.topics.importance_sampling import pick
from tutor.generators import draw
from tutor.generators.nice import within_bounds

FUNCTIONS = ("x^2", "x", "x^2 - x", "2*x + 1", "x^3")

RULES = {
    "easy": "3 support points from 0, p in quarters or eighths, a uniform proposal q, f as a list of "
            "whole values, 5 samples given: E_p[f], the weights, the estimate and both variances in simple fractions.",
    "medium": "4 support points, p and q with denominators up to 16 (p may be 0 somewhere), f as a list "
              "of whole values from −2 to 5, 5 samples given: the same steps.",
    "hard": "6 support points and f as a formula (x², x³, 2x + 1, …); 10 samples drawn exactly from q "
            "with a stated seed: the same steps on a longer table.",
}


def _distribution(rng, size: int, denominator: int, *, positive: bool) -> list:
    """Probabilities with a common denominator: ``denominator`` units split among ``size`` points."""
    low = 1 if positive else 0
    if denominator < size * low:
        return []
    cuts = sorted(rng.randint(0, denominator - size * low) for _ in range(size - 1))
    counts = [b - a + low for a, b in zip([0, *cuts], [*cuts, denominator - size * low])]
    return [_written(Fraction(c, denominator)) for c in counts]


def _written(value: Fraction):
    return int(value) if value.denominator == 1 else str(value)


def make(rng, difficulty):
    size = {"easy": 3, "medium": 4, "hard": 6}[difficulty]  # one size per difficulty: one solution path
    start = rng.randint(-1, 1) if difficulty != "easy" else 0
    support = list(range(start, start + size))
    p = _distribution(rng, size, rng.choice((4, 8)) if difficulty == "easy" else rng.choice((8, 10, 12, 16)),
                      positive=difficulty == "easy")
    q = ([_written(Fraction(1, size))] * size if difficulty == "easy"
         else _distribution(rng, size, rng.choice((5, 8, 10)), positive=True))
    if not p or not q or 0 in q:
        return None
    data = {"title": "Importance sampling", "support": support, "p": p, "q": q}
    if difficulty == "hard":
        data["f"] = rng.choice(FUNCTIONS)
        data["draw"] = {"n": 10, "seed": rng.randint(1, 9999)}
    else:
        data["f"] = [rng.randint(-2 if difficulty == "medium" else 0, 5) for _ in support]
        if len(set(data["f"])) == 1:
            return None
        data["samples"] = list(pick(rng, support, q, 5))
    return data


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
