"""MkDocs hooks of tutor's docs site (listed under `hooks:` in mkdocs.yml).

- The generated pages (one per topic, the topics table, the CLI reference; tutor/docs.py writes them from
  the code) are made again at every build, so the site never shows a stale one. Copies are kept in docs/
  (`python docs/hooks.py` writes them; tests/test_docs.py fails when they are stale) so that the links to
  them work where the docs are read as files, on a code host.
- KaTeX comes from tutor's own copy (templates/frames/html/katex), so formulas render with no network.
- Maths: on a page whose front matter says `maths: true`, each $…$ and $$…$$ is kept away from Markdown
  (which would read its _ and * as emphasis and its \\ as escapes) and set by KaTeX in the browser.
"""

from __future__ import annotations

import html
import re

from mkdocs.structure.files import File

from tutor import docs, topics
from tutor.rendering import _RENDER_MATHS
from tutor.resources import resource_dir

KATEX = "assets/katex"
MATHS_SCRIPT = "assets/maths.js"

_CODE = re.compile(r"^[ \t]*```.*?^[ \t]*```[ \t]*$|`[^`\n]+`", re.M | re.S)  # fenced blocks, code spans
_MATHS = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+)\$", re.S)
_PLACEHOLDER = "MATHSPLACEHOLDER{}X"
_held: dict[str, list[str]] = {}  # page -> the HTML of its formulas, in placeholder order


def on_config(config):
    """The Topics section of the navigation: its index page, then every built-in topic's page."""
    for entry in config.nav or ():
        if isinstance(entry, dict) and "Topics" in entry:
            section = entry["Topics"]
            listed = {item if isinstance(item, str) else next(iter(item.values())) for item in section}
            section += [{name: f"topics/{name}.md"} for name in topics.builtin_names()
                        if f"topics/{name}.md" not in listed]
    return config


def generated_files() -> dict[str, str]:
    """Each generated file's path under docs/ and its text: the pages and their figures."""
    out = {}
    for page in docs.pages():
        out[page.path] = page.markdown
        out.update(page.files)
    return out


def on_files(files, config):
    for path, text in generated_files().items():
        kept = files.get_file_from_path(path)  # the copy in docs/: the build's own is the one shown
        if kept is not None:
            files.remove(kept)
        files.append(File.generated(config, path, content=text))
    katex = resource_dir("templates") / "frames" / "html" / "katex"
    for source in [katex / "katex.min.js", katex / "katex.min.css", *sorted(katex.glob("fonts/*.woff2"))]:
        uri = f"{KATEX}/{source.relative_to(katex).as_posix()}"
        files.append(File.generated(config, uri, abs_src_path=str(source)))
    files.append(File.generated(config, MATHS_SCRIPT, content=_RENDER_MATHS))
    return files


def _hold(markdown: str, held: list[str]) -> str:
    def formula(match: re.Match) -> str:
        display = match.group(1) is not None
        tex = html.escape((match.group(1) if display else match.group(2)).strip(), quote=False)
        held.append(f'<span class="math display">\\[{tex}\\]</span>' if display
                    else f'<span class="math inline">\\({tex}\\)</span>')
        return _PLACEHOLDER.format(len(held) - 1)

    parts = []
    last = 0
    for code in _CODE.finditer(markdown):  # formulas only outside code
        parts += [_MATHS.sub(formula, markdown[last:code.start()]), code.group(0)]
        last = code.end()
    parts.append(_MATHS.sub(formula, markdown[last:]))
    return "".join(parts)


def on_page_markdown(markdown, page, config, files):
    if not page.meta.get("maths"):
        return markdown
    held = _held[page.file.src_uri] = []
    return _hold(markdown, held)


def on_page_content(content, page, config, files):
    held = _held.pop(page.file.src_uri, None)
    if not held:
        return content
    return re.sub(_PLACEHOLDER.format(r"(\d+)"), lambda m: held[int(m.group(1))], content)


if __name__ == "__main__":  # python docs/hooks.py: the copies of the generated pages in docs/, made again
    from pathlib import Path

    root = Path(__file__).resolve().parent
    for path, text in generated_files().items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
        print(f"docs/{path}")
