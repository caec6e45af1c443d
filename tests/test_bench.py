"""The benchmarks run: a tiny version of each, so that bench/run.py cannot rot unnoticed.

The figures themselves are measured by `python bench/run.py`, never asserted in tests.
"""

import sys

import pytest

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import run as bench  # noqa: E402


@pytest.mark.parametrize("name", sorted(bench.THROUGHPUT))
def test_throughput_and_its_plain_reference_run(name):
    # every entry: generator changes can leave an entry with no problem it counts (mds medium once did)
    result = bench.throughput(name, problems=1, runs=1)
    assert result["per_second"] > 0 and result["plain_per_second"] > 0


def test_growth_answers_small_problems_and_bounds_large_ones():
    result = bench.growth(("polynomial",), range(2, 4))["polynomial"]
    assert [row["n"] for row in result["rows"]] == [2, 3]
    assert all(row["seconds"] is not None for row in result["rows"])


def test_the_table_prints_every_section():
    figures = {"python": "3", "cpus": 2, "quick": True,
               "startup": {"solve_s": 0.5, "import_sympy_s": 0.4, "sympy_first_sum_s": 0.45, "ratio": 1.25,
                           "target_ratio": 1.3},
               "throughput": {"pca d=3": {"per_second": 30, "plain_per_second": 10, "ratio": 3, "target": 50}},
               "class": {"files": 200, "seconds": 2.0, "one_file_seconds": 0.6, "target_seconds": 5.0},
               "growth": {"rbf": {"rows": [{"n": 4, "seconds": None, "error": "refused"}], "largest_n_under_2s": 3}}}
    text = bench.table(figures)
    for words in ("1. start-up", "2. throughput", "3. class", "4. growth", "refused"):
        assert words in text


def test_the_solve_budget_sweep_runs_and_tables_its_figures():
    import solve_budget

    figures = solve_budget.sweep(("svd",), count=1, seed=1, limit=60, known=False)
    assert [r["outcome"] for r in figures["results"]] == ["ok"]
    assert "slowest:" in solve_budget.table(figures, show=1)


def test_the_figures_benchmark_times_both_renders_and_tables_them():
    import figures

    rows = figures.measure([ROOT / "problems" / "kernel-pca" / "example3.yaml"], runs=1)
    assert rows[0]["with_s"] > 0 and rows[0]["without_s"] > 0
    assert "all" in figures.table(rows)


def test_the_serve_load_test_runs_students_against_a_real_server_and_loses_nothing():
    import serve_load

    mix = (("kernel-pca", "easy", 1), ("svd", "easy", 1))
    figures = serve_load.run(students=2, seconds=3, workers=1, think=(0.1, 0.3), mix=mix)
    assert figures["latency_ms"]["page"]["count"] > 0 and figures["latency_ms"]["check"]["count"] > 0
    assert figures["errors"] == 0, figures["error_examples"]
    assert figures["submitted_parts"] > 0 and figures["lost"] == 0
    assert "lost attempts: 0" in serve_load.table(figures)
