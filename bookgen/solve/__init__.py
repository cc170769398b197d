"""Solvers over the constraint model: exhaustive search (uniqueness) and human techniques (grading)."""
