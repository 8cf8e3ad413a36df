"""The ``contrarius`` command: a typer app whose commands live in the modules beside this one.

Exit codes (see :mod:`contrarius.errors`): 0 success, 1 ``check`` found problems, 2 usage
(unknown option, card, city, province or die value), 3 input file (missing, not YAML, not
a snapshot, invalid snapshot), 4 rule (the action does not fit the card or the game
state, game over), 70 internal error.
"""

from __future__ import annotations

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


def main() -> None:
    """Entry point of the ``contrarius`` console script."""
    app()
