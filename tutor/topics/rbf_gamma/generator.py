"""rbf-gamma: γ from a similarity at a distance, and what it does to other distances.

Every listed distance is a simple multiple k·d of the given distance d, so every kernel value is a power
of the one similarity s: K = s^(k²), as the card's K = 2^(−d²/4) at d = 1, 2, 4, 8 (k = ½, 1, 2, 4).
"""

from fractions import Fraction

from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Similarity ½ at a whole-number distance d, and three distances that are whole multiples of d "
            "(1 to 4 times), so every K is ½, 1/16, 1/512 or 1/65536 and each d_φ = √(2 − 2K) one square root.",
    "medium": "Similarity 1/4, 1/9, 1/16 or e⁻¹ at an even distance d, and four distances at ½, 1, 3/2, 2 or 3 "
              "times d: every K is a power of that similarity with at most one square root (√2 or √3) in it.",
    "hard": "Similarity ½, ⅓, ⅕, ⅛ or 1/10 at an even distance d, and five distances at ½ to 3 times d, as on the "
            "card: K = s^(k²) with fourth roots such as 2^(−1/4), and d_φ = √(2 − 2K) a root of a root.",
}

# d_φ = √(2 − 2K) is the card's own formula: with K = 2^(−1/4) it is √(2 − 2·2^(3/4)), nested by nature.
NESTED_STEPS = ("feature_distances",)

# ratio k = t/d of a listed distance t to the given distance d, and the similarities, per difficulty
HALF = Fraction(1, 2)
RATIOS = {"easy": (1, 2, 3, 4), "medium": (HALF, 1, 3 * HALF, 2, 3), "hard": (HALF, 1, 3 * HALF, 2, 5 * HALF, 3)}
# medium: squares, so a half ratio's fourth root is a square root (1/16 gives rationals throughout)
SIMILARITIES = {"easy": ("1/2",), "medium": ("1/4", "1/9", "1/16", "e^(-1)"),
                "hard": ("1/2", "1/3", "1/5", "1/8", "1/10")}
COUNT = {"easy": 3, "medium": 4, "hard": 5}  # distances listed: one path per difficulty


def make(rng, difficulty):
    ratios = sorted(rng.sample(RATIOS[difficulty], COUNT[difficulty]))
    # the given distance: a multiple of every ratio's denominator, so each listed distance is a whole number
    unit = 1
    for k in ratios:
        unit = unit * Fraction(k).denominator // _gcd(unit, Fraction(k).denominator)
    d = unit * rng.randint(1, {"easy": 12, "medium": 4, "hard": 3}[difficulty])
    distances = [int(k * d) for k in ratios]
    return {"title": "Choosing gamma for an RBF kernel", "similarity": rng.choice(SIMILARITIES[difficulty]),
            "distance": d, "distances": distances}


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def nice(solution, difficulty):
    return within_bounds(solution, difficulty, keys=("gamma", "kernel_values"))
