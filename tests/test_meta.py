"""The project keeps its promises about itself: templates, docs and safe parsing."""

import re
import subprocess
import sys

import pytest

from tutor import solve, topics
from tutor.checking.tables import tables
from tutor.resources import resource_dir

from .conftest import PROBLEMS, ROOT, run_cli

README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDE = ROOT / "docs" / "guide"


def _kinds_by_topic():
    kinds = {}
    for path in (PROBLEMS).glob("*/*.yaml"):
        solution = solve(str(path))
        kinds.setdefault(solution.topic, set()).update(s.kind for s in solution.steps)
    return kinds


def test_every_step_kind_and_topic_has_one_template_for_every_format():
    # A kind is the topic's own (templates/<topic>/steps/) or shared (templates/shared/steps/), not both.
    templates = resource_dir("templates")
    for topic, kinds in _kinds_by_topic().items():
        for kind in kinds:
            own = (templates / topic / "steps" / f"{kind}.j2").is_file()
            shared = (templates / "shared" / "steps" / f"{kind}.j2").is_file()
            assert own != shared, (topic, kind)
    for name in topics.builtin_names():
        assert (templates / name / "problem.j2").is_file(), name


def test_a_topics_own_step_templates_serve_only_that_topic():
    # Kinds several topics use belong in shared/; a kind in a topic's folder is used by no other topic.
    templates = resource_dir("templates")
    for topic, kinds in _kinds_by_topic().items():
        for path in templates.glob("*/steps/*.j2"):
            owner = path.parent.parent.name
            if owner not in ("shared", topic):
                assert path.stem not in kinds, f"{topic} uses {owner}'s step template {path.stem}"


def test_every_topic_folder_is_a_topic_and_says_so():
    # Discovery reads the folder name (kernel_pca/ is kernel-pca) without importing: NAME must agree,
    # every topic has a summary, a generator and a templates folder, and there are no stray folders.
    import tutor.topics as package

    templates = resource_dir("templates")
    folders = {p.name for p in (ROOT / "tutor" / "topics").iterdir() if (p / "__init__.py").is_file()}
    assert sorted(f.replace("_", "-") for f in folders) == topics.builtin_names()
    for name in topics.builtin_names():
        module = topics.get(name)
        assert module.NAME == name and module.__name__.startswith(package.__name__ + ".")
        assert module.SUMMARY and "\n" not in module.SUMMARY
        assert hasattr(__import__(f"{module.__name__}.generator", fromlist=["make"]), "make")
    assert {p.name for p in templates.iterdir() if p.is_dir()} == {*topics.builtin_names(), "shared",
                                                                   "frames", "macros"}


def test_only_the_frames_and_the_format_macros_are_written_per_format():
    # One template per step kind and problem statement: no format's syntax outside frames/ and macros/.
    templates = resource_dir("templates")
    per_format = [r"\\begin\{itemize\}", r"\\begin\{tabular", r"\\textbf\{", r"^\s*\$\$\s*$",
                  r"^\s*\\[\[\]]\s*$", r"^\|.*\|$", r"\*\*\w", "<(p|ul|li|table|div|strong)\\b"]
    for path in [*templates.glob("*/steps/*.j2"), *templates.glob("*/problem.j2"),
                 *templates.glob("shared/problems/*.j2"), templates / "solution.j2"]:
        text = path.read_text(encoding="utf-8")
        for pattern in per_format:
            assert not re.search(pattern, text, re.M), f"{path.name}: {pattern}"
    macros = {p.stem for p in (templates / "macros").glob("*.j2")}
    assert {"md", "tex"} <= macros
    for fmt in macros:  # every format's macro file defines the same public names (_name: one format's helper)
        names = set(re.findall(r"\(\(\* (?:macro|set) ([a-z]\w*)", (templates / "macros" / f"{fmt}.j2").read_text()))
        assert names == set(re.findall(r"\(\(\* (?:macro|set) ([a-z]\w*)", (templates / "macros" / "md.j2").read_text())), fmt


def test_every_topic_has_bundled_problems_and_documented_answer_keys():
    answers_page = (GUIDE / "answers-files.md").read_text(encoding="utf-8")
    for name in topics.builtin_names():
        assert len(list((PROBLEMS / name).glob("*.yaml"))) >= 3
        for key in topics.get(name).ANSWER_KEYS:
            assert f"`{key}`" in answers_page, f"answer key {key} of {name} is not in docs/guide/answers-files.md"


def test_every_topic_docstring_names_its_fields_and_answer_keys():
    # A topic folder documents itself: its docstring lists what a problem file and an answers file hold.
    for name in topics.builtin_names():
        module = topics.get(name)
        fields = [f for f in module.FIELDS if f not in ("topic", "title")]
        for word in [*fields, *module.ANSWER_KEYS]:
            assert f"``{word}``" in module.__doc__, f"{name}: {word} is not in its docstring"


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


def test_every_named_mistake_is_documented_in_the_checking_guide():
    checking = (GUIDE / "checking.md").read_text(encoding="utf-8")
    for name in topics.builtin_names():
        module = topics.get(name)
        names = {m.name for m in getattr(tables(module), "MISTAKES", ())}
        names |= {r.not_normalised[0] for r in getattr(tables(module), "RULES", {}).values()
                  if getattr(r, "not_normalised", None)}
        for mistake in names:
            assert f"`{mistake}`" in checking, f"mistake {mistake} of {name} is not in docs/guide/checking.md"


def test_listing_the_topics_imports_none_of_them():
    # `tutor topics` reads each topic's SUMMARY from its source: no topic module, no SymPy.
    code = ("import sys\n"
            "from click.testing import CliRunner\n"
            "from tutor.cli import main\n"
            "out = CliRunner().invoke(main, ['topics']).output\n"
            "assert 'Kernel PCA by hand' in out, out\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('sympy', 'tutor.topics.')))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == []
    for name in topics.builtin_names():
        assert topics.summary(name) == topics.get(name).SUMMARY


def test_solving_imports_no_checking_machinery():
    # Start-up is part of every `tutor solve`: the checking tables and rules load only for `tutor check`.
    code = ("import sys, tutor\n"
            "tutor.render(tutor.solve(tutor.load_problem(sys.argv[1])), 'md')\n"
            "print(' '.join(sorted(m for m in sys.modules\n"
            "                      if m.startswith('tutor.checking') or m.endswith('.checking'))))\n")
    for folder in sorted(p for p in PROBLEMS.iterdir() if p.is_dir()):  # one problem of every topic
        path = sorted(folder.glob("*.yaml"))[0]
        out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
        assert out.stdout.split() == ["tutor.checking", "tutor.checking.settings"], path
