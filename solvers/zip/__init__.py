"""LinkedIn Zip: one path through every cell, numbers in order, no wall crossed."""
