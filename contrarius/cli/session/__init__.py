"""``contrarius session``: the command and its questions."""
