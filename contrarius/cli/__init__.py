"""The ``contrarius`` command: a typer app whose commands live in the modules beside this one.

Exit codes (see :mod:`contrarius.errors`): 0 success, 1 ``check`` found problems, 2 usage
(unknown option, card, city, province or die value), 3 input file (missing, not YAML, not
a snapshot, invalid snapshot), 4 rule (the action does not fit the card or the game
state, game over), 70 internal error.
"""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time; see
# benchmarks/README.md).

from typing import Annotated, Optional

import typer

from .common import STATE
from .fastparams import install as _install_fast_params

_install_fast_params()  # plain values skip typer's pydantic layer (start-up time)

app = typer.Typer(
    name="contrarius",
    help="Contrarius, the automated opponent of Concordia: Solitaria: what it does after each card you play.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        print(f"contrarius {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an error (for bug reports).")] = False,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = None,
) -> None:
    """Contrarius for Concordia: Solitaria: read a snapshot, apply its reaction, write the snapshot."""
    STATE["debug"] = debug


from . import boards_cmd, game_cmd, play_cmd, preview_cmd, score_cmd, where_cmd  # noqa: E402  (register the commands)

for _mod in (boards_cmd, game_cmd, where_cmd, play_cmd, preview_cmd, score_cmd):
    _mod.register(app)


def _invoked_command(args: list[str]) -> str | None:
    """The command name in ``args`` when only ``--debug`` comes before it, else None."""
    for arg in args:
        if arg == "--debug":
            continue
        return None if arg.startswith("-") else arg
    return None


def _app_for(args: list[str]) -> typer.Typer:
    """The app to run for ``args``: one holding only the command invoked, when there is one.

    typer builds the click command of every registered command on each run (about 20 ms
    for all of them); a copy of ``app`` with just the command invoked behaves the same for
    that command (same root options, help, errors) and starts faster. ``--help``, completion
    and anything unusual get the whole app.
    """
    import copy
    import os

    name = _invoked_command(args)
    if name is None or any(k.startswith("_CONTRARIUS_COMPLETE") or k == "_TYPER_COMPLETE_ARGS" for k in os.environ):
        return app
    chosen = [c for c in app.registered_commands if c.name == name]
    if len(chosen) != 1:
        return app
    slim = copy.copy(app)
    slim.registered_commands = chosen
    slim.registered_groups = []
    return slim


def main() -> None:
    """Entry point of the ``contrarius`` console script (and ``python -m contrarius``).

    One command per process: the cyclic garbage collector is switched off while it runs
    and the objects left are frozen before exit, so that the interpreter does not walk
    every object of typer, rich and contrarius once more on the way out (about 15 ms of a
    ``play``; see benchmarks/README.md). Output and exit codes are unchanged.
    """
    import gc
    import sys

    gc.disable()
    try:
        _app_for(sys.argv[1:])()
    finally:
        gc.freeze()
