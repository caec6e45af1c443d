"""The generated pages of the docs site: one page per topic and the CLI reference.

They are written from the code itself (a topic's SUMMARY, FIELDS, ANSWER_KEYS, its checking tables, its
generator's rules and its bundled problems; click's own command objects), so they cannot drift from what
tutor does. docs/hooks.py hands them to MkDocs as virtual pages at build time; nothing here is committed.
Markdown only: no MkDocs import, so the tests can call it without the docs extra.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

import click

from . import topics as registry

# Docstring sentences that are notes for developers, not for readers of the site.
_DEVELOPER_SENTENCE = re.compile(r"^(Answer keys\b|Topic [\w-]+:)|README")


@dataclass(frozen=True)
class Page:
    """A generated page: its path under docs/, its Markdown, and files it links to (path -> text)."""

    path: str
    markdown: str
    files: dict[str, str] = field(default_factory=dict)


def _cell(text: object) -> str:
    """Text for one cell of a Markdown table: one line, its bars escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _code(name: str) -> str:
    return f"`{name}`"


def _keys(keys: tuple[str, ...]) -> str:
    """The answers a mistake explains; a slip early in the recipe carries into every later answer."""
    if len(keys) <= 3:
        return ", ".join(_code(k) for k in keys)
    return f"{_code(keys[0])} and the {len(keys) - 1} answers after it"


def _about(module) -> str:
    """The reader's part of a topic package's docstring: its sentences minus the developer notes
    (the topic line, the answer-key list the page shows as a table, the pointer to the README)."""
    spec = find_spec(module.__name__)
    doc = ast.get_docstring(ast.parse(Path(spec.origin).read_bytes())) if spec and spec.origin else None
    if not doc:
        return ""
    text = " ".join(doc.split("\n\n", 1)[1].split()) if "\n\n" in doc else ""
    sentences = re.split(r"(?<=[.])\s+(?=[A-Z])", text)
    kept = [s for s in sentences if s and not _DEVELOPER_SENTENCE.search(s)]
    return re.sub(r"``([^`]+)``", r"`\1`", " ".join(kept))


def _says_more_than_names(sentence: str) -> bool:
    """Whether a docstring's "Fields ...: ``a``, ``b``." sentence says more than the list of names."""
    rest = re.sub(r"^Fields \(besides topic and title\):|`[^`]+`|\band\b|[,.;\s]", "", sentence)
    return bool(rest)


def _demoted(markdown: str, levels: int) -> str:
    """A rendered solution's headings pushed down a level or more, to sit inside a page."""
    out, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and re.match(r"#{1,6} ", line):
            line = "#" * levels + line
        out.append(line)
    return "\n".join(out) + "\n"


def _own_doc(module) -> str:
    """A topic's own documentation, doc.md in its package (a plugin topic may have none)."""
    spec = find_spec(module.__name__)
    if not (spec and spec.origin):
        return ""
    path = Path(spec.origin).parent / "doc.md"
    return path.read_text("utf-8").strip() if path.is_file() else ""


def topic_page(name: str) -> Page:
    """docs/topics/<name>.md: what the topic asks, accepts, grades and generates, and a worked example."""
    import tutor
    from .checking.tables import tables
    from .generators import DIFFICULTIES, rules_of
    from .resources import bundled_problem, bundled_problems

    module = registry.get(name)
    lines = [f"# Topic `{name}`", "", module.SUMMARY + ".", ""]
    about = _about(module)
    fields_note = " ".join(s for s in re.split(r"(?<=[.])\s+(?=[A-Z])", about) if s.startswith("Fields"))
    about = " ".join(s for s in re.split(r"(?<=[.])\s+(?=[A-Z])", about) if s and not s.startswith("Fields"))
    if about:
        lines += [about, ""]

    lines += ["## Problem file", "",
              "A problem file of this topic has `topic: " + name + "` and may use these fields: "
              + ", ".join(_code(f) for f in module.FIELDS) + ". The fields every topic shares "
              "(`statement`, `parts`, `marks`, `check`, `generated`) are in [Problem files](../guide/problem-files.md).", ""]
    own = _own_doc(module)
    if own:  # the topic's own words (doc.md beside its code): a problem file, what each field means
        lines += [own, ""]
    elif _says_more_than_names(fields_note):
        lines += [fields_note.replace("Fields (besides topic and title):", "Of these:"), ""]

    lines += ["## Answer keys", "",
              "What `tutor check` grades and `tutor solve --format json` gives, in order "
              "(see [Answers files](../guide/answers-files.md)):", "",
              "| key | what the student gives |", "| --- | --- |"]
    lines += [f"| `{key}` | {_cell(what)} |" for key, what in module.ANSWER_KEYS.items()]
    lines.append("")

    checking = tables(module)
    # one row per name: a slip that goes either way (degree p + 1 or p - 1) is two variants of one mistake
    mistakes = list({(m.name, m.sentence, m.keys): m for m in getattr(checking, "MISTAKES", ())}.values())
    lines += ["## Named mistakes", ""]
    if mistakes:
        lines += ["A wrong answer that one of these slips explains is named in the report, with the sentence "
                  "that puts it right (see [Checking answers](../guide/checking.md)).", "",
                  "| mistake | answers it explains | what the student is told |", "| --- | --- | --- |"]
        lines += [f"| `{m.name}` | {_keys(m.keys)} | {_cell(m.sentence)} |" for m in mistakes]
    else:
        lines.append("This topic names no particular mistakes: each answer is checked against its own value.")
    follow = getattr(checking, "FOLLOW_THROUGH", ())
    if follow:
        lines += ["", "Follow-through: a later answer worked correctly from the student's own wrong earlier "
                  "answers earns its credit.", "",
                  "| from the student's | the later answers recomputed |", "| --- | --- |"]
        lines += [f"| {', '.join(_code(k) for k in f.needs)} | {', '.join(_code(k) for k in f.gives)} |"
                  for f in follow]
    lines.append("")

    rules = rules_of(name)
    if rules:
        lines += ["## Difficulties", "",
                  f"What `tutor generate {name} --difficulty LEVEL` gives "
                  "(see [Generating problems](../guide/generating.md)):", "",
                  "| difficulty | the problems |", "| --- | --- |"]
        lines += [f"| {level} | {_cell(rules[level])} |" for level in DIFFICULTIES if level in rules]
        lines.append("")

    examples = [e for e in bundled_problems() if e.startswith(name + "/")]
    files: dict[str, str] = {}
    if examples:
        lines += ["## Bundled examples", "",
                  "Each is solved by its short name, e.g. `tutor solve " + examples[0] + "`.", "",
                  "| problem | title |", "| --- | --- |"]
        for example in examples:
            loaded = tutor.load_problem(str(bundled_problem(example)))
            lines.append(f"| `{example}` | {_cell(loaded.problem.title)} |")
        lines.append("")

        shown = examples[0]
        path = bundled_problem(shown)
        stem = shown.replace("/", "-")
        figure_files: dict[str, str] = {}
        solution = tutor.render(tutor.solve(str(path)), "md", "brief", figure_stem=stem, figure_files=figure_files)
        files = {f"topics/{file}": text for file, text in figure_files.items()}
        lines += ["## A worked example", "",
                  f"The problem file `problems/{shown}.yaml`:", "", "```yaml", path.read_text("utf-8").rstrip(),
                  "```", "",
                  "Its worked solution, as this command prints it (with `-o FILE.md` the figures are written "
                  "as SVG files beside it):", "",
                  "```sh", f"tutor solve {shown} --format md", "```", "",
                  "---", "", _demoted(solution, 2)]
    markdown = "---\nmaths: true\n---\n\n" + "\n".join(lines).rstrip() + "\n"
    return Page(f"topics/{name}.md", markdown, files)


def topics_index(names: list[str]) -> Page:
    """docs/topics/index.md: a table of the topics."""
    from .resources import bundled_problems

    examples = bundled_problems()
    lines = ["# Topics", "",
             "Each problem file names its topic (`topic: kernel-pca`). Every topic has its own page: the fields "
             "of its problem files, the answer keys `tutor check` grades, the mistakes it names, what each "
             "difficulty of `tutor generate` gives, and a worked example. `tutor topics` lists them too.", "",
             "| topic | what it asks | bundled examples |", "| --- | --- | --- |"]
    for name in names:
        count = sum(1 for e in examples if e.startswith(name + "/"))
        lines.append(f"| [`{name}`]({name}.md) | {_cell(registry.summary(name))} | {count} |")
    return Page("topics/index.md", "\n".join(lines) + "\n")


# --- the CLI reference --------------------------------------------------------------------------------


def commands(group: click.Group, prefix: str = "tutor") -> list[tuple[str, click.Command]]:
    """(full name, command) of the group and every command under it, depth first, in name order."""
    found = [(prefix, group)]
    if isinstance(group, click.Group):
        for name in sorted(group.commands):
            found += commands(group.commands[name], f"{prefix} {name}")
    return found


def _help_paragraphs(text: str | None) -> list[str]:
    """A command's help as Markdown paragraphs (click's \\b no-rewrap marks dropped, lines joined)."""
    if not text:
        return []
    paragraphs = [p.replace("\b\n", "").strip() for p in re.split(r"\n\s*\n", click.unstyle(text))]
    return [" ".join(p.split()) for p in paragraphs if p]


def _default(param: click.Parameter, ctx: click.Context) -> str:
    if getattr(param, "is_flag", False) and not getattr(param, "secondary_opts", None):
        return ""  # a plain flag is off unless given
    try:
        value = param.get_default(ctx, call=False)
    except TypeError:  # older click
        value = param.get_default(ctx)
    if value is None or callable(value) or value == () or "Sentinel" in type(value).__name__:
        return ""
    if getattr(param, "secondary_opts", None):  # --figures/--no-figures: the switch in force
        return f"`{param.opts[0] if value else param.secondary_opts[0]}`"
    return f"`{value}`"


def _takes_ctx(param: click.Parameter) -> bool:
    """click 8.2 gave make_metavar a ctx argument; 8.1 has none."""
    import inspect

    return "ctx" in inspect.signature(param.make_metavar).parameters


def _metavar(param: click.Option, ctx: click.Context) -> str:
    if param.is_flag:
        return ""
    return " " + (param.make_metavar(ctx) if _takes_ctx(param) else param.make_metavar())


def cli_reference(main: click.Group) -> Page:
    """docs/reference/cli.md: every command and group, its usage line, help and options, from click."""
    lines = ["# Command-line reference", "",
             "Every command of `tutor`, as `tutor COMMAND --help` describes it (this page is written from "
             "the same definitions). `-h` is short for `--help` everywhere.", ""]
    # main's context settings (-h for --help), as `tutor` runs: click caches each command's help option, so
    # without them the page would say -h or not by whether a command had already run in this process
    root = click.Context(main, info_name="tutor", **main.context_settings)
    contexts = {"tutor": root}
    for full_name, command in commands(main):
        parent_name, _, own = full_name.rpartition(" ")
        ctx = root if not parent_name else click.Context(command, info_name=own, parent=contexts[parent_name])
        contexts[full_name] = ctx
        lines += [f"## `{full_name}`", "", "```text", command.get_usage(ctx), "```", ""]
        for paragraph in _help_paragraphs(command.help):
            lines += [paragraph, ""]
        if isinstance(command, click.Group):
            lines += ["| command | what it does |", "| --- | --- |"]
            for name in sorted(command.commands):
                anchor = (full_name + " " + name).replace(" ", "-")
                lines.append(f"| [`{name}`](#{anchor}) | {_cell(command.commands[name].get_short_help_str(80))} |")
            lines.append("")
        arguments = [p for p in command.params if isinstance(p, click.Argument)]
        if arguments:
            lines.append("Arguments: " + ", ".join(_code(p.make_metavar(ctx) if _takes_ctx(p) else p.make_metavar())
                                                     for p in arguments) + ".")
            lines.append("")
        options = [p for p in command.get_params(ctx) if isinstance(p, click.Option) and not p.hidden]
        if options:
            lines += ["| option | what it does | default |", "| --- | --- | --- |"]
            for p in options:
                names = ", ".join([*p.opts, *p.secondary_opts])
                lines.append(f"| `{names}{_metavar(p, ctx)}` | {_cell(p.help or '')} | {_default(p, ctx)} |")
            lines.append("")
    return Page("reference/cli.md", "\n".join(lines).rstrip() + "\n")


def pages() -> list[Page]:
    """Every generated page of the site, built-in topics first, then the CLI reference."""
    from .cli import main

    names = registry.builtin_names()
    return [topics_index(names), *(topic_page(name) for name in names), cli_reference(main)]
