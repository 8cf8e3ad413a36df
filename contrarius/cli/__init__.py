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
from contrarius.cli.fastparams import install as _install_fast_params

_install_fast_params()  # plain values skip typer's pydantic layer (start-up time)


def usage_error_line(exc) -> str:
    """A click usage error (unknown option, missing argument, bad value) as one line:
    ``contrarius: MESSAGE. Run 'contrarius play --help' for help.``"""
    msg = " ".join(str(exc.format_message()).split()) or "wrong usage"
    if not msg.endswith((".", "?", "!")):
        msg += "."
    path = exc.ctx.command_path if getattr(exc, "ctx", None) is not None else "contrarius"
    return f"contrarius: {msg} Run '{path} --help' for help."


def plain_metavars(params) -> None:
    """Give every argument and option of a command a metavar in capitals, as the README
    writes them: an argument its name (``CARD``, ``SNAPSHOT``; no ``<str>`` type column),
    an option without one of its own ``N`` for a number, ``PATH`` for ``--output``, else
    its name (``--board BOARD``). The options of a turn name theirs in
    :mod:`contrarius.cli.options` (``--place KIND:CITY``)."""
    for p in params:
        if getattr(p, "param_type_name", "") == "argument":
            if p.metavar is None:
                p.metavar = p.name.upper()
            p.display_type_rich = lambda ctx: None  # the name says it
        elif p.metavar is None and not getattr(p, "is_flag", False) and getattr(p, "name", None):
            try:
                number = "int" in p.bare_type()
            except Exception:  # noqa: BLE001 - typer's internals differ: the name then
                number = False
            p.metavar = "N" if number else "PATH" if p.name == "output" else p.name.upper().replace("_", "-")


def _cli_classes():
    """The root group and the command class of the app: ``--help`` is typer's rich help
    (options in their help panels), rendered as one string (:mod:`contrarius.cli.helptext`,
    imported only then) so that a pipe closed early is exit 0 and a full disk exit 3; usage
    errors become one line on stderr (exit code 2), like every other error; ``contrarius``
    alone prints the help on stderr (exit 2). ``(None, None)`` when typer's internals
    differ from the pinned range (then click's plain help and usage blocks are shown)."""
    try:
        from typer._click.exceptions import NoArgsIsHelpError, UsageError
        from typer.core import TyperCommand, TyperGroup
    except ImportError:  # pragma: no cover - present in the pinned typer range
        return None, None

    def rich_help(base):
        def format_help(self, ctx, formatter):  # noqa: D102 - click hook (--help)
            from contrarius.cli.helptext import render_help

            formatter.write(render_help(self, ctx, lambda: base.format_help(self, ctx, formatter)))
        return format_help

    class OneLineUsageErrors(TyperGroup):
        format_help = rich_help(TyperGroup)

        def _one_line(self, call, ctx, *args):
            try:
                return call(ctx, *args)
            except NoArgsIsHelpError as exc:  # ``contrarius`` alone: the help, on stderr
                if ctx.resilient_parsing:
                    raise
                typer.echo(exc.format_message(), err=True)
                raise typer.Exit(exc.exit_code) from None
            except UsageError as exc:
                if ctx.resilient_parsing:  # shell completion: stay silent
                    raise
                print(usage_error_line(exc), file=sys.stderr)
                raise typer.Exit(exc.exit_code) from None
            except BrokenPipeError:  # ``--help | head -1``: the reader has what it wanted
                from contrarius.cli.common import quiet_stdout

                quiet_stdout()
                raise typer.Exit(0) from None

        def _main_shell_completion(self, ctx_args, prog_name, complete_var=None):  # noqa: D102 - click hook
            from contrarius.cli.completion import register_shells  # bash: values after : and = (COMP_WORDBREAKS)

            register_shells()
            return super()._main_shell_completion(ctx_args, prog_name, complete_var)

        def parse_args(self, ctx, args):  # noqa: D102 - click hook (root options)
            return self._one_line(super().parse_args, ctx, args)

        def invoke(self, ctx):  # noqa: D102 - click hook (command name, command options)
            return self._one_line(super().invoke, ctx)

    class RichHelpCommand(TyperCommand):
        format_help = rich_help(TyperCommand)

        def __init__(self, *args, **kwargs):  # noqa: D107 - click hook
            super().__init__(*args, **kwargs)
            plain_metavars(self.params)

        def collect_usage_pieces(self, ctx):  # noqa: D102 - click hook: CARD SNAPSHOT, not {card} {snapshot}
            return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in super().collect_usage_pieces(ctx)]

    return OneLineUsageErrors, RichHelpCommand


def _guard_completion_install() -> None:
    """``--install-completion`` (typer's) in a shell it cannot detect or does not support:
    one ``contrarius:`` line on stderr pointing to the scripts in ``completions/``, exit 2,
    instead of typer's "Shell None is not supported." on stdout (exit 1)."""
    import os

    try:
        import typer.completion as tc
    except ImportError:  # pragma: no cover - present in the pinned typer range
        return
    original = getattr(tc, "install", None)
    if original is None or getattr(original, "_contrarius_guard", False):
        return

    def install(shell=None, prog_name=None, complete_var=None):
        if shell is None and not os.getenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"):
            shell = tc._get_shell_name()
        if shell not in ("bash", "zsh", "fish", "powershell", "pwsh"):
            which = f"the shell {shell!r} has no completion here" if shell else "cannot tell which shell this is"
            print(f"contrarius: {which}; install the script for your shell from completions/ by hand "
                  "(bash, zsh or fish: see README, 'Shell completion')", file=sys.stderr)
            raise typer.Exit(2)
        return original(shell=shell, prog_name=prog_name, complete_var=complete_var)

    install._contrarius_guard = True  # type: ignore[attr-defined]
    tc.install = install


_guard_completion_install()
_GROUP, _COMMAND = _cli_classes()

def _version(value: bool) -> None:
    if value:
        from contrarius import __version__

        print(f"contrarius {__version__}")
        raise typer.Exit()


def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an error (for bug reports).")] = False,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
    lang: Annotated[Optional[str], typer.Option("--lang", metavar="LANG", help="The language: en or pt_BR (also pt, pt-BR, pt_BR.UTF-8); default CONTRARIUS_LANG, then the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). No Portuguese catalog is shipped yet: pt_BR reports are English.", show_default=False)] = None,
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
        from typer.core import TyperCommand  # typer's default class of app.command()

        for info in app.registered_commands:
            if info.cls is None or info.cls is TyperCommand:
                info.cls = _COMMAND
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
    """Entry point of the ``contrarius`` console script (and ``python -m contrarius``).

    One command per process: the cyclic garbage collector is switched off while it runs
    and the objects left are frozen before exit, so that the interpreter does not walk
    every object of typer, rich and contrarius once more on the way out (about 15 ms of a
    ``play``; see benchmarks/README.md). Output and exit codes are unchanged.

    Ctrl-C is exit 130 at once with one true line (:func:`contrarius.store.files.exit_on_interrupt`)
    until the outcome is decided and said; after that (the interpreter's exit) it is held
    back and the command exits as decided. Stdout that cannot be written (``--help > /dev/full``) is one line and exit 3, a
    pipe closed by its reader exit 0: never a traceback.
    """
    import gc
    import signal

    from contrarius.store.files import exit_on_interrupt, interrupted_message
    from contrarius.cli.common import quiet_stdout, say_error

    # one command: Ctrl-C ends it at once (files change only inside the held commit); the
    # interactive session handles Ctrl-C itself (KeyboardInterrupt, commits still held)
    interactive = _invoked_command(sys.argv[1:]) == "session"
    signal.signal(signal.SIGINT, signal.default_int_handler if interactive else exit_on_interrupt)
    if sys.stdout is None:  # started with stdout closed (>&-)
        from contrarius.cli.common import ClosedStdout

        sys.stdout = ClosedStdout()
    collecting = gc.isenabled()
    gc.disable()
    code: object = 0
    try:
        try:
            _app_for(sys.argv[1:])(standalone_mode=True)
        except SystemExit as exc:
            code = exc.code
        if sys.stdout is not None:
            sys.stdout.flush()
    except KeyboardInterrupt:
        say_error(interrupted_message())
        quiet_stdout()
        code = 130
    except BrokenPipeError:
        quiet_stdout()
    except OSError as exc:
        quiet_stdout()
        if not code:  # else the error was reported already
            say_error(f"contrarius: cannot write to stdout ({exc.strerror})")
            code = 3
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
    # the outcome is decided and said: a Ctrl-C from here on (the interpreter's own exit,
    # where Python resets the signal handlers and SIGINT would kill the process without a
    # word) is held back, and the process exits as decided
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    _exit_now(code, interactive)


def _exit_now(code: object, interactive: bool = False) -> None:
    """End the process with ``code`` (as ``sys.exit`` reads it: None is 0, a number itself,
    a text is printed on stderr and is 1).

    The standard streams are flushed first; one that cannot be (``2>/dev/full``, a reader
    gone) is pointed at /dev/null, so that the exit code stays the command's (not Python's
    120 for a failed last flush): the outcome was decided before.

    A one-shot command then ends without the interpreter's teardown (``os._exit``): every
    file was written and closed by the command (the snapshot's commit is complete before
    its report is said); what is left is Python freeing each module and object of typer,
    rich, PyYAML and contrarius one by one, about 3 ms of every run that no one sees
    (issue 20; mypy's ``hard_exit`` does the same). The interactive ``session`` (readline)
    and a process in which something registered an ``atexit`` function (the standard
    library's ``logging``, imported by a help page) exit normally, so that it runs;
    ``tests/test_cli_startup.py`` checks that the turn commands register none.
    """
    import atexit
    import os

    from contrarius.cli.common import quiet_stdout

    for fd, stream in ((1, sys.stdout), (2, sys.stderr)):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            quiet_stdout(fd)
    if interactive or atexit._ncallbacks():
        sys.exit(code)
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        print(code, file=sys.stderr)
        status = 1
    os._exit(status & 0xFF)
