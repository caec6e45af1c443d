"""Shrink a failing problem to a small one that fails the same way (for reports and regression tests).

Greedy: drop a point (with its row and column of a given matrix), a coordinate, a list entry or an
optional field, or write an entry as a small whole number, and keep the change when the problem
still fails with the same signature (the status, and the exception and its place, or the first
answer key that disagrees).
"""

from __future__ import annotations

import re

import yaml

from .numbers import to_yaml
from .run import run_one

OPTIONAL = ("components", "new_points", "dimensions", "compare", "dfs", "shell", "angle", "dimension")
SQUARE = ("kernel_matrix", "distances")  # drop row i and column i together
ROWS = ("points", "matrix", "new_points")


def signature(status: str, detail: str) -> str:
    if status == "crashed":
        return re.sub(r":\d+", "", detail.split(":")[0] + (detail.split(" at ")[-1] if " at " in detail else ""))
    if status == "disagreed":
        return "disagreed " + re.split(r"[:\s]", detail, maxsplit=1)[0]
    return status


def shrink(topic: str, text: str, want: str | None = None, timeout: int = 30, budget: int = 200,
           slow: float | None = None) -> str:
    """The smallest problem text found that keeps ``want`` (default: the text's own signature).
    With ``slow``, the property kept is instead "takes more than ``slow`` seconds"."""
    def fails(candidate: str) -> bool:
        outcome = run_one(topic, candidate, timeout=timeout)
        if slow is not None:
            return outcome.seconds > slow or outcome.status == "timeout"
        return signature(outcome.status, outcome.detail) == want

    if want is None and slow is None:
        outcome = run_one(topic, text, timeout=timeout)
        want = signature(outcome.status, outcome.detail)
    raw = yaml.safe_load(text)
    raw["title"] = f"minimal {topic}"
    tries = 0
    changed = True
    while changed and tries < budget:
        changed = False
        for candidate in _simpler(raw):
            tries += 1
            try:
                candidate_text = to_yaml(candidate)
            except (TypeError, ValueError):
                continue
            if fails(candidate_text):
                raw, changed = candidate, True
                break
            if tries >= budget:
                break
    return to_yaml(raw)


def _simpler(raw: dict):
    for key in OPTIONAL:
        if key in raw:
            yield {k: v for k, v in raw.items() if k != key}
    for key in SQUARE:
        if isinstance(raw.get(key), list) and len(raw[key]) > 2:
            for i in range(len(raw[key])):
                yield {**raw, key: [[x for j, x in enumerate(row) if j != i] for r, row in enumerate(raw[key]) if r != i]}
    for key in ROWS:
        rows = raw.get(key)
        if not isinstance(rows, list) or not rows or not isinstance(rows[0], list):
            continue
        if len(rows) > 1:
            for i in range(len(rows)):
                yield {**raw, key: rows[:i] + rows[i + 1:]}
        if len(rows[0]) > 1:
            for j in range(len(rows[0])):
                drop = {k: [[x for c, x in enumerate(row) if c != j] for row in raw[k]]
                        for k in ROWS if isinstance(raw.get(k), list) and raw[k] and isinstance(raw[k][0], list)}
                yield {**raw, **drop}
    for key, val in raw.items():
        if isinstance(val, list) and val and not isinstance(val[0], list) and len(val) > 1 and key not in (
                "vertices", "support", "p", "q", "f", "edges"):
            for i in range(len(val)):
                yield {**raw, key: val[:i] + val[i + 1:]}
    for key in ROWS + SQUARE:
        rows = raw.get(key)
        if not isinstance(rows, list) or not rows or not isinstance(rows[0], list):
            continue
        for i, row in enumerate(rows):
            for j, x in enumerate(row):
                if isinstance(x, str) or (isinstance(x, (int, float)) and abs(x) > 1):
                    for small in (0, 1, -1):
                        new = [list(r) for r in rows]
                        new[i][j] = small
                        if key in SQUARE:
                            new[j][i] = small
                        yield {**raw, key: new}
