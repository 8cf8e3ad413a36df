"""Preview on normal games of every board and level: every fresh setup previews (veteran
setups too), never a crash.

Why the tests missed it: previews were only tested on a few hand-made italia positions, and
none of them had Contrarius's colonist already standing next to the city it builds in (the
0-step move, whose event named the colonist kind ``move_kind``). Here every board and every
level is set up from several seeds and every card of the hand is previewed, fresh and after
a few turns, so that any event shape a normal game produces passes through ``preview``.
"""

from __future__ import annotations

import pytest

from contrarius.material.board import board_names
from contrarius.errors import ContrariusError
from contrarius.rules.preview import summary
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.rules.setup import SetupOptions, new_game


@pytest.mark.parametrize("board", board_names())
@pytest.mark.parametrize("level", ["standard", "veteran", "expert"])
def test_preview_every_card_of_fresh_and_played_games(board, level):
    for seed in (1, 3):
        # roma prints no start: the table names one; Forum Romanum here
        start = "Forum Romanum" if board == "roma" else None
        snap, _ = new_game(SetupOptions(board=board, level=level, seed=seed, start=start))
        for _turn in range(2):
            sm = summary(snap)
            assert sm.rows, f"{board} {level} seed {seed}: no card previewed"
            try:
                snap = play(snap, PlayerAction(card="Mercator")).snapshot
            except ContrariusError:
                break  # Mercator not in hand any more: enough turns for this seed


def test_zero_step_move_event_names_the_colonist_kind():
    """italia veteran seed 1 (the repro): the first Mercator's build is next to Contrarius's
    colonist, a 0-step move; its event carries the colonist's ``kind`` like any move."""
    snap, _ = new_game(SetupOptions(board="italia", level="veteran", seed=1))
    sm = summary(snap)
    assert sm.rows
    for card in ("Mercator", "Architect"):
        try:
            result = play(snap, PlayerAction(card=card))
        except ContrariusError:
            continue
        for e in result.events:
            if e.kind == "move":
                assert e.data["kind"] in ("land", "sea")
