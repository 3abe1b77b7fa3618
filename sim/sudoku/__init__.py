"""Our Mini Sudoku stand-in: the page and its server."""
