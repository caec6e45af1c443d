"""Checking answers to centring problems: the named mistakes and follow-through."""

from __future__ import annotations

from tutor.checking import common


MISTAKES = common.kernel_mistakes(lambda problem, K: common.centring_answers(K), common.CENTRED) \
    + common.centring_mistakes()
FOLLOW_THROUGH = common.centring_follow_through(lambda problem, K: {}, ())
