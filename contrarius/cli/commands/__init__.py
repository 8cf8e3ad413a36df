"""The commands of ``contrarius``, one module per command or close group."""
