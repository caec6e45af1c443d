"""Where a solved problem's answer is not unique in a way its statement does not fix: warnings for
the lecturer, one line per problem (`tutor check` and `tutor check --exam` print them on stderr,
`tutor exam` among its notes).

A topic's checking module may define ``not_unique(solution)``, returning such lines; the commonest
case, kept components that cut through a repeated eigenvalue, is cut_through below. The checker
accepts any right answer in these cases (rules.Basis's ``whole``), but answers that build on the
choice (a reconstruction, new points' coordinates) match ours only when the student's own earlier
answers are given to follow through from, so the lecturer should know.
"""

from __future__ import annotations

from typing import Sequence

from ..escaping import shorten
from ..exact.tidy import is_zero, sign_of
from .tables import tables


def warnings(topic, solution) -> tuple[str, ...]:
    """The lines for a solution of a topic (its package): empty when its answer is unique (up to the
    usual signs and orders)."""
    hook = getattr(tables(topic), "not_unique", None)
    return tuple(hook(solution)) if hook else ()


def cut_through(values: Sequence, kept: int, *, field: str, symbol: str, accepted: Sequence[str],
                following: Sequence[str] = (), source: str = "") -> str | None:
    """A warning when the first ``kept`` of ``values`` (descending) end inside a run of equal positive
    values: which of that eigenvalue's directions are kept is then the solver's choice, not the problem's.
    ``accepted``: the keys judged anywhere in the eigenspace; ``following``: those matched only by
    follow-through from the student's own ``source``."""
    if not 0 < kept < len(values) or not is_zero(values[kept - 1] - values[kept]) or sign_of(values[kept]) <= 0:
        return None
    value = values[kept]
    first = next(i for i in range(kept) if is_zero(values[i] - value))
    last = max(i for i in range(len(values)) if is_zero(values[i] - value)) + 1
    fixes = " or ".join(str(k) for k in (first, last) if k > 0)
    also = f"; matched only by follow-through from the student's own {source}: {', '.join(following)}" \
        if following else ""
    return (f"{field}: {kept} keeps {kept - first} of the {last - first} directions of the repeated eigenvalue "
            f"{symbol} = {shorten(str(value), 40)}, which the problem does not fix. Accepted anywhere in its "
            f"eigenspace: {', '.join(accepted)}{also}. {field}: {fixes} would fix them")
