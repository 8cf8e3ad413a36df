"""The Proconsul (team play).

"Cooperative Personality Cards", Proconsul: "Action: You may buy 1 personality card from
the sales display without additional costs and take it into your hand, as with the Consul.
After that, your partner plays another personality card from their own hand and carries
out its actions, but only for themselves. However, your partner cannot play a Legatus.
... Reaction of Contrarius: Contrarius builds 1 house: Use the white Senator/Consul die to
determine the goods type of the city the house is built in. ... Contrarius does not react
to the card of your partner."

What the player records: at most 1 card bought; then the card the partner plays for
themselves (``--partner-card CARD``) and their part of it.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import Term
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """A house (white die)."""
    t.build("senator", Term("card", "Proconsul"))


STATEMENT = Statement(Reaction.PROCONSUL, "Proconsul", '"Cooperative Personality Cards", Proconsul', buys=1,
                      partner_plays=True, team_only=True, react=react)
