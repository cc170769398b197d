"""The sudoku family: classic sudoku and its variants (x, hyper, jigsaw), and samurai."""
