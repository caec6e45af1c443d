"""The `tutor` command: click commands only, each a thin call into the library.

A TutorError (bad file, bad field, unsolvable problem) becomes one line on
stderr, ``error: FILE: FIELD: what is wrong``, and exit code 2.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import sys

import click


EXIT_USAGE = 2
EXIT_INTERNAL = 3


def reports_errors(fn):
    """Turn our errors into one line and exit 2; anything else into a one-line internal error."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from .errors import TutorError

        try:
            return fn(*args, **kwargs)
        except TutorError as err:
            try:
                click.echo(f"error: {err}", err=True)
            except OSError:
                pass  # stderr is gone too: the exit code still says it
            sys.exit(EXIT_USAGE)
        except (KeyboardInterrupt, click.exceptions.Exit, click.ClickException):
            raise
        except BrokenPipeError:  # the reader went away (tutor ... | head): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        except Exception as err:  # a bug of ours: say so in one line, traceback only on request
            if os.environ.get("TUTOR_DEBUG"):
                raise
            from .escaping import printable

            try:
                click.echo(f"error: internal error ({type(err).__name__}: {printable(str(err))}); "
                           "set TUTOR_DEBUG=1 for the traceback and please report it", err=True)
            except OSError:
                pass
            sys.exit(EXIT_INTERNAL)

    return wrapper


def echo(text: str = "", *, nl: bool = True, err: bool = False) -> None:
    """click.echo, with a failed write (a full disk, /dev/full) as one line and exit 2, not a traceback."""
    try:
        click.echo(text, nl=nl, err=err)
    except BrokenPipeError:
        raise  # the reader went away: reports_errors stops quietly
    except OSError as error:
        stream = sys.stderr if err else sys.stdout
        # What is still buffered would fail again when Python exits: send it nowhere instead.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        except (OSError, ValueError):
            pass  # not a real file (a test runner's buffer)
        from .errors import TutorError

        raise TutorError(f"cannot write: {error.strerror or error}",
                         file="<stderr>" if err else "<stdout>") from None


def cannot_write(path: str, error: OSError):
    """The TutorError for an output file that cannot be opened or written."""
    from .errors import TutorError

    return TutorError(f"cannot write: {error.strerror or error}", file=path)


class Bounded(click.ParamType):
    """A number from ``low`` to ``high``, never NaN or ±inf: click's FloatRange lets NaN through (every
    comparison with it is false) and its errors echo a 5,000-digit value in full."""

    def __init__(self, low: float, high: float, *, whole: bool = True, unit: str = ""):
        self.low, self.high, self.whole = low, high, whole
        self.name = "integer" if whole else "number"
        self.what = f"{'a whole number' if whole else 'a number'}{unit} from {low} to {high}"

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = value  # a default
        else:
            try:
                number = int(value) if self.whole else float(value)
            except (TypeError, ValueError):  # int() also refuses more than 4,300 digits
                number = None
        if number == 0 and any(c in "123456789" for c in str(value).lower().split("e")[0]):
            number = None  # 1e-400 reads as 0.0, which --timeout takes as no limit at all
        if number is None or not math.isfinite(number) or not self.low <= number <= self.high:
            from .escaping import brief

            self.fail(f"{brief(value)} is not {self.what}", param, ctx)
        return number

    def get_metavar(self, param, ctx=None):  # --seed 0..1000000000 in --help, where no metavar is given
        return f"{self.low}..{self.high}"

    def __repr__(self):
        return f"Bounded({self.low}, {self.high}, whole={self.whole})"


SECONDS = Bounded(0, 86400, whole=False, unit=" of seconds")


class OneLineUsageError(click.UsageError):
    """A usage error shown as one line, as every other error of the CLI is."""

    def show(self, file=None):
        command = self.ctx.command_path if self.ctx is not None else "tutor"
        click.echo(f"error: {self.format_message().rstrip('.')}; see `{command} --help`", file=file, err=file is None)


def usage_error(message: str) -> OneLineUsageError:
    """A usage error of the command being run (exit 2, one line)."""
    return OneLineUsageError(message, click.get_current_context(silent=True))


class Commands(click.Group):
    """The `tutor` group: a usage error of any command (a bad option, a missing argument) is one line."""

    group_class = type  # `export` is one of these too

    def make_context(self, *args, **kwargs):
        with _one_line():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx):
        with _one_line():
            return super().invoke(ctx)


# Ours already, or `tutor export` with no command: the help, as click shows it (click 8.2 and later)
_AS_CLICK_SHOWS = (OneLineUsageError, getattr(click.exceptions, "NoArgsIsHelpError", OneLineUsageError))


@contextlib.contextmanager
def _one_line():
    try:
        yield
    except _AS_CLICK_SHOWS:
        raise
    except click.UsageError as err:  # click's own: usage, a hint and the error on three lines
        raise OneLineUsageError(err.format_message(), err.ctx) from None


def timeout_option(fn):
    """--timeout S: the time limit of each solve (and of rendering the result)."""
    return click.option(
        "--timeout", type=SECONDS, default=30, show_default=True, metavar="S",
        help="Stop a solve that takes longer than S seconds, with a one-line error and exit 2 "
             "(0: no limit). Rendering the result gets the same limit.")(fn)


def shows_progress() -> bool:
    """Whether a long job draws a progress bar: on a terminal's stderr, never in a pipe, a log or CI."""
    try:
        return sys.stderr.isatty() and not os.environ.get("CI")
    except (AttributeError, ValueError):  # no stderr, or a closed one
        return False


def progress_bar(label: str, total: int):
    """click's bar (counts, time left) on stderr for ``total`` steps (when shows_progress)."""
    return click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, show_eta=True)


def with_progress(items, label: str):
    """``with with_progress(files, "solving") as files:`` — the same items, a bar on a terminal (2 or more)."""
    items = list(items)
    if len(items) < 2 or not shows_progress():
        return contextlib.nullcontext(items)
    return click.progressbar(items, label=label, file=sys.stderr, show_pos=True, show_eta=True)


def text_option(value: str, option: str) -> str:
    """An option that is a line of text in the output (a title): checked as a problem's title is."""
    from .errors import TutorError
    from .fields import text

    try:
        return text(value, option)
    except TutorError as err:
        raise TutorError(err.message, field=option) from None


def write_or_echo(text: str, output: str | None, make_folder: bool = False) -> None:
    """Write text to the output file if one was given (making its folder, if asked), else to standard output."""
    if output:
        try:
            if make_folder:
                os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as error:  # a missing folder, no permission, a full disk
            raise cannot_write(output, error) from None
    else:
        echo(text, nl=False)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="exact-tutor", prog_name="tutor")  # tutor.DISTRIBUTION
def main():
    """Exact worked solutions for kernel methods and PCA, in the style of the lecture recipes."""


def figures_option(fn=None, *, json: bool = True):
    """--no-figures: leave the figures out (they are drawn at both levels of detail by default)."""
    if fn is None:
        return functools.partial(figures_option, json=json)
    return click.option(
        "--figures/--no-figures", default=True, show_default=True,
        help="Draw each step's figure: TikZ in LaTeX and PDF, inline SVG in HTML, SVG files beside a Markdown "
             f"--output (FILE-fig1.svg, ...){', in the JSON as data' if json else ''}.")(fn)


def force_option(command: str):
    """--force for a command that writes a folder (tutor.outputs)."""
    from .outputs import manifest_noun

    return click.option(
        "--force", is_flag=True,
        help=f"Write into a folder that holds files no {manifest_noun(command)} lists (they are left there). "
             "Without it such a folder is refused; the files an earlier run wrote there are always replaced.")


def write_figures(files: dict, output: str, stem: str) -> None:
    """The SVG files of a Markdown document, written beside its output file; those an earlier run wrote
    there (stem-fig<n>.svg) that this one does not are removed, so no figure of another document stays."""
    import re

    folder = os.path.dirname(output)
    ours = re.compile(re.escape(stem) + r"-fig[0-9]+\.svg")
    try:
        earlier = [name for name in os.listdir(folder or ".") if ours.fullmatch(name) and name not in files]
    except OSError:
        earlier = []
    for name in earlier:
        try:
            os.unlink(os.path.join(folder, name))
        except OSError as error:
            raise cannot_write(os.path.join(folder, name), error) from None
    for name, text in files.items():
        write_or_echo(text, os.path.join(folder, name))


def quiz_solutions(files, timeout, export: str) -> list:
    """The solutions of the files a numerical quiz can take. A file it cannot take (no part asks a number
    or an edge code: a derivation's line is an expression) is named on stderr with the reason, and the
    others are exported; if it takes none, that is the error. A bad file stops the export (exit 2)."""
    from . import solve
    from .errors import ProblemError, TutorError
    from .escaping import printable
    from .moodle import refusal

    solutions, refused = [], []
    with with_progress(files, "solving") as each:
        for f in each:
            solution = solve(f, timeout=timeout)
            why = refusal(solution)
            if why:
                refused.append(ProblemError(f"{export} takes numbers, and no part of this problem asks one: {why}; "
                                            "use `tutor export prairielearn` or the practice server", file=f))
            else:
                solutions.append(solution)
    if not solutions and len(refused) == 1:
        raise refused[0]
    for err in refused:
        echo(f"warning: {printable(str(err))}", err=True)
    if not solutions:
        raise TutorError(f"nothing to export: {export} can take none of the {len(refused)} files")
    return solutions


def figure_stem(output: str | None, fmt: str) -> str | None:
    """The name Markdown figure files start with: the output file's, without its folder and suffix."""
    import os

    return os.path.splitext(os.path.basename(output))[0] if output and fmt == "md" else None


# The format an output file's name says; any other suffix says nothing (Markdown, unless --format says).
SUFFIXES = {".md": "md", ".markdown": "md", ".tex": "tex", ".html": "html", ".htm": "html", ".json": "json",
            ".pdf": "pdf"}
FORMAT_NAMES = {"md": "Markdown", "tex": "LaTeX", "html": "HTML", "json": "JSON", "pdf": "PDF"}


def output_format(fmt: str | None, output: str | None, formats: tuple[str, ...], command: str,
                  asked: str | None = None) -> str:
    """The format to write: --format, else the one -o's suffix names, else Markdown. A --format that
    the suffix contradicts (-f md -o x.tex), or a suffix this command cannot write, is a usage error;
    ``asked`` names the option that chose the format when it was not --format (sheet's --pdf)."""
    named = SUFFIXES.get(os.path.splitext(output)[1].lower()) if output else None
    if named is not None and named not in formats:
        raise usage_error(f"{command} cannot write {FORMAT_NAMES[named]} ({output}): it writes "
                          + ", ".join(FORMAT_NAMES[f] for f in formats))
    if fmt is not None and named is not None and fmt != named:
        asked = asked or f"--format {fmt}"
        raise usage_error(f"{asked} writes {FORMAT_NAMES[fmt]}, but {output} is named as {FORMAT_NAMES[named]}: "
                          f"drop {asked.split()[0]} or rename the file")
    fmt = fmt or named or "md"
    if fmt == "pdf" and not output:
        raise usage_error("a PDF is written to a file: add -o FILE.pdf")
    return fmt


def format_option(formats: tuple[str, ...], what: str):
    return click.option(
        "--format", "-f", "fmt", type=click.Choice(formats), default=None,
        help=f"{what} [default: the one the --output file's suffix names (.md, .{' .'.join(formats[1:])}), "
             "else md].")


@main.command()
@click.argument("file")
@format_option(("md", "tex", "html", "json", "pdf"),
               "Markdown, a LaTeX document, a self-contained HTML page, JSON with steps and answers, or a PDF "
               "(the LaTeX compiled with pdflatex).")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of standard output.")
@click.option("--detail", type=click.Choice(["brief", "full"]), default="brief", show_default=True,
              help="brief: the recipe's steps one line each, like the notes' worked examples; "
                   "full: every hand step. JSON is the same at both levels.")
@click.option("--fade", type=Bounded(1, 10**6), default=None, metavar="K",
              help="A derivation problem: show line K as a blank to fill (overrides the file's fade).")
@figures_option
@timeout_option
@reports_errors
def solve(file, fmt, output, detail, fade, figures, timeout):
    """Print the worked solution of the problem in FILE (a YAML problem file, - for stdin,
    or a bundled problem such as kernel-pca/example3)."""
    from . import render, solve as solve_problem
    from .deadline import deadline

    fmt = output_format(fmt, output, ("md", "tex", "html", "json", "pdf"), "solve")
    solution = solve_problem(file, timeout=timeout, fade=fade)
    files: dict[str, str] = {}
    stem = figure_stem(output, fmt)
    with deadline(timeout, "rendering the solution"):
        text = render(solution, "tex" if fmt == "pdf" else fmt, detail, figures=figures,
                      figure_stem=stem, figure_files=files)
    if fmt == "pdf":  # pdflatex, which is not ours to limit
        from .pdf import compile_pdf

        compile_pdf(text, output)
        return
    write_or_echo(text, output)
    if stem is not None:
        write_figures(files, output, stem)


@main.command()
@click.argument("problem")
@click.argument("answers", nargs=-1)
@click.option("--format", "-f", "fmt", type=click.Choice(["md", "text", "json"]), default=None,
              help="The report as Markdown, plain text or JSON [default: md]. With --exam: each student's "
                   "report instead of the class's CSV (which then goes to --csv only).")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write one row per answers file (verdict per key, score) to this CSV, row by row.")
@click.option("--sig-figs", type=Bounded(1, 12), default=None,
              help="Significant figures a decimal answer must match [default: the problem's, else 3].")
@click.option("--exam", "exam_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Grade each answers file (student: ID, q1: {...}, q2: ...) against that student's own "
                   "variants in this folder of `tutor exam`; PROBLEM is then an answers file too. One CSV "
                   "row per student: marks per part and question, total, named mistakes.")
@click.option("--reports", "reports_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="With --exam: also write each student's report to DIR/ID.md (.txt, .json with -f).")
@click.option("--fade", type=Bounded(1, 10**6), default=None, metavar="K",
              help="A derivation problem: check the answers for line K (overrides the file's fade).")
@click.option("--timeout", type=SECONDS, default=30, show_default=True, metavar="S",
              help="The time limit of solving the problem, and of checking each answers file (a file that "
                   "runs out gets an error row; the others are still checked). 0: no limit.")
@reports_errors
def check(problem, answers, fmt, csv_path, sig_figs, exam_dir, reports_dir, fade, timeout):
    """Check the answers in ANSWERS (YAML files or directories of them) against PROBLEM
    (or, with --exam DIR, each against its student's own variants).

    Exit 0 when every file was checked, whatever the scores; 2 when the problem or an
    answers file is unusable (the other files are still checked)."""
    if exam_dir is not None:
        check_exam(exam_dir, (problem, *answers), csv_path, sig_figs, timeout, fmt, reports_dir)
        return
    if reports_dir is not None:
        raise usage_error("--reports writes one report per student of an exam: it needs --exam DIR")
    fmt = fmt or "md"
    if not answers:
        raise click.UsageError("Missing argument 'ANSWERS...'.")
    from . import load_problem
    from .checking.batch import GradeSheet, answer_files, check_files
    from .checking.grade import Checker
    from .checking.report import number, render_report, to_json
    from .deadline import deadline
    from .escaping import printable
    from .problem import faded

    with deadline(timeout, "solving the problem"):
        checker = Checker(faded(load_problem(problem), fade), sig_figs)
    for line in checker.warnings:  # the answer is not unique where the problem does not fix it
        echo(f"warning: {printable(checker.loaded.source)}: {line}", err=True)
    files = answer_files(answers)
    sheet_handle = sheet = None
    try:
        if csv_path:
            # backslashreplace: a file name that is not UTF-8 is written with escapes, as in messages
            sheet_handle = open(csv_path, "w", newline="", encoding="utf-8", errors="backslashreplace")
            sheet = GradeSheet(sheet_handle, checker.keys)
    except OSError as error:
        raise cannot_write(csv_path, error) from None
    failed = internal = False
    collected = []
    # A bar only where it cannot mix with the reports: stdout goes to a file or a pipe.
    bar = progress_bar("checking", len(files)) if len(files) > 1 and shows_progress() and not sys.stdout.isatty() \
        else contextlib.nullcontext()
    try:
        with bar:
            outcomes = list(_checked(check_files(checker, files, timeout), bar))
        for outcome in outcomes:
            if sheet:
                try:
                    sheet.add(outcome)
                except OSError as error:  # each row is flushed: a full disk shows at once
                    raise cannot_write(csv_path, error) from None
            if outcome.error:
                failed, internal = True, internal or outcome.internal
                echo(f"error: {outcome.error}", err=True)
                collected.append({"file": outcome.path, "error": outcome.error})
            elif sheet:
                echo(f"{printable(outcome.path)}: {number(outcome.report.score)}/{number(outcome.report.max_score)}")
            elif fmt == "json" and len(files) > 1:
                collected.append({"file": outcome.path, **to_json(outcome.report)})
            else:
                echo(render_report(outcome.report, fmt), nl=False)
    finally:
        if sheet_handle:
            try:
                sheet_handle.close()
            except OSError:
                pass  # the failed write was reported (or is being reported) above
    if fmt == "json" and len(files) > 1 and not sheet:
        import json

        echo(json.dumps(collected, indent=2, ensure_ascii=False))
    if failed:
        sys.exit(EXIT_INTERNAL if internal else EXIT_USAGE)


def _checked(outcomes, bar):
    """The outcomes, the bar (if it is one) moved on by each."""
    for outcome in outcomes:
        yield outcome
        if hasattr(bar, "update"):
            bar.update(1)


def check_exam(exam_dir, paths, csv_path, sig_figs, timeout, fmt=None, reports_dir=None):
    """`tutor check --exam`: one CSV of the class (to --csv, or printed when no -f asks for the students'
    reports), a line per file on the way; each student's report on stdout with -f, and to --reports DIR."""
    import io
    import json
    from pathlib import Path

    from .checking.batch import answer_files
    from .escaping import printable
    from .exam.grade import REPORT_SUFFIXES, Grader, read_exam, row_json, student_report, write_rows

    exam = read_exam(exam_dir)
    grader = Grader(exam, sig_figs, timeout)
    files = answer_files(paths)
    if len(files) > 1 and shows_progress() and not sys.stdout.isatty():
        with progress_bar("grading", len(files)) as bar:
            rows = grader.grade(files, done=lambda: bar.update(1))
    else:
        rows = grader.grade(files)
    for line in grader.warnings():  # answers a variant does not fix
        echo(f"warning: {printable(line)}", err=True)
    for row in rows:
        for why in row.errors:
            echo(f"error: {why}", err=True)
        if row.totals and csv_path and fmt is None:  # with -f, the reports say it
            echo(f"{printable(row.file)}: {row.student} {row.total}/{exam.total}")
    if reports_dir is not None:
        folder = Path(reports_dir)
        for row in rows:
            if row.student in grader.names:  # a file naming no student of the exam has no report to go in
                write_or_echo(student_report(exam, row, fmt or "md"),
                              str(folder / f"{row.student}{REPORT_SUFFIXES[fmt or 'md']}"), make_folder=True)
    if fmt == "json":
        echo(json.dumps([row_json(exam, row) for row in rows], indent=2, ensure_ascii=False))
    elif fmt is not None:
        # a file naming no student of the exam has no report: its error is on stderr
        echo("\n".join(student_report(exam, row, fmt) for row in rows if row.student in grader.names), nl=False)
    if csv_path or fmt is None:
        out = io.StringIO()
        write_rows(out, exam, rows)
        write_or_echo(out.getvalue(), csv_path)
    if any(row.error for row in rows):
        sys.exit(EXIT_INTERNAL if any(row.internal for row in rows) else EXIT_USAGE)


@main.command()
@click.argument("blueprint")
@click.option("--roster", default=None, metavar="CSV",
              help="The students: a CSV file whose header row has the columns id and name.")
@click.option("--seed", type=Bounded(0, 10**9), default=None,
              help="The exam's seed [default: the blueprint's; else one is drawn and printed].")
@click.option("--count", "-n", type=Bounded(1, 2000), default=None,
              help="Without --roster: how many anonymous variants (v01, v02, …). [default: 1]")
@click.option("--output", "-o", "out_dir", type=click.Path(file_okay=False), required=True,
              help="The folder to write the exam into (made if needed). The files of an exam written there "
                   "before are replaced, by the list in its manifest.json.")
@click.option("--pdf/--no-pdf", default=True, show_default=True,
              help="Compile every paper, answer key and the solutions book with pdflatex.")
@click.option("--jobs", "-j", type=Bounded(1, 16), default=None,
              help="Processes drawing variants and compiling PDFs at once [default: the cores, at most 4].")
@force_option("tutor exam")
@reports_errors
def exam(blueprint, roster, seed, count, out_dir, pdf, jobs, force):
    """Every student's own variant of every question of BLUEPRINT (YAML: title, seed, questions), with
    their paper and answer key, the solutions book, variants.csv, a Moodle quiz and the manifest that
    `tutor check --exam` reads."""
    from .errors import TutorError
    from .exam import anonymous, build_exam, read_blueprint, read_roster
    from .exam.build import default_jobs

    if roster and count:
        raise TutorError("the roster gives the students: leave --count out", field="--count")
    plan = read_blueprint(blueprint)
    students = read_roster(roster) if roster else anonymous(count or 1)
    seed = seed if seed is not None else plan.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**6)
        echo(f"seed: {seed} (pass --seed {seed} to make this exam again)", err=True)
    built = build_exam(plan, students, seed, out_dir, pdf=pdf, jobs=jobs or default_jobs(),
                       progress=lambda line: echo(line, err=True), force=force,
                       bar=progress_bar if shows_progress() else None)
    folder = out_dir.rstrip("/") or "/"
    for paper in built.papers:
        mine = [f.split("/", 1)[1] for f in built.files if f.startswith(paper.student.id + "/")]
        echo(f"{folder}/{paper.student.id}: {' '.join(mine)}")
    echo(f"{folder}: {' '.join(f for f in built.files if '/' not in f)}")
    for name, widths in built.overfull.items():
        if widths:
            echo(f"warning: {folder}/{name}: {len(widths)} line{'s' if len(widths) > 1 else ''} wider than the "
                 f"page (widest by {max(widths):g}pt)", err=True)


@main.group()
def export():
    """Export problems for other systems."""


@export.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), required=True,
              help="The Moodle XML file to write.")
@click.option("--category", default="tutor", show_default=True, help="The question bank category.")
@timeout_option
@reports_errors
def moodle(files, output, category, timeout):
    """A Moodle XML question bank of the problem FILES: one Cloze question each, with numerical
    sub-answers and the worked solution as general feedback."""
    from .deadline import deadline
    from .moodle import quiz_xml

    solutions = quiz_solutions(files, timeout, "Moodle XML")
    with deadline(timeout * len(files), "writing the questions"):
        text = quiz_xml(solutions, category)
    write_or_echo(text, output)
    echo(f"{output}: {len(solutions)} question{'s' if len(solutions) != 1 else ''}")


@export.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), required=True,
              help="The zip file to write (a QTI 1.2 package): FILE.zip.")
@click.option("--title", "-t", default="tutor", show_default=True, help="The quiz's title.")
@timeout_option
@reports_errors
def qti(files, output, title, timeout):
    """A QTI 1.2 package (zip) of the problem FILES for Canvas, Blackboard and other systems: each
    problem's statement, then a numerical item per number asked, with the worked solution as feedback."""
    from .deadline import deadline
    from .qti import package, zipped

    title = text_option(title, "--title")
    if not output.lower().endswith(".zip"):  # a package is a zip: x.xml would be a zip named as XML
        raise usage_error(f"a QTI package is a zip file: name it FILE.zip, not {output}")
    solutions = quiz_solutions(files, timeout, "QTI")
    with deadline(timeout * len(files), "writing the questions"):
        data = zipped(package(solutions, title))
    try:
        with open(output, "wb") as handle:
            handle.write(data)
    except OSError as error:
        raise cannot_write(output, error) from None
    echo(f"{output}: {len(solutions)} question{'s' if len(solutions) != 1 else ''}")


@export.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--output", "-o", "out_dir", type=click.Path(file_okay=False), required=True,
              help="The folder to write the question directories into (made if needed): a folder of its own "
                   "inside the course's questions/ folder. The questions an earlier export wrote there are "
                   "replaced, by the list in its manifest.json.")
@force_option("tutor export prairielearn")
@timeout_option
@reports_errors
def prairielearn(files, out_dir, force, timeout):
    """PrairieLearn questions: a directory per problem file, or per question of an exam blueprint (info.json,
    question.html, server.py), generated, read and graded by tutor inside PrairieLearn."""
    from pathlib import Path

    from .outputs import write_folder, written_before
    from .prairielearn import distinct_names, export as make, question_files

    command = "tutor export prairielearn"
    old = written_before(out_dir, command, force)  # refused before the work
    with with_progress(files, "exporting") as each:  # every file first: a bad one stops it before any is written
        questions = distinct_names([q for f in each for q in make([f], timeout)])
    write_folder(out_dir, command, question_files(questions, out_dir), old)
    for q in questions:
        echo(str(Path(out_dir) / q.name))
    echo(f"{out_dir}: {len(questions)} question{'s' if len(questions) != 1 else ''}")


@main.command()
@click.argument("files", nargs=-1, required=True)
@format_option(("md", "tex", "html", "pdf"), "Markdown, a LaTeX document, a self-contained HTML page, or a PDF "
                                              "(the LaTeX compiled with pdflatex).")
@click.option("--solutions", is_flag=True, help="The solutions document: each problem followed by its worked solution.")
@click.option("--title", "-t", default="Problem sheet", show_default=True, help="The sheet's title.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of standard output (needed with --pdf).")
@click.option("--pdf", is_flag=True, help="The same as --format pdf: compile the LaTeX with pdflatex and write "
                                         "the PDF to --output.")
@click.option("--detail", type=click.Choice(["brief", "full"]), default="brief", show_default=True,
              help="brief: the recipe's steps one line each, like the notes' worked examples; "
                   "full: every hand step.")
@figures_option(json=False)
@timeout_option
@reports_errors
def sheet(files, fmt, solutions, title, output, pdf, detail, figures, timeout):
    """A numbered problem sheet (or exam) of the problem FILES, or its matching solutions."""
    from . import solve as solve_problem
    from .deadline import deadline
    from .errors import TutorError
    from .rendering import render_sheet

    title = text_option(title, "--title")
    if pdf and fmt not in (None, "pdf"):
        raise usage_error(f"--pdf writes a PDF, but --format {fmt} was asked: give one of them")
    if pdf and not output:
        raise TutorError("--pdf needs --output FILE.pdf", field="--pdf")
    fmt = output_format("pdf" if pdf else fmt, output, ("md", "tex", "html", "pdf"), "sheet", "--pdf" if pdf else None)
    pdf = fmt == "pdf"
    stem = None if pdf else figure_stem(output, fmt)
    with with_progress(files, "solving") as each:
        worked = [solve_problem(f, timeout=timeout) for f in each]
    with deadline(timeout * len(files), "rendering the sheet"):  # pdflatex, below, is not ours to limit
        drawn: dict[str, str] = {}
        document = render_sheet(worked, "tex" if pdf else fmt, title=title, with_solutions=solutions,
                                detail=detail, figures=figures, figure_stem=stem,
                                figure_files=drawn)
    if pdf:
        from .pdf import compile_pdf

        compile_pdf(document, output)
        echo(output)
        return
    write_or_echo(document, output)
    if stem is not None:
        write_figures(drawn, output, stem)


@main.command()
@click.argument("topic")
@click.option("--seed", type=Bounded(0, 10**9), default=None,
              help="The first seed (each file records its own). Without it, one is drawn and printed.")
@click.option("--count", "-n", type=Bounded(1, 1000), default=None,
              help="How many problems (distinct), in all when TOPIC names several. "
                   "[default: 1 a topic; 200 seeds with --stress]")
@click.option("--difficulty", "-d", type=click.Choice(["easy", "medium", "hard"]), default=None,
              help="easy: small integers and fractions; medium: at most one kind of square root; hard: "
                   "more work (more points, a new point, two components), never uglier numbers; each "
                   "topic's own: tutor topics --difficulties. [default: easy; all three with --stress]")
@click.option("--output", "-o", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write the files into this directory (made if needed) instead of standard output, with the "
                   "manifest.json that lists them: the files an earlier run wrote there are replaced.")
@force_option("tutor generate")
@click.option("--stress", is_flag=True,
              help="Stress test: generate, solve, render and self-check many seeds; print sizes and times.")
@reports_errors
def generate(topic, seed, count, difficulty, out_dir, force, stress):
    """Make new problems of TOPIC with exam-friendly numbers, reproducibly from a seed.

    TOPIC may name several topics for a mixed set, `kernel-pca,pca:hard,mds` (a difficulty after a
    colon overrides --difficulty); the topics take turns until --count problems are made.
    TOPIC may be `all` with --stress."""
    from . import generators

    if stress and "," in topic:
        raise click.UsageError("--stress takes one topic or `all`")
    if not (stress and topic == "all"):
        wanted = generators.requests(topic, difficulty or "easy")  # unknown topics fail before any draw
    if stress:
        from .generators.stress import HEADER, stress as run_stress, table_row

        topics_ = generators.names() if topic == "all" else [topic]
        first = 1 if seed is None else seed
        echo(HEADER)
        failed = False
        for name in topics_:
            for level in [difficulty] if difficulty else generators.DIFFICULTIES:
                result = run_stress(name, level, range(first, first + (count or 200)))
                echo(table_row(result))
                for failure in result.failures:
                    failed = True
                    echo(f"  {failure}", err=True)
        sys.exit(1 if failed else 0)

    from .outputs import write_folder, written_before

    old = written_before(out_dir, "tutor generate", force) if out_dir else []  # refused before the work
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**6)
        echo(f"seed: {seed} (pass --seed {seed} to make this set again)", err=True)
    problems = generators.generate_mixed(wanted, seed, count or len(wanted))
    if out_dir:
        for path in write_folder(out_dir, "tutor generate", {p.filename: p.text() for p in problems}, old):
            echo(path)
    else:
        echo("---\n".join(problem.text() for problem in problems), nl=False)


@main.command()
@click.option("--keys", is_flag=True, help="Also list each topic's answer keys.")
@click.option("--difficulties", is_flag=True,
              help="Also say what `tutor generate` gives at each difficulty of each topic.")
@reports_errors
def topics(keys, difficulties):
    """List the problem types, with their bundled example problems."""
    from . import topics as registry
    from .resources import bundled_problems

    examples = bundled_problems()
    width = max(len(name) for name in registry.names())
    for name in registry.names():
        echo(f"{name:<{width}} {registry.summary(name)}")
        mine = [e for e in examples if e.startswith(name + "/")]
        if not registry.is_builtin(name):  # a plugin bundles its problems in its own package
            mine = [str(p) for p in sorted(registry.template_dir(name).parent.glob("problems/*.yaml"))]
        if mine:
            echo(f"{'':<{width}} examples: {', '.join(mine)}")
        if keys:
            for key, what in registry.get(name).ANSWER_KEYS.items():
                echo(f"{'':<{width}} {key:<20} {what}")
        if difficulties:
            from .generators import rules_of

            for level, what in rules_of(name).items():
                echo(f"{'':<{width}} {level + ':':<8} {what}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0 for every interface: only behind a proxy with HTTPS).")
@click.option("--port", type=Bounded(1, 65535), default=8000, show_default=True)
@click.option("--database", default="sqlite:///tutor.db", show_default=True, metavar="URL",
              help="Where attempts are kept: sqlite:///FILE, or postgresql://USER:PASSWORD@HOST/NAME "
                   "(the driver: pip install 'psycopg[binary]').")
@click.option("--workers", type=Bounded(1, 32), default=1, show_default=True,
              help="Server processes, each with two worker processes that draw and check problems.")
@click.option("--token", default=None, metavar="TOKEN",
              help="The lecturer's token for /class (default: $TUTOR_TOKEN, else a new one, printed).")
@click.option("--trust-proxy", "proxies", default=None, metavar="ADDRESSES", envvar="TUTOR_TRUST_PROXY",
              help="Reverse proxies whose X-Forwarded-For names the client: addresses or networks, comma-separated "
                   "(default: 127.0.0.1,::1; also $TUTOR_TRUST_PROXY).")
@reports_errors
def serve(host, port, database, workers, token, proxies):
    """Run the practice web app: fresh problems, answers checked as typed, hints one step at a time.

    Pages: / (topics), /practice/TOPIC/DIFFICULTY/SEED (one problem, shareable), /class (the
    lecturer's view, with the token) and /class.csv."""
    from .serve.server import start

    start(host, port, database, workers, token, echo, proxies)


@main.command()
@click.option("--database", default="sqlite:///tutor.db", show_default=True, metavar="URL",
              help="The practice server's database.")
@click.option("--topic", default=None, help="Only this topic.")
@click.option("--csv", "as_csv", is_flag=True, help="CSV instead of a table.")
@reports_errors
def stats(database, topic, as_csv):
    """What the class did on the practice server: per topic and answer, attempts, students, the share
    right at first try, and the commonest named mistakes with an example each."""
    from pathlib import Path

    from .serve.store import Store, StoreError, stats_csv, stats_text

    if topic is not None:
        from . import topics as registry
        from .errors import TutorError
        from .escaping import brief

        if topic not in registry.names():  # else "no attempts recorded yet", as if the class had not begun
            raise TutorError(f"no topic {brief(topic)}: the topics are {', '.join(registry.names())}", field="--topic")
    if database.startswith("sqlite:///") and not Path(database.removeprefix("sqlite:///")).is_file():
        # Opening it would create an empty database and report "no attempts": a typo would go unseen.
        raise StoreError("no such database file (tutor serve creates it where it runs)", field=database)
    store = Store(database)
    try:
        rows = store.stats(topic)
    finally:
        store.close()
    echo(stats_csv(rows) if as_csv else stats_text(rows), nl=False)
