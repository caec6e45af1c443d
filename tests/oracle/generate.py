"""Seeded problem generators for every topic, with adversarial shapes.

``draw(topic, seed, scale)`` returns (shape, YAML text): the same topic, seed and scale give the
same problem on any machine. ``scale`` is "ci" (sizes that solve in well under a second, for
the test suite) or "sweep" (every topic's documented limits, for bench/oracle_sweep.py).
Shapes are the adversarial classes: 1-D data, single rows and columns, duplicate, coincident and
collinear points, symmetric configurations with repeated eigenvalues, rank-deficient data, surd
and rational coordinates, the largest n a topic allows.
"""

from __future__ import annotations

import random
from fractions import Fraction

from tutor.topics.importance_sampling.continuous import MAX_SAMPLE

from .numbers import Num, to_yaml

TOPICS = ("kernel-pca", "kernel-matrix", "centring", "feature-space", "feature-map", "rbf-gamma", "pca",
          "pca-gram", "svd", "mds", "pca-feature-map", "high-dim", "feature-mean", "importance-sampling",
          "amortised", "dfs-code", "derivation")

# The documented limits (docs/exactness.md and the topic pages): points for kernel topics, pca and pca-gram.
LIMITS = {
    "kernel": (2, 8, 1, 6),  # n from, n to, d from, d to
    "pca": (2, 6, 2, 3),
    "pca-gram": (2, 6, 1, 6),
}
# What the CI scale keeps to: the largest n and the RBF grid, so each solve stays well under a second.
CI_N = {"kernel": 5, "rbf": 4, "pca": 5, "pca-gram": 5, "mds": 5}


# Families: a topic's hardest corner drawn on its own, so that the sweep gives it its own row (its own
# counts and worst CPU time). Each names the topic its problems are of.
FAMILIES = {"kernel-pca-rbf-ln": "kernel-pca", "pca-wide": "pca", "pca-gram-wide": "pca-gram", "svd-wide": "svd",
            "mds-table": "mds", "importance-sampling-continuous": "importance-sampling"}


def topic_of(name: str) -> str:
    """The topic of a topic or a family."""
    return FAMILIES.get(name, name)


def draw(topic: str, seed: int, scale: str = "ci") -> tuple[str, str]:
    """(shape, YAML text) of a topic's or a family's problem."""
    rng = random.Random(f"oracle:{topic}:{seed}:{scale}")
    shape, fields = GENERATORS[topic](rng, scale)
    return shape, to_yaml({"topic": topic_of(topic), "title": f"oracle {topic} {scale} seed {seed} ({shape})",
                           **fields})


# --- numbers ---------------------------------------------------------------------------------

RATIONALS = [Fraction(1, 2), Fraction(-1, 2), Fraction(3, 2), Fraction(-3, 2), Fraction(1, 3), Fraction(-2, 3),
             Fraction(5, 4)]


def number_style(rng: random.Random, scale: str) -> str:
    return rng.choices(["int", "small", "rational", "surd", "decimal", "mixed-surd"],
                       [5, 3, 2, 2, 1, 1 if scale == "sweep" else 0])[0]


def make_coord(rng: random.Random, style: str, radicand: int):
    """One coordinate of the given style; a surd style draws whole numbers too, so entries mix."""
    if style == "small":
        return Num.of(rng.randint(-1, 1))
    if style == "rational" and rng.random() < 0.6:
        return Num.of(rng.choice(RATIONALS))
    if style == "decimal" and rng.random() < 0.6:
        return Num(*rng.choice([("0.5", 0.5), ("-1.5", -1.5), ("0.25", 0.25), ("2.5", 2.5)]))
    if style in ("surd", "mixed-surd") and rng.random() < 0.5:
        r = rng.choice([2, 3, 5]) if style == "mixed-surd" else radicand
        return Num.of(rng.choice([f"sqrt({r})", f"-sqrt({r})", f"sqrt({r})/2", f"2*sqrt({r})"]))
    return Num.of(rng.randint(-3, 3) if style != "small" else rng.randint(-1, 1))


def scaled(x: Num, k) -> Num:
    """k·x for a whole or Fraction k, written so the oracle's evaluator and tutor's parser both read it."""
    k = Fraction(k)
    if k == 1:
        return x
    if x.v == 0 or k == 0:
        return Num.of(0)
    if x.text.lstrip("-").isdigit():
        return Num.of(k * int(x.text))
    return Num(f"({k})*({x.text})", float(k) * x.v)


def plus(a: Num, b: Num) -> Num:
    if a.text.lstrip("-").isdigit() and b.text.lstrip("-").isdigit():
        return Num.of(int(a.text) + int(b.text))
    if b.v == 0:
        return a
    if a.v == 0:
        return b
    return Num(f"({a.text}) + ({b.text})", a.v + b.v)


# --- point sets ------------------------------------------------------------------------------

SYMMETRIC = {
    # configurations whose kernel/covariance matrices have repeated eigenvalues
    "square": [[0, 0], [1, 0], [0, 1], [1, 1]],
    "cross": [[1, 0], [-1, 0], [0, 1], [0, -1]],
    "triangle": [[0, 0], [2, 0], [1, "sqrt(3)"]],
    "hexagon": [[2, 0], [1, "sqrt(3)"], [-1, "sqrt(3)"], [-2, 0], [-1, "-sqrt(3)"], [1, "-sqrt(3)"]],
    "tetrahedron": [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]],
    "octahedron": [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
    "cube": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1]],
    "segment": [[-1], [1]],
    "rectangle": [[0, 0], [2, 0], [0, 1], [2, 1]],
}


def simplex(n: int) -> list[list[int]]:
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def point_set(rng: random.Random, n_lo: int, n_hi: int, d_lo: int, d_hi: int, scale: str,
              shapes=("random", "1-D", "duplicate", "coincident", "collinear", "symmetric", "largest")):
    """(shape, points as lists of Num) with n and d inside the given limits."""
    shape = rng.choice(shapes)
    if shape == "1-D" and d_lo > 1:
        shape = "random"
    n = rng.randint(n_lo, n_hi)
    d = 1 if shape == "1-D" else rng.randint(d_lo, d_hi)
    if shape == "largest":
        n = n_hi
    style = number_style(rng, scale)
    radicand = rng.choice([2, 3, 5])
    coord = lambda: make_coord(rng, style, radicand)  # noqa: E731
    if shape == "symmetric":
        fits = {k: v for k, v in SYMMETRIC.items() if n_lo <= len(v) <= n_hi and d_lo <= len(v[0]) <= d_hi}
        names = sorted(fits) + (["simplex"] if d_hi >= 2 else [])
        name = rng.choice(names)
        if name == "simplex":
            k = rng.randint(max(2, n_lo, d_lo), min(n_hi, d_hi))
            rows = simplex(k)
        else:
            rows = fits[name]
        factor = rng.choice([1, 1, 2, Fraction(1, 2)])
        pts = [[scaled(Num.of(x), factor) for x in row] for row in rows]
        return f"symmetric-{name}", rng.sample(pts, len(pts))
    if shape == "coincident":
        p = [coord() for _ in range(d)]
        return shape, [list(p) for _ in range(n)]
    if shape == "collinear":
        base = [Num.of(rng.randint(-2, 2)) for _ in range(d)]
        direction = [coord() for _ in range(d)]
        ts = [rng.randint(-2, 2) for _ in range(n)]
        return shape, [[plus(b, scaled(v, t)) for b, v in zip(base, direction)] for t in ts]
    pts = [[coord() for _ in range(d)] for _ in range(n)]
    if shape == "duplicate":
        i, j = rng.sample(range(n), 2) if n > 1 else (0, 0)
        pts[j] = list(pts[i])
    return shape, pts


def kernel_spec(rng: random.Random, scale: str, rbf_ok: bool = True):
    kinds = ["linear", "polynomial", "polynomial"] + (["rbf"] if rbf_ok else [])
    kind = rng.choice(kinds)
    if kind == "linear":
        return {"name": "linear"}
    if kind == "polynomial":
        degree = rng.choice([1, 2, 2, 3]) if scale == "ci" else rng.choice([1, 2, 2, 3, 3, 4, 5, 10])
        offset = rng.choice([Num.of(0), Num.of(1), Num.of(1), Num.of(2), Num.of(Fraction(1, 2))]
                            + ([Num.of("sqrt(2)")] if scale == "sweep" else []))
        return {"name": "polynomial", "degree": degree, "offset": offset}
    gamma = rng.choice([Num.of("ln(2)/4"), Num.of(Fraction(1, 2)), Num.of(1), Num.of("ln(2)"), Num.of("ln(3)/2")])
    return {"name": "rbf", "gamma": gamma}


def rbf_points(rng: random.Random, n_lo: int, n_hi: int, d_hi: int, scale: str):
    """Points for an RBF kernel: a small grid (the exact engine's time grows with the spread of the
    squared distances), with the shapes that give repeated or zero eigenvalues."""
    if scale == "sweep" and rng.random() < 0.5:
        return point_set(rng, n_lo, n_hi, 1, d_hi, scale)
    shape = rng.choice(["grid", "grid", "1-D", "duplicate", "symmetric"])
    n = rng.randint(n_lo, n_hi)
    d = 1 if shape == "1-D" else rng.randint(1, min(2, d_hi))
    if shape == "symmetric":
        fits = [v for v in (SYMMETRIC["square"], SYMMETRIC["cross"], SYMMETRIC["segment"], SYMMETRIC["rectangle"])
                if n_lo <= len(v) <= n_hi and len(v[0]) <= d_hi]
        return "rbf-symmetric", [[Num.of(x) for x in row] for row in rng.choice(fits)]
    pts = [[Num.of(rng.randint(-1, 1)) for _ in range(d)] for _ in range(n)]
    if shape == "duplicate":
        pts[-1] = list(pts[0])
    return f"rbf-{shape}", pts


def points_and_kernel(rng: random.Random, scale: str, n_max: int | None = None, exactly: int | None = None):
    n_lo, n_hi, d_lo, d_hi = LIMITS["kernel"]
    if scale == "ci":
        n_hi = CI_N["kernel"]
    if n_max is not None:
        n_hi = min(n_hi, n_max)
    if exactly is not None:
        n_lo = n_hi = exactly
    kernel = kernel_spec(rng, scale)
    if kernel["name"] == "rbf":
        shape, pts = rbf_points(rng, n_lo, min(n_hi, CI_N["rbf"]) if scale == "ci" else n_hi, d_hi, scale)
    else:
        shape, pts = point_set(rng, n_lo, n_hi, d_lo, d_hi if scale == "sweep" else 3, scale)
        if kernel["name"] == "polynomial" and kernel["degree"] >= 5 and len(pts) > 4:
            pts = pts[:4]  # (c + xᵀy)^10 of eight points is a benchmark's business, not an oracle's
    return f"{kernel['name']}-{shape}", pts, kernel


def random_symmetric(rng: random.Random, n: int, psd: bool):
    if psd:
        k = rng.randint(1, n)
        A = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(k)]
        return [[Num.of(sum(A[r][i] * A[r][j] for r in range(k))) for j in range(n)] for i in range(n)]
    M = [[0] * n for _ in range(n)]
    for i in range(n):
        M[i][i] = rng.randint(0, 5)
        for j in range(i + 1, n):
            M[i][j] = M[j][i] = rng.randint(-3, 3)
    return [[Num.of(x) for x in row] for row in M]


def centred(rng: random.Random, n: int):
    """H M H for a symmetric integer M: rows sum to 0 exactly, entries rationals."""
    M = [[Fraction(x.text) for x in row] for row in random_symmetric(rng, n, rng.random() < 0.6)]
    r = [sum(row) / n for row in M]
    g = sum(r) / n
    return [[Num.of(M[i][j] - r[i] - r[j] + g) for j in range(n)] for i in range(n)]


# --- topics ----------------------------------------------------------------------------------


def gen_kernel_pca(rng, scale):
    start = rng.choices(["points", "kernel_matrix", "centred_kernel_matrix"], [6, 1, 1])[0]
    fields: dict = {}
    if start == "points":
        shape, pts, kernel = points_and_kernel(rng, scale)
        fields = {"points": pts, "kernel": kernel}
        if rng.random() < 0.3:
            d = len(pts[0])
            fields["new_points"] = [[make_coord(rng, "int", 2) for _ in range(d)] for _ in range(rng.randint(1, 2))]
    else:
        n = rng.randint(2, CI_N["kernel"] if scale == "ci" else 8)
        if start == "kernel_matrix":
            psd = rng.random() < 0.5
            shape = "kernel-matrix-psd" if psd else "kernel-matrix-indefinite"
            fields = {"kernel_matrix": random_symmetric(rng, n, psd)}
        else:
            shape = "centred-kernel-matrix"
            fields = {"centred_kernel_matrix": centred(rng, n)}
    if rng.random() < 0.2:
        fields["components"] = rng.randint(1, 3)
    return shape, fields


def gen_kernel_matrix(rng, scale):
    shape, pts, kernel = points_and_kernel(rng, scale)
    return shape, {"points": pts, "kernel": kernel}


def gen_centring(rng, scale):
    if rng.random() < 0.25:
        n = rng.randint(2, 8)
        return "kernel-matrix", {"kernel_matrix": random_symmetric(rng, n, rng.random() < 0.5)}
    shape, pts, kernel = points_and_kernel(rng, scale)
    return shape, {"points": pts, "kernel": kernel}


gen_feature_mean = gen_centring


def gen_feature_space(rng, scale):
    if rng.random() < 0.3:
        a, b = rng.choice([(9, 16), (1, 1), (4, 4), (2, 3), (Fraction(1, 2), 2)])
        bound = Fraction(a) * Fraction(b)
        xy = rng.choice([0, 1, -1, 2, Fraction(1, 2), "cs-equal", "cs-equal-negative"])
        shape = "kernel-values"
        if isinstance(xy, str):
            shape = f"kernel-values-{xy}"
            root = f"sqrt({bound})" if bound.denominator == 1 else f"sqrt({bound.numerator}/{bound.denominator})"
            xy = root if xy == "cs-equal" else f"-{root}"
        return shape, {"kernel_values": {"xx": Num.of(Fraction(a)), "yy": Num.of(Fraction(b)), "xy": Num.of(xy)}}
    shape, pts, kernel = points_and_kernel(rng, scale, exactly=2)
    return shape, {"points": pts, "kernel": kernel}


def gen_feature_map(rng, scale):
    degree = rng.randint(1, 4)
    offset = rng.choice([Num.of(0), Num.of(1), Num.of(2), Num.of(Fraction(1, 2)), Num.of("sqrt(2)")])
    d = rng.randint(1, 4)
    fields: dict = {"degree": degree, "offset": offset}
    shape = f"d{d}-p{degree}"
    if rng.random() < 0.6:
        style = number_style(rng, scale)
        radicand = rng.choice([2, 3])
        fields["points"] = [[make_coord(rng, style, radicand) for _ in range(d)] for _ in range(2)]
        if rng.random() < 0.5:
            fields["dimension"] = d
    else:
        fields["dimension"] = d
    return shape, fields


def gen_rbf_gamma(rng, scale):
    s = rng.choice([Num.of(Fraction(1, 2)), Num.of(Fraction(1, 10)), Num(("0.1"), 0.1), Num.of("e^(-1)"),
                    Num.of(Fraction(9, 10)), Num.of("sqrt(2)/2"), Num.of(Fraction(1, 3)), Num(("0.99"), 0.99)])
    d = rng.choice([Num.of(1), Num.of(2), Num.of(3), Num.of("sqrt(2)"), Num.of(Fraction(1, 2)), Num("0.5", 0.5)])
    count = rng.randint(1, 12)
    menu = [Num.of(0), Num.of(1), Num.of(2), Num.of(3), Num.of(4), Num.of(8), Num.of(12), Num.of(Fraction(1, 2)),
            Num.of("sqrt(2)"), Num.of("sqrt(3)"), Num("0.5", 0.5), Num("1.5", 1.5)]
    return f"{count}-distances", {"similarity": s, "distance": d,
                                   "distances": [rng.choice(menu) for _ in range(count)]}


def gen_pca(rng, scale):
    n_lo, n_hi, d_lo, d_hi = LIMITS["pca"]
    if scale == "ci":
        n_hi = CI_N["pca"]
    shape, pts = point_set(rng, n_lo, n_hi, d_lo, d_hi, scale)
    d = len(pts[0])
    fields = {"points": pts, "components": rng.randint(1, d)}
    if rng.random() < 0.3:
        fields["divisor"] = "n-1"
    return shape, fields


def gen_pca_gram(rng, scale):
    n_lo, n_hi, d_lo, d_hi = LIMITS["pca-gram"]
    if scale == "ci":
        n_hi = CI_N["pca-gram"]
    shape, pts = point_set(rng, n_lo, n_hi, d_lo, d_hi, scale)
    return shape, {"points": pts}


def gen_svd(rng, scale):
    shape = rng.choice(["square", "2x4", "single-row", "single-column", "rank-deficient", "zero-row", "repeated"])
    style = number_style(rng, scale)
    radicand = rng.choice([2, 3])
    if shape == "square":
        m = n = rng.randint(1, 3)
    elif shape == "2x4":
        m, n = 2, rng.randint(3, 4)
    elif shape == "single-row":
        m, n = 1, rng.randint(1, 4)
    elif shape == "single-column":
        m, n = rng.randint(1, 3), 1
    else:
        m, n = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
    D = [[make_coord(rng, style, radicand) for _ in range(n)] for _ in range(m)]
    if shape == "rank-deficient" and m >= 2:
        k = rng.choice([2, -1, Fraction(1, 2)])
        D[-1] = [scaled(x, k) for x in D[0]]
    if shape == "zero-row":
        D[rng.randrange(m)] = [Num.of(0)] * n
    if shape == "repeated":
        D = rng.choice([[[2, 0, 1], [0, 1, 0], [1, 0, 2]], [[1, 0], [0, 1]], [[3, 0], [0, -3]], [[1, 1], [-1, 1]],
                        [[1, 0, 0], [0, 1, 0]], [[2, 0, 0], [0, 2, 0], [0, 0, 1]]])
        D = [[Num.of(x) for x in row] for row in D]
    rank = rng.randint(1, min(len(D), len(D[0])))  # more than D's own rank is refused, as documented
    return f"{shape}-{len(D)}x{len(D[0])}", {"matrix": D, "rank": rank}


def gen_mds(rng, scale):
    n_hi = CI_N["mds"] if scale == "ci" else 8
    if rng.random() < 0.5:
        shape, pts = point_set(rng, 2, n_hi, 1, 3 if scale == "ci" else 6, scale)
        fields: dict = {"points": pts}
    else:
        n = rng.randint(2, n_hi)
        shape = rng.choice(["table-random", "table-metric", "table-surd", "table-zero"])
        D = [[Num.of(0)] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if shape == "table-random":
                    x = Num.of(rng.randint(0, 5))
                elif shape == "table-metric":
                    x = Num.of(rng.randint(2, 3))  # any table of 2s and 3s satisfies the triangle inequality
                elif shape == "table-surd":
                    x = Num.of(rng.choice([1, 2, "sqrt(2)", "sqrt(3)", "sqrt(5)"]))
                else:
                    x = Num.of(rng.choice([0, 1]))
                D[i][j] = D[j][i] = x
        fields = {"distances": D}
        if shape == "table-random" and rng.random() < 0.5:  # the same table as squared distances
            fields = {"squared_distances": [[Num.of(rng.randint(0, 25)) if i != j else Num.of(0)
                                             for j in range(n)] for i in range(n)]}
            for i in range(n):
                for j in range(i):
                    fields["squared_distances"][i][j] = fields["squared_distances"][j][i]
    if rng.random() < 0.3:
        fields["dimensions"] = rng.randint(1, 3)
    return shape, fields


MAPS = {
    1: ["x1", "x1^2", "x1^3", "2*x1 + 1", "x1^2 - x1", "sqrt(2)*x1", "1", "exp(x1)"],
    2: ["x1", "x2", "x1^2", "x2^2", "x1*x2", "sqrt(2)*x1*x2", "x1^2 + x2^2", "x2 - x1^2", "x1 + x2", "1"],
}


def gen_pca_feature_map(rng, scale):
    shape, pts = point_set(rng, 2, 8 if scale == "sweep" else CI_N["kernel"], 1, 2 if scale == "ci" else 4, scale)
    d = len(pts[0])
    menu = MAPS[1] if d == 1 else MAPS[2] + [f"x{d}", f"x1*x{d}", f"x{d}^2"]
    if scale == "ci":
        menu = [m for m in menu if "exp" not in m]
    k = rng.randint(1, 6 if scale == "sweep" else 3)
    return f"{shape}-map{k}", {"points": pts, "map": [rng.choice(menu) for _ in range(k)]}


def gen_high_dim(rng, scale):
    count = rng.randint(1, 12)
    dims = [rng.choice([1, 2, 3, 4, 5, 10, 30, 50, 100, 199, 200]) for _ in range(count)]
    fields: dict = {"dimensions": dims}
    if rng.random() < 0.6:
        fields["shell"] = rng.choice([Num("0.05", 0.05), Num.of(Fraction(1, 10)), Num.of(Fraction(1, 2)),
                                      Num("0.99", 0.99), Num.of("1/1000")])
    if rng.random() < 0.6:
        fields["dimensions"] = [max(2, m) for m in dims]
        fields["angle"] = rng.choice([Num.of("pi/6"), Num.of("pi/3"), Num.of("pi/2"), Num.of("2*pi/3"),
                                      Num.of("5*pi/6"), Num.of(1), Num.of(Fraction(1, 10)), Num.of("3")])
    return f"{count}-dims", fields


def gen_importance_sampling(rng, scale):
    k = rng.randint(1, 12)
    shape = rng.choice(["random", "zeros-in-p", "uniform-q", "all-samples-weight-0", "surd-support"])
    support_menu = list(range(-4, 9))
    if shape == "surd-support":
        support = [Num.of(x) for x in rng.sample(["sqrt(2)", "1/2", "-1", "0", "3", "sqrt(3)", "2/3", "5"], min(k, 8))]
    else:
        support = [Num.of(x) for x in rng.sample(support_menu, k)]
    k = len(support)

    def distribution(zero_mask):
        weights = [0 if z else rng.randint(1, 4) for z in zero_mask]
        total = sum(weights)
        return [Fraction(w, total) for w in weights]

    p_zero = [False] * k
    if shape in ("zeros-in-p", "all-samples-weight-0") and k > 1:
        p_zero = [rng.random() < 0.4 for _ in range(k)]
        p_zero[rng.randrange(k)] = False
    p = distribution(p_zero)
    q_zero = [pz and rng.random() < 0.5 for pz in p_zero]
    q = [Fraction(1, k)] * k if shape == "uniform-q" else distribution(q_zero)
    fields: dict = {"support": support, "p": [Num.of(x) for x in p], "q": [Num.of(x) for x in q]}
    if rng.random() < 0.5:
        fields["f"] = rng.choice(["x", "x^2", "2*x + 1", "x^3 - x", "exp(x)", "1"] +
                                 (["sqrt(x^2 + 1)"] if shape == "surd-support" else []))
    else:
        fields["f"] = [Num.of(rng.choice([-2, -1, 0, 1, 2, 5, Fraction(1, 2)])) for _ in range(k)]
    allowed = [i for i in range(k) if q[i] > 0]
    if shape == "all-samples-weight-0":
        zero_weight = [i for i in allowed if p[i] == 0]
        allowed = zero_weight or allowed
    if rng.random() < 0.2 and shape != "all-samples-weight-0":
        fields["draw"] = {"n": rng.randint(1, 50), "seed": rng.randint(0, 10**9)}
    else:
        fields["samples"] = [support[rng.choice(allowed)] for _ in range(rng.randint(1, 50))]
    return shape, fields


def gen_amortised(rng, scale):
    growth = rng.choice([2, 3, 4])
    start = rng.choice([0, 0, 1, 2, 3, 5, 64])
    a, b, c = (rng.choice([Fraction(x) for x in (-1, 0, 1, 2, 3)] + [Fraction(3, 2), Fraction(1, 2)]) for _ in range(3))
    if rng.random() < 0.4:
        text = rng.choice(["2n - m", "(3n - m)/2", "2*n - m", "n", "0", "(4n - m)/3"])
    else:
        text = f"{a}*n + ({b})*m + ({c})"
    fields = {"n": rng.choice([1, 2, 9, 17, 33, 64, rng.randint(1, 64)]), "start": start, "growth": growth,
              "potential": text}
    return f"growth{growth}-start{start}", fields


def gen_dfs_code(rng, scale):
    n = rng.randint(2, 7 if scale == "sweep" else 6)
    shape = rng.choice(["tree", "cycle", "dense", "complete", "one-label"])
    vlabels = ["A"] if shape == "one-label" else rng.sample(["A", "B", "C", "X"], rng.randint(1, 3))
    elabels = ["a"] if shape == "one-label" else rng.sample(["a", "b", "c"], rng.randint(1, 2))
    edges = set()
    order = list(range(n))
    rng.shuffle(order)
    for i in range(1, n):  # a random spanning tree
        edges.add(frozenset((order[i], order[rng.randrange(i)])))
    pairs = [frozenset((u, v)) for u in range(n) for v in range(u + 1, n)]
    if shape == "cycle":
        edges.add(frozenset((order[0], order[-1]))) if n > 2 else None
    elif shape == "dense":
        for e in rng.sample(pairs, min(len(pairs), rng.randint(1, 4))):
            edges.add(e)
    elif shape == "complete" and n <= 6:
        edges = set(pairs)
    edge_list = [[*sorted(e), rng.choice(elabels)] for e in sorted(edges, key=sorted)]
    rng.shuffle(edge_list)
    for e in edge_list:
        if rng.random() < 0.5:
            e[0], e[1] = e[1], e[0]
    fields: dict = {"vertices": [rng.choice(vlabels) for _ in range(n)], "edges": edge_list}
    adjacency = {v: sorted({w for e in edges for w in e if v in e} - {v}) for v in range(n)}
    if rng.random() < 0.5:
        fields["dfs"] = random_dfs(rng, adjacency, n)
    if rng.random() < 0.4:
        fields["compare"] = random_dfs(rng, adjacency, n)
    return f"{shape}-{n}", fields


def random_dfs(rng, adjacency, n):
    root = rng.randrange(n)
    order, seen, stack = [root], {root}, [root]
    while stack:
        waiting = [w for w in adjacency[stack[-1]] if w not in seen]
        if not waiting:
            stack.pop()
            continue
        w = rng.choice(waiting)
        order.append(w)
        seen.add(w)
        stack.append(w)
    return order


# The lines of each derivation (the notes' six): the oracle's check holds the value of every line.
DERIVATION_LINES = {"pca-trace": 6, "gram-trick": 8, "uw-lemma": 8, "eckart-young": 7, "kernel-pca": 13, "mds": 6}


def gen_derivation(rng, scale):
    name = rng.choice(sorted(DERIVATION_LINES))
    fade = rng.randint(1, DERIVATION_LINES[name])
    return f"{name}-line{fade}", {"derivation": name, "fade": fade}


# --- families --------------------------------------------------------------------------------

# Fractions whose squares and products give squared distances with denominators 4, 9, 16, 36, 144: with
# γ = c·ln b the kernel values are powers of b^(1/N) for N up to 576 (the issue-29 cliff: 72 and 144).
FRACTIONAL = [Fraction(1, 2), Fraction(-1, 2), Fraction(3, 2), Fraction(1, 3), Fraction(-2, 3), Fraction(1, 4),
              Fraction(-3, 4), Fraction(5, 4), Fraction(1, 6)]
LN_GAMMAS = ["ln(2)/4", "ln(2)/2", "ln(2)", "3*ln(2)/4", "ln(3)/2", "ln(3)/4", "ln(5)/2", "ln(2)/8"]


def gen_kernel_pca_rbf_ln(rng, scale):
    """RBF with γ = c·ln b on 2 to 5 points (3 at the CI scale) with fractional coordinates."""
    n = rng.randint(2, 5 if scale == "sweep" else 3)
    d = rng.randint(1, 2 if scale == "ci" else 3)
    shape = rng.choice(["fractional", "fractional", "mixed", "halves", "duplicate"])
    menu = {"fractional": FRACTIONAL, "mixed": FRACTIONAL + [-1, 0, 1, 2], "halves": [Fraction(k, 2) for k in
            range(-3, 4)], "duplicate": FRACTIONAL + [0, 1]}[shape]
    pts = [[Num.of(Fraction(rng.choice(menu))) for _ in range(d)] for _ in range(n)]
    if shape == "duplicate":
        pts[-1] = list(pts[0])
    fields: dict = {"points": pts, "kernel": {"name": "rbf", "gamma": Num.of(rng.choice(LN_GAMMAS))}}
    if rng.random() < 0.2:
        fields["components"] = rng.randint(1, 2)
    return f"rbf-ln-{shape}-{n}x{d}", fields


# The widest shapes pca, pca-gram and svd take (8 × 8; one side's non-zero eigenvalues must solve by hand,
# so wider ranks are refused), and the CI's smaller sample of them.
WIDE = {"sweep": [(8, 4), (5, 8), (4, 8), (8, 8), (6, 6), (8, 5), (3, 8), (7, 7), (8, 2), (2, 8), (6, 8)],
        "ci": [(8, 2), (2, 8), (3, 6), (6, 3), (4, 5)]}


def wide_rows(rng, scale):
    """(shape, rows): awkward integers (irreducible quartics where the rank allows), small ones, low rank."""
    m, n = rng.choice(WIDE[scale])
    style = rng.choice(["awkward", "small", "low-rank", "rational"])
    if style == "low-rank":
        basis = [[rng.randint(-3, 3) for _ in range(n)] for _ in range(rng.randint(1, 3))]
        rows = [[sum(c * b[j] for c, b in zip(cs, basis)) for j in range(n)]
                for cs in ([rng.randint(-2, 2) for _ in basis] for _ in range(m))]
        rows = [[Num.of(x) for x in row] for row in rows]
    elif style == "rational":
        rows = [[Num.of(rng.choice(RATIONALS + [Fraction(0), Fraction(1), Fraction(-2)])) for _ in range(n)]
                for _ in range(m)]
    else:
        top = 9 if style == "awkward" else 1
        rows = [[Num.of(rng.randint(-top, top)) for _ in range(n)] for _ in range(m)]
    return f"wide-{style}-{m}x{n}", rows


def gen_pca_wide(rng, scale):
    shape, rows = wide_rows(rng, scale)
    n, d = len(rows), len(rows[0])
    # mostly k within the rank n − 1 that wide data can have; sometimes beyond it (refused by the Gram route)
    k = rng.randint(1, min(3, d)) if rng.random() < 0.2 else rng.randint(1, max(1, min(3, n - 1, d)))
    fields = {"points": rows, "components": k}
    if rng.random() < 0.3:
        fields["divisor"] = "n-1"
    return shape, fields


def gen_pca_gram_wide(rng, scale):
    shape, rows = wide_rows(rng, scale)
    return shape, {"points": rows}


def gen_svd_wide(rng, scale):
    shape, rows = wide_rows(rng, scale)
    return shape, {"matrix": rows, "rank": rng.randint(1, min(3, len(rows), len(rows[0])))}


def gen_mds_table(rng, scale):
    """Distance tables only (no points): the MDS topic's table shapes, up to 8 points."""
    for _ in range(100):
        shape, fields = gen_mds(rng, scale)
        if "points" not in fields:
            return shape, fields
    raise AssertionError("gen_mds drew no table in 100 tries")


# Densities on an interval: (text, the ends it fits, its rate of decay for [a, oo)). Finite intervals take
# polynomial densities normalised exactly, written factored (the parser's grammar; under 100 characters).
FINITE_INTERVALS = [(Fraction(0), Fraction(1)), (Fraction(0), Fraction(2)), (Fraction(-1), Fraction(1)),
                    (Fraction(1), Fraction(3)), (Fraction(0), Fraction(1, 2))]


def _poly_integral(coeffs, a, b) -> Fraction:
    return sum(c * (b ** (k + 1) - a ** (k + 1)) / (k + 1) for k, c in enumerate(coeffs))


def _poly_mul(u, v):
    out = [Fraction(0)] * (len(u) + len(v) - 1)
    for i, x in enumerate(u):
        for j, y in enumerate(v):
            out[i + j] += x * y
    return out


def _frac(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _lin(sign: int, x0: Fraction) -> tuple[str, list]:
    """(x − x0) for sign 1, (x0 − x) for sign −1: text and coefficients."""
    if x0 == 0:
        return ("x", [Fraction(0), Fraction(1)]) if sign > 0 else ("(-x)", [Fraction(0), Fraction(-1)])
    if sign > 0:
        return (f"(x - {_frac(x0)})" if x0 >= 0 else f"(x + {_frac(-x0)})"), [-x0, Fraction(1)]
    return (f"({_frac(x0)} - x)" if x0 >= 0 else f"(-{_frac(-x0)} - x)"), [x0, Fraction(-1)]


def finite_density(rng, a: Fraction, b: Fraction, positive: bool = False) -> str:
    """A density on [a, b]; ``positive``: one with no zero on the interval (for most proposals q, whose
    zeros where p > 0 are refused)."""
    kind = rng.choice(["uniform", "uniform-text", "affine", "exp"] if positive else
                      ["uniform", "uniform-text", "rising", "falling", "rising2", "bump", "affine", "rising3", "exp"])
    if kind == "uniform":
        return "uniform"
    if kind == "exp":  # a truncated exponential: integrates to 1 only after SymPy simplifies
        lam = rng.choice([1, 2])
        return f"{lam}*exp(-{lam}*x)/(exp({_frac(-lam * a)}) - exp({_frac(-lam * b)}))"
    factors = {"uniform-text": [], "rising": [(1, a)], "falling": [(-1, b)], "rising2": [(1, a), (1, a)],
               "bump": [(1, a), (-1, b)], "affine": None, "rising3": [(1, a)] * 3}[kind]
    if factors is None:  # 1 + (x − a): positive on the whole interval
        text, coeffs = _lin(1, a)
        coeffs = [coeffs[0] + 1, coeffs[1]]
        text = f"(1 + {text})"
    else:
        coeffs, texts = [Fraction(1)], []
        for sign, x0 in factors:
            t, c = _lin(sign, x0)
            texts.append(t)
            coeffs = _poly_mul(coeffs, c)
        text = "*".join(texts) or "1"
    k = 1 / _poly_integral(coeffs, a, b)
    return f"{_frac(k)}*{text}" if k != 1 else text


# On [a, oo): (text, decay rate) with the rate of e^(−rate·x) that dominates the tail.
HALF_LINE_P = [("exponential(1)", 1), ("exponential(2)", 2), ("exponential(1/2)", Fraction(1, 2)),
               ("e^(-x)", 1), ("x*exp(-x)", 1), ("4*x*exp(-2*x)", 2)]
HALF_LINE_Q = [("exponential(1)", 1), ("exponential(1/2)", Fraction(1, 2)), ("exponential(3/2)", Fraction(3, 2)),
               ("exponential(3)", 3), ("x*exp(-x)", 1), ("exponential(2)", 2)]
FINITE_F = ["x", "x^2", "1", "2*x + 1", "exp(x)", "x^3 - x", "e^(x^2)", "1/(1+x^2)", "exp(-x^2)", "1/(x+2)",
            "sqrt(x + 2)"]
HALF_LINE_F = ["x", "x^2", "1", "1/(1+x^2)", "exp(x/4)", "sqrt(x)", "x^3", "exp(-x^2)", "exp(x)", "1/(x+1)"]


def gen_importance_sampling_continuous(rng, scale):
    """Densities on an interval: finite ones with polynomial or truncated exponential densities, [a, oo)
    with exponential and gamma densities; f polynomial, exponential, or with special-function integrals
    (erfi, erf, atan, Ci/Si); samples given (endpoints and, rarely, a huge one) or drawn."""
    if rng.random() < 0.55:
        a, b = rng.choice(FINITE_INTERVALS)
        p, q = finite_density(rng, a, b), finite_density(rng, a, b, positive=rng.random() < 0.75)
        f = rng.choice(FINITE_F)
        shape = "finite"
        inside = [a + (b - a) * Fraction(k, 8) for k in range(9)]
        interval = [Num.of(a), Num.of(b)]
    else:
        a = rng.choice([Fraction(0), Fraction(0), Fraction(1)])
        p = rng.choice([t for t, _ in HALF_LINE_P if a == 0 or "x*" not in t])
        q = rng.choice([t for t, _ in HALF_LINE_Q if a == 0 or "x*" not in t])
        f = rng.choice(HALF_LINE_F)
        shape = "half-line"
        # The sweep's far sample sits at the documented limit (MAX_SAMPLE, |x| ≤ 10^4), where e^(−x) is tiny.
        inside = [a + Fraction(k, 2) for k in range(0, 12)] + ([Fraction(MAX_SAMPLE)] if scale == "sweep" else [])
        interval = [Num.of(a), "oo"]
    fields: dict = {"interval": interval, "p": p, "q": q, "f": f}
    if rng.random() < 0.3 and scale == "sweep" or rng.random() < 0.1:
        fields["draw"] = {"n": rng.randint(1, 8), "seed": rng.randint(0, 10**9)}
        shape += "-drawn"
    else:
        fields["samples"] = [Num.of(x) for x in rng.sample(inside, rng.randint(1, min(6, len(inside))))]
    return shape, fields


GENERATORS = {
    "kernel-pca": gen_kernel_pca, "kernel-matrix": gen_kernel_matrix, "centring": gen_centring,
    "feature-space": gen_feature_space, "feature-map": gen_feature_map, "rbf-gamma": gen_rbf_gamma,
    "pca": gen_pca, "pca-gram": gen_pca_gram, "svd": gen_svd, "mds": gen_mds,
    "pca-feature-map": gen_pca_feature_map, "high-dim": gen_high_dim, "feature-mean": gen_feature_mean,
    "importance-sampling": gen_importance_sampling, "amortised": gen_amortised, "dfs-code": gen_dfs_code,
    "derivation": gen_derivation,
    "kernel-pca-rbf-ln": gen_kernel_pca_rbf_ln, "pca-wide": gen_pca_wide, "pca-gram-wide": gen_pca_gram_wide,
    "svd-wide": gen_svd_wide, "mds-table": gen_mds_table,
    "importance-sampling-continuous": gen_importance_sampling_continuous,
}
