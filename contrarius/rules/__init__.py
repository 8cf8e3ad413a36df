"""Layer 5, the rules of Concordia: Solitaria, as pure functions over the snapshot that return what happened as data."""
