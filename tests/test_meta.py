"""The project keeps its promises about itself: templates, docs and safe parsing."""

import re
import subprocess
import sys

import pytest

from tutor import solve, topics
from tutor.checking.topics import tables
from tutor.resources import resource_dir

from .conftest import PROBLEMS, ROOT, run_cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _kinds_used():
    kinds = set()
    for path in (PROBLEMS).glob("*/*.yaml"):
        kinds |= {s.kind for s in solve(str(path)).steps}
    return kinds


@pytest.mark.parametrize("folder,ext", [("markdown", "md"), ("latex", "tex")])
def test_every_step_kind_and_topic_has_a_template_in_every_format(folder, ext):
    templates = resource_dir("templates") / folder
    for kind in _kinds_used():
        assert (templates / "steps" / f"{kind}.{ext}.j2").is_file(), kind
    for name in topics.names():
        assert (templates / "problems" / f"{name}.{ext}.j2").is_file(), name


def test_every_topic_has_bundled_problems_and_documented_answer_keys():
    for name in topics.names():
        assert len(list((PROBLEMS / name).glob("*.yaml"))) >= 3
        for key in topics.get(name).ANSWER_KEYS:
            assert f"`{key}`" in README, f"answer key {key} of {name} is not in the README"


def test_every_cli_command_has_help_and_is_in_the_readme():
    from tutor.cli import main

    for name in main.commands:
        result = run_cli(name, "--help")
        assert result.exit_code == 0 and "Usage:" in result.output
        assert f"tutor {name}" in README, name


def test_readme_starts_with_the_two_setup_commands_and_ci_runs_the_second():
    blocks = re.findall(r"```(?:sh|bash)?\n(.*?)```", README, re.S)
    assert "pip install . && tutor solve problems/kernel-pca/example3.yaml" in blocks[0]
    test_command = "pip install '.[test]' && pytest"
    assert test_command in blocks[0]
    assert test_command in (ROOT / ".ci" / "run").read_text()


def test_no_string_evaluation_in_the_package():
    pattern = re.compile(r"\b(eval|exec)\(|sympify\(|parse_expr\(")
    for path in (ROOT / "tutor").rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            assert not pattern.search(code), f"{path.name}:{number}: {line.strip()}"


def test_every_named_mistake_is_documented_in_the_readme():
    for name in topics.names():
        module = topics.get(name)
        names = {m.name for m in getattr(tables(module), "MISTAKES", ())}
        names |= {r.not_normalised[0] for r in getattr(tables(module), "RULES", {}).values()
                  if getattr(r, "not_normalised", None)}
        for mistake in names:
            assert f"`{mistake}`" in README, f"mistake {mistake} of {name} is not in the README"


def test_solving_imports_no_checking_machinery():
    # Start-up is part of every `tutor solve`: the checking tables and rules load only for `tutor check`.
    code = ("import sys, tutor\n"
            "tutor.render(tutor.solve(tutor.load_problem(sys.argv[1])), 'md')\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('tutor.checking'))))\n")
    for folder in sorted(p for p in PROBLEMS.iterdir() if p.is_dir()):  # one problem of every topic
        path = sorted(folder.glob("*.yaml"))[0]
        out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
        assert out.stdout.split() == ["tutor.checking", "tutor.checking.settings"], path
