"""The bot: the games' registry, screen capture, the mouse and keyboard, the
run loop with its safety checks, and the command line."""
