"""bookgen: printable puzzle books with puzzles proved unique and graded by human technique."""

__version__ = "0.1.0"
