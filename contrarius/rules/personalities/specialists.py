"""The specialists: Mason, Farmer, Smith, Vintner, Weaver.

Base rules (refresher): "The Specialists, the Mason, Farmer, Smith, Vintner and Weaver,
each produce one unit from every one of your houses of that goods type."

"Solo Personality Cards", Specialists: "Reaction of Contrarius: Contrarius scores 3
victory points."

What the player records: nothing but the card (what each produces is worked out,
:func:`contrarius.rules.player_part.specialist_production`).
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import Term
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """Contrarius scores 3 VP."""
    t.gain_vp(3, Term("card", card.name))


STATEMENT = Statement(Reaction.SPECIALIST, "Mason, Farmer, Smith, Vintner, Weaver", '"Solo Personality Cards", Specialists',
                      react=react)
