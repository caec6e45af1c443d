"""Dump every rendered output to a folder, to prove a template change byte-identical.

    python tools/snapshot_outputs.py OUT_DIR [--seeds 12]
    diff -r BEFORE_DIR AFTER_DIR

What it dumps (one file each):
- `tutor solve FILE -f md|tex` of every bundled problem (problems/**.yaml), through the CLI;
- `tutor sheet` of a few problem sets, with and without --solutions, in md and tex;
- `tutor check` reports (md and text) of the class examples and of every bundled problem
  checked against its own answers and against an empty answers file;
- the md and tex rendering of generated problems: every topic x easy/medium/hard x seeds 1..N.

It writes a manifest (file count) at the end; it computes nothing the templates do not.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
SHEETS = {  # name -> problems of the sheet
    "mixed": ["kernel-pca/example3", "pca/two-d-one-component", "svd/", "dfs-code/post"],
    "kernel": ["kernel-matrix/linear-three-points", "centring/given-kernel-matrix", "feature-map/cubic-3d",
               "feature-space/quadratic-kernel", "rbf-gamma/", "feature-mean/rbf-three-points"],
    "rest": ["high-dim/thin-shell", "importance-sampling/drawn", "amortised/doubling", "mds/non-euclidean",
             "pca-gram/four-points-2d", "pca-feature-map/parabola", "dfs-code/compare-two"],
}


def _first(prefix: str) -> str:
    """'svd/' -> the first bundled problem of svd; a full name stays."""
    if not prefix.endswith("/"):
        return str(PROBLEMS / f"{prefix}.yaml")
    return str(sorted((PROBLEMS / prefix).glob("*.yaml"))[0])


def _cli(*args: str, tmp: str | None = None) -> str:
    from tutor.cli import main

    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    output = result.output.replace(str(ROOT) + "/", "")
    if tmp:  # the answers files live in a fresh temporary folder on every run
        output = output.replace(tmp, "TMP")
    return f"exit {result.exit_code}\n{output}"


def dump(out: Path, seeds: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    written = 0

    def put(name: str, text: str) -> None:
        nonlocal written
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written += 1

    problems = sorted(PROBLEMS.glob("*/*.yaml"))
    for path in problems:
        name = path.relative_to(PROBLEMS).with_suffix("")
        for fmt in ("md", "tex"):
            put(f"solve/{name}.{fmt}", _cli("solve", str(path), "--format", fmt))

    for sheet, names in SHEETS.items():
        files = [_first(n) for n in names]
        for fmt in ("md", "tex"):
            put(f"sheet/{sheet}.{fmt}", _cli("sheet", *files, "-f", fmt, "-t", f"Sheet {sheet}"))
            put(f"sheet/{sheet}-solutions.{fmt}", _cli("sheet", *files, "-f", fmt, "--solutions"))

    examples = ROOT / "examples" / "class"
    for answers in sorted(examples.glob("*.yaml")):
        for fmt in ("md", "text"):
            put(f"check/class/{answers.stem}.{fmt}",
                _cli("check", "kernel-pca/linear-three-points", str(answers), "-f", fmt))
    _check_own_and_empty(problems, put)

    from tutor import generators
    from tutor.generators import DIFFICULTIES, draw_solved
    from tutor.rendering import render

    # Before issue 15 the topics were a central list (MODULES); now they are discovered.
    for topic in getattr(generators, "MODULES", None) or generators.names():
        for difficulty in DIFFICULTIES:
            for seed in range(1, seeds + 1):
                drawn = draw_solved(topic, difficulty, seed)
                if drawn is None:
                    put(f"generated/{topic}/{difficulty}-{seed}.none", "no problem\n")
                    continue
                for fmt in ("md", "tex"):
                    put(f"generated/{topic}/{difficulty}-{seed}.{fmt}", render(drawn[2], fmt))
    (out / "MANIFEST").write_text(f"{written} files\n", encoding="utf-8")
    return written


def _check_own_and_empty(problems, put) -> None:
    """Reports of each bundled problem against its own worked answers (all right) and an empty file."""
    import yaml

    from tutor import load_problem, solve
    from tutor.checking.rules import nested
    from tutor.exact.tidy import as_expr

    def plain(value):
        if isinstance(value, tuple):
            return [plain(v) for v in value]
        return str(as_expr(value))

    with tempfile.TemporaryDirectory() as tmp:
        for path in problems:
            name = path.relative_to(PROBLEMS).with_suffix("")
            solution = solve(load_problem(str(path)))
            own = {key: plain(nested(value)) for key, value in solution.answers.items()}
            files = {"own": yaml.safe_dump(own, sort_keys=False), "empty": "{}\n"}
            for kind, text in files.items():
                answers = Path(tmp) / f"{kind}.yaml"
                answers.write_text(text, encoding="utf-8")
                for fmt in ("md", "text"):
                    put(f"check/{name}/{kind}.{fmt}", _cli("check", str(path), str(answers), "-f", fmt, tmp=tmp))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seeds", type=int, default=12)
    args = parser.parse_args()
    print(f"{dump(args.out, args.seeds)} files written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
