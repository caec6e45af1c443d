"""derivation: one of the six derivations with blanks, chosen by difficulty.

easy: one inner line that takes a substitution or one rule, with nothing hidden after it; medium: the key
step of the derivation, or one line's reason; hard: two lines and a reason, the two lines now and then in a
row (the second judged from the student's first: follow-through). Every problem of a difficulty has as many
blanks (answers blank1, blank2, …), so that a blueprint asks the same parts of every variant.
"""

from tutor.topics.derivation.derivations import ALL

RULES = {
    "easy": "One of the six derivations with one inner line left blank that takes a substitution or one rule "
            "(a definition such as K = XᵀX put in, multiplying out, UᵀU = I); the line after it is shown.",
    "medium": "The key step of a derivation left blank (UᵀU = I in the trace, completing the square, multiplying "
              "by nΦᵀ, XH = X, the eigenvalue λ/n of Σ), or the reason for one line, chosen from the derivation's "
              "list of rules or written out.",
    "hard": "Three blanks: two lines and the reason for a third, the two lines often in a row (the second is "
            "judged from the student's own first line: follow-through); no line after a blank gives it away, so "
            "every other line is shown.",
}


def _followed(spec, k: int) -> bool:
    """Whether the line after line k (1-based) undoes it: a blank there would hide it."""
    return k < len(spec.lines) and spec.lines[k].undoes


def _repeats(spec, k: int) -> bool:
    """Whether line k's right-hand side is a side another line shows (it would be copied, not worked)."""
    from tutor.topics.derivation import expr, verify

    lines = verify.parsed_lines(spec.name)
    mine = expr.canonical(lines[k - 1].rhs)
    return any(expr.canonical(side) == mine for j, line in enumerate(lines, start=1) if j != k
               for side in ((line.rhs,) if spec.lines[j - 1].lhs is None else (line.lhs, line.rhs)))


def _unique_reason(spec, k: int) -> bool:
    """Whether line k's rule is the reason of no other line: a blanked reason printed beside another line
    (gram-trick's Kv = λv at lines 3 and 5) would be copied, not chosen."""
    rule = spec.lines[k - 1].rule
    return sum(line.rule == rule for line in spec.lines) == 1


def make(rng, difficulty):
    name = rng.choice(sorted(ALL))
    spec = ALL[name]
    count = len(spec.lines)
    levels = {k: line.level for k, line in enumerate(spec.lines, start=1)}
    if difficulty == "easy":
        lines = [k for k in range(2, count)
                 if levels[k] in ("easy", "medium") and not _followed(spec, k) and not _repeats(spec, k)]
        return {"title": spec.title, "derivation": name, "blanks": [rng.choice(lines)]} if lines else None
    if difficulty == "medium":
        lines = [k for k in levels if levels[k] == "hard" and not _followed(spec, k) and not _repeats(spec, k)]
        if lines and rng.random() < 0.5:  # (a key step some later line would give away is asked as a reason)
            return {"title": spec.title, "derivation": name, "blanks": [rng.choice(lines)]}
        reasons = [k for k in range(2, count + 1) if levels[k] in ("medium", "hard") and _unique_reason(spec, k)]
        return {"title": spec.title, "derivation": name, "blanks": [f"reason {rng.choice(reasons)}"]} if reasons else None
    lines = [k for k in levels if levels[k] in ("medium", "hard")]
    first = rng.choice(lines)
    if first < count and spec.lines[first].lhs is None and rng.random() < 0.5:
        second = first + 1  # the next line continues this one: judged from the student's line (follow-through)
    else:
        second = rng.choice([k for k in lines if k != first] or [k for k in levels if k != first])
    blanks = sorted((first, second))
    if any(_followed(spec, k) and k + 1 not in blanks or _repeats(spec, k) for k in blanks):
        return None  # a later line would give a blank away: the sheet would have to hide it, so draw again
    reasons = [k for k in levels if k not in blanks and levels[k] in ("medium", "hard") and _unique_reason(spec, k)]
    if not reasons:
        return None
    blanks.append(f"reason {rng.choice(reasons)}")
    return {"title": spec.title, "derivation": name, "blanks": blanks}


def nice(solution, difficulty):
    return True  # no numbers to make nice: the lines are verified when solved


def path(solution):
    """Every derivation and set of blanks is its own way of working."""
    return (solution.problem.derivation, solution.problem.blanks)
