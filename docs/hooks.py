"""MkDocs hooks of tutor's docs site (listed under `hooks:` in mkdocs.yml).

- The generated pages (one per topic, the topics table, the CLI reference; tutor/docs.py writes them from
  the code) are added as virtual files at every build, so they never touch the disk and never go stale.
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


def on_files(files, config):
    for page in docs.pages():
        files.append(File.generated(config, page.path, content=page.markdown))
        for path, text in page.files.items():
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
