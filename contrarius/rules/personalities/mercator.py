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
from contrarius.rules.contrarius_part import goods_list, produce_for_players
from contrarius.messages import N_, NP_, Joined, Term
from contrarius.rules.variants.solo_variants import bonus_turned_message, mercator_fish


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """A house (black die); that province produces for the players' houses and its bonus
    marker turns to coins; if it showed coins already, every marker is reactivated when at
    least 3 show coins, else nothing happens."""
    s = t.s
    city = t.build("mercator", Term("card", "Mercator"))
    if city is None:
        return
    prov = s.board.cities[city].province
    if s.bonus_markers[prov] == "goods":
        s.bonus_markers[prov] = "coins"
        got = produce_for_players(t, prov, "Mercator")
        words = Joined("; ", [N_("{player} receives {goods}", player=g["player"], goods=goods_list(g["goods"])) for g in got]) \
            if got else N_("no player has a house there")
        t.say("produce", N_("{province} produces for the players' houses (never for Contrarius): {received}; {bonus}", province=prov,
                            received=words, bonus=bonus_turned_message(s)), province=prov, received=got)
        t.notes(mercator_fish(s, prov))
    else:
        coins = sum(1 for v in s.bonus_markers.values() if v == "coins")
        if coins >= 3:
            for p in s.bonus_markers:
                s.bonus_markers[p] = "goods"
            if s.variants.fish_market is None:
                line = N_("{province} had already produced and {coins} bonus markers show coins: all bonus markers are reactivated "
                          "(goods side up)", province=prov, coins=coins)
            else:
                line = N_("{province} had already produced and {coins} fish tiles show coins: all fish tiles are reactivated "
                          "(goods side up)", province=prov, coins=coins)
            t.say("reactivate", line, province=prov, coins=coins)
        else:
            if s.variants.fish_market is None:
                line = NP_("{province} had already produced and only {n} bonus marker shows coins (3 needed): nothing happens",
                           "{province} had already produced and only {n} bonus markers show coins (3 needed): nothing happens", coins,
                           province=prov)
            else:
                line = NP_("{province} had already produced and only {n} fish tile shows coins (3 needed): nothing happens",
                           "{province} had already produced and only {n} fish tiles show coins (3 needed): nothing happens", coins,
                           province=prov)
            t.say("reactivate", line, province=prov, coins=coins)


STATEMENT = Statement(Reaction.MERCATOR, "Mercator", '"Solo Personality Cards", Mercator', react=react)
