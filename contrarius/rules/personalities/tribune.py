"""The Tribune.

Base rules (refresher): "The Tribune returns all your played cards to hand and pays one
sestertius for each card beyond the third, counting the Tribune itself, and you may also
buy one colonist for one food and one tool, placed in Roma."

"Solo Personality Cards", Tribune: "Reaction of Contrarius: Contrarius reacts twofold:
- Contrarius builds 1 house in a city with the goods type that matches its best
specialist (Weaver > Vintner > Smith > Farmer > Mason). Contrarius adheres to the rules of
"Where does Contrarius build?" ... - Roll the red Tribune/Colonist die to determine,
whether Contrarius places 1 new colonist or it takes the card from position 1 of the card
display area. If it builds a sea or land colonist, place it in the capital. If it takes
the card, place it face up in the card display of Contrarius."

What the player records: at most one colonist bought (``--place KIND:CITY``), placed
where new colonists start (Roma, the capital: a board's start place for its kind), never
in a city with the player's house. The played cards taken back and the sestertii are
worked out (:func:`contrarius.rules.player_part.take_back_cards`). "Solo Variants", Concordia
Salsa: with the Tribune the player also takes a forum card, and Contrarius prefers a salt
city for its house (:mod:`contrarius.rules.variants.solo_variants`).
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import N_, Term
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """A house for the best specialist ("S"), then the red die: a land or sea colonist in
    the capital, or the card in display position 1."""
    t.build("S", N_("Tribune: best specialist"))
    t.colonist(Term("card", "Tribune"))


STATEMENT = Statement(Reaction.TRIBUNE, "Tribune", '"Solo Personality Cards", Tribune',
                      places=1, place_words="a colonist bought with the Tribune", places_at_start=True, react=react)
