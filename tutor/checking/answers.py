"""Reading a student's answers file: YAML keyed by answer keys, every value untrusted.

Each value goes through the whitelist parser. A value that cannot be read is
kept as Unreadable with the reason (and the column), so one bad entry does not
spoil the rest of the file. The file itself must be a mapping of known keys:
anything else makes the whole file unusable (an AnswersError, exit 2).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

import sympy as sp

from ..errors import ParseError, TutorError
from ..escaping import shorten
from ..exact.parser import parse, parse_real, to_exact

MAX_NUMBERS = 400  # numbers in one answer (an 8×8 matrix has 64)
MAX_NESTING = 3  # a list of lists of lists at most

# The names a student may use for the variable of a characteristic polynomial.
POLY_NAMES = ("eta", "η", "lambda", "lamda", "λ", "mu", "μ", "x", "t")  # lamda: SymPy's spelling, as in the JSON


class AnswersError(TutorError):
    """An answers file that cannot be checked at all."""


@dataclass(frozen=True)
class Given:
    """An answer as read: exact values (nested tuples for lists) and whether any had a decimal point."""

    value: Any
    decimal: bool  # whether any entry had a decimal point (so a tolerance applies)
    typed: Any = None  # the same shape as value: True where the entry was written as a decimal
    padded: int = 0  # trailing entries the student left out, read as 0 (grade.py): counts leave them out
    figures: Any = None  # the same shape as value: significant figures as written (parser), None where unknown


@dataclass(frozen=True)
class Unreadable:
    reason: str  # where and why, e.g. "[2][1]: column 4: unexpected ')'"


@dataclass(frozen=True)
class Submission:
    source: str
    entries: Mapping[str, Given | Unreadable]

    def __post_init__(self):
        object.__setattr__(self, "entries", MappingProxyType(dict(self.entries)))

    def given(self, key: str) -> Given | None:
        entry = self.entries.get(key)
        return entry if isinstance(entry, Given) else None


def read_submission(raw: object, source: str, keys: tuple[str, ...], variables: Mapping[str, dict],
                    readers: Mapping[str, Callable[[object], "Given | Unreadable"]] | None = None,
                    unknown: list | None = None) -> Submission:
    """Validate the mapping of an answers file against the answer keys of its problem.

    ``variables`` gives, per key, the symbols its strings may use (a polynomial's variable);
    ``readers``, per key whose answer is no number (a derivation's matrix expression), the rule's
    own reader of the raw value, bounded like the parser. A key that is no answer key is an
    AnswersError, or, given an ``unknown`` list, an AnswersError appended to it and the key skipped
    (an exam question: one misspelt key costs its own part, not the question).
    """
    readers = readers or {}
    if not isinstance(raw, dict):
        raise AnswersError("must be a YAML mapping of answer keys to answers", file=source)
    entries = {}
    for key, value in raw.items():
        if key not in keys:
            hint = difflib.get_close_matches(str(key), keys, n=1)
            also = f"did you mean {hint[0]!r}?" if hint else f"this problem's keys: {', '.join(keys)}"
            refuse(AnswersError(f"not an answer of this problem ({also})", file=source, field=shorten(str(key))),
                   unknown)
            continue
        entries[key] = readers[key](value) if key in readers else read_answer(value, variables.get(key, {}))
    return Submission(source, entries)


def refuse(err: AnswersError, unknown: list | None) -> None:
    """Raise ``err``, or keep it in ``unknown`` when the caller grades the rest without that key."""
    if unknown is None:
        raise err
    unknown.append(err)


def read_answer(raw: object, variables: dict | None = None) -> Given | Unreadable:
    reader = _Reader(variables or {})
    try:
        value, typed, figures = reader.read(raw, 0, "")
    except ParseError as err:
        return Unreadable(err.message)
    return Given(value, reader.decimal, typed, figures=figures)


class _Reader:
    """Reads an answer once: its exact value, where it was written as decimals and to how many
    significant figures (both the same shape; a YAML float's trailing zeros are gone: None)."""

    def __init__(self, variables: dict):
        self.variables = variables
        self.decimal = False
        self.count = 0

    def read(self, raw: object, depth: int, where: str):
        if isinstance(raw, list):
            if depth >= MAX_NESTING:
                raise ParseError(f"{where or 'the answer'}: lists nested too deeply (at most {MAX_NESTING})")
            if not raw:
                raise ParseError(f"{where or 'the answer'}: an empty list")
            pairs = [self.read(v, depth + 1, f"{where}[{i}]") for i, v in enumerate(raw, start=1)]
            return tuple(v for v, _, _ in pairs), tuple(t for _, t, _ in pairs), tuple(f for _, _, f in pairs)
        self.count += 1
        if self.count > MAX_NUMBERS:
            raise ParseError(f"more than {MAX_NUMBERS} numbers in one answer")
        try:
            if isinstance(raw, str):
                parsed = parse(raw, self.variables) if self.variables else parse_real(raw)
                self.decimal |= parsed.decimal
                return parsed.value, parsed.decimal, parsed.figures
            typed = isinstance(raw, float)
            self.decimal |= typed
            return to_exact(raw), typed, None
        except ParseError as err:
            message = err.message
            if isinstance(raw, str) and raw.lstrip().startswith("["):  # YAML reads "[[1, 0], [0, 1]]" as text
                message += " (a list in quotes is text: write it without the quotes)"
            raise ParseError(f"{where}: {message}" if where else message) from None


def poly_variables(symbol: sp.Symbol) -> dict:
    return {name: symbol for name in POLY_NAMES}
