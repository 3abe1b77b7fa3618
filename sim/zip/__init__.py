"""Our Zip stand-in: the page, its server and the fixtures made from it."""
