"""One game, any mode: the dispatcher that picks solo play, team play or the third-player
variant by the snapshot's ``mode``.

:func:`play` plays one turn and :func:`new_game` sets a game up; each hands the work to
the mode's own module (:mod:`.reactions` and :mod:`.setup` for solo play, :mod:`.team`,
:mod:`.third_player`). The command line calls these two; the modes never call back here.
A mode's module is imported when a game of that mode is played or set up, so that a solo
``play`` does not load the team and third-player rules (start-up time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from contrarius.messages import N_
from contrarius.errors import ContrariusError
from contrarius.model.snapshot import LEVELS, MODES, SOLO, TEAM, THIRD_PLAYER, Snapshot
from contrarius.rules.contrarius_part import PlayerAction, TurnResult, ensure_valid

if TYPE_CHECKING:
    from contrarius.rules.setup import SetupOptions

__all__ = ["PlayerAction", "SetupOptions", "TurnResult", "new_game", "play"]


def __getattr__(name: str):
    """``SetupOptions`` (of :mod:`.setup`), imported on first use: a ``play`` needs no setup."""
    if name == "SetupOptions":
        from contrarius.rules.setup import SetupOptions

        return SetupOptions
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _of_mode(mode: str, name: str) -> Callable:
    """The function ``name`` (``"play"`` or ``"new_game"``) of ``mode`` (one of
    :data:`~contrarius.model.snapshot.MODES`), its module imported now: solo play's ``play`` is
    :mod:`.reactions`', its ``new_game`` :mod:`.setup`'s."""
    if mode == TEAM:
        from contrarius.rules.modes import team as module
    elif mode == THIRD_PLAYER:
        from contrarius.rules.modes import third_player as module
    elif name == "play":
        from contrarius.rules.modes import solo as module
    else:
        from contrarius.rules import setup as module
    return getattr(module, name)


def play(snapshot: Snapshot, action: PlayerAction, *, check_loads: bool = True) -> TurnResult:
    """Play one turn of the game ``snapshot`` records: the player's action, then Contrarius's
    reaction, by the rules of the snapshot's mode (solo: "Solo Personality Cards"; team:
    "Cooperative Game Play"; third-player: "Contrarius as a third player").

    ``action`` is a :class:`~contrarius.rules.contrarius_part.PlayerAction` (team and third-player games
    also take a :class:`~contrarius.rules.modes.twoplayer.TeamAction`). ``snapshot`` is not changed;
    the result holds the new snapshot, which loads again: :func:`ensure_valid` checks it, the
    last safety net against card names the player gives (``--refill``, ``--reveal``),
    unless ``check_loads`` is false (a preview's trial that names no card: it writes
    nothing, and the check reads the whole snapshot, the log included). Raises
    :class:`GameOverError` after the end of the game, :class:`RuleError` for an action the
    rules forbid and :class:`ContrariusError` for an action that does not fit the card.
    """
    if snapshot.mode not in MODES:
        raise ContrariusError(N_("unknown mode {mode!r}; use one of {MODES}", mode=snapshot.mode, MODES=', '.join(MODES)))
    from contrarius.rules.variants.solo_variants import refuse_unused_variant_options

    refuse_unused_variant_options(snapshot, action)  # one check for every mode
    result = _of_mode(snapshot.mode, "play")(snapshot, action)
    if check_loads:
        ensure_valid(result.snapshot)
    return result


def new_game(opts: SetupOptions) -> tuple[Snapshot, list[str]]:
    """Set up a new game of ``opts.mode`` ("Setup"; "Cooperative Setup"; "Contrarius as a
    third player"); return the snapshot and notes on what was decided and why.

    Raises :class:`ContrariusError` (or :class:`UnknownNameError`) for an unknown level or
    mode and for options that do not fit the board or each other.
    """
    if opts.level not in LEVELS:
        raise ContrariusError(N_("unknown level {level!r}; use one of {LEVELS}", level=opts.level, LEVELS=', '.join(LEVELS)))
    if opts.mode not in MODES:
        raise ContrariusError(N_("unknown mode {mode!r}; use one of {MODES}", mode=opts.mode, MODES=', '.join(MODES)))
    if opts.mode != SOLO and (opts.salsa or opts.fish_market):
        raise ContrariusError(N_("the rulebook's \"Solo Variants\" (--salsa, --fish-market) are for solo play"))
    return _of_mode(opts.mode, "new_game")(opts)
