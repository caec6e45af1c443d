"""kernel-pca: points and a kernel whose centred matrix has rational eigenvalues, in several structures.

A structure is the pattern of K̂'s eigenvectors (``generators.structure``). Three points give K̂ one zero
eigenvalue on (1, 1, 1), so the others lie in the plane ⊥ (1, 1, 1): Example 3's (1, −1, 0), (1, 1, −2),
found by the symmetry of two equal rows, or a pattern without a zero such as (1, 2, −3), (5, −4, −1), found
from det(K̂ − ηI) = −η(η² − (tr K̂)η + m), a quadratic with rational roots. The seed chooses the structure,
so consecutive seeds take turns (``FAMILIES``) instead of repeating the commonest one.

Each difficulty is checked on the inputs before the full solve (a fraction of a millisecond against tens
of them): the two non-zero eigenvalues of a 3×3 K̂ are the roots of η² − (tr K̂)η + (its 2×2 minors), and
the eigenvector of each is a cross product of two rows of K̂ − ηI, all in Python's Fractions.
"""

from fractions import Fraction
from itertools import product
from math import gcd, isqrt

from tutor.exact.vectors import cross
from tutor.generators import draw, titles
from tutor.generators.nice import centred, eigen_nice, gram, intermediate_denominator, within_bounds

# The largest denominator any step prints, per difficulty: the arithmetic a student does on the way (the
# coefficients c = v/√η of a pattern without a zero reach 1794 for (1, 3, −4) with η = 46 otherwise).
MAX_DENOMINATOR = {"easy": 120, "medium": 400, "hard": 400}

RULES = {
    "easy": "Three points in the plane and the linear kernel, as the notes' Example 3: rational eigenvalues, "
            "coordinates a = √η·v that are fractions; eigenvectors (1, −1, 0), (1, 1, −2) by symmetry, or with "
            "no zero, such as (1, 2, −3), (5, −4, −1), from the factored quadratic.",
    "medium": "Three points and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: rational eigenvalues, eigenvectors "
              "by symmetry every other seed, else without a zero from the factored quadratic; each value a "
              "fraction times one square root.",
    "hard": "An RBF kernel γ = ln(2)/c with entries powers of ½ and a new point, on an isosceles triangle "
            "(eigenvectors (1, −1, 0), (1, 1, −2)), a rectangle ((1, 1, −1, −1), (1, −1, −1, 1)) or a rhombus "
            "((1, 0, −1, 0), (0, 1, 0, −1)) by symmetry: rational eigenvalues, denominators up to "
            f"{MAX_DENOMINATOR['hard']}.",
}

# What each seed's structure is, in turn: seed % len(FAMILIES) picks one.
# "scores": built backwards without a zero (random points almost never give one when easy); "no zero": drawn.
FAMILIES = {"easy": ("symmetric", "scores"), "medium": ("symmetric", "no zero"),
            "hard": ("isosceles", "rectangle", "rhombus")}


def make(rng, difficulty, seed=0):
    data = _make(rng, difficulty, seed)
    if data is not None:  # the title from the drawn data, after every draw
        data["title"] = title(data)
    return data


KERNEL_WORDS = {"linear": "linear kernel", "rbf": "RBF kernel"}


def title(data) -> str:
    """'Kernel PCA of three points, quadratic kernel with offset 1, with a new point', in the words of the
    bundled titles ('Three points, linear kernel'; 'Three points, quadratic kernel, one new point')."""
    kernel = data["kernel"]
    if kernel["name"] == "polynomial":
        words = "quadratic kernel with offset 1" if kernel.get("offset") else "homogeneous quadratic kernel"
    else:
        words = KERNEL_WORDS[kernel["name"]]
    pts = data["points"]
    where = len(pts[0]) if len(pts[0]) > 2 else None
    new = data.get("new_points", ())
    extra = "" if not new else ", with a new point" if len(new) == 1 else f", with {titles.number(len(new))} new points"
    return f"Kernel PCA of {titles.counted(len(pts), where)}, {words}{extra}"


def _make(rng, difficulty, seed):
    family = FAMILIES[difficulty][seed % len(FAMILIES[difficulty])]
    if family == "isosceles":
        return _isosceles_rbf(rng)
    if family == "rhombus":
        return draw.first_built(lambda r, _: _rhombus_rbf(r), rng, difficulty, 40)
    if family == "rectangle":
        # the sides' exponents (i, j) by the seed too: drawn freely, (1, 2) came up in 7 seeds of 10
        sides = SIDE_EXPONENTS[(seed // len(FAMILIES[difficulty])) % len(SIDE_EXPONENTS)]
        return draw.first_built(lambda r, _: _rectangle_rbf(r, sides), rng, difficulty, 20)
    # the input checks take microseconds, and a draw passes them one time in 10 to 40: several draws a call
    for _ in range(40):
        if family == "scores":
            pts, kernel = _scores_first(rng), {"name": "linear"}
        elif difficulty == "easy":
            pts, kernel = draw.points(rng, 3, 2, -3, 3), {"name": "linear"}
        else:
            pts = draw.points(rng, 3, 2, -2, 2)
            kernel = {"name": "polynomial", "degree": 2, "offset": rng.choice([0, 1])}
        if pts is not None and _nice_inputs(pts, kernel, difficulty, family):
            return {"title": "Kernel PCA", "points": pts, "kernel": kernel}
    return None


def _nice_inputs(pts, kernel, difficulty, family="symmetric") -> bool:
    K = gram(pts, kernel.get("offset", 0), kernel.get("degree", 1))
    Khat = centred(K)
    # no zero in XᵀX, K, the row means or K̂: one solution path (the same number of zeros) per difficulty
    if any(x == 0 for M in (gram(pts), K, Khat) for row in M for x in row) or any(sum(row) == 0 for row in K):
        return False
    pairs = _eigenpairs(Khat)
    if pairs is None:
        return False
    # an eigenvector with a 0, as Example 3's (1, −1, 0): two equal rows of K̂ up to order, the symmetry
    # route; the other families have none (another pattern, found from the factored quadratic)
    if any(0 in w for _, w in pairs) != (family == "symmetric"):
        return False
    # a = √(η/‖w‖²)·w is rational only when η‖w‖² is a square
    return difficulty != "easy" or all(_square(eta * sum(x * x for x in w)) for eta, w in pairs)


# Pairs of orthogonal integer vectors that sum to zero (b = a × (1, 1, 1), made primitive): the
# coordinates of three points on two principal components, as (2, −2, 0) and (1, 1, −2) in Example 3.
SCORES = (((1, 2, -3), (5, -4, -1)), ((1, 3, -4), (7, -5, -2)))


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
    if any(abs(x) > 7 for p in pts for x in p) or sum(x * x for x in first) == sum(y * y for y in second):
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


# The directions of a rectangle's sides: primitive integer vectors in space up to sign, ‖·‖² ≤ 6.
SIDES = tuple(v for v in product(range(-2, 3), repeat=3)
              if any(v) and gcd(*v) == 1 and next(x for x in v if x) > 0 and sum(x * x for x in v) <= 6)
SIDE_EXPONENTS = ((1, 2), (2, 3))  # ‖u‖²/c, ‖v‖²/c of a rectangle (diagonal i + j ≤ 5; (1, 3), (1, 4) leave no new point)


def _rectangle_rbf(rng, sides):
    """Four points P, P + u, P + u + v, P + v with u ⊥ v and ‖u‖ ≠ ‖v‖ (a square repeats an eigenvalue), and
    γ = ln(2)/c with ‖u‖² = i·c, ‖v‖² = j·c: the sides' kernel values a = 2^(−i), b = 2^(−j), the diagonal's
    ab. Its two mirrors give the eigenvectors (1, 1, −1, −1), (1, −1, −1, 1), (1, −1, 1, −1) (in the points'
    order round the rectangle) and K̂'s eigenvalues (1 + a)(1 − b), (1 − a)(1 + b), (1 − a)(1 − b)."""
    u = list(rng.choice(SIDES))
    options = [v for v in SIDES if sum(a * b for a, b in zip(u, v)) == 0]
    if not options:
        return None
    long, wide = rng.choice([1, 2]), rng.choice([1, 1, 2])  # one scale per side: u ⊥ v stays
    v = [x * long for x in rng.choice(options)]
    u = [x * wide for x in u]
    if sum(x * x for x in u) == sum(x * x for x in v):
        return None
    corner = [rng.randint(-1, 1) for _ in range(3)]
    pts = [corner, [p + x for p, x in zip(corner, u)], [p + x + y for p, x, y in zip(corner, u, v)],
           [p + y for p, y in zip(corner, v)]]
    if all(p[2] == pts[0][2] for p in pts):
        pts = [p[:2] for p in pts]  # a rectangle in the plane: two coordinates
    if any(x == 0 for row in gram(pts) for x in row):
        return None  # a zero dot product: another solution path
    kernel = draw.rbf_halving(rng, pts, most=5)
    if kernel is None:
        return None
    c = int(kernel["gamma"].split("/")[1]) if "/" in kernel["gamma"] else 1
    if tuple(sorted((sum(x * x for x in u) // c, sum(x * x for x in v) // c))) != sides:
        return None
    new = _new_point(rng, pts, kernel, most=5)
    if new is None:
        return None
    return {"title": "Kernel PCA", "points": pts, "kernel": kernel, "components": 2, "new_points": [new]}


def _rhombus_rbf(rng):
    """Four points O + u, O + v, O − u, O − v round a rhombus (u ⊥ v, ‖u‖ ≠ ‖v‖: a square repeats an
    eigenvalue), its sides' kernel value s, its diagonals' p (A to C) and q (B to D). Swapping A and C, or
    B and D, leaves K̂ unchanged, so (1, 0, −1, 0), (0, 1, 0, −1) and, orthogonal to them and to 𝟏,
    (1, −1, 1, −1) are its eigenvectors, with η = 1 − p, 1 − q and 1 + (p + q)/2 − 2s: the mirrors through
    the corners, where the rectangle's go through the sides. Powers of ½ up to ⅟32 need ‖v‖² = 3‖u‖² (then
    c = 4‖u‖², s = p = ½, q = ⅛: η = 7/8, 1/2, 5/16), so the shapes differ in their place, turn and new point.

    That one spectrum is forced (issue 30 asked for several): the exponents (i, j, k) of p, q, s satisfy
    i + j = 4k, and integer rhombi in space (or with a half-integer centre) allow only (1, 3, 1), (2, 6, 2)
    and (5, 7, 3) up to 7; (2, 6, 2) has no new point off both mirrors with a kernel row beyond 2^(−8), and
    (5, 7, 3) prints denominators of 1024 and 2032, over the hard bound of 400."""
    u = list(rng.choice(SIDES))
    options = [v for v in SIDES if sum(a * b for a, b in zip(u, v)) == 0]
    if not options:
        return None
    v = [x * rng.choice([1, 1, 2]) for x in rng.choice(options)]
    if sum(x * x for x in u) == sum(x * x for x in v):
        return None
    centre = [rng.randint(-1, 1) for _ in range(3)]
    pts = [[o + x for o, x in zip(centre, u)], [o + x for o, x in zip(centre, v)],
           [o - x for o, x in zip(centre, u)], [o - x for o, x in zip(centre, v)]]
    if any(x == 0 for row in gram(pts) for x in row):
        return None  # a zero dot product: another solution path
    kernel = draw.rbf_halving(rng, pts, most=5)
    if kernel is None:
        return None
    new = _new_point(rng, pts, kernel, most=5, margin=2)  # off both mirrors: beyond the rhombus's plane
    if new is None:
        return None
    rng.shuffle(pts)  # every rhombus here has one K̂ up to the order of its points: the order varies
    return {"title": "Kernel PCA", "points": pts, "kernel": kernel, "components": 2, "new_points": [new]}


def _new_point(rng, pts, kernel, most=6, margin=0):
    """A point to project, near the points, whose squared distance to each point is a multiple of the
    kernel's c up to ``most``·c (its kernel row powers of ½ too) and which is equally far from no two of them
    (off every mirror: else a coordinate of it would be 0, another solution path). It is looked for in a box
    of 5 from one below the points, or ``margin`` beyond them on every side when given."""
    gamma = kernel["gamma"]
    c = int(gamma.split("/")[1]) if "/" in gamma else 1
    d = len(pts[0])
    lows = [min(p[i] for p in pts) - (margin or 1) for i in range(d)]
    highs = [max(p[i] for p in pts) + margin + 1 if margin else low + 5 for i, low in enumerate(lows)]
    candidates = []
    for q in map(list, product(*(range(low, high) for low, high in zip(lows, highs)))):
        deltas = [sum((a - b) ** 2 for a, b in zip(q, p)) for p in pts]
        if q not in pts and all(x % c == 0 and x <= most * c for x in deltas) and len(set(deltas)) == len(pts):
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
        w = next((v for v in (cross(M[0], M[1]), cross(M[0], M[2]), cross(M[1], M[2])) if any(v)), None)
        if w is None:
            return None
        out.append((eta, w))
    return out


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
            and all(x != 0 for x in new)  # a new point's coordinate 0: another solution path
            and intermediate_denominator(solution) <= MAX_DENOMINATOR[difficulty])
