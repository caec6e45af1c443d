"""The `tutor check` examples of the README and the docs are real: each command, run now, prints what they show."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from .conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCKS = [b for page in PAGES for b in re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
          if "$ tutor check" in b]


def _sessions(block: str):
    """(command, expected output) pairs of a console block."""
    pairs, command, lines = [], None, []
    for line in block.splitlines():
        if line.startswith("$ "):
            if command:
                pairs.append((command, lines))
            command, lines = line[2:], []
        else:
            lines.append(line)
    pairs.append((command, lines))
    return pairs


def test_the_docs_show_check_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.splitlines()[0][:60])
def test_readme_check_example_is_the_real_output(block, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "tutor").write_text(f"#!/bin/sh\nexec {sys.executable} -m tutor \"$@\"\n")
    (bin_dir / "tutor").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    for command, expected in _sessions(block):
        result = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True)
        got = (result.stdout + result.stderr).splitlines()
        # stdout and stderr interleave differently through a pipe: compare the lines, not their order.
        assert sorted(got) == sorted(expected), command
