"""A non-editable install finds its templates and bundled problems (a wheel in a fresh venv)."""

import subprocess
import sys
import venv

import pytest

from .conftest import PROBLEMS, ROOT


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True, timeout=600)
    wheel = next(dist.glob("tutor-*.whl"))
    env = work / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=True).create(env)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--quiet", str(wheel)],
                   check=True, capture_output=True, timeout=600)
    return env / "bin" / "tutor", work


def test_wheel_carries_templates_and_problems(installed):
    tutor, work = installed
    outside = work / "elsewhere"
    outside.mkdir()
    problem = outside / "mine.yaml"
    problem.write_text((PROBLEMS / "kernel-pca" / "example3.yaml").read_text())
    for fmt in ("md", "tex", "html", "json"):
        result = subprocess.run([str(tutor), "solve", str(problem), "-f", fmt], cwd=outside,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        if fmt == "html":  # KaTeX's script and fonts travel in the wheel
            assert "katex.render" in result.stdout and "font/woff2;base64," in result.stdout
    bundled = subprocess.run([str(tutor), "solve", "kernel-pca/example3"], cwd=outside,
                             capture_output=True, text=True, timeout=120)
    assert bundled.returncode == 0 and "Example 3" in bundled.stdout
    location = subprocess.run([str(tutor.parent / "python"), "-c", "import tutor; print(tutor.__file__)"],
                              cwd=outside, capture_output=True, text=True)
    assert str(ROOT) not in location.stdout  # the wheel, not the source tree
