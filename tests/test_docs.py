"""The docs site: it builds strictly, every command it shows prints what it shows, and its generated
pages cover every topic and every command.

A console block (```console) of docs/**/*.md, README.md or a topic's doc.md is a session: each `$ ` line is a command,
run with bash from (a temporary copy of) the repository root, and the lines after it are exactly its
standard output and error, except that a line holding only `…` stands for any number of lines.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tutor import docs, topics
from tutor.cli import main

from .conftest import ROOT

SKIPPED = "…"  # a line of expected output that stands for any number of lines
COPIED = ("examples", "problems")  # the folders a documented command might write into: copied, not linked


# --- console blocks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Session:
    file: str  # relative to the repository root
    line: int  # of the block's opening fence
    commands: tuple[tuple[str, tuple[str, ...]], ...]  # (command, the lines it prints)


def sessions(path: Path) -> list[Session]:
    """The console blocks of a Markdown file, in order."""
    return sessions_of(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())


def sessions_of(text: str, file: str) -> list[Session]:
    found, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```console":
            start, body = i + 1, []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            found.append(Session(file, start, _commands(body)))
        i += 1
    return found


def _commands(body: list[str]) -> tuple:
    pairs: list[tuple[str, list[str]]] = []
    for line in body:
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
        else:
            pairs.append(("", [line]))  # output before any command: the block is malformed
    return tuple((command, tuple(out)) for command, out in pairs)


def matches(expected: tuple[str, ...] | list[str], got: list[str]) -> bool:
    """Whether the lines printed are the lines shown, each `…` line standing for any number of lines."""
    pattern = "".join(r"(?:.*\n)*?" if line == SKIPPED else re.escape(line) + r"\n" for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in got)) is not None


GENERATED = ("docs/topics/", "docs/reference/")  # copies of the generated pages (their sessions are doc.md's)


def _markdown_files() -> list[Path]:
    """README, the docs, and each topic's doc.md (shown whole on its topic page)."""
    docs_pages = [p for p in sorted((ROOT / "docs").rglob("*.md"))
                  if not p.relative_to(ROOT).as_posix().startswith(GENERATED)]
    return [ROOT / "README.md", *docs_pages, *sorted((ROOT / "tutor" / "topics").glob("*/doc.md"))]


SESSIONS = [s for path in _markdown_files() for s in sessions(path)]


@pytest.fixture
def sandbox(tmp_path):
    """A copy of the repository root to run documented commands in: the folders a command might write
    into are copied, the rest linked; `tutor` and `python` are this checkout's."""
    root = tmp_path / "repo"
    root.mkdir()
    for entry in ROOT.iterdir():
        if entry.name.startswith(".") and entry.name != ".ci":
            continue
        if entry.name in COPIED:
            shutil.copytree(entry, root / entry.name)
        else:
            (root / entry.name).symlink_to(entry)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # TUTOR_DOCS_PYTHON: the Python of another install (tests/test_install.py runs these commands with a
    # wheel's); by default the tutor of this source tree.
    # (its tutor command: `python -m tutor` would import the tutor/ of the working directory, this tree's).
    python = os.environ.get("TUTOR_DOCS_PYTHON") or sys.executable
    command = f"{Path(python).parent / 'tutor'}" if os.environ.get("TUTOR_DOCS_PYTHON") else f"{python} -m tutor"
    (bin_dir / "tutor").write_text(f"#!/bin/sh\nexec {command} \"$@\"\n")
    (bin_dir / "tutor").chmod(0o755)
    (bin_dir / "python").symlink_to(python)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "COLUMNS": "80"}
    if not os.environ.get("TUTOR_DOCS_PYTHON"):
        env["PYTHONPATH"] = str(ROOT)
    return root, env


def test_docs_show_console_sessions():
    assert len(SESSIONS) >= 5


@pytest.mark.parametrize("session", SESSIONS, ids=lambda s: f"{s.file}:{s.line}")
def test_a_documented_command_prints_what_the_docs_show(session, sandbox):
    root, env = sandbox
    for command, expected in session.commands:
        assert command, f"{session.file}:{session.line}: output before the first `$ ` command"
        result = subprocess.run(["bash", "-c", command], cwd=root, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, timeout=300)
        got = result.stdout.splitlines()
        assert matches(expected, got), (f"{session.file}:{session.line}: `{command}` printed\n"
                                        + "\n".join(got[:60]))


def test_matches_reads_the_ellipsis_as_any_lines():
    assert matches(["a", "b"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])  # a line more than shown
    assert not matches(["a", "b"], ["a", "c"])
    assert matches(["a", SKIPPED, "z"], ["a", "z"])
    assert matches(["a", SKIPPED, "z"], ["a", "b", "c", "z"])
    assert not matches(["a", SKIPPED, "z"], ["a", "b", "c"])
    assert matches([SKIPPED], [])
    assert not matches(["x.y"], ["xzy"])  # shown text is literal, not a pattern


def test_sessions_are_read_from_console_blocks():
    text = ("Text\n\n```console\n$ echo one\none\n$ echo two | tr o 0\ntw0\n```\n\n"
            "```sh\n$ pip install .\n```\n")
    (found,) = sessions_of(text, "docs/page.md")
    assert (found.file, found.line) == ("docs/page.md", 3)  # the opening fence
    assert found.commands == (("echo one", ("one",)), ("echo two | tr o 0", ("tw0",)))


@pytest.fixture(scope="module")
def generated():
    return {page.path: page for page in docs.pages()}


# --- what the pages may say -------------------------------------------------------------------------

ISSUE_NUMBER = re.compile(r"\bissues?\s*#?\s*\d+", re.I)


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_page_names_no_issue_number(path):
    text = path.read_text(encoding="utf-8")
    assert not ISSUE_NUMBER.search(text), ISSUE_NUMBER.search(text).group(0)


def test_no_generated_page_names_an_issue_number(generated):
    for page in generated.values():
        assert not ISSUE_NUMBER.search(page.markdown), page.path


# --- the generated pages ----------------------------------------------------------------------------


def test_every_topic_has_its_generated_page(generated):
    from tutor.checking.tables import tables
    from tutor.generators import rules_of

    index = generated["topics/index.md"].markdown
    for name in topics.builtin_names():
        page = generated[f"topics/{name}.md"].markdown
        module = topics.get(name)
        assert f"[`{name}`]({name}.md)" in index
        assert module.SUMMARY in page
        for field in module.FIELDS:
            assert f"`{field}`" in page, (name, field)
        for key, what in module.ANSWER_KEYS.items():
            assert f"| `{key}` | {what} |" in page, (name, key)
        for mistake in getattr(tables(module), "MISTAKES", ()):
            assert f"| `{mistake.name}` |" in page and mistake.sentence in page, (name, mistake.name)
        for level, what in rules_of(name).items():
            assert f"| {level} | {' '.join(what.split())} |" in page, (name, level)
        assert f"```sh\ntutor solve {name}/" in page and "## A worked example" in page, name


def test_a_topic_page_carries_its_example_figures(generated):
    page = generated["topics/kernel-pca.md"]
    assert page.files, "the worked example of kernel-pca draws a figure"
    for path, svg in page.files.items():
        assert path.startswith("topics/") and "<svg" in svg
        assert f"]({Path(path).name})" in page.markdown or f"](<{Path(path).name}>)" in page.markdown


def test_every_command_is_in_the_cli_reference(generated):
    import click

    reference = generated["reference/cli.md"].markdown
    names = [name for name, _ in docs.commands(main)]
    assert {"tutor export moodle", "tutor export qti", "tutor solve", "tutor check"} <= set(names)
    for name, command in docs.commands(main):
        assert f"## `{name}`" in reference, name
        section = reference.split(f"## `{name}`\n", 1)[1].split("\n## ", 1)[0]
        assert f"Usage: {name} [OPTIONS]" in section, name
        for param in command.params:
            if isinstance(param, click.Option):
                assert f"`{', '.join([*param.opts, *param.secondary_opts])}" in section, (name, param.opts)
                if param.help:
                    assert " ".join(param.help.split()).replace("|", "\\|") in section, (name, param.opts)


def test_the_copies_of_the_generated_pages_in_docs_are_current():
    """docs/topics/ and docs/reference/ hold the generated pages, so that their links work where the docs
    are read as files (a code host); the site builds its own. Stale: run `python docs/hooks.py`."""
    hooks = _hooks()
    stale = [path for path, text in hooks.generated_files().items()
             if not (ROOT / "docs" / path).is_file() or (ROOT / "docs" / path).read_text(encoding="utf-8") != text]
    import difflib

    diff = [line for path in stale if (ROOT / "docs" / path).is_file()
            for line in difflib.unified_diff((ROOT / "docs" / path).read_text(encoding="utf-8").splitlines(),
                                             hooks.generated_files()[path].splitlines(), lineterm="", n=0)]
    assert stale == [], "stale copies of generated pages: run `python docs/hooks.py`\n" + "\n".join(diff[:20])


def test_every_relative_link_of_the_docs_and_the_readme_names_a_file():
    link = re.compile(r"\]\(<?([^)>#\s]+)(?:#[^)]*)?>?\)")
    dead = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for target in link.findall(path.read_text(encoding="utf-8")):
            if "://" not in target and not target.startswith("mailto:") and not (path.parent / target).exists():
                dead.append(f"{path.relative_to(ROOT)}: {target}")
    assert dead == []


def test_the_new_users_docs_defects_stay_fixed():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    fish = next(line for line in index.splitlines() if line.startswith("| fish |"))
    assert "\\|" not in fish and "fish_source tutor &#124; source" in fish  # a literal \| in the built table
    after = index.split("## Where to go next", 1)[1].strip().splitlines()
    bullets = [line for line in after if not line.startswith("  ")]
    assert all(line.startswith("- ") for line in bullets), bullets  # no paragraph swallows the last bullet
    listed = (ROOT / "docs" / "guide" / "problem-files.md").read_text(encoding="utf-8")
    for name in topics.builtin_names():
        assert f"- [`{name}`](../topics/{name}.md)" in listed, name
    assert "full level four, five with its figure" in (ROOT / "docs" / "guide" / "solutions.md").read_text("utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in (index, readme):
        assert "pip uninstall exact-tutor" in page and "Open" in page and "edX" in page


# --- the hook and the build -------------------------------------------------------------------------


def _hooks():
    if importlib.util.find_spec("mkdocs") is None:
        if os.environ.get("CI"):
            pytest.fail("mkdocs is not installed (pip install '.[test]'): CI must build the docs")
        pytest.skip("mkdocs is not installed (pip install '.[docs]')")
    spec = importlib.util.spec_from_file_location("tutor_docs_hooks", ROOT / "docs" / "hooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_keeps_maths_from_markdown_but_not_code():
    hooks = _hooks()
    held: list[str] = []
    text = "a $x_1 < y$ b `$p$`\n\n$$\nA_{1}\n$$\n\n```sh\necho \"$HOME\" $x$\n```\n"
    out = hooks._hold(text, held)
    assert "x_1" not in out and "A_{1}" not in out
    assert '`$p$`' in out and 'echo "$HOME" $x$' in out  # code is left alone
    assert held == ['<span class="math inline">\\(x_1 &lt; y\\)</span>',
                    '<span class="math display">\\[A_{1}\\]</span>']


def test_the_site_builds_strictly_and_offline(tmp_path):
    _hooks()
    site = tmp_path / "site"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                             str(ROOT / "mkdocs.yml"), "--site-dir", str(site)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
    for name in topics.builtin_names():
        page = (site / "topics" / name / "index.html").read_text(encoding="utf-8")
        assert 'class="math' in page and "MATHSPLACEHOLDER" not in page, name
    reference = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    for name, _ in docs.commands(main):
        assert f'id="{name.replace(" ", "-")}"' in reference, name
    assert (site / "assets" / "katex" / "katex.min.js").is_file()
    assert list((site / "assets" / "katex" / "fonts").glob("*.woff2"))
    for page in site.rglob("*.html"):  # nothing is fetched from the network (links out are fine)
        text = page.read_text(encoding="utf-8")
        fetched = re.findall(r'<(?:script|img|link)\b[^>]*(?:src|href)="((?:https?:)?//[^"]*)"', text)
        assert not fetched, (page, fetched)


def test_every_built_in_topic_has_its_own_words_on_its_page(generated):
    # doc.md beside a topic's code: a problem file and what each field means, shown whole on the page.
    for name in topics.builtin_names():
        own = Path(topics.get(name).__file__).parent / "doc.md"
        assert own.is_file(), name
        assert own.read_text("utf-8").strip() in generated[f"topics/{name}.md"].markdown, name
