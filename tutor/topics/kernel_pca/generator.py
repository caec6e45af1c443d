"""kernel-pca: three points and a kernel whose centred matrix has rational eigenvalues.

Each difficulty is checked on the inputs before the full solve (a fraction of a millisecond against tens
of them): the two non-zero eigenvalues of a 3×3 K̂ are the roots of η² − (tr K̂)η + (its 2×2 minors), and
the eigenvector of each is a cross product of two rows of K̂ − ηI, all in Python's Fractions.
"""

from fractions import Fraction
from math import isqrt

from tutor.generators import draw
from tutor.generators.nice import centred, eigen_nice, gram, within_bounds

RULES = {
    "easy": "Three points in the plane and the linear kernel, as the notes' Example 3: rational eigenvalues and "
            "coordinates a = √η·v that are fractions; square roots only in the unit eigenvectors and coefficients.",
    "medium": "Three points and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: rational eigenvalues, and each "
              "eigenvector, coefficient and coordinate a fraction times one square root.",
    "hard": "An isosceles triangle in space, an RBF kernel γ = ln(2)/c whose entries are powers of ½, and a new "
            "point to project: eigenvectors (1, −1, 0)/√2 and (1, 1, −2)/√6 by symmetry, rational eigenvalues, "
            "each value a fraction times one square root.",
}


def make(rng, difficulty):
    if difficulty == "hard":
        return _isosceles_rbf(rng)
    # the input checks take microseconds, and a draw passes them one time in 10 to 40: several draws a call
    for _ in range(20):
        if difficulty == "easy":
            # random points whose coordinates come out rational: 17 spectra over seeds 1-200, against 2 for
            # the points built backwards, which stay as the sure way (one draw in 3 passes)
            pts = draw.points(rng, 3, 2, -3, 3) if rng.random() < 0.97 else _scores_first(rng)
            kernel = {"name": "linear"}
        else:
            pts = draw.points(rng, 3, 2, -2, 2)
            kernel = {"name": "polynomial", "degree": 2, "offset": rng.choice([0, 1])}
        if pts is not None and _nice_inputs(pts, kernel, difficulty):
            return {"title": "Kernel PCA", "points": pts, "kernel": kernel}
    return None


def _nice_inputs(pts, kernel, difficulty) -> bool:
    K = gram(pts, kernel.get("offset", 0), kernel.get("degree", 1))
    Khat = centred(K)
    # no zero in XᵀX, K, the row means or K̂: one solution path (the same number of zeros) per difficulty
    if any(x == 0 for M in (gram(pts), K, Khat) for row in M for x in row) or any(sum(row) == 0 for row in K):
        return False
    pairs = _eigenpairs(Khat)
    if pairs is None:
        return False
    # an eigenvector with a 0, as Example 3's (1, −1, 0): the one solution path of easy and medium (easy
    # nearly always has one, medium half the time)
    if not any(0 in w for _, w in pairs):
        return False
    # a = √(η/‖w‖²)·w is rational only when η‖w‖² is a square
    return difficulty != "easy" or all(_square(eta * sum(x * x for x in w)) for eta, w in pairs)


# Pairs of orthogonal integer vectors that sum to zero (b = a × (1, 1, 1), made primitive): the
# coordinates of three points on two principal components, as (2, −2, 0) and (1, 1, −2) in Example 3.
SCORES = (((1, -1, 0), (1, 1, -2)), ((1, 2, -3), (5, -4, -1)))


def _scores_first(rng):
    """Three points whose linear-kernel PCA coordinates are whole numbers, built backwards: the
    coordinates a₁ = α·a and a₂ = β·b first, the points then (a₁ⱼ, a₂ⱼ) moved by a whole-number
    shift (axes swapped or flipped at random), so K̂ = a₁a₁ᵀ + a₂a₂ᵀ with eigenvalues ‖a₁‖², ‖a₂‖²."""
    a, b = rng.choice(SCORES)
    order = [0, 1, 2]
    rng.shuffle(order)
    alpha, beta = rng.choice([1, -1, 2, -2]), rng.choice([1, -1, 2, -2])
    first, second = [alpha * a[i] for i in order], [beta * b[i] for i in order]
    if rng.random() < 0.5:
        first, second = second, first
    shift = [rng.randint(-2, 2), rng.randint(-2, 2)]
    pts = [[x + shift[0], y + shift[1]] for x, y in zip(first, second)]
    if any(abs(x) > 4 for p in pts for x in p) or sum(x * x for x in first) == sum(y * y for y in second):
        return None
    return pts


def _isosceles_rbf(rng):
    """An apex P and a base P + u, P + v with ‖u‖ = ‖v‖ (v a signed permutation of u), and γ = ln(2)/c
    for c dividing every squared distance: K = [[1, a, b], [a, 1, b], [b, b, 1]] up to the order of the
    points, a and b distinct powers of ½, and K̂'s eigenvalues 1 − a and (3 + a − 4b)/3 on
    (1, −1, 0) and (1, 1, −2)."""
    apex = [rng.randint(-1, 1) for _ in range(3)]
    u = [rng.randint(-2, 2) for _ in range(3)]
    order = [0, 1, 2]
    rng.shuffle(order)
    v = [u[i] * rng.choice([1, -1]) for i in order]
    pts = [apex, [p + x for p, x in zip(apex, u)], [p + x for p, x in zip(apex, v)]]
    deltas = draw.squared_distances(pts)
    if len(set(deltas)) != 2 or 0 in deltas:
        return None  # equilateral (a repeated eigenvalue) or two points the same
    if any(x == 0 for row in gram(pts) for x in row):
        return None  # a zero dot product: another solution path
    kernel = draw.rbf_halving(rng, pts, most=6)
    if kernel is None:
        return None
    new = _new_point(rng, pts, kernel)
    if new is None:
        return None
    rng.shuffle(pts)
    return {"title": "Kernel PCA", "points": pts, "kernel": kernel, "new_points": [new]}


def _new_point(rng, pts, kernel):
    """A point to project, near the triangle, whose squared distance to each point is a multiple of the
    kernel's c up to 6c (its kernel row powers of ½ too) and which is not on the triangle's mirror plane
    (equally far from the base's two ends: its first coordinate would be 0, another solution path)."""
    gamma = kernel["gamma"]
    c = int(gamma.split("/")[1]) if "/" in gamma else 1
    apex, one, other = pts
    lows = [min(p[i] for p in pts) - 1 for i in range(3)]
    candidates = []
    for x in range(lows[0], lows[0] + 5):
        for y in range(lows[1], lows[1] + 5):
            for z in range(lows[2], lows[2] + 5):
                q = [x, y, z]
                deltas = [sum((a - b) ** 2 for a, b in zip(q, p)) for p in pts]
                if (q not in pts and all(d % c == 0 and d <= 6 * c for d in deltas)
                        and deltas[1] != deltas[2]):
                    candidates.append(q)
    return rng.choice(candidates) if candidates else None


def _eigenpairs(Khat):
    """[(η, w)] for the two non-zero eigenvalues of a 3×3 centred matrix when they are rational, positive
    and distinct (w an eigenvector with rational entries), else None."""
    trace = sum(Khat[i][i] for i in range(3))
    minors = sum(Khat[i][i] * Khat[j][j] - Khat[i][j] ** 2 for i in range(3) for j in range(i + 1, 3))
    disc = trace * trace - 4 * minors
    root = _rational_sqrt(disc)
    if root is None or root == 0:
        return None
    etas = ((trace + root) / 2, (trace - root) / 2)
    if etas[1] <= 0:
        return None
    out = []
    for eta in etas:
        M = [[Khat[i][j] - (eta if i == j else 0) for j in range(3)] for i in range(3)]
        w = next((v for v in (_cross(M[0], M[1]), _cross(M[0], M[2]), _cross(M[1], M[2])) if any(v)), None)
        if w is None:
            return None
        out.append((eta, w))
    return out


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _rational_sqrt(x):
    x = Fraction(x)
    if x < 0:
        return None
    p, q = isqrt(x.numerator), isqrt(x.denominator)
    return Fraction(p, q) if p * p == x.numerator and q * q == x.denominator else None


def _square(x) -> bool:
    return _rational_sqrt(x) is not None


def nice(solution, difficulty):
    values = solution.answers["eigenvalues"]
    new = [x for row in solution.answers.get("new_coordinates", ()) for x in row]
    return (eigen_nice(values, "easy" if difficulty != "hard" else "hard", zeros=1)
            and "coordinates" in solution.answers and within_bounds(solution, difficulty)
            and all(x != 0 for x in new))  # a new point's coordinate 0: another solution path
