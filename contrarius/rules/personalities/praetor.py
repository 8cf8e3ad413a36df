"""The Praetor (team play).

"Cooperative Personality Cards", Praetor: "Action: A Praetor works like the Senator in
Concordia, but you can purchase no more than 1 personality card from the sales display.
The sales display area is only refilled in the usual way, after both players have
completed their buying action. Reaction of Contrarius: Depending on the card, Contrarius
scores 2 victory points or Contrarius builds 1 house: Use the white Senator/Consul die to
determine the goods type of the city the house is built in."

What the player records: at most 1 card bought, and the reaction printed on the card
played (``--praetor-reaction vp|house``: which copy shows which is not public).
"""

from __future__ import annotations

from typing import Any

from contrarius.errors import ContrariusError
from contrarius.material.cards import Reaction
from contrarius.messages import N_
from contrarius.rules.personalities.statement import Statement

#: The Praetor's two possible reaction boxes.
PRINTED = (("vp", "Contrarius scores 2 VP"), ("house", "Contrarius builds (white die)"))


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """2 VP or a house (white die), as ``printed`` on the card. Raises
    :class:`ContrariusError` when it is not said."""
    if printed not in ("vp", "house"):
        raise ContrariusError(N_("the Praetor's reaction is 2 VP on some cards and a house on others (which card is which is not public): add --praetor-reaction vp or house, as printed on this card"))
    if printed == "vp":
        t.gain_vp(2, N_("Praetor (the card showing 2 VP)"))
    else:
        t.build("senator", N_("Praetor (the card showing a house)"))


STATEMENT = Statement(Reaction.PRAETOR, "Praetor", '"Cooperative Personality Cards", Praetor', buys=1, printed=PRINTED,
                      team_only=True, react=react)
