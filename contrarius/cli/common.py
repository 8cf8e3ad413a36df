"""Shared pieces of the command layer: the error boundary, consoles, reading and writing.

The CLI parses, loads, calls the rules, renders and writes; it holds no rule. Read-only
commands print their report on stdout; commands that change the snapshot print the new
snapshot on stdout (or write it with ``-o``/``--in-place``) and their report on stderr.
"""

from __future__ import annotations

import functools
import io
import sys
from typing import Any, Callable

import typer

from contrarius.messages import N_, Message
from contrarius.cli.process import quiet_broken, say_error
from contrarius.cli.process import quiet_stream as quiet_stdout
from contrarius.errors import EXIT_INPUT, EXIT_INTERNAL, EXIT_USAGE, ContrariusError, InputFileError, SnapshotError, one_line
from contrarius.io.textfiles import STDIO
from contrarius.store.atomic import is_stdout


STATE = {"debug": False}


def put_once(mapping: dict, key: Any, value: Any, option: str, what: str) -> None:
    """``mapping[key] = value`` for one ``KEY=VALUE`` item of ``option``; raises
    :class:`ContrariusError` (exit 2) when ``key`` was given already (``--goods
    brick=1,brick=5``): a key given twice is contradictory input, never summed or replaced.
    ``what`` names the key for the message (``"brick"``, ``"display position 3"``)."""
    if key in mapping:
        raise ContrariusError(N_("{option}: {what} is given twice ({mapping} and {value}); give it once", option=option, what=what, mapping=mapping[key], value=value))
    mapping[key] = value


def boundary(func: Callable) -> Callable:
    """The one error boundary: a :class:`ContrariusError` becomes one line on stderr
    (``contrarius: ...``) and its documented exit code; any other exception is reported
    as an internal error (exit 70) with no traceback unless ``--debug`` is given.

    A closed pipe on stdout (``| head``) is no error (exit 0); any other failure to write
    (a full disk, a file name too long) is exit 3; Ctrl-C is exit 130 with a message that
    says what was written (see :func:`interrupted_message`)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from contrarius.store.atomic import new_command

        new_command()
        try:
            result = func(*args, **kwargs)
            flush_stdout()
            return result
        except typer.Exit:
            raise
        except ContrariusError as exc:
            if STATE["debug"]:
                import traceback

                traceback.print_exc()
            say_error(f"contrarius: {one_line(str(exc))}")
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            quiet_broken()
            raise typer.Exit(0) from None
        except UnicodeEncodeError as exc:  # a stream that is not the process's own (the process's escape)
            advice = ("" if str(exc.encoding).replace("-", "").replace("_", "").lower() == "utf8"
                      else "; set PYTHONIOENCODING=utf-8 (or a UTF-8 locale)")
            say_error(f"contrarius: this output's encoding ({exc.encoding}) cannot write the report"
                      f" ({exc.object[exc.start:exc.end]!a}){advice}")
            raise typer.Exit(EXIT_USAGE) from None
        except KeyboardInterrupt:
            from contrarius.cli.process import interrupted_message

            say_error(interrupted_message())
            raise typer.Exit(130) from None
        except OSError as exc:  # a path the system refuses (too long, a loop, ...)
            if STATE["debug"]:
                raise
            from contrarius.store.atomic import WRITTEN

            done = written_so_far(WRITTEN)
            if exc.filename:
                say_error("contrarius: " + str(N_("{path}: {strerror}; {done}; check the path", path=one_line(str(exc.filename)),
                                                  strerror=exc.strerror or exc, done=done)))
            else:  # a write to stdout (a rich report bigger than its buffer)
                quiet_stdout()
                say_error("contrarius: " + str(N_("cannot write to stdout ({strerror}); {done}", strerror=exc.strerror or exc, done=done)))
            raise typer.Exit(EXIT_INPUT) from None
        except Exception as exc:  # the boundary catches everything (re-raised under --debug)
            if STATE["debug"]:
                raise
            say_error("contrarius: " + str(N_("internal error ({kind}: {error}); nothing was written. Please report it with "
                                              "the output of --debug", kind=type(exc).__name__, error=one_line(str(exc))[:200])))
            raise typer.Exit(EXIT_INTERNAL) from None

    return wrapper


def flush_stdout() -> None:
    """Flush stdout at the end of a command: a full disk is :class:`InputFileError` (exit 3);
    a pipe closed by its reader (``| head``) raises :class:`BrokenPipeError` (exit 0)."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        quiet_stdout()
        raise InputFileError(N_("cannot write to stdout ({strerror})", strerror=exc.strerror)) from None


def _usable(stream: Any, name: str) -> Any:
    """``stream`` when it can be written to; else :class:`InputFileError` (exit 3)."""
    if stream is None or getattr(stream, "closed", False):
        from contrarius.store.atomic import WRITTEN

        raise InputFileError(N_("{name} is closed: nowhere to print the report; {done}", name=name, done=written_so_far(WRITTEN)))
    return stream


def _console_class():
    """rich's Console, except that a pipe closed by its reader raises :class:`BrokenPipeError`
    for the error boundary (exit 0) instead of rich's ``SystemExit(1)``."""
    from rich.console import Console

    class PipeAwareConsole(Console):
        def on_broken_pipe(self) -> None:  # rich hook
            self.quiet = True
            raise BrokenPipeError

    return PipeAwareConsole


#: Width of a report that goes to a pipe or file: wide enough that no line is hard-wrapped.
PIPE_WIDTH = 10_000


def _console(stream: Any, name: str):
    """A rich console for reports on ``stream``: at a terminal, its width (``COLUMNS`` or
    the window); into a pipe or file (the stream is not a terminal), no hard wrapping at
    all, so each line of a report (a whole reason of ``where``, a panel line of ``play``)
    stays one line for ``grep``. Tables and panels fit their content (they never stretch).
    No emoji codes: a report's text is printed as it is (``:name:`` stays ``:name:``), and
    rich's table of emoji names is never loaded (start-up time)."""
    stream = _usable(stream, name)
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError, OSError):
        tty = False
    return _console_class()(file=stream, highlight=False, soft_wrap=False, emoji=False, width=None if tty else PIPE_WIDTH)


def out_console():
    """A rich console on stdout (reports of read-only commands); see :func:`_console`."""
    return _console(sys.stdout, "stdout")


def err_console():
    """A rich console on stderr (reports of commands that write a snapshot); see :func:`_console`."""
    return _console(sys.stderr, "stderr")


def emit_json(data: Any, to_stderr: bool = False) -> None:
    """Write ``data`` as indented JSON (stdout unless ``to_stderr``); every
    :class:`~contrarius.messages.Message` in it in English (``--json`` is never translated)."""
    import json

    from contrarius.messages import plain

    text = json.dumps(plain(data), indent=2, ensure_ascii=False, default=str) + "\n"
    stream = _usable(sys.stderr, "stderr") if to_stderr else _usable(sys.stdout, "stdout")
    stream.write(text)
    stream.flush()


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one existing file (``-`` is no file)."""
    import os

    if STDIO in (a, b):
        return False
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def refuse_terminal(output: str | None, in_place: bool, hint: str) -> None:
    """With no ``-o``/``-i`` and stdout a terminal, refuse (exit 2) instead of printing the
    snapshot's YAML on the screen and saving it nowhere. ``-o -`` prints it anyway."""
    if output is None and not in_place and sys.stdout is not None and sys.stdout.isatty():
        raise ContrariusError(N_("the new snapshot would be printed on this terminal and saved nowhere; {hint}", hint=hint))


def check_output(source: str, output: str | None, in_place: bool) -> bool:
    """The usage checks of ``-o``/``--in-place`` (exit 2), made before any rule runs so a
    usage error comes first: both given for different files, ``--in-place`` on stdin, the
    snapshot's YAML going to a terminal (:func:`refuse_terminal`). Returns whether the
    snapshot is written in place (``-o`` naming the input file is ``--in-place``).
    Raises :class:`ContrariusError`."""
    if in_place and output is not None and not same_file(source, output):
        raise ContrariusError(N_("give either -o PATH or --in-place, not both"))
    if output is not None and same_file(source, output):
        in_place = True
    if in_place and source == STDIO:
        raise ContrariusError(N_("--in-place needs a snapshot file, not stdin; use -o PATH"))
    hint = (f"add -i to update {source} (or -o PATH to write it elsewhere; -o - prints it anyway)" if source != STDIO
            else "add -o PATH to save it (-o - prints it anyway)")
    refuse_terminal(output, in_place, hint)
    return in_place


def written_so_far(written: list[str]) -> Message:
    """What a failing command says it left written: ``nothing was written``, or the files
    ``written`` (:data:`contrarius.store.atomic.WRITTEN`) that were."""
    if not written:
        return N_("nothing was written")
    return N_("{files} was written", files=", ".join(dict.fromkeys(written)))


class ReportUnprinted(InputFileError):
    """The report of a command could not be printed (stdout or stderr closed or full), so
    nothing was written (exit 3): the report is always said before the commit."""


def report_before_commit(report: Callable[..., None] | None, *args: Any) -> Callable[..., None]:
    """The ``before_commit`` step of a write (:func:`contrarius.store.atomic.write_text`,
    :func:`contrarius.store.history.save_in_place`, :func:`contrarius.store.history.undo`) that
    prints ``report(*args, *more)`` (``more``: what the write hands over, e.g. the
    :class:`~contrarius.store.history.HistoryMove` of an undo).

    The one promise of every command: a report that cannot be printed (stdout or stderr
    closed, a full disk) raises :class:`ReportUnprinted` (exit 3) before anything is
    written, so a command that exits non-zero changed no file and printed no snapshot. A
    pipe closed by its reader (``| head -1``) is no error: the rest of the report is dropped
    and the write goes on, so that a report saying "written" is true."""

    def run_report(*more: Any) -> None:
        if report is None:
            return
        try:
            report(*args, *more)
            for stream in (sys.stdout, sys.stderr):  # said means flushed: a full disk shows here
                if stream is not None:
                    stream.flush()
        except BrokenPipeError:
            quiet_broken()  # the reader stopped reading: not an error, the write goes on
        except ReportUnprinted:
            raise
        except InputFileError as exc:  # a closed stream (err_console, out_console)
            raise ReportUnprinted(exc.args[0] if exc.args else str(exc)) from None
        except OSError as exc:
            raise ReportUnprinted(N_("cannot print the report ({strerror}); {done}", strerror=exc.strerror,
                                     done=N_("nothing was written"))) from None

    return run_report


def say_after_commit(say: Callable[[], None]) -> None:
    """Print a note after a commit (what it dropped), best effort: the job is done, so a
    stream that cannot take it is pointed at /dev/null and the exit code stays 0."""
    try:
        say()
        if sys.stderr is not None:
            sys.stderr.flush()
    except BrokenPipeError:
        quiet_broken()
    except (OSError, InputFileError):
        quiet_stdout(2)


def ensure_loads(snapshot, before=None, hint: str = "check the card names given") -> None:
    """Refuse (exit 2, nothing written) a new snapshot that would not load again, or in
    which ``contrarius check`` would find a card-count problem that ``before`` (the
    snapshot the command read) did not have: a snapshot written is always one every command
    reads, as ``check`` reads it (README "Exit codes"). ``hint`` ends the message (what to
    correct). Called by :func:`write_snapshot` for every command that writes one."""
    from contrarius.model.card_counts import card_count_problems
    from contrarius.model.reader import read_snapshot

    try:
        written = read_snapshot(snapshot.to_dict(), "<new snapshot>")
    except SnapshotError as exc:
        raise ContrariusError(N_("the new snapshot would not load again ({value}); nothing was written: {hint}", value=exc.problems[0].render(), hint=hint)) from None
    if before is None:
        return
    had = {p.render() for p in card_count_problems(before)}
    new = [p for p in card_count_problems(written) if p.render() not in had]
    if new:
        raise ContrariusError(N_("the new snapshot would hold more cards than the game has ({value}); nothing was written: {hint}", value=new[0].render(), hint=hint))


def write_snapshot(snapshot, source: str, output: str | None, in_place: bool,
                   report: Callable[[bool], None] | None = None, keep_redo: str | None = None,
                   force: bool = False, fresh: bool = False, before=None, validated: bool = False,
                   hint: str = "check the card names given") -> bool:
    """Write ``snapshot`` to ``-o`` / in place / stdout. Returns True when stdout was used.

    ``-o`` naming the input file is ``--in-place`` (the history is kept); ``-o
    /dev/stdout`` (``/dev/fd/1``) is ``-o -``. ``-o`` onto an existing file replaces it
    only when it is a snapshot of the same game, or with ``force`` (``--force``); else exit
    3, nothing written; ``fresh`` (a game just set up, ``new``): every existing file is
    refused so, also one created meanwhile by a command running at the same time
    (:func:`contrarius.store.atomic.write_text`). In place, the previous state goes to the
    undo history (:func:`contrarius.store.history.save_in_place`).

    The snapshot is checked first to load again (:func:`ensure_loads`; ``before``: the
    snapshot read, whose card-count problems are not new; ``validated``: the rules checked
    it already; ``hint``: what to correct when it would not). ``report(used_stdout)`` prints
    the command's report; it runs when every check passed and before a file is replaced,
    so that a report that cannot be printed (stdout or stderr closed, a full disk) leaves
    every file as it was (exit 3, :func:`report_before_commit`); a pipe closed by the reader
    (``| head``) is no error. When the snapshot goes to stdout, the report is rendered
    first and said after it, if it can be: a snapshot printed is the job done (exit 0 with
    stderr closed or full), a stdout that cannot take it exit 3 with the report unsaid. Raises :class:`ContrariusError` for
    ``--in-place`` on stdin or with ``-o``, for stdout on a terminal without ``-o``/``-i``
    (exit 2), and :class:`InputFileError` when the snapshot or the report cannot be written
    (exit 3).

    In place after ``contrarius undo``: a new turn drops the undone steps and a line on
    stderr says so; ``keep_redo`` (a command that plays no turn: the hint to end its
    message) refuses instead (:func:`contrarius.store.history.save_in_place`, exit 3).
    """
    from contrarius.store.snapshot_text import dump_snapshot
    from contrarius.store.history import save_in_place
    from contrarius.store.atomic import write_text

    if is_stdout(output):
        output = STDIO
    in_place = check_output(source, output, in_place)
    to_stdout = not in_place and (output is None or output == STDIO)
    if not validated:
        ensure_loads(snapshot, before, hint)
    text = dump_snapshot(snapshot)

    run_report = report_before_commit(report, to_stdout)
    if in_place:
        dropped = save_in_place(source, text, before_commit=run_report, keep_redo=keep_redo)
        if dropped:
            from rich.markup import escape

            say_after_commit(lambda: err_console().print(escape(
                f"{source}: the {dropped} step{'s' if dropped != 1 else ''} undone before this turn can no longer be "
                f"redone (a new turn replaces {'them' if dropped != 1 else 'it'})")))
    elif to_stdout:  # the snapshot is the job: printed first, the report (rendered before) after it
        said = _rendered_for_stderr(report, True) if report is not None else None
        write_text(STDIO, text)
        if said:
            say_after_commit(lambda: sys.stderr.write(said))
    else:
        write_text(output, text, before_commit=run_report, same_game_only=not force, fresh=fresh and not force)
    return to_stdout


class _StderrPage(io.StringIO):
    """Stands for stderr while a report is rendered into a string: its encoding and whether
    it is a terminal are the real stderr's (rich draws and colours the same)."""

    def __init__(self, like: Any):
        super().__init__()
        self._like = like

    @property
    def encoding(self) -> str:
        return getattr(self._like, "encoding", None) or "utf-8"

    def isatty(self) -> bool:
        try:
            return bool(self._like.isatty())
        except (AttributeError, ValueError, OSError):
            return False


def _rendered_for_stderr(report: Callable[[bool], None], used_stdout: bool) -> str | None:
    """What ``report(used_stdout)`` prints on stderr, rendered into a string (nothing is
    printed yet); None when stderr is closed (nowhere to show it)."""
    real = sys.stderr
    if real is None or getattr(real, "closed", False):
        return None
    page = _StderrPage(real)
    sys.stderr = page
    try:
        report(used_stdout)
    finally:
        sys.stderr = real
    return page.getvalue()


FORCE_HELP = "With -o: replace a file that exists and is not a snapshot of this game."

SVG_HELP = "Also draw the picture as SVG to FILE (- for stdout, instead of the report)."


def check_svg_target(svg: str | None, as_json: bool, snapshot: str | None = None) -> str | None:
    """Refuse ``--svg -`` with ``--json`` (both would go to stdout) and ``--svg`` naming
    the snapshot file itself (the picture would replace the game). Usage errors, exit 2.
    Returns ``svg``, with ``/dev/stdout`` (``/dev/fd/1``) as ``-``."""
    if is_stdout(svg):
        svg = STDIO
    if svg == STDIO and as_json:
        raise ContrariusError(N_("--svg - and --json both write to stdout; give --svg FILE (e.g. --svg board.svg)"))
    if svg not in (None, STDIO) and snapshot not in (None, STDIO):
        import os

        if os.path.realpath(svg) == os.path.realpath(snapshot):
            raise ContrariusError(N_("--svg {svg} is the snapshot itself: the picture would replace the game; give another file, e.g. --svg board.svg", svg=svg))
    return svg


def _not_a_picture(target: str) -> Message | None:
    """Why the existing regular file ``target`` may not be replaced by a picture (``holds a
    game (board italia, ...)``, ``is not an SVG picture``); None when it holds an SVG
    picture, or is missing, stdout, a device or a pipe (written to as they are)."""
    import os
    import stat

    from contrarius.store.snapshot_text import describe_game

    if target == STDIO:
        return None
    try:
        if not stat.S_ISREG(os.stat(target).st_mode):
            return None
        with open(target, "rb") as fh:
            text = fh.read(1 << 20).decode("utf-8", "replace")
    except OSError:
        return None  # missing, or unreadable: write_text says what is wrong
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith(("<?xml", "<svg")) and "<svg" in start[:4096]:
        return None
    desc = describe_game(text)
    return N_("is not an SVG picture") if desc == "not a snapshot" else N_("holds a game ({game})", game=desc)


def write_svg(target: str, element, report: Callable[[], None] | None = None) -> None:
    """Write the picture ``element`` (from :func:`contrarius.pictures.board_svg.picture`) as an SVG
    document to ``target`` (``-``: stdout), atomically like a snapshot.

    ``report`` (the command's report on stdout, e.g. ``show``'s tables) is printed when
    every check passed, before the picture is written (:func:`report_before_commit`): a
    report that cannot be printed (stdout closed or full) leaves no picture (exit 3).

    An existing file is replaced only when it holds an SVG picture (one drawn before): a
    snapshot or any other file is refused, as ``-o`` refuses another game.

    Raises :class:`InputFileError` (exit code 3) naming ``--svg`` when it cannot be written
    or is refused, saying that nothing was written (callers write the picture before
    anything else).
    """
    from contrarius.errors import InputFileError
    from contrarius.pictures.drawing import svg_text
    from contrarius.store.atomic import write_text

    held = _not_a_picture(target)
    if held:
        raise InputFileError(N_("--svg: {target} already exists and {held}; the picture was not written (nothing else was either); give another --svg file, or remove that one first", target=target, held=held))
    try:
        write_text(target, svg_text(element), before_commit=report_before_commit(report) if report else None)
    except ReportUnprinted as exc:
        said = exc.args[0] if exc.args else str(exc)
        if isinstance(said, Message) and "done" in said.args:  # what was not written: the picture, and nothing else
            said = Message(said.template, said.plural, said.n, {**said.args, "done": N_("the picture was not written (nothing else was either)")})
        raise ReportUnprinted(said) from None
    except InputFileError as exc:
        import re

        # the write's own words name -o: here the file is --svg's (option names are the same in every language)
        why = re.sub(r"(?<![\w-])-o( PATH)?\b", lambda m: "--svg FILE" if m.group(1) else "--svg", str(exc))
        raise InputFileError(N_("--svg: {why}; the picture was not written (nothing else was either)", why=why)) from None
