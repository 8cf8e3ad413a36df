"""The rulebook's "Solo Variants" during play: Salsa, the fish market, Gallia, Aegyptus, forum cards."""
