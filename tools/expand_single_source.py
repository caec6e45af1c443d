"""Check the single-source templates against the per-format templates they replaced, branch by branch.

    python tools/expand_single_source.py [REV]

Rendering snapshots (tools/snapshot_outputs.py) prove the outputs identical for the problems they
render; this proves it for every branch of every template, rendered or not. It expands each
step template (templates/<topic>/steps/<kind>.j2, templates/shared/steps/<kind>.j2) and problem
template (templates/<topic>/problem.j2, templates/shared/problems/_<part>.j2) textually into the Markdown and the
LaTeX template it would be if the format macros (templates/macros/md.j2, tex.j2) were written out
in place, and compares the result with templates/markdown/.../<name>.md.j2 and
templates/latex/.../<name>.tex.j2 as they were at REV (default: the commit before the templates
were merged). A textual model of the macros, kept next to them: change both together.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "64b5518"  # the last commit with templates/markdown and templates/latex

_CALL = re.compile(r"^\s*\(\(\* call fmt\.(display|list|table)\((?:\"( *)\")?\) \*\)\)$")
_END = re.compile(r"^\s*\(\(\* endcall \*\)\)$")
_BLOCK = re.compile(r"^\s*\(\(\*.*\*\)\)$")
_SET = re.compile(r"^\(\(\* set (left|right) \*\)\)(.*)\(\(\* endset \*\)\)$")
_EXT = {"md": "md", "tex": "tex"}
_FOLDER = {"md": "markdown", "tex": "latex"}


def _inline(line: str, fmt: str) -> str:
    md = fmt == "md"
    line = line.replace("((( fmt.item )))", "- " if md else "\\item ")
    line = line.replace("((( fmt.displaystyle )))", "" if md else "\\displaystyle ")
    line = re.sub(r'\(\(\( fmt\.bold\("([^"]*)"\) \)\)\)', (r"**\1**" if md else r"\\textbf{\1}"), line)
    line = re.sub(r"\(\(\( fmt\.bold\((.*?)\) \)\)\)", (r"**((( \1 )))**" if md else r"\\textbf{((( \1 )))}"), line)
    line = re.sub(r'"shared/problems/(_\w+)\.j2"', rf'"problems/\1.{_EXT[fmt]}.j2"', line)
    return line


def expand(text: str, fmt: str) -> str:
    md = fmt == "md"
    out: list[str] = []
    stack: list[list] = []
    sets: dict[str, str] = {}
    for line in text.split("\n"):
        call, end = _CALL.match(line), _END.match(line)
        if call:
            kind, indent = call.group(1), call.group(2) or ""
            assert line.startswith(indent + "((*"), f"indent the call as its argument: {line!r}"
            stack.append([kind, indent, True])
            if kind == "display":
                out.append(indent + ("$$" if md else "\\["))
            elif kind == "list" and not md:
                out.append("\\begin{itemize}")
            elif kind == "table" and not md:
                out.append("\\begin{center}")
            continue
        if end:
            kind, indent, _ = stack.pop()
            if kind == "display":
                out.append(indent + ("$$" if md else "\\]"))
            elif kind == "list" and not md:
                out.append("\\end{itemize}")
            elif kind == "table" and not md:
                out += ["\\end{tabular}", "\\end{center}"]
            continue
        if (m := _SET.match(line)):
            sets[m.group(1)] = m.group(2)
            continue
        if "((( fmt.wide(left, right) )))" in line:
            head = _inline(line.replace("((( fmt.wide(left, right) )))", ""), fmt)
            if md:
                out.append(f"{head}${sets['left']}\\; {sets['right']}$")
            else:
                out += [f"{head}${sets['left']}$", "\\[", sets["right"], "\\]"]
            continue
        line = _inline(line, fmt)
        if stack and stack[-1][0] == "table" and not _BLOCK.match(line):
            cells = line.replace("+*))", "*))")
            columns = cells.count("((( fmt.sep )))") + 1
            cells = cells.replace("((( fmt.sep )))", " | " if md else " & ").rstrip()  # the macro strips each row
            if stack[-1][2]:  # the header
                stack[-1][2] = False
                out += [f"| {cells} |", "|" + "---|" * columns] if md else \
                       ["\\begin{tabular}{" + "c" * columns + "}", cells + " \\\\ \\hline"]
            else:
                out.append(f"| {cells} |" if md else cells + " \\\\")
            continue
        out.append(line)
    assert not stack, "unclosed call block"
    return "\n".join(out)


def old(rev: str, fmt: str, part: str, name: str) -> str:
    path = f"templates/{_FOLDER[fmt]}/{part}/{name}.{_EXT[fmt]}.j2"
    return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def main() -> int:
    rev = sys.argv[1] if len(sys.argv) > 1 else BEFORE
    compared = failed = 0
    templates = ROOT / "templates"
    # (part, name as it was) of every template: since issue 15 they sit in per-topic folders.
    found = [("steps", p) for p in templates.glob("*/steps/*.j2")]
    found += [("problems", p) for p in templates.glob("shared/problems/*.j2")]
    found += [("problems", p) for p in templates.glob("*/problem.j2")]
    for part, path in sorted(found):
        name = path.parent.name if path.name == "problem.j2" else path.stem
        text = path.read_text(encoding="utf-8")
        for fmt in ("md", "tex"):
            compared += 1
            if expand(text, fmt) != old(rev, fmt, part, name):
                failed += 1
                print(f"differs: {path.relative_to(templates)} as {fmt}")
    print(f"{compared} expansions compared, {failed} differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
