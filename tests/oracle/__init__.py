"""An independent numpy oracle for every topic: problem generators, float/brute-force answers, and a runner.

Shared by tests/test_oracle_scale.py (a few hundred problems in CI) and bench/oracle_sweep.py
(thousands, with a per-problem time guard). Nothing here reads tutor's intermediate results:
each answer is recomputed from the problem file alone.
"""
