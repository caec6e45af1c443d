"""Check a submission against one problem: a verdict for every answer key, and a score.

For each key, in the order of the recipe (which is the order of its dependencies):
  correct / decimal  the answer matches the solution (by the key's rule);
  follow-through     it matches what the student's own earlier answers give, or a named
                     mistake the student's earlier answers already show;
  imprecise          a decimal right to fewer significant figures than asked (partial credit);
  mistake            it matches a named mistake (or two, at different steps) that agrees
                     with the student's earlier answers;
  wrong, missing, unreadable otherwise.
Follow-through is tried before named mistakes: once a slip has cost its own
key, later work that is consistent with it earns credit. A Checker solves the
problem once and keeps the variant solutions, so a class batch pays for them once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import sympy as sp

from ..errors import TutorError
from ..exact.tidy import as_expr, count_ops
from . import budget
from .answers import AnswersError, Given, Submission, Unreadable, read_submission, refuse
from .compare import DECIMAL, Tolerance
from .rules import Context, Rule, default_rule, flatten, nested, shape_of
from .tables import tables
from .variants import FollowThrough, Mistake, trivial

VERDICTS = ("correct", "decimal", "follow-through", "imprecise", "mistake", "wrong", "missing", "unreadable")
CREDITED = ("correct", "decimal", "follow-through")

# What a student's value may do to our arithmetic: anything else is a bug of ours and is raised.
_RECOMPUTE_ERRORS = (TutorError, ValueError, TypeError, ArithmeticError, IndexError, KeyError,
                     NotImplementedError, sp.PolynomialError)
# What SymPy may raise on a strange answer that the budgets let through: the answer's verdict,
# never an internal error (a bug of ours in the rules still is one: TypeError, KeyError, …).
_JUDGE_ERRORS = (ValueError, ArithmeticError, MemoryError, RecursionError, sp.PolynomialError)
_NAMES = {"char_poly": "characteristic polynomial"}
_TOO_LARGE = "too large to check: "


@dataclass(frozen=True)
class KeyResult:
    key: str
    verdict: str  # one of VERDICTS
    message: str
    weight: sp.Rational
    credit: sp.Rational
    given: Any = None  # the answer as read, for the echo
    mistake: str | None = None
    typed: Any = False  # where the answer was written as decimals (given's shape), for the echo


@dataclass(frozen=True)
class Report:
    problem: str  # where the problem came from
    answers: str  # where the answers came from
    topic: str
    sig_figs: int
    results: tuple[KeyResult, ...]

    @property
    def score(self) -> sp.Rational:
        return sum((r.credit for r in self.results), sp.Integer(0))

    @property
    def max_score(self) -> sp.Rational:
        return sum((r.weight for r in self.results), sp.Integer(0))

    def result(self, key: str) -> KeyResult:
        return next(r for r in self.results if r.key == key)


class Checker:
    """Checks any number of submissions against one loaded problem."""

    def __init__(self, loaded, sig_figs: int | None = None, solution=None):
        from .. import solve

        self.loaded = loaded
        self.topic = loaded.topic
        self.problem = loaded.problem
        self.solution = solution if solution is not None else solve(loaded)
        self.expected = self.solution.answers
        self.keys = tuple(self.expected)
        self.tol = Tolerance(sig_figs or loaded.check.sig_figs)
        self.settings = loaded.check
        self.tables = tables(self.topic)
        rules = getattr(self.tables, "RULES", {})
        self.rules: dict[str, Rule] = {k: rules.get(k) or default_rule(self.expected[k]) for k in self.keys}
        self._variants: dict[Mistake, dict | None] = {}
        self._derived: dict[tuple, dict | None] = {}
        self.ancestors = dependencies(self.keys, self.tables)
        self._matches: dict[tuple, bool] = {}  # (mistakes, variant, key, answer) -> the answer matches it
        self._compounds: dict[tuple[Mistake, Mistake], dict | None] = {}
        self._applied: dict[Mistake, list[tuple[tuple, dict]]] = {}  # see _apply

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the lecturer should know about this problem's answers (uniqueness.py): not unique where
        the statement does not fix them. One line each, without the problem's name."""
        from .uniqueness import warnings

        return warnings(self.topic, self.solution)

    # --- reading ----------------------------------------------------------------

    def read(self, raw: object, source: str, unknown: list | None = None) -> Submission:
        """A submission from the parsed YAML of an answers file. A key that is no answer of this
        problem is an AnswersError, or, given an ``unknown`` list, kept there and left out."""
        variables = {k: rule.variables(self.problem) for k, rule in self.rules.items()}
        all_keys = tuple(self.topic.ANSWER_KEYS)
        readers = {k: reader for k in self.rules if (reader := self.reader(k)) is not None}
        submission = read_submission(raw, source, all_keys, variables, readers, unknown)
        for key in [k for k in submission.entries if k not in self.expected]:
            refuse(AnswersError(f"this problem has no such answer ({self.topic.ANSWER_KEYS[key]})",
                                file=source, field=key), unknown)
        return Submission(source, {k: v for k, v in submission.entries.items() if k in self.expected})

    def reader(self, key: str):
        """The rule's own reader of a raw answer (a derivation's matrix expression), or None: the
        answer is numbers, read by the whitelist parser."""
        rule = self.rules[key]
        return (lambda raw: rule.read(raw, self.problem)) if hasattr(rule, "read") else None

    # --- checking ---------------------------------------------------------------

    def check(self, submission: Submission) -> Report:
        entries, padded = self._read_omitted_zeros(submission.entries)
        submission = Submission(submission.source, entries)
        given = {k: v for k, v in submission.entries.items() if isinstance(v, Given)}
        right: set[str] = set()  # correct or decimal
        credited: set[str] = set()  # right, or consistent with the student's own earlier work
        results = []
        for key in self.keys:
            result = self._check_key(key, submission.entries.get(key), given, right, credited)
            if key in padded:
                result = replace(result, message=f"{result.message.rstrip('.')}; {padded[key]}")
            if result.verdict in ("correct", "decimal"):
                right.add(key)
            if result.verdict in CREDITED:
                credited.add(key)
            results.append(result)
        return Report(self.loaded.source, submission.source, self.solution.topic, self.tol.sig_figs, tuple(results))

    def _read_omitted_zeros(self, entries):
        """A list of values (eigenvalues, variances, fractions) that leaves out zeros of the answer,
        as the notes list only the η > 0: the left-out entries are read as 0, and said so."""
        entries, padded = dict(entries), {}
        for key, entry in entries.items():
            expected = nested(self.expected[key])
            if not (getattr(self.rules[key], "omits_zeros", False) and isinstance(entry, Given)
                    and isinstance(entry.value, tuple) and isinstance(expected, tuple)):
                continue
            missing = len(expected) - len(entry.value)
            if missing <= 0 or any(isinstance(x, tuple) for x in entry.value) or \
                    sum(1 for x in expected if x == 0) < missing:
                continue
            zeros = (sp.Integer(0),) * missing
            typed = tuple(entry.typed or (False,) * len(entry.value)) + (False,) * missing
            figures = tuple(entry.figures or (None,) * len(entry.value)) + (None,) * missing
            entries[key] = Given(entry.value + zeros, entry.decimal, typed, missing, figures)
            padded[key] = f"the {missing} values left out were read as 0" if missing > 1 else \
                "the value left out was read as 0"
        return entries, padded

    def _check_key(self, key, entry, given, right, credited) -> KeyResult:
        weight = self.settings.weight(key)

        def result(verdict, message, mistake=None):
            credit = weight if verdict in CREDITED else sp.Integer(0)
            if verdict == "imprecise":
                credit = weight * self.settings.imprecise_credit
            value, typed = (entry.value, entry.typed) if isinstance(entry, Given) else (None, False)
            return KeyResult(key, verdict, message, weight, credit, value, mistake, typed)

        if entry is None:
            return result("missing", "not answered")
        if isinstance(entry, Unreadable):
            return result("unreadable", f"could not read it: {entry.reason}")
        if self.reader(key) is not None:  # no number: its rule's reader bounded it, its rule judges it
            with budget.judging(None):
                return self._judge_key(key, entry, given, right, credited, result)
        # Measured before any symbolic work: an answer too large to evaluate is wrong, with the reason.
        try:
            large = budget.admit(flatten(entry.value))
        except budget.Uncheckable as err:
            return result("wrong", str(err))
        with budget.judging(large):
            return self._judge_key(key, entry, given, right, credited, result)

    def _judge_key(self, key, entry, given, right, credited, result) -> KeyResult:
        rule = self.rules[key]
        judged = self._judge(rule, entry, self.expected[key], self._context(self.expected, given, credited))
        if isinstance(judged, str):  # too large to check: wrong, whatever else it might match
            return result("wrong", judged)
        if judged.match:
            return result("correct" if judged.match != DECIMAL else "decimal", judged.message)
        follow, skipped = self._follow_through(key, entry, given, right, credited)
        if follow is not None:
            needs, all_right, judgement = follow
            yours = _yours(needs)
            if all_right:
                return result("correct" if judgement.match != DECIMAL else "decimal",
                              f"{judgement.message}, consistent with your {yours}")
            return result("follow-through", f"consistent with your own {yours} (follow-through credit): "
                                            f"{judgement.message}")
        figures = self._imprecise(rule, entry, key, given, credited)
        if figures:
            return result("imprecise", f"right to {figures} significant figure{'s' if figures > 1 else ''}; "
                                       f"give {self.tol.sig_figs}")
        named = self._named_mistake(key, entry, given, right, credited)
        if named and named.earlier:  # the mistake was made (and charged) at an earlier key
            return result("follow-through", f"consistent with your own {_yours(named.earlier)} "
                                            f"(follow-through credit): {named.judgement.message}")
        if named:
            return result("mistake", named.sentence, mistake=named.name)
        if judged.mistake:
            return result("mistake", judged.mistake[1], mistake=judged.mistake[0])
        if skipped:
            needs, reason = skipped
            return result("wrong", f"{judged.message}; too large to check follow-through from your "
                                   f"{_yours(needs)}: {reason.removeprefix(_TOO_LARGE)}")
        return result("wrong", judged.message)

    def _imprecise(self, rule, entry, key, given, credited) -> int | None:
        """The significant figures the student wrote, when fewer than asked (and at least MIN_FIGURES
        or one fewer) and the answer is right to them; else None. A decimal written to as many figures
        as asked, or more, is judged at those: right or wrong, never imprecise."""
        if not entry.decimal:
            return None
        written = _written_figures(entry)
        if written is None or written >= self.tol.sig_figs:
            return None
        ctx = self._context(self.expected, given, credited)
        fewest = max(1, min(MIN_FIGURES, self.tol.sig_figs - 1))
        for figures in range(written, fewest - 1, -1):
            try:
                with budget.deadline(budget.JUDGE_SECONDS):
                    judged = rule.judge(entry, self.expected[key], Tolerance(figures, half_unit=True), ctx)
            except (budget.Uncheckable, budget.Deadline, *_JUDGE_ERRORS):
                return None
            if judged.match:
                return figures
        return None

    def _judge(self, rule: Rule, entry: Given, expected, ctx: Context):
        """The rule's Judgement, or why the answer could not be judged against ``expected`` (a str)."""
        try:
            with budget.deadline(budget.JUDGE_SECONDS):
                return rule.judge(entry, expected, self.tol, ctx)
        except budget.Uncheckable as err:
            return str(err)
        except budget.Deadline:
            return f"{_TOO_LARGE}comparing it took longer than {budget.JUDGE_SECONDS} s"
        except _JUDGE_ERRORS as err:
            return f"{_TOO_LARGE}SymPy gave up on it ({type(err).__name__})"

    def _context(self, answers, given, credited) -> Context:
        return Context(self.problem, answers, given, frozenset(credited))

    # --- follow-through -----------------------------------------------------------

    def _follow_through(self, key, entry, given, right, credited):
        """((needs, all_right, judgement) of the first follow-through the answer matches, or None;
        (needs, reason) of the first one too large to check, or None)."""
        rule = self.rules[key]
        skipped = None
        for index, follow in enumerate(getattr(self.tables, "FOLLOW_THROUGH", ())):
            if key not in follow.gives or key in follow.needs or not all(n in given for n in follow.needs):
                continue
            values = {n: given[n].value for n in follow.needs}
            all_right = all(n in right for n in follow.needs)
            if not all_right and not all(self._may_follow(n, v) for n, v in values.items()):
                continue
            derived = self._derive(index, follow, values)
            if isinstance(derived, str):
                skipped = skipped or (follow.needs, derived)
                continue
            if derived is None or key not in derived:
                continue
            merged = {**self.expected, **values, **derived}
            judged = self._judge(rule, entry, derived[key], self._context(merged, given, credited))
            if isinstance(judged, str):
                skipped = skipped or (follow.needs, judged)
            elif judged.match:
                return (follow.needs, all_right, judged), None
        return None, skipped

    def _may_follow(self, key: str, value) -> bool:
        """Guard against gaming: a trivial or oversized earlier answer earns no follow-through."""
        if any(count_ops(as_expr(x), budget.MAX_FOLLOW_OPS) > budget.MAX_FOLLOW_OPS or budget.too_large(x)
               for x in flatten(value)):
            return False  # measured first: the triviality test multiplies entries out
        return not trivial(value, nested(self.expected[key]))

    def _derive(self, index: int, follow: FollowThrough, values: dict):
        """The answers recomputed from the student's ``values``: a dict, None when they give none,
        or why they are too large to recompute from (a str)."""
        cache_key = (index, tuple(sorted(values.items(), key=lambda kv: kv[0])))
        if cache_key not in self._derived:
            self._derived[cache_key] = self._too_large_to_derive(follow, values) or self._derive_now(follow, values)
        return self._derived[cache_key]

    def _too_large_to_derive(self, follow: FollowThrough, values: dict) -> str | None:
        for n, v in values.items():
            entries = flatten(v)
            reason = next((r for r in map(budget.too_large, entries) if r), None) or \
                budget.follow_too_large(entries, flatten(nested(self.expected[n])), follow.solves)
            if reason:
                return reason
        return None

    def _derive_now(self, follow: FollowThrough, values: dict):
        try:
            with budget.deadline(budget.DERIVE_SECONDS):
                derived = follow.derive(self.problem, self.expected, values)
            return _defined(derived)
        except _RECOMPUTE_ERRORS:
            return None
        except budget.Uncheckable as err:
            return str(err)
        except budget.Deadline:
            return f"re-solving from it took longer than {budget.DERIVE_SECONDS} s"
        except (MemoryError, RecursionError) as err:
            return f"SymPy gave up re-solving from it ({type(err).__name__})"

    # --- named mistakes -------------------------------------------------------------

    def _named_mistake(self, key, entry, given, right, credited) -> "Named | None":
        """The named mistake (or pair of them) that explains the answer and agrees with the student's
        record: at every earlier key it depends on that the mistake changes, the student's answer is
        the mistake's (then it was charged there, and this key is follow-through) or absent. A
        mistake that would change an earlier answer the student got right is never named."""
        rule = self.rules[key]
        mistakes = getattr(self.tables, "MISTAKES", ())
        singles = []
        for mistake in mistakes:
            if key in mistake.keys:
                variant = self._variant(mistake)  # the solver's own work: outside the answer's deadline
                if variant and key in variant:
                    singles += self._explains(key, entry, given, right, credited, rule, variant,
                                              mistake.name, mistake.sentence, (mistake,))
                    if singles and singles[-1].earlier:
                        return singles[-1]
        # A mistake made here on top of one the student made (and was charged for) at an earlier key
        # agrees with their record better than a single mistake that ignores their earlier answers.
        wrong_before = any(j in given and j not in right for j in self.ancestors[key])
        both = None
        for first, second in (self._pairs(key, mistakes) if wrong_before or not singles else ()):
            variant = self._compound(first, second)
            if variant and key in variant:
                explained = self._explains(key, entry, given, right, credited, rule, variant,
                                           second.name, second.sentence, (first, second))
                if explained and explained[0].earlier:  # the first was charged where it was made
                    return Named(second.name, f"On your own {_yours(explained[0].earlier)}: {second.sentence}",
                                 explained[0].judgement, ())
                if explained and both is None:  # neither step answered: both mistakes are charged here
                    both = Named(f"{first.name}+{second.name}",
                                 f"Two mistakes together: {first.sentence} {second.sentence}",
                                 explained[0].judgement, ())
                    if not wrong_before:
                        break
        return singles[0] if singles else both

    def _explains(self, key, entry, given, right, credited, rule, variant, name, sentence, origin) -> list:
        """[Named] when the variant's value for ``key`` matches the answer and the student's record; else []."""
        earlier = []
        for j in self.ancestors[key]:
            if j not in given or j not in variant:
                continue
            matches = self._matches_variant(origin, variant, j, given[j])
            if j in right and not matches:
                return []  # the mistake would have changed an answer the student got right
            if j not in right:
                if not matches:
                    return []  # the student's earlier answer is wrong in some other way
                earlier.append(j)
        merged = {**self.expected, **variant}
        judged = self._judge(rule, entry, variant[key], self._context(merged, given, credited))
        if isinstance(judged, str) or not judged.match:
            return []
        return [Named(name, sentence, judged, tuple(k for k in self.keys if k in earlier))]

    def _matches_variant(self, origin, variant, key, entry: Given) -> bool:
        cache = (tuple(m.name for m in origin), id(variant), key, entry.value, entry.decimal)
        if cache not in self._matches:
            merged = {**self.expected, **variant}
            ctx = self._context(merged, {}, frozenset())
            try:
                large = budget.admit(flatten(entry.value))
            except budget.Uncheckable:
                self._matches[cache] = False
                return False
            with budget.judging(large):
                judged = self._judge(self.rules[key], entry, variant[key], ctx)
            self._matches[cache] = not isinstance(judged, str) and bool(judged.match)
        return self._matches[cache]

    def _pairs(self, key, mistakes):
        """Pairs (first, second) of mistakes at different steps that may explain ``key`` together:
        the second one names ``key``, the first one changes an earlier key it depends on. At most
        MAX_COMPOUNDS pairs are tried for a problem (cached), so the search stays bounded."""
        before = self.ancestors[key] | {key}
        for second in mistakes:
            if key not in second.keys:
                continue
            for first in mistakes:
                if first.name == second.name or self._origin(first) >= self._origin(second):
                    continue
                if not before & set(first.keys):
                    continue
                if (first, second) not in self._compounds and len(self._compounds) >= MAX_COMPOUNDS:
                    return
                yield first, second

    def _origin(self, mistake: Mistake) -> int:
        """The recipe position of the first key a mistake changes."""
        return min((self.keys.index(k) for k in mistake.keys if k in self.keys), default=len(self.keys))

    def _compound(self, first: Mistake, second: Mistake) -> dict | None:
        """The answers with ``first`` made, then ``second`` made on top of them: ``second``'s variant
        of a solution whose answers are ``first``'s. Keys after ``second``'s step that it does not
        recompute are left out (``first``'s values for them would be stale)."""
        pair = (first, second)
        if pair not in self._compounds:
            self._compounds[pair] = None
            one = self._variant(first)
            if one:
                amended = _Amended(self.solution, {**self.expected, **one})
                try:
                    two = self._apply(second, amended)
                except _RECOMPUTE_ERRORS:
                    two = {}
                start = self.keys[self._origin(second)] if self._origin(second) < len(self.keys) else None
                kept = {k: v for k, v in one.items() if k != start and start not in self.ancestors.get(k, ())}
                # No compound where the second mistake cannot apply to the first one's answers (a d×d
                # "kernel" to centre: another shape) or ignores them (it starts again from the problem:
                # its own single values, which would be judged in a context of neither).
                alone = self._variant(second) or {}
                two = {k: v for k, v in _defined(two).items()
                       if k in self.expected and shape_of(nested(v)) == shape_of(nested(self.expected[k]))
                       and not (k in alone and nested(alone[k]) == nested(v))}
                if two:
                    self._compounds[pair] = {**kept, **two}
        return self._compounds[pair]

    def _variant(self, mistake: Mistake) -> dict | None:
        if mistake not in self._variants:
            try:
                self._variants[mistake] = _defined(self._apply(mistake, _Amended(self.solution,
                                                                                 self.solution.answers)))
            except _RECOMPUTE_ERRORS:
                self._variants[mistake] = None
        return self._variants[mistake]


    def _apply(self, mistake: Mistake, solution: "_Amended") -> dict:
        """``mistake``'s variant of ``solution``, remembered by the answers it read: most compounds
        change keys the second mistake never reads (a centring slip, then not centring at all
        restarts from the same K), and re-solving for each was most of a wrong answer's check."""
        for read, result in self._applied.get(mistake, ()):
            if all(_same(solution.answers.get(k, _ABSENT), v) for k, v in read):
                return result
        answers = _Reads(solution.answers)
        result = dict(mistake.variant(self.problem, _Amended(solution, answers)))
        if not answers.whole:
            self._applied.setdefault(mistake, []).append((tuple(answers.read.items()), result))
        return result


_ABSENT = object()


def _same(a, b) -> bool:
    """The same value as written (structurally, so the reuse of a variant is exact)."""
    if a is b:
        return True
    if a is _ABSENT or b is _ABSENT:
        return False
    try:
        return type(a) is type(b) and bool(a == b)
    except (TypeError, ValueError):
        return False


class _Reads(dict):
    """Answers that note which keys a variant read (``whole``: it looked at all of them)."""

    def __init__(self, answers):
        super().__init__(answers)
        self.read: dict[str, Any] = {}
        self.whole = False

    def __getitem__(self, key):
        self.read[key] = dict.get(self, key, _ABSENT)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self.read[key] = dict.get(self, key, _ABSENT)
        return dict.get(self, key, default)

    def __contains__(self, key):
        self.read[key] = dict.get(self, key, _ABSENT)
        return dict.__contains__(self, key)

    def _all(self, method, *args):
        self.whole = True
        return getattr(dict, method)(self, *args)

    def __iter__(self):
        return self._all("__iter__")

    def __len__(self):
        return self._all("__len__")

    def keys(self):
        return self._all("keys")

    def items(self):
        return self._all("items")

    def values(self):
        return self._all("values")

    def copy(self):
        return self._all("copy")

    def __or__(self, other):
        return self._all("__or__", other)

    def __eq__(self, other):
        return self._all("__eq__", other)

    __hash__ = None


def _written_figures(entry) -> int | None:
    """The fewest significant figures among the entries typed as decimals that are not whole numbers
    (0.58 has 2, 0.5625 has 4, −0.80 has 2): as the parser read them off the text, trailing zeros
    counted, else (a YAML float, whose zeros are gone) off their exact values; None when there are none."""
    count = len(flatten(entry.value))
    typed = flatten(entry.typed) if isinstance(entry.typed, tuple) else [bool(entry.typed)] * count
    written = flatten(entry.figures) if isinstance(entry.figures, tuple) else [entry.figures] * count
    fewest = None
    for x, is_decimal, figures in zip(flatten(entry.value), typed, written):
        if not is_decimal or not getattr(x, "is_Rational", False) or x.is_Integer:
            continue  # a whole number typed as 2.0 says nothing of the figures of the others
        digits = figures or _significant_digits(abs(x))
        if digits is not None:
            fewest = digits if fewest is None else min(fewest, digits)
    return fewest


def _significant_digits(x: sp.Rational, limit: int = 60) -> int | None:
    """The significant digits of a terminating decimal (37.5 → 3, 0.0040 → 1), None beyond ``limit``."""
    for k in range(limit + 1):
        scaled = x * 10**k
        if scaled.is_Integer:
            return len(str(int(scaled)).rstrip("0")) or 1
    return None


MIN_FIGURES = 2  # a decimal right to fewer figures than this (and than asked less one) is wrong, not imprecise
MAX_COMPOUNDS = 200  # pairs of mistakes tried for one problem (each is one variant of the solver)


@dataclass(frozen=True)
class Named:
    name: str
    sentence: str
    judgement: Any
    earlier: tuple[str, ...]  # earlier keys the student answered with this mistake made (follow-through)


class _Amended:
    """A solution whose answers are replaced (by a mistake's), for applying a second mistake on top."""

    def __init__(self, solution, answers):
        self._solution, self.answers = solution, answers

    def __getattr__(self, name):
        return getattr(self._solution, name)


def dependencies(keys: tuple[str, ...], tables) -> dict[str, frozenset[str]]:
    """The earlier keys each key depends on (transitively), in the recipe order ``keys``: what a
    follow-through recomputes a key from, and the first key a named mistake changes for the rest."""
    order = {k: i for i, k in enumerate(keys)}
    direct: dict[str, set[str]] = {k: set() for k in keys}
    for follow in getattr(tables, "FOLLOW_THROUGH", ()):
        for later in follow.gives:
            direct.setdefault(later, set()).update(n for n in follow.needs if order.get(n, -1) < order.get(later, -1))
    for mistake in getattr(tables, "MISTAKES", ()):
        inside = sorted((k for k in mistake.keys if k in order), key=order.get)
        for later in inside[1:]:
            direct[later].add(inside[0])
    closed: dict[str, frozenset[str]] = {}
    for k in sorted(direct, key=lambda k: order.get(k, len(order))):
        closed[k] = frozenset(direct[k]).union(*(closed.get(n, frozenset()) for n in direct[k]))
    return closed


def _defined(answers) -> dict:
    """The answers without a key that has no value for them (a fraction of a total that is 0, v/√η
    for η = 0): such a key is not derived, nor offered as a mistake."""
    return {k: v for k, v in dict(answers).items() if not any(_undefined(x) for x in flatten(nested(v)))}


def _undefined(x) -> bool:
    return isinstance(x, sp.Basic) and x.has(sp.nan, sp.zoo, sp.oo, sp.S.NegativeInfinity)


def _yours(needs) -> str:
    return " and ".join(_NAMES.get(n, n.replace("_", " ")) for n in needs)
