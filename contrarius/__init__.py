"""contrarius: the command-line oracle for Contrarius, the automated opponent of
*Concordia: Solitaria*.

The package's layers are folders (``tests/test_architecture.py``): the rules in
:mod:`contrarius.rules` know nothing of the terminal; :mod:`contrarius.cli` parses, calls
them, renders and writes.

Started as the ``contrarius`` command (the launcher ``scripts/contrarius``, which installs
the same handler in its own first statement, or ``python -m contrarius``), the first thing
the package does is to make Ctrl-C one line and exit 130 (nothing can have been written yet)
instead of a traceback from the middle of an import; from then on
:mod:`contrarius.cli.process` handles it. Imported as a library, it changes no signal.
"""


def _started_as_command() -> bool:
    import sys

    argv = getattr(sys, "orig_argv", None) or []
    script = sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] if sys.argv else ""
    return script in ("contrarius", "contrarius.exe") or (
        "-m" in argv and argv[argv.index("-m") + 1:argv.index("-m") + 2] == ["contrarius"])


def _interrupted_at_start(signum: int, frame: object) -> None:
    import os

    try:
        os.write(2, b"contrarius: interrupted; nothing was written\n")
    except OSError:
        pass
    os._exit(130)


if _started_as_command():
    import signal as _signal

    _signal.signal(_signal.SIGINT, _interrupted_at_start)

__version__ = "0.1.0"
