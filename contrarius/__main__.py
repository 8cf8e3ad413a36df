"""``python -m contrarius``: the same as the ``contrarius`` command."""

from contrarius.cli import main

main()
