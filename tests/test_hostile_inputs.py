"""Hostile command-line options: every numeric option of every command refuses NaN, ±inf, huge and
negative values with one line and exit 2 (a usage error), never an internal error."""

from __future__ import annotations

import click
import pytest

from tutor.cli import main

from .conftest import run_cli

NUMERIC = {"integer", "float", "integer range", "float range", "number"}  # click's names, and ours


def _commands(group: click.Group, path=()):
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name), command


def _numeric_options():
    for path, command in _commands(main):
        # placeholders for what the command needs, so that only the option under test can be wrong
        needed = []
        for param in command.params:
            if isinstance(param, click.Argument) and param.required:
                needed.append("nosuch.yaml")
            elif isinstance(param, click.Option) and param.required:
                needed += [param.opts[0], "/nonexistent/out"]
        for param in command.params:
            if isinstance(param, click.Option) and param.type.name in NUMERIC:
                yield " ".join(path), param.opts[0], needed


OPTIONS = list(_numeric_options())
HOSTILE = ["nan", "inf", "-inf", "1e999", "-1", "9" * 5000]


def test_every_numeric_option_is_found():
    # the list below is what the parametrised test covers: a new option with a number joins it
    found = {(command, option) for command, option, _ in OPTIONS}
    assert {("solve", "--timeout"), ("check", "--timeout"), ("sheet", "--timeout"), ("export moodle", "--timeout"),
            ("export qti", "--timeout"), ("export prairielearn", "--timeout"), ("check", "--sig-figs"),
            ("solve", "--fade"), ("exam", "--seed"), ("generate", "--count"), ("serve", "--port"),
            ("serve", "--workers"), ("exam", "--jobs")} <= found


@pytest.mark.parametrize("value", HOSTILE, ids=["nan", "inf", "-inf", "1e999", "-1", "5000 digits"])
@pytest.mark.parametrize("command,option,needed", OPTIONS, ids=[f"{c} {o}" for c, o, _ in OPTIONS])
def test_a_numeric_option_refuses_a_hostile_value_in_one_line(command, option, needed, value):
    result = run_cli(*command.split(), option, value, *needed)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and option in lines[0], result.stderr
    assert len(lines[0]) < 300  # a 5,000-digit value is not echoed in full


def test_a_timeout_in_range_still_runs():
    assert run_cli("solve", "kernel-pca/example3", "--timeout", "0.5e2").exit_code == 0


def test_any_usage_error_is_one_line():
    for args in (["solve"], ["solve", "x", "--bogus"], ["nosuch"], ["export", "moodle", "x"]):
        result = run_cli(*args)
        assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, (args, result.stderr)
        assert result.stderr.startswith("error: ") and "--help`" in result.stderr
