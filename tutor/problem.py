"""Load a problem file (YAML, read with PyYAML's safe loader) into a topic's frozen Problem."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from . import topics
from .checking.settings import CheckSettings, parse_settings
from .errors import ProblemError, TutorError
from .resources import bundled_problem

MAX_FILE_BYTES = 1_000_000


@dataclass(frozen=True)
class Loaded:
    """A validated problem with its topic module and where it came from."""

    source: str
    topic: ModuleType
    problem: Any
    check: CheckSettings = CheckSettings()  # the file's `check:` section, for `tutor check`


def read_text(path: str, *, bundled: bool = True) -> tuple[str, str]:
    """The text of a file (or of stdin for '-'), and the name to use in messages.

    A path that does not exist but names a bundled problem, such as
    ``kernel-pca/example3``, reads that problem (unless ``bundled`` is False).
    """
    if path == "-":
        return sys.stdin.read(MAX_FILE_BYTES + 1), "<stdin>"
    p = Path(path)
    if not p.exists():
        found = bundled_problem(path) if bundled else None
        if found is None:
            raise ProblemError("no such file", file=path)
        p = found
    if p.is_dir():
        raise ProblemError("is a directory, not a problem file", file=path)
    try:
        with p.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ProblemError(f"cannot read: {err.strerror}", file=path) from None
    if len(data) > MAX_FILE_BYTES:
        raise ProblemError(f"larger than {MAX_FILE_BYTES} bytes", file=path)
    try:
        return data.decode("utf-8"), path
    except UnicodeDecodeError:
        raise ProblemError("is not UTF-8 text", file=path) from None


# libyaml's parser where PyYAML was built with it (every wheel on PyPI is): the same documents in a
# tenth of the time. Its composer recurses in C, with no depth limit: tens of thousands of nested
# brackets crash the process. So it only reads text that cannot nest deeply; anything else goes to
# the pure-Python loader, which stops at Python's recursion limit.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)
_FAST_MAX_DEPTH = 64
_INDENT = re.compile(r"^[ \t]*", re.MULTILINE)


def _loader_for(text: str):
    # Every level of nesting opens with a bracket, a brace, a dash, a question mark or more indentation.
    depth = sum(text.count(c) for c in "[{-?") + max(len(m) for m in _INDENT.findall(text))
    return _FAST_LOADER if _FAST_LOADER is not None and depth <= _FAST_MAX_DEPTH else yaml.SafeLoader


def parse_yaml(text: str, source: str, *, what: str = "must be a YAML mapping with a topic field") -> dict:
    try:
        raw = yaml.load(text, Loader=_loader_for(text))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or "invalid YAML"
        raise ProblemError(f"{where}invalid YAML: {problem}", file=source) from None
    except RecursionError:
        raise ProblemError("invalid YAML: nested too deeply", file=source) from None
    except ValueError as err:  # a scalar PyYAML cannot build: the date 2001-13-45, an integer of 5000 digits
        what = "an integer too long to read" if "integer string conversion" in str(err) else str(err)
        raise ProblemError(f"invalid YAML: {what}", file=source) from None
    if not isinstance(raw, dict):
        raise ProblemError(what, file=source)
    return raw


def load_problem(path: str) -> Loaded:
    text, source = read_text(path)
    return load_problem_text(text, source)


def load_problem_text(text: str, source: str = "<string>") -> Loaded:
    raw = parse_yaml(text, source)
    try:
        if "topic" not in raw:
            raise ProblemError("is missing (see `tutor topics`)", field="topic")
        topic = topics.get(raw["topic"])
        settings = CheckSettings()
        raw = dict(raw)
        if "check" in raw:
            settings = parse_settings(raw.pop("check"), tuple(topic.ANSWER_KEYS))
        raw.pop("generated", None)  # written by `tutor generate`: seed, difficulty, version
        problem = topic.parse(raw)
    except TutorError as err:
        raise err.located(file=source) from None
    return Loaded(source, topic, problem, settings)
