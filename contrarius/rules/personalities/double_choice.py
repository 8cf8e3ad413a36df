"""The double choice cards (team play): Prefect/Architect, Architect/Mercator, Mercator/Prefect.

"Cooperative Personality Cards", Double choice cards: "Action: You choose one of the
personalities on the card and carry out their action. Then your partner chooses the other
personality and carries out their action. Reaction of Contrarius: Contrarius reacts to
your chosen personality and your action. Contrarius does not react to your partner's
personality nor action."

What the player records: the personality chosen (``--personality``), then what that
personality lets them record; the partner records the other one's.
"""

from __future__ import annotations

from contrarius.material.cards import Card, Reaction, card_name
from contrarius.rules.personalities.statement import Statement


def halves(card: Card) -> tuple[str, str]:
    """The two personalities of a double card: ``Prefect/Architect`` -> ("Prefect", "Architect")."""
    a, b = card.name.split("/")
    return card_name(a), card_name(b)


STATEMENT = Statement(Reaction.DOUBLE, "Prefect/Architect, Architect/Mercator, Mercator/Prefect",
                      '"Cooperative Personality Cards", Double choice cards', halves=True, team_only=True)
