"""Shared helpers: solve a problem written inline, run the CLI in-process."""

from __future__ import annotations

from pathlib import Path

import os

import pytest
import sympy as sp
from click.testing import CliRunner

from tutor import load_problem_text, solve
from tutor.cli import main

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
# The long sweeps (the parser fuzz, the generators' stress test, the statements of every seed) run a
# sample by default so that `pytest` stays within ten minutes on two cores; TUTOR_FULL=1 runs them in full.
FULL = os.environ.get("TUTOR_FULL") == "1"


def solve_yaml(text: str):
    return solve(load_problem_text(text, "<test>"))


def run_cli(*args: str, input: str | None = None):
    """Run `tutor ARGS` in-process; returns click's Result (exit_code, stdout, stderr)."""
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def drawn_problems(topic: str, difficulty: str, seeds) -> list:
    """(Generated, Loaded, Solution) of each seed, as tutor generate draws them; every seed must give one."""
    from tutor.generators import draw_solved

    out = []
    for seed in seeds:
        drawn = draw_solved(topic, difficulty, seed)
        assert drawn is not None, f"{topic} {difficulty} seed {seed}: no problem"
        out.append(drawn)
    return out


def same_up_to_sign(u, v) -> bool:
    u, v = sp.Matrix(u), sp.Matrix(v)
    return all(sp.simplify(a - b) == 0 for a, b in zip(u, v)) or all(
        sp.simplify(a + b) == 0 for a, b in zip(u, v)
    )


def _writer(folder, default_name: str):
    def write(text: str, name: str = default_name) -> str:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


@pytest.fixture
def tmp_problem(tmp_path):
    """Write a problem file; returns its path."""
    return _writer(tmp_path, "problem.yaml")


@pytest.fixture
def tmp_answers(tmp_path):
    """Write an answers file; returns its path."""
    return _writer(tmp_path, "answers.yaml")


def problem_error(text: str):
    """The ProblemError that solving this problem text raises (it must raise one)."""
    from tutor.errors import ProblemError

    with pytest.raises(ProblemError) as info:
        solve_yaml(text)
    return info.value


def solve_error_line(tmp_path, text: str) -> tuple[str, str]:
    """`tutor solve` of a bad problem file in a real process: (the file, its one-line error); exit code 2."""
    import subprocess
    import sys

    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    result = subprocess.run([sys.executable, "-m", "tutor", "solve", str(bad)], capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    return str(bad), result.stderr.strip()


def approx_numbers(data):
    """Every approximate number in JSON data (a figure's, say): the "approx" of each exact number."""
    if isinstance(data, dict):
        if set(data) >= {"exact", "approx"}:
            yield data["approx"]
        else:
            for value in data.values():
                yield from approx_numbers(value)
    elif isinstance(data, list):
        for value in data:
            yield from approx_numbers(value)


def pytest_terminal_summary(terminalreporter):
    """The stress test's table (tests/test_generate.py), when it ran: per topic and difficulty, the distinct
    problems, the share of draws rejected and the slowest seed."""
    import sys

    module = sys.modules.get("tests.test_generate")
    table = getattr(module, "STRESS_TABLE", None)
    if table:
        terminalreporter.write_sep("-", "tutor generate --stress (tests/test_generate.py)")
        for line in table:
            terminalreporter.write_line(line)


# --- databases: tutor serve's store runs every test on SQLite and on PostgreSQL ---------------------------

@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """The URL of an empty database: a SQLite file in tmp_path, or a fresh schema (dropped afterwards) of the
    PostgreSQL database named by TUTOR_TEST_POSTGRES, so that runs at the same time never meet. Without that
    variable PostgreSQL is skipped, except under CI, which must test both (.ci/run starts the server)."""
    import os

    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tutor.db'}"
        return
    base = os.environ.get("TUTOR_TEST_POSTGRES")
    if not base:
        if os.environ.get("CI"):
            pytest.fail("TUTOR_TEST_POSTGRES is not set: .ci/run must start PostgreSQL and set it")
        pytest.skip("TUTOR_TEST_POSTGRES is not set (postgresql://USER:PASSWORD@HOST/DB; .ci/run sets it)")
    import uuid

    import psycopg
    from sqlalchemy.engine import make_url

    schema = f"test_{uuid.uuid4().hex}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
