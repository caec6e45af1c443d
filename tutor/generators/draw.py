"""Random inputs every generator draws from: small integer points, kernels per difficulty."""

from __future__ import annotations

import random
from math import gcd


def points(rng: random.Random, n: int, d: int, lo: int = -2, hi: int = 2) -> list[list[int]] | None:
    """n distinct points with integer coordinates in [lo, hi], or None if a draw repeated one."""
    pts = [[rng.randint(lo, hi) for _ in range(d)] for _ in range(n)]
    return pts if len({tuple(p) for p in pts}) == n else None


def kernel(rng: random.Random, difficulty: str, pts: list[list[int]] | None = None) -> dict | None:
    """Linear when easy, a polynomial with an offset when medium, an RBF when hard: with ``pts`` the
    RBF of ``rbf_halving`` (None when the points do not allow it), else γ = ln(2)/4 or ln(2)/2."""
    if difficulty == "easy":
        return {"name": "linear"}
    if difficulty == "medium":
        return {"name": "polynomial", "degree": 2, "offset": rng.choice([0, 1])}
    if pts is not None:
        return rbf_halving(rng, pts)
    return {"name": "rbf", "gamma": rng.choice(["ln(2)/4", "ln(2)/2"])}


def squared_distances(pts) -> list[int]:
    """‖xᵢ − xⱼ‖² for every pair i < j."""
    return [sum((a - b) ** 2 for a, b in zip(p, q)) for i, p in enumerate(pts) for q in pts[i + 1:]]


def rbf_halving(rng: random.Random, pts, *, most: int = 5, halves: bool = False) -> dict | None:
    """An RBF kernel γ = ln(2)/c whose values are powers of ½: c divides every squared distance
    (c = their gcd, or twice it when ``halves`` allows K = 2^(−k/2)), so K = 2^(−δ/c) with
    δ/c ≤ ``most``; None when the points are too spread out for that."""
    deltas = squared_distances(pts)
    c = 0
    for delta in deltas:
        c = gcd(c, delta)
    if c == 0:
        return None
    if halves and rng.random() < 0.5:
        c *= 2  # some exponents δ/c become halves: K = 2^(−1/2) = √2/2, one square root
    if max(deltas) > most * c:
        return None
    return {"name": "rbf", "gamma": "ln(2)" if c == 1 else f"ln(2)/{c}"}


def title(text: str, difficulty: str | None = None) -> str:
    """A generated problem's title: the text alone. Students never see a difficulty or a "practice"
    label (plugins written for the old title(text, difficulty) keep working)."""
    return text


def points_with_kernel(rng: random.Random, difficulty: str, text: str, *, n: int = 3, n_hard: int = 4) -> dict | None:
    """Points (2-D; more of them when hard) with the difficulty's kernel, the RBF one a power of ½ in every
    entry: centring, feature-mean."""
    pts = points(rng, n if difficulty != "hard" else n_hard, 2)
    if pts is None:
        return None
    chosen = kernel(rng, difficulty, pts)
    if chosen is None or (chosen["name"] != "rbf" and has_zero_entries(pts, chosen)):
        return None
    return {"title": text, "points": pts, "kernel": chosen}


def has_zero_entries(pts, chosen: dict) -> bool:
    """Whether XᵀX, a linear or polynomial K, a row mean or K̂ holds a 0: a different number of zeros is a
    different solution path, so draws with one are redrawn to keep one path per difficulty."""
    from .nice import centred, gram

    K = gram(pts, chosen.get("offset", 0), chosen.get("degree", 1))
    return (any(x == 0 for M in (gram(pts), K, centred(K)) for row in M for x in row)
            or any(sum(row) == 0 for row in K))


def first_built(build, rng: random.Random, difficulty: str, tries: int) -> dict | None:
    """The first of up to ``tries`` cheap draws ``build(rng, difficulty)`` that is not None: for shapes kept
    in only a few per cent of draws, tried many times inside one call of make (each rejected call of make
    that reaches the solver costs far more)."""
    for _ in range(tries):
        data = build(rng, difficulty)
        if data is not None:
            return data
    return None


def spread(groups: dict, label: str, seed: int) -> list:
    """The group of candidates seed S draws from: the groups in one fixed order (their keys sorted, then
    shuffled by ``label``, the same in every process), the S-th of them, so that no two of len(groups)
    consecutive seeds share a group (svd's and mds's spectra)."""
    order = sorted(groups)
    random.Random(label).shuffle(order)
    return groups[order[seed % len(order)]]
