"""The card's "random tries": count how many of N uniformly random unit vectors in R^m land within θ of e₁.

A uniform direction is a normalised Gaussian vector u = x/|x|, and its angle to e₁ is at most θ exactly when
x₁ ≥ cos θ · |x|. The only floats in the topic live here: each try is a random draw, and what leaves this
module is a whole count of hits (the estimate hits/N and its standard error are then exact numbers).

Coordinate j of every try comes from its own stream, child j of the seed's SeedSequence, and the dimensions
share the draws (R^m uses the first m coordinates): the count for m depends only on the seed, m and N, not
on the other dimensions asked for, and one pass of N × max(m) draws serves them all.
"""

from __future__ import annotations

import numpy as np

CHUNK = 1 << 16  # tries drawn at once: 65,536 × 8 bytes per array, whatever N is


def count_hits(dimensions, cos_theta: float, tries: int, seed: int) -> dict[int, int]:
    """For each m in dimensions (each >= 2), how many of `tries` random unit vectors in R^m have
    angle at most θ to e₁ (given as cos θ), drawn reproducibly from `seed`."""
    wanted = set(dimensions)
    top = max(wanted)
    streams = [np.random.Generator(np.random.PCG64(child)) for child in np.random.SeedSequence(seed).spawn(top)]
    hits = dict.fromkeys(wanted, 0)
    for start in range(0, tries, CHUNK):
        k = min(CHUNK, tries - start)
        squares = np.zeros(k)
        first = None
        for j, stream in enumerate(streams):
            x = stream.standard_normal(k)
            if first is None:
                first = x
            squares += x * x
            if j + 1 in wanted:
                hits[j + 1] += int(np.count_nonzero(first >= cos_theta * np.sqrt(squares)))
    return hits
