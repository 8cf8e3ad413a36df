"""The Architect.

Base rules (refresher): "The Architect gives you movement steps equal to the number of
colonists you have on the board, freely split among them. ... After all movement, you may
build houses in cities next to any of your colonists."

"Solo Personality Cards", Architect: "Reaction of Contrarius: Roll the blue Architect die
to determine which of the 5 first personality cards in the display area Contrarius takes
face-up to its card display. Then refill the display area as usual. If there are not
enough cards in the display area, Contrarius takes the first card instead of the die
result."

What the player records: colonist moves and houses built (the only card that does).
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import Term
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """The blue die gives a display position; Contrarius takes that card face up (the
    first card when that position is empty), the display slides left and refills."""
    face = t.die("architect", Term("card", "Architect"))
    t.take_card(int(face))


STATEMENT = Statement(Reaction.ARCHITECT, "Architect", '"Solo Personality Cards", Architect', moves=True, react=react)
