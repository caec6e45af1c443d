"""The oracle: every answer key of every topic recomputed from the problem file alone.

Linear algebra goes through numpy (float64: eigh, svd), the rest through direct formulas or brute
force (every DFS traversal of a small graph, the array simulated insertion by insertion, mpmath's
incomplete beta function for random directions). Answers are compared within 1e-9, relative to
the problem's own scale, and up to what the answer leaves free: an eigenvector's sign, the basis of
a repeated eigenspace (compared as a projector), and a coordinate's sign, which must follow its
eigenvector's.

``verdict(topic, raw, answers, error)`` says whether tutor's outcome (its answers, or the message
of the TutorError it raised) is right: ("agreed" | "refused" | "disagreed", detail).
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from functools import cmp_to_key
from itertools import combinations

import numpy as np

from .numbers import exact_fraction, mp_value, value

TOL = 1e-9
CLUSTER = 1e-6  # eigenvalues closer than this (relative to the matrix's scale) form one eigenspace

# Refusals the docs (docs/exactness.md) document for valid-looking input that the exact engine cannot solve.
DOCUMENTED_LIMITS = [
    # "Known limits: a repeated eigenvalue whose factor has no closed form ... is refused"
    (r"an eigenvalue of multiplicity \d+ is a root of a polynomial of degree \d+", "repeated"),
    # "Refused up front: ... three or more independent square roots in a matrix larger than 5 × 5"
    (r"matrix with \d+ independent square roots", ""),
    # "... kernel values of such high degree in t that n³ × that degree exceeds 500,000 (20,000 for several)"
    (r"for an? \d+ × \d+ matrix the exact engine works up to degree \d+", ""),
    # "... a value that cancels beyond 4,000 digits"
    (r"a value cancels beyond [\d,]+ digits", ""),
    # "RBF with γ = q·ln b: ... L × n beyond 900 is refused as the file is read"
    (r"the exact engine works up to L × n = [\d,]+", ""),
]


class Stop(Exception):
    """The verdict is decided before every key was compared."""

    def __init__(self, status: str, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


class Oracle:
    def __init__(self, topic: str, raw: dict, answers: dict | None, error: str | None,
                 approx: dict | None = None, raw_text: str = ""):
        self.topic, self.raw, self.answers, self.error = topic, raw, answers, error
        self.approx = approx or {}  # key -> the JSON "approx" value (or the exception evaluating it raised)
        self.raw_text = raw_text
        self.mismatches: list[str] = []
        self.seen: set[str] = set()
        self.repeated = False  # a numpy spectrum had a repeated eigenvalue (for the documented limit)

    # --- refusals ---------------------------------------------------------------------------

    def refuse_if(self, must: bool, pattern: str, why: str, may: bool = False) -> None:
        """The input exceeds a documented limit when ``must``: tutor must refuse it, with a message
        matching ``pattern``. When only ``may`` holds, numpy cannot tell (an eigenvalue within
        1e-9·scale of 0), and a refusal with that message is accepted too."""
        if not (must or may):
            return
        if self.error is None:
            if must:
                raise Stop("disagreed", f"solved, but the oracle expects a refusal ({why})")
            return
        if re.search(pattern, self.error) or self._judge_refusal()[0] == "refused":
            raise Stop("refused", self.error)  # the expected refusal, or another documented limit met first
        raise Stop("disagreed", f"refused with an unexpected message (expected /{pattern}/: {why}): {self.error}")

    def _answers(self) -> dict:
        # A refusal leaves no answers: the comparisons find nothing, and finish() judges the refusal
        # (refuse_if has already stopped the check when the refusal was expected).
        return {} if self.error is not None else self.answers

    def _judge_refusal(self) -> tuple[str, str]:
        for pattern, needs in DOCUMENTED_LIMITS:
            if re.search(pattern, self.error) and (needs != "repeated" or self.repeated):
                return "refused", self.error
        return "disagreed", f"refused a valid input: {self.error}"

    def has(self, key: str) -> bool:
        return key in self._answers()

    def raw_answer(self, key: str):
        if self.error is not None:
            return None
        answers = self._answers()
        self.seen.add(key)
        if key not in answers:
            self.fail(key, "missing from the answers")
            return None
        return answers[key]

    def get(self, key: str):
        if self.error is not None:
            return None
        value_ = self.raw_answer(key)
        if value_ is None:
            return None
        if key in self.approx:
            numbers = self.approx[key]
        else:
            from tutor.rendering import approx_data  # the JSON "approx" of the exact answer, to 30 digits

            numbers = approx_data(value_)
        try:
            return np.array(numbers, dtype=float)
        except (TypeError, ValueError) as err:
            self.fail(key, f"has no numeric value ({err})")
            return None

    def fail(self, key: str, message: str) -> None:
        self.mismatches.append(f"{key}: {message}")

    def expect_keys(self, expected: set[str]) -> None:
        got = set(self._answers())
        if got != expected:
            extra, missing = sorted(got - expected), sorted(expected - got)
            self.fail("keys", f"unexpected {extra} missing {missing}")

    def close(self, key: str, got, want, scale: float = 1.0, rtol: float = TOL, what: str = "") -> bool:
        """|got − want| ≤ rtol·max(1, scale), elementwise; shapes must match."""
        if got is None:
            return False
        want = np.asarray(want, dtype=float)
        got = np.asarray(got, dtype=float)
        if got.shape != want.shape:
            self.fail(key, f"{what}shape {got.shape}, expected {want.shape}")
            return False
        bound = rtol * max(1.0, scale)
        with np.errstate(invalid="ignore"):  # inf − inf: equal infinities (a weight e^250000) are equal
            ok = (got == want) | (np.abs(got - want) <= bound)
        if not np.all(ok):
            worst = np.unravel_index(np.argmax(np.abs(got - want)), got.shape) if got.shape else ()
            self.fail(key, f"{what}{_show(got)} differs from numpy {_show(want)} "
                           f"(worst at {tuple(int(i) for i in worst)}, by {np.max(np.abs(got - want)):.3g})")
            return False
        return True

    def relclose(self, key: str, got, want, rtol: float = TOL) -> bool:
        """|got − want| ≤ rtol·|want| elementwise: values far below 1 (high-dim) keep their digits."""
        if got is None:
            return False
        got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
        if got.shape != want.shape:
            self.fail(key, f"shape {got.shape}, expected {want.shape}")
            return False
        if not np.all(np.abs(got - want) <= rtol * np.abs(want) + 1e-300):
            self.fail(key, f"{_show(got)} differs from the oracle's {_show(want)} (relative {rtol})")
            return False
        return True

    def finish(self) -> tuple[str, str]:
        if self.error is not None:
            return self._judge_refusal()
        unchecked = set(self._answers()) - self.seen
        if unchecked:
            self.fail("oracle", f"keys the oracle did not compare: {sorted(unchecked)}")
        if self.mismatches:
            return "disagreed", "; ".join(self.mismatches)
        return "agreed", ""


def _show(a) -> str:
    text = np.array2string(np.asarray(a), precision=6, threshold=30, max_line_width=10**6).replace("\n", "")
    return text if len(text) < 400 else text[:400] + "…"


def verdict(topic: str, raw: dict, answers: dict | None, error: str | None, approx: dict | None = None,
            raw_text: str = "") -> tuple[str, str]:
    oracle = Oracle(topic, raw, answers, error, approx, raw_text)
    try:
        CHECKS[topic](oracle)
        return oracle.finish()
    except Stop as stop:
        return stop.status, stop.detail


# --- numbers and linear algebra ----------------------------------------------------------------


def matrix(rows) -> np.ndarray:
    return np.array([[value(x) for x in row] for row in rows], dtype=float)


def vector(xs) -> np.ndarray:
    return np.array([value(x) for x in xs], dtype=float)


def eig_desc(o: Oracle, A: np.ndarray, inputs: float = 0.0):
    """Eigenvalues (descending), eigenvectors as columns, the scale, and the clusters of equal eigenvalues.

    The scale bounds what float64 can resolve: the largest eigenvalue or entry, or ``inputs`` when
    A came out of a cancellation (a centred matrix is small where the matrix before centring was large)."""
    w, V = np.linalg.eigh(A)
    order = np.argsort(-w, kind="stable")
    w, V = w[order], V[:, order]
    scale = max(1.0, float(np.max(np.abs(w))), float(np.max(np.abs(A))), inputs) if A.size else 1.0
    groups = clusters(w, CLUSTER * scale)
    if any(len(g) > 1 for g in groups):
        o.repeated = True
    return w, V, scale, groups


def clusters(w, tol) -> list[list[int]]:
    groups: list[list[int]] = []
    for i, x in enumerate(w):
        if groups and abs(w[groups[-1][-1]] - x) <= tol:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def check_vectors(o: Oracle, key: str, got, V, groups, count: int | None = None):
    """tutor's unit vectors ``got`` (the first ``count`` in eigenvalue order) against numpy's
    eigenvectors V (columns): each a unit vector inside its numpy eigenspace, mutually orthogonal,
    and, where a whole eigenspace is listed, spanning it. Returns them projected onto numpy's
    eigenspaces (numpy's vectors with tutor's signs and basis), for the answers that follow from them."""
    if got is None:
        return None
    count = len(V.T) if count is None else count
    got = np.asarray(got, dtype=float).reshape(-1, V.shape[0]) if np.size(got) == 0 else np.atleast_2d(got)
    if got.shape != (count, V.shape[0]):
        o.fail(key, f"shape {got.shape}, expected {(count, V.shape[0])}")
        return None
    o.close(key, got @ got.T, np.eye(count), what="Gram matrix of the vectors (orthonormal): ")
    aligned = np.array(got, dtype=float)
    for group in groups:
        inside = [i for i in group if i < count]
        if not inside:
            continue
        P = V[:, group] @ V[:, group].T
        for i in inside:
            aligned[i] = P @ got[i]
            o.close(key, got[i], aligned[i], what=f"vector {i + 1} outside numpy's eigenspace: ")
        if len(inside) == len(group):
            o.close(key, got[inside].T @ got[inside], P, what=f"eigenspace of vectors {[i + 1 for i in group]}: ")
    return aligned


def char_poly(o: Oracle, key: str, symbol: str, A: np.ndarray, scale: float) -> None:
    """det(A − sI) coefficient by coefficient (numpy's np.poly is det(sI − A))."""
    import sympy as sp

    expr = o.raw_answer(key)
    if expr is None:
        return
    s = sp.Symbol(symbol)
    free = expr.free_symbols
    if free and {str(x) for x in free} != {symbol}:
        o.fail(key, f"is in {sorted(map(str, free))}, not {symbol}")
        return
    coeffs = [float(sp.N(c, 30)) for c in sp.Poly(expr, s).all_coeffs()]
    n = len(A)
    want = (-1) ** n * np.poly(A) if n else np.array([1.0])
    want = np.where(np.abs(want) < 1e-300, 0.0, want)
    if len(coeffs) != n + 1:
        o.fail(key, f"degree {len(coeffs) - 1}, expected {n}")
        return
    # coefficient k (of s^(n−k)) is a sum of k-fold products of eigenvalues: scale^k
    for k, (c, x) in enumerate(zip(coeffs, want)):
        if abs(c - x) > TOL * max(1.0, scale) ** k * math.comb(n, k):
            o.fail(key, f"coefficient of {symbol}^{n - k} is {c:.10g}, numpy's {x:.10g}")


def positives(w, scale):
    """(surely positive, possibly positive): numpy cannot tell an eigenvalue within 1e-9·scale of 0 from 0."""
    return int(np.sum(w > TOL * scale)), int(np.sum(w > -TOL * scale))


# --- kernels -----------------------------------------------------------------------------------


def kernel_values(raw: dict, X: np.ndarray, Y: np.ndarray):
    """(Gram XYᵀ, squared distances or None, K) for the problem's kernel."""
    spec = raw["kernel"]
    G = X @ Y.T
    if spec["name"] == "linear":
        return G, None, G
    if spec["name"] == "polynomial":
        return G, None, (value(spec.get("offset", 0)) + G) ** int(spec["degree"])
    D2 = np.array([[float(np.sum((x - y) ** 2)) for y in Y] for x in X])
    return G, D2, np.exp(-value(spec["gamma"]) * D2)


def source_kernel(o: Oracle, keys: set) -> np.ndarray:
    """K from points and a kernel (checking gram, squared_distances, kernel) or as given."""
    raw = o.raw
    if "kernel_matrix" in raw:
        K = matrix(raw["kernel_matrix"])
        keys.add("kernel")
        o.close("kernel", o.get("kernel"), K, np.max(np.abs(K)))
        return K
    X = matrix(raw["points"])
    G, D2, K = kernel_values(raw, X, X)
    keys |= {"gram", "kernel"} | ({"squared_distances"} if D2 is not None else set())
    o.close("gram", o.get("gram"), G, np.max(np.abs(G)))
    if D2 is not None:
        o.close("squared_distances", o.get("squared_distances"), D2, np.max(D2))
    o.close("kernel", o.get("kernel"), K, np.max(np.abs(K)))
    return K


def centre(o: Oracle, K: np.ndarray, keys: set) -> np.ndarray:
    scale = float(np.max(np.abs(K)))
    r = K.mean(axis=1)
    g = K.mean()
    Khat = K - r[:, None] - r[None, :] + g
    keys |= {"row_means", "grand_mean", "centred_kernel"}
    o.close("row_means", o.get("row_means"), r, scale)
    o.close("grand_mean", o.get("grand_mean"), g, scale)
    o.close("centred_kernel", o.get("centred_kernel"), Khat, scale)
    return Khat


def check_kernel_matrix(o: Oracle) -> None:
    keys: set = set()
    source_kernel(o, keys)
    o.expect_keys(keys)


def check_centring(o: Oracle) -> None:
    keys: set = set()
    centre(o, source_kernel(o, keys), keys)
    o.expect_keys(keys)


def check_feature_mean(o: Oracle) -> None:
    keys: set = {"mean_norm_sq", "distances_sq"}
    K = source_kernel(o, keys)
    n = len(K)
    scale = float(np.max(np.abs(K)))
    mean = K.sum() / n**2
    o.close("mean_norm_sq", o.get("mean_norm_sq"), mean, scale)
    o.close("distances_sq", o.get("distances_sq"), np.diag(K) - 2 / n * K.sum(axis=1) + mean, scale)
    o.expect_keys(keys)


def check_kernel_pca(o: Oracle) -> None:
    raw = o.raw
    keys: set = set()
    if "centred_kernel_matrix" in raw:
        Khat = matrix(raw["centred_kernel_matrix"])
        keys.add("centred_kernel")
        o.close("centred_kernel", o.get("centred_kernel"), Khat, np.max(np.abs(Khat)))
        K = None
    else:
        K = source_kernel(o, keys)
        Khat = centre(o, K, keys)
    n = len(Khat)
    w, V, scale, groups = eig_desc(o, Khat, 0.0 if K is None else float(np.max(np.abs(K))))
    sure, maybe = positives(w, scale)
    keep = raw.get("components")
    o.refuse_if(keep is not None and keep > maybe, r"asks for \d+ components but only \d+ eigenvalues are positive",
                f"{keep} components, {sure} positive eigenvalues", may=keep is not None and keep > sure)
    answers = o._answers()
    keys |= {"char_poly", "eigenvalues", "eigenvectors", "variances"}
    char_poly(o, "char_poly", "eta", Khat, scale / n)
    etas = o.get("eigenvalues")
    o.close("eigenvalues", etas, w, scale)
    o.close("variances", o.get("variances"), w / n, scale)
    vectors = check_vectors(o, "eigenvectors", o.get("eigenvectors"), V, groups)
    # tutor's eigenvalues agree with numpy's to 1e-9·scale; their exact signs settle what numpy cannot
    exact_positive = int(np.sum(etas > 0)) if etas is not None and etas.shape == w.shape else sure
    if not sure <= exact_positive <= maybe:
        exact_positive = sure
    if keep is not None and keep > exact_positive:
        o.fail("components", f"asks for {keep} components but only {exact_positive} eigenvalues are positive: "
                             "not refused")
    kept = min(keep, exact_positive) if keep is not None else exact_positive
    if "coordinates" in answers and len(answers["coordinates"]) != kept:
        o.fail("coordinates", f"{len(answers['coordinates'])} components, expected {kept}")
    if kept:
        keys |= {"variance_fractions", "coefficients", "coordinates"}
        o.close("variance_fractions", o.get("variance_fractions"), w / w.sum(), 1.0 / max(abs(w.sum()), 1e-300) * scale)
    if not kept or vectors is None:
        o.expect_keys(keys | (set(answers) & {"variance_fractions", "coefficients", "coordinates", "new_coordinates"}))
        return
    eta = np.maximum(w[:kept], 1e-300)
    cond = np.maximum(1.0, scale / np.maximum(eta, 1e-300))  # a tiny η is known to 1e-9·scale only
    coefs = o.get("coefficients")
    coords = o.get("coordinates")
    want_c = vectors[:kept] / np.sqrt(eta)[:, None]
    want_a = vectors[:kept] * np.sqrt(eta)[:, None]
    if coefs is not None and coefs.shape == want_c.shape:
        for i in range(kept):
            o.close("coefficients", coefs[i], want_c[i], cond[i], what=f"component {i + 1}: ")
    else:
        o.close("coefficients", coefs, want_c)
    if coords is not None and coords.shape == want_a.shape:
        for i in range(kept):
            o.close("coordinates", coords[i], want_a[i], math.sqrt(scale) * cond[i], what=f"component {i + 1}: ")
    else:
        o.close("coordinates", coords, want_a)
    if "new_points" in raw:
        keys.add("new_coordinates")
        X, Y = matrix(raw["points"]), matrix(raw["new_points"])
        _, _, k = kernel_values(raw, X, Y)  # n × m: K(x_i, y)
        r, g = K.mean(axis=1), K.mean()
        k_tilde = k - k.mean(axis=0)[None, :] - r[:, None] + g
        want = (want_c @ k_tilde).T  # one row per new point
        o.close("new_coordinates", o.get("new_coordinates"), want, scale * float(np.max(cond)))
    o.expect_keys(keys)


# --- feature space -------------------------------------------------------------------------------


def check_feature_space(o: Oracle) -> None:
    raw = o.raw
    keys = {"norms", "distance_sq", "cosine"}
    if "kernel_values" in raw:
        kv = raw["kernel_values"]
        kxx, kyy, kxy = (value(kv[k]) for k in ("xx", "yy", "xy"))
    else:
        X = matrix(raw["points"])
        _, _, K = kernel_values(raw, X, X)
        kxx, kyy, kxy = K[0, 0], K[1, 1], K[0, 1]
        keys.add("kernel_values")
    scale = max(abs(kxx), abs(kyy), abs(kxy))
    # K(x,x) is a sum of squares (or its power, or 1 for RBF): float64 has it to full relative precision
    o.refuse_if(kxx <= 0 or kyy <= 0, r"must be > 0", f"K(x,x) = {kxx}, K(y,y) = {kyy}",
                may=min(kxx, kyy) <= TOL)
    o.refuse_if(kxy**2 - kxx * kyy > TOL * scale**2, r"Cauchy", "K(x,y)² > K(x,x)K(y,y)")
    if "kernel_values" in keys:
        o.close("kernel_values", o.get("kernel_values"), [kxx, kyy, kxy], scale)
    o.close("norms", o.get("norms"), [math.sqrt(kxx), math.sqrt(kyy)], math.sqrt(scale))
    o.close("distance_sq", o.get("distance_sq"), max(0.0, kxx + kyy - 2 * kxy), scale)
    o.close("cosine", o.get("cosine"), kxy / math.sqrt(kxx * kyy), scale / math.sqrt(kxx * kyy))
    o.expect_keys(keys)


def feature_map_terms(degree: int, offset: float, d: int) -> dict[tuple, float]:
    """The monomial exponents α of φ and the square of each coefficient:
    (c + xᵀy)^p = Σ_k C(p,k) c^(p−k) Σ_{|α|=k} k!/α! x^α y^α."""
    terms = {}
    for k in range(degree + 1):
        weight = math.comb(degree, k) * offset ** (degree - k)
        if weight == 0:
            continue
        for alpha in _exponents(k, d):
            terms[alpha] = weight * math.factorial(k) / math.prod(math.factorial(a) for a in alpha)
    return terms


def _exponents(total: int, d: int):
    if d == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _exponents(total - first, d - 1):
            yield (first, *rest)


def check_feature_map(o: Oracle) -> None:
    import sympy as sp

    raw = o.raw
    degree = int(raw["degree"])
    c = value(raw.get("offset", 0))
    d = int(raw["dimension"]) if "dimension" in raw else (len(raw["points"][0]) if "points" in raw else 2)
    want = feature_map_terms(degree, c, d)
    keys = {"feature_map"}
    phi = o.raw_answer("feature_map")
    xs = sp.symbols(f"x1:{d + 1}", real=True)
    got: dict = {}
    signs = []
    for coordinate in phi or ():
        names = {str(s) for s in coordinate.free_symbols}
        if not names <= {str(x) for x in xs}:
            o.fail("feature_map", f"coordinate {coordinate} is not in x1..x{d}")
            return
        by_name = {str(s): s for s in coordinate.free_symbols}
        poly = sp.Poly(coordinate, *[by_name.get(str(x), x) for x in xs])
        if len(poly.terms()) != 1:
            o.fail("feature_map", f"coordinate {coordinate} is not one monomial")
            return
        alpha, coefficient = poly.terms()[0]
        if alpha in got:
            o.fail("feature_map", f"monomial {alpha} appears twice")
        a = float(sp.N(coefficient, 30))
        got[alpha] = a * a
        signs.append((alpha, math.copysign(1.0, a)))
    if set(got) != set(want):
        o.fail("feature_map", f"monomials {sorted(got)} differ from {sorted(want)}")
    else:
        for alpha in want:
            if abs(got[alpha] - want[alpha]) > TOL * max(1.0, want[alpha]):
                o.fail("feature_map", f"coefficient² of x^{alpha} is {got[alpha]:.10g}, expected {want[alpha]:.10g}")
    if "points" in raw and len(signs) == len(want) and set(got) == set(want):
        keys |= {"phi", "kernel_value"}
        x, y = vector(raw["points"][0]), vector(raw["points"][1])
        rows = [[s * math.sqrt(want[alpha]) * math.prod(p[i] ** alpha[i] for i in range(d)) for alpha, s in signs]
                for p in (x, y)]
        scale = max(1.0, float(np.max(np.abs(rows))))
        o.close("phi", o.get("phi"), rows, scale)
        o.close("kernel_value", o.get("kernel_value"), (c + x @ y) ** degree, scale**2)
    elif "points" in raw:
        keys |= {"phi", "kernel_value"}
        o.seen |= {"phi", "kernel_value"}
    o.expect_keys(keys)


def check_rbf_gamma(o: Oracle) -> None:
    raw = o.raw
    s, d = value(raw["similarity"]), value(raw["distance"])
    ts = vector(raw.get("distances", [1, 2, 4, 8]))
    gamma = -math.log(s) / d**2
    K = np.exp(-gamma * ts**2)
    o.relclose("gamma", o.get("gamma"), gamma)
    o.close("kernel_values", o.get("kernel_values"), K)
    # d_φ = √(2 − 2K); near K = 1 it is computed from −expm1 so as not to lose digits
    o.close("feature_distances", o.get("feature_distances"), np.sqrt(-2 * np.expm1(-gamma * ts**2)))
    o.expect_keys({"gamma", "kernel_values", "feature_distances"})


def check_high_dim(o: Oracle) -> None:
    import mpmath

    raw = o.raw
    dims = [int(m) for m in raw.get("dimensions", [2, 3, 10, 30])]
    keys = {"ball_cube_ratio"}
    ratio = [math.exp(m / 2 * math.log(math.pi) - m * math.log(2) - math.lgamma(m / 2 + 1)) for m in dims]
    o.relclose("ball_cube_ratio", o.get("ball_cube_ratio"), ratio)
    if "shell" in raw:
        keys.add("shell_fraction")
        eps = value(raw["shell"])
        o.relclose("shell_fraction", o.get("shell_fraction"), [-math.expm1(m * math.log1p(-eps)) for m in dims])
    if "angle" in raw:
        keys.add("cap_probability")
        theta = value(raw["angle"])
        with mpmath.workdps(40):
            # P(angle ≤ θ) = ½ I_{sin²θ}((m−1)/2, ½) for θ ≤ π/2, by symmetry 1 − that beyond
            want = []
            for m in dims:
                half = mpmath.betainc((m - 1) / mpmath.mpf(2), mpmath.mpf(1) / 2, 0, mpmath.sin(theta) ** 2,
                                      regularized=True) / 2
                want.append(float(half if theta <= math.pi / 2 else 1 - half))
        o.relclose("cap_probability", o.get("cap_probability"), want)
    o.expect_keys(keys)


# --- PCA, Gram trick, SVD, MDS ------------------------------------------------------------------------


WIDE_REFUSAL = r"roots of an irreducible polynomial of degree (\d+), and beyond degree 4"


def refuse_beyond_quartic(o: Oracle, rows, centred: bool) -> None:
    """PCA, the Gram trick and SVD are refused when the non-zero eigenvalues of DᵀD (the same as DDᵀ's)
    need an irreducible factor of degree 5 or more. With rational data the oracle decides it exactly: the
    characteristic polynomial of the smaller Gram matrix (Fractions), factored over Q by SymPy. Otherwise
    (surds) a refusal with that message is accepted when numpy's rank is 5 or more."""
    import sympy as sp

    try:
        D = [[exact_fraction(x) for x in row] for row in rows]
    except (ValueError, ZeroDivisionError):
        D = None
    if D is None:
        M = matrix(rows)
        M = M - M.mean(axis=0) if centred else M
        rank = np.linalg.matrix_rank(M) if M.size else 0
        if o.error is not None and re.search(WIDE_REFUSAL, o.error):
            if rank >= 5:  # a factor of degree 5 or more is possible: numpy cannot tell
                raise Stop("refused", o.error)
            raise Stop("disagreed", f"refused beyond a quartic, but numpy's rank is {rank}: {o.error}")
        return
    if centred:
        means = [sum(col, Fraction(0)) / len(D) for col in zip(*D)]
        D = [[x - m for x, m in zip(row, means)] for row in D]
    if len(D) > len(D[0]):
        D = [list(col) for col in zip(*D)]
    G = sp.Matrix([[sum((x * y for x, y in zip(u, v)), Fraction(0)) for v in D] for u in D]).applyfunc(
        lambda f: sp.Rational(f.numerator, f.denominator))
    lam = sp.Symbol("lam")
    _, factors = sp.factor_list(G.charpoly(lam).as_expr(), lam)
    worst = max([sp.degree(f, lam) for f, _ in factors if f != lam] + [0])
    o.refuse_if(worst > 4, WIDE_REFUSAL, f"an irreducible factor of degree {worst} over Q")
    if o.error is not None and re.search(WIDE_REFUSAL, o.error):
        raise Stop("disagreed", f"refused beyond a quartic, but every factor has degree at most 4: {o.error}")


def check_pca(o: Oracle) -> None:
    raw = o.raw
    refuse_beyond_quartic(o, raw["points"], centred=True)
    X = matrix(raw["points"])
    n, d = X.shape
    k = int(raw.get("components", 1))
    divisor = n - 1 if raw.get("divisor", "n") == "n-1" else n
    means = X.mean(axis=0)
    Xc = X - means
    S = Xc.T @ Xc / divisor
    data_scale = max(1.0, float(np.max(np.abs(X))))
    w, V, scale, groups = eig_desc(o, S, data_scale**2 * n / divisor)
    # With more attributes than points and d > 4, tutor takes the Gram route (the topic page): the n×n
    # K = X_c X_cᵀ instead of S, and only the components with non-zero variance, which k may not exceed.
    gram_route = d > 4 and d > n
    if gram_route:
        sure, maybe = positives(w, scale)
        o.refuse_if(k > maybe, r"is \d+ but the centred points span only \d+ dimensions?|are all the same point",
                    f"{k} components, "
                    f"rank {sure}", may=k > sure)
    o.close("means", o.get("means"), means, data_scale)
    o.close("centred", o.get("centred"), Xc, data_scale)
    if gram_route:
        G = Xc @ Xc.T
        mu = np.sort(np.linalg.eigvalsh(G))[::-1]
        o.close("gram", o.get("gram"), G, scale * divisor)
        o.close("gram_eigenvalues", o.get("gram_eigenvalues"), mu, scale * divisor)
        values = o.get("eigenvalues")
        count = len(values) if values is not None and values.ndim == 1 else sure
        if not sure <= count <= maybe:
            o.fail("eigenvalues", f"{count} values, but numpy has {sure} non-zero variances")
            count = sure
        o.close("eigenvalues", values, w[:count], scale)
        U = check_vectors(o, "eigenvectors", o.get("eigenvectors"), V, groups, count=count)
    else:
        o.close("covariance", o.get("covariance"), S, scale)
        char_poly(o, "char_poly", "lamda", S, float(np.max(np.abs(S))))
        o.close("eigenvalues", o.get("eigenvalues"), w, scale)
        U = check_vectors(o, "eigenvectors", o.get("eigenvectors"), V, groups)
    total = w.sum()
    o.close("captured_variance", o.get("captured_variance"), w[:k].sum(), scale)
    if total > TOL * scale:
        o.close("captured_fraction", o.get("captured_fraction"), w[:k].sum() / total, scale / total)
    elif o.has("captured_fraction"):
        # Every point the same: 0/0. tutor answers 0 by a deliberate convention (recipes/pca.py
        # captured_steps); the oracle accepts 0 and nothing else.
        o.close("captured_fraction", o.get("captured_fraction"), 0.0)
    if U is not None:
        scores = Xc @ U[:k].T  # n × k
        o.close("scores", o.get("scores"), scores.T, data_scale * math.sqrt(n))
        recon = means + scores @ U[:k]
        o.close("reconstruction", o.get("reconstruction"), recon, data_scale)
        o.close("reconstruction_error", o.get("reconstruction_error"), np.sum((X - recon) ** 2) / n, scale)
    else:
        o.seen |= {"scores", "reconstruction", "reconstruction_error"}
    keys = {"means", "centred", "eigenvalues", "eigenvectors", "scores", "captured_variance", "reconstruction",
            "reconstruction_error"} | ({"gram", "gram_eigenvalues"} if gram_route else {"covariance", "char_poly"})
    o.expect_keys(keys | ({"captured_fraction"} if total > TOL * scale else set(o._answers()) & {"captured_fraction"}))


def check_pca_gram(o: Oracle) -> None:
    refuse_beyond_quartic(o, o.raw["points"], centred=True)
    X = matrix(o.raw["points"])
    n, d = X.shape
    means = X.mean(axis=0)
    Xc = X - means
    G = Xc @ Xc.T
    data_scale = max(1.0, float(np.max(np.abs(X))))
    mu, _, scale, _ = eig_desc(o, G, data_scale**2 * d)
    S = Xc.T @ Xc / n
    lam, U, _, _ = eig_desc(o, S, data_scale**2 * d / n)
    o.close("means", o.get("means"), means, data_scale)
    o.close("centred", o.get("centred"), Xc, data_scale)
    o.close("gram", o.get("gram"), G, scale)
    o.close("gram_eigenvalues", o.get("gram_eigenvalues"), mu, scale)
    sure, maybe = positives(mu, scale)
    values = o.get("eigenvalues")
    count = len(values) if values is not None and values.ndim == 1 else sure
    if not sure <= count <= maybe:
        o.fail("eigenvalues", f"{count} values, but numpy has {sure} positive eigenvalues of K")
        count = sure
    o.close("eigenvalues", values, mu[:count] / n, scale / n)
    groups = clusters(lam, CLUSTER * scale / n)
    check_vectors(o, "eigenvectors", o.get("eigenvectors"), U, groups, count=count)
    o.expect_keys({"means", "centred", "gram", "gram_eigenvalues", "eigenvectors", "eigenvalues"})


def check_svd(o: Oracle) -> None:
    refuse_beyond_quartic(o, o.raw["matrix"], centred=False)
    D = matrix(o.raw["matrix"])
    r = int(o.raw.get("rank", 1))
    # tutor decomposes the smaller Gram matrix: DDᵀ for a wide D, whose unit eigenvectors are then the
    # left vectors and r = Dᵀl/δ. That is the SVD of Dᵀ with the two sides' names swapped.
    wide = D.shape[0] < D.shape[1]
    gram_key, first, second = ("ddt", "left_vectors", "right_vectors") if wide else \
        ("dtd", "right_vectors", "left_vectors")
    if wide:
        D = D.T
    DtD = D.T @ D
    lam, R, scale, groups = eig_desc(o, DtD, float(np.max(np.abs(D))) ** 2 * len(D))
    sure, maybe = positives(lam, scale)
    o.refuse_if(r > maybe, r"is \d+ but the matrix has rank \d+|the matrix is zero", f"rank {r} > numpy's rank {sure}", may=r > sure)
    o.close(gram_key, o.get(gram_key), DtD, scale)
    singular = o.get("singular_values")
    count = len(singular) if singular is not None and singular.ndim == 1 else sure
    if not sure <= count <= maybe:
        o.fail("singular_values", f"{count} values, but numpy's rank is {sure}")
        count = sure
    # the reduced SVD: one vector per non-zero δ on both sides
    rights = check_vectors(o, first, o.get(first), R, groups, count=count)
    delta = np.sqrt(np.maximum(lam[:count], 0))
    o.close("singular_values", singular, delta, math.sqrt(scale))
    o.relclose("singular_values", singular, np.linalg.svd(D, compute_uv=False)[:count], rtol=1e-7) \
        if singular is not None and singular.shape == (count,) and count and np.min(delta) > 1e-4 * math.sqrt(scale) \
        else None
    if rights is None:
        o.seen |= {second, "truncation", "frobenius_error"}
        return
    lefts = (D @ rights[:count].T / delta).T  # l = D r/δ, with tutor's sign of r
    got_left = o.get(second)
    o.close(second, got_left, lefts.reshape(count, D.shape[0]), scale / max(delta[-1] ** 2, 1e-300) if count else 1)
    truncation = D @ rights[:r].T @ rights[:r]
    o.close("truncation", o.get("truncation"), truncation.T if wide else truncation, math.sqrt(scale))
    o.close("frobenius_error", o.get("frobenius_error"), math.sqrt(max(0.0, float(np.sum(lam[r:count])))),
            math.sqrt(scale))
    o.expect_keys({gram_key, "right_vectors", "singular_values", "left_vectors", "truncation", "frobenius_error"})


def check_mds(o: Oracle) -> None:
    raw = o.raw
    keys = {"a_matrix", "b_matrix", "eigenvalues", "coordinates", "recovered_distances"}
    if "points" in raw:
        X = matrix(raw["points"])
        D2 = np.array([[float(np.sum((x - y) ** 2)) for y in X] for x in X])
        keys.add("squared_distances")
        o.close("squared_distances", o.get("squared_distances"), D2, np.max(D2))
    elif "squared_distances" in raw:  # taken as it stands: nothing to square
        D2 = matrix(raw["squared_distances"])
    else:  # plain distances: squared first
        D2 = matrix(raw["distances"]) ** 2
        keys.add("squared_distances")
        o.close("squared_distances", o.get("squared_distances"), D2, np.max(D2))
    n = len(D2)
    A = -D2 / 2
    H = np.eye(n) - np.ones((n, n)) / n
    B = H @ A @ H
    w, V, scale, groups = eig_desc(o, B, float(np.max(D2)))
    sure, maybe = positives(w, scale)
    p = raw.get("dimensions")
    o.refuse_if(p is not None and p > maybe, r"asks for \d+ dimensions but B has only \d+ positive eigenvalues",
                f"{p} dimensions, {sure} positive eigenvalues", may=p is not None and p > sure)
    o.refuse_if(p is None and maybe == 0, r"positive eigenvalue", "B has no positive eigenvalue: no configuration",
                may=p is None and sure == 0)
    o.close("a_matrix", o.get("a_matrix"), A, scale)
    o.close("b_matrix", o.get("b_matrix"), B, scale)
    o.close("eigenvalues", o.get("eigenvalues"), w, scale)
    coords = o.get("coordinates")
    if p is None:
        p = coords.shape[1] if coords is not None and coords.ndim == 2 else sure
        if not sure <= p <= maybe:
            o.fail("coordinates", f"{p} dimensions, but numpy has {sure} positive eigenvalues")
            p = sure
    if coords is None or coords.shape != (n, p):
        o.fail("coordinates", f"shape {None if coords is None else coords.shape}, expected {(n, p)}")
        o.seen.add("recovered_distances")
        o.expect_keys(keys)
        return
    if p and (p == n or w[p - 1] - w[p] > CLUSTER * scale):
        # classical MDS up to rotation and sign: XXᵀ is B's part on its p largest eigenvalues, whatever basis
        # tutor chose inside a repeated eigenspace (unique unless p cuts through one)
        Bp = V[:, :p] @ np.diag(w[:p]) @ V[:, :p].T
        o.close("coordinates", coords @ coords.T, Bp, scale, what="Gram matrix of the coordinates (B's top part): ")
    root = np.sqrt(np.maximum(w[:p], 1e-300))
    units = coords.T / root[:, None]  # each column of X is √λ v
    aligned = check_vectors(o, "coordinates", units, V, groups, count=p)
    if aligned is not None:
        Y = (aligned * root[:, None]).T
        o.close("coordinates", coords, Y, math.sqrt(scale), what="coordinates: ")
        R = np.array([[float(np.sum((a - b) ** 2)) for b in Y] for a in Y])
        o.close("recovered_distances", o.get("recovered_distances"), R, scale)
    o.expect_keys(keys)


def check_pca_feature_map(o: Oracle) -> None:
    raw = o.raw
    X = matrix(raw["points"])
    n, d = X.shape
    names = [f"x{i + 1}" for i in range(d)]
    Y = np.array([[value(f, dict(zip(names, x))) for f in raw["map"]] for x in X])

    def cov(M):
        Mc = M - M.mean(axis=0)
        return Mc.T @ Mc / len(M)

    for suffix, M in (("before", X), ("after", Y)):
        S = cov(M)
        w, _, scale, _ = eig_desc(o, S, float(np.max(np.abs(M))) ** 2 if M.size else 0.0)
        o.close(f"covariance_{suffix}", o.get(f"covariance_{suffix}"), S, scale)
        o.close(f"eigenvalues_{suffix}", o.get(f"eigenvalues_{suffix}"), w, scale)
    o.close("mapped_points", o.get("mapped_points"), Y, float(np.max(np.abs(Y))))
    o.expect_keys({"covariance_before", "eigenvalues_before", "mapped_points", "covariance_after",
                   "eigenvalues_after"})


# --- importance sampling, amortised analysis, DFS codes ---------------------------------------------------


def check_importance_sampling(o: Oracle) -> None:
    raw = o.raw
    if "interval" in raw:
        return check_importance_sampling_continuous(o)
    support = [value(x) for x in raw["support"]]
    p = [float(exact_fraction(x)) for x in raw["p"]]
    q = [float(exact_fraction(x)) for x in raw["q"]]
    f_raw = raw["f"]
    f = [value(v) for v in f_raw] if isinstance(f_raw, list) else [value(f_raw, {"x": x}) for x in support]
    if "samples" in raw:
        samples = [support.index(value(x)) if value(x) in support else _nearest(support, value(x))
                   for x in raw["samples"]]
    else:  # drawn by tutor's seeded generator: take its samples, but they must be points with q > 0
        from tutor import load_problem_text

        drawn = load_problem_text(o.raw_text).problem.samples
        samples = [_nearest(support, float(x)) for x in drawn]
        if len(samples) != raw["draw"]["n"] or any(q[i] == 0 for i in samples):
            o.fail("samples", "drawn samples are not n points with q > 0")
    exact = sum(fi * pi for fi, pi in zip(f, p))
    weights = [p[i] / q[i] for i in samples]
    products = [f[i] * wi for i, wi in zip(samples, weights)]
    scale = max(1.0, max(abs(x) for x in f)) * max(1.0, max(weights))
    keys = {"exact", "weights", "estimate", "variance_is", "variance_mc"}
    o.close("exact", o.get("exact"), exact, scale)
    o.close("weights", o.get("weights"), weights, max(weights))
    o.close("estimate", o.get("estimate"), sum(products) / len(samples), scale)
    if any(wi != 0 for wi in weights):
        keys.add("self_normalised")
        o.close("self_normalised", o.get("self_normalised"), sum(products) / sum(weights), scale / sum(weights))
    second_is = sum(fi**2 * pi**2 / qi for fi, pi, qi in zip(f, p, q) if qi > 0)
    second_mc = sum(fi**2 * pi for fi, pi in zip(f, p))
    o.close("variance_is", o.get("variance_is"), second_is - exact**2, scale**2)
    o.close("variance_mc", o.get("variance_mc"), second_mc - exact**2, scale**2)
    o.expect_keys(keys)


# Refusals the topic page documents for densities on an interval that the oracle cannot rule out: an
# integral (or a sign, or whether an integral is finite) SymPy cannot decide in its 5 s, an inverse CDF with
# no short closed form for drawn samples. They are counted as refusals; the sweep lists them by message.
CONTINUOUS_MAY_REFUSE = r"SymPy could not find|could not decide whether"
CONTINUOUS_MAY_REFUSE_DRAW = r"has no short exact inverse"


def _density_function(text: str, a, b):
    """p or q as an mpmath function of x: uniform, exponential(λ), or an expression in x."""
    import mpmath

    named = re.fullmatch(r"\s*(uniform|exponential)\s*(?:\((.*)\))?\s*", str(text))
    if named and named.group(1) == "uniform":
        return lambda x: 1 / (b - a)
    if named:
        rate = mp_value(named.group(2))
        return lambda x: rate * mpmath.exp(-rate * (x - a))
    return lambda x: mp_value(text, {"x": x})


def _safe(g, x):
    """g(x), or None where it is not finite (a pole at an end of the interval)."""
    import mpmath

    try:
        y = g(x)
    except (ZeroDivisionError, ValueError, OverflowError):
        return None
    return y if mpmath.isfinite(y) else None


def _log_abs(g, x):
    import mpmath

    y = _safe(g, x)
    if y is None:
        return mpmath.inf
    return mpmath.log(abs(y)) if y != 0 else -mpmath.inf


def _integrable(g, a, b) -> bool:
    """Whether ∫_a^b |g| is finite, for the integrands the generator makes: near a finite end g behaves like
    |x − e|^s (integrable iff s > −1), towards oo like x^k e^(−r x) (iff r > 0, or r = 0 and k < −1). Both
    exponents are read off log |g| at two points far apart (1e-30 and 1e-60 from an end; 500 and 1000 out)."""
    import mpmath

    for end, side in ((a, 1), (b, -1)):
        if end == mpmath.inf:
            continue
        with mpmath.workdps(100):  # enough digits that end ± 1e-60 is not the end itself
            h1, h2 = mpmath.mpf(10) ** -30, mpmath.mpf(10) ** -60
            l1, l2 = _log_abs(g, end + side * h1), _log_abs(g, end + side * h2)
            if mpmath.isinf(l2) and l2 > 0:
                return False
            if not (mpmath.isinf(l1) or mpmath.isinf(l2)) and (l2 - l1) / (mpmath.log(h2) - mpmath.log(h1)) <= -0.99:
                return False
    if b == mpmath.inf:
        x1, x2 = a + 500, a + 1000
        l1, l2 = _log_abs(g, x1), _log_abs(g, x2)
        if mpmath.isinf(l2):
            return l2 < 0
        rate = (l2 - l1) / (x2 - x1)
        if abs(rate) > 0.02:
            return rate < 0
        return (l2 - l1) / (mpmath.log(x2) - mpmath.log(x1)) < -1.01
    return True


def _quad(g, a, b):
    import mpmath

    if b == mpmath.inf:
        return mpmath.quad(g, [a, a + 1, a + 4, a + 16, a + 64, mpmath.inf])
    return mpmath.quad(g, mpmath.linspace(a, b, 5))


def check_importance_sampling_continuous(o: Oracle) -> None:
    """Densities on an interval, against mpmath: every integral by quadrature at 30 digits, whether it is
    finite by the integrand's behaviour at the ends (_integrable), the refusals the topic page documents."""
    import mpmath

    raw = o.raw
    mpmath.mp.dps = 30
    ends = raw["interval"]
    a = mp_value(ends[0])
    b = mpmath.inf if str(ends[1]).strip().lower() in ("oo", "inf", "infinity", "∞") else mp_value(ends[1])
    p, q = _density_function(raw["p"], a, b), _density_function(raw["q"], a, b)
    f = _density_function(raw["f"], a, b)
    for name, density in (("p", p), ("q", q)):  # e^(−x) on [1, oo) integrates to 1/e
        total = _quad(density, a, b)
        o.refuse_if(abs(total - 1) > 1e-20, rf"{name}: integrates to .* not 1", f"∫ {name} = {float(total):.6g}")
    for end in (a, b):  # the generator's q vanishes only at an end of the interval
        if end != mpmath.inf and _safe(q, end) == 0 and _safe(p, end) not in (0, None):
            o.refuse_if(True, r"q\(x\) = 0 but p\(x\) = ", f"q(x) = 0 < p(x) at the end x = {end}")
    o.refuse_if(not _integrable(lambda x: f(x) * p(x), a, b), r"E_p\[f\].*diverges",
                "E_p[f] is not finite (its integrand's exponents at the ends)")
    if "samples" in raw:
        samples = [mp_value(x) for x in raw["samples"]]
        for x in samples:
            o.refuse_if(_safe(q, x) == 0, r"has q\(x\) = 0", f"the sample {x} has q(x) = 0")
    may = CONTINUOUS_MAY_REFUSE + ("|" + CONTINUOUS_MAY_REFUSE_DRAW if "draw" in raw else "")
    if o.error is not None and re.search(may, o.error):
        raise Stop("refused", o.error)
    if o.error is not None:
        raise Stop("disagreed", f"refused a valid input: {o.error}")
    if "draw" in raw:  # tutor's exact inverse CDF at its u = k/100: the oracle checks Q(x_i) = u_i
        from tutor import load_problem_text

        drawn = load_problem_text(o.raw_text).problem
        samples = [mpmath.mpf(str(sp_n(x))) for x in drawn.samples]
        # u = k/100 as the topic page specifies, from the same private generator tutor seeds
        rng = random.Random(f"tutor-importance-sampling-continuous:{raw['draw'].get('seed', 0)}")
        uniforms = [mpmath.mpf(rng.randrange(1, 100)) / 100 for _ in range(raw["draw"]["n"])]
        cdf = [_quad(q, a, x) for x in samples]
        o.close("samples", [float(c) for c in cdf], [float(u) for u in uniforms], what="Q(x_i) against u_i: ")
    exact = _quad(lambda x: f(x) * p(x), a, b)
    weights = [p(x) / q(x) for x in samples]
    products = [f(x) * w for x, w in zip(samples, weights)]
    fl = lambda xs: [float(x) for x in xs]  # noqa: E731
    scale = max([1.0] + [abs(float(x)) for x in products])
    keys = {"exact", "weights", "estimate"}
    o.close("exact", o.get("exact"), float(exact), max(1.0, abs(float(exact))))
    o.close("weights", o.get("weights"), fl(weights), max([1.0] + [abs(float(w)) for w in weights]))
    o.close("estimate", o.get("estimate"), float(sum(products) / len(samples)), scale)
    if any(w != 0 for w in weights):
        keys.add("self_normalised")
        o.close("self_normalised", o.get("self_normalised"), float(sum(products) / sum(weights)),
                scale / max(abs(float(sum(weights))), 1e-300))
    for key, second in (("variance_is", lambda x: f(x) ** 2 * p(x) ** 2 / q(x)),
                        ("variance_mc", lambda x: f(x) ** 2 * p(x))):
        if not _integrable(second, a, b):
            o.seen.add(key)
            if o.has(key):
                o.fail(key, "is given, but the oracle finds the second moment infinite")
            continue
        keys.add(key)
        want = _quad(second, a, b) - exact**2
        o.close(key, o.get(key), float(want), max(1.0, float(abs(exact)) ** 2, abs(float(want))))
    o.expect_keys(keys)


def sp_n(x):
    import sympy as sp

    return sp.N(x, 40)


def _nearest(support, x) -> int:
    return min(range(len(support)), key=lambda i: abs(support[i] - x))


def check_amortised(o: Oracle) -> None:
    raw = o.raw
    n, m = 0, int(raw.get("start", 0))
    growth = int(raw.get("growth", 2))
    a, b, c = _linear_form(str(raw.get("potential", "2n - m")))
    phi = lambda n_, m_: a * n_ + b * m_ + c  # noqa: E731
    costs, potentials, amortised = [], [], []
    before = phi(n, m)
    for _ in range(int(raw["n"])):
        if n == m:  # full: a new array of growth·m (1 when m = 0), the n elements copied first
            cost, m = n + 1, (growth * m if m else 1)
        else:
            cost = 1
        n += 1
        after = phi(n, m)
        costs.append(cost)
        potentials.append(after)
        amortised.append(cost + after - before)
        before = after
    for key, want in (("costs", costs), ("potentials", potentials), ("amortised", amortised),
                      ("total_cost", sum(costs)), ("total_amortised", sum(amortised))):
        o.close(key, o.get(key), [float(x) for x in want] if isinstance(want, list) else float(want),
                float(max(map(abs, costs + potentials + amortised))))
    o.expect_keys({"costs", "potentials", "amortised", "total_cost", "total_amortised"})


def _linear_form(text: str) -> tuple[Fraction, Fraction, Fraction]:
    """a, b, c of a·n + b·m + c, read by evaluating the text at three points (with exact rationals)."""
    expr = re.sub(r"(\d|\))\s*([nm(])", r"\1*\2", text)
    at = lambda n_, m_: Fraction(value(expr, {"n": n_, "m": m_})).limit_denominator(10**6)  # noqa: E731
    c = at(0, 0)
    return at(1, 0) - c, at(0, 1) - c, c


def all_dfs_orders(n: int, adjacency: dict):
    """Every visiting order of a depth-first search (every root, every choice of next neighbour),
    with the parent of each vertex: the search backs up to the latest vertex with an unvisited neighbour."""

    def grow(order, parent, stack):
        if len(order) == n:
            yield tuple(order), dict(parent)
            return
        while not [w for w in adjacency[stack[-1]] if w not in parent]:
            stack = stack[:-1]
        for w in adjacency[stack[-1]]:
            if w not in parent:
                yield from grow(order + [w], {**parent, w: stack[-1]}, stack + [w])

    for root in range(n):
        yield from grow([root], {root: None}, [root])


def dfs_code(labels, edges, order, parent):
    """(forward codes in visiting order, backward codes, the DFS code) of one traversal."""
    index = {v: i for i, v in enumerate(order)}
    label_of = {frozenset((u, v)): lab for u, v, lab in edges}
    code = lambda a, b: (index[a], index[b], labels[a], label_of[frozenset((a, b))], labels[b])  # noqa: E731
    forward = [code(parent[v], v) for v in order[1:]]
    tree = {frozenset((parent[v], v)) for v in order[1:]}
    backward = []
    for u, v, _ in edges:
        if frozenset((u, v)) not in tree:
            late, early = (u, v) if index[u] > index[v] else (v, u)
            backward.append(code(late, early))
    backward.sort(key=lambda e: (e[0], e[1]))
    # gSpan's order within one DFS code: each forward edge (i, j) is followed by the backward
    # edges from its new vertex j, by the index they go back to
    full = sorted(forward + backward, key=lambda e: (e[1], 0, 0) if e[0] < e[1] else (e[0], 1, e[1]))
    return forward, backward, full


def edge_less(a, b) -> bool:
    """gSpan's order of edge codes at the same position (Yan & Han 2002, DFS lexicographic order)."""
    a_back, b_back = a[0] > a[1], b[0] > b[1]
    if a_back != b_back:
        return a_back  # backward before forward
    if a_back:
        return (a[1], a[3]) < (b[1], b[3])  # the index it goes back to, then the edge label
    if a[0] != b[0]:
        return a[0] > b[0]  # forward: from the deeper vertex first
    return (a[2], a[3], a[4]) < (b[2], b[3], b[4])


def code_compare(x, y) -> int:
    for a, b in zip(x, y):
        if a != b:
            return -1 if edge_less(a, b) else 1
    return (len(x) > len(y)) - (len(x) < len(y))


def check_dfs_code(o: Oracle) -> None:
    raw = o.raw
    labels = list(raw["vertices"])
    edges = [(int(u), int(v), str(lab)) for u, v, lab in raw["edges"]]
    n = len(labels)
    adjacency = {v: sorted({w for e in edges for w in e[:2] if v in e[:2]} - {v}) for v in range(n)}
    traversals = dict(all_dfs_orders(n, adjacency))

    def lowest_first():
        order = next(o_ for o_ in traversals if o_[0] == 0 and _lowest(o_, adjacency))
        return order

    order = tuple(raw["dfs"]) if "dfs" in raw else lowest_first()
    forward, backward, full = dfs_code(labels, edges, order, traversals[order])
    keys = {"forward_edges", "dfs_code", "min_dfs_code"}
    if backward:
        keys.add("backward_edges")
    for key, want in (("forward_edges", forward), ("backward_edges", backward), ("dfs_code", full)):
        if backward or key != "backward_edges":
            _same_codes(o, key, want)
    if "compare" in raw:
        keys.add("smaller_code")
        other = dfs_code(labels, edges, tuple(raw["compare"]), traversals[tuple(raw["compare"])])[2]
        cmp = code_compare(full, other)
        got = o.raw_answer("smaller_code")
        if got is not None and int(got) != {-1: 1, 1: 2, 0: 0}[cmp]:
            o.fail("smaller_code", f"{got}, but brute force compares the codes as {cmp}")
    codes = [dfs_code(labels, edges, order_, parent)[2] for order_, parent in traversals.items()]
    _same_codes(o, "min_dfs_code", min(codes, key=cmp_to_key(code_compare)))
    o.expect_keys(keys)


def _lowest(order, adjacency) -> bool:
    """Whether a depth-first order always goes on to the lowest unvisited neighbour."""
    seen, stack = {order[0]}, [order[0]]
    for v in order[1:]:
        while not [w for w in adjacency[stack[-1]] if w not in seen]:
            stack.pop()
        if v != min(w for w in adjacency[stack[-1]] if w not in seen):
            return False
        seen.add(v)
        stack.append(v)
    return True


def _same_codes(o: Oracle, key: str, want) -> None:
    got = o.raw_answer(key)
    if got is None:
        return
    got = [tuple(int(x) if i < 2 else str(x) for i, x in enumerate(c)) for c in got]
    if got != [tuple(c) for c in want]:
        o.fail(key, f"{got} differs from brute force {list(want)}")


# --- derivation: the faded line's expression, evaluated by SymPy's matrix expressions on numpy instances ---


def _derivation_instance(name: str, rng: np.random.Generator):
    """(dimensions, values by the problem's symbol names, the value of every line's right-hand side):
    float64 matrices meeting the derivation's constraints (QR for orthonormal columns, eigh and svd
    for eigenvectors), and each line's value from the notes' own formula for it."""
    sq = lambda a: float(np.sum(a * a))  # noqa: E731 - the squared Frobenius norm
    if name == "pca-trace":
        d, n, r = 4, 5, 2
        x = rng.normal(size=(d, n))
        x -= x.mean(axis=1, keepdims=True)
        u = np.linalg.qr(rng.normal(size=(d, r)))[0]
        values = {"X": x, "U": u, "Sigma": x @ x.T / n, "n": n}
        error = sq(x - u @ u.T @ x)
        return {"d": d, "n": n, "r": r}, values, [error] * 6
    if name == "gram-trick":
        d, n = 4, 3
        x = rng.normal(size=(d, n))
        w, vecs = np.linalg.eigh(x.T @ x)
        v, lam = vecs[:, -1:], w[-1]
        u = x @ v / np.sqrt(lam)
        values = {"X": x, "K": x.T @ x, "Sigma": x @ x.T / n, "v": v, "lambda": lam, "u": u, "n": n}
        lines = [x @ x.T @ x @ v / n] * 3 + [lam] * 3 + [lam / n * u, 1.0]
        return {"d": d, "n": n}, values, lines
    if name == "uw-lemma":
        d, r = 4, 2
        v = np.linalg.qr(rng.normal(size=(d, r)))[0]
        a, w = rng.normal(size=(r, r)), rng.normal(size=(r, d))
        x, y = rng.normal(size=(d, 1)), rng.normal(size=(r, 1))
        values = {"x": x, "y": y, "V": v, "U": v @ a, "W": w}  # the span of V holds the range of U W
        best = sq(x) - sq(v.T @ x)
        return {"d": d, "r": r}, values, [v @ a @ w @ x] + [sq(x - v @ y)] * 4 + [best] * 3
    if name == "eckart-young":
        n, d, r = 5, 3, 1
        data = rng.normal(size=(n, d))
        left, sigma, right_t = np.linalg.svd(data)
        delta = np.zeros((n, d))
        delta[:d, :d] = np.diag(sigma)
        kept = np.zeros((n, d))
        kept[:r, :r] = np.diag(sigma[:r])
        m = rng.normal(size=(n, r)) @ rng.normal(size=(r, d))
        right = right_t.T
        values = {"D": data, "L": left, "R": right, "Delta": delta, "Deltar": kept, "Dr": left @ kept @ right.T,
                  "M": m, "N": left.T @ m @ right}
        rest = float(np.sum(sigma[r:] ** 2))
        return {"n": n, "d": d, "r": r}, values, [sq(data - m)] * 3 + [rest] * 4
    if name == "kernel-pca":
        m_, n = 4, 3
        phi = rng.normal(size=(m_, n))
        w, vecs = np.linalg.eigh(phi.T @ phi)
        eta = w[-1]
        c = vecs[:, -1:] / np.sqrt(eta)
        khat, lam = phi.T @ phi, eta / n
        u, a, b = phi @ c, c, rng.normal(size=(n, 1))  # K̂ is regular here: the weights a are c
        values = {"Phi": phi, "Sigmaphi": phi @ phi.T / n, "Khat": khat, "a": a, "b": b, "c": c, "u": u,
                  "eta": eta, "lambda": lam, "n": n}
        quad = float((c.T @ khat @ c)[0, 0])
        return {"m": m_, "n": n}, values, [lam * u, lam * phi @ a, n * lam * khat @ a, eta * khat @ a, khat @ c,
                                          khat @ a, eta * c, float((b.T @ khat @ b)[0, 0]), np.zeros((n, 1)),
                                          phi @ c, quad, quad, 1 / eta]
    if name == "mds":
        d, n = 2, 4
        x = rng.normal(size=(d, n))
        x -= x.mean(axis=1, keepdims=True)
        gram = x.T @ x
        a = np.array([[-sq(x[:, i] - x[:, j]) / 2 for j in range(n)] for i in range(n)])  # a_ij = −½d²_ij
        h = np.eye(n) - np.ones((n, n)) / n
        values = {"X": x, "B": gram, "A": a, "s": np.diag(gram).reshape(n, 1), "ones": np.ones((n, 1)), "H": h,
                  "n": n}
        return {"d": d, "n": n}, values, [a, np.zeros((n, 1))] + [h @ a @ h] * 4
    raise ValueError(name)


def check_derivation(o: Oracle) -> None:
    """The answer (the faded line) as the JSON gives it, read by sympify into SymPy's matrix expressions and
    evaluated by SymPy (doit) on a float instance, against the line's value from the notes' formula."""
    import sympy as sp

    from tutor.rendering import exact_data

    name, fade = o.raw["derivation"], int(o.raw["fade"])
    answer = o.raw_answer("line")
    o.expect_keys({"line"})
    if answer is None:
        return
    expression = sp.sympify(exact_data(answer))
    for seed in range(3):
        dims, values, lines = _derivation_instance(name, np.random.default_rng(seed))
        sized = expression.subs({sp.Symbol(k): v for k, v in dims.items()})
        numbers = {m: sp.ImmutableMatrix(values[m.name]) for m in sized.atoms(sp.MatrixSymbol)}
        numbers |= {x: sp.Float(values[x.name]) for x in sized.free_symbols
                    if isinstance(x, sp.Symbol) and x.name in values}
        got = sized.xreplace(numbers).doit()
        want = np.asarray(lines[fade - 1], dtype=float)
        got = np.array(got.tolist() if hasattr(got, "tolist") else got, dtype=float)
        if want.shape == (1, 1) or got.shape == (1, 1):
            got, want = got.reshape(-1) if got.size == 1 else got, want.reshape(-1) if want.size == 1 else want
        if want.ndim and not np.any(want) and got.ndim == 0:
            got = np.zeros_like(want) + got  # a zero line written as 0
        scale = float(max(1.0, np.max(np.abs(want)) if want.size else 1.0))
        if not o.close("line", got, want, scale, rtol=1e-8, what=f"instance {seed}: "):
            return


CHECKS = {
    "kernel-pca": check_kernel_pca, "kernel-matrix": check_kernel_matrix, "centring": check_centring,
    "feature-space": check_feature_space, "feature-map": check_feature_map, "rbf-gamma": check_rbf_gamma,
    "pca": check_pca, "pca-gram": check_pca_gram, "svd": check_svd, "mds": check_mds,
    "pca-feature-map": check_pca_feature_map, "high-dim": check_high_dim, "feature-mean": check_feature_mean,
    "importance-sampling": check_importance_sampling, "amortised": check_amortised, "dfs-code": check_dfs_code,
    "derivation": check_derivation,
}
