"""``python -m contrarius`` and the ``contrarius`` command (:func:`run`, which the launcher
``scripts/contrarius`` calls)."""


def run() -> None:
    """Start the command line. Ctrl-C while Python imports typer, rich and contrarius is
    exit 130 with one line (the package installs that handler first thing, see
    :mod:`contrarius`), not a traceback; from then on :mod:`contrarius.cli.process`
    handles it. A TAB completion is answered before typer loads when it can be
    (:mod:`contrarius.tab.fast`; importing :mod:`contrarius.cli` would load typer)."""
    import os
    import signal

    if "_CONTRARIUS_COMPLETE" in os.environ:
        from contrarius.tab.fast import answer_and_exit

        answer_and_exit()  # returns only when the full path must answer
    from contrarius.cli.process import interrupted_at_start

    signal.signal(signal.SIGINT, interrupted_at_start)  # also when imported otherwise (tests)
    from contrarius.cli import main

    main()


if __name__ == "__main__":
    run()
