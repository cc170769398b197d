"""Sliding puzzles: positions, heuristics, pattern databases, optimal search, scrambles and drawing."""
