"""Check many answers files against one problem; a CSV of grades written row by row.

A file that cannot be checked (bad YAML, an unknown key, an internal error)
gets its own row with the reason and never stops the others. Each row is
flushed as soon as it is checked, so an interrupted batch keeps what it did.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..errors import TutorError
from ..problem import parse_yaml, read_text
from .answers import AnswersError
from .grade import Checker, Report
from .report import number


@dataclass(frozen=True)
class Outcome:
    path: str
    report: Report | None = None
    error: str | None = None  # the one-line message when the file could not be checked
    internal: bool = False


def answer_files(paths: tuple[str, ...]) -> list[str]:
    """The answers files named, with each directory replaced by its *.yaml and *.yml files."""
    files: list[str] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            inside = sorted(str(f) for f in p.iterdir() if f.suffix in (".yaml", ".yml") and f.is_file())
            if not inside:
                raise AnswersError("no .yaml or .yml answers files in this directory", file=path)
            files.extend(inside)
        else:
            files.append(path)
    return files


def load_submission(checker: Checker, path: str):
    text, source = read_text(path, bundled=False)
    raw = parse_yaml(text, source, what="must be a YAML mapping of answer keys to answers")
    return checker.read(raw, source)


def check_file(checker: Checker, path: str) -> Report:
    return checker.check(load_submission(checker, path))


def check_files(checker: Checker, paths: list[str]) -> Iterator[Outcome]:
    for path in paths:
        try:
            yield Outcome(path, report=check_file(checker, path))
        except TutorError as err:
            yield Outcome(path, error=str(err))
        except Exception as err:  # a bug of ours must not lose the rest of the class
            yield Outcome(path, error=f"{path}: internal error ({type(err).__name__}: {err})", internal=True)


class GradeSheet:
    """grades.csv: file, score, max_score, one verdict column per answer key, error."""

    def __init__(self, handle, keys: tuple[str, ...]):
        self.keys = keys
        self.handle = handle
        self.writer = csv.writer(handle)
        self.writer.writerow(["file", "score", "max_score", *keys, "error"])
        handle.flush()

    def add(self, outcome: Outcome) -> None:
        if outcome.report is None:
            row = [outcome.path, "", "", *([""] * len(self.keys)), outcome.error]
        else:
            r = outcome.report
            verdicts = {res.key: res.verdict + (f" ({res.mistake})" if res.mistake else "") for res in r.results}
            row = [outcome.path, number(r.score), number(r.max_score), *(verdicts.get(k, "") for k in self.keys), ""]
        self.writer.writerow(row)
        self.handle.flush()
