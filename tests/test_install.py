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
    wheel = next(dist.glob("exact_tutor-*.whl"))
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


MAX_WHEEL_BYTES = 1_500_000  # the docs quote the wheel's size; KaTeX and its fonts are most of it


def test_wheel_carries_the_licences_the_server_files_and_stays_small(installed):
    import zipfile

    _, work = installed
    wheel = next((work / "dist").glob("exact_tutor-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert "\nName: exact-tutor\n" in metadata  # PyPI's `tutor` is Open edX's; the command stays `tutor`
    assert f"{info}/licenses/LICENSE" in names  # tutor's own, and KaTeX's (MIT) beside the files it covers
    assert "tutor/templates/frames/html/katex/LICENSE" in names
    for served in ("practice.js", "practice.css"):
        assert f"tutor/templates/frames/html/serve/static/{served}" in names
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert "License-Expression: MIT" in metadata and "Classifier: Intended Audience :: Education" in metadata
    size = wheel.stat().st_size
    print(f"\nwheel {wheel.name}: {size / 1e6:.2f} MB")
    assert size < MAX_WHEEL_BYTES


def test_pipx_installs_the_project_as_a_command(tmp_path):
    pytest.importorskip("pipx")
    env = {"PIPX_HOME": str(tmp_path / "pipx"), "PIPX_BIN_DIR": str(tmp_path / "bin"), "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "pipx", "install", str(ROOT)], env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    tutor = tmp_path / "bin" / "tutor"
    version = subprocess.run([str(tutor), "--version"], capture_output=True, text=True, timeout=60)
    from importlib.metadata import version as installed_version

    assert version.stdout.strip() == f"tutor, version {installed_version('exact-tutor')}"
    solved = subprocess.run([str(tutor), "solve", "kernel-pca/example3"], capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    assert solved.returncode == 0 and "Example 3" in solved.stdout
    # the uninstall line of the README and docs/index.md: the distribution's name, not the command's
    gone = subprocess.run([sys.executable, "-m", "pipx", "uninstall", "exact-tutor"], env=env, capture_output=True,
                          text=True, timeout=300)
    assert gone.returncode == 0, gone.stderr[-2000:]
    assert not tutor.exists()


def test_every_documented_command_runs_with_the_installed_wheel(installed):
    # The docs' console blocks, each run with the wheel's tutor instead of this source tree's.
    tutor, _ = installed
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
                           str(ROOT / "tests" / "test_docs.py"), "-k", "documented_command"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1800,
                          env={**__import__("os").environ, "TUTOR_DOCS_PYTHON": str(tutor.parent / "python")})
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout.split("\n")[-2]
    # and it was the wheel's: its tutor imports from its own site-packages
    where = subprocess.run([str(tutor.parent / "python"), "-c", "import tutor; print(tutor.__file__)"],
                           cwd=tutor.parent, capture_output=True, text=True)
    assert "site-packages" in where.stdout and str(ROOT) not in where.stdout
