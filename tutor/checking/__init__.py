"""Checking a student's answers against a worked solution: compare, diagnose, follow through, report."""
