"""Killer sudoku: its board and cage techniques, the rule of 45, generator and drawing."""
