"""Check many answers files against one problem; a CSV of grades written row by row.

A file that cannot be checked (bad YAML, an unknown key, an internal error)
gets its own row with the reason and never stops the others. Each row is
flushed as soon as it is checked, so an interrupted batch keeps what it did.

Answers files are students' files: a symbolic link or anything but a regular
file (a FIFO, a device) is refused unread, with its reason in its row, so a
submission cannot make the grader read (and echo) a file of the grader's.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..deadline import deadline
from ..errors import TutorError
from ..escaping import csv_row, printable
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
    """The answers files named, with each directory replaced by its *.yaml and *.yml entries.

    A directory named on the command line is the grader's choice and is followed; inside it, every
    entry with the suffix but a real directory is listed, so that a link or a pipe gets a row saying
    why it was not read rather than vanishing from the grades."""
    files: list[str] = []
    for path in paths:
        p = Path(path)
        if path != "-" and p.is_dir():
            try:
                inside = sorted(str(p / entry.name) for entry in os.scandir(p)
                                if Path(entry.name).suffix in (".yaml", ".yml") and not entry.is_dir(follow_symlinks=False))
            except OSError as err:
                raise AnswersError(f"cannot read this directory: {err.strerror or err}", file=path) from None
            if not inside:
                raise AnswersError("no .yaml or .yml answers files in this directory", file=path)
            files.extend(inside)
        else:
            files.append(path)
    return files


def load_submission(checker: Checker, path: str):
    text, source = read_text(path, bundled=False, follow_symlinks=False)
    raw = parse_yaml(text, source, what="must be a YAML mapping of answer keys to answers")
    return checker.read(raw, source)


def check_file(checker: Checker, path: str) -> Report:
    return checker.check(load_submission(checker, path))


def check_files(checker: Checker, paths: list[str], timeout: float | None = None) -> Iterator[Outcome]:
    """Each file checked within `timeout` seconds (the budgets bound an answer's size, this its time):
    a file that runs out gets its row saying so, and the next file is checked."""
    for path in paths:
        try:
            with deadline(timeout, f"checking {printable(path)}"):
                report = check_file(checker, path)
            yield Outcome(path, report=report)
        except TutorError as err:
            yield Outcome(path, error=str(err))
        except Exception as err:  # a bug of ours must not lose the rest of the class
            yield Outcome(path, error=printable(f"{path}: internal error ({type(err).__name__}: {err})"),
                          internal=True)


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
        self.writer.writerow(csv_row(row))
        self.handle.flush()
