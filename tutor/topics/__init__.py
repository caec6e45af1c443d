"""The registry of problem types. Each topic is one module, imported only when used.

A topic module provides:
  NAME                 its name in problem files (its one-line summary is in REGISTRY)
  ANSWER_KEYS          answer key -> what the student gives, in order
  FIELDS               the problem-file fields it accepts
  parse(raw) -> Problem        validate a YAML mapping into a frozen record
  solve(problem) -> Solution   the worked solution, steps as data
  problem_data(problem) -> dict   the problem as plain data (for JSON)
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import ProblemError

# name -> (module, one-line summary); the summary lives here too so that
# `tutor topics` need not import every topic.
REGISTRY: dict[str, tuple[str, str]] = {
    "kernel-pca": ("kernel_pca", "Kernel PCA by hand: kernel matrix, centring, eigenvalues, coordinates"),
    "kernel-matrix": ("kernel_matrix", "Kernel matrix by hand: Gram matrix, Hadamard form, squared distances, checks"),
    "centring": ("centring", "Centre a kernel matrix by hand: row means, grand mean, K̂, rows sum to 0"),
    "feature-space": ("feature_space", "Norm, distance and cosine in feature space from three kernel values"),
    "feature-map": ("feature_map", "The explicit feature map of a polynomial kernel, and the kernel trick"),
    "rbf-gamma": ("rbf_gamma", "Choosing γ for an RBF kernel, and what it does to far-apart points"),
    "pca": ("pca", "PCA step by step: covariance, eigenvalues, scores, reconstruction and its error"),
    "pca-gram": ("pca_gram", "The Gram trick: PCA from the n×n matrix X_c X_cᵀ when d is large"),
    "svd": ("svd", "SVD of a small matrix by hand, its rank-r truncation and Eckart–Young"),
    "mds": ("mds", "Classical multidimensional scaling: A, B = HAH, X = V Λ^(1/2), distances checked"),
    "pca-feature-map": ("pca_feature_map", "Linear PCA cannot see a curve: PCA before and after a feature map"),
    "high-dim": ("high_dim", "Data in high dimensions: ball in the cube, thin shells, random directions"),
    "feature-mean": ("feature_mean", "The feature-space mean: its squared length and each point's distance to it"),
    "importance-sampling": ("importance_sampling", "Importance sampling on a finite support: weights, estimates, variances"),
    "amortised": ("amortised", "The potential method on a doubling array: costs, Φ, amortised costs, the bound"),
    "dfs-code": ("dfs_code", "Edge codes of a DFS traversal, the DFS code and the minimum DFS code (gSpan)"),
}


def names() -> list[str]:
    return list(REGISTRY)


def summary(name: str) -> str:
    return REGISTRY[name][1]


def get(name: object) -> ModuleType:
    if not isinstance(name, str) or name not in REGISTRY:
        raise ProblemError(f"unknown topic {name!r} (known: {', '.join(REGISTRY)})", field="topic")
    return importlib.import_module(f"{__name__}.{REGISTRY[name][0]}")
