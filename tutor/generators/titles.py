"""Words for generated problems' titles, in the style of the bundled problems' ("Five points in 3-D, two
components", "A 2 × 2 matrix and its best rank-1 approximation"): built from the drawn data only, after
every random draw, so a title never changes what a seed gives."""

WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    """A small count in words, as the bundled titles write it; digits from 11."""
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


def points(n: int, d: int | None = None) -> str:
    """'four points', or with their dimension 'four points in 3-D'."""
    return f"{number(n)} point{'' if n == 1 else 's'}" + (f" in {d}-D" if d else "")


def size(rows: int, cols: int) -> str:
    """A matrix's size as the bundled titles write it: '2 × 3'."""
    return f"{rows} × {cols}"
