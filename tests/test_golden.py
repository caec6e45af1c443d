"""Golden files of rendered solutions at both levels of detail (<name>.brief.md, <name>.full.tex, …),
and the LaTeX compiles with pdflatex.

Regenerate after an intended change with: TUTOR_UPDATE_GOLDEN=1 pytest tests/test_golden.py
"""

import os
import shutil
import subprocess

import pytest

from tutor import render, solve, topics

from .conftest import PROBLEMS, ROOT

GOLDEN = ROOT / "tests" / "golden"


def _cases():
    """Every golden file there is, and for a discovered topic without one its first bundled problem
    (so a new topic gets its golden file from TUTOR_UPDATE_GOLDEN=1 and fails until it has one)."""
    cases = {(p.parent.name, p.name.removesuffix(".full.md")) for p in GOLDEN.glob("*/*.full.md")}
    for topic in topics.builtin_names():
        if not any(t == topic for t, _ in cases):
            first = sorted((PROBLEMS / topic).glob("*.yaml"))
            assert first, f"topic {topic} has no bundled problem"
            cases.add((topic, first[0].stem))
    return sorted(cases)


CASES = _cases()


@pytest.mark.parametrize("topic,name", CASES)
@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_rendering_matches_the_golden_file(topic, name, fmt, detail):
    text = render(solve(str(PROBLEMS / topic / f"{name}.yaml")), fmt, detail)
    golden = GOLDEN / topic / f"{name}.{detail}.{fmt}"
    if os.environ.get("TUTOR_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def _pdflatex():
    exe = shutil.which("pdflatex")
    if exe is None and not os.environ.get("CI"):
        pytest.skip("pdflatex is not installed (CI installs it)")
    assert exe, "pdflatex is missing: .ci/run must install texlive-latex-base"
    return exe


BUNDLED = sorted(PROBLEMS.glob("*/*.yaml"))


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_latex_compiles_with_pdflatex(source, detail, tmp_path):
    exe = _pdflatex()
    problem = f"{source.parent.name}-{source.stem}"
    tex = tmp_path / f"{problem}.tex"
    tex.write_text(render(solve(str(source)), "tex", detail), encoding="utf-8")
    result = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", tex.name],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]
    assert (tmp_path / f"{problem}.pdf").stat().st_size > 1000
    log = (tmp_path / f"{problem}.log").read_text(errors="replace")
    errors = [line for line in log.splitlines() if line.startswith("! ")]  # TeX's error lines
    assert not errors, errors
