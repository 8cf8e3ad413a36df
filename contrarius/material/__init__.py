"""Layer 2, the printed material: boards (maps), personality cards, dice faces and their data files (``data/``)."""
