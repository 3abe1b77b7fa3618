"""Our Zip stand-in: the page, its server, the fixtures made from it, and
boards drawn offline in looks nobody here drew (render)."""
