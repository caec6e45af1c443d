"""kernel-matrix: a few points and a kernel, small numbers by construction."""

from tutor.generators import draw, titles
from tutor.generators.nice import within_bounds

RULES = {
    "easy": "Three points in the plane with small integer coordinates and the linear kernel: one part, K "
            "from the six dot products (it is the Gram matrix), integers only.",
    "medium": "Three points in the plane and a quadratic kernel (xᵀy)² or (1 + xᵀy)²: integers only.",
    "hard": "Four points in space and an RBF kernel γ = ln(2)/c with c chosen so that every K entry is a power of "
            "½ (2^(−1/2) = √2/2 at most as a root): the squared-distance matrix first, then K.",
}


def make(rng, difficulty):
    if difficulty != "hard":
        pts = draw.points(rng, 3, 2)
        kernel = draw.kernel(rng, difficulty)
    else:
        pts = draw.points(rng, 4, 3, -1, 2)
        kernel = draw.rbf_halving(rng, pts, halves=True) if pts else None
    if pts is None or kernel is None or (difficulty != "hard" and draw.has_zero_entries(pts, kernel)):
        return None
    data = {"title": f"Kernel matrix of {titles.few_points(pts)} under {titles.kernel(kernel)}", "points": pts,
            "kernel": kernel}
    if kernel["name"] == "linear":
        # the linear kernel's K is the Gram matrix itself: asking for both printed one matrix twice
        data.update(parts=["kernel"], marks={"kernel": 2})
    return data


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)
