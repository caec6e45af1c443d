"""svd: a small matrix with nice singular values, and a rank r that leaves out at most a quarter of
‖D‖²_F (a clear gap before the dropped singular values).

Easy draws a 2×2 matrix and keeps it when s₁, s₂ are whole. Medium and hard are built backwards:
D = Σ c_k l_k r_kᵀ with mutually orthogonal integer l_k and r_k, so the singular values are
c_k‖l_k‖‖r_k‖ and the singular vectors l_k/‖l_k‖, r_k/‖r_k‖ before anything is solved. A wide D
(medium, 2×3) is worked through the smaller DDᵀ by the topic itself.

Consecutive seeds never share a spectrum: every matrix a difficulty allows is listed once (a few thousand,
a fraction of a second, kept for the process), grouped by its singular values, and seed S takes the
spectra in a fixed shuffled order, S modulo their number, then one of that spectrum's matrices at random.
"""

from functools import lru_cache
from itertools import product
from math import isqrt

from tutor.generators import draw, titles
from tutor.generators.nice import orthogonal_directions, outer_sum, within_bounds

RULES = {
    "easy": "A 2×2 matrix (entries −6 to 7, neither its rows nor its columns orthogonal) with whole singular values s₁ > s₂ (s₂² at most a quarter of ‖D‖²_F), found from "
            "s₁² + s₂² = ‖D‖²_F and s₁s₂ = ±det D; its rank-1 approximation; no two of 20 seeds with one spectrum.",
    "medium": "A 2×3 matrix of rank 2, worked through the 2×2 DDᵀ: whole eigenvalues, singular values and "
              "unit vectors with at most one kind of square root; its rank-1 approximation, the dropped "
              "singular value carrying at most a quarter of ‖D‖²_F; no two of 20 seeds with one spectrum.",
    "hard": "A 3×3 matrix of rank 3: a 3×3 DᵀD with whole eigenvalues, three singular vectors each way, "
            "and its rank-2 approximation, the dropped singular value carrying at most a quarter of ‖D‖²_F; no two "
            "of 20 seeds with one spectrum.",
}

# rows, columns, largest entry of l_k and r_k, scales c_k, rank kept
SHAPES = {"medium": (2, 3, 2, (1, 2, 3), 1), "hard": (3, 3, 2, (1, 2), 2)}
MAX_ENTRY = {"medium": 8, "hard": 8}
# The zero counts (zeros_of) a difficulty's variants may have: lefts, rights, D_r, D. One pattern alone left
# medium 5 spectra and hard 1 (two seeds of 20 always shared one); these few keep 20 apart.
ZEROS = {"medium": {(0, 1, 0, 0), (0, 3, 2, 0), (0, 1, 2, 0)},
         "hard": {(4, 4, 3, 1), (1, 1, 2, 0), (4, 1, 3, 0), (1, 4, 3, 0)}}
RANK = {"easy": 1, "medium": 1, "hard": 2}


def make(rng, difficulty, seed=0):
    D = [list(row) for row in rng.choice(draw.spread(_spectra(difficulty), f"svd-spectra:{difficulty}", seed))]
    rng.shuffle(D)  # the rows in any order and sign: the same singular values
    D = [[x * sign for x in row] for row, sign in zip(D, (rng.choice([1, -1]) for _ in D))]
    return {"title": title(D, RANK[difficulty]), "matrix": D, "rank": RANK[difficulty]}


def title(D, rank: int) -> str:
    """'SVD of a 2 × 3 matrix and its best rank-1 approximation' (Eckart–Young's, which the solution names)."""
    return f"SVD of a {titles.size(len(D), len(D[0]))} matrix and its best rank-{rank} approximation"


@lru_cache(maxsize=None)
def _spectra(difficulty) -> dict:
    """Every matrix the difficulty allows, by its spectrum: the squared singular values, largest first (when
    easy, s₁ + s₂ and s₁ − s₂)."""
    out: dict = {}
    if difficulty == "easy":
        for a, b, c, d in product(range(-6, 8), repeat=4):
            # orthogonal rows or columns (as [[0, 3], [6, 0]]) give DᵀD or DDᵀ diagonal: nothing to find
            if a * b + c * d != 0 and a * c + b * d != 0 and _whole_singular_values([[a, b], [c, d]]):
                total, det = a * a + b * b + c * c + d * d, abs(a * d - b * c)
                plus, minus = isqrt(total + 2 * det), isqrt(total - 2 * det)  # s₁ + s₂, s₁ − s₂
                out.setdefault((plus, minus), []).append(((a, b), (c, d)))
        return out
    rows, cols, hi, scales, rank = SHAPES[difficulty]
    k = min(rows, cols)
    # the left vectors up to the order and signs of D's rows, which change neither the spectrum nor the zeros
    # (make puts them back at random): a tenth of the work
    lefts_up_to_rows = {_up_to_order(ls): ls for ls in orthogonal_directions(rows, hi, k)}
    for lefts in lefts_up_to_rows.values():
        for rights in orthogonal_directions(cols, hi, k):
            for factors in product(scales, repeat=k):
                D = _built(lefts, rights, factors, difficulty)
                if D is not None:
                    out.setdefault(D[0], []).append(D[1])
    return out


def _built(lefts, rights, factors, difficulty):
    """(squared singular values, D) for D = Σ c_k l_k r_kᵀ, or None when it is not the difficulty's shape."""
    rank = SHAPES[difficulty][4]
    scaled = [[c * x for x in l] for c, l in zip(factors, lefts)]
    squares = [sum(x * x for x in l) * sum(x * x for x in r) for l, r in zip(scaled, rights)]
    if any(a <= b for a, b in zip(squares, squares[1:])) or 4 * sum(squares[rank:]) > sum(squares):
        return None  # not distinct and in order, or no clear gap after the kept ones
    if difficulty == "medium" and len(_kinds(squares)) > 1:
        return None  # two kinds of square root in the singular values
    D = outer_sum(scaled, rights)
    if max(abs(x) for row in D for x in row) > MAX_ENTRY[difficulty]:
        return None
    if zeros_of(lefts, rights, outer_sum(scaled[:rank], rights[:rank]), D) not in ZEROS[difficulty]:
        return None  # a few solution paths per difficulty: the zeros in D, its vectors and D_r
    return tuple(squares), tuple(tuple(row) for row in D)


def _up_to_order(vectors) -> tuple:
    """Vectors as a set of coordinates: the columns (one per coordinate) sorted, each up to sign."""
    coordinates = [tuple(v[i] for v in vectors) for i in range(len(vectors[0]))]
    return tuple(sorted(min(c, tuple(-x for x in c)) for c in coordinates))


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


STRUCTURE_KEYS = ("right_vectors", "left_vectors")


def nice(solution, difficulty):
    return len(solution.answers["singular_values"]) >= 2 and within_bounds(solution, difficulty)
