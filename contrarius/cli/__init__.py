"""The ``contrarius`` command: a typer app whose commands live in the modules beside this one.

Exit codes (see :mod:`contrarius.errors`): 0 success, 1 ``check`` found problems, 2 usage
(unknown option, card, city, province or die value; options that do not fit the card),
3 input file (missing, unreadable or unwritable, not YAML, not a snapshot, newer format,
invalid snapshot), 4 rule (the rules forbid the action in this state, game over), 70
internal error. Every error is one line on stderr, ``contrarius: ...``.
"""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time; see
# benchmarks/README.md).

import sys
from typing import Annotated, Optional

import typer

from contrarius.cli.common import STATE
from contrarius.cli import typer_hooks

typer_hooks.install()  # plain values skip typer's pydantic layer (start-up time)
typer_hooks.guard_completion_install()


_GROUP, _COMMAND = typer_hooks.cli_classes()

def _version(value: bool) -> None:
    if value:
        from contrarius import __version__

        print(f"contrarius {__version__}")
        raise typer.Exit()


def _lang(value: Optional[str]) -> Optional[str]:
    """``--lang`` is eager: a help page asked for after it (``contrarius --lang pt_BR
    --help``) is in that language; the root's callback chooses it again for a command."""
    if value is not None:
        from contrarius.errors import ContrariusError
        from contrarius.words.language import set_language

        try:
            set_language(value)
        except ContrariusError:
            pass  # said by the root's callback, with its exit code
    return value


def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an error (for bug reports).")] = False,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", metavar="LANG", callback=_lang, is_eager=True, help="The language: en or pt_BR (also pt, pt-BR, pt_BR.UTF-8); default CONTRARIUS_LANG, then the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). In pt_BR every report (solo, team and third-player play, where, preview, new, show, check, score, undo, redo, reveal, boards, board, log's frame), session's questions, the error lines, the help pages and the pictures are in Portuguese; snapshots (and the turns they record), the history and --json stay English.", show_default=False)] = None,
) -> None:
    """Contrarius for Concordia: Solitaria: read a snapshot, apply its reaction, write the snapshot."""
    from contrarius.cli.common import say_error
    from contrarius.errors import ContrariusError
    from contrarius.words.language import set_language

    STATE["debug"] = debug
    try:
        set_language(lang)
    except ContrariusError as exc:
        say_error(f"contrarius: {exc}")
        raise typer.Exit(exc.exit_code) from None


#: Each command -> the module below this package that registers it, in the order of
#: ``contrarius --help`` (``tests/test_cli_startup.py`` checks it against the modules).
COMMAND_MODULES: dict[str, str] = {
    "boards": "commands.boards", "board": "commands.boards",
    "new": "commands.game", "check": "commands.game", "show": "commands.game", "undo": "commands.game",
    "redo": "commands.game", "where": "commands.where", "play": "commands.play", "roll": "commands.play",
    "preview": "commands.preview", "score": "commands.score", "session": "session.command",
    "reveal": "commands.record", "log": "commands.record",
}


def _new_app(completion_options: bool = True) -> typer.Typer:
    """The root of the command line, with its options and no command yet.

    ``completion_options``: the root's ``--install-completion`` and ``--show-completion``
    (typer's). An app built for one command invoked (:func:`_app_for`) leaves them out:
    only ``--debug`` can come before the command's name there, so they could never be
    given (only ``--debug`` and ``--lang``), and typer builds them on every run (start-up time). TAB completion does not
    depend on them."""
    root = typer.Typer(
        name="contrarius",
        help="Contrarius, the automated opponent of Concordia: Solitaria: what it does after each card you play.",
        no_args_is_help=True,
        add_completion=completion_options,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich" if _GROUP else None,
        cls=_GROUP,
    )
    root.callback()(_root)
    return root


def _with_rich_help(app: typer.Typer) -> typer.Typer:
    """``app`` with each of its commands built with the rich help of :func:`_cli_classes`
    (a command that names its own class keeps it)."""
    if _COMMAND is not None:
        typer_hooks.use_command_class(app, _COMMAND)
    return app


def _full_app() -> typer.Typer:
    """The app with every command (``contrarius --help``, ``contrarius <TAB>``, the tests)."""
    from contrarius.cli.commands import boards as boards_cmd
    from contrarius.cli.commands import game as game_cmd
    from contrarius.cli.commands import play as play_cmd
    from contrarius.cli.commands import preview as preview_cmd
    from contrarius.cli.commands import record as record_cmd
    from contrarius.cli.commands import score as score_cmd
    from contrarius.cli.session import command as session_cmd
    from contrarius.cli.commands import where as where_cmd

    full = _new_app()
    for mod in (boards_cmd, game_cmd, where_cmd, play_cmd, preview_cmd, score_cmd, session_cmd, record_cmd):
        mod.register(full)
    return _with_rich_help(full)


def __getattr__(name: str):
    """``app``, the whole command line, built on first use (``from contrarius.cli import app``);
    :func:`main` builds only the command it runs."""
    if name == "app":
        globals()["app"] = built = _full_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _invoked_command(args: list[str]) -> str | None:
    """The command name in ``args`` when only ``--debug`` and ``--lang LANG`` come before
    it, else None."""
    skip = False
    for arg in args:
        if skip or arg == "--debug" or arg.startswith("--lang="):
            skip = False
            continue
        if arg == "--lang":
            skip = True
            continue
        return None if arg.startswith("-") else arg
    return None


def _app_for(args: list[str]) -> typer.Typer:
    """The app to run for ``args``: one holding only the command invoked, when there is one.

    Importing every command's module and having typer build the click command of each
    costs time on every run; an app with just the command invoked (same root options,
    help and errors) behaves the same for that command and starts faster. A TAB
    completion after the command's name gets that command's app too. ``contrarius
    --help``, ``contrarius <TAB>`` and anything unusual get the whole app.
    """
    import importlib
    import os

    completing = any(k.startswith("_CONTRARIUS_COMPLETE") or k == "_TYPER_COMPLETE_ARGS" for k in os.environ)
    if completing:
        from contrarius.cli.completion import completed_words

        name = _invoked_command(completed_words())
    else:
        name = _invoked_command(args)
    if name not in COMMAND_MODULES:
        return globals().get("app") or __getattr__("app")
    slim = _new_app(completion_options=False)
    importlib.import_module(f"{__name__}.{COMMAND_MODULES[name]}").register(slim)
    slim.registered_commands = [c for c in slim.registered_commands if c.name == name]
    return _with_rich_help(slim)


def main() -> None:
    """Entry point of the ``contrarius`` console script (and ``python -m contrarius``): the
    app for the command invoked (:func:`_app_for`), run as the whole process by
    :func:`contrarius.cli.process.run` (Ctrl-C, broken streams, the exit code, the fast exit)."""
    from contrarius.cli import process

    interactive = _invoked_command(sys.argv[1:]) == "session"
    process.run(lambda: _app_for(sys.argv[1:])(standalone_mode=True), interactive)
