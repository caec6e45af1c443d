"""Generated problems' titles say what the problem is (issue 30: "generic generated titles"), built from the
drawn data in the words of the bundled titles, and never from a draw of their own."""

from __future__ import annotations

import pytest

from tutor import generators
from tutor.escaping import latex_text
from tutor.generators import generate_one, titles

TOPICS = ("kernel-pca", "pca", "pca-gram", "mds", "svd", "pca-feature-map")
GENERIC = {"Kernel PCA", "PCA step by step", "PCA through the Gram matrix", "Classical multidimensional scaling",
           "SVD and Eckart–Young", "Linear PCA cannot see a curve"}


def _points_of(data):
    return data.get("points") or data.get("distances") or data.get("squared_distances")


@pytest.mark.parametrize("topic", TOPICS)
@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_a_generated_title_says_what_the_problem_is(topic, difficulty):
    for seed in (1, 2):
        data = generate_one(topic, difficulty, seed).data
        title = data["title"]
        assert title not in GENERIC and len(title) <= 90, title
        assert "ᵀ" not in title and "^" not in title and latex_text(title) == title, title  # typesets as it reads
        if topic == "svd":
            assert f"a {titles.size(len(data['matrix']), len(data['matrix'][0]))} matrix" in title
            assert f"rank-{data['rank']} approximation" in title
        else:
            assert f"{titles.number(len(_points_of(data)))} points" in title.lower(), title


def test_titles_are_functions_of_the_data():
    """Each generator's title is rebuilt from the data it drew: a title draws nothing, so it cannot move a
    seed's random stream."""
    from tutor.topics.kernel_pca import generator as kernel_pca
    from tutor.topics.pca import generator as pca
    from tutor.topics.pca_gram import generator as pca_gram
    from tutor.topics.svd import generator as svd

    for difficulty in generators.DIFFICULTIES:
        data = generate_one("kernel-pca", difficulty, 3).data
        assert data["title"] == kernel_pca.title(data)
        data = generate_one("pca", difficulty, 3).data
        assert data["title"] == pca.title(data["points"], data["components"], data.get("divisor", "n"))
        data = generate_one("pca-gram", difficulty, 3).data
        assert data["title"] == pca_gram.title(data["points"])
        data = generate_one("svd", difficulty, 3).data
        assert data["title"] == svd.title(data["matrix"], data["rank"])
    assert generate_one("pca", "hard", 2).data["title"] == (
        "PCA of five points in 3-D, two components, covariance divided by n − 1")
    assert generate_one("kernel-pca", "hard", 1).data["title"] == (
        "Kernel PCA of four points in 3-D, RBF kernel, with a new point")
    assert generate_one("mds", "easy", 1).data["title"] == "Classical MDS of four points from their squared distances"
    assert generate_one("svd", "medium", 1).data["title"] == "SVD of a 2 × 3 matrix and its best rank-1 approximation"
