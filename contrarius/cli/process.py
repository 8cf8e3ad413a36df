"""The ``contrarius`` process: exit codes on broken streams, the last flush, the fast exit, Ctrl-C.

Everything about the process itself (not about a command) lives here, so that each command
inherits it: a command decides its outcome, this module makes the process end with it.

What it saves, and where it reaches past a public interface:

* **Ctrl-C.** Three handlers, one line each, never a traceback:

  - before anything is imported, ``contrarius/__init__.py`` installs a handler of its own
    (the same line, ``contrarius: interrupted; nothing was written``, exit 130): this
    module's package imports typer, so it cannot be the first thing the package does;
    :func:`interrupted_at_start` here is the same handler, installed again by :func:`run`;
  - a one-shot command: :func:`exit_on_interrupt`, exit 130 at once with the true line of
    :func:`interrupted_message` (files change only inside the held commit of
    :mod:`contrarius.store.atomic`, which holds the signal back until it is complete);
  - the interactive ``session``: Python's ``KeyboardInterrupt`` (the session abandons the
    turn in progress and goes on); a ``KeyboardInterrupt`` that reaches a command's error
    boundary or :func:`run` is exit 130 with :func:`interrupted_message`.

  Once the outcome is decided and said, SIGINT is blocked (``signal.pthread_sigmask``):
  the interpreter's exit resets the handlers, and a Ctrl-C there would kill the process
  without a word.
* **Streams.** :func:`prepare_streams`: a closed stdout (``>&-``, which Python makes
  ``None``) is :class:`ClosedStdout`, so every write is an error with an exit code instead
  of being dropped; stdout and stderr write a character their encoding cannot hold, or a
  file name that is not UTF-8 (a surrogate escape), as a backslash escape (``\\udcff``)
  instead of failing (``TextIOWrapper.reconfigure``). :func:`quiet_stream` and
  :func:`quiet_broken` point a stream that failed at /dev/null, so that the last flush
  raises nothing: the exit code stays the command's (not Python's 120).
* **The fast exit.** :func:`exit_now` ends a one-shot command with ``os._exit`` (skipping
  the interpreter's teardown, about 3 ms; see benchmarks/README.md) unless something
  registered an ``atexit`` function (read with the private ``atexit._ncallbacks``; when it
  is missing the normal exit is taken) or the command is the interactive ``session``.
* **Garbage collection.** :func:`run` switches the cyclic collector off while the command
  runs and freezes what is left (``gc.freeze``), so the exit does not walk every object.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any, Callable

#: The line of a Ctrl-C before any file could be written.
NOTHING_WRITTEN = "contrarius: interrupted; nothing was written"


def interrupted_message() -> str:
    """The true line for a Ctrl-C: nothing written, or which files already were
    (:data:`contrarius.store.atomic.WRITTEN`)."""
    written = getattr(sys.modules.get("contrarius.store.atomic"), "WRITTEN", None)
    if not written:
        return "contrarius: " + _said("interrupted; nothing was written")
    names = ", ".join(dict.fromkeys(written))
    return "contrarius: " + _said("interrupted after {names} was written (the change is saved; "
                                  "'contrarius undo' takes back an in-place change)").format(names=names)


def _said(text: str) -> str:
    """``text`` (a msgid of the catalog) in the language chosen, once the words layer has
    opened its catalog (``contrarius.words.language``); before that (a Ctrl-C at start-up, or
    while it loads) in English: nothing is imported or opened here."""
    lang = sys.modules.get("contrarius.words.language")
    state = getattr(lang, "_state", None)
    chosen = state.get("translation") if isinstance(state, dict) else None
    if chosen is None:
        return text
    try:
        return chosen.gettext(text)
    except Exception:  # noqa: BLE001 - a catalog half set up: English
        return text


def _say_and_exit(line: str) -> None:
    try:
        os.write(2, (line + "\n").encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    os._exit(130)


def interrupted_at_start(signum: int | None = None, frame: object = None) -> None:
    """SIGINT while the command line is being loaded: nothing can have been written."""
    _say_and_exit(NOTHING_WRITTEN)


def exit_on_interrupt(signum: int | None = None, frame: object = None) -> None:
    """SIGINT handler of a one-shot command: one true line on stderr, exit 130 at once.
    Safe at any moment: files are only changed inside the commit of
    :mod:`contrarius.store.atomic`, which holds the signal back until it is done (temporary
    files included), and the kernel releases the locks."""
    _say_and_exit(interrupted_message())


def quiet_stream(fd: int = 1) -> None:
    """Point file descriptor ``fd`` (1: stdout, 2: stderr) at /dev/null after its stream
    failed (a closed pipe, a full disk), so that the interpreter's last flush raises nothing."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def _reader_gone(fd: int) -> bool:
    """Whether ``fd`` is a pipe whose reader has gone (``poll`` reports an error on it)."""
    import select

    try:
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(ev & (select.POLLERR | select.POLLHUP) for _, ev in poller.poll(0))
    except (OSError, ValueError):
        return False


def quiet_broken() -> None:
    """After a :class:`BrokenPipeError`: point the standard stream(s) whose reader has gone
    at /dev/null (stdout or stderr: the error does not say which), so that what follows (a
    file still written, the snapshot on stdout) is not lost with it."""
    gone = [fd for fd in (1, 2) if _reader_gone(fd)]
    for fd in gone or [1]:
        quiet_stream(fd)


class ClosedStdout:
    """Stands for ``sys.stdout`` when file descriptor 1 is closed (``>&-``): Python then sets
    ``sys.stdout`` to None and ``print`` drops everything silently; this makes every write
    an :class:`OSError` for the error boundary (exit 3) instead."""

    closed = True
    encoding = "utf-8"

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "stdout is closed")

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False


def _hold(fd: int) -> None:
    """Open /dev/null on the closed file descriptor ``fd``, so that no file opened later
    (a snapshot, its lock) gets that number and receives what is meant for the stream."""
    try:
        os.fstat(fd)
        return  # open after all
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    except OSError:
        pass


def prepare_streams() -> None:
    """The standard streams as every command expects them: a closed stdout is
    :class:`ClosedStdout` (a closed stdout or stderr keeps its file descriptor, on
    /dev/null, so that no file opened later takes its number); stdout and stderr escape what their encoding cannot write
    (``backslashreplace``: a Latin-1 terminal, a file name that is not UTF-8) instead of
    raising. A snapshot or picture written to stdout goes out as UTF-8 bytes whatever the
    encoding (:func:`contrarius.store.atomic.write_text`)."""
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is None:
            _hold(fd)
    if sys.stdout is None:
        sys.stdout = ClosedStdout()
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                pass


def say_error(line: str) -> None:
    """Print one error line on stderr, if there is a stderr that can be written."""
    if sys.stderr is not None:
        try:
            print(line, file=sys.stderr, flush=True)
        except (OSError, ValueError):
            quiet_stream(2)


def run(command: Callable[[], Any], interactive: bool = False) -> None:
    """Run ``command`` (the click app, standalone) as the whole process and end it with its
    exit code (never returns).

    Ctrl-C is exit 130 at once with one true line (:func:`exit_on_interrupt`) until the
    outcome is decided and said; the interactive ``session`` (``interactive``) gets
    ``KeyboardInterrupt`` instead. Stdout that cannot be written at the end (``--help >
    /dev/full``) is one line and exit 3, a pipe closed by its reader exit 0: never a
    traceback.
    """
    import gc

    signal.signal(signal.SIGINT, signal.default_int_handler if interactive else exit_on_interrupt)
    prepare_streams()
    collecting = gc.isenabled()
    gc.disable()
    code: object = 0
    try:
        try:
            command()
        except SystemExit as exc:
            code = exc.code
        if sys.stdout is not None:
            sys.stdout.flush()
    except KeyboardInterrupt:
        say_error(interrupted_message())
        quiet_stream(1)
        code = 130
    except BrokenPipeError:
        quiet_broken()
    except OSError as exc:
        quiet_stream(1)
        if not code:  # else the error was reported already
            say_error("contrarius: " + _said("cannot write to stdout ({strerror})").format(strerror=exc.strerror))
            code = 3
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
    # the outcome is decided and said: a Ctrl-C from here on (the interpreter's own exit,
    # where Python resets the signal handlers and SIGINT would kill the process without a
    # word) is held back, and the process exits as decided
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    exit_now(code, interactive)


def exit_now(code: object, interactive: bool = False) -> None:
    """End the process with ``code`` (as ``sys.exit`` reads it: None is 0, a number itself,
    a text is printed on stderr and is 1).

    The standard streams are flushed first; one that cannot be (``2>/dev/full``, a reader
    gone) is pointed at /dev/null, so that the exit code stays the command's (not Python's
    120 for a failed last flush): the outcome was decided before.

    A one-shot command then ends without the interpreter's teardown (``os._exit``): every
    file was written and closed by the command (the snapshot's commit is complete before
    its report is said); what is left is Python freeing each module and object of typer,
    rich, PyYAML and contrarius one by one, about 3 ms of every run that no one sees
    (mypy's ``hard_exit`` does the same). The interactive ``session`` (readline) and a
    process in which something registered an ``atexit`` function (the standard library's
    ``logging``, imported by a help page) exit normally, so that it runs;
    ``tests/test_cli_startup.py`` checks that the turn commands register none.
    """
    import atexit

    for fd, stream in ((1, sys.stdout), (2, sys.stderr)):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            quiet_stream(fd)
    pending = getattr(atexit, "_ncallbacks", lambda: 1)()
    if interactive or pending:
        sys.exit(code)
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        say_error(str(code))
        status = 1
    os._exit(status & 0xFF)
