"""Load a problem file (YAML, read with PyYAML's safe loader, its unquoted numbers as typed: see _AsWritten)
into a topic's frozen Problem."""

from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from . import question, topics
from .checking.settings import CheckSettings, parse_settings
from .errors import ProblemError, TutorError
from .escaping import shorten
from .resources import bundled_problem, close_bundled

MAX_FILE_BYTES = 1_000_000


@dataclass(frozen=True)
class Loaded:
    """A validated problem with its topic module and where it came from."""

    source: str
    topic: ModuleType
    problem: Any
    check: CheckSettings = CheckSettings()  # the file's `check:` section (and its marks), for `tutor check`
    exam: question.Exam = question.Exam()  # the file's statement, parts and marks


def read_text(path: str, *, bundled: bool = True, follow_symlinks: bool = True) -> tuple[str, str]:
    """The text of a file (or of stdin for '-'), and the name to use in messages.

    A path that does not exist but names a bundled problem, such as
    ``kernel-pca/example3``, reads that problem (unless ``bundled`` is False).
    Only a regular file is read: a FIFO or a device could block forever or never end. Without
    ``follow_symlinks`` (a student's file in a class batch) a symbolic link is refused unread, so
    that a submission cannot make the grader read, and echo, a file of the grader's.
    """
    if path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            raise ProblemError("no standard input to read", file="<stdin>")
        try:
            data = stdin.read(MAX_FILE_BYTES + 1)
        except OSError as err:
            raise ProblemError(f"cannot read: {err.strerror or err}", file="<stdin>") from None
        return _decode(data, "<stdin>"), "<stdin>"
    try:
        info = os.stat(path, follow_symlinks=follow_symlinks)
    except FileNotFoundError:
        try:
            found = bundled_problem(path) if bundled else None
        except (OSError, RuntimeError):  # a symlink loop on the way: not one of ours
            found = None
        if found is None:
            hint = close_bundled(path) if bundled else None
            also = f" (did you mean the bundled problem {hint!r}?)" if hint else ""
            raise ProblemError(f"no such file{also}", file=path) from None
        path, shown = str(found), path
        info = os.stat(path)
    except (OSError, ValueError) as err:  # a symlink loop, a name too long, a NUL in the name
        raise ProblemError(f"cannot read: {getattr(err, 'strerror', None) or err}", file=path) from None
    else:
        shown = path
    _regular(info, shown)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: a FIFO put in its place since the stat cannot hang us
        with os.fdopen(fd, "rb") as fh:
            _regular(os.fstat(fd), shown)
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ProblemError(f"cannot read: {err.strerror or err}", file=shown) from None
    return _decode(data, shown), shown


def _regular(info: os.stat_result, shown: str) -> None:
    if stat.S_ISLNK(info.st_mode):
        raise ProblemError("is a symbolic link, not a regular file: not read", file=shown)
    if stat.S_ISDIR(info.st_mode):
        raise ProblemError("is a directory, not a problem file", file=shown)
    if not stat.S_ISREG(info.st_mode):
        raise ProblemError("is not a regular file (a pipe, a device or a socket): not read", file=shown)


def _decode(data: bytes, shown: str) -> str:
    if len(data) > MAX_FILE_BYTES:
        raise ProblemError(f"larger than {MAX_FILE_BYTES} bytes", file=shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ProblemError(f"is not UTF-8 text (byte {err.start + 1})", file=shown) from None


# libyaml's parser where PyYAML was built with it (every wheel on PyPI is): the same documents in a
# tenth of the time. Its composer recurses in C, with no depth limit of its own, and the pure-Python
# one composes a megabyte of small lists in ten seconds before anything can count them. So the events
# are scanned first (a parser is a loop, not a recursion, in both): nesting and the number of values
# are known before any node is built, and only a document within both bounds is composed.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader

# An unquoted decimal such as -0.80 is a float to YAML: its trailing zero is gone, and past 17 digits so is
# its value (0.12345678901234567890 becomes 0.12345678901234568). A problem file's numbers are read as
# written instead, the text going to the whitelist parser as if quoted; an integer with a leading zero is
# octal to YAML 1.1 (017 is 15), so it too is kept as text (and read as 17). Other forms (.inf, 1_000.5,
# 0x1F, 1:30) keep YAML's reading, and the parser's refusal of anything it is not.
_DECIMAL_TEXT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_OCTAL_TEXT = re.compile(r"[-+]?0[0-9]+")


class Typed(str):
    """An unquoted number as typed: text to the whitelist parser, and shown unquoted in a message
    ("got 1.5", as the file has it, not "got '1.5'")."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


class _AsWritten(_FAST_LOADER):
    """The safe loader, with unquoted decimals (and 0-led integers) kept as the text typed."""


def _float_as_written(loader, node):
    if _DECIMAL_TEXT.fullmatch(node.value):
        return Typed(node.value)
    return loader.construct_yaml_float(node)


def _int_as_written(loader, node):
    if _OCTAL_TEXT.fullmatch(node.value):
        return Typed(node.value)
    return loader.construct_yaml_int(node)


_AsWritten.add_constructor("tag:yaml.org,2002:float", _float_as_written)
_AsWritten.add_constructor("tag:yaml.org,2002:int", _int_as_written)

# Bounds on the document as the program sees it, aliases expanded: a few hundred bytes of anchors and
# aliases ("billion laughs") describe a billion values. The largest real files (an answers file with
# several 8×8 matrices) have a few hundred values and nest four deep.
MAX_VALUES = 20_000
MAX_NESTING = 48
MAX_NUMBER_CHARS = 100  # an int or float scalar: Python refuses to read ints over 4,300 digits anyway
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)


def _scan(loader) -> None:
    """Refuse, from the parser's events alone, a document nested too deeply or with too many values
    as written (aliases are counted once here; _measure counts them expanded), naming the top-level field."""
    depth = values = 0
    top = ""  # the top-level key being read, for the message
    expect_key = False  # at depth 1 of a mapping: the next scalar is a key
    for event in iter(loader.get_event, None):
        if isinstance(event, yaml.StreamEndEvent):
            return
        if isinstance(event, _NODE_EVENTS):
            values += 1
            if values > MAX_VALUES:
                raise ProblemError(f"more than {MAX_VALUES} values", field=top or None)
            if depth == 1:
                if expect_key and isinstance(event, yaml.ScalarEvent):
                    top = shorten(str(event.value))
                expect_key = not expect_key
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth == 1:
                expect_key = isinstance(event, yaml.MappingStartEvent)
            if depth > MAX_NESTING:
                line = f"line {event.start_mark.line + 1}: " if event.start_mark is not None else ""
                raise ProblemError(f"{line}invalid YAML: nested too deeply (more than {MAX_NESTING} levels)",
                                   field=top or None)
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1


def parse_yaml(text: str, source: str, *, what: str = "must be a YAML mapping with a topic field",
               as_written: bool = False) -> dict:
    """The mapping of a YAML document, bounded (see _scan and _measure); with ``as_written`` (a problem
    file) its unquoted decimals are the strings typed (see _AsWritten)."""
    try:
        scanner = _FAST_LOADER(text)
        try:
            _scan(scanner)
        finally:
            scanner.dispose()
    except yaml.YAMLError as err:
        raise ProblemError(_yaml_message(err), file=source) from None
    except TutorError as err:
        raise err.located(file=source) from None
    # nested at most MAX_NESTING deep: libyaml's composer recurses that far at most
    loader = (_AsWritten if as_written else _FAST_LOADER)(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _measure(node, loader)
        raw = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as err:
        raise ProblemError(_yaml_message(err), file=source) from None
    except RecursionError:
        raise ProblemError("invalid YAML: nested too deeply", file=source) from None
    except TutorError as err:
        raise err.located(file=source) from None
    except ValueError as err:  # a scalar PyYAML cannot build: the date 2001-13-45, an integer of 5000 digits
        what = "an integer too long to read" if "integer string conversion" in str(err) else str(err)
        raise ProblemError(f"invalid YAML: {what}", file=source) from None
    finally:
        loader.dispose()
    if not isinstance(raw, dict):
        raise ProblemError(what, file=source)
    return raw


# A string, or one never closed running to the end: possessive, so that no "\"\"\"… makes it backtrack
# (and, failing nowhere, no start is tried twice).
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def parse_json(text: str, source: str, *, what: str = "must be a JSON object") -> dict:
    """A JSON object read as a YAML document is (parse_yaml): nested at most MAX_NESTING deep, numbers
    finite and of at most MAX_NUMBER_CHARS characters, anything else one error naming the file.

    Python's json reads NaN, Infinity and 1e999 as floats that are no numbers, and recurses once per
    bracket: the depth is counted first, outside strings, with two regular expressions."""
    depth = 0
    for m in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        depth += 1 if m.group() in "[{" else -1
        if depth > MAX_NESTING:
            raise ProblemError(f"invalid JSON: nested too deeply (more than {MAX_NESTING} levels)", file=source)

    def number(kind):
        def read(literal: str):
            if len(literal) > MAX_NUMBER_CHARS:
                raise ValueError(f"a number of {len(literal)} characters is too long (at most {MAX_NUMBER_CHARS})")
            value = kind(literal)
            if not math.isfinite(value):
                raise ValueError(f"{literal} is too large to be a number")
            return value
        return read

    def constant(name: str):
        raise ValueError(f"{name} is not a number")

    def unique(pairs: list) -> dict:
        out = dict(pairs)
        if len(out) < len(pairs):  # json keeps the last of two, silently
            seen = set()
            twice = next(k for k, _ in pairs if k in seen or seen.add(k))
            raise ValueError(f"the key {shorten(twice)!r} appears twice in one object")
        return out

    try:
        raw = json.loads(text.removeprefix("\ufeff"), parse_int=number(int), parse_float=number(float),
                         parse_constant=constant, object_pairs_hook=unique)
    except json.JSONDecodeError as err:
        raise ProblemError(f"line {err.lineno}: invalid JSON: {shorten(err.msg, 120)}", file=source) from None
    except (ValueError, RecursionError) as err:  # from the hooks above
        why = "nested too deeply" if isinstance(err, RecursionError) else shorten(str(err), 120)
        raise ProblemError(f"invalid JSON: {why}", file=source) from None
    if not isinstance(raw, dict):
        raise ProblemError(what, file=source)
    return raw


def _yaml_message(err: yaml.YAMLError) -> str:
    if isinstance(err, yaml.reader.ReaderError):
        character = err.character if isinstance(err.character, int) else ord(err.character[:1] or "\0")
        return f"invalid YAML: character {err.position + 1} (U+{character:04X}): {err.reason}"
    mark = getattr(err, "problem_mark", None)
    where = f"line {mark.line + 1}: " if mark is not None else ""
    problem = getattr(err, "problem", None) or "invalid YAML"
    if "maximum nesting depth" in problem:  # libyaml's own limit (1,000), met before _scan's
        problem = f"nested too deeply (more than {MAX_NESTING} levels)"
    hint = ""
    if "unknown escape character" in problem:  # "\sqrt{2}" in double quotes
        hint = ("; in double quotes a backslash starts an escape: write LaTeX in single quotes, "
                "such as '\\sqrt{2}', or without quotes")
    return f"{where}invalid YAML: {shorten(problem, 120)}{hint}"


_OPEN = object()  # a node whose children are still being measured


def _measure(root: yaml.Node, loader) -> None:
    """Refuse a document too large or too deep once aliases are expanded, or one with a value YAML
    cannot build (``!!int abc``, the date 2001-13-45, a 5,000-digit integer), naming the field.

    One pass over the node graph, each node once (an alias is the same node object again): a node
    counts its children's expanded sizes, so the billion laughs cost their few dozen nodes."""
    sizes: dict[int, object] = {}  # id(node) -> (values, depth) once measured
    stack: list[tuple[yaml.Node, str, bool]] = [(root, "", False)]
    while stack:
        node, where, done = stack.pop()
        key = id(node)
        children = _children(node, where)
        if done:
            measured = [sizes[id(child)] for child, _ in children]
            values = 1 + sum(v for v, _ in measured)
            depth = 1 + max((d for _, d in measured), default=0)
            if values > MAX_VALUES:
                raise ProblemError(f"more than {MAX_VALUES} values once YAML aliases are expanded",
                                   field=where or None)
            if depth > MAX_NESTING:
                raise ProblemError(f"invalid YAML: nested too deeply (more than {MAX_NESTING} levels)",
                                   field=where or None)
            sizes[key] = (values, depth)
            if isinstance(node, yaml.MappingNode):
                _no_key_twice(node, loader, where)
            continue
        if key in sizes:
            if sizes[key] is _OPEN:
                raise ProblemError("invalid YAML: an alias refers to a list or mapping that contains it",
                                   field=where or None)
            continue
        sizes[key] = _OPEN
        if len(sizes) > MAX_VALUES:  # so many distinct values: no need to finish counting
            raise ProblemError(f"more than {MAX_VALUES} values", field=re.split(r"[.\[]", where)[0] or None)
        if isinstance(node, yaml.ScalarNode):
            _check_scalar(node, loader, where)
        stack.append((node, where, True))
        stack.extend((child, path, False) for child, path in reversed(children))  # in document order


def _children(node: yaml.Node, where: str) -> list[tuple[yaml.Node, str]]:
    """A node's children, each with its place in the document as fields are named (points[2][1])."""
    if isinstance(node, yaml.SequenceNode):
        return [(child, f"{where}[{i}]") for i, child in enumerate(node.value, start=1)]
    if isinstance(node, yaml.MappingNode):
        out = []
        for k, v in node.value:
            name = shorten(str(k.value)) if isinstance(k, yaml.ScalarNode) else "?"
            out += [(k, where), (v, f"{where}.{name}" if where else name)]
        return out
    return []


def _no_key_twice(node: yaml.MappingNode, loader, where: str) -> None:
    """Refuse a key written twice in one mapping: YAML would keep the second silently (two `points:`
    in a problem file, the first one the lecturer is looking at)."""
    first: dict = {}
    for k, _ in node.value:
        if not isinstance(k, yaml.ScalarNode):
            continue  # a list or mapping as a key: PyYAML's own error follows
        value = loader.construct_object(k)  # built already by _check_scalar: this only looks it up
        line = k.start_mark.line + 1 if k.start_mark is not None else None
        try:
            seen = value in first
        except TypeError:  # unhashable: PyYAML's own error follows
            continue
        if seen:
            also = f" (first on line {first[value]})" if first[value] else ""
            raise ProblemError(f"line {line}: the key {shorten(str(k.value))!r} appears twice in one mapping{also}",
                               field=where or None)
        first[value] = line


# YAML's escapes in double quotes that begin LaTeX commands: "\frac" is a form feed and "rac".
_ESCAPES = {"\a": ("a", "a bell"), "\b": ("b", "a backspace"), "\t": ("t", "a tab"),
            "\v": ("v", "a vertical tab"), "\f": ("f", "a form feed"), "\r": ("r", "a carriage return"),
            "\x1b": ("e", "an escape character"), "\n": ("n", "a line break")}
# The LaTeX commands those escapes begin (so that "a\rb", a title with a control character, is not one).
_LATEX = {"alpha", "approx", "ast", "angle", "arccos", "arcsin", "arctan", "beta", "bar", "binom", "begin", "big",
          "bigl", "bigr", "boldsymbol", "bf", "bmatrix", "bullet", "theta", "tau", "times", "text", "textstyle",
          "tilde", "top", "to", "tfrac", "tan", "tanh", "tr", "vec", "varepsilon", "varphi", "vartheta", "vee",
          "vert", "vdots", "frac", "rho", "right", "rangle", "rightarrow", "rm", "eta", "epsilon", "exp", "ell",
          "end", "equiv", "nu", "nabla", "neq", "ne", "norm", "not", "neg"}
_ESCAPED_LATEX = re.compile("([\a\b\t\v\f\r\x1b\n])([A-Za-z]+)")


def _latex_in_double_quotes(node: yaml.ScalarNode, where: str) -> None:
    r"""Refuse LaTeX that YAML read in double quotes ("\frac{8}{9}": a form feed, then "rac{8}{9}"),
    saying how to write it: the error it would cause later ("unknown name 'rac'") does not."""
    if node.style != '"' or not isinstance(node.value, str):
        return
    for m in _ESCAPED_LATEX.finditer(node.value):
        letter, name = _ESCAPES[m.group(1)]
        if letter + m.group(2) not in _LATEX:
            continue  # a control character that is meant, or no command: "first line\nsecond"
        meant = "".join("\\" + _ESCAPES[c][0] if c in _ESCAPES else c for c in node.value)
        line = f"line {node.start_mark.line + 1}: " if node.start_mark is not None else ""
        quoted = "'" + shorten(meant) + "'"
        raise ProblemError(f'{line}YAML reads "\\{letter}{m.group(2)}" in double quotes as {name} followed by '
                           f'"{m.group(2)}": write LaTeX in single quotes, {quoted}, or without quotes',
                           field=where or None)


def _check_scalar(node: yaml.ScalarNode, loader, where: str) -> None:
    """Build a scalar now, so that a value YAML cannot read is an error naming its field."""
    _latex_in_double_quotes(node, where)
    if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:
        raise ProblemError(f"a number of {len(node.value)} characters is too long (at most {MAX_NUMBER_CHARS})",
                           field=where or None)
    try:
        loader.construct_object(node)  # kept by the loader for construct_document
    except Exception as err:  # PyYAML's constructors raise ValueError, AttributeError, KeyError, ...
        if isinstance(err, yaml.YAMLError):
            why = f": {err.problem}" if getattr(err, "problem", None) else ""
        else:  # "month must be in 1..12" says something; "'NoneType' object has no attribute" does not
            why = f": {err}" if isinstance(err, ValueError) and str(err) else ""
        tag = str(node.tag).removeprefix("tag:yaml.org,2002:")
        line = f"line {node.start_mark.line + 1}: " if node.start_mark is not None else ""
        raise ProblemError(f"{line}YAML cannot read {shorten(node.value)!r} as {shorten(tag)}{shorten(why, 80)}",
                           field=where or None) from None


def load_problem(path: str) -> Loaded:
    text, source = read_text(path)
    return load_problem_text(text, source)


def load_problem_text(text: str, source: str = "<string>") -> Loaded:
    raw = parse_yaml(text, source, as_written=True)
    try:
        if "topic" not in raw:
            raise ProblemError("is missing (see `tutor topics`)", field="topic")
        topic = topics.get(raw["topic"])
        settings = CheckSettings()
        raw = dict(raw)
        keys = tuple(topic.ANSWER_KEYS)
        if "check" in raw:
            settings = parse_settings(raw.pop("check"), keys)
        exam = question.parse_exam(raw, keys)  # statement, parts, marks: every topic takes them
        if exam.marks:  # a part's marks are its key's weight in `tutor check`
            settings = CheckSettings(settings.sig_figs, question.merge_marks(exam, dict(settings.weights)))
        raw.pop("generated", None)  # written by `tutor generate`: seed, difficulty, version
        problem = topic.parse(raw)
    except TutorError as err:
        raise err.located(file=source) from None
    return Loaded(source, topic, problem, settings, exam)


def faded(loaded, fade: int | None):
    """The loaded problem with line ``fade`` of its derivation hidden (--fade K); unchanged without one."""
    if fade is None:
        return loaded
    import dataclasses

    with_fade = getattr(loaded.topic, "with_fade", None)
    if with_fade is None:
        raise ProblemError("--fade K hides a line of a derivation: this problem is no derivation",
                           file=loaded.source, field="fade")
    try:
        return dataclasses.replace(loaded, problem=with_fade(loaded.problem, fade))
    except ProblemError as err:
        raise err.located(file=loaded.source) from None
