"""The figure of the potential method: per insertion i, the actual cost cᵢ, the amortised cost ĉᵢ and
the potential Φᵢ (from Φ₀ before the first insertion), as three marked series against i.

Lines with marks rather than grouped bars: a problem may have up to 64 insertions, and what is to be
seen is a shape (cᵢ jumps at each resize while Φᵢ falls by as much, ĉᵢ stays flat), not single bars.
"""

from __future__ import annotations

import sympy as sp

from tutor.figures import Curve, Level, Plot
from tutor.figures.words import joined
from tutor.topics.amortised.recipe import AmortisedData, CasesData, N, linear_tex


def per_insertion(data: AmortisedData, phi0, cases: CasesData) -> Plot:
    """The amortised step's rows (insertion, Φᵢ, ΔΦᵢ, ĉᵢ) as curves; Φ₀ is the potentials step's."""
    i = [sp.Integer(r.i) for r, *_ in data.rows]
    costs = [sp.Integer(r.cost) for r, *_ in data.rows]
    phis = [phi for _, phi, _, _ in data.rows]
    amortised = [c for *_, c in data.rows]
    n = len(data.rows)
    # Φ below 0 breaks the method's bound: the zero line shows where.
    zero = (Level(sp.Integer(0), tone="grey", dashed=True),) if min(phi0, *phis) < 0 else ()
    return Plot(
        caption=_caption(data, phi0, cases),
        items=(
            Curve(tuple(zip(i, costs)), r"c_i", r"c_i", tone="blue", marks=True),
            Curve(tuple(zip(i, amortised)), r"\hat{c}_i", r"c_i + \Phi_i - \Phi_{i-1}", tone="orange",
                  marks=True),
            Curve(((sp.Integer(0), phi0), *zip(i, phis)), r"\Phi_i",
                  linear_tex(cases.potential, "n_i", "m_i"), tone="green", dashed=True, marks=True),
            *zero,
        ),
        x_label="i",
        equal=False,
        x_range=(sp.Integer(0), sp.Integer(n)),
        y_range=(sp.Integer(0), sp.Integer(1)),  # costs from 0: a cost axis that starts at zero
    )


def _and(items) -> str:
    return joined(f"${x}$" for x in items)


def _caption(data: AmortisedData, phi0, cases: CasesData) -> str:
    # The resizes that copy (the first insertion into an empty array resizes but copies nothing).
    resized = [(r.i, c) for r, *_, c in data.rows if r.resized and r.n_before > 0]
    if not resized:
        what = "No insertion copies the array, so every actual cost $c_i$ is $1$"
    else:
        s = "s" if len(resized) > 1 else ""
        what = f"The actual cost $c_i$ jumps at the resize{s} (insertion{s} {_and(i for i, _ in resized)})"
        if not (cases.cheap.has(N) or cases.full.has(N)):
            top = max(c for *_, c in data.rows)
            what += (" while the potential $\\Phi_i$ saved by the cheap insertions pays for the copying, so the "
                     f"amortised cost $\\hat{{c}}_i$ stays at most ${sp.latex(top)}$")
        else:
            what += (", and with this potential the amortised cost $\\hat{c}_i$ of a resize changes with $n$ "
                     f"({_and(sp.latex(c) for _, c in resized)})")
    lowest = min(phi for _, phi, _, _ in data.rows)
    falls = lowest < min(phi0, 0)  # below 0, and below where it started
    if phi0 != 0:
        what += f"; the potential starts at $\\Phi_0 = {sp.latex(phi0)}$, not $0${',' if falls else ''}"
    if falls:
        what += f"{' and' if phi0 != 0 else '; the potential'} falls to ${sp.latex(lowest)}$, below $0$"
    return what + "."
