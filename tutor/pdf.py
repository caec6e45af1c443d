"""Compile a LaTeX document with pdflatex, with an error a person can act on when that fails."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .errors import TutorError

TIMEOUT_SECONDS = 120
TOLERANCE_PT = 1.0  # an overfull box up to this wide is invisible on the page
_OVERFULL = re.compile(r"Overfull \\hbox \((\d+(?:\.\d+)?)pt too wide\)")


def overflows(log: str) -> list[float]:
    """The widths (pt) of a pdflatex log's overfull \\hbox warnings wider than TOLERANCE_PT."""
    return [float(w) for w in _OVERFULL.findall(log) if float(w) > TOLERANCE_PT]


def compile_pdf(tex: str, out: str) -> str:
    """Write the PDF of ``tex`` to ``out`` and return pdflatex's log (for its overfull boxes); a
    TutorError if pdflatex is missing or fails."""
    engine = shutil.which("pdflatex")
    if engine is None:
        raise TutorError("pdflatex is not installed (Debian/Ubuntu: apt-get install texlive-latex-base); "
                         "write the LaTeX with --format tex instead", file=out)
    try:
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "sheet.tex"
            source.write_text(tex, encoding="utf-8")
            try:
                subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", "sheet.tex"], cwd=folder,
                               capture_output=True, timeout=TIMEOUT_SECONDS, check=False)
            except subprocess.TimeoutExpired:
                raise TutorError(f"pdflatex took longer than {TIMEOUT_SECONDS} s", file=out) from None
            log = Path(folder) / "sheet.log"
            log = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
            errors = [line for line in log.splitlines() if line.startswith("! ")]
            pdf = Path(folder) / "sheet.pdf"
            if errors or not pdf.exists():
                raise TutorError(f"pdflatex failed: {errors[0] if errors else 'no PDF written'}", file=out)
            shutil.copyfile(pdf, out)
            return log
    except OSError as err:  # no room for the temporary folder, or the output cannot be written
        raise TutorError(f"cannot make the PDF: {err.strerror or err}", file=out) from None
