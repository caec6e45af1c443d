"""Every step's data is its kind's payload: a frozen dataclass declared for that kind, frozen all the way down.

The sweep solves every bundled problem and generated problems of every topic, the example plugin's
included, so a payload class that a recipe stopped using, or a kind that two classes claim, shows here.
"""

from __future__ import annotations

import dataclasses

import pytest
import sympy as sp

from tutor import solve, topics
from tutor.generators import DIFFICULTIES, draw_solved
from tutor.recipes.kernel_matrix import DotKernelData
from tutor.steps import NO_DATA, NoData, Step, StepData

from .conftest import PROBLEMS, ROOT
from .test_plugin import fake_entry_points  # noqa: F401  (a fixture: the plugin topic trace-det)

PLUGIN_PROBLEM = ROOT / "examples" / "plugin-topic" / "tutor_trace_det" / "problems" / "example.yaml"
SEEDS = range(1, 4)

# Kinds that share a payload class, and why: the linear kernel is the polynomial one with p = 1 and
# c = 0, built by the same code with the same values, and only its template writes it differently.
# (A kind used by two steps, such as dfs_edges for the forward and the backward edges, is one kind.)
SHARED = {DotKernelData: {"kernel_linear", "kernel_polynomial"}}


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _declared() -> dict[str, type[StepData]]:
    """kind -> the payload class that declares it, over tutor's classes and the plugin's."""
    declared = {}
    for cls in _subclasses(StepData):
        if cls is NoData or not cls.__module__.startswith(("tutor.", "tutor_trace_det")):
            continue
        assert cls.kinds, f"{cls.__qualname__} declares no kind"
        for kind in cls.kinds:
            assert kind not in declared, f"kind {kind} is declared by {declared[kind].__qualname__} and {cls.__qualname__}"
            declared[kind] = cls
    return declared


def _frozen_all_the_way_down(value, where: str) -> None:
    # SymPy's immutable matrices are Basic objects; its mutable ones are not.
    if isinstance(value, (list, dict, set, bytearray)) or isinstance(value, sp.MatrixBase) and not isinstance(value, sp.Basic):
        raise AssertionError(f"{where} is a mutable {type(value).__name__}")
    if dataclasses.is_dataclass(value):
        assert type(value).__dataclass_params__.frozen, f"{where} is a {type(value).__name__}, not frozen"
        for f in dataclasses.fields(value):
            _frozen_all_the_way_down(getattr(value, f.name), f"{where}.{f.name}")
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            _frozen_all_the_way_down(item, f"{where}[{i}]")
    else:
        assert value is None or isinstance(value, (sp.Basic, int, str)), f"{where} is a {type(value).__name__}"


def _solutions():
    for path in sorted(PROBLEMS.glob("*/*.yaml")):
        yield path.relative_to(PROBLEMS).as_posix(), solve(str(path))
    yield "trace-det/example", solve(str(PLUGIN_PROBLEM))
    for topic in topics.names():
        for difficulty in DIFFICULTIES:
            for seed in SEEDS:
                drawn = draw_solved(topic, difficulty, seed)
                if drawn is not None:
                    yield f"{topic} {difficulty} seed {seed}", drawn[2]


def test_every_step_carries_the_frozen_payload_declared_for_its_kind(fake_entry_points):  # noqa: F811
    seen: dict[str, set[type]] = {}
    count = 0
    for name, solution in _solutions():
        declared = _declared()  # after each solve: the topic's recipe module is imported by then
        for step in solution.steps:
            where = f"{name}: step {step.key} ({step.kind})"
            expected = declared.get(step.kind, NoData)  # a kind no class declares carries nothing
            assert type(step.data) is expected, f"{where} carries {type(step.data).__name__}, not {expected.__name__}"
            cls = type(step.data)
            assert "__dataclass_params__" in vars(cls) and cls.__dataclass_params__.frozen, where
            _frozen_all_the_way_down(step.data, where)
            hash(step.data)  # frozen all the way down, so hashable
            if dataclasses.fields(step.data):
                with pytest.raises(dataclasses.FrozenInstanceError):
                    setattr(step.data, dataclasses.fields(step.data)[0].name, None)
            seen.setdefault(step.kind, set()).add(cls)
            count += 1
    assert count > 1000 and "trace-det" in topics.names()

    declared = _declared()
    # Every declared kind turns up (no payload class outlives its step), and two kinds share a class
    # only where SHARED says why.
    assert set(declared) <= set(seen), f"declared but never built: {sorted(set(declared) - set(seen))}"
    by_class: dict[type, set[str]] = {}
    for kind, classes in seen.items():
        assert len(classes) == 1, (kind, classes)
        by_class.setdefault(next(iter(classes)), set()).add(kind)
    by_class.pop(NoData)
    assert {cls: kinds for cls, kinds in by_class.items() if len(kinds) > 1} == SHARED
    assert set(DotKernelData.kinds) == SHARED[DotKernelData]


def test_the_plugin_declares_its_own_payload_classes(fake_entry_points):  # noqa: F811
    solution = solve(str(PLUGIN_PROBLEM))
    data = solution.step("determinant").data
    assert type(data).__module__ == "tutor_trace_det" and type(data).kinds == ("td_determinant",)
    assert (data.trace, data.trace_of_square) == (7, 29)


@dataclasses.dataclass(frozen=True)
class _OnlyForThisTest(StepData, kind="payload_test_kind"):
    value: int


def test_a_step_refuses_a_mapping_or_another_kinds_payload():
    # A dict, or a payload declared for another kind, would fail only when a template read a field.
    with pytest.raises(TypeError, match="needs its kind's StepData payload, got dict"):
        Step("k", "payload_test_kind", "Title", "", data={"value": 1})
    with pytest.raises(TypeError, match="got _OnlyForThisTest"):
        Step("k", "gram", "Title", "", data=_OnlyForThisTest(1))
    assert Step("k", "payload_test_kind", "Title", "", data=_OnlyForThisTest(1)).data.value == 1
    assert Step("k", "any_kind", "Title", "").data is NO_DATA  # a step with nothing to show
