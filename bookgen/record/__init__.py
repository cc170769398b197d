"""A class record: the SQLite file (`record: class-4b.sqlite`) in which every build of a
term's worksheets is kept, so no child is given a puzzle twice, a recorded seed is
reprinted exactly, and each child's level follows how they did. store.py opens and
checks the file, schema.py declares its tables, digest.py names a puzzle, history.py
asks what was built, progress.py moves levels, term.py joins them to a build."""
