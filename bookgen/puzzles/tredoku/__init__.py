"""Tredoku: sudoku on the faces of a figure of cubes: its figures, drawing and the names
its worked steps give faces, squares and lines."""
