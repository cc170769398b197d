"""A publisher's production line beside the book: single puzzles out (export), the cover,
the print check and the front matter's pages."""
