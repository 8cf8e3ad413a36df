"""The Colonist.

Base rules (refresher): "The Colonist card either places new colonists, each costing one
food and one tool, in Roma or in any city where you have a house, or gives you five
sestertii plus one per colonist you have on the board. You are limited to six colonists."

"Solo Personality Cards", Colonist: "Reaction of Contrarius: Contrarius reacts depending
on which action you have chosen: a) place colonists: Roll the red Tribune/Colonist die to
determine, whether Contrarius places 1 new colonist or it takes the card from position 1
of the card display area. ... b) earn money: Contrarius scores 2 victory points."

What the player records: place (the default: the colonists placed, ``KIND:CITY``, as many
as the supply holds) or money; nothing else.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import N_
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """Earn money: Contrarius scores 2 VP; place colonists: the red die."""
    pid = None if t.s.mode == "solo" else t.pid  # team play, the third-player variant: the player whose card it is
    if action == "money":
        t.gain_vp(2, N_("Colonist: you took money") if pid is None else N_("Colonist: {player} took money", player=pid))
    else:
        t.colonist(N_("Colonist: you placed colonists") if pid is None else N_("Colonist: {player} placed colonists", player=pid))


STATEMENT = Statement(Reaction.COLONIST, "Colonist", '"Solo Personality Cards", Colonist',
                      choice=(("place", "place colonists"), ("money", "earn money")),
                      choice_question="place colonists or take money?",
                      choice_refusal="the Colonist either places colonists or earns money",
                      default_choice="place", places_with="place", places=None, place_words="a colonist placed", react=react)
