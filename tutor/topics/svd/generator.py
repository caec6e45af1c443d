"""svd: a small matrix with nice singular values, and a rank r that leaves out at most a quarter of
‖D‖²_F (a clear gap before the dropped singular values).

Easy draws a 2×2 matrix and keeps it when s₁, s₂ are whole. Medium and hard are built backwards:
D = Σ c_k l_k r_kᵀ with mutually orthogonal integer l_k and r_k, so the singular values are
c_k‖l_k‖‖r_k‖ and the singular vectors l_k/‖l_k‖, r_k/‖r_k‖ before anything is solved. A wide D
(medium, 2×3) is worked through the smaller DDᵀ by the topic itself.
"""

from math import isqrt

from tutor.generators import draw
from tutor.generators.nice import orthogonal_directions, outer_sum, within_bounds

RULES = {
    "easy": "A 2×2 matrix with whole singular values s₁ > s₂ (s₂² at most a quarter of ‖D‖²_F); its "
            "rank-1 approximation.",
    "medium": "A 2×3 matrix of rank 2, worked through the 2×2 DDᵀ: whole eigenvalues, singular values and "
              "unit vectors with at most one kind of square root; its rank-1 approximation, the dropped "
              "singular value carrying at most a quarter of ‖D‖²_F.",
    "hard": "A 3×3 matrix of rank 3: a 3×3 DᵀD with whole eigenvalues, three singular vectors each way, "
            "and its rank-2 approximation, the dropped singular value carrying at most a quarter of ‖D‖²_F.",
}

# rows, columns, largest entry of l_k and r_k, scales c_k, rank kept
SHAPES = {"medium": (2, 3, 2, (1, 2), 1), "hard": (3, 3, 2, (1,), 2)}
MAX_ENTRY = 6
# The commonest zero counts (zeros_of) of each difficulty's draws: the one its variants share.
ZEROS = {"medium": (0, 1, 0, 0), "hard": (1, 1, 2, 0)}  # lefts, rights, D_r, D
INNER_TRIES = 50  # cheap draws per call of make: one shape in a few per cent of them


def make(rng, difficulty):
    if difficulty == "easy":
        D = [[rng.randint(-3, 4) for _ in range(2)] for _ in range(2)]
        return {"title": "SVD and Eckart–Young", "matrix": D, "rank": 1} if _whole_singular_values(D) else None
    return draw.first_built(_built, rng, difficulty, INNER_TRIES)


def _built(rng, difficulty):
    rows, cols, hi, scales, rank = SHAPES[difficulty]
    k = min(rows, cols)
    lefts = rng.choice(orthogonal_directions(rows, hi, k))
    rights = rng.choice(orthogonal_directions(cols, hi, k))
    scaled = [[c * x for x in l] for c, l in zip([rng.choice(scales) for _ in lefts], lefts)]
    squares = [sum(x * x for x in l) * sum(x * x for x in r) for l, r in zip(scaled, rights)]
    if any(a <= b for a, b in zip(squares, squares[1:])) or 4 * sum(squares[rank:]) > sum(squares):
        return None  # not distinct and in order, or no clear gap after the kept ones
    if difficulty == "medium" and len(_kinds(squares)) > 1:
        return None  # two kinds of square root in the singular values
    D = outer_sum(scaled, rights)
    if max(abs(x) for row in D for x in row) > MAX_ENTRY:
        return None
    if zeros_of(lefts, rights, outer_sum(scaled[:rank], rights[:rank]), D) != ZEROS[difficulty]:
        return None  # one solution path per difficulty: the same zeros in D, its vectors and D_r
    return {"title": "SVD and Eckart–Young", "matrix": D, "rank": rank}


def zeros_of(*matrices) -> tuple[int, ...]:
    return tuple(sum(1 for row in m for x in row if x == 0) for m in matrices)


def _kinds(values) -> set[int]:
    """The square-free parts other than 1 of whole numbers: the kinds of square root of their roots."""
    return {next(m // (f * f) for f in range(isqrt(m), 0, -1) if m % (f * f) == 0) for m in values} - {1}


def _whole_singular_values(D) -> bool:
    """For a 2×2 matrix: s₁ > s₂ > 0 with s₁ ± s₂ whole (so s₁, s₂ whole or halves), from
    s₁² + s₂² = ‖D‖²_F and s₁s₂ = |det D|, with s₂² at most a quarter of ‖D‖²_F."""
    (a, b), (c, d) = D
    total, det = a * a + b * b + c * c + d * d, abs(a * d - b * c)
    plus, minus = total + 2 * det, total - 2 * det
    if det == 0 or minus <= 0 or isqrt(plus) ** 2 != plus or isqrt(minus) ** 2 != minus:
        return False
    twice_s2 = isqrt(plus) - isqrt(minus)  # s₁ ± s₂ = √(‖D‖² ± 2|det D|)
    return minus > 0 and twice_s2 * twice_s2 <= total  # s₁ ≠ s₂, and (2s₂)² ≤ ‖D‖²_F


def nice(solution, difficulty):
    return len(solution.answers["singular_values"]) >= 2 and within_bounds(solution, difficulty)
