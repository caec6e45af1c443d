"""The project's exception hierarchy.

Every error a person can cause (a bad file, a bad field, a bad answer) is a
TutorError. The CLI turns it into one line, ``error: FILE: FIELD: what is
wrong``, and exit code 2; nothing else of ours should escape as a traceback.
"""

from __future__ import annotations


class TutorError(Exception):
    """A problem the user can act on; ``str()`` is the one-line message."""

    def __init__(self, message: str, *, file: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.field = field

    def located(self, *, file: str | None = None, field: str | None = None) -> "TutorError":
        """Fill in the file (and a field prefix) where the error was raised without them."""
        if file is not None and self.file is None:
            self.file = file
        if field is not None:
            self.field = f"{field}.{self.field}" if self.field else field
        return self

    def __str__(self) -> str:
        from .escaping import printable  # one line, whatever a file name or a YAML key holds

        parts = [p for p in (self.file, self.field) if p]
        return printable(": ".join([*parts, self.message]))


class ParseError(TutorError):
    """A string that our whitelist grammar refuses; ``column`` is 1-based."""

    def __init__(self, message: str, column: int | None = None, **kw):
        if column is not None:
            message = f"column {column}: {message}"
        super().__init__(message, **kw)
        self.column = column


class ProblemError(TutorError):
    """A problem file that cannot be loaded, or asks for something impossible."""


class UnsupportedProblem(ProblemError):
    """A valid problem that our exact engine cannot (yet) solve in closed form."""


class SolveTimeout(TutorError):
    """A solve (or its rendering) that ran past the time it was given (``--timeout``)."""
