"""centring: a kernel matrix from points, to be centred by hand, with the arithmetic bounded.

Hard is four points in space and an RBF kernel whose entries are 1, ½, ¼ and ⅛ only (every squared
distance at most 3c), with row means that differ: every value is then in 64ths at most, where entries
down to 1/32 put K̂ in 256ths, a page of arithmetic that tests nothing a 3×3 does not."""

from fractions import Fraction

from tutor.generators import draw, titles
from tutor.generators.nice import intermediate_denominator, within_bounds

MAX_DENOMINATOR = {"easy": 9, "medium": 9, "hard": 128}  # the largest denominator any step prints

RULES = {
    "easy": "Three points in the plane and the linear kernel: K, the row means, the grand mean and K̂ are "
            "integers and fractions in ninths.",
    "medium": "Three points and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: larger integers, fractions in ninths.",
    "hard": "Four points in space and an RBF kernel γ = ln(2)/c whose entries are 1, ½, ¼ and ⅛, row "
            "means that differ: a 4×4 matrix to centre, every value a fraction with a denominator up to 128.",
}


def make(rng, difficulty):
    if difficulty != "hard":
        return _titled(draw.points_with_kernel(rng, difficulty, ""))
    return draw.first_built(_hard, rng, difficulty, 20)  # one cheap draw in a few dozen is this close


def _hard(rng, difficulty):
    """Four points in space (the plane allows only squares this close, whose equal row means leave nothing
    to centre but K − r̄11ᵀ) with an RBF kernel of entries 1 to ⅛, and row means that differ."""
    pts = draw.points(rng, 4, 3, -1, 1)
    kernel = draw.rbf_halving(rng, pts, most=3) if pts is not None else None
    if kernel is None:
        return None
    c = int(kernel["gamma"].split("/")[1]) if "/" in kernel["gamma"] else 1
    sums = {sum(Fraction(1, 2 ** (sum((a - b) ** 2 for a, b in zip(p, q)) // c)) for q in pts) for p in pts}
    if len(sums) == 1:
        return None
    return _titled({"title": "", "points": pts, "kernel": kernel})


def _titled(data):
    """The title from the drawn points and kernel, as the bundled "Centre an RBF kernel matrix (gamma = ln 2 / 4)":
    the points when there are three in the plane, else the smallest entry of K, the fraction the work runs to."""
    if data is None:
        return None
    kernel = data["kernel"]
    if kernel["name"] != "rbf":
        data["title"] = f"Centre {titles.kernel(kernel)} on {titles.few_points(data['points'])}"
        return data
    c = int(kernel["gamma"].split("/")[1]) if "/" in kernel["gamma"] else 1
    farthest = max(draw.squared_distances(data["points"]))
    data["title"] = (f"Centre an RBF kernel matrix with gamma = {titles.gamma(kernel['gamma'])} and entries "
                     f"down to 1/{2 ** (farthest // c)}")
    return data


def nice(solution, difficulty):
    return within_bounds(solution, difficulty) and intermediate_denominator(solution) <= MAX_DENOMINATOR[difficulty]
