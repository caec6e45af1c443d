"""importance-sampling: small distributions with small denominators, p, q, f and the samples all written
in the file, so that the statement gives a student every value (never a seed to draw from).

Each difficulty draws one of several structures, each a different lesson of the notes: a uniform
proposal, a rare event that q draws more often, a point p never visits (its weight is 0), a poor
proposal that avoids the points where f·p is large (importance sampling varies more than plain Monte
Carlo), at medium and hard the zero-variance proposal q ∝ f·p (every f(xᵢ)w(xᵢ) equals E_p[f]), and at
hard a continuous pair: polynomial densities on [0, 1] with the samples given in tenths, so that the
sums become integrals and every weight is still a fraction."""

from fractions import Fraction

from tutor.topics.importance_sampling import pick
from tutor.generators.nice import within_bounds

FUNCTIONS = ("x^2", "x", "x^2 - x", "2*x + 1", "x^3", "x^2 + 1")

STRUCTURES = {
    "easy": ("uniform", "rare", "unvisited", "poor"),
    "medium": ("uniform", "rare", "unvisited", "poor", "optimal"),
    "hard": ("uniform", "rare", "unvisited", "poor", "optimal", "continuous"),
}

TITLES = {
    "uniform": "Importance sampling with a uniform proposal",
    "rare": "A rare event, seen more often",
    "unvisited": "A point the target never visits",
    # neither title says whether the proposal helps: part (f) asks exactly that
    "poor": "Importance sampling with a skewed proposal",
    "optimal": "Importance sampling with a non-uniform proposal",
    "continuous": "Importance sampling with polynomial densities",
}

RULES = {
    "easy": "3 support points from 0, p in quarters to sixteenths, q uniform or in halves to sixths, f as whole "
            "values from 0 to 5, 4 to 6 samples, all in the statement's table; one of a uniform proposal, a rare "
            "event (f = 1 at one point that q draws half the time), a point where p = 0 (its weight is 0) or a "
            "poor proposal (importance sampling varies more than plain Monte Carlo): E_p[f], the weights, both "
            "estimates and both variances in simple fractions.",
    "medium": "4 support points, p with denominators up to 16 and q up to 10, f as whole values from −2 to 5, "
              "5 or 6 samples in the statement; the easy structures or the zero-variance proposal q ∝ f·p "
              "(denominators up to 40; every f(xᵢ)w(xᵢ) is E_p[f]): the same steps.",
    "hard": "5 or 6 support points and f as a formula (x², x³, 2x + 1, …) with its values in the table, 8 to 10 "
            "samples in the statement; a uniform proposal, a rare event, a point where p = 0, a poor proposal or "
            "q ∝ f·p: the same steps on a longer table. Or densities on [0, 1]: p = (k + 1)x^k against a "
            "uniform q or q = (m + 1)x^m, m < k, f = x, x² or 1 − x, and 4 samples in quarters or fifths "
            "given in the statement: E_p[f] and both variances as integrals of polynomials, f(xᵢ)w(xᵢ) of "
            "degree at most 3 (denominators up to 125 before the sum).",
}


def _distribution(rng, size: int, denominator: int, *, positive: bool) -> list[Fraction]:
    """Probabilities with a common denominator: ``denominator`` units split among ``size`` points."""
    low = 1 if positive else 0
    if denominator < size * low:
        return []
    cuts = sorted(rng.randint(0, denominator - size * low) for _ in range(size - 1))
    return [Fraction(b - a + low, denominator) for a, b in zip([0, *cuts], [*cuts, denominator - size * low])]


def _written(value: Fraction):
    return int(value) if value.denominator == 1 else str(value)


def _values(rng, size: int, difficulty: str) -> list[int]:
    low = -2 if difficulty == "medium" else 0
    return [rng.randint(low, 5) for _ in range(size)]


def _f_of(rng, support, difficulty):
    """f as the file writes it and its value at each point: a formula at hard, whole values below."""
    if difficulty == "hard":
        text = rng.choice(FUNCTIONS)
        # each formula above is a polynomial in x with whole coefficients: evaluated with Fractions
        x2 = {"x^2": lambda x: x * x, "x": lambda x: x, "x^2 - x": lambda x: x * x - x,
              "2*x + 1": lambda x: 2 * x + 1, "x^3": lambda x: x ** 3, "x^2 + 1": lambda x: x * x + 1}[text]
        return text, [Fraction(x2(x)) for x in support]
    values = _values(rng, len(support), difficulty)
    return values, [Fraction(v) for v in values]


MAX_OPTIMAL_DENOMINATOR = 40
TRIES = 40  # draws of one structure before the generator is asked again


def make(rng, difficulty):
    """One structure per call, drawn until its numbers fit: each structure comes up about as often,
    however often its draws are thrown away."""
    structure = rng.choice(STRUCTURES[difficulty])
    for _ in range(TRIES):
        if (data := _make(rng, difficulty, structure)) is not None:
            return data
    return None


def _make(rng, difficulty, structure):
    if structure == "continuous":
        return _continuous(rng)
    size = {"easy": 3, "medium": 4, "hard": rng.choice((5, 6))}[difficulty]
    start = 0 if difficulty == "easy" else rng.randint(-1, 1)
    support = list(range(start, start + size))
    p_units = rng.choice((4, 8)) if difficulty == "easy" else rng.choice((8, 10, 12, 16))
    p = _distribution(rng, size, p_units, positive=structure != "unvisited")
    f_written, f = _f_of(rng, support, difficulty)
    if structure == "rare":
        point = rng.randrange(size)
        f_written, f = [0] * size, [Fraction(0)] * size
        f_written[point], f[point] = 1, Fraction(1)
        p = _distribution(rng, size, 8 if difficulty == "easy" else rng.choice((8, 16)), positive=True)
        if not p or p[point] > Fraction(1, 4):
            return None
        q = [Fraction(1, 2) if i == point else Fraction(1, 2 * (size - 1)) for i in range(size)]
    elif structure == "optimal":
        mass = [abs(fx) * px for fx, px in zip(f, p)]
        if not p or min(f) < 0 or 0 in mass:  # q ∝ f·p must be positive wherever p is
            return None
        q = [m / sum(mass) for m in mass]
        if max(v.denominator for v in q) > MAX_OPTIMAL_DENOMINATOR:  # a student divides by Σ f·p by hand
            return None
    elif structure == "uniform":
        q = [Fraction(1, size)] * size
    else:
        q = _distribution(rng, size, rng.choice((4, 5, 6) if difficulty == "easy" else (5, 8, 10)), positive=True)
    if not p or not q:
        return None
    if structure == "unvisited" and 0 not in p:
        return None
    if structure == "poor":  # q's largest masses on the points where |f|·p is smallest
        order = sorted(range(size), key=lambda i: abs(f[i]) * p[i])
        ranked = sorted(q, reverse=True)
        q = [None] * size
        for i, value in zip(order, ranked):
            q[i] = value
    if len(set(f)) == 1 or q == p:
        return None
    if structure == "poor" and not _variances(p, q, f)[0] > _variances(p, q, f)[1]:
        return None  # the lesson of a poor proposal: one draw varies more than one from p
    n = {"easy": rng.randint(4, 6), "medium": rng.randint(5, 6), "hard": rng.randint(8, 10)}[difficulty]
    samples = list(pick(rng, support, [_written(v) for v in q], n))
    if structure == "unvisited" and all(p[support.index(x)] != 0 for x in samples):
        samples[rng.randrange(n)] = support[p.index(0)]  # a sample where p = 0: its weight is 0
    if structure == "rare" and support[point] not in samples:
        samples[rng.randrange(n)] = support[point]  # the event seen at least once, as q means it to be
    return {"title": TITLES[structure], "support": support, "p": [_written(v) for v in p],
            "q": [_written(v) for v in q], "f": f_written, "samples": samples}


CONTINUOUS_F = {"x": 1, "x^2": 2, "1 - x": 1}  # f and its degree (f = 1 would make Var_p[f] = 0)


def _continuous(rng):
    """Polynomial densities on [0, 1]: p = (k + 1)x^k, q uniform or (m + 1)x^m with m < k (q > 0 wherever
    p > 0 but at 0, where p is 0 too), f a low power. f(x)·w(x) = (k + 1)/(m + 1)·f(x)·x^(k − m) has degree
    at most 3, so at 4 distinct samples in quarters or fifths every product has a denominator of at most
    5³ = 125, times (m + 1)."""
    k = rng.randint(1, 3)
    m = rng.randint(0, k - 1)
    f = rng.choice(sorted(CONTINUOUS_F))
    if CONTINUOUS_F[f] + k - m > 3:
        return None
    denominator = rng.choice((4, 5))
    samples = rng.sample(range(1, denominator + 1), 4)  # in the order drawn
    density = {0: "uniform", 1: "2*x", 2: "3*x^2", 3: "4*x^3"}
    return {"title": TITLES["continuous"], "interval": [0, 1], "p": density[k], "q": density[m], "f": f,
            "samples": [_written(Fraction(x, denominator)) for x in samples]}


def structure(solution) -> tuple:
    """The lesson a problem carries (tutor.generators.structure): densities on an interval, a uniform
    proposal, a rare event (f an indicator), a point p never visits, the zero-variance proposal, a poor
    proposal (Var_q[f w] > Var_p[f]) or a plain skewed one; the numbers are not part of it."""
    problem, answers = solution.problem, solution.answers
    if getattr(problem, "continuous", False):
        return ("continuous",)
    if len(set(problem.q)) == 1:
        return ("uniform",)
    if sorted(problem.f) == [0] * (len(problem.f) - 1) + [1]:
        return ("rare",)
    if 0 in problem.p:
        return ("unvisited",)
    if answers.get("variance_is") == 0:
        return ("optimal",)
    if answers.get("variance_is", 0) > answers.get("variance_mc", 0):
        return ("poor",)
    return ("skewed",)


def _variances(p, q, f) -> tuple[Fraction, Fraction]:
    """Var_q[f w] and Var_p[f], as the solution computes them (checked here before any solving)."""
    mean = sum(fx * px for fx, px in zip(f, p))
    return (sum(fx * fx * px * px / qx for fx, px, qx in zip(f, p, q)) - mean * mean,
            sum(fx * fx * px for fx, px in zip(f, p)) - mean * mean)


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
