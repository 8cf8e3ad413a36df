"""``python -m contrarius`` and the ``contrarius`` console script (:func:`run`)."""

import os
import signal


def _interrupted_early(signum: int, frame: object) -> None:
    os.write(2, b"contrarius: interrupted; nothing was written\n")
    os._exit(130)


def run() -> None:
    """Start the command line. Ctrl-C while Python imports typer, rich and contrarius is
    exit 130 with one line (nothing can have been written yet), not a traceback; from then
    on :func:`contrarius.cli.main` handles it."""
    signal.signal(signal.SIGINT, _interrupted_early)
    if "_CONTRARIUS_COMPLETE" in os.environ:  # a TAB: answered before typer loads, when it can be
        from contrarius.tab.fast import answer_and_exit

        answer_and_exit()  # returns only when the full path must answer
    from contrarius.cli import main

    main()


if __name__ == "__main__":
    run()
