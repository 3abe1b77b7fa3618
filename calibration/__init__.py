"""Where the game is on screen, and how image pixels map to click points."""
