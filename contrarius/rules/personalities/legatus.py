"""The Legatus (team play).

"Cooperative Personality Cards", Legatus: "The Legatus is a request to one's partner for
playing a certain card from their hand immediately. ... The partner plays a personality
card, and that personality card played determines the actions for both partners in the
usual way. Now the partner who plays the card also starts with carrying out the related
actions and, thus, Contrarius will later react to that first action. Note that the general
turn order is not affected. Reaction of Contrarius: Contrarius reacts to the card of your
partner."

What the player records: the card the partner plays (``--partner-card CARD``; not a
Legatus), then both partners' parts of it. A Diplomat cannot copy a Legatus (a reading).
"""

from __future__ import annotations

from contrarius.material.cards import Reaction
from contrarius.rules.personalities.statement import Statement

STATEMENT = Statement(Reaction.LEGATUS, "Legatus", '"Cooperative Personality Cards", Legatus',
                      calls_partner=True, copyable=False, team_only=True)
