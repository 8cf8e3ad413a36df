"""Layer 3, the game state: the snapshot model, its records and the solo variants' state, the validating reader."""
