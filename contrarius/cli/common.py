"""Shared pieces of the command layer: the error boundary, consoles, reading and writing.

The CLI parses, loads, calls the rules, renders and writes; it holds no rule. Read-only
commands print their report on stdout; commands that change the snapshot print the new
snapshot on stdout (or write it with ``-o``/``--in-place``) and their report on stderr.
"""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable

import typer

from ..errors import EXIT_INTERNAL, EXIT_USAGE, ContrariusError, one_line
from ..store import STDIO

STATE = {"debug": False}


def boundary(func: Callable) -> Callable:
    """The one error boundary: a :class:`ContrariusError` becomes one line on stderr
    (``contrarius: ...``) and its documented exit code; any other exception is reported
    as an internal error (exit 70) with no traceback unless ``--debug`` is given."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except ContrariusError as exc:
            if STATE["debug"]:
                import traceback

                traceback.print_exc()
            print(f"contrarius: {one_line(str(exc))}", file=sys.stderr)
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            raise typer.Exit(0) from None
        except UnicodeEncodeError as exc:
            print(f"contrarius: this terminal's encoding ({exc.encoding}) cannot show the report; "
                  "set PYTHONIOENCODING=utf-8 (or a UTF-8 locale)", file=sys.stderr)
            raise typer.Exit(EXIT_USAGE) from None
        except KeyboardInterrupt:
            print("contrarius: interrupted; nothing was written", file=sys.stderr)
            raise typer.Exit(130) from None
        except Exception as exc:  # noqa: BLE001 - the boundary must catch everything
            if STATE["debug"]:
                raise
            print(f"contrarius: internal error ({type(exc).__name__}: {one_line(str(exc))[:200]}); nothing was written. "
                  "Please report it with the output of --debug", file=sys.stderr)
            raise typer.Exit(EXIT_INTERNAL) from None

    return wrapper


#: Width of a report that goes to a pipe or file: wide enough that no line is hard-wrapped.
PIPE_WIDTH = 10_000


def _console(stderr: bool):
    """A rich console for reports: at a terminal, its width (``COLUMNS`` or the window);
    into a pipe or file (the stream is not a terminal), no hard wrapping at all, so each
    line of a report (a whole reason of ``where``, a panel line of ``play``) stays one line
    for ``grep``. Tables and panels fit their content (they never stretch to the width)."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    width = None if tty else PIPE_WIDTH
    return Console(stderr=stderr, highlight=False, soft_wrap=False, width=width)


def out_console():
    """A rich console on stdout (reports of read-only commands); see :func:`_console`."""
    return _console(False)


def err_console():
    """A rich console on stderr (reports of commands that write a snapshot); see :func:`_console`."""
    return _console(True)


def emit_json(data: Any, to_stderr: bool = False) -> None:
    """Write ``data`` as indented JSON (stdout unless ``to_stderr``)."""
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"
    (sys.stderr if to_stderr else sys.stdout).write(text)


def write_snapshot(snapshot, source: str, output: str | None, in_place: bool) -> bool:
    """Write ``snapshot`` to ``-o`` / in place / stdout. Returns True when stdout was used.

    Raises :class:`ContrariusError` for ``--in-place`` on stdin or with ``-o``.
    """
    from ..store import dump_snapshot, write_text

    text = dump_snapshot(snapshot)
    if in_place:
        if output is not None:
            raise ContrariusError("give either -o PATH or --in-place, not both")
        if source == STDIO:
            raise ContrariusError("--in-place needs a snapshot file, not stdin; use -o PATH")
        write_text(source, text, keep_previous=True)
        return False
    if output is not None and output != STDIO:
        write_text(output, text)
        return False
    write_text(STDIO, text)
    return True


SVG_HELP = "Also draw the picture as SVG to FILE (- for stdout, instead of the report)."


def check_svg_target(svg: str | None, as_json: bool) -> None:
    """Refuse ``--svg -`` with ``--json``: both would go to stdout (usage error, exit 2)."""
    if svg == STDIO and as_json:
        raise ContrariusError("--svg - and --json both write to stdout; give --svg FILE (e.g. --svg board.svg)")


def write_svg(target: str, element) -> None:
    """Write the picture ``element`` (from :func:`contrarius.picture.picture`) as an SVG
    document to ``target`` (``-``: stdout), atomically like a snapshot.

    Raises :class:`InputFileError` (exit code 3) naming ``--svg`` when it cannot be written.
    """
    from ..errors import InputFileError
    from ..picture import svg_text
    from ..store import write_text

    try:
        write_text(target, svg_text(element))
    except InputFileError as exc:
        raise InputFileError(f"--svg: {str(exc).replace('with -o', 'with --svg').replace('-o PATH', '--svg FILE')}") from None
