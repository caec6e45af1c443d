"""Folders a command writes (`tutor exam`, `tutor generate`, `tutor export prairielearn`): each run lists
what it wrote in the folder's manifest.json, and the next run into that folder removes what the list
names and it does not write again, so no file of an earlier run stays beside the new ones. A folder
that holds files but no manifest of the same command is refused unless forced (its files then stay).

A manifest is a file anyone can edit: a listed name that leaves the folder (``..``, an absolute path, a
link to elsewhere) makes the whole list untrusted, so nothing outside the folder is ever removed.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import TutorError

MANIFEST = "manifest.json"
FORMAT = 1
MAX_BYTES = 16_000_000  # a list of some 2000 students' files is well under 1 MB


def manifest_json(command: str, files, **data) -> str:
    """The manifest's text: ``data`` (the exam keeps what `tutor check --exam` reads there), the command
    that wrote the folder and every file it wrote but this one."""
    body = {"format": FORMAT, **data, "written_by": command, "files": list(files)}
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def written_before(out_dir: str, command: str, force: bool = False) -> list[str]:
    """The files an earlier run of ``command`` wrote into ``out_dir`` (its manifest's list), to be
    replaced: called before any work, so a refusal costs nothing."""
    root = Path(out_dir)
    if not root.is_dir() or not any(root.iterdir()):
        return []
    path = root / MANIFEST
    try:
        raw = json.loads(path.read_text(encoding="utf-8")) if path.stat().st_size <= MAX_BYTES else None
    except (OSError, ValueError):
        raw = None
    # Manifests without written_by are the exam's: it was the only command that wrote one.
    listed = raw.get("files") if isinstance(raw, dict) and raw.get("written_by", "tutor exam") == command else None
    if isinstance(listed, list) and all(isinstance(f, str) and _inside(root, f) for f in listed):
        return listed
    if force:
        return []
    raise TutorError(f"holds files that no {manifest_noun(command)} lists (written by something else, or by an "
                     "older tutor): write into a new folder, or pass --force to write over it", file=out_dir)


def manifest_noun(command: str) -> str:
    return "exam manifest" if command == "tutor exam" else f"manifest of `{command}`"


def _inside(root: Path, name: str) -> bool:
    """A relative path to a file (not a folder) that stays inside the folder, through any links on the way."""
    path = Path(name)
    if not path.parts or path.is_absolute() or ".." in path.parts or name == MANIFEST:
        return False
    try:
        return (root / path).parent.resolve().is_relative_to(root.resolve()) and not (root / path).is_dir()
    except (OSError, RuntimeError):  # a loop of links
        return False


def remove_stale(root: Path, old, new) -> None:
    """Remove the earlier run's files that this one does not write again, then the folders they leave empty."""
    for name in set(old) - set(new):
        try:
            (root / name).unlink(missing_ok=True)
        except OSError as error:
            raise TutorError(f"cannot remove the earlier run's file: {error.strerror or error}",
                             file=str(root / name)) from None
    for folder in sorted({(root / name).parent for name in old}, key=lambda f: -len(f.parts)):
        if folder != root and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def write_texts(root: Path, texts: dict[str, str]) -> None:
    """Write each text at its path under ``root``, making folders as needed (the manifest last, by order)."""
    for name, text in texts.items():
        path = root / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            raise TutorError(f"cannot write: {error.strerror or error}", file=str(path)) from None


def write_folder(out_dir: str, command: str, texts: dict[str, str], old) -> list[str]:
    """Replace what ``command`` wrote into ``out_dir`` before (``old``, from written_before) with ``texts``
    (path under the folder -> text) and their manifest; returns the paths written, the manifest last."""
    root = Path(out_dir)
    texts = {**texts, MANIFEST: manifest_json(command, texts)}
    remove_stale(root, old, texts)
    write_texts(root, texts)
    return [str(root / name) for name in texts]
