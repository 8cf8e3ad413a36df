"""Every hook into typer's (and click's) internals, fenced in one module: the names below
are not typer's public API; typer is pinned (pyproject: typer >=0.29,<0.30) and
``tests/test_typer_hooks.py`` fails loudly, naming this module, when one of them is gone.
Each hook leaves typer alone when its name is missing: the command line still works, only
slower or with click's plain messages.

What each private name is used for, and what it saves:

- ``typer.core.build_runtime_param`` (replaced, :func:`install`): plain parameter values
  skip typer's pydantic layer; importing pydantic and building its adapters is about 60 ms
  of a 150 ms command. ``typer.core._TyperParameter`` is checked to be the class that calls it.
- ``typer.main.get_params_from_function`` (replaced, :func:`_read_signatures_once`): each
  function's signature read once per process, about half of the time typer takes to build
  ``play``.
- ``typer.core.TyperGroup``, ``typer.core.TyperCommand`` (subclassed, :func:`cli_classes`),
  with click's hooks ``format_help``, ``parse_args``, ``invoke``, ``collect_usage_pieces``
  and the private ``_main_shell_completion`` (of ``typer.core.TyperGroup``): the help rendered as one string (a pipe
  closed early is exit 0, a full disk exit 3), usage errors as one ``contrarius:`` line
  (exit 2), ``CARD SNAPSHOT`` in the usage line, contrarius's bash completion registered
  before a completion runs; and the parameter attributes ``param_type_name``,
  ``bare_type()`` and ``display_type_rich`` (:func:`plain_metavars`: README's metavars).
- ``typer._click.exceptions.NoArgsIsHelpError``, ``UsageError`` (caught): ``contrarius``
  alone prints the help on stderr; a usage error is one line.
- ``typer.completion.install`` (wrapped) and ``typer.completion._get_shell_name``
  (:func:`guard_completion_install`): ``--install-completion`` in an unknown shell is one
  line and exit 2 instead of typer's message on stdout.
- ``typer._completion_classes.BashComplete``, ``completion_init``,
  ``typer._completion_shared.COMPLETION_SCRIPT_BASH``,
  ``typer._click.shell_completion.add_completion_class`` (:func:`register_shells`): bash
  completes values after ``:`` and ``=`` (``--place land:Co``, ``--die white=``).

:data:`TOUCHED` lists the modules' names for the test. The first hook in detail:

typer 0.29 turns every command-line value into its Python type through a pydantic
``TypeAdapter``, built the first time a parameter is processed - also for a parameter
left at its default. Importing pydantic and building the adapters costs more than
everything contrarius does in a ``play`` (about 60 ms of a 150 ms command).

:func:`install` makes typer build each parameter's coercion lazily: a value that needs
no conversion (``None``; a ``str`` for a ``str`` parameter; a ``bool`` for a flag; an
``int`` default of an ``int`` option without bounds; a list of ``str`` for a repeated
``str`` option; an empty list) is returned exactly as typer's
adapter would return it, and anything else (an ``int`` option given on the command line, a
custom parser, a file) goes to typer's own coercion, built on first use. Error messages
and results are typer's. The hook uses typer's internal ``typer.core.build_runtime_param``
(pinned typer range, see pyproject): typer has no supported switch that keeps pydantic out
of a command whose values need no converting. When the name is missing nothing is changed
(every command still works, only slower), and ``tests/test_typer_hooks.py`` fails loudly,
saying what to do: a typer upgrade cannot make contrarius silently slower.
"""

from __future__ import annotations

import sys
import weakref
from typing import Any, get_args, get_origin

import typer

#: Every private typer name this module touches: (module, name); ``tests/test_typer_hooks.py``
#: checks that each is there.
TOUCHED: tuple[tuple[str, str], ...] = (
    ("typer.core", "build_runtime_param"), ("typer.core", "_TyperParameter"),
    ("typer.main", "get_params_from_function"),
    ("typer.core", "TyperGroup"), ("typer.core", "TyperCommand"),
    ("typer._click.exceptions", "NoArgsIsHelpError"), ("typer._click.exceptions", "UsageError"),
    ("typer.completion", "install"), ("typer.completion", "_get_shell_name"),
    ("typer._completion_classes", "BashComplete"), ("typer._completion_classes", "completion_init"),
    ("typer._completion_shared", "COMPLETION_SCRIPT_BASH"),
    ("typer._click.shell_completion", "add_completion_class"),
)

_NOT_PLAIN = object()
_installed = False


def plain_value(descriptor: Any, value: Any, multiple: bool) -> Any:
    """``value`` as typer's coercion would return it, or ``_NOT_PLAIN`` when that needs typer.

    ``descriptor`` is typer's ``TypeDescriptor`` of the parameter; ``multiple`` tells a
    repeated option or a variadic argument.
    """
    if value is None:
        return () if multiple else None  # typer: RuntimeParam.coerce
    info = descriptor.parameter_info
    if getattr(info, "parser", None) is not None or descriptor.file_annotation is not None:
        return _NOT_PLAIN
    if multiple and isinstance(value, str):
        return _NOT_PLAIN  # typer raises "Value must be an iterable."
    ann = descriptor.annotation
    if ann is str and type(value) is str:
        return value
    if ann is bool and type(value) is bool:
        return value
    if ann is int and type(value) is int and getattr(info, "min", None) is None and getattr(info, "max", None) is None:
        return value  # an int default (``--fish`` left out); a typed "7" still goes to typer
    if get_origin(ann) is list and isinstance(value, (list, tuple)):
        if not value:
            return []
        if get_args(ann) == (str,) and all(type(v) is str for v in value):
            return list(value)
    return _NOT_PLAIN


class LazyRuntimeParam:
    """Stands in for typer's ``RuntimeParam`` of one parameter (only ``coerce`` is used)."""

    def __init__(self, descriptor: Any, build: Any):
        self.descriptor = descriptor
        self._build = build
        self._real: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        """Return the coerced value: the plain fast path, else typer's coercion."""
        out = plain_value(self.descriptor, value, bool(param.multiple or param.nargs == -1))
        if out is not _NOT_PLAIN:
            return out
        if self._real is None:
            self._real = self._build(self.descriptor)
        return self._real.coerce(value, param=param, ctx=ctx)


def install() -> bool:
    """Hook the lazy coercion into typer (once). Returns True when it is in place."""
    global _installed
    if _installed:
        return True
    try:
        from typer import core
    except ImportError:  # pragma: no cover - typer always has it in the pinned range
        return False
    build = getattr(core, "build_runtime_param", None)
    if build is None or not hasattr(core, "_TyperParameter"):
        return False

    def build_lazily(descriptor: Any) -> LazyRuntimeParam:
        return LazyRuntimeParam(descriptor, build)

    core.build_runtime_param = build_lazily
    _read_signatures_once()
    _installed = True
    return True


def _read_signatures_once() -> bool:
    """Make typer read each function's parameters once per process.

    typer reads the signature and type hints of a command's function twice while it
    builds the command (for its parameters, then for its callback), and those of an
    ``autocompletion=`` callback once per option using it (``complete_city`` for
    ``--build`` and ``--partner-build``): for ``play`` (41 parameters) about half of the
    time typer takes to build it. What typer gets from one function never changes, and
    typer only reads it, so the first answer is kept (weakly: a function dropped is
    forgotten) and given again. The hook replaces typer's internal
    ``typer.main.get_params_from_function`` (the name typer looks up when it builds a
    command); when it is missing nothing is changed (only slower) and
    ``tests/test_typer_hooks.py`` fails, saying what to do. Returns True when in place.
    """
    try:
        from typer import main
    except ImportError:  # pragma: no cover - typer always has it in the pinned range
        return False
    read = getattr(main, "get_params_from_function", None)
    if read is None or getattr(read, "_contrarius_once", False):
        return read is not None
    known: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def read_once(func: Any) -> Any:
        try:
            return known[func]
        except KeyError:
            known[func] = params = read(func)
            return params
        except TypeError:  # not weakly referable or not hashable: typer reads it each time
            return read(func)

    read_once._contrarius_once = True  # type: ignore[attr-defined]
    main.get_params_from_function = read_once
    return True


# ----- the command classes: rich help as one string, one-line usage errors -------------------

def usage_error_line(exc) -> str:
    """A click usage error (unknown option, missing argument, bad value) as one line:
    ``contrarius: MESSAGE. Run 'contrarius play --help' for help.``, in the language
    chosen (:func:`translate_usage`)."""
    from contrarius.words import language

    ctx = getattr(exc, "ctx", None)
    lang = ctx.find_root().params.get("lang") if ctx is not None else None
    if lang:  # an error found before the root's callback chose the language (an unknown command)
        from contrarius.errors import ContrariusError

        try:
            language.set_language(lang)
        except ContrariusError:
            pass
    msg = " ".join(str(exc.format_message()).split()) or "wrong usage"
    english = language.current() == language.ENGLISH
    if not english:
        msg = translate_usage(msg)
    if not msg.endswith((".", "?", "!")):
        msg += "."
    path = exc.ctx.command_path if getattr(exc, "ctx", None) is not None else "contrarius"
    if english:
        return f"contrarius: {msg} Run '{path} --help' for help."
    from contrarius.words.i18n import _

    return "contrarius: " + _("{message} Run '{path} --help' for help.").format(message=msg, path=path)


def _usage_messages() -> tuple:
    """The messages of typer's bundled click (it has no catalog), as msgids of contrarius's
    catalog: each matches the English text click wrote (:func:`translate_usage`)."""
    from contrarius.words.i18n import N_

    return (N_("No such option: {option} (Possible options: {options})"), N_("No such option: {option}"),
            N_("Missing argument {name}. {extra}"), N_("Missing argument {name}."), N_("Missing option {name}. {extra}"),
            N_("Missing option {name}."), N_("Missing parameter: {name}"), N_("Got unexpected extra argument(s) ({args})"),
            N_("Invalid value for {param}: {message}"), N_("Invalid value: {message}"), N_("Option {option} requires an argument."),
            N_("Option {option} requires {n} arguments."), N_("Option {option} does not take a value."),
            N_("No such command {name}."), N_("Value {value} is not a valid {label}."), N_("{value} is not one of {choices}."),
            N_("Input should be a valid integer, unable to parse string as an integer"), N_("wrong usage"))


def translate_usage(msg: str) -> str:
    """A usage error click wrote in English, in the language chosen: the first of
    :func:`_usage_messages` whose English form matches the whole text (a message inside
    another, ``Invalid value for '--turns': ...``, is translated too); any other text as
    it is."""
    import re

    for m in _usage_messages():
        parts = re.split(r"\{(\w+)\}", m.template)
        pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        hit = re.fullmatch(pattern, msg)
        if hit is not None:
            values = {k: translate_usage(v) if k in ("message", "extra") else v for k, v in hit.groupdict().items()}
            return str(type(m)(m.template, args=values))
    return msg


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


#: ``ctx.meta`` key: the command line holds root options (``--debug``, ``--lang``) and no command.
_NO_COMMAND = "contrarius.no_command"


def _root_options_only(args: list[str]) -> bool:
    """Whether ``args`` (the root's command line) is not empty and only ``--debug`` and
    ``--lang LANG`` / ``--lang=LANG``: no command, nothing else (``contrarius`` alone,
    an empty list, is click's own case)."""
    rest = list(args)
    if not rest:
        return False
    while rest:
        arg = rest.pop(0)
        if arg == "--lang" and rest:
            rest.pop(0)
        elif arg != "--debug" and not arg.startswith("--lang="):
            return False
    return True


def cli_classes():
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
        def format_help(self, ctx, formatter):  # click hook (--help)
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
                from contrarius.cli.process import quiet_broken

                quiet_broken()
                raise typer.Exit(0) from None

        def _main_shell_completion(self, ctx_args, prog_name, complete_var=None):  # click hook
            register_shells()  # bash: values after : and = (COMP_WORDBREAKS)
            return super()._main_shell_completion(ctx_args, prog_name, complete_var)

        def parse_args(self, ctx, args):  # click hook (root options)
            from contrarius.errors import ContrariusError
            from contrarius.words.language import set_language

            try:  # each run chooses its language afresh (--lang, eager, may choose again)
                set_language()
            except ContrariusError:
                pass  # a CONTRARIUS_LANG contrarius does not speak: said by the root's callback
            ctx.meta[_NO_COMMAND] = _root_options_only(args)
            return self._one_line(super().parse_args, ctx, args)

        def invoke(self, ctx):  # click hook (command name, command options)
            if ctx.meta.get(_NO_COMMAND) and not ctx.resilient_parsing:
                # root options and no command (``contrarius --lang pt_BR``): as ``contrarius``
                # alone, the help on stderr (exit 2), in the language chosen
                from contrarius.cli.common import say_error
                from contrarius.errors import ContrariusError
                from contrarius.words.language import set_language

                try:
                    set_language(ctx.params.get("lang"))
                except ContrariusError as exc:
                    say_error(f"contrarius: {exc}")
                    raise typer.Exit(exc.exit_code) from None
                typer.echo(ctx.get_help(), err=True)
                raise typer.Exit(2)
            return self._one_line(super().invoke, ctx)

    class RichHelpCommand(TyperCommand):
        format_help = rich_help(TyperCommand)

        def __init__(self, *args, **kwargs):  # click hook
            super().__init__(*args, **kwargs)
            plain_metavars(self.params)

        def collect_usage_pieces(self, ctx):  # click hook: CARD SNAPSHOT, not {card} {snapshot}
            return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in super().collect_usage_pieces(ctx)]

    return OneLineUsageErrors, RichHelpCommand


def guard_completion_install() -> None:
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


def use_command_class(app: Any, command_class: type) -> None:
    """Build each command of ``app`` that names no class of its own with ``command_class``
    (instead of typer's default ``typer.core.TyperCommand``)."""
    from typer.core import TyperCommand  # typer's default class of app.command()

    for info in app.registered_commands:
        if info.cls is None or info.cls is TyperCommand:
            info.cls = command_class


# ----- shell completion: bash values after : and = ------------------------------------------

def register_shells() -> None:
    """Use contrarius's bash completion (:func:`~contrarius.cli.completion.bash_line`,
    :func:`~contrarius.cli.completion.bash_reply`) instead of
    typer's, whose script passes only ``COMP_WORDS``: values after ``:`` or ``=``
    (``--place land:Co``, ``--die white=``, ``reveal g.yaml 7=``) never completed. Its
    script also passes ``COMP_LINE``, ``COMP_POINT`` and ``COMP_WORDBREAKS``. Called when a
    completion runs or a script is printed (``_CONTRARIUS_COMPLETE=...``). typer's classes
    for every shell are registered first: the app built for one command leaves out the
    root's completion options, with which typer would register them (zsh and fish then
    answered "Shell zsh not supported.")."""
    from typer._completion_classes import BashComplete, completion_init

    from contrarius.cli.completion import bash_line, bash_reply
    from typer._completion_shared import COMPLETION_SCRIPT_BASH
    from typer._click.shell_completion import add_completion_class

    completion_init()
    passed = "COMP_CWORD=$COMP_CWORD \\\n"
    if passed not in COMPLETION_SCRIPT_BASH:  # pragma: no cover - typer's template changed
        return

    class ContrariusBash(BashComplete):
        source_template = COMPLETION_SCRIPT_BASH.replace(
            passed, passed + ' ' * 19 + 'COMP_LINE="$COMP_LINE" COMP_POINT=$COMP_POINT \\\n'
            + ' ' * 19 + 'COMP_WORDBREAKS="$COMP_WORDBREAKS" \\\n')

        def get_completion_args(self) -> tuple[list[str], str]:  # click hook
            split = bash_line()
            if split is None:
                return super().get_completion_args()
            words, incomplete = split
            return words[1:], incomplete

        def format_completion(self, item) -> str:  # click hook
            split = bash_line()
            return bash_reply(item.value, split[1]) if split is not None else item.value

    add_completion_class(ContrariusBash, "bash")
