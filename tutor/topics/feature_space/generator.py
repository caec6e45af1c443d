"""feature-space: norms, distance and angle of two mapped points."""

from tutor.generators import draw, titles
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Two points in the plane and the kernel (xᵀy)², or an RBF kernel γ = ln(2)/c with K(x, y) = ½ or ¼: "
            "each kernel value from one dot product (or K(x, x) = 1), integer norms² and d_φ², a fractional "
            "cosine.",
    "medium": "Two points in the plane and the kernel (1 + xᵀy)² or (2 + xᵀy)²: the offset added to each dot "
              "product before squaring, integers and one fraction, d_φ a single square root.",
    "hard": "Two points in space and the kernel (1 + xᵀy)² or (2 + xᵀy)²: three-term dot products, so more to "
            "compute than medium, with numbers of the same kind and size (integers, one fraction, d_φ a single "
            "square root).",
}


def make(rng, difficulty):
    if difficulty == "easy" and rng.random() < 1 / 3:
        return _rbf(rng)
    d, lo, hi = (3, -1, 2) if difficulty == "hard" else (2, -2, 3)
    pts = draw.points(rng, 2, d, lo, hi)
    offset = 0 if difficulty == "easy" else rng.choice([1, 2])
    kernel = {"name": "polynomial", "degree": 2, "offset": offset}
    if pts is None or [0] * d in pts:
        return None
    k = [[(offset + sum(a * b for a, b in zip(p, q))) ** 2 for q in pts] for p in pts]
    if k[0][1] == 0 or k[0][0] + k[1][1] == 2 * k[0][1]:
        return None  # a right angle or one point in feature space (x = −y): another solution path
    return {"title": f"The points {titles.points(pts)} under {titles.kernel(kernel)}",
            "points": pts, "kernel": kernel}


def _rbf(rng):
    """An RBF kernel γ = ln(2)/c with c the squared distance or half of it: K(x, y) = ½ or ¼, d_φ² = 1 or 3/2,
    so no root of a root (the card's √(2 − √2)) at the easiest level."""
    for _ in range(50):  # drawn until it fits, so an RBF seed stays one in three however often a draw fails
        pts = draw.points(rng, 2, 2, -2, 2)
        if pts is None:
            continue
        delta = draw.squared_distances(pts)[0]
        c = delta // rng.choice([1, 2])
        if c and not delta % c:
            break
    else:
        return None
    kernel = {"name": "rbf", "gamma": "ln(2)" if c == 1 else f"ln(2)/{c}"}
    return {"title": f"The points {titles.points(pts)} under {titles.kernel(kernel)}", "points": pts,
            "kernel": kernel}


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
