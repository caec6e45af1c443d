"""derivation: one of the six derivations with one line faded, the line chosen by its difficulty."""

from tutor.topics.derivation.derivations import ALL

RULES = {
    "easy": "One of the six derivations with a substitution line left blank (a definition such as "
            "K = XᵀX or Σ = (1/n)XXᵀ put in, or a given identity restated).",
    "medium": "A line that takes one rule to fill: multiplying out, UᵀU = I, tr(AB) = tr(BA), HA = 0.",
    "hard": "The key step of a derivation left blank: UᵀU = I in the trace, completing the square, "
            "multiplying by nΦᵀ, XH = X, the eigenvalue λ/n of Σ.",
}


def make(rng, difficulty):
    name = rng.choice(sorted(ALL))
    lines = [i for i, line in enumerate(ALL[name].lines, start=1) if line.level == difficulty]
    if not lines:
        return None
    return {"title": ALL[name].title, "derivation": name, "fade": rng.choice(lines)}


def nice(solution, difficulty):
    return True  # no numbers to make nice: the lines are verified when solved


def path(solution):
    """Every derivation and faded line is its own way of working."""
    return (solution.problem.derivation, solution.problem.fade)
