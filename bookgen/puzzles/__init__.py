"""Puzzle types: the interface (base), the grid base and one package a family; the list
of types is bookgen.puzzles.registry. Importing this package imports nothing."""
