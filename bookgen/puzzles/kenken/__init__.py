"""KenKen (Calcudoku, MathDoku): its rules, board and techniques, generator, typed-in form and drawing."""
