"""tutor: exact worked solutions for the kernel-methods and PCA part of the course.

The library API (the CLI is a thin layer over it):

    load_problem(path)           -> Loaded(source, topic, problem)
    load_problem_text(text)      -> Loaded
    solve(path_or_loaded, timeout=None) -> Solution (steps as data, answers derived from them)
    render(solution, fmt, detail="brief", figures=True, ...) -> str, fmt in "md", "tex", "html", "json";
                                    detail "brief" (like the notes) or "full" (every hand step)
    check(problem, answers)      -> Report: a verdict per answer key and a score
    render_report(report, fmt)   -> str, fmt in "md", "text", "json"
    topic_names()                -> list of topic names

Imports are lazy so that `import tutor` and `tutor --help` stay fast.
"""

from __future__ import annotations

__all__ = ["load_problem", "load_problem_text", "solve", "render", "check", "render_report", "topic_names",
           "__version__"]


def load_problem(path: str):
    from .problem import load_problem as _load

    return _load(path)


def load_problem_text(text: str, source: str = "<string>"):
    from .problem import load_problem_text as _load

    return _load(text, source)


def solve(problem, timeout: float | None = None, fade: int | None = None):
    """Solve a problem given as a path or as a Loaded problem (fade: the derivation line to leave
    blank, overriding the file's).

    With a timeout (seconds), a solve that takes longer raises SolveTimeout (a TutorError)
    instead of running on; it is enforced in the main thread on POSIX systems (a SIGALRM
    timer), and ignored elsewhere.
    """
    from .deadline import deadline
    from .errors import TutorError
    from .problem import Loaded, faded

    import dataclasses

    from .question import build

    source = problem.source if isinstance(problem, Loaded) else problem
    try:
        # Reading is inside the limit too: a topic may do exact work while it validates a file (the
        # integrals that prove p and q are densities).
        with deadline(timeout):
            loaded = faded(problem if isinstance(problem, Loaded) else load_problem(problem), fade)
            source = loaded.source  # "-" is read as <stdin>
            solution = loaded.topic.solve(loaded.problem)
        # The statement's parts and marks: the file's own, else the topic's default parts.
        return dataclasses.replace(solution, question=build(solution, loaded.exam, loaded.check.weights))
    except TutorError as err:
        raise err.located(file=source) from None


def render(solution, fmt: str = "md", detail: str = "brief", *, figures: bool = True,
           figure_stem: str | None = None, figure_files: dict | None = None) -> str:
    """The worked solution as text; detail is a rendering choice (JSON is the same at both levels).

    figures=False leaves the figures out. Markdown links its figures as SVG files named
    <figure_stem>-fig<n>.svg, whose texts it puts into figure_files for the caller to write beside
    the document; without a stem, a one-line note stands in each figure's place."""
    from .rendering import render as _render

    return _render(solution, fmt, detail, figures=figures, figure_stem=figure_stem, figure_files=figure_files)


def check(problem, answers, sig_figs: int | None = None):
    """Check answers (a path to a YAML file, or a mapping) against a problem (a path or a Loaded)."""
    from .checking.batch import load_submission
    from .checking.grade import Checker
    from .problem import Loaded

    checker = Checker(problem if isinstance(problem, Loaded) else load_problem(problem), sig_figs)
    submission = checker.read(answers, "<answers>") if isinstance(answers, dict) else load_submission(checker, answers)
    return checker.check(submission)


def render_report(report, fmt: str = "md") -> str:
    from .checking.report import render_report as _render

    return _render(report, fmt)


def topic_names() -> list[str]:
    from .topics import names

    return names()


# The distribution's name on PyPI: `tutor` there is another project (Open edX's); the import package and
# the command stay `tutor`.
DISTRIBUTION = "exact-tutor"


def __getattr__(name: str):
    # The version is looked up on demand: importlib.metadata costs 10 ms at every start.
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version(DISTRIBUTION)
        except PackageNotFoundError:  # running from a source tree without installing
            return "0+unknown"
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
