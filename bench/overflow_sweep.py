"""Does every worked solution fit the page? Compile `--format tex` and read pdflatex's log.

    python bench/overflow_sweep.py                          # bundled problems + every topic/difficulty, seeds 1-20
    python bench/overflow_sweep.py --seeds 3                # seeds 1-3 only
    python bench/overflow_sweep.py --topics pca,svd --no-bundled
    python bench/overflow_sweep.py --keep out/              # keep each .tex there
    python bench/overflow_sweep.py --details brief          # one level of detail (default: brief,full)

For each document it counts the `Overfull \\hbox` warnings wider than 1pt (the "(12.3pt too wide)"
amounts of the log) and flags any output that uses \\resizebox, \\scalebox, \\tiny, \\scriptsize or
\\footnotesize (shrinking maths to make it fit, which the course does not allow). It prints a table per
topic (documents, documents with an overflow, overflows, widest) and the worst cases; exit 1 when any
document overflows, is flagged or fails to compile. It also reports each document's pages: a bundled
problem's brief solution longer than two pages is listed (the issue-16 target), without failing the sweep.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.pdf import overflows  # noqa: E402  (one reading of the log for the sweep, its tests and tutor exam)

FORBIDDEN = ("\\resizebox", "\\scalebox", "\\tiny", "\\scriptsize", "\\footnotesize")
_PAGES = re.compile(r"Output written on \S+ \((\d+) pages?")
MAX_BRIEF_PAGES = 2


@dataclass
class Result:
    topic: str
    name: str  # a bundled problem's name, or "TOPIC --seed S --difficulty D"
    widths: list[float] = field(default_factory=list)  # the overflows wider than the tolerance, in pt
    forbidden: list[str] = field(default_factory=list)
    error: str = ""
    detail: str = "brief"
    pages: int = 0

    @property
    def widest(self) -> float:
        return max(self.widths, default=0.0)

    @property
    def bad(self) -> bool:
        return bool(self.widths or self.forbidden or self.error)


def forbidden_commands(tex: str) -> list[str]:
    # A figure's tick numbers are set small, as every plot sets them: only the text and maths are held to it.
    tex = re.sub(r"\\begin\{tikzpicture\}.*?\\end\{tikzpicture\}", "", tex, flags=re.S)
    return [name for name in FORBIDDEN if re.search(re.escape(name) + r"(?![A-Za-z])", tex)]


def compile_log(tex: str, keep_pdf: Path | None = None) -> tuple[str, str]:
    """pdflatex's log of ``tex`` and the first error line ('' when it compiled)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "doc.tex").write_text(tex, encoding="utf-8")
        try:
            subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], cwd=folder,
                           capture_output=True, timeout=120, check=False)
        except subprocess.TimeoutExpired:
            return "", "pdflatex timed out"
        log_path = Path(folder) / "doc.log"
        log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
        errors = [line for line in log.splitlines() if line.startswith("! ")]
        pdf = Path(folder) / "doc.pdf"
        if keep_pdf is not None and pdf.exists():
            shutil.copyfile(pdf, keep_pdf)
        return log, (errors[0] if errors else ("" if pdf.exists() else "no PDF written"))


def measure(topic: str, name: str, tex: str, keep: Path | None = None, detail: str = "brief") -> Result:
    result = Result(topic, name, forbidden=forbidden_commands(tex), detail=detail)
    if keep is not None:
        (keep / (re.sub(r"[^A-Za-z0-9.-]+", "_", f"{name}.{detail}") + ".tex")).write_text(tex, encoding="utf-8")
    log, result.error = compile_log(tex)
    result.widths = overflows(log)
    pages = _PAGES.search(log)
    result.pages = int(pages.group(1)) if pages else 0
    return result


def bundled(topics: set[str] | None):
    """(topic, name, problem path) of every bundled problem."""
    for path in sorted((ROOT / "problems").glob("**/*.yaml")):
        topic = path.parent.name
        if topics is None or topic in topics:
            yield topic, f"{topic}/{path.stem}", str(path)


def render_tex(problem, details=("brief",)) -> dict[str, str]:
    """The LaTeX of one problem at each level of detail (one solve, rendered once per level)."""
    import tutor

    solution = tutor.solve(problem, timeout=60)
    return {detail: tutor.render(solution, "tex", detail) for detail in details}


def generated_tex(topic: str, difficulty: str, seed: int, details=("brief",)) -> dict[str, str] | None:
    """The LaTeX of `tutor generate TOPIC --seed SEED --difficulty DIFFICULTY`, as `tutor solve` writes it."""
    import tutor
    from tutor import generators

    problems = generators.generate(topic, difficulty, seed, 1)
    if not problems:
        return None
    return render_tex(tutor.load_problem_text(problems[0].text(), f"{topic}-{seed}.yaml"), details)


def sweep(topics: set[str] | None, difficulties, seeds, with_bundled: bool, keep: Path | None, progress=None,
          details=("brief", "full")):
    from tutor import generators

    results = []
    if with_bundled:
        for topic, name, path in bundled(topics):
            try:
                texts = render_tex(path, details)
            except Exception as err:  # a solve failure is reported, not fatal to the sweep
                results.append(Result(topic, name, error=f"solve/render: {err}"))
                continue
            for detail, tex in texts.items():
                results.append(measure(topic, name, tex, keep, detail))
                if progress:
                    progress(results[-1])
    for topic in generators.names():
        if topics is not None and topic not in topics:
            continue
        for difficulty in difficulties:
            for seed in seeds:
                name = f"{topic} --seed {seed} --difficulty {difficulty}"
                try:
                    texts = generated_tex(topic, difficulty, seed, details)
                except Exception as err:
                    results.append(Result(topic, name, error=f"generate/solve: {err}"))
                    continue
                for detail, tex in (texts or {}).items():
                    results.append(measure(topic, name, tex, keep, detail))
                    if progress:
                        progress(results[-1])
    return results


def table(results) -> str:
    lines = [f"{'topic':<20} {'docs':>5} {'overflowing':>11} {'overflows':>9} {'widest pt':>9} "
             f"{'shrinking':>9} {'failed':>6} {'brief pages':>11} {'full pages':>10}"]
    by_topic: dict[str, list[Result]] = {}
    for r in results:
        by_topic.setdefault(r.topic, []).append(r)
    for topic, rs in sorted(by_topic.items()) + [("all", results)]:
        lines.append(f"{topic:<20} {len(rs):>5} {sum(1 for r in rs if r.widths):>11} "
                     f"{sum(len(r.widths) for r in rs):>9} {max((r.widest for r in rs), default=0):>9.1f} "
                     f"{sum(1 for r in rs if r.forbidden):>9} {sum(1 for r in rs if r.error):>6} "
                     f"{_page_range(rs, 'brief'):>11} {_page_range(rs, 'full'):>10}")
    worst = sorted((r for r in results if r.bad), key=lambda r: (bool(r.error), r.widest), reverse=True)[:15]
    if worst:
        lines.append("\nworst:")
        for r in worst:
            extra = f" uses {' '.join(r.forbidden)}" if r.forbidden else ""
            extra += f" ERROR {r.error}" if r.error else ""
            lines.append(f"  {r.widest:7.1f}pt x{len(r.widths):<3} {r.name} [{r.detail}]{extra}")
    long = [r for r in results if r.detail == "brief" and " --seed " not in r.name and r.pages > MAX_BRIEF_PAGES]
    if long:
        lines.append(f"\nbundled problems whose brief solution is longer than {MAX_BRIEF_PAGES} pages:")
        lines.extend(f"  {r.pages} pages  {r.name}" for r in sorted(long, key=lambda r: -r.pages))
    return "\n".join(lines)


def _page_range(results, detail: str) -> str:
    pages = [r.pages for r in results if r.detail == detail and r.pages]
    return f"{min(pages)}-{max(pages)}" if pages else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--topics", help="comma-separated topics (default: all)")
    parser.add_argument("--difficulties", default="easy,medium,hard")
    parser.add_argument("--seeds", type=int, default=20, help="seeds 1..N (default 20; 0 for none)")
    parser.add_argument("--no-bundled", action="store_true", help="skip the bundled problems")
    parser.add_argument("--keep", type=Path, help="write each document's .tex into this folder")
    parser.add_argument("--details", default="brief,full", help="levels of detail (default: brief,full)")
    parser.add_argument("--verbose", "-v", action="store_true", help="print each document as it is measured")
    args = parser.parse_args(argv)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    topics = set(args.topics.split(",")) if args.topics else None

    def progress(r: Result) -> None:
        if args.verbose:
            print(f"{'BAD ' if r.bad else 'ok  '}{r.widest:6.1f}pt {r.pages}p {r.name} [{r.detail}] "
                  f"{' '.join(r.forbidden)} {r.error}",
                  flush=True)

    results = sweep(topics, args.difficulties.split(","), range(1, args.seeds + 1), not args.no_bundled,
                    args.keep, progress, tuple(args.details.split(",")))
    print(table(results))
    return 1 if any(r.bad for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
