"""The Senator.

Base rules (refresher): "The Senator buys up to two cards from the display, paying the
goods shown on the card plus the goods shown beneath its position on the board ...
Afterwards cards slide left into empty positions and the display refills to seven while
the stack lasts."

"Solo Personality Cards", Senator and Consul: "Reaction of Contrarius: Contrarius builds 1
house: Roll the white Senator/Consul die to determine the goods type of the city the
house is built in. Contrarius adheres to the rules of "Where does Contrarius build?"".

What the player records: at most 2 cards bought.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import Term
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """A house (white die), for the Senator and the Consul."""
    t.build("senator", Term("card", card.name))


STATEMENT = Statement(Reaction.SENATOR, "Senator", '"Solo Personality Cards", Senator and Consul', buys=2, react=react)
