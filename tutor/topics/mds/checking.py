"""Checking answers to mds problems: how answers compare, and the named mistakes."""

from __future__ import annotations

from functools import lru_cache

import sympy as sp

from tutor.checking import rules
from tutor.checking.uniqueness import cut_through
from tutor.checking.variants import FollowThrough, Mistake, matrix
from tutor.exact.eigen import spectrum
from tutor.exact.tidy import numeric, sign_of, tidy
from tutor.recipes.centring import centring_matrix
from tutor.topics.mds import recipe as mds


@lru_cache(maxsize=32)
def _columns(B: sp.ImmutableMatrix) -> tuple:
    """√λ v for every eigenpair of B, None where λ ≤ 0: every column X could have (rules.Basis's whole)."""
    spec = spectrum(B)
    points = mds.coordinates_step(spec, B.rows).result
    columns = tuple(zip(*points)) if points and points[0] else ()
    return columns + (None,) * (B.rows - len(columns))


RULES = {
    "eigenvalues": rules.AnyOrder(),
    # X = V_p Λ_p^(1/2): each column is an eigenvector of B scaled to length √λ, so up to sign
    # (and any orthonormal basis of a repeated eigenvalue's space, all of it when p cuts through one).
    "coordinates": rules.Basis(lambda answers: answers["eigenvalues"], noun="coordinate column", transposed=True,
                               whole=lambda problem, answers: _columns(matrix(answers["b_matrix"]))),
}


def _slipped_a(scale):
    """A (and the B = HAH it gives) from the table d²_ij with a slip: ``scale`` maps each d² to A's entry."""
    def variant(problem, solution):
        A = sp.ImmutableMatrix(problem.squared.applyfunc(lambda v: tidy(scale(v))))
        H = centring_matrix(A.rows)
        return {"a_matrix": A, "b_matrix": sp.ImmutableMatrix((H * A * H).applyfunc(tidy))}
    return variant


def _plain(key):
    """The answer of ``key`` (a table of squared distances) with each entry's square root: the plain
    distances, given where their squares were asked."""
    def variant(problem, solution):
        return {key: sp.ImmutableMatrix(solution.answers[key].applyfunc(lambda v: tidy(sp.sqrt(v))))}
    return variant


def _squared_twice(problem, solution):
    """A and B from a table of squared distances squared again, as if it held the plain distances."""
    if problem.points is not None or problem.distances is not None:
        return {}  # the table given is of plain distances (or there is none): no such slip
    return _slipped_a(lambda v: -v**2 / 2)(problem, solution)


MISTAKES = (
    Mistake("plain_not_squared_distances",
            "These are the plain distances dᵢⱼ; the part asks for their squares d²ᵢⱼ: square each entry.",
            ("squared_distances",), _plain("squared_distances")),
    Mistake("recovered_plain_distances",
            "These are the distances ‖x̂ᵢ − x̂ⱼ‖ of the recovered points; the part asks for their squares "
            "‖x̂ᵢ − x̂ⱼ‖², to compare with the d²ᵢⱼ: square each entry.",
            ("recovered_distances",), _plain("recovered_distances")),
    Mistake("a_from_squared_twice",
            "The table gives the squared distances d²ᵢⱼ already: A = −½ d²ᵢⱼ takes them as they are, "
            "without squaring them again.", ("a_matrix", "b_matrix"), _squared_twice),
    Mistake("a_from_plain_distances", "A is −½ times the squared distances, A = −½ d²ᵢⱼ, not −½ dᵢⱼ.",
            ("a_matrix", "b_matrix"), _slipped_a(lambda v: -sp.sqrt(v) / 2)),
    Mistake("a_without_half", "A = −½ d²ᵢⱼ: the factor −½ is missing (B = HAH = −½ H[d²ᵢⱼ] H).",
            ("a_matrix", "b_matrix"), _slipped_a(lambda v: -v)),
)


def _from_table(problem, expected, values):
    """A and B from the student's own table of squared distances."""
    D2 = matrix(values["squared_distances"])
    A = sp.ImmutableMatrix(D2.applyfunc(lambda v: tidy(-v / 2)))
    return {"a_matrix": A, **_from_a(problem, expected, {"a_matrix": A})}


def _from_a(problem, expected, values):
    A = matrix(values["a_matrix"])
    H = centring_matrix(A.rows)
    return {"b_matrix": sp.ImmutableMatrix((H * A * H).applyfunc(tidy))}


def _onward(problem, B) -> dict:
    """The eigenvalues of a B, and the points and distances they give, as the recipe takes them
    (the problem's dimensions, else every positive eigenvalue); no points where B has too few."""
    spec = spectrum(B)
    out = {"eigenvalues": spec.values}
    kept = mds.coordinates_step(spec, problem.dimensions or len(spec.values))
    if problem.dimensions is None or kept.data.p == problem.dimensions:
        out["coordinates"] = kept.result
        out.update(_from_points(problem, None, out))
    return out


def _onward_from(key):
    """The later answers from the student's own table, A or B (A and B first, as _from_table and _from_a)."""
    def derive(problem, expected, values):
        earlier = {"squared_distances": _from_table, "a_matrix": _from_a}.get(key)
        B = matrix((earlier(problem, expected, values) if earlier else values)["b_matrix"])
        return _onward(problem, B)
    return derive


def _from_eigenvalues(problem, expected, values):
    """The points with the student's own eigenvalues (largest first) and B's eigenvectors: each column
    √λ v rescaled to √λ' v; none when a kept λ' is not positive."""
    columns = _transpose(expected["coordinates"])
    mine = sorted(values["eigenvalues"], key=lambda v: -numeric(v, 30))[: len(columns)]
    if len(mine) < len(columns) or any(sign_of(v) <= 0 for v in mine):
        return {}
    ours = expected["eigenvalues"][: len(columns)]
    scaled = [[tidy(x * sp.sqrt(tidy(m / o))) for x in column] for column, m, o in zip(columns, mine, ours)]
    points = _transpose(scaled)
    return {"coordinates": points, **_from_points(problem, expected, {"coordinates": points})}


def _transpose(rows):
    return tuple(zip(*rows))


def _from_points(problem, expected, values):
    """The squared distances of the student's own recovered points."""
    X = values["coordinates"]
    n = len(X)
    return {"recovered_distances": sp.ImmutableMatrix(
        n, n, lambda i, j: tidy(sum((a - b) ** 2 for a, b in zip(X[i], X[j]))))}


_AFTER_B = ("eigenvalues", "coordinates", "recovered_distances")

# Work that is right from the student's own earlier table, A, B, eigenvalues or points earns credit: a slip (plain
# distances for squared ones, A without its −½) costs its own key, not every key after it. The nearest
# earlier answer is tried first; the eigenproblem of the student's B is solved again (solves=True).
FOLLOW_THROUGH = (
    FollowThrough(("squared_distances",), ("a_matrix", "b_matrix"), _from_table),
    FollowThrough(("a_matrix",), ("b_matrix",), _from_a),
    FollowThrough(("coordinates",), ("recovered_distances",), _from_points),
    FollowThrough(("eigenvalues",), ("coordinates", "recovered_distances"), _from_eigenvalues),
    FollowThrough(("b_matrix",), _AFTER_B, _onward_from("b_matrix"), solves=True),
    FollowThrough(("a_matrix",), _AFTER_B, _onward_from("a_matrix"), solves=True),
    FollowThrough(("squared_distances",), _AFTER_B, _onward_from("squared_distances"), solves=True),
)


def not_unique(solution) -> list[str]:
    """dimensions: p cutting through a repeated eigenvalue of B (uniqueness.py)."""
    answers = solution.answers
    line = cut_through(answers["eigenvalues"], len(answers["coordinates"][0]), field="dimensions", symbol="λ",
                       accepted=["coordinates"], following=["recovered_distances"], source="coordinates")
    return [line] if line else []
