"""Our Patches stand-in: the page and its server."""
