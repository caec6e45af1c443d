"""rbf-gamma: γ from a similarity at a distance, and what it does to other distances.

Every listed distance is a simple multiple k·d of the given distance d, so every kernel value is a power
of the one similarity s: K = s^(k²), as the card's K = 2^(−d²/4) at d = 1, 2, 4, 8 (k = ½, 1, 2, 4).

Three structures per difficulty, each a question the card's recipe answers (γ from s at d, then K and
d_φ at the listed distances), told apart by what is asked and which distances are listed:
- card: γ, K and d_φ at distances below, at and beyond d, the card's (a)–(d);
- similarities: γ and K only, at a few distances: how similar are points at other distances?
- far: γ and d_φ at every multiple the difficulty allows, up to 3 or 4 times d: what happens to far-apart
  points?
The inverse questions (γ given → the distance at which K = s; two similarities → γ and a check) would need
a recipe that starts from γ, which the topic does not have.
"""

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Similarity ½ at a whole-number distance d, distances 1 to 4 times d: every K is ½, 1/16, 1/512 or "
            "1/65536, each d_φ one square root. One of three questions: γ, K and d_φ at three distances (the "
            "card's); γ and K at two; γ and d_φ at d, 2d, 3d, 4d.",
    "medium": "Similarity 1/4, 1/9, 1/16 or e⁻¹ at an even distance d, distances ½ to 3 times d: each K a power "
              "of it with at most √2 or √3 in it. One of three questions: γ, K and d_φ at four distances; γ and "
              "K at three; γ and d_φ at five (far-apart points).",
    "hard": "Similarity ½, ⅓, ⅕, ⅛ or 1/10 at an even distance d, distances ½ to 3 times d: K = s^(k²) with "
            "fourth roots, d_φ a root of a root given as the card's decimal. One of three questions: γ, K and "
            "d_φ at five distances; γ and K at four; γ and d_φ at six.",
}

# d_φ = √(2 − 2K) is the card's own formula: with K = 2^(−1/4) it is √(2 − 2·2^(3/4)), nested by nature.
NESTED_STEPS = ("feature_distances",)

# ratio k = t/d of a listed distance t to the given distance d, and the similarities, per difficulty
HALF = Fraction(1, 2)
RATIOS = {"easy": (1, 2, 3, 4), "medium": (HALF, 1, 3 * HALF, 2, 3), "hard": (HALF, 1, 3 * HALF, 2, 5 * HALF, 3)}
# medium: squares, so a half ratio's fourth root is a square root (1/16 gives rationals throughout)
SIMILARITIES = {"easy": ("1/2",), "medium": ("1/4", "1/9", "1/16", "e^(-1)"),
                "hard": ("1/2", "1/3", "1/5", "1/8", "1/10")}
STRUCTURES = ("card", "similarities", "far")
# distances listed per structure: the card's table, a few similarities, every multiple for far-apart points
COUNT = {"card": {"easy": 3, "medium": 4, "hard": 5}, "similarities": {"easy": 2, "medium": 3, "hard": 4},
         "far": {"easy": 4, "medium": 5, "hard": 6}}
PARTS = {
    "card": None,  # the topic's three parts: γ, K, and d_φ with far-apart points
    "similarities": ["gamma", {"key": "kernel_values",
                               "text": "How similar are two points at each of the input distances? Give each "
                                       "similarity exactly and as a decimal."}],
    "far": ["gamma", "feature_distances"],
}


WINDOW = 4  # candidates a seed may take (the first nice one): seeds take disjoint windows, so none repeats


@lru_cache(maxsize=None)
def _candidates(difficulty: str, kind: str) -> tuple[tuple[str, tuple, int, str], ...]:
    """Every (structure, ratios, d, similarity) of a difficulty and structure, in one fixed shuffled order."""
    out = []
    for ratios in combinations(RATIOS[difficulty], COUNT[kind][difficulty]):
        # the given distance: a multiple of every ratio's denominator, so each listed distance is whole
        unit = 1
        for k in ratios:
            unit = unit * Fraction(k).denominator // _gcd(unit, Fraction(k).denominator)
        for multiple in range(1, {"easy": 12, "medium": 6, "hard": 5}[difficulty] + 1):
            out += [(kind, ratios, unit * multiple, s) for s in SIMILARITIES[difficulty]]
    random.Random(f"rbf-gamma:{difficulty}:{kind}").shuffle(out)
    return tuple(out)


def make(rng, difficulty, seed: int = 0):
    # The structures take turns over consecutive seeds, and seed s draws from its own window of that
    # structure's shuffled candidates (medium seeds 1 and 2 drew one problem twice when each seed drew
    # freely); within the window, the first nice one.
    candidates = _candidates(difficulty, STRUCTURES[seed % len(STRUCTURES)])
    kind, ratios, d, s = candidates[(seed // len(STRUCTURES) * WINDOW + rng.randrange(WINDOW)) % len(candidates)]
    distances = [int(k * d) for k in ratios]
    data = {"title": title(kind, s, d, distances), "similarity": s, "distance": d, "distances": distances}
    if PARTS[kind] is not None:
        data["parts"] = PARTS[kind]
    return data


def title(kind: str, s: str, d: int, distances) -> str:
    """What the problem asks, from its own numbers, as the bundled titles say it ("Similarity 1/e at
    distance 1")."""
    similarity = "1/e" if s == "e^(-1)" else s
    given = f"similarity {similarity} at distance {d}"
    if kind == "card":
        return f"RBF {given}"
    if kind == "similarities":
        listed = ", ".join(str(t) for t in distances[:-1]) + f" and {distances[-1]}"
        return f"From {given} to distances {listed}"
    return f"Far-apart points under {given}"


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def nice(solution, difficulty):
    return within_bounds(solution, difficulty, keys=("gamma", "kernel_values"))
