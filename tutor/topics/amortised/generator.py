"""amortised: a dynamic array, a growth factor and a potential, from the post's to mismatched ones."""

from tutor.generators.nice import within_bounds

MATCHED = {2: "2n - m", 3: "(3n - m)/2", 4: "(4n - m)/3"}  # Φ = (g·n − m)/(g − 1): constant amortised cost
OTHER = ("2n - m", "n", "3n - m", "2n - m + 1")

# The bundled problems (problems/amortised/*.yaml) as (n, start, growth, potential): a generated problem is
# never one of them, so a sheet of generated problems never repeats the worked examples (easy drew the
# post's n = 9 one seed in thirteen). tests/test_generate_titles.py keeps this list and the files the same.
BUNDLED = frozenset({(9, 0, 2, "2n - m"), (8, 1, 2, "2n - m"), (10, 1, 3, "(3n - m)/2"), (10, 1, 3, "2n - m")})

GROWTH = {2: "doubling", 3: "tripling", 4: "quadrupling"}

RULES = {
    "easy": "The post's doubling array from length 0 with Φ = 2n − m, for 4 to 16 insertions (not the post's "
            "9): a table of costs and potentials in which every amortised cost is 3. Only the number of "
            "insertions varies, so there are 12 problems.",
    "medium": "6 to 12 insertions into an array that starts at length 1 or 2 and doubles or triples, with the "
              "matching potential (g·n − m)/(g − 1): constant amortised costs (3 or 5/2), and the checks "
              "Φ(h₀) = 0 and Φ ≥ 0, which fail or hold with the start.",
    "hard": "12 insertions, a start length from 0 to 3, growth 2, 3 or 4, and a potential that may not fit "
            "(2n − m with tripling, n, or Φ(h₀) ≠ 0), never one of medium's problems: the failing check to find "
            "and explain.",
}


def make(rng, difficulty):
    data = {"title": None}
    if difficulty == "easy":
        data["n"] = rng.randint(4, 16)
        data["start"] = 0
        data["growth"] = 2
        data["potential"] = MATCHED[2]
    elif difficulty == "medium":
        data["n"] = rng.randint(6, 12)
        data["start"] = rng.choice((1, 2))
        data["growth"] = rng.choice((2, 3))
        data["potential"] = MATCHED[data["growth"]]
    else:
        data["n"] = 12  # one table length: the variants (start, growth, potential) share one solution path
        data["start"] = rng.choice((0, 1, 2, 3))
        data["growth"] = rng.choice((2, 3, 4))
        data["potential"] = rng.choice((MATCHED[data["growth"]], *OTHER))
    if (data["n"], data["start"], data["growth"], data["potential"]) in BUNDLED:
        return None
    if difficulty == "hard" and data["potential"] == MATCHED[data["growth"]] and data["start"] in (1, 2) \
            and data["growth"] in (2, 3):
        return None  # a medium problem (matched potential, start 1 or 2, growth 2 or 3) with n = 12
    data["title"] = title(data, matched=data["potential"] == MATCHED[data["growth"]])
    return data


def title(data, *, matched: bool) -> str:
    """What the problem is, from its own data, as the bundled titles say it ("Tripling the array",
    "A potential that does not fit the growth"): the growth, the start and, when it is not the growth's
    own, the potential."""
    array = f"A {GROWTH[data['growth']]} array"
    start = f"from length {data['start']}"
    if matched and data["growth"] == 2 and data["start"] == 0:
        return f"{array}, {data['n']} insertions"
    if matched:
        return f"{array} {start}, {data['n']} insertions"
    return f"{array} {start} and the potential Φ = {data['potential'].replace('-', '−')}"


def nice(solution, difficulty):
    return within_bounds(solution, difficulty)


def path(solution):
    """One path for every number of insertions: a longer table of the same steps is worked the same way
    (the checks that hold or fail still tell variants apart)."""
    return tuple((s.key, s.passed) for s in solution.steps)
