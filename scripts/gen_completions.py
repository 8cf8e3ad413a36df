"""Generate the shell completion scripts in ``completions/``, and the table of the command
line that the fast TAB path reads (``contrarius/tab/table.py``), from the program itself.

    python scripts/gen_completions.py          # (re)write completions/contrarius.{bash,zsh,fish}, the table
    python scripts/gen_completions.py --check  # exit 1 when a committed file is out of date

Each script is what ``contrarius`` prints with ``_CONTRARIUS_COMPLETE=source_SHELL``, run
through typer's CliRunner with the program name ``contrarius``, without the leading blank
line (the zsh script must start with ``#compdef contrarius`` for ``compinit``). The
scripts only call the program back (``_CONTRARIUS_COMPLETE=complete_SHELL``); the values
offered come from ``contrarius/tab/values.py``, so they need regenerating only when
typer changes its templates. ``tests/test_completions.py`` fails when they drift.

The table (:func:`render_table`) holds what :mod:`contrarius.tab.fast` needs to know of the
typer app without importing it: the commands in order with their short help, the root's
options, and each command's parameters as typer built them (names, how the parser takes
them, help, the completion callback and the names typer passes it). It must be regenerated
whenever a command, an option or its help changes (the same test says so).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "completions"
PROG = "contrarius"
SHELLS = ("bash", "zsh", "fish")
TABLE = ROOT / "contrarius" / "tab" / "table.py"


def render(shell: str) -> str:
    """The completion script for ``shell`` (bash, zsh or fish), ending in one newline.

    Raises :class:`RuntimeError` when the program does not produce one.
    """
    from typer.testing import CliRunner

    from contrarius.cli import app

    result = CliRunner().invoke(app, [], prog_name=PROG, env={f"_{PROG.upper()}_COMPLETE": f"source_{shell}"})
    if result.exit_code != 0 or not result.stdout.strip():
        raise RuntimeError(f"no {shell} completion script (exit {result.exit_code}): {result.stderr or result.stdout}")
    text = result.stdout
    if text.startswith("\n"):
        text = text[1:]
    text = text.rstrip("\n") + "\n"
    if shell == "zsh" and not text.startswith(f"#compdef {PROG}\n"):
        raise RuntimeError(f"the zsh script must start with '#compdef {PROG}', got {text.splitlines()[0]!r}")
    return text


def _param_row(param, where: str) -> tuple:
    """One parameter as the fast path reads it (see ``contrarius/tab/table.py``'s docstring).
    Raises :class:`RuntimeError` for what the fast path does not mirror."""
    import inspect

    from typer.core import TyperArgument, TyperOption

    desc = getattr(param, "type_descriptor", None)
    if isinstance(param, TyperArgument):
        kind, action = "argument", "argument"
    else:
        kind = "option"
        if getattr(param, "count", False):
            raise RuntimeError(f"{where}: {param.name}: a counting option")
        action = ("append" if param.multiple else "store") + ("_const" if param.is_flag else "")
        if param.secondary_opts or any(o[:1] != "-" for o in param.opts):
            raise RuntimeError(f"{where}: {param.name}: secondary or non '-' option names")
        if getattr(param, "prompt", None) is not None:
            raise RuntimeError(f"{where}: {param.name}: a prompt")
    if param.nargs not in (1, -1) or (param.nargs == -1 and kind == "option"):
        raise RuntimeError(f"{where}: {param.name}: nargs {param.nargs}")
    if param.envvar:
        raise RuntimeError(f"{where}: {param.name}: an environment variable")
    complete = None
    custom = getattr(param, "_custom_shell_complete", None)
    if custom is not None:
        closure = inspect.getclosurevars(custom).nonlocals
        wrapper = closure.get("autocompletion")
        names = inspect.getclosurevars(wrapper).nonlocals if wrapper is not None else {}
        callback = names.get("callback")
        if callback is None or callback.__module__ != "contrarius.tab.values":
            raise RuntimeError(f"{where}: {param.name}: a completion the fast path cannot call")
        complete = (callback.__name__, names.get("ctx_name"), names.get("args_name"), names.get("incomplete_name"))
    elif desc is None or desc.is_choice or desc.is_file:
        raise RuntimeError(f"{where}: {param.name}: choices or files completed by typer")
    text = desc.annotation is str if desc is not None else False
    default = param.default if text and isinstance(param.default, (str, type(None))) else None
    offered = isinstance(param, TyperOption) and not getattr(param, "hidden", False)
    return (kind, param.name, tuple(param.opts), action, param.nargs, bool(param.expose_value), offered,
            getattr(param, "help", None) if offered else None, complete, text, default)


def render_table() -> str:
    """The text of ``contrarius/tab/table.py``, made from the typer app."""
    import typer
    from typer.main import get_command

    from contrarius.cli import COMMAND_MODULES, app

    group = get_command(app)
    ctx = group.make_context(PROG, [], resilient_parsing=True)
    roots = []
    for p in group.get_params(ctx):
        # --lang's callback only chooses the language (for a help page after it): nothing a TAB offers
        if p.callback is not None and p.name not in ("version", "lang", "install_completion", "show_completion", "help"):
            raise RuntimeError(f"the root: {p.name}: a callback")
        roots.append(_param_row(p, "the root"))
    commands, params = [], {}
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        if not cmd.allow_interspersed_args or cmd.ignore_unknown_options or cmd.context_settings:
            raise RuntimeError(f"{name}: parser settings the fast path does not mirror")
        sub = cmd.make_context(name, [], parent=ctx, resilient_parsing=True)
        if sub.auto_envvar_prefix is not None or sub.default_map or sub.token_normalize_func is not None:
            raise RuntimeError(f"{name}: values from the environment or a default map")
        rows = []
        for p in cmd.get_params(sub):
            if p.callback is not None and p.name != "help":
                raise RuntimeError(f"{name}: {p.name}: a callback")
            rows.append(_param_row(p, name))
        commands.append((name, cmd.get_short_help_str()))
        params[name] = tuple(rows)
    if [n for n, _ in commands] != list(COMMAND_MODULES):
        raise RuntimeError("the commands of the app differ from contrarius.cli.COMMAND_MODULES")
    def rows(items, indent: str) -> str:
        return "".join(f"{indent}{item!r},\n" for item in items)

    body = (f"TYPER = {typer.__version__!r}\n"
            f"COMMANDS = (\n{rows(commands, '    ')})\n"
            f"ROOT = (\n{rows(roots, '    ')})\n"
            "PARAMS = {\n" + "".join(f"    {name!r}: (\n{rows(ps, '        ')}    ),\n" for name, ps in params.items())
            + "}\n")
    return TABLE_HEAD + body


TABLE_HEAD = '''"""The command line as typer builds it, for the fast TAB path (:mod:`contrarius.tab.fast`).

Generated by ``python scripts/gen_completions.py`` from the typer app; do not edit
(``tests/test_completions.py`` fails when it is out of date). ``COMMANDS``: each command
and its short help, in the app's order. ``ROOT``: the root's parameters (the whole app's).
``PARAMS``: each command's parameters, in typer's order (``get_params``). A parameter is
``(kind, name, opts, action, nargs, expose_value, offered, help, complete, text, default)``:
``action`` as the parser takes it (``store``, ``append``, ``store_const``, ``append_const``,
``argument``); ``offered`` whether its names are offered after ``-`` (typer's options,
hidden ones left out) with ``help`` beside them; ``complete`` the callback of
:mod:`contrarius.tab.values` and the names typer passes it (context, args, the word); ``text``
whether its value is a ``str`` (then ``default`` is its default).
"""

'''


def path_for(shell: str) -> Path:
    """Where the script for ``shell`` is committed."""
    return OUT_DIR / f"{PROG}.{shell}"


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) every script; return the exit code."""
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    stale = []
    for shell in (*SHELLS, "table"):
        text, path = (render_table(), TABLE) if shell == "table" else (render(shell), path_for(shell))
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if check:
            stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    if stale:
        print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale)
              + "; run: python scripts/gen_completions.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
