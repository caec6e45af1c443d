"""tutor generate with several topics: a mixed set in one command, topics in turn, each at its difficulty."""

from __future__ import annotations

import yaml

from tutor import generators

from .conftest import run_cli


def test_topics_take_turns_until_the_count_is_made(tmp_path):
    result = run_cli("generate", "kernel-pca,pca:hard,mds", "--count", "5", "--seed", "3", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = [line.rsplit("/", 1)[1] for line in result.output.split() if not line.endswith("/manifest.json")]
    assert names == ["kernel-pca-easy-3.yaml", "pca-hard-3.yaml", "mds-easy-3.yaml",
                     names[3], names[4]]
    assert names[3].startswith("kernel-pca-easy-") and names[4].startswith("pca-hard-")
    assert len(set(names)) == 5
    for name in names:
        data = yaml.safe_load((tmp_path / name).read_text())
        assert data["generated"]["difficulty"] == ("hard" if name.startswith("pca-") else "easy")


def test_the_same_problems_as_one_topic_at_a_time():
    mixed = generators.generate_mixed(generators.requests("svd,pca", "medium"), 8, 4)
    assert [p.text() for p in mixed[0::2]] == [p.text() for p in generators.generate("svd", "medium", 8, 2)]
    assert [p.text() for p in mixed[1::2]] == [p.text() for p in generators.generate("pca", "medium", 8, 2)]


def test_without_a_count_one_problem_a_topic_on_standard_output():
    result = run_cli("generate", "feature-map,high-dim:medium", "--seed", "1")
    assert result.exit_code == 0
    documents = [d for d in yaml.safe_load_all(result.output)]
    assert [(d["topic"], d["generated"]["difficulty"]) for d in documents] == [("feature-map", "easy"),
                                                                               ("high-dim", "medium")]


def test_a_bad_topic_list_is_one_line_before_anything_is_drawn():
    for spec, message in [("kernel-pca,pcaa", "unknown topic 'pcaa'"), ("pca,,mds", "empty topic"),
                          ("pca:hardest", "unknown difficulty 'hardest' for pca")]:
        result = run_cli("generate", spec)
        assert result.exit_code == 2 and message in result.output, result.output
    assert run_cli("generate", "pca,svd", "--stress").exit_code == 2


def test_a_topic_named_twice_is_one_topic_whose_problems_all_differ(tmp_path):
    result = run_cli("generate", "pca,pca", "--count", "2", "--seed", "3", "-o", str(tmp_path))
    assert result.exit_code == 0
    written = [line for line in result.output.split() if not line.endswith("/manifest.json")]
    assert len(set(written)) == 2 and sorted(p.name for p in tmp_path.iterdir() if p.name != "manifest.json") == \
        sorted(line.rsplit("/", 1)[1] for line in written)
