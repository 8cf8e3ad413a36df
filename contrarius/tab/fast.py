"""The fast TAB path: a shell completion answered before typer and rich are imported.

What it saves: typer's answer to a TAB (``_CONTRARIUS_COMPLETE=complete_SHELL``, what the
scripts in ``completions/`` run) costs a whole start-up: importing typer and rich (most of
the floor ``benchmarks/bench_play.py`` measures) and building the command, for an answer
that needs only the command line and, at most, the snapshot and its board. Here the
answer is worked out from a table of the command line (:mod:`contrarius.tab.table`,
generated from the typer app by ``scripts/gen_completions.py``) with the very callbacks
typer calls (:mod:`contrarius.tab.values`); ``contrarius/__main__.py`` enters
:func:`answer_and_exit` first.

What it mirrors of typer 0.29 (its own copy of click, ``typer._click``), all of it private:

- how a completion is asked (``core._typer_main_shell_completion``, ``completion.shell_complete``):
  the variable ``_CONTRARIUS_COMPLETE`` (``_{PROG}_COMPLETE`` for the program name
  ``click.utils._detect_program_name`` gives the console script) holding ``complete_bash``,
  ``complete_zsh`` or ``complete_fish``;
- how each shell's words are read (``get_completion_args`` of ``_completion_classes``'s
  ``ZshComplete``/``FishComplete`` and of contrarius's bash class,
  :func:`contrarius.cli.completion.register_shells`);
- how the words are parsed (``_click.parser._OptionParser`` in resilient mode: long options
  and ``--opt=value``, short options and their clusters, ``--``, parsing stopped at the
  first usage error; ``Parameter.consume_value``: a value from the command line, else the
  default) and what is completed (``_click.shell_completion._resolve_incomplete``: option
  names, an option's value, the first argument still missing, else the command's option
  names; ``TyperGroup``/``Command.shell_complete``; typer's ``compat_autocompletion``,
  which keeps the values starting with the word typed);
- what each shell is sent (``format_completion`` and ``complete`` of the shell classes,
  then ``click.echo``). zsh and fish show a help beside each value, which typer passes
  through rich (``_sanitize_help_text``): only help that rich prints as it is written (plain
  ASCII, no ``[`` of markup, no ``:name:`` of an emoji, no wider than the console could be)
  is answered here.

Why it is safe: whenever it is not sure of typer's answer (another program name or
instruction, an unknown command, an option before the command other than ``--debug``, an
odd environment, help that rich could change, output that is not plain ASCII) it answers
nothing and the full path runs as before. ``tests/test_tab_fast.py`` compares it with the
full path on every board, at every kind of position, in the three shells, and fails when
typer is not the version the table was made with; ``tests/test_completions.py`` fails when
the table is out of date with the app.
"""

import os
import sys

from contrarius.tab import table, values

SHELLS = ("bash", "zsh", "fish")
#: The width rich gives a console when nothing says otherwise (``rich.console.Console.size``).
RICH_DEFAULT_WIDTH = 80


class Unsure(Exception):
    """The fast path cannot be sure of typer's answer: the full path gives it."""


def answer_and_exit() -> None:
    """Answer the TAB asked in the environment and end the process, as typer would have; return
    (having written nothing) when the full path must answer."""
    try:
        result = answer()
    except Exception:  # noqa: BLE001 - never worse than the full path: it answers instead
        return
    if result is None:
        return
    text, code = result
    if text is not None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:  # contrarius.cli.main: the reader has gone, exit 0
            os._exit(0)
        except OSError as exc:  # contrarius.cli.main: one line, exit 3
            try:
                os.write(2, f"contrarius: cannot write to stdout ({exc.strerror})\n".encode())
            except OSError:
                pass
            os._exit(3)
    os._exit(code)


def answer() -> tuple[str | None, int] | None:
    """What typer would print for the TAB asked in the environment and its exit code (no
    text: nothing printed), or None when the full path must answer."""
    env = os.environ
    main = sys.modules.get("__main__")
    if os.name == "nt" or getattr(main, "__package__", None) not in (None, "") \
            or os.path.basename(sys.argv[0]) != "contrarius":
        return None  # typer would read another variable (python -m contrarius: "_PYTHON -M ...")
    kind, _, shell = env.get("_CONTRARIUS_COMPLETE", "").partition("_")
    if kind != "complete" or shell not in SHELLS or sys.stdout is None:
        return None
    try:
        return respond(shell, env)
    except Unsure:
        return None


def respond(shell: str, env) -> tuple[str | None, int]:
    """typer's output and exit code for a TAB in ``shell`` with the environment ``env``
    (``os.environ``: the callbacks read it too); raises :class:`Unsure`."""
    if table.TYPER != _typer_version():
        raise Unsure
    width = env.get("TERMINAL_WIDTH")
    if width:
        try:
            int(width)
        except ValueError:
            raise Unsure from None  # typer's own import fails on it
    args, incomplete, bash_split = _words(shell, env)
    if values.completed_words() != args:
        raise Unsure  # the app the full path builds is chosen from these words
    items = _completions(args, incomplete)
    return _format(shell, env, items, bash_split)


def _typer_version() -> str | None:
    """The version typer's ``__init__.py`` states, read without importing typer (the first
    ``typer`` package on ``sys.path``); None when there is none to read."""
    for folder in sys.path:
        try:
            with open(os.path.join(folder or ".", "typer", "__init__.py"), encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            continue
        head, sep, rest = text.partition('\n__version__ = "')
        return rest.partition('"')[0] if sep else None
    return None


# ----- the words (the shell classes' get_completion_args) -----------------------------------
def _words(shell: str, env) -> tuple[list[str], str, tuple | None]:
    if shell == "bash":
        split = values.bash_line()
        if split is not None:
            words, incomplete = split
            return words[1:], incomplete, split
        try:
            cwords = values._split_words(env["COMP_WORDS"])
            cword = int(env["COMP_CWORD"])
        except (KeyError, ValueError):
            raise Unsure from None
        try:
            incomplete = cwords[cword]
        except IndexError:
            incomplete = ""
        return cwords[1:cword], incomplete, None
    line = env.get("_TYPER_COMPLETE_ARGS", "")
    args = values._split_words(line)[1:]
    if args and not line.endswith(" "):
        return args[:-1], args[-1], None
    return args, "", None


# ----- what is completed (_resolve_context, _resolve_incomplete) -----------------------------
class Param:
    """One parameter of the table (see :mod:`contrarius.tab.table`)."""

    __slots__ = ("kind", "name", "opts", "action", "nargs", "expose", "offered", "help", "complete",
                 "text", "default")

    def __init__(self, row: tuple) -> None:
        (self.kind, self.name, self.opts, self.action, self.nargs, self.expose, self.offered, self.help,
         self.complete, self.text, self.default) = row

    @property
    def takes_value(self) -> bool:
        return self.action in ("store", "append")


class Command:
    """A command of the table; :meth:`make_context` is what the callbacks call of click's."""

    def __init__(self, name: str | None, rows: tuple) -> None:
        self.name = name
        self.params = [Param(r) for r in rows]

    def make_context(self, info_name, args, parent=None, resilient_parsing=True, **_):
        """The context of ``args`` parsed as click parses them in resilient mode."""
        opts = parse(self.params, list(args))
        return Context(info_name, self, opts, parent)


class Context:
    """What the callbacks of :mod:`contrarius.tab.values` read of typer's context:
    ``info_name`` (the command's name), ``params`` (each parameter whose value is a text:
    from the command line, else its default; the others are left out), ``command``
    (:meth:`Command.make_context`) and ``parent``."""

    def __init__(self, info_name, command: Command, opts: dict, parent) -> None:
        self.info_name = info_name
        self.command = command
        self.parent = parent
        self.opts = opts
        self.params = {p.name: opts.get(p.name) if opts.get(p.name) is not None else p.default
                       for p in command.params if p.expose and p.text}

    def given(self, param: Param) -> bool:
        """Whether ``param`` came from the command line (``ParameterSource.COMMANDLINE``)."""
        return self.opts.get(param.name) is not None


def parse(params: list[Param], rargs: list[str]) -> dict:
    """``_OptionParser.parse_args`` with ``resilient_parsing``: the values the words give
    (name -> text, list or True), as far as parsing got before a usage error."""
    long_opts = {o: p for p in params if p.kind == "option" for o in p.opts if len(o) > 2}
    short_opts = {o: p for p in params if p.kind == "option" for o in p.opts if len(o) == 2}
    opts: dict = {}
    largs: list[str] = []

    def store(p: Param, value) -> None:
        if p.action == "store":
            opts[p.name] = value
        elif p.action == "store_const":
            opts[p.name] = True
        elif p.action == "append":
            opts.setdefault(p.name, []).append(value)
        else:  # append_const
            opts.setdefault(p.name, []).append(True)

    def value_of(p: Param) -> str:
        if not rargs:
            raise _Stop  # BadOptionUsage: "requires an argument"
        return rargs.pop(0)

    try:
        while rargs:
            arg = rargs.pop(0)
            if arg == "--":
                break
            if arg[:1] == "-" and len(arg) > 1:
                long_opt, eq, explicit = arg.partition("=")
                p = long_opts.get(long_opt)
                if p is not None:
                    if p.takes_value:
                        if eq:
                            rargs.insert(0, explicit)
                        store(p, value_of(p))
                    elif eq:
                        raise _Stop  # "does not take a value"
                    else:
                        store(p, None)
                elif arg[:2] == "--":
                    raise _Stop  # NoSuchOption
                else:
                    for i, ch in enumerate(arg[1:], 2):
                        p = short_opts.get("-" + ch)
                        if p is None:
                            raise _Stop  # NoSuchOption
                        if p.takes_value:
                            if i < len(arg):
                                rargs.insert(0, arg[i:])
                            store(p, value_of(p))
                            break
                        store(p, None)
            else:
                largs.append(arg)
        # _process_args_for_args
        arguments = [p for p in params if p.kind == "argument"]
        words = largs + rargs
        star = next((i for i, p in enumerate(arguments) if p.nargs == -1), None)
        if star is None:
            for p in arguments:
                opts[p.name] = words.pop(0) if words else None
        else:
            before, after = arguments[:star], arguments[star + 1:]
            for p in before:
                opts[p.name] = words.pop(0) if words else None
            tail = {}
            for p in reversed(after):
                tail[p.name] = words.pop() if words else None
            opts.update(tail)
            opts[arguments[star].name] = tuple(words) or None
    except _Stop:
        pass
    return opts


class _Stop(Exception):
    """A usage error while parsing: click's resilient parser stops there."""


def _completions(args: list[str], incomplete: str) -> list[tuple[str, str | None]]:
    """The (value, help) pairs typer completes for ``args`` and ``incomplete``."""
    root = Command(None, table.ROOT)
    at = 0
    while at < len(args) and args[at] == "--debug":
        at += 1
    if at < len(args) and args[at][:1] == "-":
        raise Unsure  # another root option before the command (--version, --, ...)
    words = list(args)
    if incomplete == "=":
        incomplete = ""
    elif "=" in incomplete and incomplete[:1] == "-":
        name, _, incomplete = incomplete.partition("=")
        words.append(name)
    if at == len(args):  # no command yet: the whole app's root
        ctx = Context(None, root, {"debug": True} if at else {}, None)
        names = [(n, h) for n, h in table.COMMANDS if n.startswith(incomplete)]
        return names + _option_names(ctx, incomplete)
    name = args[at]
    rows = table.PARAMS.get(name)
    if rows is None:
        raise Unsure  # no such command: typer's root answers
    command = Command(name, rows)
    parent = Context(None, root, {"debug": True} if at else {}, None)
    ctx = command.make_context(name, args[at + 1:], parent=parent)
    if "--" not in words and incomplete[:1] == "-":
        return _option_names(ctx, incomplete)
    last = words[-1] if words else ""
    for p in command.params:
        if p.kind == "option" and p.takes_value and last[:1] == "-" and last in p.opts:
            return _values(p, ctx, incomplete)
    for p in command.params:
        if p.kind == "argument" and (p.nargs == -1 or not ctx.given(p)):
            return _values(p, ctx, incomplete)
    return _option_names(ctx, incomplete)


def _option_names(ctx: Context, incomplete: str) -> list[tuple[str, str | None]]:
    """``Command.shell_complete``: the names of the options not given yet (or repeatable)."""
    if not incomplete or incomplete[0].isalnum():
        return []
    return [(o, p.help) for p in ctx.command.params
            if p.offered and (p.action.startswith("append") or not ctx.given(p))
            for o in p.opts if o.startswith(incomplete)]


def _values(p: Param, ctx: Context, incomplete: str) -> list[tuple[str, str | None]]:
    """The values of ``p`` typer offers: its callback's that start with ``incomplete``."""
    if p.complete is None:
        return []
    func, ctx_name, args_name, word_name = p.complete
    kwargs = {}
    if ctx_name:
        kwargs[ctx_name] = ctx
    if args_name:
        kwargs[args_name] = []
    if word_name:
        kwargs[word_name] = incomplete
    out = []
    for c in getattr(values, func)(**kwargs):
        value, help_text = (c[0], c[1]) if isinstance(c, tuple) else (c, None)
        if not isinstance(value, str) or not isinstance(help_text, (str, type(None))):
            raise Unsure
        if value.startswith(incomplete):
            out.append((value, help_text))
    return out


# ----- what the shell is sent (format_completion, complete, click.echo) ---------------------
def _format(shell: str, env, items: list[tuple[str, str | None]], bash_split) -> tuple[str | None, int]:
    if shell == "bash":
        lines = [values.bash_reply(v, bash_split[1]) if bash_split is not None else v for v, _ in items]
        return _plain("\n".join(lines)) + "\n", 0
    limit = _narrowest_console(env)
    if shell == "zsh":
        res = [f'"{_zsh_escape(v)}":"{_as_rich_prints(_zsh_escape(h), limit)}"' if h else f'"{_zsh_escape(v)}"'
               for v, h in items]
        text = "_arguments '*: :((" + "\n".join(res) + "))'" if res else "_files"
        return _plain(text) + "\n", 0
    shown = [f"{v}\t{_as_rich_prints(h, limit)}" if h else v for v, h in items]
    action = env.get("_TYPER_COMPLETE_FISH_ACTION", "")
    if action == "is-args":
        return None, 0 if shown else 1
    _plain("\n".join(shown))
    return ("\n".join(shown) if action == "get-args" and shown else "") + "\n", 0


def _plain(text: str) -> str:
    """``text`` when every character is printable ASCII or a line break or tab (what
    ``click.echo`` writes unchanged in any encoding, with no ANSI code to strip)."""
    if not all(" " <= ch <= "~" or ch in "\n\t" for ch in text):
        raise Unsure
    return text


def _zsh_escape(s: str) -> str:
    """``ZshComplete.format_completion``'s ``escape``."""
    return s.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`").replace(":", r"\\:")


def _as_rich_prints(text: str, limit: int) -> str:
    """``text`` when typer's ``_sanitize_help_text`` (rich rendering it at the console's
    width) gives it back unchanged: printable ASCII, no ``[`` (markup), no two colons with
    no blank between (an emoji code such as ``:smile:``), at most ``limit`` long."""
    if len(text) > limit or "[" in text or not all(" " <= ch <= "~" for ch in text):
        raise Unsure
    colons = [i for i, ch in enumerate(text) if ch == ":"]
    for a, b in zip(colons, colons[1:]):
        if " " not in text[a + 1:b]:
            raise Unsure
    return text


def _narrowest_console(env) -> int:
    """The narrowest width rich may give typer's console here (``Console.size``: typer's
    ``TERMINAL_WIDTH``, ``COLUMNS``, the terminal of stdin, stdout or stderr, else 80)."""
    widths = [RICH_DEFAULT_WIDTH]
    for name in ("TERMINAL_WIDTH", "COLUMNS"):
        raw = env.get(name)
        if raw:
            try:
                widths.append(int(raw))
            except ValueError:
                if name == "TERMINAL_WIDTH":
                    raise Unsure from None
    for fd in (0, 1, 2):
        try:
            widths.append(os.get_terminal_size(fd).columns or RICH_DEFAULT_WIDTH)
        except (AttributeError, ValueError, OSError):
            pass
    return min(widths)
