"""Layer 4, snapshot files on disk: ``-`` for stdin/stdout, atomic writes, locks, the undo history."""
