"""pca-feature-map: points on a curve that a feature map straightens, in many shapes.

Every difficulty lists its candidate problems once, grouped by the two spectra (of S before the map and of
S_φ after it), and seed S takes the groups in a fixed shuffled order (``draw.spread``), so no two of 20
consecutive seeds share both spectra; reflections and the order of the points vary within a group."""

from functools import lru_cache
from fractions import Fraction

from tutor.generators import draw, titles
from tutor.generators.nice import within_bounds

# What every level shares: the map clearly straightens the data (one eigenvalue dominates after it, λ₁ at least
# nine times the rest, so PC 1's share is at least 90%, and that share at least 20 points above the one
# before: ONE_DIRECTION and MIN_GAIN) and no two points have one image.
RULES = {
    "easy": "3 to 5 points on a parabola (upright or on its side, its axis at 0 or ±1) and the map (x₁, x₂ − a·x₁²) "
            "or its mirror that puts them on a line, level or sloping: PC 1's share rises to 100% from at most "
            "80%; diagonal S, fractions only; 20 seeds, 20 pairs of spectra.",
    "medium": "Six points, three on each of two circles about the origin (27 shapes), and the map (x₁² + x₂², x₁) "
              "or (x₁² + x₂², x₂): PC 1's share rises to at least 90%, 20 points or more above the share "
              "before; 2×2 covariances, eigenvalues with at most one small square root.",
    "hard": "Four points (coordinates −4 to 4, 25 shapes) and the map (x₁², x₁x₂, x₂²) or the card's (x₁², √2·x₁x₂, "
            "x₂²): PC 1's share rises to at least 90%, 20 points or more above before; a 3×3 S_φ with one zero "
            "eigenvalue, the others rational or with one small square root.",
}

# easy: the offsets x₁ − h of the points from the parabola's axis (symmetric, so cov(x₁, x₂) = 0 and S is
# diagonal), a, the axis h (h ≠ 0: the map leaves the points on a sloping line x₂' = −2ah·x₁ + ah² + b)
EASY_OFFSETS = ((-1, 0, 1), (-2, 0, 2), (-3, 0, 3), (-2, -1, 1, 2), (-3, -1, 1, 3), (-3, -2, 2, 3),
                (-2, -1, 0, 1, 2), (-3, -1, 0, 1, 3))
EASY_A = (1, 2)
# The largest denominator a step of the kept shapes prints (intermediate_denominator): a test holds the
# lists to it, the hand effort's bound
MAX_DENOMINATOR = {"easy": 100, "medium": 750, "hard": 500}
EASY_H = (0, 1)
MAX_EASY_COORDINATE = 20


def make(rng, difficulty, seed=0):
    if difficulty == "easy":
        return _parabola(rng, *rng.choice(draw.spread(_easy_groups(), "pca-feature-map:easy", seed)))
    if difficulty == "medium":  # two rings: the squared radius separates them
        # pairs of rings (three integer points each, coordinates −5 to 5, inner r² ≤ 5, outer r² from 13 to
        # 25) the map straightens (PC 1 ≥ 90%, 20 points more than before) with distinct images and
        # eigenvalues with at most one square root of a square-free number up to 50 and no step printing a
        # denominator over 750 (MAX_DENOMINATOR; 1439 without it), one per pair of spectra, from a search
        # over all such pairs; each up to reflections and the swap of the axes,
        # which the map carries along
        shape, k = MEDIUM_SHAPES[_spread_index(len(MEDIUM_SHAPES), "medium", seed)]
        flip_x, flip_y, swap = rng.choice([1, -1]), rng.choice([1, -1]), rng.random() < 0.5
        pts = [[y, x] if swap else [x, y] for x, y in ((flip_x * x, flip_y * y) for x, y in shape)]
        rng.shuffle(pts)
        second = f"x{2 - k if swap else k + 1}"
        return {"title": "Six points on two rings, and the squared radius that separates them", "points": pts,
                "map": ["x1^2 + x2^2", second]}
    # the shapes of four points (coordinates −4 to 4) whose quadratic map straightens them (PC 1 ≥ 90%, 20
    # points more than before, the mapped points in a plane) with distinct images, eigenvalues rational or
    # with one square root of a square-free number up to 50, tr S_φ ≤ 250 and no step printing a denominator
    # over 500 (MAX_DENOMINATOR; 995 without it), one per pair of spectra, found
    # by a search over all 1 663 740 sets and both maps; each up to the square's symmetries, which the map
    # carries along (x², xy, y² permuted or negated), so the spectra and shares are the shape's
    shape, card = HARD_SHAPES[_spread_index(len(HARD_SHAPES), "hard", seed)]
    flip_x, flip_y, swap = rng.choice([1, -1]), rng.choice([1, -1]), rng.random() < 0.5
    pts = [[y, x] if swap else [x, y] for x, y in ((flip_x * x, flip_y * y) for x, y in shape)]
    rng.shuffle(pts)
    phi = ["x1^2", "sqrt(2)*x1*x2" if card else "x1*x2", "x2^2"]
    title = ("PCA on the quadratic features of four points" if card
             else "PCA of four points before and after a quadratic map")
    return {"title": title, "points": pts, "map": phi}


def _spread_index(count: int, difficulty: str, seed: int) -> int:
    return draw.spread({i: i for i in range(count)}, f"pca-feature-map:{difficulty}", seed)


@lru_cache(maxsize=None)
def _easy_groups() -> dict:
    """Every easy parabola (offsets, a, h) up to the signs of a and h, b and the side it lies on (none of
    which changes a spectrum), by its spectra: before (the variances of x₁ and x₂, S being diagonal) and
    after (var x₁·(1 + 4a²h²) and 0); only those whose PC 1 carries at most 80% before the map."""
    groups: dict = {}
    for offsets in EASY_OFFSETS:
        n = len(offsets)
        spread = Fraction(sum(u * u for u in offsets), n)
        squares = [u * u for u in offsets]
        mean = Fraction(sum(squares), n)
        for a in EASY_A:
            if a * max(squares) + 2 > MAX_EASY_COORDINATE:
                continue
            curve = a * a * sum((s - mean) ** 2 for s in squares) / n
            before = tuple(sorted((spread, curve), reverse=True))
            if before[0] > Fraction(4, 5) * (spread + curve):
                continue  # one direction nearly explains the data already: nothing for the map to show
            for h in EASY_H:
                after = spread * (1 + 4 * a * a * h * h)
                groups.setdefault((before, after), []).append((offsets, a, h))
    return groups


def _parabola(rng, offsets, a, h):
    """Points on x₂ = a(x₁ − h)² + b, with the map (x₁, x₂ − a·x₁²); or on the side, x₁ = a(x₂ − h)² + b,
    with (x₁ − a·x₂², x₂). The signs of a and h and b are drawn: the spectra stay."""
    a *= rng.choice([1, -1])
    h *= rng.choice([1, -1])
    b = rng.choice([1, 2, -1, -2])
    pts = [[h + u, a * u * u + b] for u in offsets]
    term = f"{abs(a)}*x{{}}^2"
    if rng.random() < 0.5:  # on its side: the roles of x₁ and x₂ swapped, the map with them
        pts = [[y, x] for x, y in pts]
        straight = f"x1 - {term.format(2)}" if a > 0 else f"x1 + {term.format(2)}"
        return {"title": _parabola_title(len(pts), h, side=True), "points": pts, "map": [straight, "x2"]}
    straight = f"x2 - {term.format(1)}" if a > 0 else f"x2 + {term.format(1)}"
    return {"title": _parabola_title(len(pts), h, side=False), "points": pts, "map": ["x1", straight]}


def _parabola_title(n: int, h: int, *, side: bool) -> str:
    curve = "a parabola on its side" if side else "a parabola"
    line = "a sloping line" if h else "a line"
    return f"Straightening {curve}: {titles.number(n)} points onto {line}"


MEDIUM_SHAPES = (
    (((-1, 0), (0, -1), (0, 1), (-5, 0), (-4, -3), (-4, 3)), 1),
    (((-2, -1), (-1, -2), (-1, 2), (-5, 0), (-4, 3), (-3, -4)), 1),
    (((-1, 0), (0, -1), (0, 1), (0, -4), (0, 4), (4, 0)), 1),
    (((-1, 0), (0, -1), (0, 1), (4, -3), (4, 3), (5, 0)), 1),
    (((-1, 0), (0, -1), (0, 1), (-5, 0), (-3, -4), (-3, 4)), 1),
    (((-1, 0), (0, -1), (0, 1), (3, -4), (3, 4), (5, 0)), 1),
    (((-2, -1), (-1, 2), (2, -1), (-4, 3), (0, 5), (3, 4)), 0),
    (((-2, -1), (-1, 2), (1, -2), (-5, 0), (-4, 3), (-3, -4)), 1),
    (((-1, 0), (0, -1), (0, 1), (-3, -4), (-3, 4), (5, 0)), 1),
    (((-1, 0), (0, -1), (0, 1), (-5, 0), (3, -4), (3, 4)), 1),
    (((-2, -1), (-1, -2), (1, 2), (-3, 4), (0, 5), (5, 0)), 0),
    (((-2, -1), (-1, 2), (1, -2), (-3, -4), (0, -5), (5, 0)), 0),
    (((-2, -1), (-1, -2), (-1, 2), (-4, 3), (-3, -4), (5, 0)), 1),
    (((-2, -1), (-2, 1), (-1, -2), (-5, 0), (0, -5), (4, 3)), 1),
    (((-1, 0), (0, -1), (0, 1), (-5, 0), (0, -5), (0, 5)), 1),
    (((-1, 0), (0, -1), (0, 1), (0, -5), (0, 5), (5, 0)), 1),
    (((-2, -1), (-2, 1), (-1, -2), (-5, 0), (0, 5), (4, -3)), 1),
    (((-2, -1), (-1, 2), (1, -2), (-4, 3), (-3, -4), (5, 0)), 1),
    (((-2, -1), (-1, 2), (1, -2), (-5, 0), (0, -5), (3, 4)), 0),
    (((-2, -1), (-1, 2), (1, -2), (-5, 0), (0, -5), (3, 4)), 1),
    (((-2, -1), (-2, 1), (1, -2), (-3, -4), (0, 5), (4, -3)), 1),
    (((-1, 0), (0, -1), (0, 1), (-4, -3), (-4, 3), (5, 0)), 1),
    (((-2, -1), (-2, 1), (1, -2), (0, 5), (4, -3), (5, 0)), 1),
    (((-2, -1), (-1, 2), (1, -2), (-3, -4), (0, 5), (5, 0)), 0),
    (((-1, 0), (0, -1), (0, 1), (-5, 0), (4, -3), (4, 3)), 1),
    (((-2, -1), (-1, 2), (1, -2), (-3, 4), (0, -5), (5, 0)), 1),
    (((-2, -1), (-1, 2), (1, -2), (-3, 4), (0, -5), (5, 0)), 0),
)
HARD_SHAPES = (
    (((-3, -1), (-1, -3), (0, 3), (3, 0)), False),
    (((-3, -1), (0, -3), (1, 3), (3, 0)), False),
    (((-3, -3), (-3, -2), (-3, 3), (3, -2)), False),
    (((-3, -3), (-3, 2), (3, -3), (3, 2)), False),
    (((-3, -3), (-3, 3), (3, -2), (3, 2)), False),
    (((-4, 0), (-3, -1), (0, -4), (1, 3)), False),
    (((-4, 0), (-1, -3), (0, 4), (3, 1)), False),
    (((-4, 0), (0, -4), (1, 3), (3, 1)), False),
    (((-4, -3), (-4, 2), (4, -3), (4, 2)), False),
    (((-4, -3), (-4, 3), (4, -2), (4, 2)), False),
    (((-4, -3), (-4, 3), (3, -3), (3, 3)), False),
    (((-4, -3), (-3, 3), (3, 3), (4, -3)), False),
    (((-4, -4), (-3, -3), (-3, 3), (2, -2)), False),
    (((-3, -3), (-3, -2), (-3, 3), (3, -2)), True),
    (((-3, -3), (-3, 2), (3, -3), (3, 2)), True),
    (((-3, -3), (-3, 3), (3, -2), (3, 2)), True),
    (((-4, -1), (-1, -4), (0, 4), (4, 0)), True),
    (((-4, -1), (0, -4), (1, 4), (4, 0)), True),
    (((-4, -3), (-3, -4), (-2, 1), (1, -2)), True),
    (((-4, -4), (-3, -2), (-2, 0), (1, -2)), True),
    (((-4, -3), (-3, -4), (-3, 2), (2, -3)), True),
    (((-4, -3), (-4, 3), (-3, -2), (3, -2)), True),
    (((-4, -3), (-3, -4), (-2, 3), (3, -2)), True),
    (((-4, -3), (-4, 3), (3, -2), (3, 2)), True),
    (((-4, -3), (-3, 2), (3, 2), (4, -3)), True),
)


def nice(solution, difficulty):
    return demonstrates(solution) and within_bounds(solution, difficulty)


def demonstrates(solution) -> bool:
    """The problem shows what it claims: no two points with one image (the map would merge them), and the
    map clearly straightens the data, PC 1 carrying at least ONE_DIRECTION after it and MIN_GAIN more
    than before."""
    from tutor.exact.tidy import sign_of
    from tutor.topics.pca_feature_map import MIN_GAIN, ONE_DIRECTION, shares

    mapped = solution.answers["mapped_points"]
    before, after = shares(solution.steps)
    return (len(set(mapped)) == len(mapped) and sign_of(after - ONE_DIRECTION) >= 0
            and sign_of(after - before - MIN_GAIN) >= 0)


def structure(solution) -> tuple:
    """What makes two problems different to work beyond their numbers: how many points, which map (its
    components' variables, without coefficients), where S and S_φ hold zeros and what kind of numbers
    their eigenvalues are."""
    from tutor.exact.tidy import is_zero
    from tutor.generators.nice import eigen_kind

    a = solution.answers
    zeros = tuple(tuple(bool(is_zero(x)) for x in a[key]) for key in ("covariance_before", "covariance_after"))
    kinds = tuple(eigen_kind(a[key]) for key in ("eigenvalues_before", "eigenvalues_after"))
    variables = tuple(tuple(sorted(str(s) for s in f.free_symbols)) for f in solution.problem.phi)
    return len(solution.problem.points), variables, zeros, kinds
