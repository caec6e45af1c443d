"""Problem-file numbers as floats, read without tutor's parser (the oracle must not share its bugs).

A generated number is a ``Num``: the text written into the YAML file and its float value. A
problem read back from YAML (a saved failure) is evaluated by ``value``, a small whitelist
evaluator over Python's ``ast`` (numbers, + - * / ^, sqrt, ln, exp, pi, e): test code only.
"""

from __future__ import annotations

import ast
import json
import math
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Num:
    text: str  # as written in the problem file: an int, a decimal, or a quoted string like "sqrt(2)/2"
    v: float

    @staticmethod
    def of(x) -> "Num":
        """A whole number, a Fraction, or a string from the whitelist grammar."""
        if isinstance(x, Num):
            return x
        if isinstance(x, int):
            return Num(str(x), float(x))
        if isinstance(x, Fraction):
            return Num.of(int(x)) if x.denominator == 1 else Num(f"{x.numerator}/{x.denominator}", float(x))
        return Num(x, value(x))


_FUNCS = {"sqrt": math.sqrt, "ln": math.log, "log": math.log, "exp": math.exp}
_CONSTS = {"pi": math.pi, "e": math.e}


def value(raw, variables: dict | None = None) -> float:
    """A YAML number or whitelist string as a float; ``variables`` names x1, x, n, ... for maps."""
    if isinstance(raw, bool):
        raise ValueError(f"not a number: {raw!r}")
    if isinstance(raw, (int, float)):
        return float(raw)
    tree = ast.parse(str(raw).replace("^", "**"), mode="eval")
    return _eval(tree.body, variables or {}, float, _FUNCS, _CONSTS)


def mp_value(raw, variables: dict | None = None):
    """``value`` in mpmath at its current precision (densities and integrands evaluated far out in a tail)."""
    import mpmath

    if isinstance(raw, bool):
        raise ValueError(f"not a number: {raw!r}")
    if isinstance(raw, (int, float)):
        return mpmath.mpf(raw)
    funcs = {"sqrt": mpmath.sqrt, "ln": mpmath.log, "log": mpmath.log, "exp": mpmath.exp}
    tree = ast.parse(str(raw).replace("^", "**"), mode="eval")
    return _eval(tree.body, variables or {}, mpmath.mpf, funcs, {"pi": mpmath.pi, "e": mpmath.e})


def _eval(node, variables, number, funcs, consts):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return number(node.value)
    if isinstance(node, ast.Name):
        if node.id in variables:
            return number(variables[node.id])
        return consts[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        x = _eval(node.operand, variables, number, funcs, consts)
        return -x if isinstance(node.op, ast.USub) else x
    if isinstance(node, ast.BinOp):
        a, b = (_eval(side, variables, number, funcs, consts) for side in (node.left, node.right))
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.Div: lambda: a / b, ast.Pow: lambda: a**b}
        return ops[type(node.op)]()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        return funcs[node.func.id](_eval(node.args[0], variables, number, funcs, consts))
    raise ValueError(f"outside the oracle's grammar: {ast.dump(node)}")


def exact_fraction(raw) -> Fraction:
    """A YAML number or "a/b" string as an exact Fraction (probabilities, potentials' coefficients)."""
    if isinstance(raw, int):
        return Fraction(raw)
    if isinstance(raw, float):
        return Fraction(str(raw))
    return Fraction(str(raw).replace(" ", ""))


def to_yaml(fields: dict) -> str:
    """One ``key: value`` line per field, values in JSON flow style (valid YAML), Nums as their text."""

    def plain(x):
        if isinstance(x, Num):
            try:
                return json.loads(x.text)  # an int or a decimal stays a YAML number
            except ValueError:
                return x.text
        if isinstance(x, dict):
            return {k: plain(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [plain(v) for v in x]
        return x

    lines = []
    for key, val in fields.items():
        text = json.dumps(plain(val), ensure_ascii=False)
        if isinstance(val, dict):  # {name: rbf} reads better than {"name": "rbf"}, and YAML takes both
            text = "{" + ", ".join(f"{k}: {json.dumps(plain(v), ensure_ascii=False)}" for k, v in val.items()) + "}"
        lines.append(f"{key}: {text}")
    return "\n".join(lines) + "\n"
