"""``--help``: typer's rich help (options grouped in help panels), rendered as one string.

Imported only when a help page is shown (``--help``, ``contrarius`` alone): rich's tables
and panels cost start-up time that no other command pays (``tests/test_cli_startup.py``).

typer prints rich help straight to stdout, one write per panel, and rich ends the process
with exit 1 when the reader of a pipe has gone (``contrarius play --help | head -1``).
Here the page is rendered into a string instead, which click then writes in one go like
its plain help: a pipe closed early is exit 0 and a full disk one line and exit 3 (the
command line's error handling, :mod:`contrarius.cli`), and the page written to a file is
whole. Colours are kept when stdout is a terminal; elsewhere the page is plain text with
no trailing blanks. The width is the terminal's (``COLUMNS`` when set, else 80 off a
terminal), as for every rich output of contrarius.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import sys
from typing import Any, Callable, Iterator


class _Page(io.StringIO):
    """The help page being rendered; a terminal when stdout is one (colours), in stdout's
    encoding (rich then draws the boxes in ASCII where the encoding has no box characters,
    as it does for every report)."""

    def __init__(self, tty: bool, encoding: str | None):
        super().__init__()
        self._tty = tty
        self._encoding = encoding or "utf-8"

    @property
    def encoding(self) -> str:
        return self._encoding

    def isatty(self) -> bool:  # file protocol
        return self._tty


def reflow(text: str | None) -> str | None:
    """``text`` (a docstring) with each paragraph on one line, so that rich wraps it to
    the terminal's width; paragraphs stay apart (typer's rich help keeps single line
    breaks, which leaves a docstring wrapped for the source ragged on an 80-column
    terminal). A paragraph starting with ``\\b`` keeps its lines (click's convention)."""
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split()) for p in paragraphs)


@contextlib.contextmanager
def _help_view(command: Any, ctx: Any) -> Iterator[None]:
    """While the page renders: the docstring reflowed, and a flag (``--json``) shown
    without a value type, as click's plain help shows it (typer's rich help writes
    ``<bool>`` beside it, which reads as if the flag took a value)."""
    saved_help = command.help
    flags = [p for p in command.get_params(ctx) if getattr(p, "is_flag", False) and p.metavar is None]
    command.help = reflow(command.help)
    for p in flags:
        p.metavar = ""
    try:
        yield
    finally:
        command.help = saved_help
        for p in flags:
            p.metavar = None


def render_help(command: Any, ctx: Any, format_help: Callable[[], None]) -> str:
    """The help page of ``command`` (a typer command or group) as one string.

    ``ctx`` is the command's click context; ``format_help`` is typer's own rich
    ``format_help`` of the command, bound to ``ctx``; it prints the page on ``sys.stdout``, which is captured here. Hidden
    options stay hidden; ``help`` and the flags are left as they were afterwards.
    """
    out = sys.stdout
    try:
        tty = bool(out is not None and out.isatty())
    except (AttributeError, ValueError, OSError):
        tty = False
    encoding = getattr(out, "encoding", None)
    page = _Page(tty, encoding)
    with _help_view(command, ctx), contextlib.redirect_stdout(page):
        format_help()
    text = page.getvalue()
    if "\x1b[" not in text:  # plain text: no padding blanks at the line ends
        text = "\n".join(line.rstrip() for line in text.split("\n"))
    try:  # a character the encoding has not (a Latin-1 terminal): degraded to ? as rich's boxes are
        text.encode(page.encoding)
    except (UnicodeEncodeError, LookupError):
        try:
            text = text.encode(page.encoding, "replace").decode(page.encoding)
        except LookupError:
            pass
    return text
