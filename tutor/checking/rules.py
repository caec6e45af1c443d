"""How an answer key is compared with the exact value: one rule per kind of answer.

A topic names a rule for each key whose comparison is more than "equal
entries in order" (eigenvalues in any order, eigenvectors up to sign,
a characteristic polynomial up to sign); every other key gets the rule that
fits the shape of its value, so a new topic gets checking for free.

Rules judge properties, not strings: an eigenvector is right when it is a
unit vector in the right eigenspace, whatever its sign or, for a repeated
eigenvalue, whichever orthonormal basis the student chose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import sympy as sp

from ..exact.tidy import is_zero, numeric
from . import budget
from .answers import Given, poly_variables
from .compare import DECIMAL, EXACT, Tolerance, combine, match_number


@dataclass(frozen=True)
class Judgement:
    match: str | None  # EXACT, DECIMAL, or None when the answer does not match
    message: str
    mistake: tuple[str, str] | None = None  # a property-based named mistake: (name, sentence)


@dataclass(frozen=True)
class Context:
    """What a rule may look at besides the answer: the problem, the expected answers, the other answers."""

    problem: Any
    answers: Mapping[str, Any]  # the expected answers (of the solution, or of a variant)
    given: Mapping[str, Given]  # the student's readable answers
    correct: frozenset[str]  # keys already judged right


def nested(value):
    """A matrix as a tuple of row tuples; other values unchanged."""
    if isinstance(value, sp.MatrixBase):
        return tuple(tuple(value.row(i)) for i in range(value.rows))
    return value


def shape_of(value) -> tuple[int, ...] | None:
    """(rows, cols) or (len,) or () for a number; None for a ragged list."""
    if not isinstance(value, tuple):
        return ()
    inner = {shape_of(v) for v in value}
    if len(inner) != 1 or None in inner:
        return None
    return (len(value),) + inner.pop()


def describe_shape(shape: tuple[int, ...] | None) -> str:
    if shape is None:
        return "lists of different lengths"
    if shape == ():
        return "one number"
    if len(shape) == 1:
        return f"a list of {shape[0]} numbers"
    if len(shape) == 2:
        return f"{shape[0]} list{'s' if shape[0] != 1 else ''} of {shape[1]} numbers"
    return "lists nested " + str(len(shape)) + " deep"


def shape_message(given, expected) -> str | None:
    want, got = shape_of(expected), shape_of(given)
    if want == got:
        return None
    return f"expected {describe_shape(want)}, got {describe_shape(got)}"


def flatten(value) -> list:
    if isinstance(value, tuple):
        return [x for v in value for x in flatten(v)]
    return [value]


def decimal_note(match: str | None, tol: Tolerance) -> str:
    return f" as a decimal (to {tol.sig_figs} significant figures)" if match == DECIMAL else ""


class Rule:
    """Compare a readable answer with the expected value of its key."""

    def variables(self, problem) -> dict:
        """The symbols the answer's strings may use (none: answers are numbers)."""
        return {}

    def judge(self, given: Given, expected, tol: Tolerance, ctx: Context) -> Judgement:
        """The shape first (a wrong shape says what was expected), then the rule's comparison."""
        expected = nested(expected)
        wrong_shape = shape_message(given.value, expected)
        if wrong_shape:
            return Judgement(None, wrong_shape)
        return self.compare(given, expected, tol, ctx)

    def compare(self, given: Given, expected, tol: Tolerance, ctx: Context) -> Judgement:
        raise NotImplementedError


class Entries(Rule):
    """Numbers, a list or a matrix: every entry in its place; a matrix gets per-cell verdicts."""

    def compare(self, given, expected, tol, ctx):
        if not isinstance(expected, tuple):
            match = match_number(given.value, given.decimal, expected, tol)
            return Judgement(match, f"right{decimal_note(match, tol)}" if match else "not the right value")
        cells = _cells(expected)
        matches = {pos: match_number(_at(given.value, pos), given.decimal, _at(expected, pos), tol) for pos in cells}
        match = combine(matches.values())
        if match:
            return Judgement(match, f"all {len(cells)} entries right{decimal_note(match, tol)}")
        wrong = [pos for pos, m in matches.items() if m is None]
        where = ", ".join(_position(p) for p in wrong[:8]) + (", …" if len(wrong) > 8 else "")
        right = len(cells) - len(wrong)
        return Judgement(None, f"{right} of {len(cells)} entries right; wrong at {where}")


def _cells(value, prefix=()):
    if not isinstance(value, tuple):
        return [prefix]
    return [pos for i, v in enumerate(value) for pos in _cells(v, prefix + (i,))]


def _at(value, pos):
    for i in pos:
        value = value[i]
    return value


def _position(pos) -> str:
    if len(pos) == 1:
        return f"entry {pos[0] + 1}"
    return "(" + ",".join(str(i + 1) for i in pos) + ")"


class Labelled(Rule):
    """Lists of whole numbers and labels (DFS codes): every entry exactly as expected, in place.

    The labels are the names a student may write; they are read as symbols, so
    X and "X" are the same answer and no label can be mistaken for a constant.
    """

    def __init__(self, labels_of: Callable[[Any], tuple[str, ...]], noun: str = "entry"):
        self.labels_of = labels_of
        self.noun = noun

    def variables(self, problem) -> dict:
        return {name: sp.Symbol(name) for name in self.labels_of(problem)}

    def compare(self, given, expected, tol, ctx):
        if given.decimal:
            return Judgement(None, "these are whole numbers and labels: write them without a decimal point")
        rows = [i for i, (g, e) in enumerate(zip(given.value, expected)) if g != e]
        if not rows:
            return Judgement(EXACT, f"all {len(expected)} {self.noun}s right")
        where = ", ".join(str(i + 1) for i in rows[:8]) + (", …" if len(rows) > 8 else "")
        return Judgement(None, f"{len(expected) - len(rows)} of {len(expected)} {self.noun}s right; "
                               f"wrong at {self.noun} {where}")


class AnyOrder(Rule):
    """A list of numbers that may come in any order (eigenvalues, variances).

    The list may leave out zeros (components that do not exist, η = 0), as the notes do:
    the checker reads the missing entries as 0 (grade.py) and says so.
    """

    omits_zeros = True

    def compare(self, given, expected, tol, ctx):
        pairing = _pair(list(given.value), list(expected), lambda g, e: match_number(g, given.decimal, e, tol))
        # The counts are of the values the student wrote: the zeros read in for those left out are not theirs.
        written = len(expected) - given.padded
        unmatched = [i for i, (j, _) in enumerate(pairing) if j is None]
        if unmatched:
            mine = [i for i in unmatched if i < written]
            short = (f"a value left out is not 0 (the answer has {len(expected)} values)"
                     if len(mine) < len(unmatched) else "")
            if not mine:
                return Judgement(None, f"all {written} values given are right, but {short}")
            return Judgement(None, f"{written - len(mine)} of {written} values right; not among the values: "
                                   f"entry {', '.join(str(i + 1) for i in mine)}" + (f", and {short}" if short else ""))
        match = combine(m for _, m in pairing)
        order = "" if [j for j, _ in pairing] == list(range(len(expected))) else " (in a different order from ours)"
        return Judgement(match, f"all {written} values right{decimal_note(match, tol)}{order}")


def _pair(given: list, expected: list, matcher) -> list[tuple[int | None, str | None]]:
    """Match each given item to a distinct expected one: exact matches first, then decimal ones."""
    used: set[int] = set()
    result: list[tuple[int | None, str | None]] = [(None, None)] * len(given)
    for wanted in (EXACT, DECIMAL):
        for i, g in enumerate(given):
            if result[i][0] is not None:
                continue
            for j, e in enumerate(expected):
                if j not in used and matcher(g, e) == wanted:
                    used.add(j)
                    result[i] = (j, wanted)
                    break
    return result


class Polynomial(Rule):
    """A characteristic polynomial, up to an overall sign: det(A − ηI) or det(ηI − A)."""

    def __init__(self, symbol: sp.Symbol, name: str, matrix: str):
        self.symbol = symbol
        self.name = name  # the variable as the notes write it, e.g. "η"
        self.matrix = matrix  # the matrix, e.g. "K̂"

    def variables(self, problem):
        return poly_variables(self.symbol)

    def judge(self, given, expected, tol, ctx):
        if isinstance(given.value, tuple):
            return Judgement(None, f"expected one polynomial in {self.name}, got a list")
        budget.require_small((given.value,))  # it is multiplied out next
        try:
            mine = sp.Poly(sp.expand(given.value), self.symbol)
            want = sp.Poly(sp.expand(expected), self.symbol)
        except sp.PolynomialError:
            return Judgement(None, f"not a polynomial in {self.name}")
        if mine.degree() != want.degree():
            return Judgement(None, f"degree {mine.degree()}, but the polynomial has degree {want.degree()}")
        for sign, how in ((1, ""), (-1, f" (as det({self.name}I − {self.matrix}), which is −det({self.matrix} − {self.name}I))")):
            matches = [match_number(g, given.decimal, sign * w, tol)
                       for g, w in zip(mine.all_coeffs(), want.all_coeffs())]
            match = combine(matches)
            if match:
                return Judgement(match, f"right{decimal_note(match, tol)}{how}")
        return Judgement(None, "not the characteristic polynomial (compared coefficient by coefficient, up to sign)")


class Expressions(Rule):
    """A feature map: expressions in x1, …, xd, in any order and each up to sign."""

    def __init__(self, variables: Callable[[Any], dict]):
        self._variables = variables

    def variables(self, problem):
        return self._variables(problem)

    def compare(self, given, expected, tol, ctx):
        budget.require_small(given.value)  # each coordinate is multiplied out next

        def same(g, e):
            return EXACT if sp.expand(g - e) == 0 or sp.expand(g + e) == 0 else None

        pairing = _pair(list(given.value), list(expected), same)
        unmatched = [i + 1 for i, (j, _) in enumerate(pairing) if j is None]
        if unmatched:
            return Judgement(None, f"{len(expected) - len(unmatched)} of {len(expected)} coordinates right; "
                                   f"not a coordinate of φ: entry {', '.join(map(str, unmatched))}")
        return Judgement(EXACT, f"all {len(expected)} coordinates right (any order and sign is a valid φ)")


@dataclass(frozen=True)
class Basis(Rule):
    """Vectors spanning eigenspaces: any order, each up to sign, any orthonormal basis of a repeated one.

    ``values(answers)`` gives the eigenvalue of each expected vector, so that
    vectors of one repeated eigenvalue are judged together. Each given vector
    must lie in one eigenspace and have the expected length (1 when ``unit``),
    and vectors of one eigenspace must be orthogonal. With ``consistent_with``,
    a vector must also keep the sign of the student's own vector of that key
    (coordinates a = √η v keep the sign of v); ``reference`` maps that vector
    into this key's space first (scores X_c u for a direction u).

    ``whole(problem, answers)`` gives this key's vector for every eigenvalue of ``values``, kept or
    not (None where it has none): when the kept components cut through a repeated eigenvalue (one
    component of η = 8, 8, 8), a vector is right anywhere in that eigenvalue's whole eigenspace, with
    the right length, not only along the one the solver kept.
    """

    values: Callable[[Mapping], tuple]
    unit: bool = False
    noun: str = "vector"
    consistent_with: str | None = None
    sign_rule: str = ""
    reference: Callable[[Any, Mapping, tuple], tuple] | None = None
    transposed: bool = False  # given as points (rows) whose columns are the vectors
    not_normalised: tuple[str, str] | None = field(default=None)
    whole: Callable[[Any, Mapping], tuple] | None = None

    def compare(self, given, expected, tol, ctx):
        budget.require_exact()  # projections and lengths are computed from the answer
        value = given.value
        if self.transposed:
            expected, value = _transpose(expected), _transpose(value)
        full = tuple(self.values(ctx.answers))
        values = full[: len(expected)]
        scale = max((abs(numeric(x, 30)) for x in flatten(expected)), default=0)  # for a zero vector
        groups = _groups(values)
        spans = self._spans(ctx, expected, full, groups)
        owner: dict[int, int] = {}  # given vector -> group
        problems, short, rough = [], [], []
        matches = []
        for j, g in enumerate(value):
            found = None
            for k, group in enumerate(groups):
                verdict = self._in_space(g, spans[k], given.decimal, tol, scale)
                if verdict in (EXACT, DECIMAL):
                    found = k
                    matches.append(verdict)
                    break
                if verdict in ("length", "inaccurate"):
                    (short if verdict == "length" else rough).append(j)
                    found = -1
                    break
            if found is None:
                problems.append(f"{self.noun} {j + 1} is not one of them")
            elif found >= 0:
                owner[j] = found
        for k, group in enumerate(groups):
            members = [j for j, owner_k in owner.items() if owner_k == k]
            if len(members) > len(group):
                problems.append(f"{self.noun}s {', '.join(str(j + 1) for j in members)} share a direction "
                                f"where {len(group)} {'is' if len(group) == 1 else 'are'} wanted")
            elif not _orthogonal([value[j] for j in members], given.decimal, tol):
                problems.append(f"{self.noun}s {', '.join(str(j + 1) for j in members)} of one repeated "
                                "eigenvalue are not orthogonal")
        if rough:
            problems.append(f"{self.noun} {', '.join(str(j + 1) for j in rough)} "
                            f"{'is' if len(rough) == 1 else 'are'} not accurate to {tol.sig_figs} significant figures")
        if short:
            length = "not of unit length" if self.unit else "of the wrong length"
            problems.append(f"{self.noun} {', '.join(str(j + 1) for j in short)} "
                            f"{'points' if len(short) == 1 else 'point'} the right way but {'is' if len(short) == 1 else 'are'} {length}")
            if not (problems[:-1]) and self.not_normalised:
                return Judgement(None, "; ".join(problems), mistake=self.not_normalised)
        if not problems:
            flipped, astray = self._inconsistent(value, owner, spans, ctx, given.decimal, tol)
            yours = self.consistent_with.replace('_', ' ') if self.consistent_with else ""
            if flipped:
                return Judgement(None, f"{self.noun} {', '.join(str(j + 1) for j in flipped)} "
                                       f"{'has' if len(flipped) == 1 else 'have'} the opposite sign to your "
                                       f"{yours}: {self.sign_rule}")
            if astray:
                return Judgement(None, f"{self.noun} {', '.join(str(j + 1) for j in astray)} "
                                       f"{'is' if len(astray) == 1 else 'are'} in the right (repeated) eigenspace "
                                       f"but not along your own {yours}: {self.sign_rule}")
            match = combine(matches)
            order = "" if [owner[j] for j in range(len(value))] == sorted(owner.values()) else " (in a different order)"
            sign = " up to sign" if not self.consistent_with or self.consistent_with not in ctx.correct else ""
            what = f"the {self.noun} is" if len(value) == 1 else f"all {len(value)} {self.noun}s"
            return Judgement(match, f"{what} right{sign}{decimal_note(match, tol)}{order}")
        return Judgement(None, "; ".join(problems))

    def _spans(self, ctx, expected, full, groups) -> list[list]:
        """The vectors spanning each group's space: its expected vectors, and with ``whole`` those of the
        same eigenvalue that were not kept (each orthogonal to the rest: the projection needs it)."""
        spans = [[expected[i] for i in group] for group in groups]
        beyond = range(len(expected), len(full))
        cut = [k for k, group in enumerate(groups)
               if any(is_zero(full[i] - full[group[0]]) for i in beyond)]
        if self.whole is None or not cut:
            return spans
        try:
            vectors = tuple(self.whole(ctx.problem, ctx.answers))
        except (ValueError, TypeError, IndexError, KeyError, ArithmeticError):
            return spans  # a follow-through's answers without a whole spectrum: the kept vectors only
        for k in cut:
            for i in beyond:
                v = vectors[i] if i < len(vectors) else None
                if v is None or not is_zero(full[i] - full[groups[k][0]]) or all(is_zero(x) for x in v):
                    continue
                if len(v) == len(spans[k][0]) and all(is_zero(_dot(u, v)) for u in spans[k]):
                    spans[k].append(tuple(v))
        return spans

    def _in_space(self, g, group, decimal, tol, scale=0) -> str | None:
        """EXACT/DECIMAL when g is in span(group) with the right length; "length" when only the
        length is off; "inaccurate" when a decimal is right only to fewer figures than asked."""
        if all(is_zero(x) for u in group for x in u):
            # A kept component with eigenvalue 0 has the zero vector as its scores (X_c u = 0).
            return _zero_vector(g, decimal, tol, scale)
        group = [u for u in group if not all(x == 0 for x in u)]  # a zero vector (of a follow-through) spans nothing
        if all(x == 0 for x in g) or not group:
            return None
        if decimal:
            return self._in_space_decimal(g, group, tol)
        projection = [sum((_dot(u, g) / _dot(u, u)) * u[i] for u in group) for i in range(len(g))]
        along = combine(match_number(a, False, b, tol) for a, b in zip(g, projection))
        if along is None:
            return None
        return along if match_number(_dot(g, g), False, _dot(group[0], group[0]), tol) else "length"

    @staticmethod
    def _in_space_decimal(g, group, tol) -> str | None:
        # Judged with a tolerance: 30 digits of the expected vectors are plenty, and fast. The
        # answer is compared entry by entry with the vector of the right length in its own
        # direction, to the significant figures of its largest entry.
        group = [v for v in (tuple(numeric(x, 30) for x in u) for u in group) if _dot(v, v) != 0]
        if not group:
            return None
        projection = [sum((_dot(u, g) / _dot(u, u)) * u[i] for u in group) for i in range(len(g))]
        rough = Tolerance(_ROUGH_FIGURES)
        if not tol.allows_vector(g, projection):
            return "inaccurate" if rough.allows_vector(g, projection) else None
        size = _dot(projection, projection)
        if size == 0:
            return None
        target = [b * sp.sqrt(_dot(group[0], group[0]) / size) for b in projection]
        if tol.allows_vector(g, target):
            return DECIMAL
        return "inaccurate" if rough.allows_vector(g, target) else "length"

    def _inconsistent(self, value, owner, spans, ctx, decimal: bool, tol) -> tuple[list[int], list[int]]:
        """Given vectors whose sign differs from the student's own companion (flipped), and vectors
        of a repeated eigenspace that are not the ones the student's own companions give (any basis of
        the space passes the rule, but the scores of the student's own directions are those directions'
        scores: along ± the reference, exactly or to the tolerance, not merely close to parallel)."""
        key = self.consistent_with
        if not key or key not in ctx.correct or key not in ctx.given:
            return [], []
        companions = ctx.given[key].value
        references = [self.reference(ctx.problem, ctx.answers, c) if self.reference else c for c in companions]
        sizes = [float(numeric(_dot(r, r), 20)) for r in references]
        biggest = max(sizes, default=0.0)
        flipped, astray = [], []
        for j, g in enumerate(value):
            size_g = float(numeric(_dot(g, g), 20))
            if size_g == 0:
                continue  # a zero vector (eigenvalue 0) has no sign
            repeated = len(spans[owner[j]]) > 1  # a repeated eigenvalue: kept whole or cut through
            signs = set()
            for r, r_size in zip(references, sizes):
                # A reference that is (numerically) zero says nothing about sign: skip it.
                if len(r) != len(g) or r_size <= 1e-12 * biggest:
                    continue
                if repeated:
                    along = _along(g, r, decimal, tol)
                    if along:
                        signs.add(along > 0)
                    continue
                dot = float(numeric(_dot(g, r), 20))
                if dot * dot > 0.99 * size_g * r_size:
                    signs.add(dot > 0)
            if True in signs:
                continue
            if False in signs:
                flipped.append(j)
            elif repeated:
                astray.append(j)
        return flipped, astray


def _along(g, r, decimal: bool, tol) -> int:
    """+1 when g is a positive multiple of r, −1 when a negative one, 0 otherwise: exactly for exact
    answers (every 2×2 minor gᵢrⱼ − gⱼrᵢ is 0), to the tolerance for decimals (the unit vectors agree)."""
    sign = 1 if numeric(_dot(g, r), 20) > 0 else -1
    if decimal:
        unit_g = [x / sp.sqrt(_dot(g, g)) for x in g]
        unit_r = [sign * x / sp.sqrt(_dot(r, r)) for x in r]
        return sign if tol.allows_vector(unit_g, unit_r) else 0
    n = len(g)
    return sign if all(is_zero(g[i] * r[j] - g[j] * r[i]) for i in range(n) for j in range(i + 1, n)) else 0


def _zero_vector(g, decimal, tol, scale) -> str | None:
    """A given vector where the zero vector is expected: exactly, or as decimals within the tolerance
    of the answer's largest entry (``scale``), so that tiny values are not zero in tiny answers."""
    if all(x == 0 for x in g):
        return EXACT
    return DECIMAL if decimal and tol.allows_vector(g, (sp.Integer(0),) * len(g), scale) else None


class SignedColumns(Rule):
    """Rows of values, one column per component: each column may be negated as a whole
    (an eigenvector's sign is a choice, and a component's values all follow it)."""

    def compare(self, given, expected, tol, ctx):
        got, want = _transpose(given.value), _transpose(expected)
        matches, wrong = [], []
        for j, (g, e) in enumerate(zip(got, want)):
            for sign in (1, -1):
                match = combine(match_number(a, given.decimal, sign * b, tol) for a, b in zip(g, e))
                if match:
                    matches.append(match)
                    break
            else:
                wrong.append(j + 1)
        if wrong:
            return Judgement(None, f"component {', '.join(map(str, wrong))} wrong (each column is judged up to sign)")
        match = combine(matches)
        return Judgement(match, f"all right up to the sign of each component{decimal_note(match, tol)}")


_ROUGH_FIGURES = 2  # a decimal right to this many figures but not to the asked many is "not accurate"


def _dot(a, b):
    # Not expanded: is_zero decides exactly (small surds) or on 100 digits (root objects),
    # and expanding products of root objects is what would be slow.
    return sp.Add(*[x * y for x, y in zip(a, b)])


def _transpose(rows):
    return tuple(zip(*rows))


def _groups(values) -> list[list[int]]:
    groups: list[list[int]] = []
    for i, v in enumerate(values):
        for group in groups:
            if is_zero(values[group[0]] - v):
                group.append(i)
                break
        else:
            groups.append([i])
    return groups


def _orthogonal(vectors, decimal, tol) -> bool:
    """Pairwise orthogonal: exactly, or for decimals with |cos θ| within the tolerance (in floats:
    an exact square root of a long decimal's norm would make SymPy factor large integers)."""
    for i in range(len(vectors)):
        for j in range(i + 1, len(vectors)):
            a, b = vectors[i], vectors[j]
            if not decimal:
                if not is_zero(_dot(a, b)):
                    return False
                continue
            norms = float(numeric(_dot(a, a), 20)) * float(numeric(_dot(b, b), 20))
            if norms > 0 and abs(float(numeric(_dot(a, b), 20))) / norms ** 0.5 > 10.0 ** (-tol.sig_figs):
                return False
    return True


def default_rule(expected) -> Rule:
    """The rule for a key that names none: entries in place, whatever the shape."""
    return Entries()
