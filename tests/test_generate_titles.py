"""Generated problems carry titles built from their own data (issue 30, item 5): "A tripling array from
length 2, 9 insertions", "RBF similarity 1/4 at distance 2", not one generic title per topic; the titles'
maths is typeset in every format; and a generated amortised problem is never one of the bundled ones."""

from __future__ import annotations

import re

import pytest

from tutor import generators, load_problem
from tutor.layout import heading_html, heading_md, heading_tex

from .conftest import ROOT, drawn_problems

TOPICS = ("amortised", "rbf-gamma", "feature-space", "feature-map", "kernel-matrix", "high-dim", "dfs-code",
          "centring", "feature-mean")
# the one title every seed of a topic had before
GENERIC = {"The potential method", "Choosing gamma for an RBF kernel", "Norm, distance and angle in feature space",
           "Kernel matrix", "Centring a kernel matrix", "Data in high dimensions", "DFS codes",
           "Feature map of a polynomial kernel", "The feature-space mean"}
SEEDS = range(1, 11)


@pytest.mark.parametrize("topic", TOPICS)
@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_titles_say_what_each_generated_problem_is(topic, difficulty):
    titles = [generated.data["title"] for generated, _, _ in drawn_problems(topic, difficulty, SEEDS)]
    assert not GENERIC & set(titles), titles
    assert len(set(titles)) >= 3, titles  # ten seeds, at least three different titles
    assert all(len(t) <= 90 for t in titles), titles


@pytest.mark.parametrize("topic", TOPICS)
def test_a_titles_maths_is_typeset_in_every_format(topic):
    for difficulty in generators.DIFFICULTIES:
        for generated, _, _ in drawn_problems(topic, difficulty, range(1, 4)):
            title = generated.data["title"]
            tex = heading_tex(title)
            # every ^ (x^T y, (1 + x^T y)^2) and every Greek letter sits inside $…$ in TeX and Markdown
            outside = re.sub(r"\$[^$]*\$", "", tex)
            assert "^" not in outside and "gamma" not in outside and "π" not in outside, tex
            assert "^" not in re.sub(r"\$[^$]*\$", "", heading_md(title)), title
            if "^" in title or "gamma" in title or "Φ" in title:
                assert "$" in tex and "math inline" in str(heading_html(title)), title


def _bundled_amortised() -> set:
    out = set()
    for path in sorted((ROOT / "problems" / "amortised").glob("*.yaml")):
        p = load_problem(str(path)).problem
        out.add((p.n, p.start, p.growth, p.potential_text))
    return out


def test_the_generators_list_of_bundled_amortised_problems_is_the_problem_files():
    from tutor.topics.amortised.generator import BUNDLED

    assert BUNDLED == _bundled_amortised()


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_a_generated_amortised_problem_is_never_a_bundled_one(difficulty):
    bundled = _bundled_amortised()
    for generated, loaded, _ in drawn_problems("amortised", difficulty, range(1, 51)):
        p = loaded.problem
        assert (p.n, p.start, p.growth, p.potential_text) not in bundled, generated.data


def test_hard_amortised_never_repeats_a_medium_problem():
    medium = {generated.key for generated, _, _ in drawn_problems("amortised", "medium", range(1, 51))}
    hard = {generated.key for generated, _, _ in drawn_problems("amortised", "hard", range(1, 51))}
    assert not medium & hard
