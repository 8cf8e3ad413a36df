"""Layer 6, the words: what the player types read into the names and moves the rules use."""
