"""Each topic's checking tables: the module ``checking`` of its topic package, imported only by the
commands that check.

That module provides, as far as its topic needs them:
  RULES            answer key -> how that answer compares (default: by the expected value's shape)
  MISTAKES         named mistakes: the answers a known slip gives, with the sentence that explains it
  FOLLOW_THROUGH   answers recomputed from the student's own earlier answers

`tutor solve` never imports them (nor the checking machinery they build on).
"""

from __future__ import annotations

import importlib
from types import ModuleType, SimpleNamespace


def tables(topic: ModuleType):
    """The checking module of a topic package, or an empty namespace if it has none."""
    name = f"{topic.__name__}.checking"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return SimpleNamespace()
