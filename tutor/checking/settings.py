"""A problem file's optional `check:` section: the tolerance for decimals and the weight of each key."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

import sympy as sp

from .. import fields
from ..errors import ProblemError

MAX_SIG_FIGS = 12
DEFAULT_SIG_FIGS = 3


@dataclass(frozen=True)
class CheckSettings:
    sig_figs: int = DEFAULT_SIG_FIGS
    weights: Mapping[str, sp.Rational] = field(default_factory=dict)  # key -> weight; default 1
    imprecise_credit: sp.Rational = sp.Rational(1, 2)  # share of a key's weight for a right but rough decimal

    def __post_init__(self):
        object.__setattr__(self, "weights", MappingProxyType(dict(self.weights)))

    def weight(self, key: str) -> sp.Rational:
        return self.weights.get(key, sp.Integer(1))


def parse_settings(raw: object, keys: tuple[str, ...]) -> CheckSettings:
    """Validate ``check: {sig_figs: 3, weights: {eigenvalues: 2, gram: 0}, imprecise_credit: 1/2}``."""
    if not isinstance(raw, dict):
        raise ProblemError("must be a mapping such as {sig_figs: 3, weights: {eigenvalues: 2}}", field="check")
    fields.reject_unknown(raw, ("sig_figs", "weights", "imprecise_credit"))
    sig_figs = fields.integer(raw.get("sig_figs", DEFAULT_SIG_FIGS), "check.sig_figs", 1, MAX_SIG_FIGS)
    imprecise = fields.number(raw.get("imprecise_credit", "1/2"), "check.imprecise_credit")
    if not imprecise.is_Rational or not 0 <= imprecise <= 1:
        raise ProblemError(f"must be a rational number from 0 to 1 (the share of a key's marks for a value "
                           f"right to fewer significant figures than asked), got {raw['imprecise_credit']!r}",
                           field="check.imprecise_credit")
    weights_raw = raw.get("weights", {})
    if not isinstance(weights_raw, dict):
        raise ProblemError("must be a mapping of answer keys to weights", field="check.weights")
    weights = {}
    for key, value in weights_raw.items():
        name = f"check.weights.{key}"
        if key not in keys:
            raise ProblemError(f"not an answer key of this topic (keys: {', '.join(keys)})", field=name)
        weight = fields.number(value, name)
        if not weight.is_Rational or weight < 0 or weight > 1000:
            raise ProblemError(f"must be a rational number from 0 to 1000, got {value!r}", field=name)
        weights[key] = weight
    return CheckSettings(sig_figs, weights, imprecise)
