"""Where the templates and bundled problems are.

In a wheel they are inside the package (tutor/templates, tutor/problems); in a
source checkout they are at the top of the repository, next to tutor/.
"""

from __future__ import annotations

import difflib
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"tutor's {name}/ folder is missing from the installation")


def bundled_problem(name: str) -> Path | None:
    """A bundled problem by its short name, e.g. ``kernel-pca/example3``."""
    root = resource_dir("problems")
    name = name.removeprefix("problems/")
    for candidate in (root / name, root / f"{name}.yaml"):
        try:
            candidate.resolve().relative_to(root.resolve())
        except ValueError:
            return None  # a name that climbs out of problems/ is not ours
        if candidate.is_file():
            return candidate
    return None


def bundled_problems() -> list[str]:
    root = resource_dir("problems")
    return sorted(str(p.relative_to(root).with_suffix("")) for p in root.glob("*/*.yaml"))


def close_bundled(name: str) -> str | None:
    """The bundled problem a misspelt name most likely means (kernel-pca/exampel3 -> kernel-pca/example3),
    or None: for a message's "did you mean", never to read in its place."""
    name = name.removeprefix("problems/").removesuffix(".yaml")
    if len(name) > 100:  # no bundled name is that long
        return None
    known = bundled_problems()
    found = difflib.get_close_matches(name, known, n=1, cutoff=0.8)
    if not found and "/" in name:  # a misspelt topic folder: kernel-pcaa/example3
        folder, _, rest = name.partition("/")
        topic = difflib.get_close_matches(folder, sorted({k.split("/")[0] for k in known}), n=1, cutoff=0.8)
        if topic:
            found = difflib.get_close_matches(f"{topic[0]}/{rest}", known, n=1, cutoff=0.8)
    return found[0] if found else None
