"""How do the bundled problems' PDFs break into pages? Pages, the last page's fill, and the two faults a
reviewer sees (issue 30, layout): a page holding only the final-answers box, and a heading alone at a
page's foot.

    python bench/page_fill.py                       # every bundled problem, brief, with figures
    python bench/page_fill.py --topics svd,mds --detail full --no-figures

For each problems/*/*.yaml: the LaTeX solution compiled once with pdflatex, each page's words read back
with their positions (pdftotext -bbox). "fill" is how far down the text area the page's lowest line
sits (A4, 2 cm margins; the page number is not counted). A row is flagged ALONE when a page holds only
the box (nothing above "Final answers" on it), FOOT when a page's last line is a step's heading; "box by
reference" marks a box that gives a matrix by reference to its step (it did not fit whole).
"""

from __future__ import annotations

import argparse
import html
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOP, BOTTOM = 56.7, 841.89 - 56.7  # the text area of A4 with 2 cm margins, in points from the top
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def page_lines(pdf: Path) -> list[list[tuple[float, str]]]:
    """Each page's lines, top to bottom, as (the line's lowest y, its text); the page number left out."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, timeout=60,
                         check=True).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        words = sorted((float(m.group(4)), float(m.group(1)), html.unescape(m.group(5)))
                       for m in _WORD.finditer(page))
        rows: list[list[tuple[float, float, str]]] = []
        for word in words:  # a word within 5pt of the line above joins it (scripts, tall maths; lines are 13pt apart)
            if rows and word[0] - rows[-1][-1][0] < 5:
                rows[-1].append(word)
            else:
                rows.append([word])
        lines = [(max(w[0] for w in row), " ".join(w[2] for w in sorted(row, key=lambda w: w[1]))) for row in rows]
        if lines and lines[-1][0] > BOTTOM and lines[-1][1].strip().isdigit():
            lines.pop()  # the page number in the foot
        pages.append(lines)
    return pages


def _letters(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", text)


def faults(pages: list[list[tuple[float, str]]], headings: list[str] = ()) -> list[str]:
    """ALONE: a page after the first whose first line is the box's title; FOOT: a page whose last line is
    only a step's heading, or its heading and a formula ending in a colon (``headings``: each step's "k. Title." and "Step k: Title", compared by their
    letters and digits, as pdftotext spells maths differently)."""
    alone = {_letters(h) for h in headings}
    found = []
    for i, lines in enumerate(pages, 1):
        if not lines:
            found.append(f"EMPTY p{i}")
            continue
        if lines[0][1].startswith("Final answers") and i > 1:
            found.append(f"ALONE p{i}")
        last = lines[-1][1]
        # only the heading, or the heading and its formula that a colon leads into the next page
        if i < len(pages) and any(_letters(last) == h or _letters(last).startswith(h) and last.rstrip().endswith(":")
                                  for h in alone):
            found.append(f"FOOT p{i}: {last[:50]}")
    return found


def headings(solution) -> list[str]:
    from tutor.layout import step_title

    out = []
    for k, step in enumerate(solution.steps, 1):
        title = re.sub(r"\\[A-Za-z]+", "", step_title(step.title))
        bare = re.sub(r"\$[^$]*\$", "", title)  # pdftotext may drop a title's maths (its bold maths font)
        out += [f"{k}. {title}.", f"Step {k}: {title}", f"{k}. {bare}.", f"Step {k}: {bare}"]
    return out


def measure(path: Path, detail: str, figures: bool, keep: Path | None = None) -> dict:
    from tutor import render, solve

    solution = solve(str(path))
    with tempfile.TemporaryDirectory() as tmp:
        tex = Path(tmp) / "s.tex"
        tex.write_text(render(solution, "tex", detail, figures=figures), encoding="utf-8")
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "s.tex"], cwd=tmp,
                             capture_output=True, text=True, timeout=180)
        if run.returncode != 0:
            return {"problem": f"{path.parent.name}/{path.stem}", "error": run.stdout[-300:]}
        pdf = Path(tmp) / "s.pdf"
        if keep is not None:
            keep.write_bytes(pdf.read_bytes())
        pages = page_lines(pdf)
    last = pages[-1]
    fill = (last[-1][0] - TOP) / (BOTTOM - TOP) if last else 0.0
    return {"problem": f"{path.parent.name}/{path.stem}", "pages": len(pages), "fill": fill,
            "faults": faults(pages, headings(solution)),
            "by_reference": any("see step" in text for page in pages for _, text in page)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", default="", help="comma-separated topics (default: all)")
    parser.add_argument("--detail", default="brief", choices=("brief", "full"))
    parser.add_argument("--no-figures", action="store_true")
    args = parser.parse_args(argv)
    topics = [t for t in args.topics.split(",") if t]
    paths = [p for p in sorted((ROOT / "problems").glob("*/*.yaml")) if not topics or p.parent.name in topics]
    total_pages, flagged = 0, 0
    print(f"{'problem':48} pages  last-page fill  faults")
    for path in paths:
        row = measure(path, args.detail, not args.no_figures)
        if "error" in row:
            print(f"{row['problem']:48} ERROR {row['error']!r}")
            flagged += 1
            continue
        total_pages += row["pages"]
        flagged += bool(row["faults"])
        notes = row["faults"] + (["(box by reference)"] if row["by_reference"] else [])
        print(f"{row['problem']:48} {row['pages']:5}  {row['fill']:13.0%}  {'; '.join(notes)}")
    print(f"{len(paths)} problems, {total_pages} pages, {flagged} with a fault")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
