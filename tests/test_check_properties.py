"""Properties of the diagnosis on random kernel-pca and pca problems (issue 19's "Done when").

A "student" makes one named mistake at some step and works correctly from there: the mistake is
named at that step only, and every later key earns credit. A student with two mistakes at different
steps has both named. A key whose earlier keys are all answered right never names a mistake that
would have changed them.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor import generators
from tutor.checking.answers import Given, Submission
from tutor.checking.grade import CREDITED, Checker
from tutor.checking.rules import nested
from tutor.checking.tables import tables

PROBLEMS = [(topic, difficulty, seed) for topic in ("kernel-pca", "pca") for difficulty in ("easy", "medium")
            for seed in range(1, 6)]
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=None)
def checker(index: int) -> Checker:
    topic, difficulty, seed = PROBLEMS[index]
    _, loaded, solution = generators.draw_solved(topic, difficulty, seed)
    return Checker(loaded, solution=solution)


@lru_cache(maxsize=None)
def compounds(index: int) -> list:
    """The pairs of mistakes at different steps whose second one applies to the first one's answers."""
    c = checker(index)
    return [(a, b) for a in mistakes(c) for b in mistakes(c)
            if c._origin(a) < c._origin(b) < len(c.keys) and c._variant(a) and c._compound(a, b)]


def mistakes(c: Checker):
    return tuple(getattr(tables(c.topic), "MISTAKES", ()))


def submit(c: Checker, answers: dict):
    entries = {k: Given(nested(v), False, None) for k, v in answers.items() if k in c.expected}
    return c.check(Submission("student", entries))


def first_wrong(report):
    return next((r for r in report.results if r.verdict not in ("correct", "decimal")), None)


problems = st.integers(0, len(PROBLEMS) - 1)


def _drawn_mistake(c, data):
    """A named mistake of the problem, drawn, and the answers it gives (a mistake that gives none is skipped)."""
    mistake = data.draw(st.sampled_from(mistakes(c)))
    variant = c._variant(mistake)
    assume(variant)
    return mistake, variant


@SETTINGS
@given(problems, st.data())
def test_one_mistake_is_named_at_its_step_and_later_work_earns_follow_through(index, data):
    c = checker(index)
    mistake, variant = _drawn_mistake(c, data)
    report = submit(c, {**c.expected, **variant})
    made = first_wrong(report)
    assume(made is not None)  # the mistake changes nothing in this problem
    assert made.verdict == "mistake", (mistake.name, made)
    # Another mistake may give the same value at that step: then either name is right.
    same = [m.name for m in mistakes(c) if c._variant(m) and made.key in c._variant(m)
            and c._matches_variant((m,), c._variant(m), made.key, Given(nested(variant[made.key]), False, None))]
    assert made.mistake in same and mistake.name in same
    later = report.results[report.results.index(made) + 1:]
    assert all(r.verdict in CREDITED for r in later), [(r.key, r.verdict, r.message) for r in later
                                                       if r.verdict not in CREDITED]


@SETTINGS
@given(problems, st.data())
def test_two_mistakes_at_different_steps_are_both_named(index, data):
    c = checker(index)
    assume(compounds(index))
    first, second = data.draw(st.sampled_from(compounds(index)))
    compound = c._compound(first, second)
    report = submit(c, {**c.expected, **compound})
    at_first, at_second = (report.result(c.keys[c._origin(m)]) for m in (first, second))
    assume(at_first.verdict not in ("correct", "decimal") and at_second.verdict not in ("correct", "decimal"))
    # Each mistake is charged where it is made (by its name, or by another name for the same value:
    # not centred, then scatter eigenvalues, are the raw scatter eigenvalues); the second one's value
    # may also be what follows from the first one's answer (the mean of row sums is the sum over n),
    # and then it earns follow-through.
    assert at_first.verdict == "mistake", at_first
    assert first.name in at_first.mistake.split("+") or _same_value(c, at_first), at_first
    assert at_second.verdict in ("mistake", "follow-through"), at_second
    # Every key that is not credited names a mistake: none is left a bare "wrong".
    wrong = [(r.key, r.verdict, r.message) for r in report.results if r.verdict not in CREDITED]
    assert all(verdict == "mistake" for _, verdict, _ in wrong), wrong


def _same_value(c, result) -> bool:
    """Whether the mistake named in ``result`` gives the answer's value there."""
    return all(c._matches_variant((m,), c._variant(m), result.key, Given(result.given, False, None))
               for m in mistakes(c) if m.name in result.mistake.split("+"))


@SETTINGS
@given(problems, st.data())
def test_a_key_whose_earlier_keys_are_right_names_no_earlier_mistake(index, data):
    c = checker(index)
    mistake, variant = _drawn_mistake(c, data)
    key = data.draw(st.sampled_from(sorted(k for k in variant if k in c.expected)))
    earlier = {k: c.expected[k] for k in c.ancestors[key] if k in c.expected}
    result = submit(c, {**earlier, key: variant[key]}).result(key)
    if result.verdict != "mistake":
        return
    by_name = {m.name: m for m in mistakes(c)}
    for name in result.mistake.split("+"):
        named = by_name[name]
        changed = c._variant(named) or {}
        for k, v in earlier.items():
            if k in changed:  # the named mistake leaves every earlier answer as it is
                assert c._matches_variant((named,), changed, k, Given(nested(v), False, None)), (name, k)
