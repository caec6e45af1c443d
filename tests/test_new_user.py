"""The rough edges a new user met (issue 31) that belong to no one command's tests."""

from .conftest import run_cli


def test_a_quoted_list_in_an_answers_file_says_to_drop_the_quotes(tmp_path):
    answers = tmp_path / "a.yaml"
    answers.write_text('centred_kernel: "[[5, -3, -2], [-3, 5, -2], [-2, -2, 4]]"\n')
    result = run_cli("check", "kernel-pca/example3", str(answers), "-f", "json")
    said = result.stdout.split('"centred_kernel"', 1)[1].split("}", 1)[0]
    assert "unexpected character '['" in said and "a list in quotes is text: write it without the quotes" in said


def test_a_quoted_value_that_is_no_list_gets_no_such_hint(tmp_path):
    answers = tmp_path / "a.yaml"
    answers.write_text('grand_mean: "1/3 +"\n')
    result = run_cli("check", "kernel-pca/example3", str(answers), "-f", "json")
    assert "in quotes" not in result.stdout


def test_the_distribution_is_exact_tutor_and_the_command_tutor():
    from importlib.metadata import distribution

    import tutor

    assert tutor.DISTRIBUTION == "exact-tutor"
    assert any(e.name == "tutor" and e.value == "tutor.cli:main"
               for e in distribution("exact-tutor").entry_points if e.group == "console_scripts")
    assert run_cli("--version").output.startswith("tutor, version ")
