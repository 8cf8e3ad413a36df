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
import re
import sys
from typing import Any, Callable, Iterator

from contrarius.messages import N_


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


#: typer's own words on a help page (its panel titles, its options), as msgids of contrarius's
#: catalog: typer's rich help has no catalog of its own (:func:`_spoken`).
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
               "COMMANDS_PANEL_TITLE": N_("Commands"), "DEFAULT_STRING": N_("[default: {}]"),
               "REQUIRED_LONG_STRING": N_("[required]")}
TYPER_HELP = (N_("Show this message and exit."), N_("Install completion for the current shell."),
              N_("Show completion for the current shell, to copy it or customize the installation."))
USAGE = N_("Usage:")
_SENTENCE = re.compile(r"(?<=\.) ")


def first_paragraph(text: str | None) -> str:
    """The first paragraph of a command's help, on one line: what the list of commands
    shows, and the msgid of a command's help (``scripts/catalogs.py`` extracts the same)."""
    return " ".join(inspect.cleandoc(text or "").split("\n\n")[0].split())


def sentences(text: str) -> list[str]:
    """``text`` cut after each ``. `` into its sentences (a help text made of two, as
    ``SVG_HELP + " The empty board."``, is said sentence by sentence)."""
    return [piece.strip() for piece in _SENTENCE.split(text) if piece.strip()]


def _say_option(text: str) -> str:
    """An option's help in the language chosen: as a whole, else sentence by sentence."""
    from contrarius.words.i18n import _

    whole = _(text)
    if whole != text:
        return whole
    return " ".join(_(piece) for piece in sentences(text))


def _say(text: str | None) -> str | None:
    """A help text in the language chosen: its translation as a whole, else paragraph by
    paragraph (the first one is always a msgid), else as it is."""
    from contrarius.words.i18n import _

    if not text:
        return text
    whole = _(text)
    if whole != text:
        return whole
    paragraphs = text.split("\n\n")
    return "\n\n".join([_(first_paragraph(paragraphs[0])), *(_(p) for p in paragraphs[1:])])


@contextlib.contextmanager
def _spoken(command: Any, ctx: Any) -> Iterator[None]:
    """While a page renders in a language other than English: typer's words, the options'
    help, the command's help and the help of the commands it lists, translated (the English
    page changes nothing here)."""
    from contrarius.words import language

    if language.current() == language.ENGLISH:
        yield
        return
    from typer import rich_utils

    from contrarius.words.i18n import _

    saved_words = {k: getattr(rich_utils, k) for k in TYPER_WORDS if hasattr(rich_utils, k)}
    params = list(command.get_params(ctx))
    saved_params = [(p, getattr(p, "help", None)) for p in params]
    saved_panels = [(p, getattr(p, "rich_help_panel", None)) for p in params]
    subs = list(getattr(command, "commands", {}).values())
    saved_subs = [(c, c.help, c.short_help) for c in subs]
    saved_help = command.help
    for k in saved_words:
        setattr(rich_utils, k, _(TYPER_WORDS[k].template))
    for p, text in saved_params:
        if text:
            p.help = _say_option(text)
        panel = getattr(p, "rich_help_panel", None)
        if panel:
            p.rich_help_panel = _(panel)
    for c, text, short in saved_subs:
        c.short_help = _(short) if short else (_(first_paragraph(text)) if text else None)
    command.help = _say(command.help)
    try:
        yield
    finally:
        for k, v in saved_words.items():
            setattr(rich_utils, k, v)
        for p, text in saved_params:
            p.help = text
        for p, panel in saved_panels:
            if panel is not None:
                p.rich_help_panel = panel
        for c, text, short in saved_subs:
            c.help, c.short_help = text, short
        command.help = saved_help


@contextlib.contextmanager
def _help_view(command: Any, ctx: Any) -> Iterator[None]:
    """While the page renders: the docstring reflowed, and a flag (``--json``) shown
    without a value type, as click's plain help shows it (typer's rich help writes
    ``<bool>`` beside it, which reads as if the flag took a value); in Portuguese the
    words translated (:func:`_spoken`)."""
    saved_help = command.help
    flags = [p for p in command.get_params(ctx) if getattr(p, "is_flag", False) and p.metavar is None]
    command.help = reflow(command.help)
    for p in flags:
        p.metavar = ""
    try:
        with _spoken(command, ctx):
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
    from contrarius.words import language

    if language.current() != language.ENGLISH:  # click writes the usage line's "Usage: " itself
        from contrarius.words.i18n import _

        text = text.replace("Usage: ", _(USAGE.template) + " ", 1)
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
