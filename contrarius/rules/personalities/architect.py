"""The Architect.

Base rules (refresher): "The Architect gives you movement steps equal to the number of
colonists you have on the board, freely split among them. ... After all movement, you may
build houses in cities next to any of your colonists."

"Solo Personality Cards", Architect: "Reaction of Contrarius: Roll the blue Architect die
to determine which of the 5 first personality cards in the display area Contrarius takes
face-up to its card display. Then refill the display area as usual. If there are not
enough cards in the display area, Contrarius takes the first card instead of the die
result."

With at most one card in the display the blue die cannot matter, so it is not rolled (nor
asked for at a table): every face 1-5 gives the one card (a face beyond the cards left
takes "the first card", the rule above and "Supplementary rules", Take a card), and with no
card at all the supplementary rule builds a house with the white die whatever the blue die
showed. With two cards or more it decides (1 takes the first, 2 the second). README "How
the rules are read", **Architect's blue die**.

What the player records: colonist moves and houses built (the only card that does).
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import N_, Term
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """The blue die gives a display position; Contrarius takes that card face up (the
    first card when that position is empty), the display slides left and refills. With
    one card or none left the die is not rolled (the module's text: it cannot matter)."""
    cards = t.s.display_cards()
    if len(cards) == 1:
        t.skip_die("architect", Term("card", "Architect"), N_("only one card is left in the display ({card}): Contrarius "
                                                              "takes it whatever the die shows", card=Term("card", cards[0])))
        t.take_card(1)
        return
    if not cards:
        t.skip_die("architect", Term("card", "Architect"), N_("no card is left in the display, so the supplementary rule "
                                                              "applies whatever the die shows"))
        t.take_card(1)
        return
    face = t.die("architect", Term("card", "Architect"))
    t.take_card(int(face))


STATEMENT = Statement(Reaction.ARCHITECT, "Architect", '"Solo Personality Cards", Architect', moves=True, react=react)
