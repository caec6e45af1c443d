"""Random inputs every generator draws from: small integer points, kernels per difficulty."""

from __future__ import annotations

import random


def points(rng: random.Random, n: int, d: int, lo: int = -2, hi: int = 2) -> list[list[int]] | None:
    """n distinct points with integer coordinates in [lo, hi], or None if a draw repeated one."""
    pts = [[rng.randint(lo, hi) for _ in range(d)] for _ in range(n)]
    return pts if len({tuple(p) for p in pts}) == n else None


def kernel(rng: random.Random, difficulty: str) -> dict:
    """Linear when easy, a polynomial with an offset when medium, an RBF when hard."""
    if difficulty == "easy":
        return {"name": "linear"}
    if difficulty == "medium":
        return {"name": "polynomial", "degree": 2, "offset": rng.choice([0, 1])}
    return {"name": "rbf", "gamma": rng.choice(["ln(2)/4", "ln(2)/2", "1/2"])}


def title(text: str, difficulty: str | None = None) -> str:
    """A generated problem's title: the text alone. Students never see a difficulty or a "practice"
    label (plugins written for the old title(text, difficulty) keep working)."""
    return text


def points_with_kernel(rng: random.Random, difficulty: str, text: str, *, n: int = 3, n_hard: int = 4) -> dict | None:
    """Points (2-D; more of them when hard) with the difficulty's kernel: kernel-matrix, centring, feature-mean."""
    pts = points(rng, n if difficulty != "hard" else n_hard, 2)
    if pts is None:
        return None
    return {"title": text, "points": pts, "kernel": kernel(rng, difficulty)}
