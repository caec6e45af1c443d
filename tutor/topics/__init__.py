"""The problem types, found rather than listed. Each topic is one package, imported only when used.

Built-in topics are the subpackages of this package: the folder kernel_pca/ is the topic
``kernel-pca`` (its NAME says the same; a test holds them to it), so finding them reads a folder
and imports nothing. Topics of other installed packages are found through the entry-point group
``tutor.topics`` (name = the topic's name, value = its package); entry points are looked up only
when a name is not built in or when every topic is listed, since that look-up costs startup time.

A topic package provides:
  NAME                 its name in problem files
  SUMMARY              one line for `tutor topics`
  ANSWER_KEYS          answer key -> what the student gives, in order
  FIELDS               the problem-file fields it accepts
  parse(raw) -> Problem        validate a YAML mapping into a frozen record
  solve(problem) -> Solution   the worked solution, steps as data
  problem_data(problem) -> dict   the problem as plain data (for JSON)
and, as modules of the package, ``generator`` (make/nice, for `tutor generate`) and optionally
``checking`` (RULES, MISTAKES, FOLLOW_THROUGH). Its templates are templates/<name>/ (built in)
or the package's own templates/ folder (plugin): steps/<kind>.j2 and problem.j2.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType

from ..errors import ProblemError

ENTRY_POINT_GROUP = "tutor.topics"
_NOT_TOPICS = {"inputs"}  # modules of this package that are helpers, not topics


@cache
def _builtin() -> dict[str, str]:
    """Built-in topic name -> its module, in folder order."""
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.ispkg and info.name not in _NOT_TOPICS:
            found[info.name.replace("_", "-")] = f"{__name__}.{info.name}"
    return found


@cache
def _plugins() -> dict[str, str]:
    """Plugin topic name -> its package, from the installed entry points (a built-in name wins)."""
    from importlib.metadata import entry_points

    return {ep.name: ep.module for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name not in _builtin()}


def builtin_names() -> list[str]:
    return list(_builtin())


def names() -> list[str]:
    """Every topic: the built-in ones, then those of installed plugins."""
    return [*_builtin(), *sorted(_plugins())]


def summary(name: str) -> str:
    """A topic's SUMMARY, read from its source without importing it: `tutor topics` lists every
    topic, and importing them all would import SymPy (ten times its start-up). Imported only
    when SUMMARY is not a plain string in the package's __init__.py."""
    import ast
    import importlib.util

    module_name = _module_name(name)
    spec = importlib.util.find_spec(module_name) if module_name else None
    if spec is not None and spec.origin and spec.origin.endswith(".py"):
        for node in ast.parse(Path(spec.origin).read_bytes()).body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "SUMMARY"
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
                return node.value.value
    return get(name).SUMMARY


def _module_name(name: str) -> str | None:
    if name in _builtin():
        return _builtin()[name]
    return _plugins().get(name)


def get(name: object) -> ModuleType:
    module_name = _module_name(name) if isinstance(name, str) else None
    if module_name is None:
        import difflib

        hint = difflib.get_close_matches(name, names(), n=1) if isinstance(name, str) and len(name) < 100 else []
        also = f"did you mean {hint[0]!r}? " if hint else ""
        raise ProblemError(f"unknown topic {name!r} ({also}known: {', '.join(names())})", field="topic")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        if is_builtin(name):
            raise
        # An installed plugin that cannot load is the installation's problem, not a bug of tutor.
        raise ProblemError(f"the package {module_name} of the installed topic {name!r} cannot be imported "
                           f"({err}); reinstall it or uninstall it", field="topic") from None
    if getattr(module, "NAME", None) != name:
        raise ProblemError(f"topic package {module_name} does not declare NAME = {name!r}", field="topic")
    return module


def is_builtin(name: str) -> bool:
    return name in _builtin()


def template_dir(name: str) -> Path | None:
    """The templates folder a plugin topic ships in its own package; None for a built-in topic
    (its templates are templates/<name>/ of tutor) or a name that is no topic."""
    if name in _builtin() or name not in _plugins():
        return None
    return Path(get(name).__file__).resolve().parent / "templates"
