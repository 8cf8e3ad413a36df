"""The Mercator.

Base rules (refresher): "The Mercator gives three sestertii, or five if it is a purchased
Mercator, then lets you trade in up to two types of goods with the bank" (contrarius
records no trade: the trade changes nothing Contrarius's rules depend on).

"Solo Personality Cards", Mercator: "Reaction of Contrarius: Contrarius builds 1 house:
Roll the black Mercator die to determine the goods type of the city the house is built
in. ... Afterwards the province the house is built in is activated for production. You
receive goods there if you have houses there. Contrarius never receives goods for its
houses. If the province has already produced - instead all bonus markers are reactivated
again - however, only when there are at least 3 bonus markers with their coins side
flipped up. Otherwise, nothing happens."

What the player records: nothing but the card.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.rules.personalities.statement import Statement
from contrarius.rules.contrarius_part import produce_for_players
from contrarius.rules.variants.solo_variants import bonus_piece, bonus_turned, mercator_fish


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """A house (black die); that province produces for the players' houses and its bonus
    marker turns to coins; if it showed coins already, every marker is reactivated when at
    least 3 show coins, else nothing happens."""
    s = t.s
    city = t.build("mercator", "Mercator")
    if city is None:
        return
    prov = s.board.cities[city].province
    if s.bonus_markers[prov] == "goods":
        s.bonus_markers[prov] = "coins"
        got = produce_for_players(t, prov, "Mercator")
        words = "; ".join(f"{g['player']} receives " + ", ".join(f"{n} {x}" for x, n in g["goods"].items()) for g in got) or "no player has a house there"
        t.say("produce", f"{prov} produces for the players' houses (never for Contrarius): {words}; {bonus_turned(s)}",
              province=prov, received=got)
        t.notes(mercator_fish(s, prov))
    else:
        coins = sum(1 for v in s.bonus_markers.values() if v == "coins")
        if coins >= 3:
            for p in s.bonus_markers:
                s.bonus_markers[p] = "goods"
            piece = bonus_piece(s)
            t.say("reactivate", f"{prov} had already produced and {coins} {piece}s show coins: all {piece}s are reactivated (goods side up)",
                  province=prov, coins=coins)
        else:
            t.say("reactivate", f"{prov} had already produced and only {coins} {bonus_piece(s)}{'s show' if coins != 1 else ' shows'} coins (3 needed): nothing happens",
                  province=prov, coins=coins)


STATEMENT = Statement(Reaction.MERCATOR, "Mercator", '"Solo Personality Cards", Mercator', react=react)
